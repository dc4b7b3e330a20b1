"""Easy, Normal and Hard decisions for the Gurka family (views in, actions out)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ...engine.cards import INDEX, names
from . import info as gi
from . import kinds as gkinds
from . import policy as gp
from . import solver as gsolve
from . import others as gothers
from . import likely as glikely
from . import value as gv
from . import playout as gplay
from . import models as gmodels
from . import tree as gtree
from ..learned import network as learned
from ..learned import table as learned_table
from .. import search


class Weighs(Protocol):
    """How plausible a sampled deal makes the others' plays (:class:`.likely.Plays`,
    :class:`.kinds.KindPlays`, :class:`.models.ModelPlays`)."""

    def weight(self, hands: Mapping[int, Sequence[int]]) -> float: ...


def _cards(action: dict, field: str = "cards") -> tuple:
    return tuple(INDEX[c] for c in action[field])


def _find(legal: list[dict], action: dict) -> dict:
    """The entry of ``legal`` equal to ``action`` up to card order."""
    kind = action["type"]
    field = "cards" if kind == "play" else "discard"
    want = sorted(action.get(field, []))
    for a in legal:
        if a["type"] == kind and sorted(a.get(field, [])) == want:
            return a
    return legal[0]


def _exchange_limit(legal: list[dict]) -> int:
    return max(len(a["discard"]) for a in legal)


# -- buy-back ---------------------------------------------------------------------------
def buyback_decision(k: gi.Knowledge, rng, level: str) -> bool:
    o = k.opts
    me = k.seat
    if level == "easy":
        return rng.random() < 0.6
    if k.out[me]:
        # knocked out: the pot is at least (players + 1) stakes and we come back level with
        # the worst placed player, so the expected share beats the stake; a free buy-back
        # or a Danish buy-in costs nothing.
        return True
    others = [s for s in range(k.n) if s != me and not k.out[s]]
    gap = k.totals[me] - max(k.totals[s] for s in others)
    scale = o["lives"] if o["lives"] else o["limit"]
    return gap >= max(2, 0.3 * scale)


#: Normal's endgame planning in Agurk: from this many cards in hand, with
#: this many sampled play-outs per decision (measured: 32% -> 42% against Easy in agurk-dk)
PLAN_CARDS = 5
PLAN_ROLLOUTS = 80


def _plans(opts: dict) -> bool:
    """Danish and Norwegian Agurk (Normal's endgame planning; measured against Easy:
    agurk-dk 32% -> 47%, agurk-no 30% -> 53%) and seven-round Gúrka (1000 games, with
    the exchange below: 3 players 48.6% -> 51.3%, 4 players 36.6% -> 39.0%)."""
    if opts["rounds"] is not None:
        return PLAN_ROUNDS
    return opts["reference"] == "highest" and not opts["multi_lead"] and not opts["descending"]


#: whether Normal plans the last cards in seven-round Gúrka too (a stronger Normal, and so
#: a smaller lead for Hard over it there: see game/ai/BENCHMARKS.md)
PLAN_ROUNDS = True

# Normal's exchange margins are gurka_policy.EXCHANGE_MARGIN and FOREHAND_MARGIN (there,
# because Hard's reading of the others' exchanges needs them too)


def normal_exchange(k: gi.Knowledge, limit: int) -> list[int]:
    """Normal's discards: the cards worse than an average replacement."""
    if not k.table.exchanged and not gp.exchange_choice(k.hand, k.S, k.unseen, limit,
                                                          margin=gp.FOREHAND_MARGIN):
        return []
    return gp.exchange_choice(k.hand, k.S, k.unseen, limit, margin=gp.EXCHANGE_MARGIN)


# -- the levels ---------------------------------------------------------------------------
def choose_easy(view: dict, legal: list[dict], rng) -> dict:
    kind = legal[0]["type"]
    if kind in ("buyback", "pass"):
        k = gi.read_view(view)
        want = buyback_decision(k, rng, "easy")
        return _find(legal, {"type": "buyback" if want else "pass"})
    if kind == "exchange":
        k = gi.read_view(view)
        d = gp.exchange_choice(k.hand, k.S, [], _exchange_limit(legal), rng, noise=3.0)
        return _find(legal, {"type": "exchange", "discard": names(d)})
    if rng.random() < 0.3:
        return legal[rng.randrange(len(legal))]
    k = gi.read_view(view)
    moves = [_cards(a) for a in legal]
    m = gp.play_fast(k.hand, k.trick, moves, k.S, k.opts, rng)
    return legal[moves.index(m)]


