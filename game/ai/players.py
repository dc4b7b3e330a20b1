"""The AI seat levels: ``easy``, ``normal`` and ``hard`` for every ruleset.

Each player only ever receives its seat's view and the legal actions
(fairness by construction) and returns one of the legal actions.  All
randomness comes from the player's own seeded RNG, so with a fixed
iteration budget a player's choices are a function of (seed, views seen).
"""

from __future__ import annotations

import random

from .families import family_ai

#: Hard's default time budget per decision (seconds); p95 stays under 0.5 s.
HARD_TIME_BUDGET = 0.3

def _module(view: dict):
    return family_ai(view["rules"]).levels


class _Base:
    level = ""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


class EasyPlayer(_Base):
    """Plausible and beatable: the simple heuristic, without counting, a little random."""

    level = "easy"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        return _module(view).choose_easy(view, legal, self.rng)


class NormalPlayer(_Base):
    """A good heuristic player that counts cards (what is gone, who could not follow)."""

    level = "normal"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        return _module(view).choose_normal(view, legal, self.rng)


class HardPlayer(_Base):
    """Determinized search over hidden cards sampled consistently with the view.

    ``iterations``: a fixed number of rollouts per decision (deterministic under the
    seed; no clock involved).  ``reproducible``: the fixed number the clock allows in
    nine decisions of ten (the family's ``REPRODUCIBLE_ROLLOUTS``).  Otherwise
    ``time_budget`` seconds per decision.
    """

    level = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 time_budget: float | None = HARD_TIME_BUDGET, reproducible: bool = False):
        super().__init__(seed)
        self.iterations = iterations
        self.reproducible = reproducible
        self.time_budget = None if (iterations or reproducible) else time_budget
        self.last_stats: dict = {}

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        self.last_stats = {}
        module = _module(view)
        iterations = self.iterations
        if self.reproducible and not iterations:
            iterations = module.REPRODUCIBLE_ROLLOUTS
        return module.choose_hard(view, legal, self.rng, iterations=iterations,
                                  time_budget=self.time_budget, stats=self.last_stats)


def hard_factory(iterations: int | None = None):
    def make(seed: int = 0):
        return HardPlayer(seed, iterations=iterations)
    return make
