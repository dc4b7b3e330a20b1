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
:mod:`game.ai.gurka.info` turns that into how many of its hidden cards must be low.
"""

from __future__ import annotations

from ...engine.cards import FULL_DECK, INDEX
from ...engine.public import fold, new_table
from . import policy as gp

#: how many strength steps above the rule's threshold a kept card may still be
SLACK = 1.0


def _average(S) -> float:
    return sum(S[c] for c in FULL_DECK) / len(FULL_DECK)


def _reads(table, S, me: int) -> dict:
    """{seat: (strength, n)} from the exchanges of the table's current deal (the rule as
    Normal plays it); ``table`` is the engine's public fold."""
    size = table.tricks_per_deal()
    avg = _average(S)
    keep = int(avg + gp.EXCHANGE_MARGIN + SLACK)
    calm = int(avg + gp.FOREHAND_MARGIN + SLACK)
    stock = (len(FULL_DECK) - sum(len(p) for p in table.piles)
             - size * sum(table.in_deal))
    first = None
    out = {}
    for s, j in table.exchanged.items():          # in the order they exchanged
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
    return int(_average(S) + gp.EXCHANGE_MARGIN - SLACK) + 1


def low_reads(view: dict, S) -> dict:
    """{seat: (strength, n)} for the deal in progress, from the seats whose finished
    deals of this game kept to the rule (module docstring)."""
    me = view["seat"]
    table = new_table(view["rules"], view["options"], view["players"])
    broke: set[int] = set()
    for ev in view["events"]:
        fold(table, ev)
        if ev["type"] != "score":
            continue
        # a finished deal: every seat played its whole hand after the exchange
        for s, (strength, n) in _reads(table, S, me).items():
            held = [INDEX[c] for tr in table.tricks for p, cs in tr.plays if p == s for c in cs]
            if sum(S[c] <= strength for c in held) < n:
                broke.add(s)
    return {s: r for s, r in _reads(table, S, me).items() if s not in broke}


__all__ = ["low_reads", "discard_floor", "SLACK"]
