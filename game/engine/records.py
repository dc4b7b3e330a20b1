"""Creating games, and loading / replaying / writing game records (RECORDS.md, beside this file).

Every record is hostile until replayed.  Beyond the rules, a record keeps
these limits (each refused with a one-line :class:`RecordError` that never echoes a
huge value): at most :data:`MAX_RECORD_BYTES` of JSON within the limits of
:mod:`game.safe_json`, :data:`MAX_EVENTS` events, names of 1 to :data:`MAX_NAME`
characters without control characters, seats ``human``, ``ai:<level>`` (the
:data:`AI_LEVELS`, or ``ai:hard:N`` with N in :data:`HARD_ITERATIONS`) or
``ext:<bot>``, a whole-number seed below 2**63 in size and a game number from 1 to
:data:`MAX_GAME`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Iterator, TypeGuard, cast

from ..safe_json import JSONLimitError, clip, decode, loads
from .actions import Event
from .base import FORMAT, GameState
from .errors import IllegalActionError, Reason, RecordError
from .registry import find_ruleset
from .rulesets import effective_options, fill_absent, is_checked
# (the record's seats; ``X as X``: exported)
from .seat_spec import AI_LEVELS as AI_LEVELS, HARD_ITERATIONS as HARD_ITERATIONS
from .seat_spec import MAX_BOT_SPEC as MAX_BOT_SPEC, seat_problem as seat_problem
from .seat_spec import BAD_TEXT as _BAD_NAME


def new_game(rules: str, players: list[dict[str, Any]] | int, options: dict[str, Any] | None = None,
             seed: int = 0, game: int = 1, auto_chance: bool = True, **extra: Any) -> GameState:
    """A fresh game.  ``players``: a list of ``{"name", "seat"}`` or a count.  ``options``:
    overrides of the preset, or the options :func:`effective_options` checked already for
    this ruleset and number of players (taken as they are)."""
    if isinstance(players, int):
        players = [{"name": f"P{i}", "seat": "human"} for i in range(players)]
    opts = options if is_checked(options, rules, len(players)) else \
        effective_options(rules, options, len(players))
    return find_ruleset(rules).new_state(opts, players, seed=seed, game=game,
                                         auto_chance=auto_chance, **extra)


#: the limits a record must keep (RECORDS.md states them; these are far above any real
#: game: the longest seen, 8 players to a limit of 1000 with free buy-back, has 34,000 events
#: in 1.8 MB)
MAX_EVENTS = 100_000
MAX_RECORD_BYTES = 8 << 20           # one record, i.e. one line of a JSON Lines file
#: bad records of one file reported before its reading stops (command line and viewer)
MAX_BAD_RECORDS = 20
MAX_NAME = 40                        # characters in a player's name
MAX_GAME = 1_000_000                 # the session's game number
SEED_RANGE = 1 << 63                 # |seed| below this

_FORMAT_VERSION = re.compile(r"gurka-(?:record|save)/([0-9]{1,6})")


def name_problem(name: object) -> Reason | None:
    """Why ``name`` cannot be a player's name (a :class:`Reason`), or None."""
    if not isinstance(name, str):
        return Reason("name_not_text", "a player's name must be text")
    if not name.strip():
        return Reason("name_empty", "a player's name must not be empty")
    if len(name) > MAX_NAME:
        return Reason("name_long", f"a player's name must be at most {MAX_NAME} characters, "
                      f"not {len(name):,}", max=MAX_NAME, length=len(name))
    if _BAD_NAME.search(name):
        return Reason("name_chars", "a player's name must not hold control characters or invalid "
                      "characters")
    if not visible(name):
        return Reason("name_invisible", "a player's name must show at least one character")
    return None


def visible(text: str) -> bool:
    """Whether ``text`` shows anything: a letter, digit, punctuation mark or symbol (not
    only spaces, zero-width or format characters, soft hyphens or combining marks)."""
    return any(unicodedata.category(c)[0] in "LNPS" for c in text)


def clean_name(text: str) -> str:
    """``text`` made a valid name where it can be (setup screen): bad characters dropped,
    cut to MAX_NAME characters; empty when nothing visible is left (the caller supplies
    a default)."""
    name = _BAD_NAME.sub("", str(text))[:MAX_NAME]
    return name if visible(name) else ""


def _newer(fmt: object) -> bool:
    """Whether ``fmt`` names a record or save format of a later version than this one's."""
    m = _FORMAT_VERSION.fullmatch(fmt) if isinstance(fmt, str) else None
    return m is not None and int(m.group(1)) > int(FORMAT.rsplit("/", 1)[1])


