"""Seat specs (``human``, ``ai:LEVEL``, ``ai:hard:N``, ``ext:PATH``) turned into players.

The spec grammar is the record format's (:func:`game.engine.records.seat_problem`):
anything else is refused before a player is made.
"""

from __future__ import annotations

from ..engine.records import seat_problem
from .players import EasyPlayer, HardPlayer, NormalPlayer
from .random_player import RandomPlayer

#: level name -> factory(seed) ; the AI modules register their levels here.
LEVELS: dict = {"random": RandomPlayer, "easy": EasyPlayer, "normal": NormalPlayer,
                "hard": HardPlayer}


def make_player(spec: str, seed: int = 0, reproducible: bool = False, bot: dict | None = None):
    """A player object with ``choose(view, legal) -> action`` for an AI seat spec.

    ``ai:LEVEL``: a built-in level.  ``ai:hard:N``: Hard with a fixed budget of N
    rollouts per decision (deterministic under the seed; ``ai:hard`` uses a time
    budget instead).  ``ext:PATH``: a bot program in its own process (see
    game/ai/README.md; ``bot``: keyword arguments for :class:`~game.ai.ext.ExternalBot`,
    e.g. ``budget``); failures fall back to ``normal`` for that decision.
    ``reproducible``: ``ai:hard`` plays a fixed budget instead of its clock, so the same
    seed gives the same game (``simulate``): the rollouts its clock allows in nine
    decisions of ten (each family's ``REPRODUCIBLE_ROLLOUTS``), so that ``simulate``
    plays the Hard a player meets.
    ValueError (one line) for anything that is not an AI seat spec.
    """
    problem = seat_problem(spec)
    if problem:
        raise ValueError(problem)
    if spec.startswith("ai:"):
        level = spec[3:]
        if level.startswith("hard:"):
            return HardPlayer(seed, iterations=int(level[5:]))
        if level == "hard" and reproducible:
            return HardPlayer(seed, reproducible=True)
        return LEVELS[level](seed)
    if spec.startswith("ext:"):
        from .ext import ExternalBot
        return ExternalBot(spec[4:], seed=seed, **(bot or {}))
    raise ValueError(f"seat {spec!r} is not an AI seat (use ai:LEVEL or ext:PATH)")


#: the levels the setup screen offers, easiest first
MENU_LEVELS = ("easy", "normal", "hard")


def menu_levels() -> list[str]:
    return [lv for lv in MENU_LEVELS if lv in LEVELS]
