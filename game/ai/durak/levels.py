"""Easy, Normal and Hard for Durak, from the seat's view only.

:class:`Tracker` reads the view through the engine: the public facts (counts, the cards
known to be in each hand, the bout, the stock, the discard pile) from the public fold,
what is hidden from :class:`~game.engine.determinize.Position`.  It adds only inferences,
cards a seat cannot hold:

- the first game's first attacker holds the lowest trump dealt, so while nobody has
  drawn, no other seat holds a trump below the opener's lowest one;
- an attacker is asked to add cards only when every attacker before it in the priority
  order has passed or has nothing to add, so those hold no card of a rank on the table.

:meth:`Tracker.sample` deals the hidden cards consistently with them, and
``tracker.position.state(assignment)`` gives a complete state to search on.

The heuristic (:func:`policy`) reads only the acting seat's own hand and public facts,
so Easy/Normal can run it on such a state too.
"""

from __future__ import annotations

import time

from ...engine.durak import moves as dm
from ...engine.cards import INDEX, names
from ...engine.determinize import Assignment, Position
from ...engine.public import new_table
from . import reads as durak_reads
from . import solver as dsolve
from .solver import cost
from .. import search

_CHANCE = ("deal", "end", "refill")


class Tracker:
    def __init__(self, view: dict, legal: list[dict] | None = None, reads: bool = False):
        self.view = view
        self.seat = view["seat"]
        self.position = pos = Position(view, legal)
        self.table = pos.table
        self.slots = pos.slots
        deal = next(e for e in view["events"] if e["type"] == "deal")
        self.trump = INDEX[deal["trump"]] & 3
        self.forbidden: dict[int, set[int]] = {s: set() for s in self.slots.hands}
        self.opener_check = -1
        self._infer(deal)
        #: the reads of the other hands (:mod:`durak_reads`): the silent attackers' (``SILENT``)
        #: and, in Hard's tracker when READS is on, the cheapest-first ones; kept while
        #: dealing the first half of the tries
        self.bounds = durak_reads.merged(
            durak_reads.silent(view, self.slots.unseen) if SILENT else {},
            durak_reads.reads(view, self.trump, self.slots.unseen,
                              bold_seats(view, self.trump) if OPPONENT_MODEL
                              else frozenset()) if reads else {})

    def _infer(self, deal: dict) -> None:
        me, t, trump = self.seat, self.table, self.trump
        st = self.position.state(self._fill(), check=False)
        # the first bout of the first game: every card was dealt, the opener had the lowest trump
        first_bout = not t.bouts or (len(t.bouts) == 1 and t.bouts[0].result is None)
        if t.game == 1 and first_bout:
            opener = t.bouts[0].led_by if t.bouts else (me if st.phase == "lead" else -1)
            mine = [c for c in (INDEX[x] for x in deal["hands"][me]) if (c & 3) == trump]
            if opener == me and mine:
                low = {c for c in self.slots.unseen if (c & 3) == trump and c < min(mine)}
                for s in self.forbidden:
                    self.forbidden[s] |= low
            elif opener >= 0:
                self.opener_check = opener
        if st.phase == "bout" and not (st.unbeaten and not st.taken):
            ranks = st.ranks
            table_ranks = set(dm.addable(self.slots.unseen, ranks))
            for a in st.attackers:
                if a == me:
                    break
                if not (st.done >> a) & 1 and a in self.forbidden:
                    self.forbidden[a] |= table_ranks

    def _fill(self) -> Assignment:
        """Any assignment that fits the counts (for the facts that do not depend on it)."""
        pool = list(self.slots.unseen)
        hands = {}
        for s, k in self.slots.hands.items():
            hands[s], pool = pool[:k], pool[k:]
        return Assignment(hands, pool[:self.slots.stock])

    def sample(self, rng, tries: int = 20) -> Assignment:
        """The hidden hands and stock, dealt at random consistently with the inferences
        (the last try keeps only the counts)."""
        need = self.slots.hands
        order = sorted(need, key=lambda s: (-len(self.bounds.get(s, ())),
                                            -len(self.forbidden[s])))
        for attempt in range(tries):
            pool = list(self.slots.unseen)
            rng.shuffle(pool)
            hands: dict[int, list[int]] = {}
            ok = True
            for s in order:
                F = self.forbidden[s] if attempt < tries - 1 else ()
                rows = self.bounds.get(s, ()) if attempt < tries // 2 else ()
                room = [since for _gone, since in rows]
                got: list[int] = []
                left: list[int] = []
                for c in pool:
                    if len(got) < need[s] and c not in F:
                        hit = [i for i, (gone, _n) in enumerate(rows) if c in gone]
                        if any(room[i] <= 0 for i in hit):
                            left.append(c)
                            continue
                        for i in hit:
                            room[i] -= 1
                        got.append(c)
                    else:
                        left.append(c)
                if len(got) < need[s]:
                    ok = False
                    break
                hands[s] = got
                pool = left
            if ok and (attempt == tries - 1 or self._opener_ok(hands)):
                return Assignment(hands, pool)
        return self._fill()

    def _opener_ok(self, hands: dict) -> bool:
        """The first game's opener held the lowest trump dealt (checked in the first bout)."""
        o = self.opener_check
        if o < 0:
            return True
        trump = self.trump
        held = {s: [c for c in cs if (c & 3) == trump] for s, cs in hands.items()}
        for s, cs in self.slots.known.items():
            held.setdefault(s, []).extend(c for c in cs if (c & 3) == trump)
        held.setdefault(self.seat, []).extend(
            c for c in (INDEX[x] for x in self.view["hand"]) if (c & 3) == trump)
        bout = self.table.bouts[0] if self.table.bouts else None
        for a, d, p in (bout.pairs if bout else []):
            held.setdefault(p, []).append(INDEX[a])
            if d and bout:
                held.setdefault(bout.defender, []).append(INDEX[d])
        lowest_o = min((c for c in held.get(o, ()) if (c & 3) == trump), default=99)
        others = min((c for s, cs in held.items() if s != o for c in cs if (c & 3) == trump),
                     default=99)
        return lowest_o < others

    def state(self, rng):
        """A complete state for one random draw of the hidden cards."""
        return self.position.state(self.sample(rng), check=False)


