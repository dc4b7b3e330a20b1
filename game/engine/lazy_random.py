"""A seeded RNG whose copies are cheap until it is drawn from (search states)."""

from __future__ import annotations

import random
from typing import Any


class LazyRandom(random.Random):
    """A seeded RNG that makes its Mersenne Twister state only when first drawn from.

    Search states are copied for every play-out and rarely deal again; ``GurkaState.copy``
    copies the RNG through ``getstate``/``setstate``, which for a fresh ``Random`` costs far
    more than the rest of the copy.  Until it is used, this one's state is its seed.
    """

    def __init__(self, seed: int = 0):    # no super().__init__: that seeds at once
        self._seed = seed
        self._live = False

    def _wake(self) -> None:
        super().seed(self._seed)
        self._live = True

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._seed = a
        self._live = False

    def random(self) -> float:
        if not self._live:
            self._wake()
        return super().random()

    def getrandbits(self, k: int) -> int:
        if not self._live:
            self._wake()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        return ("lazy", self._seed) if not self._live else super().getstate()

    def setstate(self, state: Any) -> None:
        if state[0] == "lazy":
            self.seed(state[1])
        else:
            super().setstate(state)
            self._live = True
