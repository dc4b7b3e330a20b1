"""What the interface has for each family: the one place it looks up a ruleset's family.

Keyed by the engine's family objects (:mod:`game.engine.registry`), never by their names:
the table part that shows the family's game and its decision, what a tutorial's callout reads off the
public table, and the keyboard rows that differ per family (:mod:`game.ui.shortcuts`).
A new family adds one entry here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...engine.registry import DURAK, GURKA, Family, family_of, find_ruleset
from ...i18n import _
from .. import resume_point, tool_keys, tool_names
from .decision_base import Decision
from .durak_decision import DurakDecision
from .durak_part import DurakPart
from .gurka_decision import GurkaDecision
from .gurka_part import GurkaPart
from .part_base import TablePart


def _none(*_args) -> None:
    return None


def _no_cards(*_args) -> list:
    return []


def _passing_on(rules: str | None) -> list[tuple[str, str]]:
    """Transfer Durak's keys, at a table whose ruleset passes attacks on (every Durak ruleset
    when ``rules`` is None or unknown)."""
    try:
        on = rules is None or bool(find_ruleset(rules).options.get("transfer"))
    except ValueError:
        on = True
    keys = tool_keys.action_letters()
    # TRANSLATORS: the keys of transfer Durak's buttons (Pass on, Show trump)
    return [(f"{keys['pass_on']} / {keys['show_trump']}", _("pass the attack on, show the trump"))] if on else []


@dataclass(frozen=True)
class FamilyUI:
    #: the table part that shows the family's game
    part: type[TablePart]
    #: the player's decision at its table: buttons, prompt, marks over the hand
    decision: type[Decision]
    #: the look back's name (L): "Previous trick" (or bout), as its button says it
    look_back: Callable[[], str]
    #: what Page Up / Page Down do in the replay viewer: "the previous or next deal" (or bout)
    replay_pages: Callable[[], str]
    #: ``rules -> [(keys, what they do)]``: the family's own keys at the table of that ruleset
    #: (None: every ruleset of the family)
    own_keys: Callable[[str | None], list[tuple[str, str]]] = _no_cards
    #: ``(public table, seat) -> cards``: a seat's score pile (a callout rings it)
    pile: Callable = _no_cards
    #: ``public table -> card``: the face-up trump card under the stock, None without one
    trump_card: Callable = _none
    #: ``(events, seen) -> index``: the first event a resumed game shows again with its
    #: animation, ``seen`` the events the table had shown when it was saved, or None
    #: (:mod:`game.ui.resume_point`)
    resume_from: Callable = lambda events, seen=None: len(events)


FAMILY_UI: dict[Family, FamilyUI] = {
    GURKA: FamilyUI(GurkaPart, GurkaDecision, tool_names.previous_trick, lambda: _("the previous or next deal"),
                    pile=lambda model, s: list(model.piles[s]), resume_from=resume_point.gurka),
    DURAK: FamilyUI(DurakPart, DurakDecision, tool_names.previous_bout, lambda: _("the previous or next bout"),
                    own_keys=lambda rules: [("1–9", _("Durak: the attack card to beat")), *_passing_on(rules)],
                    trump_card=lambda model: model.bottom, resume_from=resume_point.durak),
}


def family_ui(rules: str) -> FamilyUI:
    """What the interface has for ruleset ``rules``' family."""
    return FAMILY_UI[family_of(rules)]


def part_for(family: Family) -> type[TablePart]:
    return FAMILY_UI[family].part


def decision_for(family: Family) -> type[Decision]:
    return FAMILY_UI[family].decision
