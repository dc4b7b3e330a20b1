"""Option validation over the ruleset registry (:mod:`game.engine.registry`), from the options'
declarations (:mod:`game.engine.options`).

A ruleset id names a preset; any combination of the option keys of the record format
is a valid house ruleset as long as it passes :func:`effective_options`.  Every refusal
is an :class:`OptionError` with a stable code and parameters (for the setup screen and
the command line), never prose to be parsed.

The options a game is played with are checked once: :func:`effective_options` returns them
as :class:`CheckedOptions`, which :func:`game.engine.records.new_game` takes as they are for
the same ruleset and number of players.  What the number of players changes (a preset's
defaults for a crowd, the team sizes) is worked out here only (:func:`for_players`).
"""

from __future__ import annotations

from typing import Any, Mapping, TypeGuard

from .errors import IllegalActionError, OptionError
from .options import REQUIRED, declared
from .registry import Ruleset, find_ruleset


class CheckedOptions(dict[str, Any]):
    """Effective options that passed :func:`effective_options` for ``rules`` and ``players``."""

    __slots__ = ("rules", "players")
    rules: str
    players: int


def is_checked(options: object, rules: str, players: int) -> TypeGuard[CheckedOptions]:
    """Whether ``options`` were checked for this ruleset and number of players already."""
    return (isinstance(options, CheckedOptions) and options.rules == rules
            and options.players == players)


def parse_option_value(key: str, text: str) -> Any:
    """Turn a command-line ``KEY=VALUE`` string into the option's type (an unknown key's
    value stays text: :func:`effective_options` refuses the key)."""
    option = declared(key)
    if option is None:
        return text
    try:
        return option.parse(text)
    except ValueError as e:
        if str(e) == "not_bool":
            raise OptionError(f"option {key} takes true/false, not {text!r}", "not_bool",
                              key=key) from None
        lo, hi = option.range
        raise OptionError(f"option {key} takes a whole number from {lo} to {hi}, not "
                          f"{text[:20]!r}", "not_int", key=key, min=lo, max=hi) from None


def crowd_defaults(entry: Ruleset, players: int) -> dict[str, Any]:
    """The preset's defaults for ``players`` players, where they differ from its own (Durak's
    ``neighbours_only`` with five or six, six cards each with eight in Agurk)."""
    return {key: value for key, (least, value) in entry.crowd_defaults.items() if players >= least}


def for_players(rules: str, chosen: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The options chosen on the setup screen made to fit ``players`` players: every option
    whose default depends on the count gets the default for it unless chosen, and a chosen
    value that needs another count (``2v2`` teams with five) is dropped."""
    entry = find_ruleset(rules)
    out = dict(chosen)
    for key, value in list(out.items()):
        option = entry.family.options.get(key)
        if option is not None and option.players.get(value, players) != players:
            del out[key]
    for key in entry.crowd_defaults:
        if key not in out:
            out[key] = crowd_defaults(entry, players).get(key, entry.options[key])
    return out


def fill_absent(rules: str, options: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A record's ``options`` with the options it may leave out (those declared after it was
    written: :attr:`~game.engine.options.Option.absent`) filled in, and the keys still missing."""
    entry = find_ruleset(rules)
    filled = dict(options)
    missing = []
    for key, option in entry.family.options.items():
        if key not in filled:
            if option.absent is REQUIRED:
                missing.append(key)
            else:
                filled[key] = option.absent
    return filled, missing


def effective_options(rules: str, overrides: dict[str, Any] | None = None,
                      players: int | None = None, dealt_sizes_ok: bool = True) -> dict[str, Any]:
    """Preset + overrides, validated.  Raises :class:`OptionError` (a ValueError)."""
    entry = find_ruleset(rules)
    declarations = entry.family.options
    opts = dict(entry.options)
    overrides = overrides if isinstance(overrides, dict) else {}
    if players is not None:
        for key, value in crowd_defaults(entry, players).items():
            if key not in overrides:
                opts[key] = value
    for key, value in overrides.items():
        if key not in opts:
            shown = key if isinstance(key, str) and len(key) <= 40 else "?"
            raise OptionError(f"{rules} has no option {shown!r}", "unknown_option", key=shown)
        opts[key] = value
    for key, value in opts.items():
        option = declarations[key]
        code = option.problem(value)
        if code == "not_bool":
            raise OptionError(f"option {key} must be true or false", "not_bool", key=key)
        if code == "not_int":
            lo, hi = option.range
            extra = " or null" if option.nullable else ""
            raise OptionError(f"option {key} must be a whole number from {lo} to {hi}{extra}",
                              "not_int", key=key, min=lo, max=hi)
        if code:
            raise OptionError(f"option {key} must be one of {option.choices}", "not_choice", key=key,
                              choices=option.choices)
    for key, value in opts.items():
        option = declarations[key]
        if not option.is_on(value):
            continue
        for need in option.needs:
            if not declarations[need].is_on(opts[need]):
                raise OptionError(f"option {key} needs {need}", "needs", key=key, need=need)
        for other in option.excludes:
            if declarations[other].is_on(opts[other]):
                raise OptionError(f"options {key} and {other} cannot be played together", "excludes",
                                  key=key, other=other)
    if players is not None:
        check_players(rules, opts, players)
        checked = CheckedOptions(opts)
        checked.rules, checked.players = rules, players
        return checked
    return opts


def check_players(rules: str, opts: Mapping[str, Any], players: int) -> None:
    entry = find_ruleset(rules)
    lo, hi = entry.players
    if not _is_int(players) or not lo <= players <= hi:
        raise OptionError(f"{rules} is played by {lo} to {hi} players, not {players}", "players",
                          lo=lo, hi=hi, players=players if _is_int(players) else 0)
    for key, option in entry.family.options.items():
        need = option.players.get(opts.get(key))
        if need is not None and players != need:
            raise OptionError(f"{opts[key]} {key} needs exactly {need} players", "team_players",
                              players=need)
    hand = opts.get("hand_size")
    if hand and players * hand > len(entry.family.deck):
        most = len(entry.family.deck) // hand
        raise OptionError(f"{players} players cannot each get {hand} cards from "
                          f"{len(entry.family.deck)} (at most {most} players)", "hand_too_big",
                          players=players, cards=hand, max=most)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["effective_options", "check_players", "parse_option_value", "for_players", "fill_absent",
           "crowd_defaults", "is_checked", "CheckedOptions", "IllegalActionError", "OptionError"]
