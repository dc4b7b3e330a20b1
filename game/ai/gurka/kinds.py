"""What kind of card each other seat plays, read from the game's finished deals.

Hard's softer inferences (:mod:`game.ai.gurka.info`: a leader of one card, or a follower
who reached the card to beat, holds nothing stronger) and its play-outs assume that the
others lead their strongest card and follow with the strongest card that reaches, the
play-out heuristic's way.  Not every player does: the learned bot (``base:learned``)
leads a middle card in most of its leads with five or six cards in hand and follows
with the lowest card that reaches about half the time, so the inference puts the wrong
cards in its hand.  In a finished deal every card was played, so each single-card play
can be replayed with the hand the seat held then and named by its kind:

- a lead: ``top`` (its strongest strength), ``low`` (its weakest) or ``mid``;
- a follow that could reach the card to beat: ``top`` (the strongest card that reaches),
  ``low`` (the weakest that reaches), ``mid``, or ``dump`` (a lowest card under the card
  to beat, where the rules allow it).

Plays without a choice of strength are not counted.  :func:`top_share` is how often a
seat played ``top`` at a hand size, smoothed like ``gurka_likely.share``; the caps hold
exactly when the seat played ``top``.  Only the view's public events are read.

Its uses are switches: ``gurka_info.KIND_READS`` (the caps gated by :func:`top_share`,
on), ``gurka_ai.KINDS`` (such seats played in Hard's play-outs by :func:`playout_move`,
off) and ``gurka_ai.KIND_WEIGHTS`` (deals weighed by :class:`KindPlays`, off); what each
measured is in game/ai/BENCHMARKS.md ("The learned bot").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.gurka import moves as gm
from .likely import deal_plays, legal_moves

#: the share of ``top`` plays assumed of a seat before any of its deals is seen (above
#: ``gurka_info.KIND_GATE``: the caps are drawn until a seat is seen to play otherwise;
#: at 0.5, none until it is seen to play that way, Hard won 32.7% instead of 31.3% against
#: the learned bots but leaned 2.7 points down in gurka-is 3p v Normal), how many plays
#: that prior counts for, and how many the seat's own share counts for within a hand size
#: (as gurka_likely's PRIOR, PRIOR_WEIGHT and SEAT_WEIGHT)
PRIOR = 0.8
PRIOR_WEIGHT = 3.0
SEAT_WEIGHT = 2.0


def kind(hand, before, cards, S, opts) -> str | None:
    """The kind of the single-card play ``cards`` from ``hand`` after ``before`` (the
    trick's (seat, cards) so far), or None (a set, or no choice of strength)."""
    if len(cards) != 1:
        return None
    c = S[cards[0]]
    if not before:
        held = {S[x] for x in hand}
        if len(held) < 2:
            return None
        return "top" if c == max(held) else "low" if c == min(held) else "mid"
    if len(before[0][1]) != 1:
        return None
    legal = {S[m[0]] for m in legal_moves(hand, before, S, opts)}
    if len(legal) < 2:
        return None
    ref, block = gm.card_to_match(opts, S, [cs[0] for _s, cs in before])
    reach = sorted(x for x in legal if x >= S[ref]) if not block else []
    if not reach:
        return None
    if c < S[ref]:
        return "dump"
    return "top" if c == reach[-1] else "low" if c == reach[0] else "mid"


def read(plays: list[tuple], S, opts) -> dict:
    """{seat: {(is a lead, hand size): {kind: plays}}} over the finished deals' ``plays``
    (:func:`game.ai.gurka.likely.finished_plays`: the view's own seat left out)."""
    out: dict = {}
    for s, cards, before, later in plays:
        hand = list(cards) + later
        k = kind(hand, before, cards, S, opts)
        if k is not None:
            row = out.setdefault(s, {}).setdefault((not before, len(hand)), {})
            row[k] = row.get(k, 0) + 1
    return out


def top_share(kinds: dict, seat: int, lead: bool, size: int, smallest: int = 1) -> float:
    """How often ``seat`` played ``top`` in a lead (or a follow that could reach) with
    ``size`` cards in hand, smoothed towards its share over the hand sizes from
    ``smallest`` up (with two or three cards nearly everybody leads high), and that
    towards :data:`PRIOR`."""
    rows = [(key, row) for key, row in kinds.get(seat, {}).items()
            if key[0] == lead and key[1] >= smallest]
    tops = sum(row.get("top", 0) for _key, row in rows)
    n = sum(sum(row.values()) for _key, row in rows)
    overall = (tops + PRIOR_WEIGHT * PRIOR) / (n + PRIOR_WEIGHT)
    row = kinds.get(seat, {}).get((lead, size), {})
    return (row.get("top", 0) + SEAT_WEIGHT * overall) / (sum(row.values()) + SEAT_WEIGHT)


#: the kinds of single-card plays, leads and follows that could reach
LEAD_KINDS = ("top", "mid", "low")
FOLLOW_KINDS = ("top", "mid", "low", "dump")


def shares(kinds: dict, seat: int, gate: float, smallest: int = 1) -> dict:
    """{(is a lead, hand size): {kind: chance}} for the hand sizes from ``smallest`` up at
    which ``seat`` was seen to play ``top`` less often than ``gate`` (:func:`top_share`):
    each size's counts smoothed towards the seat's counts over every size."""
    out: dict = {}
    rows = kinds.get(seat, {})
    for lead, names in ((True, LEAD_KINDS), (False, FOLLOW_KINDS)):
        pooled = {x: 0 for x in names}
        for (is_lead, _size), row in rows.items():
            if is_lead == lead:
                for x in names:
                    pooled[x] += row.get(x, 0)
        total = sum(pooled.values())
        if not total:
            continue
        for (is_lead, size), row in rows.items():
            if (is_lead != lead or size < smallest
                    or top_share(kinds, seat, lead, size, smallest) >= gate):
                continue
            n = sum(row.values())
            out[(lead, size)] = {x: (row.get(x, 0) + PRIOR_WEIGHT * pooled[x] / total)
                                 / (n + PRIOR_WEIGHT) for x in names}
    return out


def playout_model(kinds: dict, seat: int, gate: float, smallest: int = 1) -> dict:
    """{(is a lead, hand size): [(kind, cumulative chance), ...]} where ``seat`` is read as
    not playing the heuristic's way (:func:`shares`): there the play-outs play it by the
    kinds its finished deals show; elsewhere by the heuristic."""
    out: dict = {}
    for key, probs in shares(kinds, seat, gate, smallest).items():
        acc, cum = 0.0, []
        for x, p in probs.items():
            acc += p
            cum.append((x, acc))
        out[key] = cum
    return out


def playout_move(st, model: dict, rng):
    """The move of the seat to act in ``st`` (a search state) by its kinds ``model``
    (:func:`playout_model`), or None where the model says nothing (a set, a hand size
    not modelled, a follow that cannot reach, the twos rule, an ace that closes the
    trick): the play-out heuristic decides there."""
    hand = st.hands[st.turn]
    trick = st.trick
    cum = model.get((not trick, len(hand)))
    if cum is None or len(hand) < 2:
        return None
    S, o = st.S, st.options
    if trick:
        if len(trick[0][1]) != 1 or o["nearest_above"]:
            return None
        tc = [cs[0] for _s, cs in trick]
        if gm.two_led(o, tc[0]):
            return None
        ref, block = gm.card_to_match(o, S, tc)
        if block:
            return None
        legal = gm.follow_single(hand, S, o, tc)
        reach = sorted((c for c in legal if S[c] >= S[ref]), key=S.__getitem__)
        if not reach:
            return None
        under = [c for c in legal if S[c] < S[ref]]
    elif o["multi_lead"] or o["lead_lowest"]:
        return None
    else:
        reach = sorted(hand, key=S.__getitem__)
        under = []
    x = rng.random()
    pick = next((k for k, p in cum if x < p), cum[-1][0])
    if pick == "dump":
        return (under[0],) if under else None
    if pick == "low":
        return (reach[0],)
    if pick == "mid":
        strengths = sorted({S[c] for c in reach})
        if len(strengths) >= 3:
            want = strengths[-2]
            return (next(c for c in reach if S[c] == want),)
    return (reach[-1],)


#: the chance given to a kind of play a seat was never seen to make
FLOOR = 0.02


class KindPlays:
    """This deal's single-card plays of the seats with kind chances (``{seat: shares(...)}``),
    ready to weigh sampled deals (``weight(hands)``, as ``gurka_likely.Plays``): each play
    replayed with the hand the sample gives the seat then, weighed by the chance of its
    kind.  A lead of a middle card, say, is likely only from a hand that holds a stronger
    one."""

    def __init__(self, k, models: dict):
        self.S = k.S
        self.opts = k.opts
        t = k.table
        live = [] if t.trick_over() else [t.trick]
        rows = []
        for s, cards, before, later in deal_plays([tr.plays for tr in t.tricks] + live):
            probs = models.get(s, {}).get((not before, len(later) + len(cards) + k.counts.get(s, 0)))
            if probs:
                rows.append((s, cards, before, later, probs))
        self.rows = rows

    def weight(self, hands: Mapping[int, Sequence[int]]) -> float:
        w = 1.0
        for s, cards, before, later, probs in self.rows:
            x = kind(list(hands[s]) + list(later) + list(cards), before, cards, self.S, self.opts)
            if x is not None:
                w *= max(FLOOR, probs.get(x, 0.0))
        return w
