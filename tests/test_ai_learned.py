"""The learned Gurka policy (game/ai/learned/network.py): the compact state it reads from a view is
the one its training reads from the engine's state, it plays legally from views only, and
its shipped weights fit its features."""

import random
import sys
from pathlib import Path

import pytest

from game.ai.gurka import info as gurka_info
from game.ai.learned import network as learned
from game.ai.baselines import LearnedBot, RuleBot, make_baseline
from game.engine import DURAK, new_game, rulesets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

GURKA = [r.id for r in rulesets() if r.family is not DURAK]


def _walk(rules, n, seed, options=None):
    """(state, seat, cards played in the deal, the seat's discards) at every card play of
    a game played at random."""
    st = new_game(rules, n, options or {}, seed=seed)
    rng = random.Random(seed)
    deal, played, discards = -1, [], {}
    while st.to_act() is not None and st.deals <= 6:
        if st.deals != deal:
            deal, played, discards = st.deals, [], {}
        if st.phase == "play":
            yield st, st.turn, list(played), discards.get(st.turn, ())
            moves = st.moves()
            m = moves[rng.randrange(len(moves))]
            played.extend(m)
            st.play_move(st.turn, m)
        elif st.phase == "deal":
            st.resolve_chance()
        else:
            seat = st.turn
            events = st.apply(rng.choice(st.legal_actions()))
            for e in events:
                if e["type"] == "exchange":
                    discards[seat] = [learned.INDEX[c] for c in e["discard"]]


@pytest.mark.parametrize("rules", GURKA)
def test_the_compact_state_of_a_view_is_the_one_training_reads_from_the_state(rules):
    checked = 0
    for st, seat, played, discards in _walk(rules, 3, seed=4):
        mine = learned.situation_from_state(st, seat, played, discards)
        seen = learned.situation_from_knowledge(gurka_info.read_view(st.view(seat)))
        moves = learned.distinct(st.moves(), st.S)
        for m in moves:
            assert learned.features(mine, m) == learned.features(seen, m)
        checked += 1
    assert checked > 20


def test_every_row_has_the_networks_width():
    st = new_game("gurka-is", 4, seed=2)
    sit = learned.situation_from_state(st, st.turn, [])
    for m in st.moves():
        assert len(learned.features(sit, m)) == learned.N_FEATURES


def test_the_shipped_weights_load_and_fit_the_features():
    net = learned.net()
    assert len(net.w1) == len(net.w2) > 0
    with pytest.raises(ValueError):
        learned.Net([[0.0] * (learned.N_FEATURES - 1)], [0.0], [0.0], 0.0)


@pytest.mark.parametrize("rules", GURKA)
def test_the_learned_bot_plays_every_gurka_ruleset_legally(rules):
    bots = [LearnedBot(s) for s in range(3)]
    st = new_game(rules, 3, seed=9)
    steps = 0
    while st.to_act() is not None and steps < 400:
        s = st.to_act()
        legal = st.legal_actions()
        action = bots[s].choose(st.view(s), legal)
        assert action in legal
        st.apply(action)
        steps += 1
    assert steps > 30


def test_the_learned_bot_decides_from_the_view_only():
    # the other hands permuted among themselves: the same view, the same choice
    st = new_game("agurk-no", 3, {"optional_lowest": True, "hand_size": 6}, seed=21)
    seat = st.turn
    view = st.view(seat)
    other = st.copy()
    others = [s for s in range(3) if s != seat]
    pool = [c for s in others for c in other.hands[s]]
    random.Random(3).shuffle(pool)
    for i, s in enumerate(others):
        other.hands[s] = pool[i * 6:(i + 1) * 6]
    assert other.view(seat) == view
    legal = st.legal_actions()
    assert LearnedBot().choose(view, legal) == LearnedBot().choose(other.view(seat), legal)


def test_the_rule_bot_plays_durak_by_its_rules():
    st = new_game("durak", 2, seed=3)
    bots = [RuleBot(), RuleBot()]
    steps = 0
    while st.to_act() is not None and steps < 3000:
        s = st.to_act()
        legal = st.legal_actions()
        a = bots[s].choose(st.view(s), legal)
        assert a in legal
        if a["type"] == "take":      # only when nothing beats
            assert not any(x["type"] == "defend" for x in legal)
        st.apply(a)
        steps += 1
    assert st.outcome() is not None
    assert isinstance(make_baseline("base:rule"), RuleBot)
    assert isinstance(make_baseline("base:learned"), LearnedBot)


@pytest.mark.parametrize("rules", GURKA)
def test_each_table_key_falls_in_its_own_table(rules):
    from game.ai.learned import table as T
    ends = list(T.O[1:]) + [T.SIZE]
    for st, seat, played, discards in _walk(rules, 4, seed=6):
        sit = learned.situation_from_state(st, seat, played, discards)
        for m in st.moves():
            idx = T.indices(sit, m)
            assert len(idx) == len(T.TABLES)
            for i, (lo, hi) in enumerate(zip(T.O, ends)):
                assert lo <= idx[i] < hi, (rules, i, idx[i])


@pytest.mark.parametrize("mode, mine, others", [("others", False, True), ("own", True, False),
                                                ("all", True, True)])
def test_hards_play_outs_give_the_table_policy_to_the_seats_the_mode_names(
        monkeypatch, mode, mine, others):
    from game.ai.gurka import levels as gurka_ai
    from game.ai.gurka import playout as gurka_playout
    st = new_game("agurk-no", 3, {}, seed=4)
    while len(st.legal_actions()) < 2:
        st.apply(st.legal_actions()[0])
    seat = st.to_act()
    seen = []
    real = gurka_playout.rollout

    def rollout(state, rng, S, models, eps):
        seen.append(set(models))
        real(state, rng, S, models, eps)
    monkeypatch.setattr(gurka_ai.gplay, "rollout", rollout)
    monkeypatch.setattr(gurka_ai, "PLAYOUT_MODEL", mode)
    gurka_ai.choose_hard(st.view(seat), st.legal_actions(), random.Random(1), iterations=12,
                         time_budget=None)
    assert seen
    for models in seen:
        assert (seat in models) == mine
        assert bool(models - {seat}) == others and (not others or len(models - {seat}) == 2)
