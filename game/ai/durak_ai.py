"""Easy, Normal and Hard for Durak, from the seat's view only.

:class:`Tracker` follows the view's events and keeps, for every seat, the
cards in hand as *slots*: known cards (the seat's own, cards a defender
picked up from the table, the trump card taken by a swap or drawn last from
the stock) and hidden ones.  When a seat plays a card nobody saw it get, the
card is assigned to one of that seat's hidden slots after the fact.  Filling
the remaining hidden slots (and the unseen stock) with a random permutation
of the unseen cards gives a complete record consistent with everything the
seat observed; replaying it gives a state to search on.  Per iteration the
hidden cards are dealt afresh (:func:`resample`).

The heuristic (:func:`policy`) reads only the acting seat's own hand and
public facts, so Easy/Normal can run it on a rebuilt state too.
"""

from __future__ import annotations

import time

from ..engine import FORMAT, replay
from ..engine.cards import INDEX, NAMES, SHORT_DECK
from . import durak_solver as dsolve

_CHANCE = ("deal", "end", "refill")


class _Slot:
    __slots__ = ("card", "known")

    def __init__(self, card=None, known=False):
        self.card = card
        self.known = known


class Tracker:
    def __init__(self, view: dict):
        self.view = view
        self.seat = me = view["seat"]
        n = self.n = len(view["players"])
        events = view["events"]
        deal = next(e for e in events if e["type"] == "deal")
        self.trump_card = tc = INDEX[deal["trump"]]
        self.trump = tc & 3
        self.six = 16 + self.trump
        self.dealer = deal["dealer"]
        hand_slots: list[list[_Slot]] = []
        self.hand_slots = hand_slots
        self.deal_slots = []
        self.opener = next((e["player"] for e in events if e["type"] == "attack"), None)
        for s, h in enumerate(deal["hands"]):
            if isinstance(h, list):
                slots = [_Slot(INDEX[c], True) for c in h]
            else:
                slots = [_Slot() for _ in range(h)]
                if n == 6 and s == self.dealer and slots:
                    slots[-1].card, slots[-1].known = tc, True
            self.deal_slots.append(list(slots))
            hand_slots.append(slots)
        stock_n = deal["stock"] if isinstance(deal["stock"], int) else len(deal["stock"])
        self.stock_at_deal = stock_n
        self.bottom = tc if stock_n else None          # the card under the stock
        self.stock_seq: list[_Slot] = []                # drawn cards, top first (not the bottom)
        self.draw_slots: dict[int, list[_Slot]] = {}    # event index -> slots
        table: list[int] = []
        self.discard: list[int] = []
        defender = None
        for i, e in enumerate(events):
            k = e["type"]
            if k == "attack":
                for c in e["cards"]:
                    self._take(e["player"], INDEX[c])
                    table.append(INDEX[c])
            elif k == "defend":
                self._take(e["player"], INDEX[e["card"]])
                table.append(INDEX[e["card"]])
            elif k == "take":
                defender = e["player"]
            elif k == "bout_end":
                if e["result"] == "taken" and defender is not None:
                    hand_slots[defender].extend(_Slot(c, True) for c in table)
                else:
                    self.discard.extend(table)
                table = []
                defender = None
            elif k == "draw":
                p = e["player"]
                cards = e["cards"]
                cnt = cards if isinstance(cards, int) else len(cards)
                if isinstance(cards, list):
                    slots = [_Slot(INDEX[c], True) for c in cards]
                else:
                    slots = [_Slot() for _ in range(cnt)]
                if stock_n - cnt == 0 and self.bottom is not None:
                    slots[-1].card, slots[-1].known = self.bottom, True
                    self.stock_seq.extend(slots[:-1])
                    self.bottom = None
                else:
                    self.stock_seq.extend(slots)
                stock_n -= cnt
                self.draw_slots[i] = slots
                hand_slots[p].extend(slots)
            elif k == "swap":
                p = e["player"]
                self._take(p, self.six)
                hand_slots[p].append(_Slot(tc, True))
                if e["from"] is None:
                    self.bottom = self.six
                else:
                    self._take(e["from"], tc)
                    hand_slots[e["from"]].append(_Slot(self.six, True))
        self.table = table
        self.stock_n = stock_n
        self.hand_slots = hand_slots
        self.known = [[sl.card for sl in hs if sl.known] for hs in hand_slots]
        self.known[me] = [INDEX[c] for c in view["hand"]]
        self.forehand = (self.dealer + 1) % n
        self.game1 = self.opener is not None and self.opener != self.forehand

    def _take(self, owner: int, card: int) -> None:
        slots = self.hand_slots[owner]
        for i, sl in enumerate(slots):
            if sl.card == card:
                del slots[i]
                return
        # Which hidden slot held it is unknown.  For the first game's "lowest trump
        # attacks first" rule, the opener's trumps go to its earliest (dealt) slots,
        # everybody else's to their latest (drawn) slots; other cards the other way.
        trump = (card & 3) == self.trump
        early = trump == (owner == self.opener)
        order = range(len(slots)) if early else range(len(slots) - 1, -1, -1)
        for i in order:
            if slots[i].card is None:
                slots[i].card = card
                del slots[i]
                return
        raise ValueError(f"{NAMES[card]} cannot have been in that hand")

    def unseen(self) -> list[int]:
        fixed = set()
        for slots in self.deal_slots:
            fixed.update(sl.card for sl in slots if sl.card is not None)
        for slots in self.draw_slots.values():
            fixed.update(sl.card for sl in slots if sl.card is not None)
        for slots in self.hand_slots:
            fixed.update(sl.card for sl in slots if sl.card is not None)
        fixed.add(self.trump_card)
        fixed.add(self.six)   # placed below if still unknown
        pool = [c for c in SHORT_DECK if c not in fixed]
        six_known = any(sl.card == self.six for slots in (*self.deal_slots, *self.draw_slots.values(),
                                                         *self.hand_slots) for sl in slots) \
            or self.bottom == self.six
        if not six_known:
            pool.append(self.six)
        return pool

    def record(self, rng) -> dict:
        """A complete record consistent with the view (hidden cards sampled)."""
        pool = self.unseen()
        free = [sl for slots in (*self.deal_slots, *self.draw_slots.values()) for sl in slots
                if sl.card is None]
        rest_n = self.stock_n - (1 if self.bottom is not None else 0)
        if len(pool) != len(free) + rest_n:
            raise ValueError("card count mismatch while rebuilding the deal")
        for _ in range(200):
            rng.shuffle(pool)
            for sl, c in zip(free, pool):
                sl.card = c
            if not self.game1 or self._opener_ok():
                break
        else:
            raise ValueError("no deal fits the first attacker")
        rest = pool[len(free):]
        events = []
        v = self.view
        for i, e in enumerate(v["events"]):
            if e["type"] == "deal":
                hands = [[NAMES[sl.card] for sl in slots] if h is not None else None
                         for slots, h in zip(self.deal_slots, e["hands"])]
                stock = ([NAMES[sl.card] for sl in self.stock_seq] + [NAMES[c] for c in rest]
                         + [NAMES[self.trump_card]]) if self.stock_at_deal else []
                events.append({**e, "hands": hands, "stock": stock})
            elif e["type"] == "draw" and not isinstance(e["cards"], list):
                events.append({**e, "cards": [NAMES[sl.card] for sl in self.draw_slots[i]]})
            else:
                events.append(e)
        for sl in free:
            sl.card = None
        return {"format": FORMAT, "rules": v["rules"], "options": v["options"],
                "players": v["players"], "seed": 0, "game": 1 if self.game1 else 2,
                "events": events}

    def _opener_ok(self) -> bool:
        best = None
        holder = -1
        for s, slots in enumerate(self.deal_slots):
            for sl in slots:
                c = sl.card
                if (c & 3) == self.trump and (best is None or c < best):
                    best, holder = c, s
        return holder == self.opener


