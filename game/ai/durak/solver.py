"""Exact solver for heads-up Durak once the stock is empty.

With two players and an empty stock the game has perfect information: the
opponent holds exactly the cards that are neither in our hand, nor on the
table, nor discarded.  :func:`solve_state` searches the rest of the game
(memoised minimax over win / draw / loss with cut-offs) and returns the
value of a position for one seat, or ``None`` when the position is not a
heads-up endgame or the node budget runs out.

Simplifications that keep the tree small without changing the value much:
attackers add cards one at a time (an opening lead of several cards of one
rank is the same as leading one and throwing in the others; it only denies
the attacker the choice to stop after the first), and the trump-six swap is
never considered (it cannot happen after the stock is gone except by the
final-refill claim).

Transfer Durak (RULES 2.1) is searched too: before a card of the bout is beaten, the defender
may pass the attack on with a card of its rank (heads-up, back to the attacker) or by showing
the trump of that rank once a bout (``show``); the bout's shown trumps are part of a position.
A game still under ``first_bout_max`` (no discard yet) is not solved.  With transfers a
position can come back (the cards passed on are taken back); one met again on the search's
own path counts as a draw, as the engine's stalemate rule would end the endless taking.
"""

from __future__ import annotations

from ...engine.durak.moves import addable, attack_limit, beats, ranks_of

HAND_LIMIT = 6
#: positions on the search's path at most (Python's stack; beyond it the solver gives up)
MAX_DEPTH = 250


class Budget(Exception):
    """The node budget ran out."""


def _bits(m: int):
    while m:
        b = m & -m
        yield b.bit_length() - 1
        m ^= b


def cost(c: int, trump: int) -> int:
    """What a card is worth keeping: its rank, every trump above every plain card (the AI's
    heuristic plays and this solver's move order both try cheap cards first)."""
    return (c >> 2) + (9 if (c & 3) == trump else 0)


class Solver:
    def __init__(self, trump: int, max_attack: int = HAND_LIMIT, budget: int = 60000,
                 transfer: bool = False, show: bool = False):
        self.trump = trump
        self.max_attack = max_attack
        self.budget = budget
        self.transfer = transfer
        self.show = show and transfer
        self.nodes = 0
        self.memo: dict = {}
        self.visiting: set = set()

    # value for seat 0 (1 win, 0.5 draw, 0 loss)
    def value(self, h0: int, h1: int, att: int, table: tuple, taken: bool, limit: int,
              shown: int = 0) -> float:
        key = (h0, h1, att, table, taken, limit, shown)
        v = self.memo.get(key)
        if v is not None:
            return v
        if key in self.visiting:
            # passing the attack on can bring a position back (a trump shown, the cards taken
            # back): going round counts as the draw the engine's stalemate rule makes of it
            return 0.5
        self.nodes += 1
        if self.nodes > self.budget or len(self.visiting) > MAX_DEPTH:
            raise Budget()
        self.visiting.add(key)
        try:
            v = self._search(h0, h1, att, table, taken, limit, shown)
        finally:
            self.visiting.discard(key)
        self.memo[key] = v
        return v

    def _transfers(self, h0, h1, att, table, limit, shown):
        """The defender's transfers while nothing is beaten: (cost, the position after)."""
        if not self.transfer or not table or any(table[i] >= 0 for i in range(1, len(table), 2)):
            return []
        ah = h0 if att == 0 else h1
        dh = h1 if att == 0 else h0
        rank = table[0] >> 2
        n_att = len(table) // 2
        room = min(self.max_attack, bin(ah).count("1"))      # the new defender is the attacker
        out = []
        for c in _bits(dh):
            if c >> 2 != rank:
                continue
            if n_att + 1 <= room:
                nd = dh & ~(1 << c)
                out.append((cost(c, self.trump), (h0 if att == 0 else nd, nd if att == 0 else h1,
                                                  1 - att, table + (c, -1), False, room, shown)))
            if self.show and (c & 3) == self.trump and not (shown >> c) & 1 and n_att <= room:
                out.append((0, (h0, h1, 1 - att, table, False, room, shown | 1 << c)))
        return out

    def _end_bout(self, h0, h1, att, table, taken):
        if taken:
            cards = 0
            for c in table:
                if c >= 0:
                    cards |= 1 << c
            if att == 0:
                h1 |= cards
            else:
                h0 |= cards
            nxt = att
        else:
            nxt = 1 - att
        if not h0 or not h1:
            if not h0 and not h1:
                return 0.5
            return 1.0 if not h0 else 0.0
        dh = h1 if nxt == 0 else h0
        return self.value(h0, h1, nxt, (), False, attack_limit(self.max_attack, bin(dh).count("1")))

    def _search(self, h0, h1, att, table, taken, limit, shown=0) -> float:
        trump = self.trump
        ah = h0 if att == 0 else h1
        dh = h1 if att == 0 else h0
        maxim_att = att == 0          # seat 0 maximises
        n_att = len(table) // 2
        unbeaten = [table[i] for i in range(0, len(table), 2) if table[i + 1] < 0]
        if unbeaten and not taken:
            # defender: beat one unbeaten card, or take
            maxim = not maxim_att
            best = 0.0 if maxim else 1.0
            moves = []
            for a in set(unbeaten):
                for c in _bits(dh):
                    if beats(a, c, trump):
                        moves.append((cost(c, trump), a, c))
            moves.sort()
            answers = []            # each answer's position after it: the beats, then the transfers
            for _, a, c in moves:
                t = list(table)
                t[t.index(a) + 1] = c
                nd = dh & ~(1 << c)
                answers.append((h0 if att == 0 else nd, nd if att == 0 else h1, att, tuple(t),
                                False, limit, shown))
            answers += [after for _c, after in sorted(self._transfers(h0, h1, att, table, limit, shown))]
            for after in answers:
                v = self.value(*after)
                if maxim:
                    if v > best:
                        best = v
                        if best >= 1.0:
                            return best
                elif v < best:
                    best = v
                    if best <= 0.0:
                        return best
            v = self.value(h0, h1, att, table, True, limit, shown)
            return max(best, v) if maxim else min(best, v)
        # attacker: lead, throw in / give, or pass
        maxim = maxim_att
        best = 0.0 if maxim else 1.0
        if table:
            ranks = ranks_of(c for c in table if c >= 0)
            cand = addable(_bits(ah), ranks) if n_att < limit else []
            v = self._end_bout(h0, h1, att, table, taken)
            if (maxim and v >= 1.0) or (not maxim and v <= 0.0):
                return v
            best = v
        else:
            cand = list(_bits(ah))
        cand.sort(key=lambda c: cost(c, trump))
        for c in cand:
            na = ah & ~(1 << c)
            t = table + (c, -1)
            v = self.value(na if att == 0 else h0, h1 if att == 0 else na, att, t, taken, limit, shown)
            if maxim:
                if v > best:
                    best = v
                    if best >= 1.0:
                        return best
            elif v < best:
                best = v
                if best <= 0.0:
                    return best
        return best


