"""A card's spoken name ("seven of clubs", "klöver sju", "laufsjöa"), for screen readers.

On the screen a card is its index and suit (``7♣``, :func:`game.ui.cards.card_text`); a
screen reader says a glyph as a symbol's name, so the accessibility tree names each card in
words, as a player of the language says it.
"""

from __future__ import annotations

from ..i18n import _, pgettext


def rank_name(rank: str) -> str:
    return {
        # TRANSLATORS: a card's rank as said aloud, in a card's spoken name ("{rank} of {suit}")
        "2": lambda: pgettext("rank", "two"), "3": lambda: pgettext("rank", "three"),
        "4": lambda: pgettext("rank", "four"), "5": lambda: pgettext("rank", "five"),
        "6": lambda: pgettext("rank", "six"), "7": lambda: pgettext("rank", "seven"),
        "8": lambda: pgettext("rank", "eight"), "9": lambda: pgettext("rank", "nine"),
        "T": lambda: pgettext("rank", "ten"), "J": lambda: pgettext("rank", "jack"),
        "Q": lambda: pgettext("rank", "queen"), "K": lambda: pgettext("rank", "king"),
        "A": lambda: pgettext("rank", "ace"),
    }[rank]()


def suit_name(suit: str) -> str:
    return {
        # TRANSLATORS: a suit as said in a card's spoken name ("{rank} of {suit}"): in a
        # language that joins them into one word, the first part of it ("spaða" in "spaðaás")
        "S": lambda: pgettext("suit", "spades"), "H": lambda: pgettext("suit", "hearts"),
        "D": lambda: pgettext("suit", "diamonds"), "C": lambda: pgettext("suit", "clubs"),
    }[suit]()


def card_name(card: str | None) -> str:
    """The card's name in words; "" for a card not known (a hidden one)."""
    if not card or len(card) != 2 or card[0] not in "23456789TJQKA" or card[1] not in "SHDC":
        return ""
    # TRANSLATORS: a card's spoken name for screen readers: {rank} such as "seven", {suit} such
    # as "clubs"; put them in your language's order (Swedish "{suit} {rank}": "klöver sju";
    # Icelandic joins them: "{suit}{rank}", "laufsjöa")
    return _("{rank} of {suit}").format(rank=rank_name(card[0]), suit=suit_name(card[1]))