# -- the heuristic (cards by :func:`~game.ai.durak.solver.cost`) ------------------------------
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
        rs = [m for m in moves if m[0] == "R"]
        if rs:
            passed = pass_on(st, rs, ds, jitter)
            if passed is not None:
                return passed
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


def pass_on(st, rs, ds, jitter=lambda: 0.0):
    """The heuristic's transfer (transfer Durak), or None to beat or take instead: a shown
    trump costs nothing, so it is always used; a card is passed on when it is cheaper to lose
    than what beating would cost (a trump, a high card, several cards to beat) or when
    nothing beats the attack, but a trump is kept while the stock lasts unless the
    alternative is to take."""
    trump = st.trump
    shown = [m for m in rs if m[2]]
    if shown:
        return shown[0]
    m = min(rs, key=lambda m: cost(m[1], trump))
    c = cost(m[1], trump) + jitter()
    if not ds:
        return m if (m[1] & 3) != trump or c <= 13 or len(st.att) >= 2 else None
    if (m[1] & 3) == trump and st.stock:
        return None
    # the cheapest card that beats each attack card, greedily: what defending would cost
    need = 0.0
    used: set = set()
    for a in [a for a, b in zip(st.att, st.beat) if b < 0]:
        beaters = sorted((cost(d[2], trump), d[2]) for d in ds if d[1] == a and d[2] not in used)
        if not beaters:
            return m
        need += beaters[0][0]
        used.add(beaters[0][1])
    return m if c <= need - 2 or any((d & 3) == trump for d in used) else None


def _from_json(a: dict):
    t = a["type"]
    if t == "attack":
        return ("A", tuple(INDEX[c] for c in a["cards"]))
    if t == "defend":
        return ("D", INDEX[a["attack"]], INDEX[a["card"]])
    if t == "transfer":
        return ("R", INDEX[a["card"]], bool(a.get("shown")))
    return {"take": ("T",), "pass": ("P",), "swap": ("S",)}[t]


def action_of(move: tuple) -> dict:
    """A Durak search move (``("A", cards)``, ``("D", attack, card)``, ``("R", card, shown)``,
    ``("T",)``, ``("P",)``, ``("S",)``) as an action."""
    kind = move[0]
    if kind == "A":
        return {"type": "attack", "cards": names(move[1])}
    if kind == "D":
        return {"type": "defend", "attack": names([move[1]])[0], "card": names([move[2]])[0]}
    if kind == "R":
        return {"type": "transfer", "card": names([move[1]])[0], "shown": move[2]}
    return {"type": {"T": "take", "P": "pass", "S": "swap"}[kind]}


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
        st = Tracker(view, legal).state(rng)
    except ValueError:      # a view the engine cannot rebuild: never leave the seat stuck
        return _simple(view, legal)
    return _pick(legal, policy(st, st.moves(), rng, noise=noise))


def choose_easy(view, legal, rng):
    if rng.random() < 0.25:
        return legal[rng.randrange(len(legal))]
    return _policy_choice(view, legal, rng, noise=3.0)


def choose_normal(view, legal, rng):
    return _policy_choice(view, legal, rng, noise=0.0)


def bold_policy(st, moves, rng=None, eps: float = 0.0):
    """The heuristic of a player who never gives up a card it could play: it beats
    whatever it can (cheapest first) and throws in its cheapest card whenever it may."""
    if len(moves) > 1 and st.phase == "bout" and not (eps and rng is not None
                                                      and rng.random() < eps):
        trump = st.trump
        if st.turn == st.defender and not st.taken and st.unbeaten:
            ds = [m for m in moves if m[0] == "D"]
            if ds:
                return min(ds, key=lambda m: cost(m[2], trump) - 0.1 * cost(m[1], trump))
        else:
            singles = [m for m in moves if m[0] == "A" and len(m[1]) == 1]
            if singles:
                return min(singles, key=lambda m: cost(m[1][0], trump))
    return policy(st, moves, rng, eps)


