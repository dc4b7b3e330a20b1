"""bench.py ai --oracle: the tested seat's search is handed the true hidden cards (a
bound for any inference), and nobody else's is."""

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

import bench_ai  # noqa: E402

from game.ai.gurka import info as gi  # noqa: E402
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


def test_the_set_oracle_deals_the_true_cards_of_the_other_hands_to_random_holders():
    state = _mid_deal("agurk-no", 3, seed=11, plays=2)
    seat = state.to_act()
    truth = {s: sorted(state.hands[s]) for s in range(3) if s != seat and state.hands[s]}
    bench_ai._TRUTH.update(state=state, seat=seat, set=True)
    try:
        k = gi.read_view(state.view(seat))
        deals = [bench_ai._oracle_sample(k, random.Random(i)) for i in range(20)]
    finally:
        bench_ai._TRUTH.clear()
    union = sorted(c for h in truth.values() for c in h)
    for a in deals:
        assert sorted(c for h in a.hands.values() for c in h) == union
        assert {s: len(h) for s, h in a.hands.items()} == {s: len(h) for s, h in truth.items()}
        assert not set(a.stock) & set(union) and len(a.stock) == k.slots.stock
    # who holds which is dealt afresh: most deals are not the true one
    assert sum({s: sorted(h) for s, h in a.hands.items()} != truth for a in deals) >= 15


def test_an_oracle_game_plays_to_the_end_and_leaves_the_sampler_as_it_was():
    seat, share, *_ = bench_ai.play_one(("gurka-is", 3, {}, "ai:hard", "ai:normal", 5, 20, True))
    assert seat == 5 % 3 and share in (0.0, 0.5, 1.0)
    assert gi.sample_hidden is bench_ai._sample_hidden
    assert not bench_ai._TRUTH


def _rows(shares):
    return [(0, x, 0, 1, 0, 1, [], 0, 0) for x in shares]


def test_reach_is_the_share_of_the_bounds_lead_over_fair_paired_by_seed():
    fair = 1 / 3
    # the bound wins 3 of 4, the tested seat 2 of 4: (0.5 - 1/3) / (0.75 - 1/3) = 0.4
    r, lo, hi = bench_ai.reach(_rows([1, 1, 0, 0]), _rows([1, 1, 1, 0]), fair)
    assert abs(r - 0.4) < 1e-9 and lo <= r <= hi
    # as good as the bound: 1; no better than fair: 0; a bound at the fair share: no figure
    assert bench_ai.reach(_rows([1, 0, 1]), _rows([1, 0, 1]), 0.5)[0] == 1.0
    assert abs(bench_ai.reach(_rows([0.5] * 4), _rows([1, 1, 0, 1]), 0.5)[0]) < 1e-9
    assert math.isnan(bench_ai.reach(_rows([1, 0]), _rows([0.5, 0.5]), 0.5)[0])


