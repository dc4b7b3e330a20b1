"""The ``random`` seat level: uniform over the legal actions, seeded (tests only)."""

from __future__ import annotations

import random


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(legal)
