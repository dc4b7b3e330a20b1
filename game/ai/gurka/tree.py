"""Hard's later decisions searched too: a tree over the searching seat's own moves.

Hard's flat search (:mod:`game.ai.search`) weighs each candidate by play-outs in which
every seat, its own included, plays the rollout heuristic after the candidate.  The
value of a candidate is then the value of playing it *and the heuristic afterwards*,
which can misjudge a move whose worth shows only in a later choice (keep a low card to
duck under a later trick, say).  :class:`OwnTree` searches those later choices as well,
the single-observer form of information-set Monte Carlo tree search: a node is one of
the searching seat's later decisions, known by everything public since the root (the
candidate, then every play by strength: suits never matter in Gurka), which is all that
seat will know when it decides there; its hand is its own, so the moves at a node are
the same in every deal of the hidden cards.  The nodes' statistics are pooled over all
the deals the search draws.  At a node seen fewer than ``visits`` times the seat plays
the heuristic's move (so a fresh node plays no worse than the flat search); after that,
UCB1 over the node's moves, an untried move first.  The other seats play the heuristic
throughout, so this searches the seat's own play against the others as the flat search
models them, and nothing more.
"""

from __future__ import annotations

import math

from . import policy as gp


class OwnTree:
    """The statistics of one decision's search: node key -> [visits, {move: [n, total]}]."""

    def __init__(self, seat: int, S, c: float, visits: int, coarse: bool = False):
        self.seat = seat
        #: a node known only by the seat's own hand and the trick on the table (the
        #: plays before the trick forgotten): many more deals pooled in each node
        self.coarse = coarse
        self.S = S
        self.c = c
        self.visits = visits
        self.nodes: dict = {}

    def _select(self, node, moves: list):
        """UCB1 over ``moves`` at a node seen often enough (an untried move first)."""
        stats = node[1]
        log_n = math.log(node[0])
        best = None
        best_score = -math.inf
        for m in moves:
            row = stats.get(gp.move_key(m, self.S))
            if row is None:
                return m
            score = row[1] / row[0] + self.c * math.sqrt(log_n / row[0])
            if score > best_score:
                best, best_score = m, score
        return best

    def rollout(self, st, rng, eps: float, key: tuple) -> list:
        """Play the deal out from ``st`` (whose public plays since the root are ``key``);
        the path of the seat's tree decisions, for :meth:`update`."""
        S = self.S
        me = self.seat
        path = []
        while True:
            ph = st.phase
            if ph == "play":
                seat = st.turn
                move = None
                if seat == me and len(st.hands[me]) > 1:
                    moves = gp.dedupe(st.moves(), S)
                    if len(moves) > 1:
                        if self.coarse:
                            key = (tuple(sorted(S[c] for c in st.hands[me])),
                                   tuple((s, gp.move_key(m, S)) for s, m in st.trick))
                        node = self.nodes.get(key)
                        if node is None:
                            node = self.nodes[key] = [0, {}]
                        move = (gp.rollout_move(st, rng, eps) if node[0] < self.visits
                                else self._select(node, moves))
                        node[0] += 1
                        path.append((node, gp.move_key(move, S)))
                if move is None:
                    move = gp.rollout_move(st, rng, eps)
                if not self.coarse:
                    key = key + ((seat, gp.move_key(move, S)),)
                st.play_move(seat, move)
            elif ph == "exchange":
                gp.playout_exchange(st, S)
            else:
                return path

    @staticmethod
    def update(path: list, value: float) -> None:
        for node, mk in path:
            row = node[1].get(mk)
            if row is None:
                node[1][mk] = [1, value]
            else:
                row[0] += 1
                row[1] += value