def base_state(view: dict, legal: list[dict], rng):
    tr = Tracker(view)
    want = sorted(map(_key, legal))
    last = None
    unknown_opener = tr.opener is None
    if unknown_opener and any(a["type"] == "attack" for a in legal):
        tr.opener, unknown_opener = tr.seat, False      # our own opening lead
        tr.game1 = tr.opener != tr.forehand
    for _attempt in range(4):
        if unknown_opener:      # before the first lead: the first attacker is not shown yet
            tr.game1 = False
        try:
            st = replay(tr.record(rng))
        except ValueError as e:
            last = e
            continue
        if st.phase == "offer" and {a["type"] for a in legal} != {"swap", "pass"}:
            st.phase, st.turn = "lead", st.opener     # the offer was declined (no event)
        if st.phase == "bout" and st.to_act() != tr.seat and tr.seat in st.attackers:
            st.turn = tr.seat    # who is asked first depends on hidden hands: it is us
        if st.to_act() == tr.seat and sorted(map(_key, st.legal_actions())) == want:
            return tr, st
        last = ValueError("the rebuilt state disagrees with the legal actions")
    raise ValueError(f"cannot rebuild the Durak state: {last}")


def _key(a: dict) -> str:
    return repr(sorted((k, sorted(v) if isinstance(v, list) else v) for k, v in a.items()))


