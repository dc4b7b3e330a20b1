"""What a Gurka-family seat knows, read from its view only, and determinization.

:func:`read_view` turns a view into :class:`Knowledge`: the current deal's
public facts (who played what, how many cards each seat holds, which cards
are still unseen) and per-seat *inferences*: the strengths a seat cannot
hold, deduced from the legality of its plays (a player who played their
lowest card while unable to reach the reference holds nothing from that
lowest card up to the reference; a follower who did not play a 2 after a
led 2 holds no 2; ...).

:func:`sample_hidden` deals the unseen cards to the other seats and the
stock consistently with those inferences, and :func:`base_state` rebuilds a
complete engine state from the view plus one such sample, by writing the
hidden cards into the view's events and replaying the record.  Searching
players then copy that state and rewrite the hidden hands per iteration
(:func:`apply_sample`).  Nothing here ever sees the real game state.
"""

from __future__ import annotations

import random

from ..engine import FORMAT, replay
from ..engine import gurka_moves as gm
from ..engine.cards import FULL_DECK, INDEX, NAMES

ALL_STRENGTHS = frozenset(range(2, 16))


class Knowledge:
    """Public facts of the current deal, from one seat's point of view."""

    def __init__(self, view: dict):
        self.view = view
        self.rules = view["rules"]
        self.opts = view["options"]
        self.seat = view["seat"]
        self.n = len(view["players"])
        self.S = gm.strength_table(self.opts["top_card"])
        self.V = gm.value_table(self.opts, self.S)
        self.hand = [INDEX[c] for c in view["hand"]]
        events = view["events"]
        self.deal_idx = max(i for i, e in enumerate(events) if e["type"] == "deal")
        deal = events[self.deal_idx]
        self.dealer = deal["dealer"]
        self.in_deal = [s for s, h in enumerate(deal["hands"]) if h is not None]
        self.sizes = {s: (len(h) if isinstance(h, list) else h)
                      for s, h in enumerate(deal["hands"]) if h is not None}
        self.played = {s: [] for s in self.in_deal}        # cards played this deal, in order
        self.plays: list[tuple[int, tuple, list]] = []      # (seat, cards, trick so far)
        self.exchanges: dict[int, dict] = {}
        self.forbidden = {s: set() for s in self.in_deal}   # strengths a seat cannot hold now
        self.totals = [0] * self.n
        self.out = [False] * self.n
        self.bought = [False] * self.n
        trick: list[tuple[int, tuple]] = []
        self.trick = trick
        for e in events:
            if e["type"] == "score":
                self.totals = [t if t is not None else self.totals[s]
                               for s, t in enumerate(e["totals"])]
            elif e["type"] == "out":
                self.out[e["player"]] = True
            elif e["type"] == "buyback":
                self.out[e["player"]] = False
                self.bought[e["player"]] = True
                self.totals[e["player"]] = e["points"]
        for e in events[self.deal_idx + 1:]:
            kind = e["type"]
            if kind == "exchange":
                self.exchanges[e["player"]] = e
            elif kind == "play":
                cards = tuple(INDEX[c] for c in e["cards"])
                self._infer(e["player"], cards, [t[1] for t in trick])
                self.plays.append((e["player"], cards, list(trick)))
                self.played[e["player"]].extend(cards)
                trick.append((e["player"], cards))
            elif kind == "trick":
                trick.clear()
        self.trick = trick
        self.counts = {s: self.sizes[s] - len(self.played[s]) for s in self.in_deal}
        # cards out of play for this deal that this seat knows of
        mine = set(self.hand) | set(self.played[self.seat])
        ex = self.exchanges.get(self.seat)
        my_discards = [INDEX[c] for c in ex["discard"]] if ex else []
        self.my_discards = my_discards
        seen_played = {c for s in self.in_deal for c in self.played[s]}
        self.piles = self._piles(events[:self.deal_idx])
        piled = {c for p in self.piles for c in p}
        self.unseen = [c for c in FULL_DECK
                       if c not in piled and c not in mine and c not in seen_played
                       and c not in my_discards]
        self.others = [s for s in self.in_deal if s != self.seat]
        # unseen cards that are neither in another hand: the stock and others' discards
        self.sink = len(self.unseen) - sum(self.counts[s] for s in self.others)

    # -- inference ---------------------------------------------------------------
    def _infer(self, seat: int, cards: tuple, trick: list) -> None:
        S, o, F = self.S, self.opts, self.forbidden[seat]
        if not trick:
            if o["lead_lowest"]:
                F.update(range(2, S[cards[0]]))
            return
        k = len(trick[0])
        if k > 1:
            key = sorted(S[c] for c in cards)
            best = sorted(S[c] for c in trick[0])
            for t in trick[1:]:
                tk = sorted(S[c] for c in t)
                if gm.matches(tk, best):
                    best = tk
            if not gm.matches(key, best):   # not a matching set: its lowest cards
                F.update(range(2, key[-1]))
            return
        tc = [t[0] for t in trick]
        c = cards[0]
        if o["twos_rule"] and (tc[0] >> 2) == 0:
            if (c >> 2) == 0:
                return
            F.add(2)
        if o["reference"] == "previous":
            ref = S[tc[-1]]
            block = o["no_ace_on_ace"] and (tc[-1] >> 2) == 12
        else:
            ref = max(S[x] for x in tc)
            block = o["no_ace_on_ace"] and any((x >> 2) == 12 for x in tc)
        if block or S[c] < ref:
            F.update(range(2, S[c]))                  # it was a lowest card
            if not block and not o["optional_lowest"]:
                F.update(range(ref, 16))              # ... because nothing reached ref
        elif o["nearest_above"] and not o["optional_lowest"]:
            F.update(range(ref, S[c]))

    def _piles(self, events) -> list[list[int]]:
        """Score piles (Icelandic) before the current deal, replayed from public events."""
        piles: list[list[int]] = [[] for _ in range(self.n)]
        if not self.opts["score_piles"]:
            return piles
        last_trick: list = []
        trick: list = []
        for e in events:
            if e["type"] == "play":
                trick.append((e["player"], INDEX[e["cards"][0]]))
            elif e["type"] == "trick":
                last_trick, trick = trick, []
            elif e["type"] == "score":
                for s, p in enumerate(e["penalties"]):
                    if p:
                        cards = [c for seat, c in last_trick if seat == s]
                        piles[s].append(cards[-1])
                for s, t in enumerate(e["totals"]):
                    if t is not None and t == 0:
                        piles[s] = []
                    if t is not None and t > self.opts["limit"]:
                        piles[s] = []
            elif e["type"] == "out":
                piles[e["player"]] = []
        return piles

    # -- helpers for players --------------------------------------------------------
    def possible(self, seat: int) -> list[int]:
        """Unseen cards ``seat`` could hold."""
        F = self.forbidden[seat]
        return [c for c in self.unseen if self.S[c] not in F]


