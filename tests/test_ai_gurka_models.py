"""Hard's reading of which model of play fits each other seat (game/ai/gurka/models.py):
seats that play the learned table policy are read as such and the heuristic's players are
not, the model's weight of the true deal is the highest, and Hard with the models decides
from the view only."""

import random

import pytest

from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gurka_info
from game.ai.gurka import models as gurka_models
from game.ai.baselines import LearnedBot
from game.ai.players import HardPlayer, NormalPlayer
from game.engine import new_game

OUTSIDE = {"optional_lowest": True, "no_ace_on_ace": True, "hand_size": 6}


def _play(players, deals, seed=3, options=OUTSIDE, rules="agurk-no"):
    """A game of ``players`` up to the first decision of seat 0 in deal ``deals``."""
    st = new_game(rules, len(players), options, seed=seed)
    while st.to_act() is not None:
        s = st.to_act()
        legal = st.legal_actions()
        if s == 0 and st.deals >= deals and st.phase == "play" and len(legal) > 1:
            return st
        st.apply(players[s].choose(st.view(s), legal))
    raise AssertionError("the game ended first")


def _seats(st):
    v = st.view(0)
    k = gurka_info.read_view(v)
    return gurka_models.learned_seats(v, k.S, k.V, k.opts), k


def test_table_policy_players_are_read_as_such_and_heuristic_players_are_not():
    st = _play([NormalPlayer(0), LearnedBot(1, table=True), NormalPlayer(2)], deals=4)
    seats, _k = _seats(st)
    assert seats == {1}
    st = _play([NormalPlayer(0), LearnedBot(1, table=True), NormalPlayer(2)], deals=1)
    assert _seats(st)[0] == frozenset()     # nothing read before a deal is finished


def test_the_true_deal_weighs_the_most():
    bots = [LearnedBot(s, table=True) for s in range(3)]
    rng = random.Random(4)
    rows = below = 0
    for seed in (8, 9):
        st = new_game("agurk-no", 3, OUTSIDE, seed=seed)
        while st.to_act() is not None and st.deals <= 4:
            s = st.to_act()
            legal = st.legal_actions()
            if s == 0 and st.deals >= 3 and st.phase == "play" and len(legal) > 1:
                seats, k = _seats(st)
                assert seats <= {1, 2}
                plays = gurka_models.ModelPlays(k, seats)
                rows += len(plays.rows)
                truth = {s: list(st.hands[s]) for s in k.slots.hands}
                assert plays.weight(truth) == 1.0
                sampled = [plays.weight(gurka_info.sample_hidden(k, rng).hands)
                           for _ in range(20)]
                below += min(sampled) < 1.0
            st.apply(bots[s].choose(st.view(s), legal))
    assert rows > 20 and below > 3


def test_hard_with_the_models_decides_from_the_view_only(monkeypatch):
    monkeypatch.setattr(gurka_ai, "MODELS", True)
    st = _play([NormalPlayer(0), LearnedBot(1, table=True), LearnedBot(2, table=True)],
               deals=3, seed=5)
    view = st.view(0)
    assert _seats(st)[0]
    other = st.copy()
    pool = [c for s in (1, 2) for c in other.hands[s]]
    random.Random(9).shuffle(pool)
    size = len(other.hands[1])
    other.hands[1], other.hands[2] = pool[:size], pool[size:]
    assert other.view(0) == view
    assert [sorted(h) for h in other.hands] != [sorted(h) for h in st.hands]
    legal = st.legal_actions()
    a = HardPlayer(3, iterations=40).choose(view, legal)
    b = HardPlayer(3, iterations=40).choose(other.view(0), legal)
    assert a == b


@pytest.mark.parametrize("rules", ["gurka-is", "gurka-is7", "agurk-dk"])
def test_hard_with_the_models_plays_other_rulesets(monkeypatch, rules):
    monkeypatch.setattr(gurka_ai, "MODELS", True)
    players = [HardPlayer(0, iterations=12), LearnedBot(1, table=True), LearnedBot(2)]
    st = new_game(rules, 3, seed=2)
    steps = 0
    while st.to_act() is not None and st.deals <= 3:
        s = st.to_act()
        legal = st.legal_actions()
        a = players[s].choose(st.view(s), legal)
        assert a in legal
        st.apply(a)
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("playouts", [True, False])
def test_the_models_play_outs_and_weights_come_apart(monkeypatch, playouts):
    """``MODEL_PLAYOUTS`` off: the seats read as the learned policy are still weighed by it,
    but Hard's play-outs play them by the heuristic."""
    monkeypatch.setattr(gurka_ai, "MODELS", True)
    monkeypatch.setattr(gurka_ai, "MODEL_PLAYOUTS", playouts)
    st = _play([NormalPlayer(0), LearnedBot(1, table=True), LearnedBot(2, table=True)],
               deals=3, seed=5)
    assert _seats(st)[0]
    calls = {"model": 0, "weight": 0}
    real_rollout, real_weight = gurka_ai.gplay.rollout, gurka_models.ModelPlays.weight

    def rollout(*a, **kw):
        calls["model"] += 1
        return real_rollout(*a, **kw)

    def weight(self, hands):
        calls["weight"] += 1
        return real_weight(self, hands)
    monkeypatch.setattr(gurka_ai.gplay, "rollout", rollout)
    monkeypatch.setattr(gurka_models.ModelPlays, "weight", weight)
    gurka_ai.choose_hard(st.view(0), st.legal_actions(), random.Random(3), iterations=40,
                         time_budget=None)
    assert calls["weight"] > 0
    assert (calls["model"] > 0) == playouts
