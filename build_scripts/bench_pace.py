"""``bench.py pace``: how fast the table plays, in real seconds, with real AI seats.

    python build_scripts/bench.py pace [--seconds S] [--speed normal|slow|fast]

A Norwegian Agurk table of four Normal AI seats and a Durak table of three are run in real
time at 60 frames a second (dummy video driver, the AI in its worker process, as in the
game).  Reported: the seconds between two AI cards of one trick (or bout), how long a
finished trick stays before the next lead, and how long a finished Durak bout stays.
The goal (issue 10): AI cards about 0.9 s apart, a finished trick or bout about 1.5 s on the
table (``pace.TRICK_HOLD``, ``BOUT_HOLD``).  The figures printed for a finished trick or bout
run from its last card to the next lead, so they add the sweep to the winner, a bout's refill
and the next AI seat's own think (``SWEEP``, ``AI_MIN_DELAY``): 2.4 s for a trick is the
1.5 s hold as meant.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run(rules: str, n: int, seconds: float, speed: str) -> dict[str, list[float]]:
    import pygame

    from game.ui.app import App
    from game.ui.table import TableScene
    pygame.init()
    app = App(size=(1280, 800), lang="en")
    app.settings["speed"] = speed
    players = [{"name": f"P{i}", "seat": "ai:normal"} for i in range(n)]
    table = TableScene.new(app, rules, players, {}, seed=7)
    app.manager.push(table)
    clock = pygame.time.Clock()
    seen = table.shown
    times: list[tuple[str, float]] = []
    start = time.perf_counter()
    dt = 0.0
    while time.perf_counter() - start < seconds and not table.finished:
        app.step(pygame.event.get(), dt)
        top = app.manager.top
        if top is not table and hasattr(top, "go"):
            top.go()                       # the scoreboard between deals
        while seen < table.shown:
            times.append((table.host.state.events[seen]["type"], time.perf_counter()))
            seen += 1
        dt = clock.tick(60)
    app.shutdown()
    pygame.quit()
    gaps: dict[str, list[float]] = {"card": [], "trick": [], "bout": []}
    cards = ("play", "attack", "defend")
    for (k1, t1), (k2, t2) in zip(times, times[1:]):
        if k1 in cards and k2 in cards:
            gaps["card"].append(t2 - t1)
        elif k1 == "trick" and k2 == "play":
            gaps["trick"].append(t2 - t1)
        elif k1 == "bout_end":
            later = next((t for k, t in times if t > t1 and k == "attack"), None)
            if later is not None:
                gaps["bout"].append(later - t1)
    return gaps


def show(label: str, values: list[float]) -> None:
    if not values:
        print(f"  {label:<34} -")
        return
    print(f"  {label:<34} median {statistics.median(values):.2f} s   min {min(values):.2f}   "
          f"max {max(values):.2f}   (n={len(values)})")


def main(argv: list[str]) -> int:
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 40.0
    speed = argv[argv.index("--speed") + 1] if "--speed" in argv else "normal"
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["GURKA_HOME"] = tempfile.mkdtemp(prefix="gurka-pace-")
    from game.settings import SPEED_FACTORS
    from game.ui.table import pace
    f = SPEED_FACTORS[speed]
    print(f"pace at {speed} speed, real time, {seconds:.0f} s per table")
    print(f"  (a finished trick lies {pace.TRICK_HOLD * f / 1000:.2f} s with its winner named, is swept in "
          f"{pace.SWEEP * f / 1000:.2f} s; a bout lies {pace.BOUT_HOLD * f / 1000:.2f} s; the next AI card "
          f"follows no sooner than {pace.AI_MIN_DELAY * f / 1000:.2f} s)")
    g = run("agurk-no", 4, seconds, speed)
    print("Agurk (NO), 4 Normal AI seats")
    show("between two AI cards of a trick", g["card"])
    show("a finished trick, to the next lead", g["trick"])
    d = run("durak", 3, seconds, speed)
    print("Durak, 3 Normal AI seats")
    show("between two AI cards of a bout", d["card"])
    show("a finished bout, to the next attack", d["bout"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