def resample(st, tr: Tracker, rng) -> None:
    """Deal the hidden cards of ``st`` (a copy of the base state) afresh."""
    me = tr.seat
    known = [set(k) for k in tr.known]
    pool = []
    spots = []
    for s in range(st.n):
        if s == me:
            continue
        h = st.hands[s]
        for i, c in enumerate(h):
            if c not in known[s]:
                pool.append(c)
                spots.append((s, i))
    stock = st.stock
    for i in range(1, len(stock)):
        pool.append(stock[i])
        spots.append((-1, i))
    rng.shuffle(pool)
    for (s, i), c in zip(spots, pool):
        if s < 0:
            stock[i] = c
        else:
            st.hands[s][i] = c


# -- the heuristic ---------------------------------------------------------------------------
def cost(c: int, trump: int) -> int:
    return (c >> 2) + (9 if (c & 3) == trump else 0)


def policy(st, moves, rng=None, eps: float = 0.0, noise: float = 0.0):
    """Heuristic Durak move; reads only the acting seat's hand and public facts."""
    if len(moves) == 1:
        return moves[0]
    if eps and rng is not None and rng.random() < eps:
        return moves[int(rng.random() * len(moves))]
    for m in moves:
        if m[0] == "S":
            return m
    trump = st.trump
    stock_n = len(st.stock)
    p = st.turn
    jitter = (lambda: rng.uniform(-noise, noise)) if (noise and rng is not None) else (lambda: 0.0)
    if st.phase == "offer":
        return ("P",)
    if st.phase == "lead":
        best = min((m for m in moves), key=lambda m: (cost(m[1][0], trump) + jitter(), -len(m[1])))
        c = best[1][0]
        if (c & 3) == trump or (c >> 2) > 9:
            return next(m for m in moves if m[1] == (c,))
        group = [m for m in moves if (m[1][0] >> 2) == (c >> 2) and all((x & 3) != trump for x in m[1])]
        return max(group, key=lambda m: len(m[1]))
    if p == st.defender and not st.taken and st.unbeaten:
        ds = [m for m in moves if m[0] == "D"]
        if not ds:
            return ("T",)
        m = min(ds, key=lambda m: cost(m[2], trump) - 0.1 * cost(m[1], trump))
        c = cost(m[2], trump)
        if stock_n > 0:
            limit = 17 if stock_n > 8 else 19
            if c + jitter() > limit and len(st.att) <= 2:
                return ("T",)
        return m
    # attacker: throw in, or give after a take
    singles = [m for m in moves if m[0] == "A" and len(m[1]) == 1]
    if not singles:
        return ("P",)
    m = min(singles, key=lambda m: cost(m[1][0], trump))
    c = cost(m[1][0], trump)
    if st.taken:
        ok = c <= (9 if stock_n > 0 else 12)
    elif stock_n > 0:
        ok = c <= 9
    else:
        ok = True
    if ok and ("P",) in moves:
        return m
    if ("P",) not in moves:
        return m
    return ("P",)


def _from_json(a: dict):
    t = a["type"]
    if t == "attack":
        return ("A", tuple(INDEX[c] for c in a["cards"]))
    if t == "defend":
        return ("D", INDEX[a["attack"]], INDEX[a["card"]])
    return {"take": ("T",), "pass": ("P",), "swap": ("S",)}[t]


def _pick(legal, m):
    for a in legal:
        b = _from_json(a)
        if b[0] == m[0] and (b[0] != "A" and b == m or b[0] == "A" and sorted(b[1]) == sorted(m[1])):
            return a
    return legal[0]


def _simple(view, legal):
    """Policy without a rebuilt state (used only if rebuilding fails)."""
    kinds = {a["type"] for a in legal}
    trump = INDEX[next(e["trump"] for e in view["events"] if e["type"] == "deal")] & 3
    if "swap" in kinds:
        return {"type": "swap"}
    ds = [a for a in legal if a["type"] == "defend"]
    if ds:
        return min(ds, key=lambda a: cost(INDEX[a["card"]], trump))
    at = [a for a in legal if a["type"] == "attack" and len(a["cards"]) == 1]
    if at:
        best = min(at, key=lambda a: cost(INDEX[a["cards"][0]], trump))
        if "pass" not in kinds or cost(INDEX[best["cards"][0]], trump) <= 9:
            return best
    for k in ("pass", "take"):
        if k in kinds:
            return {"type": k}
    return legal[0]


