"""AI strength benchmark: seeded tournaments, win shares and penalties with 95% intervals,
and decision times per level.

``build_scripts/bench.py ai`` calls :func:`main`; it also runs on its own:

    python build_scripts/bench_ai.py [--suite main|variants|baselines|durak|transfer|all]
        [--games N] [--jobs J] [--seed S] [--hard-iterations N] [--rules ID,...]
        [--players 3,4] [--only TEXT] [--skip TEXT] [--tested SPEC]
        [--oracle [--oracle-stock | --oracle-set | --oracle-model] | --bound]
        [--no-timing] [--markdown]

Every match is "one seat of the tested kind against a field of another kind", the tested
seat rotated over the games; a game's win share is 1 for a sole winner, 1/k for k tied
winners (Durak: 1 for every non-loser, 0.5 each on a draw).  For the Gurka family the
penalty per deal is the tested seat's mean penalty per deal it was dealt in, divided by
the other seats' mean (below 1: it takes fewer points).  Intervals: 95%, normal
approximation for the win share, bootstrap over games for the penalty ratio.  The same
seed gives the same tournaments: Hard plays a fixed budget of rollouts per decision here
(``--hard-iterations``, default :data:`BENCH_HARD`, below what its clock allows; Durak
``--durak-iterations``, default simulate's); decision times and the rollouts Hard's clock
allows are measured separately with Hard's real clock (``--no-timing`` skips them).

``--oracle`` measures a bound instead: the tested seat's search is handed the true hidden
cards at every decision (the stock still shuffled; Durak with ``--oracle-stock``: the
stock's true order too), so no inference can do better than it against the same field and
seeds; ``--oracle-set`` (Gurka) hands it only which cards are in the other hands, as a
set; ``--oracle-model`` (Gurka, against ``base:learned``) hands it the field's own network,
its deals drawn in proportion to how likely the network makes the field's plays of the deal
(the best any reading of those plays can do, the play-outs left as they are).  ``--bound``
plays each Gurka match both ways on the same seeds and adds the bound's line and the
*reach*: how much of the bound's lead over the fair share the tested seat gets,
(share - fair) / (bound - fair), with a bootstrap interval over the paired seeds.
Where the bound is itself under 2x the fair share, the reach is the figure to read
(game/ai/BENCHMARKS.md).

Each match with a goal in the issues (Hard v Normal: 2x the fair share, a penalty ratio of
0.7 at most, the interval clear of the fair share; Normal v Easy: 1.5x; the baselines
below) ends its line with a verdict (:func:`verdict`): met, short (and
what is short), or, with ``--bound``, out of reach where the search that sees every card
is under the goal with its whole interval; the run ends with the count of each.

Against the baseline bots (``--suite baselines``: every Gurka ruleset with the players of
``--players``, and issue 51's outside setting) Hard's goal is an interval clear of the fair
share, and in the outside setting against two learned bots a win share of 50% and a
penalty ratio of 0.7 at most; in Durak (``--suite durak``) 85% against the lowest-card bot
and 95% against the rule bot, the whole interval at or above it.  ``--suite transfer``: Hard
against Normal and against the lowest-card bot in transfer Durak, heads-up and at four.

Seats: ``ai:LEVEL`` / ``ai:hard:N`` (game.ai.seats) and the baselines of
game.ai.baselines (``base:mc:N`` pure Monte Carlo, ``base:hoarder``, ``base:lowest``,
``base:rule``, ``base:learned``).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.durak import levels as durak_ai
from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gurka_info
from game.ai.gurka import models as gurka_models
from game.ai.learned import network as learned
from game.ai.baselines import make_baseline
from game.ai.gurka.levels import CLOCK_ROLLOUTS
from game.ai.seats import make_player
from game.engine import DURAK, find_ruleset, new_game, rulesets
from game.engine.determinize import Assignment

GURKA = tuple(r.id for r in rulesets() if r.family is not DURAK)

#: Hard's fixed budget in the Gurka tournaments: the rollouts at which Hard on its 0.3 s
#: clock stops a decision (gurka_ai.CLOCK_ROLLOUTS), which that clock allows in nine
#: decisions out of ten on this 2-core machine (the timing table's p10 column).  Durak
#: plays simulate's budget (durak_ai.REPRODUCIBLE_ROLLOUTS), what its clock allows in
#: nine decisions of ten.
BENCH_HARD = CLOCK_ROLLOUTS
DURAK_ID = next(r.id for r in rulesets() if r.family is DURAK)
#: transfer Durak (perevodnoy): the Durak preset that passes attacks on
TRANSFER_ID = next(r.id for r in rulesets() if r.family is DURAK and r.options.get("transfer"))

#: the common house variants: (ruleset, options, short name)
VARIANTS = [
    ("gurka-se", {"optional_lowest": True}, "optional lowest"),
    ("gurka-se", {"reference": "highest"}, "reference highest"),
    ("gurka-se", {"no_ace_on_ace": True, "lead_lowest": True}, "no ace on ace, lead lowest"),
    ("gurka-se", {"limit": 20}, "limit 20"),
    ("agurk-dk", {"lives": 3}, "3 lives"),
    ("agurk-dk", {"nearest_above": True, "twos_rule": True}, "nearest above, twos"),
    ("agurk-dk", {"ace_value": 1, "buyback": "worst"}, "ace 1, buy-in"),
    ("agurk-no", {"optional_lowest": True}, "optional lowest"),
    ("gurka-is", {"multi_lead": False}, "single cards"),
    ("gurka-is", {"lead_lowest": True}, "lead lowest"),
    ("gurka-is7", {"tie_rule": "all"}, "ties all lose"),
    ("gurka-is7", {"exchange": False}, "no exchange"),
]


#: ``--oracle``: the true state and the seat whose search may see it, while that seat decides
_TRUTH: dict = {}
_sample_hidden = gurka_info.sample_hidden


def _oracle_sample(k, rng, tries: int = 50) -> Assignment:
    """gurka_info.sample_hidden for ``--oracle``: the true hands of the others for the seat
    in ``_TRUTH`` (the unseen rest, shuffled, as the stock; ``--oracle-set``: the cards of
    those hands dealt among them at random); every other seat samples."""
    state = _TRUTH.get("state")
    if state is None or _TRUTH.get("seat") != k.seat:
        return _sample_hidden(k, rng, tries)
    hands = {s: list(state.hands[s]) for s in k.slots.hands}
    if _TRUTH.get("set"):       # --oracle-set: the cards true as a set, their holders not
        pool = [c for h in hands.values() for c in h]
        rng.shuffle(pool)
        for s in hands:
            hands[s], pool = pool[:len(hands[s])], pool[len(hands[s]):]
    held = {c for h in hands.values() for c in h}
    rest = [c for c in k.unseen if c not in held]
    rng.shuffle(rest)
    return Assignment(hands, rest[:k.slots.stock])


_durak_sample = durak_ai.Tracker.sample


def _durak_oracle_sample(tracker, rng, tries: int = 20) -> Assignment:
    """durak_ai.Tracker.sample for ``--oracle``: the tested seat's tracker is dealt the true
    hidden hands (the rest of the unseen cards, shuffled, as the stock; ``--oracle-stock``:
    the stock in its true order too); every other seat samples."""
    state = _TRUTH.get("state")
    if state is None or _TRUTH.get("seat") != tracker.seat:
        return _durak_sample(tracker, rng, tries)
    hands = {}
    for s in tracker.slots.hands:
        known = list(tracker.slots.known.get(s, ()))
        hidden = []
        for c in state.hands[s]:
            if c in known:
                known.remove(c)
            else:
                hidden.append(c)
        hands[s] = hidden
    if _TRUTH.get("stock"):
        stock = list(reversed(state.stock[1:])) if state.stock else []
    else:
        held = {c for h in hands.values() for c in h}
        stock = [c for c in tracker.slots.unseen if c not in held]
        rng.shuffle(stock)
    return Assignment(hands, stock[:tracker.slots.stock])


class BatchNet:
    """The learned network (:class:`game.ai.learned.network.Net`) rating every move at once with
    numpy: ``--oracle-model``'s likelihoods, the same choices in an eighth of the time (five
    moves: 59 against 491 µs).  Its output's constant is left out: it ranks no move."""

    def __init__(self, net):
        import numpy as np
        self.np = np
        self.w1 = np.array(net.w1).T
        self.b1 = np.array(net.b1)
        self.w2 = np.array(net.w2)

    def best(self, sit, moves):
        if len(moves) == 1:
            return moves[0]
        np = self.np
        x = np.array([learned.features(sit, m) for m in moves])
        return moves[int(np.argmin(np.tanh(x @ self.w1 + self.b1) @ self.w2))]


