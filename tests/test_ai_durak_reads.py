"""Durak: the cheapest-first reads (game/ai/durak/reads.py) are true of the players they
are drawn for, and the tracker deals hands that keep them."""

import random

import pytest

from game.ai.durak import levels as durak_ai
from game.ai.durak import reads as durak_reads
from game.ai.baselines import LowestBot, RuleBot
from game.ai.players import NormalPlayer
from game.engine import new_game


def _hidden(state, tracker, seat):
    known = list(tracker.slots.known.get(seat, ()))
    out = []
    for c in state.hands[seat]:
        if c in known:
            known.remove(c)
        else:
            out.append(c)
    return out


def _decisions(state, players):
    """Play the game out; yield (seat, its legal actions) before each decision is made."""
    while state.to_act() is not None:
        s = state.to_act()
        legal = state.legal_actions()
        if not legal:
            state.resolve_chance()
            continue
        yield s, legal
        state.apply(players[s].choose(state.view(s), legal))


@pytest.mark.parametrize("bot", [LowestBot, RuleBot, NormalPlayer])
def test_the_reads_are_true_of_cheapest_first_players(bot):
    checked = 0
    for seed in range(3):
        state = new_game("durak", 2, seed=seed)
        for s, legal in _decisions(state, [NormalPlayer(seed), bot(seed)]):
            if s == 0:
                tr = durak_ai.Tracker(state.view(0), legal, reads=True)
                truth = {1: _hidden(state, tr, 1)}
                assert durak_reads.keeps(truth, tr.bounds), tr.bounds
                checked += sum(len(r) for r in tr.bounds.values())
    assert checked > 30


@pytest.mark.parametrize("reads, seed", [(True, 11), (False, 12)])
def test_the_tracker_deals_hands_that_keep_the_reads(reads, seed):
    """With the cheapest-first reads, or with the silent attackers' read alone."""
    state = new_game("durak", 2, seed=seed)
    kept = 0
    for s, legal in _decisions(state, [NormalPlayer(1), LowestBot(2)]):
        if s == 0:
            tr = durak_ai.Tracker(state.view(0), legal, reads=reads)
            if tr.bounds:
                a = tr.sample(random.Random(5))
                assert durak_reads.keeps(dict(a.hands), tr.bounds)
                kept += 1
    assert kept > 5


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_silent_attackers_read_is_true_of_any_player(n):
    """An attacker that neither threw in nor passed before a bout ended (room left on the
    table) held no card of the bout's ranks: true whoever plays, random players included
    (they pass at random, which the read must leave out)."""
    from game.ai.random_player import RandomPlayer
    checked = 0
    for seed in range(4):
        state = new_game("durak", n, seed=seed)
        players = [(RandomPlayer, NormalPlayer, LowestBot)[(s + seed) % 3](seed * 7 + s)
                   for s in range(n)]
        for s, legal in _decisions(state, players):
            if len(legal) > 1:
                tr = durak_ai.Tracker(state.view(s), legal)
                truth = {o: _hidden(state, tr, o) for o in tr.slots.hands}
                assert durak_reads.keeps(truth, tr.bounds), tr.bounds
                checked += sum(len(r) for r in tr.bounds.values())
    assert checked > 50

