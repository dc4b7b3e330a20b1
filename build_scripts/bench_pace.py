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

    python build_scripts/bench.py pace last

The last trick of a deal (issue 47): on the table's own clock, from its last card landing to
the score sheet between deals covering it, at every speed and every *After a trick* setting,
one person and three Normal AI seats (Swedish Gurka, Norwegian Agurk, Icelandic Gúrka and its
seven rounds alike).  The goal: at least 2.5 s to read who took it with which card when the
table does not wait (``never``); with ``last`` or ``every`` it waits for the player after the
figure shown (+).  Measured (December 2026):

    speed    after a trick   before (s)   now (s)
    slow     never           4.43         4.43
    normal   never           2.78         2.78
    fast     never           1.38         2.63      (pace.LAST_READ: 2.6 s at any speed)
    instant  never           0.02         0.02      (instant waits for nothing, by its name)
    slow     last / every    2.50 +       2.50 +
    normal   last / every    1.57 +       1.57 +
    fast     last / every    0.78 +       0.78 +
    instant  last / every    0.00 +       0.00 +
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
    from game.ui.table.scene import TableScene
    pygame.init()
    app = App(size=(1280, 800), lang="en")
    app.settings.speed = speed
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


#: the Gurka rulesets whose last trick is measured: (ruleset, seats)
LAST_CASES = (("gurka-se", 4), ("agurk-no", 4), ("gurka-is", 3), ("gurka-is7", 4))


def last_trick(rules: str, n: int, speed: str, pause: str, seed: int = 3, app=None) -> tuple[float, bool]:
    """How long the last trick of a deal lies on the table, on the table's own clock: from
    the moment its last card lands to the moment the score sheet between deals covers it (or,
    when the table waits for the player, to the moment it starts waiting: then the player
    reads as long as they like).  One person at seat 0, three Normal AI seats; the deal is
    played first and the table shows its last trick as it would in a game.  Returns
    (seconds, whether the table then waits for the player).  ``app``: an app to use (a
    test's), else one is made and shut down."""
    import random

    import pygame

    from game.engine import new_game
    from game.ui.app import App
    from game.ui.table.scene import TableScene
    own = app is None
    if own:
        pygame.init()
        app = App(size=(1280, 800), lang="en")
    app.settings.speed = speed
    app.settings.trick_pause = pause
    players = [{"name": f"P{i}", "seat": "human" if i == 0 else "ai:normal"} for i in range(n)]
    state = new_game(rules, players, {}, seed=seed)
    rng = random.Random(seed)
    while not any(e["type"] == "score" for e in state.events):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    events = state.events
    tricks = [i for i, e in enumerate(events) if e["type"] == "trick"]
    start = tricks[-2] + 1 if len(tricks) >= 2 else 0
    last_play = max(i for i, e in enumerate(events) if e["type"] == "play")
    last_cards = set(events[last_play]["cards"])
    table = TableScene.hosted(app, state)
    app.manager.push(table)
    table.fast_forward(start)
    landed = None
    dt = 1000 / 60
    try:
        for _frame in range(60 * 60):
            app.step([], dt)
            if landed is None and table.shown > last_play and not any(
                    f.card in last_cards for f in table.timeline.flights):
                landed = table.timeline.now
            if landed is None:
                continue
            if app.manager.top is not table:
                return (table.timeline.now - landed) / 1000, False
            if table.timeline.held is not None:
                return (table.timeline.now - landed) / 1000, True
    finally:
        app.manager.clear()
        if own:
            app.shutdown()
            pygame.quit()
    raise RuntimeError(f"{rules} at {speed}, {pause}: the deal's scoring never came")


def bench_last(argv: list[str]) -> int:
    """The last trick of a deal at every speed and every *After a trick* setting."""
    from game.storage.settings import SPEEDS, TRICK_PAUSES
    print("the last trick of a deal: from its last card landing to the score sheet (table clock)")
    print(f"  {'speed':<8} {'after a trick':<14} " + " ".join(f"{r:>10}" for r, _n in LAST_CASES))
    for speed in SPEEDS:
        for pause in TRICK_PAUSES:
            cells = []
            for rules, n in LAST_CASES:
                secs, waits = last_trick(rules, n, speed, pause)
                cells.append(f"{secs:.2f} s" + ("+" if waits else " "))
            print(f"  {speed:<8} {pause:<14} " + " ".join(f"{c:>10}" for c in cells))
    print("  (+: then the table waits for the player, who reads as long as they like)")
    return 0


def show(label: str, values: list[float]) -> None:
    if not values:
        print(f"  {label:<34} -")
        return
    print(f"  {label:<34} median {statistics.median(values):.2f} s   min {min(values):.2f}   "
          f"max {max(values):.2f}   (n={len(values)})")


def main(argv: list[str]) -> int:
    if argv[:1] == ["last"]:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ["GURKA_HOME"] = tempfile.mkdtemp(prefix="gurka-pace-")
        return bench_last(argv[1:])
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 40.0
    speed = argv[argv.index("--speed") + 1] if "--speed" in argv else "normal"
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["GURKA_HOME"] = tempfile.mkdtemp(prefix="gurka-pace-")
    from game.storage.settings import SPEED_FACTORS
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
