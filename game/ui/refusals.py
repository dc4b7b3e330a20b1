"""Why a file, a record or a set of options was refused, in the player's language.

The engine (and :mod:`game.safe_json`) refuse with a stable code and its parameters
(:class:`~game.engine.errors.RecordError` ``why``/``params``/``cause``,
:class:`~game.engine.errors.OptionError` and the limits' ``code``/``params``); the
English of their messages is the command line's. This module says the same reasons in
the interface language: the engine stays free of words for the screen. Values taken
from the file (a format name, an AI level) are shown as they are, between quotes.
"""

from __future__ import annotations

from .. import i18n
from ..i18n import _, ngettext
from . import option_words

#: thousands separators as each language writes them (no-break space where it is a space)
_GROUPS = {"en": ",", "sv": "\u00a0", "nb": "\u00a0", "da": ".", "is": "."}


def number(n: int) -> str:
    """A whole number with the interface language's thousands separator (1,000,000 /
    1 000 000 / 1.000.000)."""
    return f"{n:,}".replace(",", _GROUPS.get(i18n.current_language(), ","))


def size(n: int) -> str:
    """A size limit in bytes, as the engine's messages give it (64 MB, 8 KB)."""
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f"{n >> 20} MB"
    if n >= 1 << 10 and n % (1 << 10) == 0:
        return f"{n >> 10} KB"
    # TRANSLATORS: a size of a file; {n} is a number
    return ngettext("{n} byte", "{n} bytes", n).format(n=number(n))


def option_reason(err) -> str:
    """An :class:`~game.engine.errors.OptionError` by its code and params."""
    code = getattr(err, "code", "")
    p = getattr(err, "params", {}) or {}
    if code == "hand_too_big":
        # TRANSLATORS: {players} and {max} are numbers of players, {cards} a number of cards
        return _("{players} players cannot each get {cards} cards from 52 (at most {max} players).").format(
            players=p["players"], cards=p["cards"], max=p["max"])
    if code == "team_players":
        # TRANSLATORS: {n} is a number of players (4 or 6)
        return _("Team play needs exactly {n} players.").format(n=p["players"])
    if code == "players":
        # TRANSLATORS: {lo} and {hi} are the fewest and the most players
        return _("This game is for {lo} to {hi} players.").format(lo=p["lo"], hi=p["hi"])
    if code == "unknown_ruleset":
        # TRANSLATORS: {rules} is the name of a game as the file gives it
        return _("This version does not know the game “{rules}”.").format(rules=p.get("rules", ""))
    if code == "unknown_option":
        # TRANSLATORS: {key} is the name of an option as the file gives it
        return _("The game has no option “{key}”.").format(key=p.get("key", ""))
    name = option_words.option_label(str(p.get("key", "")))
    if code == "not_bool":
        # TRANSLATORS: {name} is an option of the setup screen, e.g. "Shrinking hands"
        return _("The option “{name}” must be on or off.").format(name=name)
    if code == "not_int" and "min" in p and "max" in p:
        # TRANSLATORS: {name} is an option of the setup screen; {min} and {max} are numbers
        return _("The option “{name}” must be a whole number from {min} to {max}.").format(
            name=name, min=p["min"], max=p["max"])
    if code == "not_choice":
        # TRANSLATORS: {name} is an option of the setup screen, e.g. "Card to match"
        return _("The option “{name}” has a value the game does not know.").format(name=name)
    if code == "needs" and "need" in p:
        # TRANSLATORS: {piles} and {hands} are options of the setup screen: the first one only
        # works with the second one on (e.g. "Penalty piles" needs "Shrinking hands")
        return _("“{piles}” needs “{hands}”.").format(piles=name,
                                                  hands=option_words.option_label(str(p["need"])))
    if code == "excludes":            # two options that rule each other out
        return _("These variants cannot be played together.")
    return _("These variants cannot be played together.")


