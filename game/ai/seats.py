"""Seat specs (``human``, ``ai:LEVEL``, ``ai:hard:N``, ``ext:PATH``) turned into players.

The spec grammar and the levels are the record format's (:mod:`game.engine.seat_spec`): a
spec is parsed once there, and anything else is refused before a player is made.
"""

from __future__ import annotations

from ..engine.seat_spec import AI_LEVELS, PLAYER_LEVELS, parse_seat
from .players import EasyPlayer, HardPlayer, NormalPlayer
from .random_player import RandomPlayer

#: level name -> factory(seed), for every level the record format declares (AI_LEVELS)
LEVELS: dict = {cls.level: cls for cls in (RandomPlayer, EasyPlayer, NormalPlayer, HardPlayer)}
assert tuple(LEVELS) == AI_LEVELS


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
    seat = parse_seat(spec)
    if seat.kind == "ai":
        if seat.rollouts is not None:
            return HardPlayer(seed, iterations=seat.rollouts)
        if seat.level == "hard" and reproducible:
            return HardPlayer(seed, reproducible=True)
        return LEVELS[seat.level](seed)
    if seat.kind == "ext":
        from .ext import ExternalBot  # (start-up time: the bot process machinery only for a bot seat)
        return ExternalBot(str(seat.bot), seed=seed, **(bot or {}))
    raise ValueError(f"seat {spec!r} is not an AI seat (use ai:LEVEL or ext:PATH)")


def menu_levels() -> list[str]:
    """The levels the setup screen offers, easiest first."""
    return list(PLAYER_LEVELS)
