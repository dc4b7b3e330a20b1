"""The rollouts' fast policy (gurka_policy.rollout_move) plays play_fast's moves."""

import random

import pytest

from build_scripts.bench_ai import VARIANTS
from game.ai.gurka import policy as gp
from game.engine import new_game
from game.engine.cards import NAMES

CASES = ([(r, {}) for r in ("gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7")]
         + [(r, o) for r, o, _name in VARIANTS]
         + [("agurk-dk", {"reference": "previous"}), ("gurka-is", {"twos_rule": True}),
            ("agurk-no", {"nearest_above": True, "optional_lowest": True})])


def _fast_keys(st, moves) -> set:
    """Every move play_fast may choose here (it breaks ties between leads at random)."""
    hand, S = st.hands[st.turn], st.S
    return {gp.move_key(gp.play_fast(hand, st.trick, moves, S, st.options, random.Random(i)), S)
            for i in range(12)}


def _play_states(rules, options):
    """Every card-play state of six random games (3 and 4 players) under these rules."""
    for g in range(6):
        rng = random.Random(g)
        st = new_game(rules, 3 + g % 2, options, seed=g)
        while st.to_act() is not None:
            if st.phase == "play":
                yield st
            st.random_step(rng)


@pytest.mark.parametrize("rules,options", CASES)
def test_rollout_move_is_play_fast(rules, options):
    checked = 0
    for st in _play_states(rules, options):
        moves = st.moves()
        legal = {tuple(sorted(m)) for m in moves}
        allowed = _fast_keys(st, moves)
        for seed in range(3):
            m = gp.rollout_move(st, random.Random(seed))
            assert tuple(sorted(m)) in legal, (st.trick, st.hands[st.turn], m)
            assert gp.move_key(m, st.S) in allowed, (st.trick, st.hands[st.turn], m)
            checked += 1
    assert checked > 100


def test_rollout_move_random_share():
    """With eps, a share eps of the moves is uniformly random (a legal move each time)."""
    st = new_game("agurk-dk", 3, {}, seed=4)
    while st.phase != "play":
        st.random_step(random.Random(0))
    moves = {tuple(sorted(m)) for m in st.moves()}
    rng = random.Random(9)
    picks = [tuple(sorted(gp.rollout_move(st, rng, eps=1.0))) for _ in range(400)]
    assert set(picks) == moves
    rng = random.Random(9)
    fast = tuple(sorted(gp.rollout_move(st, random.Random(0))))
    share = sum(tuple(sorted(gp.rollout_move(st, rng, eps=0.0))) == fast for _ in range(50))
    assert share == 50


@pytest.mark.parametrize("rules,options", CASES)
def test_low_follow_is_legal_and_lowest(rules, options):
    """Hard's own follow in its play-outs: a legal move, the lowest card that reaches the
    highest card so far; it stays out of leads, sets, two-led tricks under the twos rule,
    tricks an ace closes under no_ace_on_ace, a reference that is the previous card and
    rules where a lowest card is always allowed."""
    used = 0
    for st in _play_states(rules, options):
        m = gp.low_follow(st)
        o, trick = st.options, st.trick
        if m is not None:
            used += 1
            assert tuple(sorted(m)) in {tuple(sorted(x)) for x in st.moves()}
            assert trick and len(trick[0][1]) == 1 and o["reference"] == "highest"
            assert not o["optional_lowest"]
            ref = max(st.S[c] for _s, (c,) in trick)
            reach = [st.S[c] for c in st.hands[st.turn] if st.S[c] >= ref]
            assert st.S[m[0]] == min(reach)
            assert not (o["no_ace_on_ace"] and any(NAMES[c][0] == "A" for _s, (c,) in trick))
            assert not (o["twos_rule"] and trick[0][1][0] >> 2 == 0)
        elif trick and len(trick[0][1]) == 1 and o["reference"] == "highest" \
                and not o["twos_rule"] and not o["no_ace_on_ace"] and not o["optional_lowest"]:
            ref = max(st.S[c] for _s, (c,) in trick)
            assert all(st.S[c] < ref for c in st.hands[st.turn])
    st = new_game(rules, 3, options, seed=0)
    if st.options["reference"] == "highest" and not st.options["optional_lowest"]:
        assert used > 20
    else:
        assert used == 0


