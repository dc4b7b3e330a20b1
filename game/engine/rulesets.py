"""The six rulesets as presets over option data, and option validation.

A ruleset id names a preset; any combination of the option keys of the
record format is a valid house ruleset as long as it passes
:func:`effective_options`.
"""

from __future__ import annotations

from .errors import IllegalActionError

GURKA_DEFAULTS: dict = {
    "hand_size": 6, "descending": False, "rounds": None,
    "reference": "previous", "optional_lowest": False, "no_ace_on_ace": False,
    "lead_lowest": False, "nearest_above": False, "twos_rule": False,
    "multi_lead": False, "top_card": None, "top_value": 21, "ace_value": 14,
    "tie_rule": "all", "limit": 30, "out_rule": "reach", "score_piles": False,
    "lives": 0, "buyback": "none", "stake": 0, "exchange": False,
}

PRESETS: dict[str, dict] = {
    "gurka-se": {**GURKA_DEFAULTS, "buyback": "stake", "stake": 10},
    "agurk-dk": {**GURKA_DEFAULTS, "hand_size": 7, "reference": "highest",
                 "no_ace_on_ace": True, "limit": 21},
    "agurk-no": {**GURKA_DEFAULTS, "hand_size": 7, "reference": "highest"},
    "gurka-is": {**GURKA_DEFAULTS, "hand_size": 10, "descending": True,
                 "reference": "highest", "optional_lowest": True, "multi_lead": True,
                 "top_card": "6C", "tie_rule": "last", "limit": 21,
                 "out_rule": "exceed", "score_piles": True},
    "gurka-is7": {**GURKA_DEFAULTS, "hand_size": 7, "descending": True, "rounds": 7,
                  "reference": "highest", "optional_lowest": True, "multi_lead": True,
                  "top_card": "7", "tie_rule": "last", "limit": 21, "exchange": True},
    "durak": {"teams": None, "neighbours_only": False, "max_attack": 6},
}

#: (min, max) players per ruleset before the hand-size limit is applied.
PLAYER_RANGE: dict[str, tuple[int, int]] = {
    "gurka-se": (3, 8), "agurk-dk": (3, 8), "agurk-no": (3, 8),
    "gurka-is": (2, 4), "gurka-is7": (2, 5), "durak": (2, 6),
}

#: Native names shown to players.
NATIVE_NAMES: dict[str, str] = {
    "gurka-se": "Gurka", "agurk-dk": "Agurk", "agurk-no": "Agurk",
    "gurka-is": "Gúrka", "gurka-is7": "Sjö umferða Gúrka", "durak": "Durak",
}

RULESETS = tuple(PRESETS)

_CHOICES = {
    "reference": ("previous", "highest"), "tie_rule": ("all", "last"),
    "out_rule": ("reach", "exceed"), "buyback": ("none", "stake", "free", "worst"),
    "top_card": (None, "6C", "7"), "teams": (None, "2v2", "3v3"),
}
_BOOLS = {"descending", "optional_lowest", "no_ace_on_ace", "lead_lowest",
          "nearest_above", "twos_rule", "multi_lead", "score_piles", "exchange",
          "neighbours_only"}
_INTS = {"hand_size": 1, "top_value": 0, "ace_value": 0, "limit": 1, "lives": 0,
         "stake": 0, "max_attack": 1}


def is_durak(rules: str) -> bool:
    return rules == "durak"


def parse_option_value(key: str, text: str):
    """Turn a command-line ``KEY=VALUE`` string into the option's type."""
    low = text.strip().lower()
    if key in _BOOLS:
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"option {key} takes true/false, not {text!r}")
    if low in ("null", "none", ""):
        return None
    if key in _INTS or key == "rounds":
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {key} takes a whole number, not {text!r}") from None
    return text


def effective_options(rules: str, overrides: dict | None = None, players: int | None = None,
                      dealt_sizes_ok: bool = True) -> dict:
    """Preset + overrides, validated.  Raises ValueError with a reason."""
    if not isinstance(rules, str) or rules not in PRESETS:
        raise ValueError(f"unknown ruleset {rules!r}; choose one of {', '.join(RULESETS)}")
    opts = dict(PRESETS[rules])
    overrides = overrides if isinstance(overrides, dict) else {}
    if is_durak(rules) and players is not None and players >= 5 and "neighbours_only" not in overrides:
        opts["neighbours_only"] = True   # RECORDS.md: on by default with 5-6 players
    for key, value in overrides.items():
        if key not in opts:
            raise ValueError(f"{rules} has no option {key!r}")
        opts[key] = value
    for key, value in opts.items():
        if key in _BOOLS and not isinstance(value, bool):
            raise ValueError(f"option {key} must be true or false, not {value!r}")
        if key in _INTS and (not isinstance(value, int) or isinstance(value, bool) or value < _INTS[key]):
            raise ValueError(f"option {key} must be a whole number ≥ {_INTS[key]}, not {value!r}")
        if key in _CHOICES and value not in _CHOICES[key]:
            raise ValueError(f"option {key} must be one of {_CHOICES[key]}, not {value!r}")
    if "rounds" in opts and opts["rounds"] is not None:
        if not isinstance(opts["rounds"], int) or isinstance(opts["rounds"], bool) or opts["rounds"] < 1:
            raise ValueError(f"option rounds must be null or a whole number ≥ 1, not {opts['rounds']!r}")
    if not is_durak(rules):
        if opts["score_piles"] and not opts["descending"]:
            raise ValueError("score_piles needs descending hands (a fixed hand size could run the deck short)")
        if players is not None:
            check_players(rules, opts, players)
    elif players is not None:
        check_players(rules, opts, players)
    return opts


def check_players(rules: str, opts: dict, players: int) -> None:
    lo, hi = PLAYER_RANGE[rules]
    if not lo <= players <= hi:
        raise ValueError(f"{rules} is played by {lo} to {hi} players, not {players}")
    if is_durak(rules):
        teams = opts.get("teams")
        if teams == "2v2" and players != 4:
            raise ValueError("2v2 team play needs exactly 4 players")
        if teams == "3v3" and players != 6:
            raise ValueError("3v3 team play needs exactly 6 players")
        return
    hand = opts["hand_size"]
    if players * hand > 52:
        raise ValueError(f"{players} players cannot each get {hand} cards from 52 "
                         f"(at most {52 // hand} players)")


__all__ = ["PRESETS", "PLAYER_RANGE", "NATIVE_NAMES", "RULESETS", "effective_options",
           "check_players", "parse_option_value", "is_durak", "IllegalActionError"]