def solver_for(st, budget: int = 60000) -> Solver:
    """A solver for the game of engine state ``st`` (its trump, limit and transfer rules)."""
    return Solver(st.trump, st.max_attack, budget=budget, transfer=st.transfer, show=st.show)


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def solve_state(st, seat: int, solver: Solver) -> float | None:
    """Value of engine state ``st`` for ``seat`` (heads-up; the stock empty, or only its
    face-up card left, which is known too), or None."""
    if st.n != 2 or st.teams or len(st.stock) > 1 or st.cap() != st.max_attack:
        return None
    if st.stock:
        return _with_last_card(st, seat, solver)
    ph = st.phase
    if ph == "over":
        out = st.outcome()
        return 0.5 if out.draw else (1.0 if seat in out.winners else 0.0)
    if ph in ("deal", "refill"):
        return None
    if ph == "end":
        st = st.copy()
        st.resolve_chance()
        return solve_state(st, seat, solver)
    if ph == "offer":
        return None
    other = 1 - seat
    h0 = mask(st.hands[seat])
    h1 = mask(st.hands[other])
    if ph == "lead":
        att = 0 if st.opener == seat else 1
        return solver.value(h0, h1, att, (), False, st.limit)
    shown = st.shown          # the bout's shown trumps, bits 1 << card as the solver's
    # bout
    att = 0 if st.defender == other else 1
    table = []
    for a, b in zip(st.att, st.beat, strict=True):
        table += [a, b]
    taken = bool(st.taken)
    if not (st.unbeaten and not taken):
        # it's the attackers' turn; a pass already recorded does not matter heads-up
        # (one attacker), the attacker simply decides again
        pass
    return solver.value(h0, h1, att, tuple(table), taken, st.limit, shown)


def _with_last_card(st, seat: int, solver: Solver) -> float | None:
    """Minimax over the engine's own moves until the face-up card is drawn (every card is
    known then too), then the bitmask search."""
    ph = st.phase
    if ph == "over" or not st.stock:
        return solve_state(st, seat, solver)
    if ph in ("end", "refill"):
        st = st.copy()
        st.resolve_chance()
        return solve_state(st, seat, solver)
    if ph == "deal":
        return None
    solver.nodes += 1
    if solver.nodes > solver.budget:
        raise Budget()
    maxim = st.turn == seat
    best = 0.0 if maxim else 1.0
    moves = st.moves()
    moves.sort(key=lambda m: cost(m[1][0], solver.trump) if m[0] == "A" else
               (cost(m[2], solver.trump) if m[0] == "D" else 99))
    for m in moves:
        child = st.copy()
        child.do_move(st.turn, m)
        v = solve_state(child, seat, solver)
        if v is None:
            return None
        if maxim and v > best:
            best = v
            if best >= 1.0:
                break
        elif not maxim and v < best:
            best = v
            if best <= 0.0:
                break
    return best
