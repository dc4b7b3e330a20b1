"""What one seat cannot see, as the determinizer (:mod:`game.engine.determinize`) and each
family's half of it share it: the hidden slots, an assignment of cards to them, and the
family's position that turns an assignment into a state.  A leaf: the families and the
registry name these shapes without importing the determinizer."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Protocol, Sequence

from .base import GameState

#: the seat's legal actions, as the engine gave them (or a bot's plain dicts)
Legal = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class HiddenSlots:
    """What one seat cannot see, in the terms of an :class:`Assignment`.

    ``unseen``: every card the seat cannot see (sorted): in other hands, in the stock,
    or out of play unseen (another player's exchanged cards; in the Gurka family the
    undealt cards outside seven-round Gúrka's exchange).  ``hands``: other seat -> how many
    of its cards are hidden.  ``stock``: how many stock cards the assignment must order
    (Gurka: the undealt cards while the exchange draws from them, else 0; Durak: the
    stock under the face-up card).  ``known``: other seat -> cards known to be in its
    hand (Durak: picked up from the table, the face-up card drawn last, the trump card
    taken by a swap).  ``fresh``: Durak, other seat -> how many of its hidden cards it
    drew in the refill that emptied the stock, while that still matters (the last
    ``fresh[s]`` cards of ``hands[s]`` in an assignment; the final-refill claim of the
    trump card depends on who drew the trump six).  The cards of ``unseen`` that an
    assignment puts in no hand and not in the stock are out of play.
    """

    seat: int
    unseen: tuple[int, ...]
    hands: Mapping[int, int]
    stock: int = 0
    known: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    fresh: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def out_of_play(self) -> int:
        """How many unseen cards are neither in a hand nor in the ordered stock."""
        return len(self.unseen) - sum(self.hands.values()) - self.stock


@dataclass(frozen=True)
class Assignment:
    """The hidden cards: ``hands[seat]`` (card ints, ``HiddenSlots.hands[seat]`` of them,
    in the order they came into the hand, older first) and ``stock`` (``HiddenSlots.stock``
    card ints, the next card drawn first)."""

    hands: Mapping[int, Sequence[int]]
    stock: Sequence[int] = ()


class FamilyPosition(Protocol):
    """A family's half of a :class:`Position` (``make_position`` of its registry entry)."""

    #: the :class:`HiddenSlots` fields besides ``seat``
    slot_fields: dict[str, Any]

    def state(self, assignment: Assignment, seed: int) -> GameState: ...