#: ``--oracle-model``: the chance the field's network is taken to make its own play (it
#: always does; below 1 so that a pool of sampled deals none of which fits every play
#: still ranks them by how many they fit), and the sampled deals the pool starts with
MODEL_HIT = 0.99
MODEL_POOL = 200


def _model_oracle(on: bool) -> None:
    """Hand (or take back from) the tested seat's Gurka search the field's own policy:
    every other seat read as playing the learned network, and Hard's deals drawn in
    proportion to how likely that network makes their plays of the deal (the play-outs
    stay the heuristic's).  Only the tested seat searches, so only it is served."""
    if on:
        net = BatchNet(learned.net())
        gurka_ai.MODELS, gurka_ai.MODEL_PLAYOUTS, gurka_ai.POOL_START = True, False, MODEL_POOL
        gurka_models.learned_seats = lambda view, S, V, opts: frozenset(
            s for s in range(len(view["players"])) if s != view["seat"])
        gurka_models.ModelPlays = lambda k, seats: _ModelPlays(k, seats, net, MODEL_HIT)
    else:
        gurka_ai.MODELS, gurka_ai.MODEL_PLAYOUTS, gurka_ai.POOL_START = _MODEL_FLAGS
        gurka_models.learned_seats = _learned_seats
        gurka_models.ModelPlays = _ModelPlays


