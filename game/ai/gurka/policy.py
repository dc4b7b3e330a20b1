"""Heuristic Gurka-family decisions on card ints (shared by Easy, Normal and Hard's rollouts).

The game in one sentence: every card you hold will be played, and the card
you are left with for the last trick is the one that can cost you.  So shed
high cards while you may, keep low ones, and make the others shed their low
cards (a high lead or reference forces a player who cannot reach it to play
their lowest).
"""

from __future__ import annotations

import math

from ...engine.gurka import moves as gm
from ...engine.cards import names, rank_of


def move_key(move, S) -> tuple:
    """Moves that differ only in suits are the same move in Gurka (suits never matter)."""
    return tuple(sorted(S[c] for c in move))


def dedupe(moves, S) -> list:
    seen: dict = {}
    for m in moves:
        seen.setdefault(move_key(m, S), m)
    return list(seen.values())


def play_fast(hand, trick, moves, S, opts, rng=None, eps: float = 0.0):
    """Cheap policy for rollouts: lead/follow with the highest cards you may play."""
    if eps and rng is not None and rng.random() < eps:
        return moves[rng.randrange(len(moves))]
    if len(moves) == 1:
        return moves[0]
    if not trick:
        best = None
        bk = None
        for m in moves:
            lo = S[m[0]] if len(m) == 1 else min(S[c] for c in m)
            k = (lo + (len(m) - 1) * 2 if lo >= 11 else lo - (len(m) - 1) * 3, rng.random() if rng else 0)
            if bk is None or k > bk:
                best, bk = m, k
        return best
    best = None
    bk = None
    for m in moves:
        k = sum(S[c] for c in m)
        if bk is None or k > bk:
            best, bk = m, k
    return best


# -- counting-based estimates (Normal) ------------------------------------------------
def p_highest(card: int, k, S) -> float:
    """Chance that nobody else's last card reaches ``card``: a crude estimate from
    what is unseen and what each other seat was shown not to hold."""
    s = S[card]
    p_ok = 1.0
    for seat in k.others:
        cnt = k.counts[seat]
        if cnt <= 0:
            continue
        poss = k.possible(seat)
        if not poss:
            continue
        above = sum(1 for c in poss if S[c] >= s)
        # the seat keeps its lowest card for last, roughly: it only hurts if all its
        # cards are high.  Probability that a random card from its range is >= s:
        q = above / len(poss)
        p_ok *= 1.0 - q ** max(1, cnt)
    return p_ok


def card_risk(card: int, k, S, V, total: int, opts) -> float:
    """Expected harm of ending the deal with ``card``."""
    p_lose = p_highest(card, k, S)
    pen = 1 if opts["lives"] else V[card]
    harm = pen
    if opts["rounds"] is None and not opts["lives"]:
        t = total + pen
        if opts["out_rule"] == "exceed" and t == opts["limit"]:
            harm = -total          # exactly the limit: back to zero
        elif (opts["out_rule"] == "reach" and t >= opts["limit"]) or (
                opts["out_rule"] == "exceed" and t > opts["limit"]):
            harm = pen + 40        # knocked out
    elif opts["lives"] and total + 1 >= opts["lives"]:
        harm = 40
    return p_lose * harm


def play_normal(k, moves, rng=None):
    """Normal's card play, from the seat's knowledge ``k`` (gurka_info.Knowledge)."""
    S, V, opts = k.S, k.V, k.opts
    hand = k.hand
    moves = dedupe(moves, S)
    if len(moves) == 1:
        return moves[0]
    total = k.totals[k.seat]
    size = len(moves[0]) if k.trick else 1
    if len(hand) - size == 1 or (len(hand) == 2):
        # the card we keep is our last card: choose it by counted risk
        def keep_risk(m):
            rest = [c for c in hand if c not in m]
            return card_risk(rest[0], k, S, V, total, opts) if len(rest) == 1 else 0.0
        return min(moves, key=lambda m: (keep_risk(m), -sum(S[c] for c in m)))
    if not k.trick:
        # lead: high cards, and high sets (others must match or shed their lowest)
        def lead_score(m):
            lo = min(S[c] for c in m)
            reach = _others_can_reach(k, lo)
            bonus = (len(m) - 1) * (3 if lo >= 11 else -3)
            return lo + bonus - 2 * reach
        return max(moves, key=lead_score)
    return max(moves, key=lambda m: sum(S[c] for c in m))


