"""Exact play of a Gurka deal's last tricks on one determinization (every hand known).

With few cards left a deal is a small tree.  :func:`best_reply` plays it out with the
searching seat choosing its best move at each of its turns and the other seats playing a
fixed policy (by default the rollout heuristic, without randomness: the model of a
plausible opponent), and returns the searching seat's utility of the best line.  Moves
that differ only in suits are one move (suits never matter in Gurka).  It works on the
engine's own state through the search API (``moves``, ``play_move``, ``copy``), so every
rule variant is played exactly as the engine plays it.
"""

from __future__ import annotations

from . import policy as gp


def opponent_move(st):
    """The others' model: the rollout heuristic, deterministic."""
    return gp.play_fast(st.hands[st.turn], st.trick, st.moves(), st.S, st.options)


def best_reply(st, seat: int, utility, policy=opponent_move, stats: dict | None = None) -> float:
    """Value for ``seat`` of the rest of the deal of ``st`` (play phase; ``st`` is used up)."""
    while st.phase == "play" and st.turn != seat:
        st.play_move(st.turn, policy(st))
    if st.phase != "play":
        return utility(st, seat)
    moves = gp.dedupe(st.moves(), st.S)
    if stats is not None:
        stats["nodes"] = stats.get("nodes", 0) + 1
    best = float("-inf")
    for m in moves[:-1]:
        child = st.copy()
        child.play_move(seat, m)
        v = best_reply(child, seat, utility, policy, stats)
        best = max(best, v)
    st.play_move(seat, moves[-1])
    v = best_reply(st, seat, utility, policy, stats)
    return max(best, v)
