"""Durak states from a seat's view (the API is :mod:`game.engine.determinize`).

The public table of the view gives the bout on the table, the counts, the cards known to
be in each hand, the discard pile, the stock count and the face-up card under it.  The
few facts that hang on hidden cards are derived per assignment:

- the trump-six swap right: whoever holds the six, if it was dealt or drawn (never
  played, never swapped) -- the six's holder is hidden unless it is the seat itself;
- the final-refill claim of the trump card: the six drawn in the refill that emptied the
  stock by another player than the one who drew the trump card (the last
  ``HiddenSlots.fresh[s]`` cards of an assignment's hand are that refill's draws);
- the first game's first attacker while the trump-six offer is pending (the lowest
  trump); once the bout's lead is due, the view's seat is the one asked.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Sequence

from . import moves as dm
from . import seats
from ..cards import INDEX, NAMES, SHORT_DECK
from ..hidden import Assignment, Legal
from .state import DurakState
from .public import DurakTable



class FamilyPosition:
    slot_fields: dict[str, Any]

    def __init__(self, view: dict[str, Any], table: DurakTable, legal: Legal | None = None):
        t = table
        me = self.seat = view["seat"]
        o = t.options
        n = t.n
        if t.over:
            raise ValueError("the game is over: nothing to decide")
        if t.dealer is None:
            raise ValueError("no cards have been dealt yet: nothing to decide")
        events = view["events"]
        deal = next(e for e in events if e["type"] == "deal")
        trump_card = INDEX[deal["trump"]]
        six = dm.trump_six(trump_card & 3)
        six_name = NAMES[six]
        stock_n = deal["stock"] if isinstance(deal["stock"], int) else len(deal["stock"])
        six_gone = False      # the six's swap right is spent (played, or swapped from a player)
        swapped = False
        last_end = 0          # index of the last bout_end (0: the deal)
        emptied_at = -1       # index of the draw that emptied the stock
        my_six_draw = -1      # index of the seat's own draw of the six
        for i, e in enumerate(events):
            k = e["type"]
            if ((k == "attack" and six_name in e["cards"]) or (k == "defend" and e["card"] == six_name)
                    or (k == "transfer" and e["card"] == six_name and not e.get("shown"))):
                six_gone = True
            elif k == "swap":
                # from the stock: the six lies under it and whoever draws it holds the right
                # again (a right with no use left); from a player: the right is spent
                swapped = True
                six_gone = e["from"] is not None
            elif k == "bout_end":
                last_end = i
            elif k == "draw":
                cards = e["cards"]
                stock_n -= cards if isinstance(cards, int) else len(cards)
                if stock_n == 0:
                    emptied_at = i
                if e["player"] == me and isinstance(cards, list) and six_name in cards:
                    my_six_draw = i
        current = events[last_end + 1:]
        starts = [i for i, e in enumerate(current) if e["type"] == "attack"]
        bout_events = current[starts[0]:] if starts else []

        hand = [INDEX[c] for c in view["hand"]]
        known = [[INDEX[c] for c in cs] for cs in t.known]
        known[me] = []
        bout = t.bout if t.bout is not None and t.bout.result is None else None
        in_bout = bout is not None
        pairs = bout.pairs if bout is not None else []
        att = [INDEX[a] for a, _d, _p in pairs]
        beat = [INDEX[d] if d else -1 for _a, d, _p in pairs]
        discard = [INDEX[c] for b in t.bouts if b.result == "beaten" for c in b.cards()]
        bottom = INDEX[t.bottom] if t.stock and t.bottom is not None else None
        seen = set(hand) | {c for cs in known for c in cs} | set(att) | {b for b in beat if b >= 0}
        seen |= set(discard)
        if bottom is not None:
            seen.add(bottom)
        unseen = sorted(set(SHORT_DECK) - seen)
        hidden = {s: t.counts[s] - len(known[s]) for s in range(n) if s != me}
        stock_hidden = t.stock - 1 if t.stock else 0
        if min(hidden.values(), default=0) < 0 or sum(hidden.values()) + stock_hidden != len(unseen):
            raise ValueError("the view's cards do not add up")

        if in_bout:
            phase = "bout"
        elif legal is not None:
            phase = "offer" if {a["type"] for a in legal} == {"swap", "pass"} else "lead"
        else:
            phase = "lead"
        # the final-refill claim window: the bout right after the refill that emptied the
        # stock, before its opening attack, with the trump card drawn from the stock
        self.claim_y = -1
        fresh: dict[int, int] = {}
        self.claim_x = -1
        if phase != "bout" and not swapped and emptied_at > last_end:
            self.claim_y = events[emptied_at]["player"]
            if my_six_draw > last_end:
                self.claim_x = me
            elif six in unseen:
                for e in current:
                    if e["type"] == "draw" and e["player"] != me:
                        p = e["player"]
                        fresh[p] = fresh.get(p, 0) + e["cards"] - (1 if e is events[emptied_at] else 0)
        self.fresh = fresh
        if legal is None and phase == "lead" and six in hand and not six_gone:
            # without the legal actions: an offer not yet answered is taken as pending
            got = my_six_draw if my_six_draw >= 0 else 0
            first_since = not any(e["type"] == "attack" for e in events[got:])
            by_stock = t.stock > 0 and not swapped
            by_claim = self.claim_x == me and self.claim_y not in (-1, me)
            if first_since and (by_stock or by_claim):
                phase = "offer"
        self.slot_fields = {"unseen": tuple(unseen), "hands": MappingProxyType(hidden),
                            "stock": stock_hidden,
                            "known": MappingProxyType({s: tuple(known[s]) for s in hidden}),
                            "fresh": MappingProxyType(fresh)}

        st = DurakState(o, view["players"], seed=0, game=view.get("game", 1), auto_chance=False,
                        dealer=t.dealer, rules=view["rules"])
        st.auto_chance = True
        st.events = list(events)
        st.dealer = t.dealer
        st.hands = [list(k) for k in known]
        st.hands[me] = hand
        st.trump_card = trump_card
        st.trump = trump_card & 3
        st.six = six
        st.stock = [bottom] if bottom is not None else []
        st.discard = discard
        st.out = list(t.out)
        st.phase = phase
        st.turn = me
        done = [b for b in t.bouts if b.result]
        st.bouts = len(done)
        idle = 0
        for b in reversed(done):
            if b.result != "taken":
                break
            idle += 1
        st.idle = idle
        st.last_result = (done[-1].result or "") if done else ""
        self.six_gone = six_gone
        self.six_hidden = six in unseen
        owner = -1
        if not six_gone:
            owner = me if six in hand else next((s for s in hidden if six in known[s]), -1)
        st.six_right = owner
        self.opener_pending = False
        st.discarded = t.discarded_once
        if bout is not None:
            opener, defender = bout.opener, bout.defender
            # the attackers were fixed when the bout began, or when it was last passed on
            passed_on = [i for i, e in enumerate(bout_events) if e["type"] == "transfer"]
            out_then = list(t.out)
            for e in bout_events[passed_on[-1] if passed_on else 0:]:
                if e["type"] == "out":
                    out_then[e["player"]] = False
            defends = sum(1 for e in bout_events if e["type"] == "defend")
            for _p, c, shown in bout.transfers:
                if shown:
                    st.shown |= 1 << INDEX[c]
            st.att, st.beat = att, beat
            st.ranks = dm.ranks_of(att + [b for b in beat if b >= 0])
            st.unbeaten = beat.count(-1)
            st.beaten_any = defends > 0
            st.taken = t.taking
            mask = 0
            for e in bout_events:
                if e["type"] == "pass":
                    mask |= 1 << e["player"]
                elif e["type"] != "out":
                    mask = 0
            st.done = mask
            self._set_bout(st, opener, defender, out_then, t.counts[defender] + defends)
            st.limit = bout.limit          # the public fold's: the cap, the hand it counted
            if st.unbeaten and not st.taken:
                if defender != me:
                    raise ValueError(f"seat {defender} defends now, not the view's seat {me}")
            elif me not in st.attackers or (mask >> me) & 1:
                raise ValueError(f"the view's seat {me} is not an attacker to ask now")
        else:
            nxt = t.next_bout()
            if nxt is None:
                if phase == "lead":
                    nxt = (me, seats.defender_for(me, n, t.out, st.teams))
                else:
                    self.opener_pending = True
            if nxt is not None:
                self._set_bout(st, nxt[0], nxt[1], t.out, t.counts[nxt[1]])
                if phase == "lead" and nxt[0] != me:
                    raise ValueError(f"seat {nxt[0]} opens the bout, not the view's seat {me}")
            if phase == "offer" and six not in hand:
                raise ValueError("the view's seat does not hold the trump six")
        self.template = st

    @staticmethod
    def _set_bout(st: DurakState, opener: int, defender: int, out: Sequence[bool],
                  defender_cards: int) -> None:
        st.opener = opener
        st.defender = defender
        st.attackers = seats.attackers(opener, defender, st.n, out, st.teams, st.nb)
        st.limit = dm.attack_limit(st.cap(), defender_cards)

    def state(self, assignment: Assignment, seed: int) -> DurakState:
        """``seed`` is unused: after the deal a Durak state draws no more chance."""
        st = self.template.copy()
        hands = st.hands
        for s, cards in assignment.hands.items():
            hands[s].extend(cards)
        if st.stock:
            st.stock.extend(reversed(assignment.stock))
        six = st.six
        if self.six_hidden and not self.six_gone:
            st.six_right = next((s for s, cs in assignment.hands.items() if six in cs), -1)
        if self.claim_y >= 0:
            x = self.claim_x
            if x < 0:
                for s, k in self.fresh.items():
                    if k and six in assignment.hands[s][-k:]:
                        x = s
            st.claim = (x, self.claim_y) if x >= 0 and x != self.claim_y else None
        if self.opener_pending:
            assert st.dealer is not None        # (a view of a dealt game)
            first = seats.first_opener(st.dealer, st.n, st.game, hands, st.trump)
            assert first is not None            # (the hands are known: someone opens)
            d = seats.defender_for(first, st.n, st.out, st.teams)
            self._set_bout(st, first, d, st.out, len(hands[d]))
        st.offered = st.phase == "offer" or any(
            p >= 0 and st._swap_from(p) is not False
            for p in (st.six_right, st.claim[0] if st.claim else -1))
        return st