def _others_can_reach(k, strength: int) -> float:
    """Rough share of other seats that could still reach ``strength``."""
    if not k.others:
        return 0.0
    S = k.S
    n = 0.0
    for seat in k.others:
        poss = k.possible(seat)
        if not poss or k.counts[seat] <= 0:
            continue
        q = sum(1 for c in poss if S[c] >= strength) / len(poss)
        n += 1.0 - (1.0 - q) ** k.counts[seat]
    return n / len(k.others)


#: Normal exchanges every card whose strength exceeds the unseen cards' average plus this
#: margin, i.e. with -2 anything above two steps below the average (Easy: 1.5); measured in gurka-is7 against Easy, 1000 games: 3 players
#: 40.9% -> 48.0%, 4 players 33.5% -> 36.1% (margin 1.5 -> -2)
EXCHANGE_MARGIN = -2.0
#: ...but as the first to exchange (who bounds the others), nothing unless a card is
#: stronger than that average by this much
FOREHAND_MARGIN = 1.5


def exchange_choice(hand, S, unseen, limit: int, rng=None, noise: float = 0.0,
                    margin: float = 1.5) -> list[int]:
    """Discard the cards that are worse than an average replacement by more than
    ``margin`` strength steps (highest first)."""
    if limit <= 0:
        return []
    avg = sum(S[c] for c in unseen) / len(unseen) if unseen else 8.0
    ranked = sorted(hand, key=lambda c: -S[c])
    out: list[int] = []
    for c in ranked:
        if len(out) >= limit:
            break
        over = S[c] - avg + (rng.uniform(-noise, noise) if rng and noise else 0.0)
        if over > margin:
            out.append(c)
    return out


def playout_exchange(st, S) -> None:
    """A play-out's exchange for the seat to act in ``st``: the way Normal exchanges (its
    margin; the forehand rule needs the view, which a play-out does not keep)."""
    d = exchange_choice(st.hands[st.turn], S, [], st.exchange_limit(), margin=EXCHANGE_MARGIN)
    st.apply({"type": "exchange", "discard": names(d)})


def deal_penalty(st, seat: int) -> float:
    """The seat's penalty in the deal last scored in ``st`` (0 when none was)."""
    for e in reversed(st.events):
        if e["type"] == "score":
            return float(e["penalties"][seat] or 0)
    return 0.0


def utility(state, seat: int) -> float:
    """Win-chance estimate for ``seat`` from a (determinized) state after a deal."""
    if state.phase == "over":
        w = state.winners or []
        return 1.0 / len(w) if seat in w else 0.0
    if state.out[seat]:
        return 0.0
    o = state.options
    alive = [s for s in range(state.n) if not state.out[s]]
    t = state.totals
    if o["rounds"] is not None:
        left = max(1, o["rounds"] - state.deals)
        scale = 6.0 * math.sqrt(left)
        score = {s: -t[s] / scale for s in alive}
    elif o["lives"]:
        score = {s: (o["lives"] - t[s]) * 1.2 for s in alive}
    else:
        score = {s: (o["limit"] - t[s]) / 8.0 for s in alive}
    m = max(score.values())
    z = sum(math.exp(v - m) for v in score.values())
    return math.exp(score[seat] - m) / z


