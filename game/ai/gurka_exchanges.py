"""What the others' exchanges in seven-round Gúrka say about their hands.

A player who exchanges discards its worst cards, the strongest first.  One who stops
before its limit (exchanges fewer cards than it was allowed) kept every other card
because it was not worth changing: with the way Normal exchanges (every card stronger
than two steps below the unseen cards' average, :data:`gurka_policy.EXCHANGE_MARGIN`),
the cards it kept are all low.  A forehand who exchanges nothing at all holds no card
much stronger than the average (:data:`gurka_policy.FOREHAND_MARGIN`).  The cards it
drew are random, so the hand after an exchange of ``j`` cards out of ``H`` holds at
least ``H - j`` low cards.

Read only from a seat whose finished deals of this game never broke the rule (every
card is played in a deal, so a finished deal shows the whole hand after the exchange):
a seat that exchanges another way (fewer, or by another measure) is not read this way
once one of its deals shows it.  The thresholds allow a step of slack, because the
average a player compares with leaves out its own hand, which nobody else sees.

:func:`low_reads` gives, for the deal in progress, ``{seat: (strength, n)}``: the seat's
hand after its exchange held at least ``n`` cards no stronger than ``strength``;
:mod:`game.ai.gurka_info` turns that into how many of its hidden cards must be low.
"""

from __future__ import annotations

from ..engine.cards import FULL_DECK, INDEX
from . import gurka_policy as gp

#: how many strength steps above the rule's threshold a kept card may still be
SLACK = 1.0


def _deals(events: list[dict]):
    """Each deal's events (from its ``deal`` event), in order."""
    start = None
    for i, e in enumerate(events):
        if e["type"] == "deal":
            if start is not None:
                yield events[start:i]
            start = i
    if start is not None:
        yield events[start:]


def _reads(deal: list[dict], S, me: int) -> dict:
    """{seat: (strength, n)} from one deal's exchanges (the rule as Normal plays it)."""
    hands = deal[0]["hands"]
    dealt = [h for h in hands if h is not None]
    if not dealt:
        return {}
    size = len(dealt[0]) if isinstance(dealt[0], list) else dealt[0]
    avg = sum(S[c] for c in FULL_DECK) / len(FULL_DECK)
    keep = int(avg + gp.EXCHANGE_MARGIN + SLACK)
    calm = int(avg + gp.FOREHAND_MARGIN + SLACK)
    stock = len(FULL_DECK) - size * len(dealt)
    first = None
    out = {}
    for e in deal[1:]:
        if e["type"] != "exchange":
            if e["type"] == "play":
                break
            continue
        s = e["player"]
        j = e["discard"] if isinstance(e["discard"], int) else len(e["discard"])
        limit = size if first is None else min(first, stock)
        if s != me:
            if first is None and j == 0:
                out[s] = (calm, size)          # a forehand who saw nothing worth changing
            elif j < limit:
                out[s] = (keep, size - j)      # stopped before its limit: the rest is low
        if first is None:
            first = j
        stock -= j
    return out


def discard_floor(S) -> int:
    """The weakest strength a discard of the rule can have (less a step of slack)."""
    avg = sum(S[c] for c in FULL_DECK) / len(FULL_DECK)
    return int(avg + gp.EXCHANGE_MARGIN - SLACK) + 1


def _plays(deal: list[dict]) -> dict:
    hands: dict[int, list[int]] = {}
    for e in deal:
        if e["type"] == "play":
            hands.setdefault(e["player"], []).extend(INDEX[c] for c in e["cards"])
    return hands


def _holds(read: tuple, cards: list[int], S) -> bool:
    strength, n = read
    return sum(S[c] <= strength for c in cards) >= n


def low_reads(view: dict, S) -> dict:
    """{seat: (strength, n)} for the deal in progress, from the seats whose finished
    deals of this game kept to the rule (module docstring)."""
    me = view["seat"]
    deals = list(_deals(view["events"]))
    if not deals:
        return {}
    broke: set[int] = set()
    for deal in deals[:-1]:
        played = _plays(deal)
        for s, read in _reads(deal, S, me).items():
            if not _holds(read, played.get(s, []), S):
                broke.add(s)
    return {s: r for s, r in _reads(deals[-1], S, me).items() if s not in broke}


__all__ = ["low_reads", "discard_floor", "SLACK"]
