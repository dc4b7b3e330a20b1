"""A second learned Gurka policy, a table over the compact state, fast enough for play-outs.

It reads the same compact state as :mod:`game.ai.learned.network` (:class:`~game.ai.learned.network.
Situation`: the hand, the trick, the unseen cards as a count per strength, how many of them
sit in the other hands, the players in the deal, the rules) and rates a move as a sum of
table entries, one per *key*: a few small numbers about the move and the state (what kind
of move: a lead, a follow that reaches the card to beat or one that does not; how many cards
in hand and how many players are still to play to the trick; where the move's strength
stands in the hand; the strongest and weakest cards it keeps; how many unseen cards are
stronger; ...).  The rating estimates the seat's penalty at the end of the deal in units
of an ace; the policy plays the move rated lowest.  A decision costs a few table lookups
per move, so Hard's play-outs can play a seat by it (:mod:`game.ai.gurka.playout`).

It is trained by its own self-play, apart from the network of :mod:`game.ai.learned.network`
(``build_scripts/train_learned.py --model table``): the bench's learned bot and the
policy Hard's play-outs may use are two different players.
"""

from __future__ import annotations

from ...engine.gurka import moves as gm
from .network import ACE, Situation  # noqa: F401  (Situation: the state it reads)

_LEAD, _REACH, _LOW = 0, 1, 2


def _bucket(x: int) -> int:
    """0, 1, 2, 3-4, 5-8, 9 or more -> 0..5."""
    return x if x < 3 else (3 if x < 5 else (4 if x < 9 else 5))


def _q4(p: float) -> int:
    return 0 if p < 0.2 else (1 if p < 0.4 else (2 if p < 0.7 else 3))


#: the tables: (name, size); a key's index is dense within its table
TABLES = (
    ("kind, cards in hand, players to come, strength's place from the top", 3 * 10 * 4 * 8),
    ("kind, strength played, cards in hand", 3 * 14 * 10),
    ("kind, strongest card kept, cards kept", 3 * 15 * 10),
    ("weakest card kept, cards kept, players in the deal", 15 * 10 * 3),
    ("kind, unseen stronger than the move, share in hands, players to come", 3 * 6 * 4 * 4),
    ("unseen stronger than the strongest kept, cards kept, players, share in hands",
     6 * 10 * 3 * 4),
    ("kind, leads the trick, surely, an ace, ace lock, to come, aces kept",
     3 * 2 * 2 * 2 * 2 * 4 * 3),
    ("rules, kind, place from the top, hand size class", 16 * 3 * 8 * 3),
    ("strongest and second strongest kept, cards kept (1-4, or more)", 15 * 15 * 5),
    ("the card to reach (none for a lead), the strength played, kind", 15 * 14 * 3),
    ("set size, kind, weakest of the move", 3 * 3 * 14),
    ("strength played, unseen stronger, cards in hand", 14 * 6 * 10),
)
OFFSETS = []
_at = 0
for _name, _size in TABLES:
    OFFSETS.append(_at)
    _at += _size
#: the number of weights
SIZE = _at
O = tuple(OFFSETS)


