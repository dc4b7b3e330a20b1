"""Errors raised by the engine. All subclass ValueError (as python-chess does)."""

from __future__ import annotations

from typing import Any


class IllegalActionError(ValueError):
    """An action the rules do not allow. The state is left unchanged."""

    def __init__(self, reason: str, code: str = "illegal", **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        #: a stable id the UI translates (e.g. ``must_reach``), with ``params``
        self.code = code
        self.params = params


class Reason(str):
    """An English reason (the command line's words) that also carries a stable ``code`` and
    the ``params`` that fill it, so that the interface can say it in the player's language
    (``name_problem`` and ``seat_problem`` give these)."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, text: str, **params: Any) -> "Reason":
        self = super().__new__(cls, text)
        self.code = code
        self.params = params
        return self


class RecordError(ValueError):
    """A game record that cannot be replayed: names the line, game, event and reason.

    ``code`` says what kind of problem it is (stable: the replay viewer translates it):
    ``not_record`` (not JSON, not a record object, another format), ``newer`` (a format
    of a later version), ``damaged`` (a field missing or of the wrong kind), ``out_of_range``
    (a name, seat, number or option the game does not allow), ``unknown_rules``,
    ``too_big`` (over a size limit) and ``bad_moves`` (events that do not replay).

    ``why`` names the reason itself and ``params`` fill it (stable too: the viewer says
    the reason in the player's language; ``str(error)`` is the English of the command
    line). A reason another error gave is that error, ``cause``: an
    :class:`OptionError` (``why`` ``options``), an :class:`IllegalActionError`
    (``illegal_event``), a :class:`Reason` (its own code) or a limit of
    :mod:`game.safe_json` (``json``).
    """

    def __init__(self, reason: str, game: int | None = None, event: int | None = None,
                 code: str = "damaged", why: str | None = None, cause: Exception | None = None,
                 line: int | None = None, **params: Any) -> None:
        where = []
        if line is not None:
            where.append(f"line {line}")
        if game is not None:
            where.append(f"game {game}")
        if event is not None:
            where.append(f"event {event}")
        text = f"{', '.join(where)}: {reason}" if where else reason
        super().__init__(text)
        self.reason = reason
        self.game = game
        self.event = event
        self.line = line
        self.code = code
        if why is None and isinstance(reason, Reason):
            why, params = reason.code, {**reason.params, **params}
        self.why = why or "other"
        self.params = params
        self.cause = cause

    def at_line(self, line: int) -> "RecordError":
        """The same refusal, naming the line of a JSON Lines file it was found on."""
        return RecordError(self.reason, self.game, self.event, self.code, self.why, self.cause,
                           line, **self.params)


class OptionError(ValueError):
    """A ruleset, option or player count that the rules do not allow.

    ``code`` is stable (the setup screen translates it) and ``params`` fill the text:
    ``unknown_ruleset`` (rules), ``unknown_option`` (key), ``not_bool`` (key),
    ``not_int`` (key, min, max), ``not_choice`` (key, choices), ``rounds`` (),
    ``needs`` (key, need: an option on without the one it needs), ``excludes`` (key, other),
    ``players`` (lo, hi, players), ``team_players`` (players),
    ``hand_too_big`` (players, cards, max).
    """

    def __init__(self, reason: str, code: str = "bad_option", **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.params = params
