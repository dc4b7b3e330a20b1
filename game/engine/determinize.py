"""Full game states from one seat's view plus an assignment of the cards it cannot see.

A searching player (the Hard AI) plays on complete states but may only know its seat's
view.  This module is the engine's one way to build such states::

    pos = Position(view, legal)            # folds the view once (game.engine.public)
    pos.slots                              # what is hidden: HiddenSlots
    state = pos.state(Assignment({1: [...], 2: [...]}, stock=[...]))

or in one call ``state_from_view(view, assignment, legal)``; ``hidden_slots(view)`` gives
the slots alone.  Cards are card ints (:mod:`game.engine.cards`).

The state is built directly, not by replaying a made-up record: the public facts come
from the public fold of the view's events (:mod:`game.engine.public`), the seat's own
hand from the view, the hidden cards from the assignment; the family modules
(:mod:`.determinize_gurka`, :mod:`.determinize_durak`) set the state machine's fields.
The state's ``events`` are the view's events, so ``state.view(seat) == view``; it is a
state to search on (``copy``, ``apply``, the search API), not one to save.

**The acting seat.** The view must be that of the seat to act.  Where the live turn
order depends on hidden hands, the view's seat is taken as the one the engine asked:
Durak's first attacker of the first game's first bout (the holder of the lowest trump),
and the attacker asked to add cards among several who might (the first in priority
order who can).  ``legal`` (the seat's legal actions) tells a pending Durak trump-six
offer from one the seat already declined (a decline writes no event); without it an
offer that may be pending is taken as pending.  An assignment that contradicts what
the acting seat implies (another seat holding a lower trump before the first lead) still
gives a state in which the view's seat acts: consistency beyond the counts is the
sampler's business (:attr:`HiddenSlots` gives the counts; the AI adds its inferences).
"""

from __future__ import annotations

from typing import Any

from .hidden import Assignment as Assignment
from .hidden import FamilyPosition as FamilyPosition
from .hidden import HiddenSlots as HiddenSlots
from .hidden import Legal as Legal
from .public import table_of
from .registry import family_of

class Position:
    """One seat's view folded once: its hidden slots, and states for assignments."""

    def __init__(self, view: dict[str, Any], legal: Legal | None = None, table: Any = None):
        self.view = view
        self.seat = view["seat"]
        self.table = table if table is not None else table_of(view)
        self._impl = family_of(view["rules"]).make_position(view, self.table, legal)
        self.slots = HiddenSlots(self.seat, **self._impl.slot_fields)

    def state(self, assignment: Assignment, seed: int = 0, check: bool = True) -> Any:
        """A full state: the view's position with ``assignment`` filling the hidden cards.

        ``seed`` seeds the state's own RNG (later deals); ``check``: refuse an assignment
        that does not fit :attr:`slots` (ValueError).  (Any, as :func:`game.engine.public.table_of`:
        the family's state, chosen at run time by the ruleset id, which the caller knows.)
        """
        if check:
            check_assignment(self.slots, assignment)
        return self._impl.state(assignment, seed)


def check_assignment(slots: HiddenSlots, assignment: Assignment) -> None:
    """ValueError unless ``assignment`` fills ``slots`` exactly with distinct unseen cards."""
    pool = set(slots.unseen)
    used: set[int] = set()
    if set(assignment.hands) - set(slots.hands):
        raise ValueError("the assignment gives cards to a seat with no hidden cards")
    parts = [(f"seat {s}", assignment.hands.get(s, ()), k) for s, k in slots.hands.items()]
    parts.append(("the stock", assignment.stock, slots.stock))
    for what, cards, want in parts:
        if len(cards) != want:
            raise ValueError(f"{what} needs {want} hidden card(s), not {len(cards)}")
        for c in cards:
            if c not in pool or c in used:
                raise ValueError(f"card {c!r} is not an unseen card or is given twice")
            used.add(c)


def hidden_slots(view: dict[str, Any], legal: Legal | None = None) -> HiddenSlots:
    """What the view's seat cannot see (see :class:`HiddenSlots`)."""
    return Position(view, legal).slots


def state_from_view(view: dict[str, Any], assignment: Assignment,
                    legal: Legal | None = None, seed: int = 0) -> Any:
    """A full state consistent with ``view`` whose hidden cards are ``assignment``."""
    return Position(view, legal).state(assignment, seed)


__all__ = ["HiddenSlots", "Assignment", "FamilyPosition", "Legal", "Position", "hidden_slots",
           "state_from_view", "check_assignment"]
