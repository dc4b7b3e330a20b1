"""Pure rules: no pygame, no I/O.  See :mod:`game.engine.base` for the API."""

from .base import CHANCE, FORMAT, GameState, Outcome
from .errors import IllegalActionError, OptionError, RecordError
from .records import dumps, load_records, new_game, replay
from .registry import DURAK, FAMILIES, GURKA, RULESET_IDS, Family, Ruleset, find_ruleset, rulesets
from .rulesets import NATIVE_NAMES, PLAYER_RANGE, PRESETS, RULESETS, effective_options

__all__ = ["CHANCE", "FORMAT", "GameState", "Outcome", "IllegalActionError", "RecordError",
           "OptionError", "Family", "Ruleset", "GURKA", "DURAK", "FAMILIES", "RULESET_IDS",
           "find_ruleset", "rulesets",
           "new_game", "replay", "load_records", "dumps", "NATIVE_NAMES", "PLAYER_RANGE",
           "PRESETS", "RULESETS", "effective_options"]
