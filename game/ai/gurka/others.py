"""The other seats' last cards in Hard's play-outs, played the way Normal plays them.

In Agurk (the card to beat is the highest so far, single-card play) Normal plans its
last cards (``gurka_ai.PLAN_CARDS``) by playing each of its moves out on a few deals of
the cards it cannot see.  Hard's play-outs used to model those cards with the play-out
heuristic (shed the strongest card), which is the part of the deal it models worst:
who is forced to dump a low card decides the last trick.  :func:`plan_move` gives a
seat in a play-out the same kind of plan (it makes a play-out about ten times slower):
for each of its moves (suits aside), a few deals of the cards that seat cannot see
(everyone else's hands and the stock, shuffled and dealt back by hand size), each
played out by the heuristic; the move with the lowest mean penalty in the deal wins.

The planning seat sees only what its own view would: its hand and the cards played;
the hands it deals itself are drawn from the other seats' cards and the stock, so it
uses none of the play-out's hidden cards except its own.
"""

from __future__ import annotations

from . import policy as gp


def plan_move(st, rng, samples: int = 6, eps: float = 0.1) -> tuple:
    """The move of the seat to act in ``st`` (a search state, play phase) with the lowest
    mean penalty over ``samples`` deals of the cards it cannot see, each move played out
    by the heuristic (``gurka_policy.rollout_move`` with ``eps`` random moves)."""
    seat = st.turn
    moves = gp.dedupe(st.moves(), st.S)
    if len(moves) == 1:
        return moves[0]
    others = [s for s in range(st.n) if s != seat and st.hands[s]]
    pool = list(st.stock)
    for s in others:
        pool.extend(st.hands[s])
    pool.sort()                       # where the cards lie now does not leak into the deals
    sizes = [len(st.hands[s]) for s in others]
    totals = [0.0] * len(moves)
    events, st.events = st.events, []   # copies need only the events they write
    try:
        bases = [st.copy() for _ in range(samples)]
    finally:
        st.events = events
    for base in bases:
        rng.shuffle(pool)
        i = 0
        for s, n in zip(others, sizes):
            base.hands[s] = pool[i:i + n]
            i += n
        base.stock = pool[i:]
        for j, m in enumerate(moves):
            t = base.copy()
            t.play_move(seat, m)
            while t.phase == "play":
                t.play_move(t.turn, gp.rollout_move(t, rng, eps))
            totals[j] += gp.deal_penalty(t, seat)
    best = min(range(len(moves)), key=totals.__getitem__)
    return moves[best]
