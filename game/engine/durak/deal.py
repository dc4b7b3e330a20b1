"""The Durak deal: shuffling and dealing with the RNG, or checking a recorded deal.

Six cards each, one at a time clockwise from the dealer's left.  With fewer
than six players the next card is the trump card, shown under the stock (the
stock's last card).  With six players the whole deck is dealt and the
dealer's last card is shown as trump and stays in the dealer's hand.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..actions import Event
from ..cards import NAMES, SHORT_DECK, names, parse, parse_list
from ..errors import IllegalActionError

HAND = 6


def deal_random(rng: random.Random, n: int, dealer: int) -> tuple[list[list[int]], int, list[int]]:
    """(hands, trump card, stock top first)."""
    deck = list(SHORT_DECK)
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(n)]
    order = [(dealer + i) % n for i in range(1, n + 1)]
    i = 0
    for _ in range(HAND):
        for s in order:
            hands[s].append(deck[i])
            i += 1
    if n * HAND == len(deck):
        return hands, hands[dealer][-1], []
    trump = deck[i]
    return hands, trump, deck[i + 1:] + [trump]


def check_deal(event: Mapping[str, Any], n: int, expected_dealer: int | None
               ) -> tuple[int, list[list[int]], int, list[int]]:
    """Validate a recorded deal; returns (dealer, hands, trump card, stock top first)."""
    dealer = event.get("dealer")
    if not (isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < n):
        raise IllegalActionError(f"dealer {dealer!r} is not a seat", "bad_deal")
    if expected_dealer is not None and dealer != expected_dealer:
        raise IllegalActionError(f"seat {expected_dealer} deals now, not seat {dealer}", "bad_deal")
    raw = event.get("hands")
    if not isinstance(raw, list) or len(raw) != n:
        raise IllegalActionError(f"a deal needs one hand per seat ({n})", "bad_deal")
    try:
        hands = [parse_list(h, f"seat {s}'s hand") for s, h in enumerate(raw)]
        stock = parse_list(event.get("stock"), "stock")
        trump = parse(event.get("trump"))
    except ValueError as e:
        raise IllegalActionError(str(e), "bad_deal") from None
    for s, h in enumerate(hands):
        if len(h) != HAND:
            raise IllegalActionError(f"seat {s} must get {HAND} cards, not {len(h)}", "bad_deal")
    seen: set[int] = set()
    deck = set(SHORT_DECK)
    for c in [c for h in hands for c in h] + stock:
        if c not in deck:
            raise IllegalActionError(f"{NAMES[c]} is not in the 36-card deck", "bad_deal")
        if c in seen:
            raise IllegalActionError(f"{NAMES[c]} is dealt twice", "bad_deal")
        seen.add(c)
    if len(seen) != len(deck):
        raise IllegalActionError(f"the deal must use all 36 cards, not {len(seen)}", "bad_deal")
    if n * HAND == len(deck):
        if trump != hands[dealer][-1]:
            raise IllegalActionError("with six players the trump card is the dealer's last card",
                                     "bad_deal")
    elif not stock or stock[-1] != trump:
        raise IllegalActionError("the trump card must be the last card of the stock", "bad_deal")
    return dealer, hands, trump, stock


def deal_event(dealer: int, hands: Sequence[Sequence[int]], trump: int,
               stock_top_first: Sequence[int]) -> Event:
    return {"type": "deal", "dealer": dealer, "hands": [names(h) for h in hands],
            "trump": NAMES[trump], "stock": names(stock_top_first)}
