"""Which model of play fits each other seat, and what that model says about its hand.

Hard's play-outs play the other seats with a model of how they play.  Two models are on
offer: the heuristic (``gurka_policy.play_fast``: lead and follow high) and the learned
table policy (:mod:`game.ai.learned.table`, a player trained by self-play).  Which one a
seat plays like is read from the game's finished deals, where every card was played, so
each play can be replayed with the hand the seat held then and the cards it had not seen:
per seat, which of its plays with a real choice each model would have made.  Each model is
taken to make a player's play with the chance :data:`HIT` (its own play) or share the rest
evenly with the other moves; a seat is read as playing the learned policy once the
log-likelihood ratio of its plays under the two models reaches :data:`LLR` (before its
first deal is seen, every seat is read as the heuristic).  Only the view's public events
are read.

:class:`ModelPlays` then weighs a sampled deal of the hidden cards by how likely the
learned policy makes the plays of this deal of the seats read as playing it (each play
replayed with the hand the sample gives the seat then): inference by the model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.cards import FULL_DECK, INDEX
from ...engine.public import fold, new_table
from . import policy as gp
from ..learned import network as learned
from ..learned import table as learned_table
from .likely import deal_plays, legal_moves

import math

#: the chance each model is taken to make a player's play (heuristic, learned policy), the
#: number of different moves a choice is taken to have, and the log-likelihood ratio from
#: which a seat is read as playing the learned policy
HIT = (0.6, 0.8)
MOVES = 3
LLR = 2.0
#: a sampled deal the seat's plays could not have come from
IMPOSSIBLE = 0.01


def agreement(view: dict, S, V, opts) -> dict:
    """{seat: [plays with a choice, the heuristic's, the learned policy's, both's]} over the
    view's finished deals (the view's own seat left out)."""
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
                moves = learned.distinct(legal_moves(hand, before, S, opts), S)
                if len(moves) > 1:
                    row = out.setdefault(s, [0, 0, 0, 0])
                    row[0] += 1
                    key = gp.move_key(cards, S)
                    heur = gp.move_key(gp.play_fast(hand, before, moves, S, opts), S) == key
                    sit = _situation(hand, before, gone, n_deal, len(cards), opts, S, V)
                    lrn = gp.move_key(pol.best(sit, moves), S) == key
                    row[1] += heur
                    row[2] += lrn
                    row[3] += heur and lrn
            gone.update(cards)
    return out


def _situation(hand, before, gone, n_deal: int, k: int, opts, S, V) -> learned.Situation:
    """The compact state of a seat holding ``hand`` after ``before`` in its trick, the cards
    ``gone`` (played earlier in the deal, piled) out of its sight; ``k`` cards a play."""
    unseen = [c for c in FULL_DECK if c not in gone and c not in hand]
    h = len(hand)
    in_hands = len(before) * (h - k) + (n_deal - 1 - len(before)) * h
    return learned.Situation(hand, before, learned.strength_count(unseen, S), in_hands, n_deal, opts, S, V)


def _log_ratio(n: int, heur: int, lrn: int, both: int) -> float:
    """log P(the plays | learned policy) - log P(the plays | heuristic)."""
    def p(hit, match):
        miss = (1 - hit) / MOVES
        return hit + miss if match else miss
    (h, l) = HIT
    out = 0.0
    for count, mh, ml in ((both, True, True), (lrn - both, False, True),
                          (heur - both, True, False), (n - heur - lrn + both, False, False)):
        if count:
            out += count * (math.log(p(l, ml)) - math.log(p(h, mh)))
    return out


def learned_seats(view: dict, S, V, opts) -> frozenset:
    """The other seats read as playing the learned policy (see the module docstring)."""
    return frozenset(s for s, row in agreement(view, S, V, opts).items()
                     if _log_ratio(*row) >= LLR)


class ModelPlays:
    """The plays of this deal of the seats read as playing the learned policy, ready to
    weigh sampled deals (``weight(hands)``, as :class:`game.ai.gurka.likely.Plays`).

    ``pol``: the policy taken to make their plays (the learned table policy unless given;
    anything with ``best(situation, moves)``), making its own play with the chance
    ``hit`` (``HIT[1]`` unless given)."""

    def __init__(self, k, seats: frozenset, pol=None, hit: float | None = None):
        self.S = S = k.S
        self.V = k.V
        self.opts = k.opts
        self.pol = pol or learned_table.policy()
        self.hit = HIT[1] if hit is None else hit
        t = k.table
        live = [] if t.trick_over() else [t.trick]
        tricks = [tr.plays for tr in t.tricks] + live
        n_deal = len(k.in_deal)
        # out of every seat's sight all deal long: the piled cards; then each play
        base = {INDEX[c] for p in t.piles for c in p}
        rows = []
        seen: set = set()
        for s, cards, before, later in deal_plays(tricks):
            if s in seats:
                rows.append((s, cards, gp.move_key(cards, S), before, later, set(base | seen)))
            seen.update(cards)
        self.rows = rows
        self.n_deal = n_deal

    def weight(self, hands: Mapping[int, Sequence[int]]) -> float:
        S, V, opts = self.S, self.V, self.opts
        hit = self.hit
        w = 1.0
        for s, cards, key, before, later, gone in self.rows:
            hand = list(hands[s]) + list(later) + list(cards)
            moves = learned.distinct(legal_moves(hand, before, S, opts), S)
            keys = [gp.move_key(m, S) for m in moves]
            if key not in keys:
                w *= IMPOSSIBLE
                continue
            m = len(keys)
            if m <= 1:
                continue
            sit = _situation(hand, before, gone, self.n_deal, len(cards), opts, S, V)
            if gp.move_key(self.pol.best(sit, moves), S) != key:
                miss = (1 - hit) / m
                w *= miss / (hit + miss)
        return w
