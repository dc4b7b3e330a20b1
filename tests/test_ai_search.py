"""The shared determinized search (game.ai.search.run) on a toy game whose candidates
have known values: the budget, the halving (on a fixed budget and on the clock alike),
the deadline, and that the best candidate wins."""

import random
from types import SimpleNamespace

import pytest

from game.ai import search

TRUE = [0.1, 0.5, 0.2, 0.9, 0.3, 0.4, 0.0, 0.6, 0.35]       # candidate 3 is the best


class Deal:
    def __init__(self, noise: float):
        self.noise = noise
        self.cand = None

    def copy(self):
        return Deal(self.noise)


class Clock:
    """The search's clock, made of play-outs: each one takes ``step`` seconds."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=c))
    return c


class Parts:
    """Every deal shifts all candidates alike (common deals); each play-out adds its own noise."""

    def __init__(self, values, clock=None, step: float = 0.0):
        self.values = values
        self.clock = clock
        self.step = step
        self.sampled = 0

    def sample(self, rng):
        self.sampled += 1
        return Deal(rng.gauss(0, 0.5))

    def play(self, state, candidate):
        state.cand = candidate

    def value(self, state, rng):
        if self.clock is not None:
            self.clock.now += self.step
        return self.values[state.cand] + state.noise + rng.gauss(0, 0.3)


def test_a_fixed_budget_is_spent_by_halving_and_finds_the_best():
    stats: dict = {}
    parts = Parts(TRUE)
    best = search.run(parts, list(range(len(TRUE))), random.Random(1), iterations=2000, stats=stats)
    assert best == 3
    assert 2000 - 2 * len(TRUE) <= stats["iterations"] <= 2000
    counts = stats["counts"]
    assert sum(counts) == stats["iterations"] and stats["samples"] == parts.sampled
    # the worst candidates were dropped after the first round; the best played on to the end
    assert counts[3] == max(counts) and counts[6] == min(counts) and counts[6] < counts[3] / 3


def test_on_the_clock_the_search_halves_too_and_keeps_its_deadline(clock):
    stats: dict = {}
    parts = Parts(TRUE, clock, step=0.0001)                  # 2,000 play-outs in 0.2 s
    best = search.run(parts, list(range(len(TRUE))), random.Random(2), deadline=0.2, stats=stats)
    assert best == 3
    assert 0.2 <= clock.now < 0.2 + 0.0001 * len(TRUE)
    counts = stats["counts"]
    assert sum(counts) == stats["iterations"] >= 1990
    assert counts[3] == max(counts) and counts[6] < counts[3] / 3       # halved, not uniform


def test_slow_play_outs_stop_at_the_deadline_mid_deal(clock):
    stats: dict = {}
    parts = Parts(TRUE, clock, step=0.004)
    search.run(parts, list(range(len(TRUE))), random.Random(3), deadline=0.05, stats=stats)
    # one play-out past the deadline at most, not the rest of a deal of nine
    assert 0.05 <= clock.now < 0.05 + 0.004 + 1e-9
    assert stats["iterations"] == 13


def test_two_candidates_share_the_budget_evenly(clock):
    for budget in ("iterations", "deadline"):
        kwargs = {"iterations": 300} if budget == "iterations" else {"deadline": clock.now + 0.03}
        stats: dict = {}
        best = search.run(Parts([0.2, 0.8], clock, 0.0001), [0, 1], random.Random(4), stats=stats,
                          **kwargs)
        assert best == 1
        assert abs(stats["counts"][0] - stats["counts"][1]) <= 1
        assert stats["iterations"] == 300


def test_without_halving_the_clock_spreads_evenly(monkeypatch, clock):
    monkeypatch.setattr(search, "HALVING", False)
    stats: dict = {}
    best = search.run(Parts(TRUE, clock, 0.0001), list(range(len(TRUE))), random.Random(5),
                      deadline=0.05, stats=stats)
    assert best == 3
    assert max(stats["counts"]) - min(stats["counts"]) <= 1


def test_with_a_cap_and_a_clock_fast_play_outs_stop_at_the_cap(clock):
    stats: dict = {}
    parts = Parts(TRUE, clock, step=0.00001)                 # 2,000 play-outs take 0.02 s
    best = search.run(parts, list(range(len(TRUE))), random.Random(6), iterations=2000,
                      deadline=0.3, stats=stats)
    assert best == 3
    assert 2000 - 2 * len(TRUE) <= stats["iterations"] <= 2000
    assert clock.now < 0.021                                  # stopped long before the deadline
    counts = stats["counts"]
    assert counts[3] == max(counts) and counts[6] < counts[3] / 3


def test_with_a_cap_and_a_clock_slow_play_outs_stop_at_the_deadline(clock):
    stats: dict = {}
    parts = Parts(TRUE, clock, step=0.001)                   # 2,000 play-outs would take 2 s
    best = search.run(parts, list(range(len(TRUE))), random.Random(7), iterations=2000,
                      deadline=0.3, stats=stats)
    assert best == 3
    assert 0.3 <= clock.now < 0.3 + 0.001 + 1e-9
    assert 295 <= stats["iterations"] <= 301
    counts = stats["counts"]
    assert counts[3] == max(counts) and counts[6] < counts[3] / 3       # still halved
