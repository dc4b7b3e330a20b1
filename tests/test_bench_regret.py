"""bench.py regret: the yardstick values every move with the true hands dealt, and a
random player's moves lose more by it than Hard's."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

import bench_ai  # noqa: E402
import bench_regret  # noqa: E402

from game.ai import search
from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gurka_info  # noqa: E402
from game.engine import new_game  # noqa: E402


def test_the_yardstick_is_dealt_the_true_hands_and_puts_the_search_back(monkeypatch):
    rules, n, options = bench_regret.OUTSIDE
    state = new_game(rules, n, options, seed=3)
    rng = random.Random(3)
    while not state.trick or len({bench_regret._key(a, state.S)
                                  for a in state.legal_actions()}) < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.to_act()
    dealt = []
    real = bench_ai._oracle_sample

    def spy(k, rng, tries=50):
        a = real(k, rng, tries)
        if k.seat == seat:
            dealt.append({s: sorted(h) for s, h in a.hands.items()})
        return a
    monkeypatch.setattr(bench_ai, "_oracle_sample", spy)
    legal = state.legal_actions()
    values = bench_regret.yardstick(state, seat, state.view(seat), legal, 60, rng)
    truth = {s: sorted(state.hands[s]) for s in range(n) if s != seat and state.hands[s]}
    assert dealt and all(d == truth for d in dealt)
    assert set(values) == {bench_regret._key(a, state.S) for a in legal}
    assert gurka_info.sample_hidden is not spy and not bench_ai._TRUTH
    assert (gurka_ai.PLAYOUT_MODEL, search.HALVING) == ("", True)


def test_random_moves_lose_more_by_the_yardstick_than_hard_s():
    rows = []
    for seed in (1100, 1101):
        rows += bench_regret.play_one((*bench_regret.OUTSIDE, "ai:hard:200", "base:learned",
                                       "ai:random", seed, 300))
    assert len(rows) > 30
    assert all(r[2] >= 0 and r[3] >= 0 for r in rows)
    hard = sum(r[2] for r in rows) / len(rows)
    rand = sum(r[3] for r in rows) / len(rows)
    assert rand > 2 * hard, (rand, hard)
