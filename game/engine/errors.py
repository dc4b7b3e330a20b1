"""Errors raised by the engine. All subclass ValueError (as python-chess does)."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow. The state is left unchanged."""

    def __init__(self, reason: str, code: str = "illegal", **params):
        super().__init__(reason)
        self.reason = reason
        #: a stable id the UI translates (e.g. ``must_reach``), with ``params``
        self.code = code
        self.params = params


class RecordError(ValueError):
    """A game record that cannot be replayed: names the game, event and reason.

    ``code`` says what kind of problem it is (stable: the replay viewer translates it):
    ``not_record`` (not JSON, not a record object, another format), ``newer`` (a format
    of a later version), ``damaged`` (a field missing or of the wrong kind), ``out_of_range``
    (a name, seat, number or option the game does not allow), ``unknown_rules``,
    ``too_big`` (over a size limit) and ``bad_moves`` (events that do not replay).
    """

    def __init__(self, reason: str, game: int | None = None, event: int | None = None,
                 code: str = "damaged"):
        where = []
        if game is not None:
            where.append(f"game {game}")
        if event is not None:
            where.append(f"event {event}")
        text = f"{', '.join(where)}: {reason}" if where else reason
        super().__init__(text)
        self.reason = reason
        self.game = game
        self.event = event
        self.code = code


class OptionError(ValueError):
    """A ruleset, option or player count that the rules do not allow.

    ``code`` is stable (the setup screen translates it) and ``params`` fill the text:
    ``unknown_ruleset`` (rules), ``unknown_option`` (key), ``not_bool`` (key),
    ``not_int`` (key, min, max), ``not_choice`` (key, choices), ``rounds`` (),
    ``score_piles`` (), ``players`` (lo, hi, players), ``team_players`` (players),
    ``hand_too_big`` (players, cards, max).
    """

    def __init__(self, reason: str, code: str = "bad_option", **params):
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.params = params
