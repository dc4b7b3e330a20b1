"""A Gurka-family card policy learned by self-play: a small network over a compact state.

The bench's sparring partner of another style than the built-in levels (``base:learned``,
:mod:`game.ai.baselines`): no search, no counting beyond what the state below holds, its
choices those of a value network trained by self-play from the engine's fast API
(``build_scripts/train_learned.py``; game/ai/BENCHMARKS.md, "The learned bot").

**The compact state** a decision is read from, the same in training and in play:

- the seat's hand, the trick on the table (who played which cards), the options;
- how many players are in the deal and how many of them are still to play to the trick;
- the *unseen* cards as a count per strength (what the seat has not seen: the other hands,
  the undealt cards and the others' discards; the engine's
  :class:`~game.engine.determinize.HiddenSlots` ``unseen``), and how many of them sit in
  the other hands (the rest are out of play).

For every legal move (moves differing only in suits counted once) :func:`features` gives a
row of numbers (the move, what it leaves in hand, the trick, the unseen cards, the rules),
and the network rates the row: its estimate of the seat's penalty at the end of the deal,
in units of an ace.  The policy plays the move rated lowest.  The network is evaluated in
pure Python (the frozen game carries no numpy); its weights are a generated module
(:mod:`game.ai.learned.network_weights`), loaded on first use.
"""

from __future__ import annotations

import math

from ...engine.gurka import moves as gm
from ...engine.cards import FULL_DECK, INDEX, names

ACE = gm.ACE - 2  # card >> 2 for an ace (the engine's card ints: rank index * 4 + suit)
#: penalty units: the network's output is the deal's penalty divided by this
SCALE = 14.0


class Situation:
    """The compact state of one decision in the card play (see the module docstring).

    ``hand``: card ints; ``trick``: ``[(seat, (card, ...)), ...]`` in play order;
    ``unseen``: card ints the seat has not seen; ``in_hands``: how many of them the other
    seats hold; ``n_deal``: players in the deal; ``opts``, ``S``, ``V``: the options and
    the strength and value tables."""

    __slots__ = ("hand", "trick", "n_deal", "opts", "S", "V", "ge", "n_unseen", "pin",
                 "u_mean", "u_high", "flags", "best_key", "hs")

    def __init__(self, hand, trick, count, in_hands: int, n_deal: int, opts: dict, S, V):
        """``count``: the unseen cards as a count per strength (:func:`strength_count`)."""
        self.hand = hand
        self.trick = trick
        self.n_deal = n_deal
        self.opts = opts
        self.S = S
        self.V = V
        ge = [0] * 18                    # ge[x]: unseen cards of strength x or more
        for x in range(16, 1, -1):
            ge[x] = ge[x + 1] + count[x]
        self.ge = ge
        n = ge[2]
        self.n_unseen = n
        self.pin = in_hands / n if n else 0.0
        self.u_mean = (sum(x * count[x] for x in range(2, 17)) / n / 15.0) if n else 0.0
        self.u_high = ge[12] / n if n else 0.0
        self.flags = _flags(opts)
        self.hs = sorted(S[c] for c in hand)
        best = []
        if trick and len(trick[0][1]) > 1:
            best = sorted(S[c] for c in trick[0][1])
            for _s, cs in trick[1:]:
                key = sorted(S[c] for c in cs)
                if gm.matches(key, best):
                    best = key
        self.best_key = best


def strength_count(cards, S) -> list[int]:
    """How many of ``cards`` have each strength (index 0..16)."""
    count = [0] * 17
    for c in cards:
        count[S[c]] += 1
    return count


_FLAG_CACHE: dict = {}


def _flags(opts: dict) -> tuple:
    key = (opts["reference"], opts["optional_lowest"], opts["no_ace_on_ace"], opts["multi_lead"],
           opts["nearest_above"], opts["twos_rule"], opts["tie_rule"], opts["lead_lowest"],
           opts["top_card"])
    got = _FLAG_CACHE.get(key)
    if got is None:
        got = _FLAG_CACHE[key] = (
            float(key[0] == "previous"), float(key[1]), float(key[2]), float(key[3]),
            float(key[4]), float(key[5]), float(key[6] == "last"), float(key[7]),
            float(key[8] is not None))
    return got


#: how many numbers :func:`features` gives per move
N_FEATURES = 47