_MODEL_FLAGS = (gurka_ai.MODELS, gurka_ai.MODEL_PLAYOUTS, gurka_ai.POOL_START)
_learned_seats = gurka_models.learned_seats
_ModelPlays = gurka_models.ModelPlays


def make_seat(spec: str, seed: int, hard_iters: int):
    if spec.startswith("base:"):
        return make_baseline(spec, seed)
    if spec == "ai:hard":
        spec = f"ai:hard:{hard_iters}"
    return make_player(spec, seed)


def play_one(task):
    """One seeded game: (seat, win share, tested penalty, tested deals, others' penalty,
    others' seat-deals, [decision seconds of the tested seat], the tested and the others'
    penalty without the points that put a total back to 0)."""
    rules, n, options, a_spec, b_spec, seed, hard_iters, oracle = task
    seat = seed % n
    agents = [make_seat(a_spec if s == seat else b_spec, seed * 31 + s, hard_iters)
              for s in range(n)]
    state = new_game(rules, n, options, seed=seed)
    times = []
    if oracle == "model":
        _model_oracle(True)
    elif oracle:    # the state changes in place; the sampler serves the tested seat only
        _TRUTH.update(state=state, seat=seat, stock=oracle == "stock", set=oracle == "set")
        gurka_info.sample_hidden = _oracle_sample
        durak_ai.Tracker.sample = _durak_oracle_sample
    try:
        while True:
            s = state.to_act()
            if s is None:
                break
            legal = state.legal_actions()
            view = state.view(s)
            t = time.perf_counter()
            action = agents[s].choose(view, legal)
            if s == seat and len(legal) > 1:
                times.append(time.perf_counter() - t)
            state.apply(action)
    finally:
        _TRUTH.clear()
        if oracle == "model":
            _model_oracle(False)
        gurka_info.sample_hidden = _sample_hidden
        durak_ai.Tracker.sample = _durak_sample
    out = state.outcome()
    if out.draw:
        share = 0.5
    elif seat in out.winners:
        share = 1.0 if find_ruleset(rules).family is DURAK else 1.0 / len(out.winners)
    else:
        share = 0.0
    mine = mine_n = others = others_n = mine_kept = others_kept = 0
    for e in state.events:
        if e["type"] == "score":
            for s, p in enumerate(e["penalties"]):
                if p is None:
                    continue
                # points that made a total exactly the limit put it back to 0 (Icelandic)
                kept = 0 if p and e["totals"][s] == 0 else p
                if s == seat:
                    mine, mine_n, mine_kept = mine + p, mine_n + 1, mine_kept + kept
                else:
                    others, others_n, others_kept = others + p, others_n + 1, others_kept + kept
    return seat, share, mine, mine_n, others, others_n, times, mine_kept, others_kept