def choose_normal(view: dict, legal: list[dict], rng, plan: bool = True) -> dict:
    k = gi.read_view(view)
    kind = legal[0]["type"]
    if kind in ("buyback", "pass"):
        return _find(legal, {"type": "buyback" if buyback_decision(k, rng, "normal") else "pass"})
    if kind == "exchange":
        d = normal_exchange(k, _exchange_limit(legal))
        return _find(legal, {"type": "exchange", "discard": names(d)})
    if plan and _plans(k.opts) and len(k.hand) <= PLAN_CARDS:
        # Agurk (reference: the highest card, single-card play): who is forced to dump
        # their lowest card (and, in Danish rules, everybody after an ace) decides the last
        # trick, which the simple lead/follow rules judge badly, so Normal plans the deal's
        # last tricks by playing them out on a few deals of the unseen cards consistent
        # with its counting
        return choose_hard(view, legal, rng, iterations=PLAN_ROLLOUTS, time_budget=None,
                           hard=False)
    moves = [_cards(a) for a in legal]
    m = gp.play_normal(k, moves, rng)
    return legal[moves.index(m)]


def _candidates(k: gi.Knowledge, legal: list[dict]) -> list[dict]:
    kind = legal[0]["type"]
    if kind == "exchange":
        top = _exchange_limit(legal)
        ranked = sorted(k.hand, key=lambda c: (-k.S[c], c))
        return [_find(legal, {"type": "exchange", "discard": names(ranked[:j])})
                for j in range(top + 1)]
    seen: dict = {}
    for a in legal:
        seen.setdefault(gp.move_key(_cards(a), k.S), a)
    return list(seen.values())


#: the share of random moves in Hard's play-outs
ROLLOUT_EPS = 0.1


#: whether Hard's own seat in its play-outs plays the way its search plays, where the
#: rules make a follower who can reach the card to beat do so (``gurka_policy.
#: forced_follow``: Agurk): with three cards or more it follows a single card with the
#: lowest card that reaches (``gurka_policy.low_follow``), and it makes no random slips;
#: the others keep the heuristic and its slips.  Off: v Normal at 2,000 rollouts,
#: agurk-dk 3p won 67.2% of 1,000 fresh games (seeds 20000 on; 65.5% without) and 65.6%
#: of 1,000 more (seeds 30000 on; 64.2% without), agurk-dk 4p 57.2% of 300 (52.7%),
#: agurk-no 3p 76.7% of 300 (77.8%); agurk-dk with ace 1 and buy-in 65.7% of 480 (67.9%),
#: agurk-no 4p v the Monte Carlo bot 37.5% of 200 (42.5%): leans of about one standard
#: error that disagree by ruleset and opponent (game/ai/BENCHMARKS.md, "What was tried")
OWN_WAY = False


#: whether, in Hard's play-outs, the other seats play their last ``OTHERS_CARDS`` cards
#: the way Normal does where Normal plans them (:mod:`game.ai.gurka.others`: per move,
#: ``OTHERS_SAMPLES`` heuristic play-outs on deals of what that seat cannot see).  Off:
#: play-outs ten times slower, and no gain at an equal budget: v Normal, agurk-dk 3p,
#: 300 games at 200 rollouts, 59.0% (seeds 1000 on; 61.0% without; 66.5% in a first
#: scratch run) and 62.2% (seeds 20000 on; 64.1% of 1,000 without); from three cards
#: with 3 deals per move, at 800 rollouts (what the clock allows), 64.3% (64.7% at
#: Hard's 2,000 without): game/ai/BENCHMARKS.md, "What was tried"
OTHERS_PLAN = False
OTHERS_SAMPLES = 6
OTHERS_CARDS = PLAN_CARDS


#: whether, in Hard's play-outs, another seat that its finished deals show leading or
#: following with its strongest card less often than ``gurka_info.KIND_GATE`` at a hand
#: size plays there the kinds of card they show (:func:`game.ai.gurka.kinds.playout_model`);
#: and whether Hard weighs its deals by how likely those kinds make these seats' plays of
#: the deal (:class:`game.ai.gurka.kinds.KindPlays`).  Both off: against two learned bots
#: in issue 51's outside setting (150 games, seeds 1000-1149, 2,000 rollouts, the kinds'
#: prior at 0.5) 30.7% and 33.3%, 32.7% with neither, paired -2.0 and +0.7 points
#: (game/ai/BENCHMARKS.md, "The learned bot")
KINDS = False
KIND_WEIGHTS = False


