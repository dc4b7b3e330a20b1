"""Gurka-family states from a seat's view (the API is :mod:`game.engine.determinize`).

The public table of the view (totals, who is out, piles, the pot, the tricks of the deal,
who exchanged how many) and the seat's own hand fix everything but the other hands and,
during seven-round Gúrka's exchange, the order of the undealt cards.  Outside the exchange
the undealt cards play no part (the next deal shuffles the whole deck again), so the
state's stock is left empty there.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from . import moves as gm
from ..cards import FULL_DECK, INDEX
from ..hidden import Assignment, Legal
from .state import GurkaState
from ..actions import Event
from ..lazy_random import LazyRandom
from .public import GurkaTable



def _last(events: list[Event], kind: str) -> int:
    for i in range(len(events) - 1, -1, -1):
        if events[i]["type"] == kind:
            return i
    return -1


class FamilyPosition:
    slot_fields: dict[str, Any]

    def __init__(self, view: dict[str, Any], table: GurkaTable, legal: Legal | None = None):
        t = table
        seat = view["seat"]
        o = t.options
        n = t.n
        if t.winners is not None:
            raise ValueError("the game is over: nothing to decide")
        if t.dealer is None:
            raise ValueError("no cards have been dealt yet: nothing to decide")
        events = view["events"]
        dealer = t.dealer
        in_deal = [s for s in range(n) if t.in_deal[s]]
        order = [s for s in ((dealer + i) % n for i in range(1, n + 1)) if t.in_deal[s]]
        deal_at = _last(events, "deal")
        my_discards: list[int] = []
        for e in events[deal_at + 1:]:
            if e["type"] == "exchange" and e["player"] == seat:
                my_discards = [INDEX[c] for c in e["discard"]]
        live = [] if t.trick_over() else t.trick
        played = [INDEX[c] for tr in t.tricks for _s, cs in tr.plays for c in cs]
        played += [INDEX[c] for _s, cs in live for c in cs]
        hand = [INDEX[c] for c in view["hand"]]
        piled = {INDEX[c] for p in t.piles for c in p}
        unseen = sorted(set(FULL_DECK) - piled - set(hand) - set(played) - set(my_discards))

        if t.deal_over():
            phase = "buyback"
        elif o["exchange"] and len(t.exchanged) < len(in_deal):
            phase = "exchange"
        else:
            phase = "play"
        hidden = {s: t.counts[s] for s in in_deal if s != seat}
        stock_n = 0
        if phase == "exchange":
            stock_n = (len(FULL_DECK) - len(piled) - t.tricks_per_deal() * len(in_deal)
                       - sum(t.exchanged.values()))
        if stock_n < 0 or sum(hidden.values()) + stock_n > len(unseen):
            raise ValueError("the view's cards do not add up")
        self.slot_fields = {"unseen": tuple(unseen), "hands": MappingProxyType(hidden),
                            "stock": stock_n}

        st = GurkaState(view["rules"], o, view["players"], seed=0, game=view.get("game", 1),
                        auto_chance=False)
        st.auto_chance = True
        st.rng = LazyRandom(0)
        st.totals = list(t.totals)
        st.out = list(t.out)
        st.bought = list(t.bought)
        st.piles = [[INDEX[c] for c in p] for p in t.piles]
        st.deals = t.deals
        st.dealer = dealer
        st.in_deal = in_deal
        st.nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
        st.pot = t.pot
        st.events = list(events)
        st.hands = [[] for _ in range(n)]
        st.hands[seat] = hand
        st.phase = phase
        if o["exchange"] and order[0] in t.exchanged:
            st.ex_max = t.exchanged[order[0]]
        if phase == "play":
            S = st.S
            trick = [(s, tuple(INDEX[c] for c in cs)) for s, cs in live]
            for i, (s, cs) in enumerate(trick):
                key = gm.set_key(cs, S)
                if i == 0 or (key[0] >= st.best_key[0] if len(cs) == 1
                              else gm.matches(key, st.best_key)):
                    st.best_key, st.best_seat = key, s
            st.trick = trick
            if trick:
                st.turn = st.nxt[trick[-1][0]]
            elif t.tricks:
                st.turn = t.tricks[-1].winner
            else:
                st.turn = order[0]
        elif phase == "exchange":
            st.queue = [s for s in order if s not in t.exchanged]
            st.turn = st.queue[0]
        else:
            everyone = [(dealer + i) % n for i in range(1, n + 1)]
            st.queue = everyone[everyone.index(seat):]
            st.just_out = [e["player"] for e in events[_last(events, "score") + 1:]
                           if e["type"] == "out"]
            st.pause_open = True
            st.turn = seat
            if not st.can_buyback(seat, prompt=True):
                raise ValueError(f"seat {seat} is not asked to buy back now")
        if st.turn != seat:
            raise ValueError(f"seat {st.turn} is to act, not the view's seat {seat}")
        self.template = st

    def state(self, assignment: Assignment, seed: int) -> GurkaState:
        st = self.template.copy()
        st.rng = LazyRandom(seed)
        for s, cards in assignment.hands.items():
            st.hands[s] = list(cards)
        st.stock = list(reversed(assignment.stock))
        return st
