"""Which AI plays which family: the one place the AI looks up a ruleset's family.

Keyed by the engine's family objects (:mod:`game.engine.registry`), never by their names;
a new family adds one entry here."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from ..engine.registry import DURAK, GURKA, Family, family_of
from .durak import levels as durak_ai
from .gurka import levels as gurka_ai
from .hint_figures import DurakObserver, GurkaObserver


@dataclass(frozen=True)
class FamilyAI:
    #: the levels' decisions: ``choose_easy``, ``choose_normal``, ``choose_hard``
    levels: ModuleType
    #: the hint's observer of every play-out (:mod:`game.ai.hint_figures`)
    observer: type
    #: a candidate of the family's search (``levels.choose_hard``'s ``stats``) as an action
    candidate_action: Callable
    #: a game of deals: a play-out may stop at the end of the deal and score its penalty
    #: (the Gurka family), else only the game's outcome says who did well (Durak)
    deals: bool


FAMILY_AI: dict[Family, FamilyAI] = {
    GURKA: FamilyAI(gurka_ai, GurkaObserver, lambda action: action, True),
    DURAK: FamilyAI(durak_ai, DurakObserver, durak_ai.action_of, False),
}


def family_ai(rules: str) -> FamilyAI:
    """The AI of ruleset ``rules``' family."""
    return FAMILY_AI[family_of(rules)]