def rollout(state, rng, S, eps: float | None = None, own: int | None = None,
            kinds: dict | None = None) -> None:
    """Play the deal out with the fast heuristic (exchanges included); ``own``, the
    searching seat, plays by ``OWN_WAY``, the others plan their last cards by
    ``OTHERS_PLAN``, and the seats in ``kinds`` play by their kinds model (``KINDS``)."""
    eps = ROLLOUT_EPS if eps is None else eps
    mine = own if OWN_WAY and own is not None and gp.forced_follow(state.options) else None
    plan = OTHERS_PLAN and own is not None and _plans(state.options)
    while True:
        ph = state.phase
        if ph == "play":
            if plan and state.turn != own and len(state.hands[state.turn]) <= OTHERS_CARDS:
                state.play_move(state.turn, gothers.plan_move(state, rng, OTHERS_SAMPLES, eps))
            elif state.turn == mine:
                m = None
                if state.trick and len(state.hands[mine]) > 2:
                    m = gp.low_follow(state)
                state.play_move(mine, m or gp.rollout_move(state, rng))
            elif kinds and state.turn in kinds:
                slip = rng.random() < eps
                m = None if slip else gkinds.playout_move(state, kinds[state.turn], rng)
                state.play_move(state.turn, m or gp.rollout_move(state, rng, 1.0 if slip else 0.0))
            else:
                state.play_move(state.turn, gp.rollout_move(state, rng, eps))
        elif ph == "exchange":
            gp.playout_exchange(state, S)
        else:
            return


#: whether Hard draws its deals in proportion to how plausible each makes the others'
#: plays (:mod:`game.ai.gurka.likely`), from a pool of this many samples to start and
#: this many more for every deal drawn.  Off: measured against Normal it bought nothing
#: overall (game/ai/BENCHMARKS.md, "What was tried")
LIKELY = False
POOL_START = 24
POOL_GROW = 1


#: Hard on its clock stops a decision at this many rollouts: the budget the strength
#: benchmark plays (``bench_ai.BENCH_HARD``), so the benched Hard is the Hard that plays.
#: More measured no better (agurk-dk 3p 65.2% at 4,000 and 65.5% at 2,000 over the same
#: 1,000 games, gurka-is 3 to 4 points down at 4,000-6,000; game/ai/BENCHMARKS.md, "What was
#: tried"), and a decision that reaches it ends before the clock does.
CLOCK_ROLLOUTS = 2000
#: ``ai:hard`` where the same seed must give the same game (``simulate``): the budget at
#: which the clock stops it, so simulate plays the Hard a player meets
REPRODUCIBLE_ROLLOUTS = CLOCK_ROLLOUTS


#: whether Hard reads which other seats play like the learned table policy
#: (:mod:`game.ai.gurka.models`) and plays them by it in its play-outs
#: (``MODEL_PLAYOUTS``); and whether it then also weighs its deals by how likely that
#: policy makes their plays of the deal (``MODEL_WEIGHTS``).  Off: in issue 51's outside
#: setting with the kind gate on (150 games, seeds 1000-1149, 2,000 rollouts) 32.0%, paired
#: +0.7 [-7.3, +8.0] against 31.3%; the weights alone 28.7%, -2.7 [-8.7, +3.3]
MODELS = False
MODEL_WEIGHTS = True
MODEL_PLAYOUTS = True


#: Hard's play-outs play the other seats ("others"), Hard's own seat ("own") or every seat
#: ("all") by the learned policy (:mod:`game.ai.gurka.playout`).  Off: v two learned bots
#: in issue 51's outside setting, 150 games (seeds 1000-1149) at 2,000 rollouts, "others"
#: 31.3% (31.3% without), "own" 27.0% (paired -4.3 [-11.7, +3.0]) and "all" 34.7% (paired
#: +3.3 [-3.7, +10.3]; 31.3% with a table trained 200 generations), and on Hard's clock
#: every decision then takes the whole 0.3 s (game/ai/BENCHMARKS.md, "The learned bot")
PLAYOUT_MODEL = ""
PLAYOUT_TABLE = True