def read_view(view: dict) -> Knowledge:
    return Knowledge(view)


# -- sampling -------------------------------------------------------------------------
def sample_hidden(k: Knowledge, rng: random.Random, tries: int = 50):
    """Other seats' hands and the leftover cards, consistent with the inferences.

    Returns ``(hands, rest)``: ``hands[seat]`` a list of cards for every other
    seat in the deal, ``rest`` the shuffled unseen cards nobody holds (the stock
    and other players' discards).
    """
    S = k.S
    others = sorted(k.others, key=lambda s: len(k.possible(s)) - k.counts[s])
    for attempt in range(tries):
        pool = list(k.unseen)
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        ok = True
        for s in others:
            need = k.counts[s]
            F = k.forbidden[s] if attempt < tries - 1 else ()
            got, left = [], []
            for c in pool:
                if len(got) < need and S[c] not in F:
                    got.append(c)
                else:
                    left.append(c)
            if len(got) < need:
                ok = False
                break
            hands[s] = got
            pool = left
        if ok:
            return hands, pool
    raise ValueError("no deal of the unseen cards fits what was observed")


# -- building a complete state --------------------------------------------------------
def _complete_events(k: Knowledge, hands: dict, rest: list, rng: random.Random) -> list[dict]:
    """The view's events with every hidden card filled in (past deals exactly
    reconstructed from their plays; the current deal from ``hands``/``rest``)."""
    events = k.view["events"]
    out: list[dict] = []
    deal_starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
    piles_unused: set = set()
    for di, start in enumerate(deal_starts):
        end = deal_starts[di + 1] if di + 1 < len(deal_starts) else len(events)
        seg = events[start:end]
        deal = seg[0]
        current = start == k.deal_idx
        played: dict[int, list[str]] = {}
        for e in seg:
            if e["type"] == "play":
                played.setdefault(e["player"], []).extend(e["cards"])
        if current:
            post = {s: [NAMES[c] for c in hands[s]] + played.get(s, []) for s in k.others}
            spare = [NAMES[c] for c in rest]
        else:
            post = {s: list(played.get(s, [])) for s, h in enumerate(deal["hands"])
                    if h is not None and s != k.seat}
            spare = None   # filled lazily from the cards nobody saw in that deal
        exch = {e["player"]: e for e in seg if e["type"] == "exchange"}
        init: dict[int, list[str]] = {}
        new_ex: dict[int, dict] = {}
        if exch and spare is None:
            seen = set()
            for h in deal["hands"]:
                if isinstance(h, list):
                    seen.update(h)
            for e in seg:
                if e["type"] == "play":
                    seen.update(e["cards"])
                elif e["type"] == "exchange" and isinstance(e["discard"], list):
                    seen.update(e["discard"])
                    seen.update(e["draw"])
            spare = [c for c in NAMES if c not in seen and c not in piles_unused]
            rng.shuffle(spare)
        for s, cards in post.items():
            e = exch.get(s)
            d = e["discard"] if e else 0
            d = d if isinstance(d, int) else len(d)
            if d:
                draws = cards[-d:] if d else []
                keep = cards[:-d]
                discards = [spare.pop() for _ in range(d)]
                init[s] = keep + discards
                new_ex[s] = {**e, "discard": discards, "draw": draws}
            else:
                init[s] = list(cards)
        hands_ev = [h if (h is None or s == k.seat) else init[s]
                    for s, h in enumerate(deal["hands"])]
        out.append({**deal, "hands": hands_ev})
        for e in seg[1:]:
            if e["type"] == "exchange" and e["player"] in new_ex:
                out.append(new_ex[e["player"]])
            elif e["type"] == "exchange" and e["player"] != k.seat:
                out.append({**e, "discard": [], "draw": []})
            else:
                out.append(e)
    return out


def base_state(k: Knowledge, rng: random.Random):
    """A complete engine state consistent with the view (auto_chance off), and its sample."""
    last = None
    for _ in range(8):
        hands, rest = sample_hidden(k, rng)
        v = k.view
        record = {"format": FORMAT, "rules": v["rules"], "options": v["options"],
                  "players": v["players"], "seed": 0, "game": 1,
                  "events": _complete_events(k, hands, rest, rng)}
        try:
            state = replay(record)
        except ValueError as e:     # an inference this module does not model: resample
            last = e
            continue
        return state
    raise ValueError(f"could not rebuild a state from the view: {last}")


def apply_sample(state, k: Knowledge, hands: dict, rest: list) -> None:
    """Write a fresh sample of the hidden cards into a copy of the base state."""
    for s, h in hands.items():
        state.hands[s] = list(h)
    if state.phase == "exchange":
        # the stock is what nobody holds minus the discards of players who exchanged
        discarded = sum(len(e["discard"]) if isinstance(e["discard"], list) else e["discard"]
                        for s, e in k.exchanges.items() if s != k.seat)
        state.stock = list(rest[discarded:])
