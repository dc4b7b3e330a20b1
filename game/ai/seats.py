"""Seat specs (``human``, ``ai:LEVEL``, ``ai:hard:N``, ``ext:PATH``) turned into players."""

from __future__ import annotations

from .players import EasyPlayer, HardPlayer, NormalPlayer
from .random_player import RandomPlayer

#: level name -> factory(seed) ; the AI modules register their levels here.
LEVELS: dict = {"random": RandomPlayer, "easy": EasyPlayer, "normal": NormalPlayer,
                "hard": HardPlayer}


#: rollouts per decision for ``ai:hard`` where play must be reproducible (simulate)
HARD_REPRODUCIBLE = 200


def make_player(spec: str, seed: int = 0, reproducible: bool = False):
    """A player object with ``choose(view, legal) -> action`` for an AI seat spec.

    ``ai:LEVEL``: a built-in level.  ``ai:hard:N``: Hard with a fixed budget of N
    rollouts per decision (deterministic under the seed; ``ai:hard`` uses a time
    budget instead).  ``ext:PATH``: a bot file defining ``choose(view, legal)``
    (see game/ai/README.md); failures fall back to ``normal`` for that decision.
    ``reproducible``: ``ai:hard`` gets a fixed budget of HARD_REPRODUCIBLE rollouts
    instead of its clock, so the same seed gives the same game (``simulate``).
    """
    if spec.startswith("ai:"):
        level = spec[3:]
        if level.startswith("hard:"):
            try:
                n = int(level[5:])
            except ValueError:
                raise ValueError(f"ai:hard:N takes a number of iterations, not {level[5:]!r}") from None
            if n < 1:
                raise ValueError("ai:hard:N needs at least 1 iteration")
            return HardPlayer(seed, iterations=n)
        if level == "hard" and reproducible:
            return HardPlayer(seed, iterations=HARD_REPRODUCIBLE)
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
        return LEVELS[level](seed)
    if spec.startswith("ext:"):
        from .ext import ExternalBot
        return ExternalBot(spec[4:], seed=seed)
    raise ValueError(f"seat {spec!r} is not an AI seat (use ai:LEVEL or ext:PATH)")


#: the levels the setup screen offers, easiest first
MENU_LEVELS = ("easy", "normal", "hard")


def menu_levels() -> list[str]:
    return [lv for lv in MENU_LEVELS if lv in LEVELS]
