"""Seat specs: who plays a seat, as a record names it (``human``, ``net``, ``ai:<level>``,
``ai:hard:N``, ``ext:<bot>``), and the AI levels, declared once here.

:func:`parse_seat` reads a spec once into a :class:`SeatSpec`; :func:`seat_problem` says
why a text is not one (a :class:`~game.engine.errors.Reason`).  Nothing is ever run or
loaded here: the AI makes players from a parsed spec (:func:`game.ai.seats.make_player`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..safe_json import clip
from .errors import Reason

#: the levels offered to players (setup screen, network tables' empty seats), easiest first
PLAYER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: every ``ai:<level>`` a record may name (``random``: uniform over the legal actions, tests)
AI_LEVELS: tuple[str, ...] = ("random",) + PLAYER_LEVELS
#: the range of N in ``ai:hard:N`` (rollouts per decision)
HARD_ITERATIONS = (1, 100_000)
MAX_BOT_SPEC = 1024                  # characters after ``ext:``

# control characters (NUL included), lone surrogates, line and paragraph separators
BAD_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")
_HARD_N = re.compile(r"hard:([1-9][0-9]{0,5})")


@dataclass(frozen=True)
class SeatSpec:
    """One seat's spec, parsed: ``kind`` is ``human``, ``net``, ``ai`` or ``ext``; an AI seat
    has its ``level`` (one of :data:`AI_LEVELS`) and, for ``ai:hard:N``, its ``rollouts``;
    a bot its ``bot`` (what follows ``ext:``).  ``str()`` gives the record's text back."""

    kind: str
    level: str | None = None
    rollouts: int | None = None
    bot: str | None = None

    def __str__(self) -> str:
        if self.kind == "ai":
            return f"ai:{self.level}" + (f":{self.rollouts}" if self.rollouts is not None else "")
        if self.kind == "ext":
            return f"ext:{self.bot}"
        return self.kind


def _parse(spec: object) -> SeatSpec | Reason:
    if not isinstance(spec, str):
        return Reason("seat_not_text", "a seat must be text")
    if spec in ("human", "net"):
        return SeatSpec(spec)
    if spec.startswith("ai:"):
        level = spec[3:]
        if level in AI_LEVELS:
            return SeatSpec("ai", level)
        m = _HARD_N.fullmatch(level)
        lo, hi = HARD_ITERATIONS
        if m and lo <= int(m.group(1)) <= hi:
            return SeatSpec("ai", "hard", rollouts=int(m.group(1)))
        if level.startswith("hard:"):
            return Reason("hard_rollouts", f"ai:hard:N takes a whole number of rollouts from {lo} "
                          f"to {hi:,}", lo=lo, hi=hi)
        return Reason("ai_level", f"unknown AI level {clip(level, 40)!r}; choose one of "
                      f"{', '.join(AI_LEVELS)}", level=clip(level, 40))
    if spec.startswith("ext:"):
        bot = spec[4:]
        if not bot or len(bot) > MAX_BOT_SPEC or BAD_TEXT.search(bot):
            return Reason("bot_name", f"ext: must name a bot in 1 to {MAX_BOT_SPEC} plain "
                          "characters", max=MAX_BOT_SPEC)
        return SeatSpec("ext", bot=bot)
    return Reason("seat_kind", f"a seat is human, ai:LEVEL, ext:BOT or net, not {clip(spec, 40)!r}",
                  seat=clip(spec, 40))


def parse_seat(spec: object) -> SeatSpec:
    """``spec`` as a :class:`SeatSpec`; ValueError (a one-line :class:`Reason`) when it is not
    a seat of the record format."""
    parsed = _parse(spec)
    if isinstance(parsed, Reason):
        raise ValueError(parsed)
    return parsed


def seat_problem(spec: object) -> Reason | None:
    """Why ``spec`` is not a seat of the record format, a :class:`Reason`, or None."""
    parsed = _parse(spec)
    return parsed if isinstance(parsed, Reason) else None
