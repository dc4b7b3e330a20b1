"""How likely each sampled deal of the hidden cards makes the others' plays so far.

Legality alone (:mod:`game.ai.gurka.info`) says what a seat *cannot* hold.  How a seat
chose among its legal plays says more: most players shed their highest card when they
may and lead high, the plausible policy of the rollouts (``gurka_policy.play_fast``
without randomness).  How far a seat follows that policy is read from this game's
finished deals, where every card was played and so each play can be replayed with the
hand the seat held then: per seat and per number of cards in hand, the share of plays
with a real choice that were the policy's (smoothed towards the seat's share over all
hand sizes, and that towards :data:`PRIOR`).

For a sampled deal, every play of another seat in this deal is replayed with the hand
the seat held then (the cards it holds in the sample plus the cards it has played
since).  With that seat's share ``a`` and ``m`` different legal plays, the policy's play
has the chance ``a + (1 - a) / m`` and any other ``(1 - a) / m``; a play the hand could
not have made, almost none.  The product, relative to the policy's play, is the
sample's weight, and the search draws its deals from a pool of samples in proportion
to those weights (sampling-importance-resampling).

Nothing here looks at who a seat is, only at the view's public plays.  Hard uses it
only when ``gurka_ai.LIKELY`` is on; it is off, because against Normal it bought nothing
measurable (game/ai/BENCHMARKS.md, "What was tried").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.gurka import moves as gm
from ...engine.cards import INDEX
from ...engine.public import fold, new_table
from . import policy as gp

#: the share of policy plays assumed of a seat before any of its deals is seen
PRIOR = 0.6
#: how many plays that prior counts for; and how many the seat's own share counts for
#: within each hand size
PRIOR_WEIGHT = 3.0
SEAT_WEIGHT = 2.0
#: the weight of a play the sampled hand could not have made
IMPOSSIBLE = 0.01


def deal_plays(plays_by_trick) -> list[tuple]:
    """Every play of a deal's tricks (each a list of (seat, card names)), in order: (seat,
    cards, the trick's (seat, cards) before it, the cards the seat played after it)."""
    flat = [(s, tuple(INDEX[c] for c in cs), i) for i, tr in enumerate(plays_by_trick)
            for s, cs in tr]
    out = []
    before: list[tuple] = []
    for n, (s, cards, i) in enumerate(flat):
        if n and flat[n - 1][2] != i:
            before = []
        later = [c for s2, cs, _i in flat[n + 1:] if s2 == s for c in cs]
        out.append((s, cards, list(before), later))
        before.append((s, cards))
    return out


def finished_plays(view: dict) -> list[tuple]:
    """Every play of another seat in the view's finished deals, as :func:`deal_plays` gives
    them (a seat's hand at each play is what it played from then on)."""
    me = view["seat"]
    table = new_table(view["rules"], view["options"], view["players"])
    out: list[tuple] = []
    for ev in view["events"]:
        fold(table, ev)
        if ev["type"] == "score":
            out += [p for p in deal_plays([tr.plays for tr in table.tricks]) if p[0] != me]
    return out


def seat_style(plays: list[tuple], S, opts) -> dict:
    """{seat: {hand size: [policy plays, plays with a choice]}} over the finished deals'
    ``plays`` (:func:`finished_plays`)."""
    style: dict = {}
    for s, cards, before, later in plays:
        hand = list(cards) + later
        moves = legal_moves(hand, before, S, opts)
        if len(gp.dedupe(moves, S)) <= 1:
            continue
        pick = gp.play_fast(hand, before, moves, S, opts)
        row = style.setdefault(s, {}).setdefault(len(hand), [0, 0])
        row[0] += gp.move_key(pick, S) == gp.move_key(cards, S)
        row[1] += 1
    return style


def share(style: dict, seat: int, size: int) -> float:
    rows = style.get(seat, {})
    agree = sum(r[0] for r in rows.values())
    n = sum(r[1] for r in rows.values())
    overall = (agree + PRIOR_WEIGHT * PRIOR) / (n + PRIOR_WEIGHT)
    a, m = rows.get(size, (0, 0))
    return (a + SEAT_WEIGHT * overall) / (m + SEAT_WEIGHT)


class Plays:
    """The other seats' plays of this deal, ready to be weighed against sampled hands."""

    def __init__(self, k):
        self.S = S = k.S
        self.opts = k.opts
        style = k.style()
        t = k.table
        live = [] if t.trick_over() else [t.trick]
        rows = []
        for s, cards, before, later in deal_plays([tr.plays for tr in t.tricks] + live):
            if s == k.seat:
                continue
            size = len(later) + len(cards) + k.counts.get(s, 0)
            rows.append((s, cards, gp.move_key(cards, S), before, later, share(style, s, size)))
        self.rows = rows

    def weight(self, hands: Mapping[int, Sequence[int]]) -> float:
        S, opts = self.S, self.opts
        w = 1.0
        for s, cards, key, before, later, a in self.rows:
            hand = list(hands[s]) + list(later) + list(cards)
            moves = legal_moves(hand, before, S, opts)
            keys = {gp.move_key(m, S) for m in moves}
            if key not in keys:
                w *= IMPOSSIBLE
                continue
            m = len(keys)
            if m <= 1:
                continue
            pick = gp.play_fast(hand, before, moves, S, opts)
            if gp.move_key(pick, S) != key:
                other = (1.0 - a) / m
                w *= other / (a + other)
        return w


def legal_moves(hand, before, S, opts) -> list[tuple]:
    """The plays ``hand`` had after ``before`` (the trick's (seat, cards) so far)."""
    if not before:
        return gm.lead_moves(hand, S, opts)
    k = len(before[0][1])
    if k == 1:
        return [(c,) for c in gm.follow_single(hand, S, opts, [cs[0] for _s, cs in before])]
    best = gm.set_key(before[0][1], S)
    for _s, cs in before[1:]:
        key = gm.set_key(cs, S)
        if gm.matches(key, best):
            best = key
    return gm.follow_multi(hand, S, k, best)
