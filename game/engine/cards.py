"""Cards as small ints, and their two-character names (``TD``, ``6C``).

A card is ``rank_index * 4 + suit_index`` with ranks ``23456789TJQKA`` and
suits ``CDHS``.  Ints keep the hot paths (legal moves, random play) cheap;
names are used at every boundary (events, records, views, actions).
"""

from __future__ import annotations

from typing import Iterable

RANKS = "23456789TJQKA"
SUITS = "CDHS"

NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}

FULL_DECK: tuple[int, ...] = tuple(range(52))
#: Durak's 36-card deck: sixes to aces.
SHORT_DECK: tuple[int, ...] = tuple(c for c in range(52) if c // 4 >= RANKS.index("6"))


def rank_of(card: int) -> int:
    """Face rank 2..14 (A = 14)."""
    return card // 4 + 2


def suit_of(card: int) -> str:
    return SUITS[card % 4]


def name(card: int) -> str:
    return NAMES[card]


def parse(text: object) -> int:
    """Card index from its name; ValueError with a readable reason otherwise."""
    if not isinstance(text, str) or text not in INDEX:
        raise ValueError(f"{text!r} is not a card (expected e.g. 'TD', '6C')")
    return INDEX[text]


def parse_list(value: object, what: str = "cards") -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of cards, got {value!r}")
    return [parse(v) for v in value]


def names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]