def test_bound_plays_the_same_seeds_seeing_every_card_and_prints_the_reach(capsys, monkeypatch):
    played = []
    real = bench_ai.play_one

    def spy(task):
        played.append((task[5], task[-1]))      # (seed, oracle)
        return real(task)
    monkeypatch.setattr(bench_ai, "play_one", spy)
    bench_ai.main(["--rules", "gurka-is", "--players", "3", "--only", "ai:hard ai:normal",
                   "--games", "2", "--hard-iterations", "10", "--jobs", "1", "--no-timing",
                   "--bound", "--markdown"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    i = next(n for n, x in enumerate(lines) if x.startswith("gurka-is   3"))
    assert "knowing all" in lines[i + 1] and "reach" in lines[i + 1]
    assert "| hard v normal, knowing all | 2 |" in out
    assert played == [(1000, False), (1001, False), (1000, True), (1001, True)]
    assert gi.sample_hidden is bench_ai._sample_hidden and not bench_ai._TRUTH


def test_the_durak_oracle_rebuilds_the_true_hands_and_stock():
    from game.ai.durak import levels as durak_ai
    state = _mid_deal("durak", 2, seed=3, plays=9)
    seat = state.to_act()
    bench_ai._TRUTH.update(state=state, seat=seat, stock=True)
    try:
        tr = durak_ai.Tracker(state.view(seat), state.legal_actions())
        built = tr.position.state(bench_ai._durak_oracle_sample(tr, random.Random(1)),
                                  check=False)
        assert [sorted(h) for h in built.hands] == [sorted(h) for h in state.hands]
        assert built.stock == state.stock
        # without --oracle-stock the hands are true and the stock is shuffled
        bench_ai._TRUTH["stock"] = False
        built = tr.position.state(bench_ai._durak_oracle_sample(tr, random.Random(1)),
                                  check=False)
        assert [sorted(h) for h in built.hands] == [sorted(h) for h in state.hands]
        assert sorted(built.stock) == sorted(state.stock)
        # while it serves another seat, this one gets the tracker's own deal
        bench_ai._TRUTH["seat"] = 1 - seat
        mine = bench_ai._durak_oracle_sample(tr, random.Random(2))
        plain = bench_ai._durak_sample(tr, random.Random(2))
        assert dict(mine.hands) == dict(plain.hands)
    finally:
        bench_ai._TRUTH.clear()


OUTSIDE = bench_ai.OUTSIDE


def test_the_field_s_own_network_gives_the_true_deal_full_weight():
    """--oracle-model: the field's plays of the deal, replayed with the true hands, are each
    the learned network's own play (so the true deal keeps its weight 1), in numpy as in
    pure Python, while deals drawn from the view alone mostly lose weight."""
    from game.ai.gurka import models as gurka_models
    from game.ai.learned import network as learned
    from game.ai.baselines import LearnedBot
    from game.ai.players import NormalPlayer
    nets = (learned.net(), bench_ai.BatchNet(learned.net()))
    rng = random.Random(3)
    checked = lighter = 0
    for seed in (1000, 1001):
        state = new_game("agurk-no", 3, OUTSIDE, seed=seed)
        seat = seed % 3
        agents = [NormalPlayer(seed) if s == seat else LearnedBot(seed + s) for s in range(3)]
        while (s := state.to_act()) is not None:
            legal = state.legal_actions()
            view = state.view(s)
            if s == seat and len(legal) > 1 and legal[0]["type"] == "play":
                k = gi.read_view(view, read_style=True)
                others = frozenset(k.slots.hands)
                for net in nets:
                    plays = gurka_models.ModelPlays(k, others, net, bench_ai.MODEL_HIT)
                    assert plays.weight({o: list(state.hands[o]) for o in others}) == 1.0
                    if len(plays.rows) >= 4:
                        checked += 1
                        lighter += plays.weight(gi.sample_hidden(k, rng).hands) < 1.0
            state.apply(agents[s].choose(view, legal))
    assert checked >= 10 and lighter >= checked // 2


def test_a_model_oracle_game_weighs_hard_s_deals_by_the_network_and_puts_hard_back(monkeypatch):
    from game.ai.gurka import levels as gurka_ai
    from game.ai.gurka import models as gurka_models
    made = []
    real = gurka_models.ModelPlays.__init__

    def spy(self, k, seats, pol=None, hit=None):
        made.append((k.seat, seats, type(pol).__name__, hit))
        real(self, k, seats, pol, hit)
    monkeypatch.setattr(gurka_models.ModelPlays, "__init__", spy)
    seat, share, *_ = bench_ai.play_one(("agurk-no", 3, OUTSIDE, "ai:hard", "base:learned", 4,
                                         20, "model"))
    assert seat == 4 % 3 and share in (0.0, 0.5, 1.0)
    assert made and all(m == (seat, frozenset({0, 1, 2}) - {seat}, "BatchNet",
                              bench_ai.MODEL_HIT) for m in made)
    # and Hard is as it plays again
    assert (gurka_ai.MODELS, gurka_ai.MODEL_PLAYOUTS, gurka_ai.POOL_START) == bench_ai._MODEL_FLAGS
    assert gurka_models.ModelPlays is bench_ai._ModelPlays
    assert gurka_models.learned_seats is bench_ai._learned_seats
