"""The others' planned last cards in Hard's play-outs (game/ai/gurka/others.py)."""

import random

from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import others as go
from game.engine import new_game
from game.engine.cards import INDEX, names


def _endgames(rules: str, players: int, games: int = 4):
    """Card-play states of random games in which the seat to act holds 2 to 5 cards."""
    for g in range(games):
        rng = random.Random(g)
        st = new_game(rules, players, seed=g)
        while st.to_act() is not None:
            if st.phase == "play" and 2 <= len(st.hands[st.turn]) <= 5:
                yield st
            st.random_step(rng)


def _snapshot(st):
    return ([list(h) for h in st.hands], list(st.stock), list(st.trick), len(st.events),
            list(st.totals), st.turn, st.phase)


def test_plans_legal_moves_and_leaves_the_state_alone():
    checked = 0
    for rules, n in (("agurk-dk", 3), ("agurk-no", 4)):
        for st in _endgames(rules, n):
            before = _snapshot(st)
            legal = {tuple(sorted(m)) for m in st.moves()}
            m = go.plan_move(st, random.Random(checked), samples=2)
            assert tuple(sorted(m)) in legal
            assert _snapshot(st) == before
            checked += 1
    assert checked > 50


def test_the_plan_does_not_see_where_the_others_cards_lie():
    """Dealing the planning seat's unseen cards differently (the same cards, the same hand
    sizes) changes nothing: it plans on its own deals of them."""
    checked = 0
    for st in _endgames("agurk-dk", 3):
        seat = st.turn
        others = [s for s in range(st.n) if s != seat]
        pool = list(st.stock) + [c for s in others for c in st.hands[s]]
        random.Random(checked).shuffle(pool)
        moved = st.copy()
        i = 0
        for s in others:
            n = len(st.hands[s])
            moved.hands[s] = pool[i:i + n]
            i += n
        moved.stock = pool[i:]
        a = go.plan_move(st, random.Random(7), samples=3)
        b = go.plan_move(moved, random.Random(7), samples=3)
        assert a == b
        checked += 1
    assert checked > 20


def test_it_keeps_the_ace_from_the_last_trick():
    """Two tricks left in Danish Agurk: leading the ace first hands the last trick on (the
    two must be beaten by the others); leading the two first leaves the ace to take it."""
    st = new_game("agurk-dk", 3, seed=1)
    hands = {1: ["2C", "AH"], 2: ["5S", "6S"], 0: ["7D", "8D"]}
    for s, cs in hands.items():
        st.hands[s] = [INDEX[c] for c in cs]
    used = {c for h in st.hands for c in h}
    st.stock = [c for c in range(52) if c not in used]
    assert st.turn == 1
    for seed in range(5):
        assert names(go.plan_move(st, random.Random(seed))) == ["AH"]


def test_hard_play_outs_use_it_only_where_normal_plans(monkeypatch):
    """Switched on (it is off: no gain measured), only where Normal plans, only for the
    seats other than the searching one."""
    calls = []
    real = go.plan_move

    def spy(st, rng, *a, **kw):
        calls.append(st.rules)
        assert st.turn != searching
        return real(st, rng, *a, **kw)

    monkeypatch.setattr(gurka_ai.gothers, "plan_move", spy)
    monkeypatch.setattr(gurka_ai, "OTHERS_PLAN", True)
    for rules in ("agurk-dk", "gurka-se", "gurka-is"):
        st = new_game(rules, 3, seed=3)
        while st.phase != "play":
            st.random_step(random.Random(0))
        searching = st.turn
        t = st.copy()
        gurka_ai.rollout(t, random.Random(0), t.S, own=st.turn)
        assert t.phase != "play"
        # Normal's own planning (own=None) never plans the others
        searching = None
        n = len(calls)
        gurka_ai.rollout(st.copy(), random.Random(0), st.S)
        assert len(calls) == n
    assert calls and set(calls) == {"agurk-dk"}
