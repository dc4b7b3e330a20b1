"""Seat specs (``human``, ``ai:LEVEL``, ``ext:PATH``) turned into players."""

from __future__ import annotations

from .random_player import RandomPlayer

#: level name -> factory(seed) ; the AI modules register their levels here.
LEVELS: dict = {"random": RandomPlayer}


def make_player(spec: str, seed: int = 0):
    """A player object with ``choose(view, legal) -> action`` for an AI seat spec."""
    if spec.startswith("ai:"):
        level = spec[3:]
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
        return LEVELS[level](seed)
    raise ValueError(f"seat {spec!r} is not an AI seat (use ai:LEVEL)")