def ci95(xs):
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, 0.0
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def penalty_ratio(res, boot: int = 1000, seed: int = 1, kept: bool = False):
    """(ratio, low, high): the tested seat's penalty per deal over the others'.
    ``kept``: without the points that put a total back to 0 (an exact 21 in Icelandic
    Gúrka), which cost nothing."""
    i, j = (7, 8) if kept else (2, 4)

    def ratio(rows):
        a = sum(r[i] for r in rows) / max(1, sum(r[3] for r in rows))
        b = sum(r[j] for r in rows) / max(1, sum(r[5] for r in rows))
        return a / b if b else float("nan")
    return (ratio(res), *_bootstrap(lambda idx: ratio([res[i] for i in idx]), len(res), boot,
                                    seed))


def _bootstrap(value, n: int, boot: int, seed: int):
    """(low, high): the 95% interval of ``value(indices)`` over ``boot`` resamplings of
    the ``n`` games (NaN figures left out)."""
    rng = random.Random(seed)
    reps = sorted(x for x in (value([rng.randrange(n) for _ in range(n)]) for _ in range(boot))
                  if x == x)
    if not reps:
        return float("nan"), float("nan")
    return reps[int(0.025 * len(reps))], reps[max(0, int(0.975 * len(reps)) - 1)]


def reach(res, bound, fair: float, boot: int = 1000, seed: int = 1):
    """(reach, low, high): (share - fair) / (bound's share - fair), the games of ``res``
    and ``bound`` paired by seed (the same order); the interval a bootstrap over seeds.
    NaN where the bound is not above the fair share."""
    def value(idx):
        a = statistics.fmean(res[i][1] for i in idx)
        b = statistics.fmean(bound[i][1] for i in idx)
        return (a - fair) / (b - fair) if b > fair else float("nan")
    return (value(range(len(res))), *_bootstrap(value, len(res), boot, seed))


#: the issue's goals, by match (tested, field): (win share as a multiple of the fair share,
#: highest penalty ratio or None); Durak's goal is a plain win share (multiple of 1/2)
GOALS = {("ai:hard", "ai:normal"): (2.0, 0.7), ("ai:normal", "ai:easy"): (1.5, None)}
#: Durak: the win share whose whole interval must be at or above it (issue 51)
DURAK_GOAL = {("ai:hard", "base:lowest"): 0.85, ("ai:hard", "base:rule"): 0.95}
#: issue 51's outside setting (Norwegian Agurk, the lowest card always allowed, no ace on an
#: ace, 6 cards, 3 players; Hard against two learned bots): options, name, (win share,
#: highest penalty ratio)
OUTSIDE = {"optional_lowest": True, "no_ace_on_ace": True, "hand_size": 6}
OUTSIDE_NAME = "outside setting"
OUTSIDE_GOAL = (0.50, 0.70)
#: the baseline bots Hard meets in every Gurka ruleset (goal: the interval clear of fair)
BASELINE_FIELDS = ("base:mc:200", "base:hoarder", "base:learned")


def fair_share(rules: str, n: int, options: dict) -> float:
    """The win share of a seat as good as the field: Gurka 1/n (one winner); Durak (n-1)/n
    (every seat but the durak wins), a half with teams."""
    entry = find_ruleset(rules)
    if entry.family is not DURAK:
        return 1.0 / n
    return 0.5 if {**entry.options, **options}.get("teams") else (n - 1) / n