def test_rollout_own_seat_follows_low(monkeypatch):
    """With OWN_WAY (off by default) the searching seat follows with low_follow's card in
    a play-out (always, no random slip) where the heuristic would shed a stronger one; without
    ``own``, or with OWN_WAY off, it does not."""
    from game.ai.gurka import levels as gurka_ai
    from game.engine.cards import name
    found = 0
    for g in range(40):
        rng = random.Random(g)
        st = new_game("agurk-dk", 3, {}, seed=g)
        while st.to_act() is not None and found < 5:
            if st.phase == "play" and len(st.hands[st.turn]) > 2:
                low = gp.low_follow(st)
                fast = gp.rollout_move(st, random.Random(0))
                if low is not None and st.S[low[0]] != st.S[fast[0]]:
                    seat, n = st.turn, len(st.events)
                    for r in range(5):
                        monkeypatch.setattr(gurka_ai, "OWN_WAY", True)
                        played = st.copy()
                        gurka_ai.rollout(played, random.Random(r), played.S, eps=1.0,
                                         own=seat)
                        assert played.events[n]["player"] == seat
                        assert played.events[n]["cards"] == [name(low[0])]
                        played = st.copy()
                        gurka_ai.rollout(played, random.Random(r), played.S, eps=0.0)
                        assert played.events[n]["cards"] == [name(fast[0])]
                        monkeypatch.setattr(gurka_ai, "OWN_WAY", False)
                        played = st.copy()
                        gurka_ai.rollout(played, random.Random(r), played.S, eps=0.0,
                                         own=seat)
                        assert played.events[n]["cards"] == [name(fast[0])]
                    found += 1
            st.random_step(rng)
    assert found == 5


def _own_moves(rules: str, own_way: bool, monkeypatch) -> tuple[int, int]:
    """Over play-outs with every other move random (``eps`` 1): of the searching seat's
    moves the play-out heuristic decided (its low follows aside), how many were the
    heuristic's own choice, and how many there were."""
    from game.ai.gurka import levels as gurka_ai
    monkeypatch.setattr(gurka_ai, "OWN_WAY", own_way)
    same = total = 0
    seat = None
    real = gp.rollout_move

    def spy(s, r, eps=0.0):
        nonlocal same, total
        move = real(s, r, eps)
        if s.turn == seat:
            total += 1
            same += gp.move_key(move, s.S) in _fast_keys(s, s.moves())
        return move
    monkeypatch.setattr(gp, "rollout_move", spy)
    for g in range(8):
        st = new_game(rules, 3, {}, seed=g)
        rng = random.Random(g)
        while st.phase != "play":
            st.random_step(rng)
        seat = st.turn
        gurka_ai.rollout(st, random.Random(100 + g), st.S, eps=1.0, own=seat)
    monkeypatch.setattr(gp, "rollout_move", real)
    return same, total


def test_rollout_own_seat_makes_no_slips_where_a_follower_must_reach(monkeypatch):
    """Under OWN_WAY the searching seat plays the heuristic's move, never a random one,
    where the rules force a follower to reach (Agurk), even when every other move of the
    play-out is random; in Icelandic Gúrka (a lowest card is always allowed) and with the
    previous card as reference (gurka-se) its moves are as random as the others'."""
    same, total = _own_moves("agurk-dk", True, monkeypatch)
    assert total >= 20 and same == total
    for rules in ("gurka-is", "gurka-se"):
        same, total = _own_moves(rules, True, monkeypatch)
        assert total >= 20 and same < total
    same, total = _own_moves("agurk-dk", False, monkeypatch)
    assert total >= 20 and same < total
