"""Creating games, and loading / replaying / writing game records (RECORDS.md)."""

from __future__ import annotations

import json

from .base import FORMAT, GameState
from .errors import IllegalActionError, RecordError
from .registry import find_ruleset
from .rulesets import effective_options


def new_game(rules: str, players: list[dict] | int, options: dict | None = None, seed: int = 0,
             game: int = 1, auto_chance: bool = True, **extra) -> GameState:
    """A fresh game.  ``players``: a list of ``{"name", "seat"}`` or a count."""
    if isinstance(players, int):
        players = [{"name": f"P{i}", "seat": "human"} for i in range(players)]
    opts = effective_options(rules, options, len(players))
    return find_ruleset(rules).new_state(opts, players, seed=seed, game=game,
                                         auto_chance=auto_chance, **extra)


def _header(record: object) -> tuple:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    game = record.get("game")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {record.get('format')!r}", game)
    rules = record.get("rules")
    players = record.get("players")
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("seat"), str)
            for p in players):
        raise RecordError("players must be a list of {name, seat}", game)
    if not isinstance(record.get("seed"), int):
        raise RecordError("seed must be an integer", game)
    if not isinstance(game, int) or game < 1:
        raise RecordError("game must be a whole number from 1", game)
    if not isinstance(record.get("events"), list):
        raise RecordError("events must be a list", game)
    options = record.get("options")
    if not isinstance(options, dict):
        raise RecordError("options must be an object", game)
    try:
        opts = effective_options(rules, options, len(players))
    except ValueError as e:
        raise RecordError(str(e), game) from None
    if opts != options:
        missing = sorted(set(opts) - set(options))
        raise RecordError(f"options must list every effective option (missing: {', '.join(missing)})",
                          game)
    return rules, opts, players, game


def replay(record: object) -> GameState:
    """Replay a record through the engine; RecordError names the first bad event."""
    rules, opts, players, game = _header(record)
    state = new_game(rules, players, opts, seed=record["seed"], game=game, auto_chance=False)
    events = record["events"]
    i = 0
    while i < len(events):
        ev = events[i]
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError("an event must be an object with a type", game, i + 1)
        if i < len(state.events):
            mine = state.events[i]
            if mine != ev:
                raise RecordError(f"the rules give {json.dumps(mine)}, the record says "
                                  f"{json.dumps(ev)}", game, i + 1)
            i += 1
            continue
        if state.is_over():
            raise RecordError(f"the game is already over, but the record goes on with "
                              f"{ev['type']!r}", game, i + 1)
        before = len(state.events)
        try:
            state.apply_record_event(ev)
        except IllegalActionError as e:
            raise RecordError(e.reason, game, i + 1) from None
        if len(state.events) == before:
            raise RecordError(f"{ev['type']!r} event has no effect", game, i + 1)
    return state


def load_records(text: str) -> list:
    """Parse one JSON record or JSON Lines; ValueError names the bad line."""
    text = text.strip()
    if not text:
        raise RecordError("the file is empty")
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        pass
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise RecordError(f"line {n} is not valid JSON ({e.msg})") from None
    return out


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))