def verdict(rules: str, tested: str, field: str, m: float, h: float, fair: float, pen=None,
            kept=None, bound=None, variant: str = "") -> str:
    """The goal's verdict for a match line: "met", "short" (with what is short) or, where
    the tested seat seeing every card is itself under the goal with its whole interval
    ("--bound"), "out of reach"; "" for a match without a goal.  ``pen``/``kept``: penalty
    ratios (plain, and without the points of a reset to 0); ``bound``: the bound's win
    share and its interval's half-width; ``variant``: the match's variant name (the
    outside setting has a goal of its own)."""
    if find_ruleset(rules).family is DURAK:
        goal = DURAK_GOAL.get((tested, field))
        if goal is None or fair != 0.5:       # the goals are heads-up's
            return ""
        if m < goal:
            return f"goal short: {m:.1%} < {goal:.0%}"
        if m - h < goal:
            return f"goal short: interval reaches {m - h:.1%} < {goal:.0%}"
        return "goal met"
    short = []
    if variant == OUTSIDE_NAME and tested == "ai:hard" and field == "base:learned":
        share, cap = OUTSIDE_GOAL
        if m < share:
            short.append(f"{m:.1%} < {share:.0%}")
        times = None
    elif tested == "ai:hard" and field.startswith("base:"):
        times, cap = 1.0, None
    else:
        times, cap = GOALS.get((tested, field), (None, None))
        if times is None:
            return ""
    if times is not None and m < times * fair:
        short.append(f"{m / fair:.2f}x < {times:g}x")
    if m - h <= fair:
        short.append("interval includes fair")
    if cap is not None and pen is not None and pen > cap:
        if kept is not None and kept <= cap:
            short.append(f"penalty {pen:.2f} > {cap:g} ({kept:.2f} without resets to 0)")
        else:
            short.append(f"penalty {pen:.2f} > {cap:g}")
    if not short:
        return "goal met"
    if bound is not None and times is not None:
        b, bh = bound
        if b + bh < times * fair:       # the bound's whole interval under the goal
            return (f"out of reach (knowing every card: {b / fair:.2f}x "
                    f"[{(b - bh) / fair:.2f}, {(b + bh) / fair:.2f}])")
        short.append(f"knowing every card {b / fair:.2f}x")
    return "goal short: " + ", ".join(short)


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def plan(suite: str, players: list[int]):
    """(rules, players, options, variant name, tested, field) matches."""
    m = []
    if suite in ("main", "all"):
        for rules in GURKA:
            for n in players:
                m.append((rules, n, {}, "", "ai:hard", "ai:normal"))
                m.append((rules, n, {}, "", "ai:normal", "ai:easy"))
    if suite in ("variants", "all"):
        for rules, opts, name in VARIANTS:
            for n in players:
                m.append((rules, n, opts, name, "ai:hard", "ai:normal"))
    if suite in ("baselines", "all"):
        for rules in GURKA:
            for n in players:
                for field in BASELINE_FIELDS:
                    m.append((rules, n, {}, "", "ai:hard", field))
        if 3 in players:
            m.append(("agurk-no", 3, OUTSIDE, OUTSIDE_NAME, "ai:hard", "base:learned"))
    if suite in ("durak", "all"):
        m.append((DURAK_ID, 2, {}, "", "ai:hard", "base:lowest"))
        m.append((DURAK_ID, 2, {}, "", "ai:hard", "base:rule"))
        m.append((DURAK_ID, 2, {}, "", "ai:hard", "ai:normal"))
        m.append((DURAK_ID, 2, {}, "", "ai:normal", "ai:easy"))
    if suite in ("transfer", "all"):
        for n in (2, 4):
            m.append((TRANSFER_ID, n, {}, "", "ai:hard", "ai:normal"))
            m.append((TRANSFER_ID, n, {}, "", "ai:hard", "base:lowest"))
    return m


def timing(rules_list, decisions: int, seed: int):
    """Decision times per level with the real (clock-budgeted) Hard, from games in which
    every seat plays that level; for Hard also how many rollouts its clock allowed (the
    p10 and the median), which is what the tournaments' fixed budget stands for."""
    rows = []
    for rules in rules_list:
        entry = find_ruleset(rules)
        n = 2 if entry.family is DURAK else min(4, entry.players[1])
        for level in ("easy", "normal", "hard"):
            times = []
            runs = []
            g = 0
            while len(times) < decisions:
                agents = [make_player(f"ai:{level}", seed + g * 7 + s) for s in range(n)]
                state = new_game(rules, n, seed=seed + g)
                g += 1
                while len(times) < decisions:
                    s = state.to_act()
                    if s is None:
                        break
                    legal = state.legal_actions()
                    view = state.view(s)
                    t = time.perf_counter()
                    a = agents[s].choose(view, legal)
                    if len(legal) > 1:
                        times.append(time.perf_counter() - t)
                        ran = getattr(agents[s], "last_stats", {}).get("iterations")
                        if ran:
                            runs.append(ran)
                    state.apply(a)
            rows.append((rules, level, len(times), pct(times, 0.5), pct(times, 0.95), max(times),
                         pct(runs, 0.1), pct(runs, 0.5)))
    return rows


def _name(spec: str) -> str:
    return spec.split(":")[1] if ":" in spec else spec


def _play(pool, tasks) -> list:
    """Every task's game, in the tasks' order (the --bound pairs games by it)."""
    return list(pool.imap(play_one, tasks)) if pool else list(map(play_one, tasks))