def limit_reason(err) -> str:
    """A refusal of :mod:`game.safe_json` (``JSONLimitError``, ``JSONFormatError``) by its code."""
    code = getattr(err, "code", "")
    p = getattr(err, "params", {}) or {}
    if code == "digits":
        return _("A number has more than {max} digits.").format(max=p["max"])
    if code == "number_large":
        return _("A number is too large for the game.")
    if code == "constant":
        # TRANSLATORS: {token} is a word from the file, such as NaN or Infinity
        return _("“{token}” is not a number the game accepts.").format(token=p["token"])
    if code == "bad_char":
        return _("A text holds a control character or an invalid character.")
    if code == "larger":
        # TRANSLATORS: {size} is a size such as 64 MB
        return _("The file is larger than {size}.").format(size=size(p["bytes"]))
    if code == "containers":
        return _("The file holds more than {max} lists and objects.").format(max=number(p["max"]))
    if code == "nested":
        return _("The file is nested more than {max} levels deep.").format(max=p["max"])
    if code == "not_regular":
        return _("This is not a regular file.")
    if code == "line_long":
        # TRANSLATORS: {line} is a line number of the file, {size} a size such as 8 MB
        return _("Line {line} is longer than {size}.").format(line=number(p["line"]), size=size(p["bytes"]))
    if code == "lines":
        return _("The file has more than {max} lines.").format(max=number(p["max"]))
    if code == "not_utf8":
        # TRANSLATORS: {byte} is the position of the first bad byte in the file
        return _("The file is not UTF-8 text (byte {byte}).").format(byte=number(p["byte"]))
    if code == "not_json":
        return _("The file is not valid JSON (line {line}, column {column}).").format(
            line=number(p["line"]), column=number(p["column"]))
    return _("The file is damaged or incomplete.")


def file_reason(err: OSError) -> str:
    """Why a file could not be read (the operating system's own words for the rare rest)."""
    if isinstance(err, FileNotFoundError):
        return _("The file is not there (any more).")
    if isinstance(err, PermissionError):
        return _("The game is not allowed to read the file.")
    if isinstance(err, IsADirectoryError):
        return _("This is a folder, not a file.")
    return err.strerror or type(err).__name__


def _move_reason(cause) -> str:
    """An event the engine would not replay (an ``IllegalActionError`` met while replaying)."""
    code = getattr(cause, "code", "")
    if code == "bad_deal":
        return _("The cards dealt are not a deal of this game.")
    if code == "bad_event":
        return _("The event does not fit the game at this point.")
    if code == "bad_action":
        return _("The move is not one this game knows.")
    if code == "not_your_turn":
        return _("The move is made by a player whose turn it is not.")
    return _("The move breaks the rules of the game.")


def _player_reason(why: str, p: dict) -> str | None:
    """A bad name or seat of a record's player (:func:`game.engine.records.name_problem`,
    ``seat_problem``), without the player's number."""
    if why == "name_not_text":
        return _("the name is not text.")
    if why == "name_empty":
        return _("the name is empty.")
    if why == "name_long":
        return _("the name is longer than {max} characters.").format(max=p["max"])
    if why == "name_chars":
        return _("the name holds control characters or invalid characters.")
    if why == "name_invisible":
        return _("the name shows no character.")
    if why == "seat_not_text":
        return _("the seat is not text.")
    if why == "hard_rollouts":
        # TRANSLATORS: {lo} and {hi} are numbers (the Hard AI's rollouts per decision)
        return _("the Hard AI takes from {lo} to {hi} rollouts.").format(lo=number(p["lo"]),
                                                                         hi=number(p["hi"]))
    if why == "ai_level":
        # TRANSLATORS: {level} is a word from the file
        return _("the game has no AI level “{level}”.").format(level=p["level"])
    if why == "bot_name":
        return _("a bot must be named in 1 to {max} plain characters.").format(max=number(p["max"]))
    if why == "seat_kind":
        # TRANSLATORS: {seat} is a word from the file; human, ai:LEVEL, ext:BOT and net stay as they are
        return _("“{seat}” is not a seat (human, ai:LEVEL, ext:BOT or net).").format(seat=p["seat"])
    return None