def features(sit: Situation, move: tuple) -> list[float]:
    """The row the network rates for playing ``move`` (a tuple of card ints) in ``sit``."""
    S = sit.S
    hs = sit.hs
    h = len(hs)
    k = len(move)
    ms = sorted(S[c] for c in move)
    s_lo, s_hi = ms[0], ms[-1]
    rest = list(hs)
    for x in ms:
        rest.remove(x)
    r = len(rest)
    trick = sit.trick
    lead = not trick
    ge = sit.ge
    n = sit.n_unseen or 1
    to_come = sit.n_deal - len(trick) - 1
    opts = sit.opts
    ref = 0
    block = 0.0
    best = 0
    reaches = 0.0
    becomes = 1.0
    if not lead:
        if k == 1:
            cards = [cs[0] for _s, cs in trick]
            best = max(S[c] for c in cards)
            ref_card, blocked = gm.card_to_match(opts, S, cards)   # the engine's rule, no-ace-on-ace too
            ref = S[ref_card]
            block = float(blocked)
            reaches = float(s_hi >= ref and not block)
            becomes = float(s_hi >= best)
        else:
            key = sit.best_key
            ref = key[0]
            best = key[-1]
            reaches = float(gm.matches(ms, key))
            becomes = reaches
    above_hi = ge[s_hi + 1]
    q = above_hi / n * sit.pin
    cards_to_come = to_come * h
    beat = 1.0 - (1.0 - q) ** cards_to_come if becomes and cards_to_come else 0.0
    top_v = sit.V[max(move, key=S.__getitem__)]
    if r:
        r_max, r_min = rest[-1], rest[0]
        r_2 = rest[-2] if r > 1 else rest[-1]
        r_mean = sum(rest) / r
        r_hi = sum(1 for x in rest if x >= 12)
        r_lo = sum(1 for x in rest if x <= 6)
        a_max = ge[r_max + 1] / n
        a_min = ge[r_min + 1] / n
        at_max = ge[r_max] / n
    else:
        r_max = r_min = r_2 = r_mean = r_hi = r_lo = 0
        a_max = a_min = at_max = 0.0
    aces_rest = sum(1 for c in sit.hand if (c >> 2) == ACE and c not in move)
    has_ace = float(any((c >> 2) == ACE for c in move))
    nd = sit.n_deal
    row = [
        1.0, h / 10.0, float(lead), to_come / 3.0,
        float(nd == 2), float(nd == 3), float(nd >= 4),
        s_hi / 15.0, s_lo / 15.0, (k - 1) / 3.0, top_v / 21.0,
        reaches, becomes, float(not lead and not reaches),
        float(s_hi == hs[-1]), float(s_lo == hs[0]),
        ref / 15.0, beat, above_hi / n,
        r / 10.0, r_max / 15.0, r_min / 15.0, r_2 / 15.0, r_mean / 15.0,
        a_max, a_min, at_max, r_hi / 5.0, r_lo / 5.0, aces_rest / 4.0, has_ace,
        sit.pin, sit.u_mean, sit.u_high,
    ]
    row.extend(sit.flags)
    row += [block, best / 15.0, (s_hi - (r_max if r else s_hi)) / 13.0,
            float(becomes and to_come == 0)]
    return row


# -- the network ---------------------------------------------------------------------------
class Net:
    """A one-hidden-layer network (tanh), evaluated in pure Python: ``W1`` hidden rows of
    :data:`N_FEATURES` weights, ``B1``, ``W2`` (one weight per hidden unit), ``B2``."""

    def __init__(self, w1, b1, w2, b2):
        self.w1 = [list(row) for row in w1]
        self.b1 = list(b1)
        self.w2 = list(w2)
        self.b2 = float(b2)
        if any(len(row) != N_FEATURES for row in self.w1) or not (
                len(self.w1) == len(self.b1) == len(self.w2)):
            raise ValueError("the learned policy's weights do not fit its features")

    def best(self, sit: "Situation", moves):
        """The move of ``moves`` (distinct) this network rates lowest."""
        return best_move(sit, moves, self)

    def value(self, row: list[float]) -> float:
        out = self.b2
        tanh = math.tanh
        for w, b, v in zip(self.w1, self.b1, self.w2):
            out += v * tanh(b + sum(a * x for a, x in zip(w, row)))
        return out


_NET: Net | None = None


def net() -> Net:
    """The shipped network (:mod:`game.ai.learned.network_weights`), loaded once."""
    global _NET
    if _NET is None:
        from . import network_weights as lw   # lazy: the weights load when a learned bot first plays
        _NET = Net(lw.W1, lw.B1, lw.W2, lw.B2)
    return _NET


def distinct(moves, S) -> list:
    """``moves`` without those that differ from an earlier one only in suits."""
    seen: dict = {}
    for m in moves:
        seen.setdefault(tuple(sorted(S[c] for c in m)), m)
    return list(seen.values())


def best_move(sit: Situation, moves, model: Net | None = None):
    """The move of ``moves`` (distinct) the network rates lowest (the first of equals)."""
    if len(moves) == 1:
        return moves[0]
    model = model or net()
    best = None
    bv = 0.0
    for m in moves:
        v = model.value(features(sit, m))
        if best is None or v < bv:
            best, bv = m, v
    return best


def situation_from_knowledge(k) -> Situation:
    """The compact state of a seat's view (:class:`game.ai.gurka.info.Knowledge`)."""
    return Situation(k.hand, k.trick, strength_count(k.unseen, k.S),
                     sum(k.slots.hands.values()), len(k.in_deal), k.opts, k.S, k.V)


def situation_from_state(st, seat: int, played, discards=()) -> Situation:
    """The compact state for ``seat`` of a full engine state (training, play-outs), from
    what that seat has seen only: ``played``, the cards played so far in the deal;
    ``discards``, the seat's own discards this deal (seven-round Gúrka)."""
    hand = st.hands[seat]
    gone = set(played)
    gone.update(hand)
    gone.update(discards)
    for p in st.piles:
        gone.update(p)
    unseen = [c for c in FULL_DECK if c not in gone]
    in_hands = sum(len(st.hands[s]) for s in st.in_deal if s != seat)
    return Situation(hand, st.trick, strength_count(unseen, st.S), in_hands, len(st.in_deal),
                     st.options, st.S, st.V)


def choose_card(k, legal: list[dict]) -> dict:
    """The policy's play among ``legal`` (play actions) for the seat of ``k``."""
    moves = [tuple(INDEX[c] for c in a["cards"]) for a in legal]
    pick = best_move(situation_from_knowledge(k), distinct(moves, k.S))
    want = sorted(names(pick))
    return next(a for a in legal if sorted(a["cards"]) == want)