#: whether Hard searches its own later decisions of the deal too (:mod:`game.ai.gurka.tree`:
#: a tree over its own moves, pooled over the deals drawn), where the decision is a play;
#: a node plays the heuristic until it has been reached ``TREE_VISITS`` times, then UCB1
#: with the constant ``TREE_C`` (the utility is a win chance, 0 to 1); ``TREE_COARSE``: a
#: node known by the seat's hand and the trick only.  Off: in issue 51's outside setting
#: (150 games, seeds 1000-1149, 2,000 rollouts) 26.7% against 31.3% (paired -4.7 [-11.3,
#: +2.0]), coarse 25.0% (-6.3 [-12.7, +0.0]); seeing every card 57.7% against 60.0%
#: (-2.3); against two seats that play the heuristic it models, 82.0% against 86.0% of
#: 100 (-4.0 [-13.0, +4.0]): game/ai/BENCHMARKS.md, "The learned bot"
TREE = False
TREE_C = 0.15
TREE_VISITS = 10
TREE_COARSE = False


#: Hard plays the deal out exactly (its best reply to the heuristic) once it holds this
#: many cards or fewer after the move it weighs
SOLVE_CARDS = 0


class _Parts:
    """The Gurka family's pieces of the shared search (:mod:`game.ai.search`)."""

    def __init__(self, k: gi.Knowledge, weigh: bool = False, hard: bool = False,
                 learned_seats: frozenset = frozenset()):
        self.k = k
        self.hard = hard
        self.weigh = weigh
        self.seat = k.seat
        self.S = k.S
        #: the sampled deals drawn so far with their weights (:meth:`_weighted`)
        self.pool: list[tuple[float, Any]] | None = None
        #: the tree over this seat's later decisions (``TREE``), and the candidate played
        self.tree = gtree.OwnTree(k.seat, k.S, TREE_C, TREE_VISITS, TREE_COARSE) if hard and TREE else None
        self.root: tuple | None = None
        #: the other seats read as playing the learned policy (gurka_models): played by it
        #: in the play-outs, and the deals weighed by how likely it makes their plays
        self.models = {s: learned_table.policy() for s in learned_seats}
        self.plays: Weighs | None = None
        #: the other seats' kinds models (``KINDS``), for the seats that have any
        self.kinds = {}
        if hard and (KINDS or KIND_WEIGHTS):
            smallest = gi.SOFT_MIN_LEFT + 1
            shares = {s: gkinds.shares(k.kinds(), s, gi.KIND_GATE, smallest) for s in k.others}
            if KINDS:
                self.kinds = {s: gkinds.playout_model(k.kinds(), s, gi.KIND_GATE, smallest)
                              for s in k.others if shares[s]}
            if KIND_WEIGHTS:
                plays = gkinds.KindPlays(k, shares)
                if plays.rows:
                    self.plays = plays
                    self.weigh = True
        if learned_seats and MODEL_WEIGHTS:
            model_plays = gmodels.ModelPlays(k, learned_seats)
            if model_plays.rows:
                self.plays = model_plays
                self.weigh = True

    def sample(self, rng):
        if self.weigh:
            return self.k.position.state(self._weighted(rng), check=False)
        return self.k.position.state(gi.sample_hidden(self.k, rng), check=False)

    def _weighted(self, rng):
        """A deal drawn from a growing pool of samples, in proportion to how plausible
        each makes the others' plays (:mod:`game.ai.gurka.likely`)."""
        if self.plays is None:
            self.plays = glikely.Plays(self.k)
        plays = self.plays
        pool = self.pool
        if pool is None:
            pool = self.pool = []
            self.wsum = 0.0
        for _ in range(POOL_START if not pool else POOL_GROW):
            a = gi.sample_hidden(self.k, rng)
            w = plays.weight(a.hands)
            pool.append((w, a))
            self.wsum += w
        x = rng.random() * self.wsum
        chosen = pool[-1][1]
        for w, a in pool:
            x -= w
            if x <= 0:
                chosen = a
                break
        return gi.Assignment({s: list(h) for s, h in chosen.hands.items()}, list(chosen.stock))

    def play(self, st, action: dict) -> None:
        if action["type"] == "play":    # the search API: no chance step after the deal
            move = tuple(INDEX[c] for c in action["cards"])
            self.root = ((st.turn, gp.move_key(move, self.S)),)
            st.play_move(st.turn, move)
        else:
            st.apply(action)

    def value(self, st, rng) -> float:
        util = UTILITIES[UTILITY]
        if st.phase == "play" and len(st.hands[self.seat]) <= SOLVE_CARDS:
            return gsolve.best_reply(st, self.seat, util)
        if self.tree is not None and self.root is not None:
            path = self.tree.rollout(st, rng, ROLLOUT_EPS, self.root)
            value = util(st, self.seat)
            self.tree.update(path, value)
            return value
        if self.models and MODEL_PLAYOUTS and st.phase != "exchange":
            gplay.rollout(st, rng, self.S, self.models, ROLLOUT_EPS)
        elif self.hard and PLAYOUT_MODEL:
            net = learned_table.policy() if PLAYOUT_TABLE else learned.net()
            models = {s: net for s in st.in_deal
                      if PLAYOUT_MODEL == "all" or (s == self.seat) == (PLAYOUT_MODEL == "own")}
            gplay.rollout(st, rng, self.S, models, ROLLOUT_EPS)
        else:
            rollout(st, rng, self.S, own=self.seat if self.hard else None, kinds=self.kinds)
        return util(st, self.seat)


