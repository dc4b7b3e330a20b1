"""Pure rules: no pygame, no I/O.  See :mod:`game.engine.base` for the API."""

from .base import CHANCE, FORMAT, GameState, Outcome
from .errors import IllegalActionError, RecordError
from .records import dumps, load_records, new_game, replay
from .rulesets import NATIVE_NAMES, PLAYER_RANGE, PRESETS, RULESETS, effective_options

__all__ = ["CHANCE", "FORMAT", "GameState", "Outcome", "IllegalActionError", "RecordError",
           "new_game", "replay", "load_records", "dumps", "NATIVE_NAMES", "PLAYER_RANGE",
           "PRESETS", "RULESETS", "effective_options"]