def rollout_move(st, rng, eps: float = 0.0):
    """``play_fast``'s move for the seat to act in ``st`` (a search state), worked out
    without listing every legal move where the rules allow (everything but a lead under
    ``lead_lowest``): the rollouts' hot path, 1.3 to 2 times as many play-outs in Hard's
    clock.  The same policy as ``play_fast(hand, trick, st.moves(), S, opts, rng, eps)``:
    a random legal move with chance ``eps``; else lead the strongest card, or a set of
    strong cards where ``play_fast`` would, and follow with the strongest card or set
    allowed (ties between cards of one strength: the first in the hand; between leads
    of one score: at random).  ``tests/test_ai_gurka_rollout.py`` checks it against
    ``play_fast`` in every ruleset and house variant."""
    if eps and rng.random() < eps:
        moves = st.moves()
        return moves[rng.randrange(len(moves))]
    hand = st.hands[st.turn]
    if len(hand) == 1:
        return (hand[0],)
    trick = st.trick
    o = st.options
    S = st.S
    if not trick:
        if o["lead_lowest"]:
            return play_fast(hand, trick, st.moves(), S, o, rng)
        return _lead(hand, S, o["multi_lead"], rng)
    k = len(trick[0][1])
    if k > 1:
        # the strongest k cards match the strongest set so far if any k cards do
        ordered = sorted(hand, key=S.__getitem__)
        top = ordered[-k:]
        key = [S[c] for c in top]
        if all(a >= b for a, b in zip(key, st.best_key)):
            return tuple(top)
        return tuple(ordered[:k])
    first = trick[0][1][0]
    if gm.two_led(o, first):
        for c in hand:
            if rank_of(c) == gm.TWO:
                return (c,)
    ref, block = _to_beat(trick, o, S)
    if not block:
        if o["nearest_above"]:
            pick = _lowest_reaching(hand, ref, S)
        else:
            pick = None
            for c in hand:
                if S[c] >= ref and (pick is None or S[c] > S[pick]):
                    pick = c
        if pick is not None:
            return (pick,)
    low = None
    for c in hand:
        if low is None or S[c] < S[low]:
            low = c
    return (low,)


def forced_follow(o: dict) -> bool:
    """Whether the rules make a follower who can reach the card to beat do so, the highest
    card so far being the one to beat (Agurk; not where a lowest card is always allowed,
    nor where the reference is the previous card)."""
    return o["reference"] == "highest" and not o["optional_lowest"]


def low_follow(st):
    """The searching seat's own follow in its play-outs (``gurka_ai.rollout``): the
    lowest card that reaches the card to beat, where the reference is the highest card
    so far, a single card is to be followed and a follower who can reach must (not under
    ``optional_lowest``: Icelandic Gúrka); None where that does not apply (a lead,
    a set, a two led under the twos rule, a trick an ace closes under ``no_ace_on_ace``,
    nothing that reaches), and the play-out heuristic decides.  Hard's search itself
    follows this way (game/ai/BENCHMARKS.md, "What was tried")."""
    trick = st.trick
    o = st.options
    if not trick or len(trick[0][1]) > 1 or not forced_follow(o):
        return None
    if gm.two_led(o, trick[0][1][0]):
        return None
    S = st.S
    ref, block = _to_beat(trick, o, S)
    if block:
        return None
    pick = _lowest_reaching(st.hands[st.turn], ref, S)
    return None if pick is None else (pick,)


def _lowest_reaching(hand, ref: int, S):
    """The weakest card of ``hand`` of strength ``ref`` or more (the first of a strength),
    or None."""
    pick = None
    for c in hand:
        if S[c] >= ref and (pick is None or S[c] < S[pick]):
            pick = c
    return pick


def _to_beat(trick, o, S) -> tuple:
    """The strength a single-card follower must reach, and whether an ace closes the trick
    (``no_ace_on_ace``: the follower must play a lowest card)."""
    ref, block = gm.card_to_match(o, S, [cards[0] for _s, cards in trick])
    return S[ref], block


def _lead(hand, S, multi: bool, rng):
    """``play_fast``'s lead: the strongest single card, or a set of strong cards (as many
    as may be led) where that scores higher (see ``play_fast``); ties at random."""
    groups: dict = {}
    for c in hand:
        groups.setdefault(S[c], []).append(c)
    best_key = None
    best: list = []
    most = len(hand) - 1 if multi and len(hand) >= 3 else 1
    for lo, cards in groups.items():
        size = min(len(cards), most) if lo >= 11 else 1
        key = lo + (size - 1) * 2
        if best_key is None or key > best_key:
            best_key, best = key, [(lo, size)]
        elif key == best_key:
            best.append((lo, size))
    lo, size = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
    return tuple(groups[lo][:size])