def _reason(err) -> str:
    """A :class:`~game.engine.errors.RecordError`'s reason, without where it was found."""
    why, p, cause = getattr(err, "why", "other"), getattr(err, "params", {}) or {}, getattr(err, "cause", None)
    if "player" in p:
        said = _player_reason(why, p)
        if said is not None:
            # TRANSLATORS: {n} is a player's place in the record (1, 2, ...); {reason} follows
            return _("Player {n}: {reason}").format(n=p["player"] + 1, reason=said)
    if why == "not_object":
        return _("The record is not a JSON object.")
    if why == "format":
        # TRANSLATORS: {found} and {expected} are format names such as gurka-record/1
        return _("The format is “{found}”; this game reads “{expected}”.").format(
            found=p["found"], expected=p["expected"])
    if why == "no_format":
        # TRANSLATORS: {expected} is a format name such as gurka-record/1
        return _("The record does not say its format (this game reads “{expected}”).").format(
            expected=p["expected"])
    if why == "game_number":
        return _("The game number must be a whole number from 1 to {max}.").format(max=number(p["max"]))
    if why == "players_list":
        return _("The players must be a list of names and seats.")
    if why == "seed":
        return _("The seed is not a whole number of the size the game uses.")
    if why == "events_list":
        return _("The events must be a list.")
    if why == "events_many":
        return _("The record has {count} events; at most {max} are allowed.").format(
            count=number(p["count"]), max=number(p["max"]))
    if why == "options_object":
        return _("The options must be an object.")
    if why == "options":
        return option_reason(cause)
    if why == "options_missing":
        # TRANSLATORS: {missing} is a list of option names as the file's format writes them
        return _("The options do not list every option of the game (missing: {missing}).").format(
            missing=p["missing"])
    if why == "event_object":
        return _("An event must be an object with a type.")
    if why == "event_differs":
        # TRANSLATORS: {rules_event} and {record_event} are events as the file writes them
        return _("The rules give {rules_event}; the record says {record_event}.").format(
            rules_event=p["rules_event"], record_event=p["record_event"])
    if why == "after_end":
        # TRANSLATORS: {type} is an event's type as the file writes it
        return _("The game is already over, but the record goes on (“{type}”).").format(type=p["type"])
    if why == "illegal_event":
        return _move_reason(cause)
    if why == "no_effect":
        # TRANSLATORS: {type} is an event's type as the file writes it
        return _("The event “{type}” changes nothing.").format(type=p["type"])
    if why == "json":
        return limit_reason(cause)
    if why == "empty":
        return _("The file is empty.")
    if why == "no_records":
        return _("The file holds no records.")
    return _("The file is damaged or incomplete.")


def record_reason(err) -> str:
    """A :class:`~game.engine.errors.RecordError` in words: where (line, event) and why. The
    record's game number is left out: every record of a file may have the same, and the
    viewer names a record by its place in the file."""
    reason = _reason(err)
    line, event = getattr(err, "line", None), getattr(err, "event", None)
    if event is not None:
        # TRANSLATORS: {event} is the number of an event (a deal, a card played...) in a game record
        reason = _("Event {event}: {reason}").format(event=number(event), reason=reason)
    if line is not None:
        # TRANSLATORS: {line} is a line number of the file; {reason} follows
        reason = _("Line {line}: {reason}").format(line=number(line), reason=reason)
    return reason


def error_reason(err) -> str:
    """Any refusal met while opening a file, in words (its type's name for the unforeseen)."""
    if hasattr(err, "why"):
        return record_reason(err)
    if isinstance(err, OSError):
        return file_reason(err)
    if hasattr(err, "code") and isinstance(err, ValueError):
        return limit_reason(err)
    return type(err).__name__
