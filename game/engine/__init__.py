"""Pure rules: no pygame, no I/O.  See :mod:`game.engine.base` for the API.

The names below are loaded from their modules when first used (PEP 562), so that
importing one small module of the engine (the registry, say) does not load all of it.
"""

from __future__ import annotations

import importlib
from typing import Any

# light modules, loaded at once (``rulesets`` the function shadows the module's name, as before;
# ``X as X``: exported, for a type checker)
from .errors import IllegalActionError as IllegalActionError, OptionError as OptionError
from .errors import RecordError as RecordError
from .rulesets import effective_options as effective_options
from .registry import DURAK as DURAK, FAMILIES as FAMILIES, GURKA as GURKA, Family as Family
from .registry import Ruleset as Ruleset, find_ruleset as find_ruleset, register as register
from .registry import ruleset_ids as ruleset_ids, rulesets as rulesets, unregister as unregister

_WHERE = {
    "CHANCE": "base", "FORMAT": "base", "GameState": "base", "Outcome": "base",
    "IllegalActionError": "errors", "OptionError": "errors", "RecordError": "errors",
    "dumps": "records", "load_records": "records", "new_game": "records", "replay": "records",
    "DURAK": "registry", "FAMILIES": "registry", "GURKA": "registry", "ruleset_ids": "registry",
    "Family": "registry", "Ruleset": "registry", "find_ruleset": "registry", "rulesets": "registry",
    "register": "registry", "unregister": "registry", "effective_options": "rulesets",
}

__all__ = sorted(_WHERE)
_EAGER = (IllegalActionError, OptionError, RecordError, effective_options, DURAK, FAMILIES, GURKA,
          Family, Ruleset, find_ruleset, register, ruleset_ids, rulesets, unregister)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'game.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
