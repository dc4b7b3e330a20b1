"""Option validation over the ruleset registry (:mod:`game.engine.registry`).

A ruleset id names a preset; any combination of the option keys of the record format
is a valid house ruleset as long as it passes :func:`effective_options`.  Every refusal
is an :class:`OptionError` with a stable code and parameters (for the setup screen and
the command line), never prose to be parsed.
"""

from __future__ import annotations

from .errors import IllegalActionError, OptionError
from .registry import find_ruleset

_CHOICES = {
    "reference": ("previous", "highest"), "tie_rule": ("all", "last"),
    "out_rule": ("reach", "exceed"), "buyback": ("none", "stake", "free", "worst"),
    "top_card": (None, "6C", "7"), "teams": (None, "2v2", "3v3"),
}
_BOOLS = {"descending", "optional_lowest", "no_ace_on_ace", "lead_lowest",
          "nearest_above", "twos_rule", "multi_lead", "score_piles", "exchange",
          "neighbours_only"}
#: whole-number options: (least, most).  The upper bounds keep every game finite and small
#: (a limit of 10**6 points would make a game of thousands of deals).
_INTS = {"hand_size": (1, 52), "top_value": (0, 100), "ace_value": (0, 100),
         "limit": (1, 1000), "lives": (0, 100), "stake": (0, 10000), "max_attack": (1, 6),
         "rounds": (1, 52)}


def parse_option_value(key: str, text: str):
    """Turn a command-line ``KEY=VALUE`` string into the option's type."""
    low = text.strip().lower()
    if key in _BOOLS:
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option {key} takes true/false, not {text!r}", "not_bool", key=key)
    if low in ("null", "none", ""):
        return None
    if key in _INTS:
        lo, hi = _INTS[key]
        if len(low) > 12:
            raise OptionError(f"option {key} must be a whole number from {lo} to {hi}", "not_int",
                              key=key, min=lo, max=hi)
        try:
            return int(text)
        except ValueError:
            raise OptionError(f"option {key} takes a whole number, not {text!r}", "not_int",
                              key=key, min=lo, max=hi) from None
    return text


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def effective_options(rules: str, overrides: dict | None = None, players: int | None = None,
                      dealt_sizes_ok: bool = True) -> dict:
    """Preset + overrides, validated.  Raises :class:`OptionError` (a ValueError)."""
    entry = find_ruleset(rules)
    opts = dict(entry.options)
    overrides = overrides if isinstance(overrides, dict) else {}
    if players is not None:
        for key, (least, value) in entry.crowd_defaults.items():
            if players >= least and key not in overrides:
                opts[key] = value     # e.g. Durak's neighbours_only with 5-6 players (registry crowd)
    for key, value in overrides.items():
        if key not in opts:
            shown = key if isinstance(key, str) and len(key) <= 40 else "?"
            raise OptionError(f"{rules} has no option {shown!r}", "unknown_option", key=shown)
        opts[key] = value
    for key, value in opts.items():
        if key in _BOOLS and not isinstance(value, bool):
            raise OptionError(f"option {key} must be true or false", "not_bool", key=key)
        if key in _INTS and not (key == "rounds" and value is None):
            lo, hi = _INTS[key]
            if not _is_int(value) or not lo <= value <= hi:
                extra = " or null" if key == "rounds" else ""
                raise OptionError(f"option {key} must be a whole number from {lo} to {hi}{extra}",
                                  "not_int", key=key, min=lo, max=hi)
        if key in _CHOICES and value not in _CHOICES[key]:
            raise OptionError(f"option {key} must be one of {_CHOICES[key]}", "not_choice",
                              key=key, choices=_CHOICES[key])
    if opts.get("score_piles") and not opts.get("descending"):
        raise OptionError("score_piles needs descending hands (a fixed hand size could run the "
                          "deck short)", "score_piles")
    if players is not None:
        check_players(rules, opts, players)
    return opts


def check_players(rules: str, opts: dict, players: int) -> None:
    entry = find_ruleset(rules)
    lo, hi = entry.players
    if not _is_int(players) or not lo <= players <= hi:
        raise OptionError(f"{rules} is played by {lo} to {hi} players, not {players}", "players",
                          lo=lo, hi=hi, players=players if _is_int(players) else 0)
    teams = opts.get("teams")
    if teams:
        need = int(teams[0]) * 2
        if players != need:
            raise OptionError(f"{teams} team play needs exactly {need} players", "team_players",
                              players=need)
    hand = opts.get("hand_size")
    if hand and players * hand > 52:
        raise OptionError(f"{players} players cannot each get {hand} cards from 52 "
                          f"(at most {52 // hand} players)", "hand_too_big", players=players,
                          cards=hand, max=52 // hand)


__all__ = ["effective_options", "check_players", "parse_option_value", "IllegalActionError",
           "OptionError"]
