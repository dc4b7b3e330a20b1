"""Benchmarks that print figures (speed goals live here, not in timed tests).

    python build_scripts/bench.py engine     random-play throughput per ruleset
    python build_scripts/bench.py ai         AI strength and decision times
    python build_scripts/bench.py sampling   how close Hard's sampled deals come to the true deal
    python build_scripts/bench.py regret     where a seat's choices lose, by a search that sees the hands
    python build_scripts/bench.py package    frozen app size and start-up time
    python build_scripts/bench.py ui         frame times of the table, start-up vs a bare window
    python build_scripts/bench.py pace       seconds between AI cards, the hold of a trick / bout
    python build_scripts/bench.py pace last  how long the last trick of a deal lies, every speed and setting
    python build_scripts/bench.py hostile files|kill   hostile files and kill -9 (POSIX)
    python build_scripts/bench.py net        action to arrival over loopback, the host loop and UI frames under junk
    python build_scripts/bench.py relay      tables one relay holds, the latency it adds, its memory and CPU

Figures are medians of several runs on one core.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

from game.engine import new_game  # noqa: E402

GURKA_CASES = [("gurka-se", 4), ("agurk-dk", 4), ("agurk-no", 4), ("gurka-is", 3), ("gurka-is7", 4)]


def _play_random(state, rng) -> int:
    """Play a whole game at random; returns the number of deals."""
    step = getattr(state, "random_step", None)
    while state.to_act() is not None:
        if step is not None:
            step(rng)
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return sum(1 for e in state.events if e["type"] == "deal")


def _measure(rules: str, players: int, seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    games = deals = 0
    start = time.process_time()
    while True:
        state = new_game(rules, players, seed=rng.randrange(1 << 30))
        deals += _play_random(state, rng)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return deals / elapsed, games / elapsed


def bench_engine(argv: list[str]) -> None:
    runs = 7
    seconds = float(argv[0]) if argv else 1.0
    cases = list(GURKA_CASES) + [("durak", 2), ("durak", 4), ("durak", 6)]
    print(f"random play, one core, median of {runs} runs of {seconds:.1f} s of CPU time")
    print(f"{'ruleset':<10} {'players':>7} {'deals/s':>10} {'games/s':>9}")
    for rules, players in cases:
        results = [_measure(rules, players, seconds, seed) for seed in range(runs)]
        deals = statistics.median(r[0] for r in results)
        games = statistics.median(r[1] for r in results)
        dshow = "-" if rules == "durak" else f"{deals:,.0f}"
        print(f"{rules:<10} {players:>7} {dshow:>10} {games:>9,.1f}")


def main(argv: list[str]) -> int:
    commands = ("engine", "ai", "sampling", "regret", "package", "ui", "pace", "hostile", "net", "relay")
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    what, rest = argv[0], argv[1:]
    if what == "engine":
        bench_engine(rest)
    elif what == "ui":
        import bench_ui
        return bench_ui.main(rest) or 0
    elif what == "pace":
        import bench_pace
        return bench_pace.main(rest) or 0
    elif what == "ai":
        import bench_ai
        return bench_ai.main(rest) or 0
    elif what == "sampling":
        import bench_sampling
        return bench_sampling.main(rest) or 0
    elif what == "regret":
        import bench_regret
        return bench_regret.main(rest) or 0
    elif what == "net":
        import bench_net
        return bench_net.main(rest) or 0
    elif what == "relay":
        import bench_relay
        return bench_relay.main(rest) or 0
    elif what == "hostile":
        import bench_hostile
        return bench_hostile.main(rest) or 0
    else:
        import bench_package
        return bench_package.main(rest) or 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