def bold_seats(view: dict, trump: int, evidence: int = 1) -> frozenset:
    """The other seats that, in this game, beat or threw in a card the heuristic would
    have kept (a throw-in costlier than it ever throws while the stock lasts, a defence
    costlier than it ever defends with): read from the view's public events only."""
    me = view["seat"]
    t = new_table(view["rules"], view["options"], view["players"])
    seen: dict[int, int] = {}
    for e in view["events"]:
        k = e["type"]
        p = e.get("player")
        if p is not None and p != me and t.stock > 0 and t.on_table():
            if k == "attack" and t.pairs:
                if any(cost(INDEX[c], trump) > 9 for c in e["cards"]):
                    seen[p] = seen.get(p, 0) + 1
            elif k == "defend" and len(t.pairs) <= 2:
                limit = 17 if t.stock > 8 else 19
                if cost(INDEX[e["card"]], trump) > limit:
                    seen[p] = seen.get(p, 0) + 1
        t.apply(e)
    return frozenset(s for s, c in seen.items() if c >= evidence)


#: model the other seats by what they showed (:func:`bold_seats`) in Hard's play-outs
OPPONENT_MODEL = True
#: deal the hidden cards by the cheapest-first reads (:mod:`game.ai.durak.reads`) while
#: the tries last (the first half of them)
READS = False
#: deal the hidden cards keeping what the attackers who stayed silent showed
#: (:func:`game.ai.durak.reads.silent`: no card of the bout's ranks), a fact of the rules.
#: On: v the lowest-card bot 85.0% of 200 games (85.8% without, paired -0.8 [-7.0, +5.0]),
#: v the rule bot 78.5% (78.2%): nothing measurable, and true of every player
SILENT = True


def _rollout(st, rng, eps=0.05, cap=3000, bold=frozenset()) -> None:
    steps = 0
    while st.phase != "over" and steps < cap:
        if st.phase in _CHANCE:
            st.resolve_chance()
            continue
        p = st.turn
        st.do_move(p, (bold_policy if p in bold else policy)(st, st.moves(), rng, eps))
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


class _Parts:
    """Durak's pieces of the shared search (:mod:`game.ai.search`)."""

    def __init__(self, tr: Tracker):
        self.tr = tr
        self.seat = tr.seat
        self.bold = bold_seats(tr.view, tr.trump) if OPPONENT_MODEL else frozenset()

    def sample(self, rng):
        return self.tr.state(rng)

    def play(self, st, move) -> None:
        st.do_move(self.seat, move)

    def value(self, st, rng) -> float:
        _rollout(st, rng, bold=self.bold)
        return _utility(st, self.seat)


def choose_hard(view, legal, rng, iterations=None, time_budget=0.4, stats=None):
    start = time.perf_counter()
    try:
        tr = Tracker(view, legal, reads=READS)
        base = tr.state(rng)
    except ValueError:      # a view the engine cannot rebuild: never leave the seat stuck
        return _simple(view, legal)
    cands = _candidates(base.moves())
    if len(cands) == 1:
        return _pick(legal, cands[0])
    seat = tr.seat
    deadline = start + time_budget if time_budget else None
    if base.n == 2 and len(base.stock) <= ENDGAME_STOCK and not base.teams:
        # heads-up with the stock gone (or only its face-up card left): perfect
        # information, solve it exactly
        cands = _solve_endgame(base, cands, seat, iterations, deadline, stats)
        if len(cands) == 1:
            if stats is not None:
                stats["seconds"] = time.perf_counter() - start
            return _pick(legal, cands[0])
    best = search.run(_Parts(tr), cands, rng, iterations=iterations, deadline=deadline,
                      stats=stats)
    return _pick(legal, cands[best])


#: heads-up, Hard solves exactly once the stock holds at most this many cards (0 or 1:
#: the last card is the face-up one, so nothing is hidden but the opponent's hand, which
#: is then exactly the unseen cards)
ENDGAME_STOCK = 1

#: ``ai:hard`` where the same seed must give the same game (``simulate``): the rollouts
#: Hard's 0.3 s clock allows in nine decisions of ten on the 2-core benchmark machine with
#: the other core idle (game/ai/BENCHMARKS.md, "Decision times"), so simulate plays the Hard a
#: player meets.  The clock has no cap in Durak: on a faster machine Hard plays more.
REPRODUCIBLE_ROLLOUTS = 700

#: exact-solver nodes per second, and the share of the time left the clock gives it
SOLVER_NODES_PER_SECOND = 90000
SOLVER_SHARE = 0.7
#: solver nodes per Hard iteration when Hard plays a fixed iteration budget: at
#: REPRODUCIBLE_ROLLOUTS what the 0.3 s clock gives the solver (27)
SOLVER_NODES_PER_ITERATION = round(0.3 * SOLVER_SHARE * SOLVER_NODES_PER_SECOND
                                   / REPRODUCIBLE_ROLLOUTS)


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
        budget = int(left * SOLVER_SHARE * SOLVER_NODES_PER_SECOND)
    solver = dsolve.solver_for(base, budget=budget)
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