def deal_utility(st, seat: int) -> float:
    return -gp.deal_penalty(st, seat)


UTILITY = "game"
UTILITIES = {"game": gp.utility, "deal": deal_utility, "win": gv.utility}


#: Hard follows a trick by a learned policy's move, without searching, while it holds at
#: least this many cards (0: never); ``FOLLOW_NET``: by the learned network, else by the
#: table policy.  Off: by the yardstick of ``bench.py regret`` the network's follows with
#: 4-6 cards lose 0.004 less win chance than Hard's (Hard's leads 0.007 less than the
#: network's), but in issue 51's outside setting (150 games, seeds 1000-1149, 2,000
#: rollouts) at 4 cards the table 32.0% (paired +0.7 [-7.3, +8.7]) and the network 31.3%
#: (0.0) against 31.3% (game/ai/BENCHMARKS.md, "The learned bot")
FOLLOW_BY_POLICY = 0
FOLLOW_NET = False


def _policy_follow(k: gi.Knowledge, cands: list[dict]) -> dict:
    """The candidate play the learned policy (``FOLLOW_NET``) makes from ``k``'s view."""
    moves = [tuple(INDEX[c] for c in a["cards"]) for a in cands]
    pol = learned.net() if FOLLOW_NET else learned_table.policy()
    pick = pol.best(learned.situation_from_knowledge(k), learned.distinct(moves, k.S))
    return cands[moves.index(pick)]


def choose_hard(view: dict, legal: list[dict], rng, iterations: int | None = None,
                time_budget: float | None = 0.4, stats: dict | None = None,
                hard: bool = True) -> dict:
    """Determinized Monte Carlo search (perfect-information Monte Carlo with common
    random deals): every iteration samples the hidden cards consistently with the
    view, plays each candidate action on that deal and rolls the deal out with the
    heuristic policy; the candidate with the best mean win-chance estimate wins.

    ``hard``: Hard's own search, which reads the others' plays more closely
    (``gurka_info.Knowledge(read_style=True)``); Normal's planning passes False."""
    start = time.perf_counter()
    kind = legal[0]["type"]
    if kind in ("buyback", "pass"):
        return choose_normal(view, legal, rng, plan=False)
    k = gi.read_view(view, read_style=hard)
    cands = _candidates(k, legal)
    if len(cands) == 1:
        return cands[0]
    if hard and FOLLOW_BY_POLICY and kind == "play" and k.trick and len(k.hand) >= FOLLOW_BY_POLICY:
        return _policy_follow(k, cands)
    deadline = start + time_budget if time_budget else None
    if deadline is not None and not iterations:
        iterations = CLOCK_ROLLOUTS
    seats = (gmodels.learned_seats(view, k.S, k.V, k.opts) if hard and MODELS
             else frozenset())
    try:
        best = search.run(_Parts(k, hard and LIKELY, hard, seats), cands, rng,
                          iterations=iterations, deadline=deadline, stats=stats)
    except gi.NoDeal:
        return choose_normal(view, legal, rng, plan=False)
    return cands[best]
