"""The rollouts' fast policy (gurka_policy.rollout_move) plays play_fast's moves."""

import random

import pytest

from build_scripts.bench_ai import VARIANTS
from game.ai import gurka_policy as gp
from game.engine import new_game

CASES = ([(r, {}) for r in ("gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7")]
         + [(r, o) for r, o, _name in VARIANTS]
         + [("agurk-dk", {"reference": "previous"}), ("gurka-is", {"twos_rule": True}),
            ("agurk-no", {"nearest_above": True, "optional_lowest": True})])


def _fast_keys(st, moves) -> set:
    """Every move play_fast may choose here (it breaks ties between leads at random)."""
    hand, S = st.hands[st.turn], st.S
    return {gp.move_key(gp.play_fast(hand, st.trick, moves, S, st.options, random.Random(i)), S)
            for i in range(12)}


@pytest.mark.parametrize("rules,options", CASES)
def test_rollout_move_is_play_fast(rules, options):
    checked = 0
    for g in range(6):
        rng = random.Random(g)
        st = new_game(rules, 3 + g % 2, options, seed=g)
        while st.to_act() is not None:
            if st.phase == "play":
                moves = st.moves()
                legal = {tuple(sorted(m)) for m in moves}
                allowed = _fast_keys(st, moves)
                for seed in range(3):
                    m = gp.rollout_move(st, random.Random(seed))
                    assert tuple(sorted(m)) in legal, (st.trick, st.hands[st.turn], m)
                    assert gp.move_key(m, st.S) in allowed, (st.trick, st.hands[st.turn], m)
                    checked += 1
            st.random_step(rng)
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