def _longer(text: str | bytes, limit: int) -> bool:
    n = len(text) if isinstance(text, (bytes, bytearray)) else len(text.encode("utf-8", "surrogatepass"))
    return n > limit


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _header(record: object) -> tuple[str, dict[str, Any], list[dict[str, Any]], int]:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object", code="not_record", why="not_object")
    if record.get("format") != FORMAT:
        fmt = record.get("format")
        shown = repr(clip(fmt, 40)) if isinstance(fmt, str) else "missing or not text"
        raise RecordError(f"format must be {FORMAT!r}, not {shown}",
                          code="newer" if _newer(fmt) else "not_record",
                          why="format" if isinstance(fmt, str) else "no_format", expected=FORMAT,
                          found=clip(fmt, 40) if isinstance(fmt, str) else "")
    game = record.get("game")
    if not _is_int(game) or not 1 <= game <= MAX_GAME:
        raise RecordError(f"game must be a whole number from 1 to {MAX_GAME:,}",
                          code="out_of_range" if _is_int(game) else "damaged", why="game_number",
                          max=MAX_GAME)
    rules = cast(str, record.get("rules"))      # (checked below: fill_absent refuses a non-id)
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise RecordError("players must be a list of {name, seat}", game, why="players_list")
    for seat, p in enumerate(players[:64]):
        problem = name_problem(p.get("name")) or seat_problem(p.get("seat"))
        if problem:
            raise RecordError(Reason(problem.code, f"player {seat}: {problem}", **problem.params),
                              game, code="out_of_range", player=seat)
    seed = record.get("seed")
    if not _is_int(seed) or not -SEED_RANGE < seed < SEED_RANGE:
        raise RecordError("seed must be a whole number below 2**63 in size", game,
                          code="out_of_range" if _is_int(seed) else "damaged", why="seed")
    events = record.get("events")
    if not isinstance(events, list):
        raise RecordError("events must be a list", game, why="events_list")
    if len(events) > MAX_EVENTS:
        raise RecordError(f"more than {MAX_EVENTS:,} events ({len(events):,})", game, code="too_big",
                          why="events_many", max=MAX_EVENTS, count=len(events))
    options = record.get("options")
    if not isinstance(options, dict):
        raise RecordError("options must be an object", game, why="options_object")
    try:
        # options declared after the record was written may be left out (their ``absent`` value)
        # (a rules value that is not a ruleset id, text or not, is refused there)
        given, _missing = fill_absent(rules, options)
        opts = effective_options(rules, given, len(players))
    except ValueError as e:
        code = "unknown_rules" if getattr(e, "code", "") == "unknown_ruleset" else "out_of_range"
        raise RecordError(clip(e), game, code=code, why="options", cause=e) from None
    if opts != given:
        missing = sorted(set(opts) - set(given))
        raise RecordError(clip(f"options must list every effective option (missing: "
                               f"{', '.join(missing)})"), game, why="options_missing",
                          missing=clip(", ".join(missing)))
    return rules, opts, players, game


def check_header(record: object) -> None:
    """RecordError unless the record's header (everything but the events' contents) is
    valid: format, rules, options, names, seats, seed, game, number of events."""
    _header(record)


def replay(record: object) -> GameState:
    """Replay a record through the engine; RecordError names the first bad event."""
    rules, opts, players, game = _header(record)
    assert isinstance(record, dict)     # (the header is read: a record is an object)
    state = new_game(rules, players, opts, seed=record["seed"], game=game, auto_chance=False)
    events = record["events"]
    i = 0
    while i < len(events):
        ev = events[i]
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError("an event must be an object with a type", game, i + 1, code="bad_moves",
                              why="event_object")
        if i < len(state.events):
            mine = state.events[i]
            if mine != ev:
                raise RecordError(f"the rules give {clip(json.dumps(mine), 200)}, the record "
                                  f"says {clip(json.dumps(ev), 200)}", game, i + 1, code="bad_moves",
                                  why="event_differs", rules_event=clip(json.dumps(mine), 200),
                                  record_event=clip(json.dumps(ev), 200))
            i += 1
            continue
        if state.is_over():
            raise RecordError(f"the game is already over, but the record goes on with "
                              f"{clip(ev['type'], 40)!r}", game, i + 1, code="bad_moves",
                              why="after_end", type=clip(ev["type"], 40))
        before = len(state.events)
        try:
            state.apply_record_event(cast(Event, ev))   # (a type checked; the engine checks the rest)
        except IllegalActionError as e:
            raise RecordError(clip(e.reason), game, i + 1, code="bad_moves", why="illegal_event",
                              cause=e) from None
        if len(state.events) == before:
            raise RecordError(f"{clip(ev['type'], 40)!r} event has no effect", game, i + 1,
                              code="bad_moves", why="no_effect", type=clip(ev["type"], 40))
    return state


def parse_record(text: str | bytes) -> object:
    """One record's JSON within the limits (:mod:`game.safe_json`); RecordError (one line)."""
    try:
        return loads(text, MAX_RECORD_BYTES)
    except JSONLimitError as e:
        raise RecordError(clip(e), code="too_big" if _longer(text, MAX_RECORD_BYTES) else "damaged",
                          why="json", cause=e) from None
    except ValueError as e:
        raise RecordError(clip(e), code="not_record", why="json", cause=e) from None


def load_records(text: str | bytes) -> list[object]:
    """Parse one JSON record or JSON Lines (in memory: the command line streams files with
    :func:`game.safe_json.iter_lines`); RecordError names the bad line."""
    return list(iter_records(text))


def iter_records(text: str | bytes) -> Iterator[object]:
    """:func:`load_records` one record at a time: a file of millions of small records is
    never held parsed at once (the caller may stop early, e.g. after
    :data:`MAX_BAD_RECORDS` that do not replay)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = decode(bytes(text))
        except ValueError as e:
            raise RecordError(str(e), code="not_record", why="json", cause=e) from None
    text = text.lstrip("\ufeff").strip()
    if not text:
        raise RecordError("the file is empty", code="not_record", why="empty")
    if "\n" not in text or len(text) <= MAX_RECORD_BYTES:
        try:
            yield parse_record(text)
            return
        except RecordError:
            if "\n" not in text:
                raise
    start, n = 0, 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line, start, n = text[start:end], end + 1, n + 1
        if not line.strip():
            continue
        try:
            record = parse_record(line)
        except RecordError as e:
            raise e.at_line(n) from None
        yield record


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))