#: what each kind of ``--oracle`` hands the tested seat's search, for the run's first line
ORACLES = {True: "seeing every card (--oracle)",
           "stock": "seeing every card and the stock's order (--oracle-stock)",
           "set": "knowing which cards the other hands hold (--oracle-set)",
           "model": "handed the field's own network (--oracle-model)"}


def _cells(m: float, h: float, fair: float) -> str:
    """A match line's win share, its interval and the multiple of the fair share."""
    return f"{m:6.1%} [{max(0, m - h):5.1%}, {min(1, m + h):5.1%}] {m / fair:6.2f}"


def _bound_line(pool, tasks, res, fair: float):
    """``--bound``: the same match with the tested seat seeing every card: ((share, its
    interval's half-width, penalty ratio), the line printed with the reach)."""
    tasks = [t[:-1] + (True,) for t in tasks]
    bound = _play(pool, tasks)
    b, h = ci95([r[1] for r in bound])
    pen = penalty_ratio(bound)
    r, lo, hi = reach(res, bound, fair)
    return (b, h, pen), (f"{'':<10} {'':>1} {'':<26} {'  knowing all':<16} "
                         f"{_cells(b, h, fair)} {pen[0]:7.2f} [{pen[1]:4.2f}, {pen[2]:4.2f}]"
                         f"  reach {r:.2f} [{lo:.2f}, {hi:.2f}]")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="bench.py ai", description=__doc__.split("\n\n")[0])
    p.add_argument("--suite", default="main", choices=("main", "variants", "baselines", "durak",
                                                         "transfer", "all"))
    p.add_argument("--games", type=int, default=100, help="games per match")
    p.add_argument("--rules", default=None, help="comma-separated ruleset ids")
    p.add_argument("--players", default="3,4", help="player counts for the Gurka family")
    p.add_argument("--only", default=None, help="keep matches whose text contains this")
    p.add_argument("--skip", default=None, help="drop matches whose text contains this")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--hard-iterations", type=int, default=BENCH_HARD,
                   help="Hard's fixed rollouts per decision in the Gurka tournaments")
    p.add_argument("--durak-iterations", type=int, default=durak_ai.REPRODUCIBLE_ROLLOUTS,
                   help="Hard's fixed rollouts per decision in the Durak tournaments")
    p.add_argument("--oracle", action="store_true",
                   help="a bound: the tested seat's search sees the true hidden cards")
    p.add_argument("--oracle-stock", action="store_true",
                   help="with --oracle, Durak: the tested seat's search also knows the order "
                        "of the stock")
    p.add_argument("--oracle-set", action="store_true",
                   help="with --oracle, Gurka: the tested seat's search knows only which "
                        "cards the other hands hold, as a set (who holds which dealt at "
                        "random)")
    p.add_argument("--oracle-model", action="store_true",
                   help="with --oracle, Gurka against base:learned: the tested seat's search "
                        "is handed the field's own network, its deals drawn in proportion to "
                        "how likely it makes their plays (the best any reading of their plays "
                        "can do)")
    p.add_argument("--bound", action="store_true",
                   help="also play each Gurka match with the tested seat seeing every card "
                        "(the same seeds) and print the bound and the share of it reached")
    p.add_argument("--tested", default=None,
                   help="another tested seat in every match (a spec: ai:normal, "
                        "base:learned:table, ...): what other seats score against the same "
                        "fields and seeds")
    p.add_argument("--no-timing", action="store_true")
    p.add_argument("--timing-decisions", type=int, default=60)
    p.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    args = p.parse_args(argv)
    if args.oracle and args.oracle_stock:
        args.oracle = "stock"
    elif args.oracle and args.oracle_set:
        args.oracle = "set"
    elif args.oracle and args.oracle_model:
        args.oracle = "model"
    wanted = set(args.rules.split(",")) if args.rules else None
    players = [int(x) for x in args.players.split(",")]
    matches = [m for m in plan(args.suite, players)
               if (wanted is None or m[0] in wanted)
               and (args.only is None or args.only in " ".join(map(str, m)))
               and (args.skip is None or args.skip not in " ".join(map(str, m)))]
    if args.tested:
        matches = [m[:4] + (args.tested,) + m[5:] for m in matches]
    print(f"AI benchmark: {args.games} games per match, seed {args.seed}, Hard at "
          f"{args.hard_iterations} rollouts/decision (Durak: {args.durak_iterations}), "
          f"{args.jobs} job(s)" + (f", the tested seat {ORACLES[args.oracle]}"
                                   if args.oracle else ""))
    head = (f"{'ruleset':<10} {'n':>1} {'variant':<26} {'match':<16} {'share':>6} "
            f"{'95% CI':>15} {'x fair':>6} {'penalty':>7} {'95% CI':>13}")
    print(head)
    pool = get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    t0 = time.time()
    rows = []
    try:
        for rules, n, opts, vname, a, b in matches:
            durak = find_ruleset(rules).family is DURAK
            iters = args.durak_iterations if durak else args.hard_iterations
            tasks = [(rules, n, opts, a, b, args.seed + g, iters, args.oracle)
                     for g in range(args.games)]
            res = _play(pool, tasks)
            m, h = ci95([r[1] for r in res])
            fair = fair_share(rules, n, opts)
            label = f"{_name(a)} v {_name(b)}"
            line = f"{rules:<10} {n:>1} {vname or '-':<26} {label:<16} {_cells(m, h, fair)}"
            pen = kept = None
            if find_ruleset(rules).family is not DURAK:
                pen = penalty_ratio(res)
                line += f" {pen[0]:7.2f} [{pen[1]:4.2f}, {pen[2]:4.2f}]"
                if any(r[7] != r[2] or r[8] != r[4] for r in res):
                    k = penalty_ratio(res, kept=True)
                    kept = k[0]
                    line += f"  without resets to 0: {k[0]:.2f} [{k[1]:.2f}, {k[2]:.2f}]"
            else:
                by_seat = [statistics.fmean([r[1] for r in res if r[0] == s] or [float("nan")])
                           for s in range(n)]
                line += "  by seat: " + ", ".join(f"{x:.3f}" for x in by_seat)
            bline = bound = None
            if args.bound and not args.oracle and pen:
                (bs, bh, bpen), text = _bound_line(pool, tasks, res, fair)
                bound = (bs, bh)
                bline = (rules, n, vname, label + ", knowing all", len(res), bs, bh, fair,
                         bpen, "")
            goal = "" if args.oracle else verdict(rules, a, b, m, h, fair, pen and pen[0],
                                                  kept, bound, vname)
            rows.append((rules, n, vname, label, len(res), m, h, fair, pen, goal))
            print(line + (f"  {goal}" if goal else ""), flush=True)
            if bline:
                rows.append(bline)
                print(text, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print(f"tournaments took {time.time() - t0:.0f} s")
    goals = [r[9] for r in rows if r[9]]
    if goals:
        print(f"goals: {sum(g == 'goal met' for g in goals)} met, "
              f"{sum(g.startswith('goal short') for g in goals)} short, "
              f"{sum(g.startswith('out of reach') for g in goals)} out of reach of a search "
              f"that sees every card (of {len(goals)} matches with a goal)")
    if args.markdown and rows:
        print("\n| ruleset | n | variant | match | games | win share [95% CI] | x fair "
              "| penalty/deal vs others [95% CI] | goal |\n|---|---|---|---|---|---|---|---|---|")
        for rules, n, vname, label, g, m, h, fair, pen, goal in rows:
            ptxt = f"{pen[0]:.2f} [{pen[1]:.2f}, {pen[2]:.2f}]" if pen else "-"
            print(f"| {rules} | {n} | {vname or '-'} | {label} | {g} | {m:.1%} "
                  f"[{max(0, m - h):.1%}, {min(1, m + h):.1%}] | {m / fair:.2f} | {ptxt} "
                  f"| {goal or '-'} |")
    if not args.no_timing:
        rules_list = [r for r in (*GURKA, DURAK_ID) if wanted is None or r in wanted]
        dec = args.timing_decisions
        print(f"\ndecision time per level (seconds; {dec} decisions with a real choice, "
              f"Hard on its clock)")
        print(f"{'ruleset':<10} {'level':<7} {'n':>4} {'p50':>8} {'p95':>8} {'max':>8}"
              f"  rollouts p10 / p50")
        for rules, level, k, p50, p95, mx, r10, r50 in timing(rules_list, dec, args.seed):
            runs = f"  {r10:>8.0f} / {r50:.0f}" if r50 == r50 else ""
            print(f"{rules:<10} {level:<7} {k:>4} {p50:8.4f} {p95:8.4f} {mx:8.4f}{runs}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