def indices(sit: Situation, move: tuple) -> list[int]:
    """The weights (one per table) that rate ``move`` in ``sit``."""
    S = sit.S
    hs = sit.hs
    h = len(hs)
    k = len(move)
    if k == 1:
        s_hi = s_lo = S[move[0]]
        rest = list(hs)
        rest.remove(s_hi)
    else:
        ms = sorted(S[c] for c in move)
        s_lo, s_hi = ms[0], ms[-1]
        rest = list(hs)
        for x in ms:
            rest.remove(x)
    r = len(rest)
    trick = sit.trick
    ge = sit.ge
    to_come = sit.n_deal - len(trick) - 1
    if to_come > 3:
        to_come = 3
    opts = sit.opts
    block = 0
    ref = 0
    if not trick:
        kind = _LEAD
        becomes = 1
    elif k == 1:
        cards = [cs[0] for _s, cs in trick]
        best = 0
        for c in cards:
            if S[c] > best:
                best = S[c]
        ref_card, blocked = gm.card_to_match(opts, S, cards)   # the engine's rule, no-ace-on-ace too
        ref = S[ref_card]
        block = 1 if blocked else 0
        kind = _REACH if s_hi >= ref and not block else _LOW
        becomes = 1 if s_hi >= best else 0
    else:
        key = sit.best_key
        ref = key[0]
        ok = gm.matches(sorted(S[c] for c in move), key)
        kind = _REACH if ok else _LOW
        becomes = 1 if ok else 0
    hh = h if h <= 10 else 10
    distinct = sorted(set(hs), reverse=True)
    pos = distinct.index(s_hi)
    if pos > 7:
        pos = 7
    pinq = _q4(sit.pin)
    nd = sit.n_deal - 2 if sit.n_deal <= 4 else 2
    r_max = rest[-1] if r else 1
    r_min = rest[0] if r else 1
    r_2 = rest[-2] if r > 1 else 1
    rr = r if r <= 9 else 9
    above = _bucket(ge[s_hi + 1])
    a_max = _bucket(ge[r_max + 1]) if r else 0
    has_ace = 0
    aces = 0
    for c in sit.hand:
        if (c >> 2) == ACE:
            if c in move:
                has_ace = 1
            else:
                aces += 1
    if aces > 2:
        aces = 2
    sure = 1 if becomes and to_come == 0 else 0
    f = sit.flags
    rules = int(f[0]) + 2 * int(f[1]) + 4 * int(f[2]) + 8 * int(f[3])
    hc = 0 if h <= 3 else (1 if h <= 6 else 2)
    return [
        O[0] + ((kind * 10 + hh - 1) * 4 + to_come) * 8 + pos,
        O[1] + (kind * 14 + s_hi - 2) * 10 + hh - 1,
        O[2] + (kind * 15 + r_max - 1) * 10 + rr,
        O[3] + ((r_min - 1) * 10 + rr) * 3 + nd,
        O[4] + ((kind * 6 + above) * 4 + pinq) * 4 + to_come,
        O[5] + ((a_max * 10 + rr) * 3 + nd) * 4 + pinq,
        O[6] + (((((kind * 2 + becomes) * 2 + sure) * 2 + has_ace) * 2 + block) * 4
                + to_come) * 3 + aces,
        O[7] + ((rules * 3 + kind) * 8 + pos) * 3 + hc,
        O[8] + ((r_max - 1) * 15 + r_2 - 1) * 5 + (r - 1 if 0 < r <= 4 else 4),
        O[9] + ((ref - 1 if ref > 1 else 0) * 14 + s_hi - 2) * 3 + kind,
        O[10] + ((k - 1 if k < 3 else 2) * 3 + kind) * 14 + s_lo - 2,
        O[11] + ((s_hi - 2) * 6 + above) * 10 + hh - 1,
    ]


#: the shipped weights are whole numbers: the weight times this
QUANTUM = 10000


class TablePolicy:
    """The weights (:data:`SIZE` of them) and the move they rate lowest."""

    def __init__(self, weights):
        self.w = [float(x) for x in weights]
        if len(self.w) != SIZE:
            raise ValueError("the table policy's weights do not fit its tables")

    def value(self, sit: Situation, move: tuple) -> float:
        w = self.w
        return sum(w[i] for i in indices(sit, move))

    def best(self, sit: Situation, moves):
        best = None
        bv = 0.0
        w = self.w
        for m in moves:
            v = 0.0
            for i in indices(sit, m):
                v += w[i]
            if best is None or v < bv:
                best, bv = m, v
        return best


_POLICY: TablePolicy | None = None


def policy() -> TablePolicy:
    """The shipped table policy (:mod:`game.ai.learned.table_weights`), loaded once."""
    global _POLICY
    if _POLICY is None:
        from . import table_weights as lw     # lazy: the weights load when a learned bot first plays
        _POLICY = TablePolicy(x / QUANTUM for x in lw.WEIGHTS)
    return _POLICY
