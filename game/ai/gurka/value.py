"""What a deal's outcome is worth for winning the game (Gurka family).

A deal ends with totals; what matters is the chance to win the game from there, and
that depends on the rules in ways a formula of the totals misses: the limit and whether
reaching or exceeding it knocks a player out, the Icelandic reset at exactly the limit
(which makes the 6♣ harmless to a player at 0), lives, a fixed number of rounds,
buy-backs, and how many deals and cards are left.  :class:`ScoreModel` estimates it by
playing the rest of the game at the level of the score sheet: each future deal has one
loser (or several, by the tie rule) chosen at random among the players in it, who takes
a penalty drawn from the penalties of simulated deals of that size (the rollout
heuristic playing every seat, so the distribution follows the options: card values, the
top card, the reference rule); the engine's scoring rules are then applied.  The
estimate uses a fixed set of random numbers per position (deterministic, and positions
are compared on the same draws) and is memoised.
"""

from __future__ import annotations

import random

from ...engine import find_ruleset, new_game
from ...engine.gurka import moves as gm
from . import policy as gp

#: simulated deals per (hand size, players) for the penalty distribution
PENALTY_DEALS = 80
#: score-level play-outs of the rest of the game per position.  48 (rounds before) left
#: each share about 0.07 off, the same way at every visit: at equal totals in agurk-dk
#: with 3 players seat 0 got 0.19 and seat 2 0.43; 1,000 keep them within about 0.03
PLAYOUTS = 1000
#: a game at the score level stops after this many deals (a draw: shares by total)
MAX_DEALS = 60

_MODELS: dict = {}


def model_for(rules: str, options: dict, n: int) -> ScoreModel:
    """The (cached) model of a ruleset with these options and ``n`` seats."""
    key = (rules, n, tuple(sorted(options.items())))
    m = _MODELS.get(key)
    if m is None:
        if len(_MODELS) > 64:
            _MODELS.clear()
        m = _MODELS[key] = ScoreModel(rules, options, n)
    return m


class ScoreModel:
    def __init__(self, rules: str, options: dict, n: int):
        self.rules = rules
        self.o = dict(options)
        self.n = n
        self._pen: dict[tuple[int, int], list[list[int]]] = {}
        self._memo: dict = {}

    # -- the penalty distribution ------------------------------------------------------
    def penalties(self, size: int, k: int) -> list[list[int]]:
        """Penalty lists (one entry per loser) of simulated deals of ``size`` cards, ``k`` players."""
        key = (size, k)
        got = self._pen.get(key)
        if got is None:
            got = self._pen[key] = self._simulate(size, k)
        return got

    def _simulate(self, size: int, k: int) -> list[list[int]]:
        o = self.o
        size = max(1, min(size, 52 // max(1, k)))
        opts = dict(o, hand_size=size, descending=False, score_piles=False, exchange=False,
                    rounds=None, buyback="none", limit=1000, out_rule="reach", lives=0)
        rng = random.Random(size * 1009 + k)
        # the engine deals no fewer than the ruleset's minimum (the last two players of a
        # game for three or more): their penalties stand in for a two-player deal's
        base = new_game(self.rules, max(k, find_ruleset(self.rules).players[0]), opts,
                        auto_chance=False)
        out = []
        for _ in range(PENALTY_DEALS):
            st = base.copy()
            st.rng.seed(rng.randrange(1 << 30))
            st.resolve_chance()
            while st.phase == "play":
                st.play_move(st.turn, gp.play_fast(st.hands[st.turn], st.trick, st.moves(), st.S,
                                                   st.options, rng, 0.15))
            ev = next(e for e in reversed(st.events) if e["type"] == "score")
            pens = [p for p in ev["penalties"] if p]
            out.append([1] * len(pens) if o["lives"] else pens)
        return out

    # -- the value ---------------------------------------------------------------------------
    def win_shares(self, totals, out, bought, deals: int) -> tuple[float, ...]:
        """Each seat's expected share of the game's win from the start of the next deal."""
        key = (tuple(totals), tuple(out), tuple(bought), deals)
        v = self._memo.get(key)
        if v is None:
            if len(self._memo) > 20000:
                self._memo.clear()
            v = self._memo[key] = self._playouts(list(totals), list(out), list(bought), deals)
        return v

    def _playouts(self, totals, out, bought, deals) -> tuple[float, ...]:
        n = self.n
        share = [0.0] * n
        rng = random.Random(7)
        for _ in range(PLAYOUTS):
            for s, w in self._one(list(totals), list(out), list(bought), deals, rng):
                share[s] += w
        return tuple(x / PLAYOUTS for x in share)

    def _one(self, t, out, bought, deals, rng):
        """One score-level play-out; yields (seat, share of the win)."""
        o, n = self.o, self.n
        rounds = o["rounds"]
        while True:
            alive = [s for s in range(n) if not out[s]]
            if rounds is not None and deals >= rounds:
                return self._lowest(t, alive)
            if len(alive) <= 1:
                return [(s, 1.0) for s in alive]
            if deals >= MAX_DEALS:
                return self._lowest(t, alive)
            size = gm.hand_size(o, deals + 1)
            table = self.penalties(size, len(alive))
            pens = table[int(rng.random() * len(table))]
            losers = rng.sample(alive, min(len(pens), len(alive)))
            deals += 1
            newly = []
            for s, p in zip(losers, pens):
                t[s] += p
                fate = gm.knock_out(o, t[s])
                if fate == "reset":
                    t[s] = 0
                elif fate == "out":
                    newly.append(s)
            if newly and len(newly) == len(alive):
                return self._lowest(t, alive)
            for s in newly:
                out[s] = True
            _buy_back(o, newly, t, out, bought)

    @staticmethod
    def _lowest(t, seats):
        low = min(t[s] for s in seats)
        win = [s for s in seats if t[s] == low]
        return [(s, 1.0 / len(win)) for s in win]


def utility(st, seat: int) -> float:
    """The seat's win share from a determinized state at the end of a deal (or later)."""
    if st.phase == "over":
        w = st.winners or []
        return 1.0 / len(w) if seat in w else 0.0
    if st.out[seat] and st.phase != "buyback":
        return 0.0
    m = model_for(st.rules, st.options, st.n)
    out, bought, totals = list(st.out), list(st.bought), list(st.totals)
    if st.phase == "buyback":
        # the pause after the deal: knocked-out players buy back if the rules let them
        _buy_back(st.options, st.just_out, totals, out, bought)
    if out[seat]:
        return 0.0
    return m.win_shares(totals, out, bought, st.deals)[seat]


def _buy_back(o: dict, newly_out, totals, out, bought) -> None:
    """The knocked-out players ``newly_out`` buy back in, in order, where the rules let them
    (:func:`game.engine.gurka.moves.buyback_open`), with the highest total of the others in."""
    for s in newly_out:
        others = [x for x in range(len(out)) if not out[x]]
        if bought[s] or not gm.buyback_open(o, len(others)):
            continue
        bought[s] = True
        totals[s] = gm.buyback_points(totals, out, s)
        out[s] = False