def _policy_choice(view, legal, rng, noise):
    try:
        tr, st = base_state(view, legal, rng)
    except ValueError:
        return _simple(view, legal)
    return _pick(legal, policy(st, st.moves(), rng, noise=noise))


def choose_easy(view, legal, rng):
    if rng.random() < 0.25:
        return legal[rng.randrange(len(legal))]
    return _policy_choice(view, legal, rng, noise=3.0)


def choose_normal(view, legal, rng):
    return _policy_choice(view, legal, rng, noise=0.0)


def _rollout(st, rng, eps=0.05, cap=3000) -> None:
    st.auto_chance = True
    steps = 0
    while st.phase != "over" and steps < cap:
        if st.phase in _CHANCE:
            st.resolve_chance()
            continue
        st.do_move(st.turn, policy(st, st.moves(), rng, eps))
        steps += 1


def _utility(st, seat: int) -> float:
    out = st.outcome()
    if out is None:   # cut off: fewer cards is better
        mine = len(st.hands[seat])
        others = [len(h) for s, h in enumerate(st.hands) if s != seat and not st.out[s]]
        return 0.5 if not others else (0.7 if mine < min(others) else 0.3)
    if out.draw:
        return 0.5
    return 1.0 if seat in out.winners else 0.0


def _candidates(moves):
    if len(moves) <= 14:
        return moves
    keep = [m for m in moves if m[0] != "A" or len(m[1]) == 1
            or len({c >> 2 for c in m[1]}) == 1]
    return keep[:24] if len(keep) > 24 else keep


def choose_hard(view, legal, rng, iterations=None, time_budget=0.4, stats=None):
    start = time.perf_counter()
    try:
        tr, base = base_state(view, legal, rng)
    except ValueError:
        return _simple(view, legal)
    cands = _candidates(base.moves())
    if len(cands) == 1:
        return _pick(legal, cands[0])
    seat = tr.seat
    deadline = start + time_budget if time_budget else None
    if base.n == 2 and not base.stock and not base.teams:
        # heads-up with the stock gone: perfect information, solve it exactly
        cands = _solve_endgame(base, cands, seat, iterations, deadline, stats)
        if len(cands) == 1:
            if stats is not None:
                stats["seconds"] = time.perf_counter() - start
            return _pick(legal, cands[0])
    totals = [0.0] * len(cands)
    counts = [0] * len(cands)
    runs = 0
    limit = iterations if iterations else 10 ** 9
    while True:
        det = base.copy()
        resample(det, tr, rng)
        for i, m in enumerate(cands):
            st = det.copy()
            st.do_move(seat, m)
            _rollout(st, rng)
            totals[i] += _utility(st, seat)
            runs += 1
            counts[i] += 1
            if deadline and time.perf_counter() >= deadline:
                break
        if runs >= limit or (deadline and time.perf_counter() >= deadline):
            break
    if stats is not None:
        stats["iterations"] = runs
        stats["seconds"] = time.perf_counter() - start
    best = max(range(len(cands)), key=lambda i: totals[i] / max(1, counts[i]))
    return _pick(legal, cands[best])


#: solver nodes per Hard iteration when Hard plays a fixed iteration budget
SOLVER_NODES_PER_ITERATION = 150


def _after(base, seat, m):
    st = base.copy()
    st.do_move(seat, m)
    return st


def _solve_endgame(base, cands, seat, iterations, deadline, stats):
    """The candidates with the best exact value (all of them if the search runs out of
    budget; the winning or drawing ones otherwise, best first)."""
    if any(m[0] == "S" for m in cands):
        return cands
    if iterations:
        budget = SOLVER_NODES_PER_ITERATION * iterations
    else:
        left = max(0.0, deadline - time.perf_counter()) if deadline else 0.3
        budget = int(left * 0.7 * 90000)
    solver = dsolve.Solver(base.trump, base.max_attack, budget=budget)
    vals = []
    try:
        # single-card moves first: the solver's own move set, so the memo is shared
        for m in sorted(cands, key=lambda m: len(m[1]) if m[0] == "A" else 1):
            v = dsolve.solve_state(_after(base, seat, m), seat, solver)
            if v is None:
                return cands
            vals.append((v, m))
            if v >= 1.0:
                break
    except dsolve.Budget:
        if stats is not None:
            stats["solver"] = "budget"
        return cands
    if stats is not None:
        stats["solver"] = solver.nodes
    best = max(v for v, _ in vals)
    if best <= 0.0:
        return cands          # lost against perfect play: let the rollouts find the best try
    return [m for v, m in vals if v == best][:1]
