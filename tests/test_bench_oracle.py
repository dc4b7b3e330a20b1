"""bench.py ai --oracle: the tested seat's search is handed the true hidden cards (a
bound for any inference), and nobody else's is."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

import bench_ai  # noqa: E402

from game.ai import gurka_info as gi  # noqa: E402
from game.engine import new_game  # noqa: E402


def _mid_deal(rules: str, n: int, seed: int, plays: int):
    state = new_game(rules, n, seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_oracle_deals_the_true_hands_to_the_seat_it_serves_only():
    for rules, n in (("gurka-is", 3), ("agurk-dk", 4), ("gurka-is7", 3)):
        state = _mid_deal(rules, n, seed=7, plays=n + 1)
        seat = state.to_act()
        other = next(s for s in range(n) if s != seat)
        bench_ai._TRUTH.update(state=state, seat=seat)
        try:
            k = gi.read_view(state.view(seat))
            a = bench_ai._oracle_sample(k, random.Random(1))
            assert {s: sorted(h) for s, h in a.hands.items()} == {
                s: sorted(state.hands[s]) for s in range(n) if s != seat and state.hands[s]}
            assert len(a.stock) == k.slots.stock
            # while it serves another seat, this one gets the sampler's own deal
            bench_ai._TRUTH["seat"] = other
            mine = bench_ai._oracle_sample(k, random.Random(2))
            plain = bench_ai._sample_hidden(k, random.Random(2))
            assert (dict(mine.hands), list(mine.stock)) == (dict(plain.hands), list(plain.stock))
            assert dict(mine.hands) != dict(a.hands)
        finally:
            bench_ai._TRUTH.clear()


def test_an_oracle_game_plays_to_the_end_and_leaves_the_sampler_as_it_was():
    seat, share, *_ = bench_ai.play_one(("gurka-is", 3, {}, "ai:hard", "ai:normal", 5, 20, True))
    assert seat == 5 % 3 and share in (0.0, 0.5, 1.0)
    assert gi.sample_hidden is bench_ai._sample_hidden
    assert not bench_ai._TRUTH
