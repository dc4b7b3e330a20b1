"""Where a seat's choices lose, by a yardstick that sees the true hands: at each decision of
the tested seat, the regret of its move and of another player's move in the same spot.

``build_scripts/bench.py regret`` calls :func:`main`; it also runs on its own:

    python build_scripts/bench_regret.py [--games 20] [--seed 1100] [--jobs 2]
        [--tested ai:hard] [--field base:learned] [--other base:learned]
        [--rollouts 3000] [--outside | --rules R --players N]

The tested seat (seat ``seed % players``) plays against a field, and its moves are the
game's.  At each of its card plays with more than one distinct move, the yardstick values
every distinct move: Hard's search handed the true hidden cards (``bench_ai``'s
``--oracle`` sampler; the stock still shuffled), ``--rollouts`` play-outs spread evenly over
the moves on common deals (no halving), the other seats in its play-outs by the learned
table policy, its utility Hard's (a win chance).  A move's regret is the best move's value
less its own.  The move ``--other`` would make in the tested seat's place, from the same
view, is valued the same way, so the two regrets are paired decision by decision.  Printed
per hand size, leads and follows apart: decisions, how many of them the two moves differ
in, each one's mean regret, and their difference with its standard error.

Both regrets include the yardstick's own noise (its best is the highest of noisy means),
the same for both moves; their difference is what to read.  The true hands are read from
the game's state for the yardstick only: the tested seat and ``--other`` see their view.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import defaultdict
from multiprocessing import get_context
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_ai  # noqa: E402

from game.ai import search
from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gurka_info
from game.ai.gurka import policy as gurka_policy  # noqa: E402
from game.engine import new_game  # noqa: E402
from game.engine.cards import INDEX  # noqa: E402

#: ``--outside``: issue 51's outside setting (the strength bench's)
OUTSIDE = ("agurk-no", 3, bench_ai.OUTSIDE)


def yardstick(state, seat: int, view: dict, legal: list[dict], rollouts: int,
              rng) -> dict:
    """{move key: value} for every distinct play in ``legal``, by a search that is dealt the
    true hidden cards of ``state`` (see the module docstring)."""
    bench_ai._TRUTH.update(state=state, seat=seat)
    saved = (gurka_info.sample_hidden, gurka_ai.PLAYOUT_MODEL, search.HALVING)
    gurka_info.sample_hidden = bench_ai._oracle_sample
    gurka_ai.PLAYOUT_MODEL, search.HALVING = "others", False
    stats: dict = {}
    try:
        gurka_ai.choose_hard(view, legal, rng, iterations=rollouts, time_budget=None,
                             stats=stats)
    finally:
        gurka_info.sample_hidden, gurka_ai.PLAYOUT_MODEL, search.HALVING = saved
        bench_ai._TRUTH.clear()
    S = state.S
    return {_key(c, S): m for c, m in zip(stats["candidates"], stats["means"])}


def _key(action: dict, S) -> tuple:
    return gurka_policy.move_key(tuple(INDEX[c] for c in action["cards"]), S)


def play_one(task) -> list[tuple]:
    """One game: [(cards in hand, lead, tested regret, other's regret, the moves differ)]."""
    rules, n, options, tested, field, other, seed, rollouts = task
    seat = seed % n
    agents = [bench_ai.make_seat(tested if s == seat else field, seed * 31 + s,
                                 bench_ai.BENCH_HARD) for s in range(n)]
    shadow = bench_ai.make_seat(other, seed * 31 + n, bench_ai.BENCH_HARD)
    state = new_game(rules, n, options, seed=seed)
    rng = random.Random(seed)
    out = []
    while (s := state.to_act()) is not None:
        legal = state.legal_actions()
        view = state.view(s)
        action = agents[s].choose(view, legal)
        if s == seat and legal[0]["type"] == "play" and len({_key(a, state.S) for a in legal}) > 1:
            theirs = shadow.choose(view, legal)
            values = yardstick(state, seat, view, legal, rollouts, rng)
            best = max(values.values())
            mine, alt = _key(action, state.S), _key(theirs, state.S)
            out.append((len(state.hands[seat]), not state.trick, best - values[mine],
                        best - values[alt], mine != alt))
        state.apply(action)
    return out


def _line(label: str, rows: list[tuple]) -> str:
    diff = [r[2] - r[3] for r in rows]
    se = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else float("nan")
    return (f"{label:<14} {len(rows):>9} {sum(r[4] for r in rows):>7} "
            f"{statistics.fmean(r[2] for r in rows):>14.4f} "
            f"{statistics.fmean(r[3] for r in rows):>13.4f} "
            f"{statistics.fmean(diff):>+11.4f} ± {se:.4f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench.py regret", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1100)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--tested", default="ai:hard")
    p.add_argument("--field", default="base:learned")
    p.add_argument("--other", default="base:learned",
                   help="the player whose move in the tested seat's place is valued too")
    p.add_argument("--rollouts", type=int, default=3000,
                   help="the yardstick's play-outs per decision, over all its moves")
    p.add_argument("--outside", action="store_true", help="issue 51's outside setting")
    p.add_argument("--rules", default="agurk-no")
    p.add_argument("--players", type=int, default=3)
    a = p.parse_args(argv)
    rules, n, options = OUTSIDE if a.outside else (a.rules, a.players, {})
    tasks = [(rules, n, options, a.tested, a.field, a.other, a.seed + g, a.rollouts)
             for g in range(a.games)]
    if a.jobs > 1:
        with get_context("spawn").Pool(a.jobs) as pool:
            games = pool.map(play_one, tasks)
    else:
        games = [play_one(t) for t in tasks]
    rows = [r for g in games for r in g]
    if not rows:
        print("no decision with a choice")
        return 1
    print(f"{rules}{' (outside setting)' if a.outside else ''}, {n} players, {a.games} games "
          f"from seed {a.seed}: {a.tested} against {a.field}, the yardstick at {a.rollouts} "
          f"play-outs; the other move: {a.other}'s")
    print(f"{'hand, kind':<14} {'decisions':>9} {'differ':>7} {'tested regret':>14} "
          f"{'other regret':>13} {'tested - other':>14}")
    split = defaultdict(list)
    for r in rows:
        split[(r[0], r[1])].append(r)
    for (cards, lead) in sorted(split, key=lambda x: (-x[0], not x[1])):
        print(_line(f"{cards} {'lead' if lead else 'follow'}", split[(cards, lead)]))
    print(_line("all", rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
