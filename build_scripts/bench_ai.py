"""AI strength benchmark: seeded tournaments per ruleset, win rates with 95% CIs,
and decision-time p50/p95 per level.

``build_scripts/bench.py ai`` calls :func:`main`; it also runs on its own:

    python build_scripts/bench_ai.py [--quick] [--games N] [--rules ID,...] [--jobs J]
                                     [--hard-iterations N] [--timing]

Every match is "one seat of level A against N-1 seats of level B", with A's seat
rotated over the games; a game's win share is 1 for a sole winner, 1/k for k
tied winners (Durak: 1 for every non-loser, 0.5 each on a draw).  The same seed
gives the same tournaments.  Hard plays with a fixed iteration budget here (so
results are reproducible); decision times are measured separately with Hard's
real time budget (``--timing``, on by default).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.seats import make_player  # noqa: E402
from game.engine import new_game  # noqa: E402

GURKA = ("gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7")


class LowestBot:
    """Durak baseline: always plays its lowest legal card (attack, throw-in, defence);
    takes only when it cannot defend, passes when it cannot attack."""

    level = "lowest"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, view, legal):
        from game.engine.cards import INDEX
        trump = None
        for e in view["events"]:
            if e["type"] == "deal":
                trump = e.get("trump")
        ts = trump[1] if trump else None

        def key(card):
            return ((card[1] == ts), INDEX[card] // 4)

        cards = [a for a in legal if a["type"] in ("attack", "defend")]
        if cards:
            def akey(a):
                c = a["cards"][0] if a["type"] == "attack" else a["card"]
                n = len(a["cards"]) if a["type"] == "attack" else 1
                return (key(c), -n)
            return min(cards, key=akey)
        for kind in ("swap", "pass", "take"):
            for a in legal:
                if a["type"] == kind:
                    return a
        return legal[0]


def _player(spec: str, seed: int, hard_iters: int | None):
    if spec == "lowest":
        return LowestBot(seed)
    if spec == "ai:hard" and hard_iters:
        spec = f"ai:hard:{hard_iters}"
    return make_player(spec, seed)


def play_one(task):
    """One seeded game; returns (win share of the tested seat, [decision seconds of it])."""
    rules, n, a_spec, b_spec, seed, hard_iters = task
    seat = seed % n
    agents = [_player(a_spec if s == seat else b_spec, seed * 31 + s, hard_iters) for s in range(n)]
    state = new_game(rules, n, seed=seed)
    times = []
    while True:
        s = state.to_act()
        if s is None:
            break
        legal = state.legal_actions()
        view = state.view(s)
        t = time.perf_counter()
        action = agents[s].choose(view, legal)
        if s == seat:
            times.append(time.perf_counter() - t)
        state.apply(action)
    out = state.outcome()
    if out.draw:
        share = 0.5
    elif seat in out.winners:
        share = 1.0 / len(out.winners) if not rules == "durak" else 1.0
    else:
        share = 0.0
    return share, times


def ci95(xs):
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, 0.0
    sd = statistics.stdev(xs)
    return m, 1.96 * sd / math.sqrt(len(xs))


def match(pool, rules, n, a, b, games, seed, hard_iters):
    tasks = [(rules, n, a, b, seed + g, hard_iters) for g in range(games)]
    res = list(pool.imap_unordered(play_one, tasks)) if pool else [play_one(t) for t in tasks]
    shares = [r[0] for r in res]
    times = [t for r in res for t in r[1]]
    return shares, times


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def plan(quick: bool):
    """(rules, players, tested, field, note) matches."""
    m = []
    for rules in GURKA:
        n = 3 if rules in ("gurka-is", "gurka-is7") else 4
        m.append((rules, n, "ai:easy", "ai:random", "easy vs random"))
        m.append((rules, n, "ai:normal", "ai:easy", "normal vs easy"))
        m.append((rules, n, "ai:hard", "ai:normal", "hard vs normal"))
        if rules in ("gurka-se", "agurk-dk"):
            m.append((rules, n, "ai:hard", "ai:random", "hard vs random"))
    m.append(("durak", 2, "ai:hard", "lowest", "hard vs lowest-card bot"))
    m.append(("durak", 2, "ai:easy", "ai:random", "easy vs random"))
    m.append(("durak", 2, "ai:normal", "ai:easy", "normal vs easy"))
    m.append(("durak", 2, "ai:hard", "ai:normal", "hard vs normal"))
    return m


def have_durak() -> bool:
    try:
        new_game("durak", 2)
        return True
    except Exception:  # noqa: BLE001 - a bench run reports what it can measure
        return False


def timing(rules_list, decisions: int, seed: int):
    """Decision times per level with the real (time-budgeted) Hard, sampled from games
    in which every seat plays that level (serial: no other work competes)."""
    rows = []
    for rules in rules_list:
        n = 2 if rules == "durak" else (3 if rules.startswith("gurka-is") else 4)
        for level in ("easy", "normal", "hard"):
            times = []
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
                    state.apply(a)
            rows.append((rules, level, len(times), pct(times, 0.5), pct(times, 0.95), max(times)))
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="bench.py ai", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=None, help="games per match")
    p.add_argument("--quick", action="store_true", help="small tournaments (smoke run)")
    p.add_argument("--rules", default=None, help="comma-separated ruleset ids")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--hard-iterations", type=int, default=100,
                   help="Hard's fixed rollouts per decision in tournaments")
    p.add_argument("--no-timing", action="store_true")
    p.add_argument("--timing-decisions", type=int, default=None)
    p.add_argument("--only", default=None, help="substring filter on match names")
    args = p.parse_args(argv)
    games = args.games or (10 if args.quick else 40)
    wanted = set(args.rules.split(",")) if args.rules else None
    durak = have_durak()
    matches = [m for m in plan(args.quick)
               if (wanted is None or m[0] in wanted) and (durak or m[0] != "durak")
               and (args.only is None or args.only in m[4])]
    if not durak:
        print("note: the Durak engine is not available; Durak matches skipped")
    print(f"AI benchmark: {games} games per match, seed {args.seed}, Hard at "
          f"{args.hard_iterations} rollouts/decision, {args.jobs} job(s)")
    print(f"{'ruleset':<10} {'match':<24} {'n':>2} {'share':>7} {'95% CI':>17} {'fair':>5}")
    pool = get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    t0 = time.time()
    results = []
    try:
        for rules, n, a, b, note in matches:
            g = games
            shares, _ = match(pool, rules, n, a, b, g, args.seed, args.hard_iterations)
            m, h = ci95(shares)
            fair = 1.0 / n
            results.append((rules, note, n, m, h))
            print(f"{rules:<10} {note:<24} {n:>2} {m:7.1%} [{max(0, m - h):6.1%}, {min(1, m + h):6.1%}]"
                  f" {fair:5.0%}", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print(f"tournaments took {time.time() - t0:.0f} s")
    if not args.no_timing:
        rules_list = [r for r in (*GURKA, "durak") if (wanted is None or r in wanted)
                      and (durak or r != "durak")]
        dec = args.timing_decisions or (20 if args.quick else 80)
        print(f"\ndecision time per level (seconds; {dec} decisions with a real choice, "
              f"Hard with its default time budget)")
        print(f"{'ruleset':<10} {'level':<7} {'n':>4} {'p50':>8} {'p95':>8} {'max':>8}")
        for rules, level, k, p50, p95, mx in timing(rules_list, dec, args.seed):
            print(f"{rules:<10} {level:<7} {k:>4} {p50:8.4f} {p95:8.4f} {mx:8.4f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
