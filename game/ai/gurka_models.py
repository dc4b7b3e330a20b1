"""Which play-out model fits each other seat: the play-out heuristic or a learned policy.

Hard's play-outs play the other seats with a model of how they play.  Two models are on
offer: the heuristic (``gurka_policy.play_fast``: lead and follow high) and the learned
table policy (:mod:`game.ai.learned_table`, a player trained by self-play).  Which one a
seat plays like is read from the game's finished deals, where every card was played, so
each play can be replayed with the hand the seat held then and the cards it had not seen:
per seat, how many of its plays with a real choice each model would have made.  A seat is
played by the learned policy once that policy has made :data:`MARGIN` more of its plays
than the heuristic (as many, or fewer: the heuristic, the model of every seat before its
first deal is seen).  Only the view's public events are read.
"""

from __future__ import annotations

from ..engine.cards import FULL_DECK, INDEX
from ..engine.public import fold, new_table
from . import gurka_policy as gp
from . import learned as L
from . import learned_table
from .gurka_likely import deal_plays, legal_moves

#: how many more of a seat's plays the learned policy must have made than the heuristic
MARGIN = 3


def agreement(view: dict, S, V, opts) -> dict:
    """{seat: [plays with a choice, the heuristic's, the learned policy's]} over the view's
    finished deals (the view's own seat left out)."""
    me = view["seat"]
    table = new_table(view["rules"], view["options"], view["players"])
    pol = learned_table.policy()
    out: dict = {}
    piled: set = set()
    for ev in view["events"]:
        if ev["type"] == "deal":
            fold(table, ev)
            piled = {INDEX[c] for p in table.piles for c in p}
            continue
        fold(table, ev)
        if ev["type"] != "score":
            continue
        tricks = [tr.plays for tr in table.tricks]
        if not tricks:
            continue
        n_deal = len(tricks[0])
        gone = set(piled)
        for s, cards, before, later in deal_plays(tricks):
            hand = list(cards) + later
            if s != me:
                moves = L.distinct(legal_moves(hand, before, S, opts), S)
                if len(moves) > 1:
                    row = out.setdefault(s, [0, 0, 0])
                    row[0] += 1
                    key = gp.move_key(cards, S)
                    pick = gp.play_fast(hand, before, moves, S, opts)
                    row[1] += gp.move_key(pick, S) == key
                    unseen = [c for c in FULL_DECK if c not in gone and c not in hand]
                    h, k = len(hand), len(cards)
                    in_hands = len(before) * (h - k) + (n_deal - 1 - len(before)) * h
                    sit = L.Situation(hand, before, L.strength_count(unseen, S), in_hands,
                                      n_deal, opts, S, V)
                    row[2] += gp.move_key(pol.best(sit, moves), S) == key
            gone.update(cards)
    return out


def learned_seats(view: dict, S, V, opts) -> frozenset:
    """The other seats the learned policy fits better (see the module docstring)."""
    return frozenset(s for s, (_n, heur, lrn) in agreement(view, S, V, opts).items()
                     if lrn - heur >= MARGIN)
