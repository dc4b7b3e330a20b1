"""``bench.py ui``: frame times of the real table, start-up against a bare pygame window.

    python build_scripts/bench.py ui [--seconds S] [--sizes 1024x640,1920x1080,3840x2160]
                                     [--whole] [--no-xvfb]

For each window size: an 8-seat Danish Agurk table of AI seats animating at normal speed
(dummy video driver), every frame's events + update + draw timed (no flip), reported as
p50 / p95 / worst in ms and in *full-window copies* (one blit of an opaque window-sized
surface, measured in the same run, so the ratios hold on any machine).  Frame times are the
main thread's CPU time (``time.thread_time``): on a shared, loaded machine wall time also
counts the moments the OS gave the core to someone else; the worst frame
after the first deal; the CPU share while animating (paced at 60 frames a second) and
while idle (the table waiting for the human). Then start to an interactive menu against
a bare pygame window's first frame (median of 7, side by side; with the dummy driver and,
when ``Xvfb`` is installed, in real X11 windows: ``--startup-only`` measures just that), and, on Xvfb,
the frame rate on a real display at 1920x1080 and 3840x2160 and the flip's share of a frame.
``--whole`` plays a whole game at fast speed and reports its worst frame against p95.

Then the table as a player has it (:func:`player_table`): 8 seats of Danish Agurk with its
own options, the player's own seat among them (its cards face up in the fan, played by the
bench the moment it is their turn, so the table never stands still), opened from the menu as
the game opens it (the card painter running, the menu's table surface drawn), at 3840x2160
unless ``--sizes`` says otherwise: every frame after the table's first one timed whole
(events, update, drawing and showing it), in the main thread's CPU time and in wall time, as
p95 and worst in full-window copies; the goal is p95 <= 2.5 and worst <= 8 copies in CPU time.
The table's first frame (opening it, like a new window size) is printed apart.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((1024, 640), (1920, 1080), (3840, 2160))
BARE = ("import pygame, sys; pygame.init(); s = pygame.display.set_mode((1280, 800)); "
        "s.fill((30, 90, 60)); pygame.display.flip(); print('drawn', flush=True)")


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _app(size, human: bool, speed: str = "normal"):
    import pygame

    from game.ui.app import App
    pygame.init()
    app = App(size=size, lang="en")
    app.settings.speed = speed
    players = [{"name": f"P{i}", "seat": "human" if (human and i == 0) else "ai:easy"} for i in range(8)]
    table = app.nav.push("table", rules="agurk-dk", players=players, options={"hand_size": 6}, seed=11)
    return app, table


#: the player's table: p95 and worst frame in full-window copies (CPU time), at most
PLAYER_GOAL = (2.5, 8.0)


def player_table(size, seconds: float) -> dict:
    """The 8-seat Danish Agurk table as a player has it (see the module's text): the frames
    after its first one, in CPU time and wall time, and the first one apart."""
    import pygame

    from game.ui import cards
    from game.ui.app import App
    pygame.init()
    app = App(size=size, lang="da")
    app.settings.speed = "normal"
    app.nav.push("menu")
    app.step([], 1000 / 60)
    app.present()
    cards.painter().ready()              # as the game does once its first screen is shown
    players = [{"name": f"P{i}", "seat": "human" if i == 0 else "ai:easy"} for i in range(8)]
    table = app.nav.push("table", rules="agurk-dk", players=players, seed=11)
    clock = pygame.time.Clock()
    cpu, wall = [], []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.running:
        c, t = time.thread_time(), time.perf_counter()
        app.step([], 1000 / 60)
        if app.drew:
            app.present()
        cpu.append((time.thread_time() - c) * 1000)
        wall.append((time.perf_counter() - t) * 1000)
        top = app.manager.top
        if top is not table and top.route == "scoreboard":
            top.go()
        elif top is table and table.flow.held():
            table.flow.go_on()
        elif top is table and table.my_turn():
            legal = table.legal()
            if legal:
                table.do(legal[0])
        clock.tick(60)
    copy = _copy_ms(app.screen)
    app.shutdown()
    pygame.quit()
    first_cpu, first_wall = cpu.pop(0), wall.pop(0)
    return {"frames": len(cpu), "copy": copy, "first": first_cpu, "first_wall": first_wall,
            "p95": _pct(cpu, 0.95), "worst": max(cpu), "p95_wall": _pct(wall, 0.95), "worst_wall": max(wall),
            "over": sum(ms > 1000 / 60 for ms in wall)}


def report_player_table(size, seconds: float) -> dict:
    r = player_table(size, seconds)
    cp = r["copy"]
    goal = r["p95"] / cp <= PLAYER_GOAL[0] and r["worst"] / cp <= PLAYER_GOAL[1]
    print(f"{size[0]:>5}x{size[1]:<4} {r['frames']:>7} {r['p95']:>7.2f} {r['worst']:>7.1f} {cp:>8.2f} "
          f"{r['p95'] / cp:>7.2f} {r['worst'] / cp:>8.2f} {r['p95_wall'] / cp:>8.2f} {r['worst_wall'] / cp:>9.2f} "
          f"{r['first'] / cp:>7.1f}  {'met' if goal else 'NOT met'}")
    return r


def player_tables(sizes, seconds: float) -> None:
    print(f"the table as a player has it: 8-seat agurk-dk (its own options), the player's seat "
          f"among them, opened from the menu, {seconds:.0f} s; frames after the first, whole "
          f"(events, update, draw, show)")
    print(f"{'window':>10} {'frames':>7} {'p95 ms':>7} {'worst':>7} {'copy ms':>8} {'p95/cp':>7} {'worst/cp':>8} "
          f"{'wall p95':>8} {'wall worst':>9} {'first':>7}  goal: p95 <= {PLAYER_GOAL[0]}, worst <= "
          f"{PLAYER_GOAL[1]:.0f} copies")
    for size in sizes:
        report_player_table(size, seconds)
    print("cp = one full-window copy in the same run (CPU time; wall: the same frames by the clock on "
          "the wall, in copies); first = the table's first frame, in copies")


def _copy_ms(screen) -> float:
    """One full-window blit of an opaque surface (median of 30)."""
    import pygame
    src = pygame.Surface(screen.get_size()).convert()
    times = []
    for _ in range(30):
        t = time.thread_time()
        screen.blit(src, (0, 0))
        times.append((time.thread_time() - t) * 1000)
    return statistics.median(times)


def animate(size, seconds: float, flip: bool = False) -> dict:
    import pygame
    app, table = _app(size, human=False)
    clock = pygame.time.Clock()
    frames, flips, after_deal = [], [], []
    cpu0, wall0 = time.process_time(), time.perf_counter()
    dealt = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.running:
        t = time.thread_time()
        app.step(pygame.event.get() if flip else [], 1000 / 60)
        ms = (time.thread_time() - t) * 1000
        frames.append(ms)
        if dealt or table.model.trick or table.model.tricks:   # the first deal is over
            dealt = 1
            after_deal.append(ms)
        if app.manager.top is not table and app.manager.top.route == "scoreboard":
            app.manager.top.go()
        if flip and app.drew:
            t = time.perf_counter()
            app.present()
            flips.append((time.perf_counter() - t) * 1000)
        clock.tick(60)
    cpu = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    copy = _copy_ms(app.screen)
    app.shutdown()
    pygame.quit()
    out = {"frames": len(frames), "p50": _pct(frames, 0.5), "p95": _pct(frames, 0.95),
           "worst": max(frames), "worst_after_deal": max(after_deal) if after_deal else float("nan"),
           "copy": copy, "cpu": cpu}
    if flip:
        out["fps"] = len(frames) / seconds
        out["flip_share"] = sum(flips) / max(1e-9, sum(flips) + sum(frames))
    return out


def idle(size, seconds: float = 3.0) -> float:
    """CPU share while the table waits for the human (the app's own frame pacing), once the
    table has drawn its card faces ahead (that takes the first idle frames of a table)."""
    import pygame
    app, table = _app(size, human=True, speed="instant")
    for _ in range(5000):
        app.step([], 16)
        if table.my_turn():
            break
    while table.warmup.step(50.0):   # the card faces drawn ahead in the first idle frames: done
        pass
    clock = pygame.time.Clock()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    end = wall0 + seconds
    while time.perf_counter() < end:
        app.step([], clock.get_time())
        clock.tick(60 if app.manager.needs_redraw() else 20)
    share = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    app.shutdown()
    pygame.quit()
    return share


def whole_game(size) -> dict:
    """A whole game at fast speed: its worst frame after the first deal against its p95."""
    import pygame
    app, table = _app(size, human=False, speed="fast")
    frames = []
    slow = []
    while app.running and not table.finished and len(frames) < 200000:
        shown = table.shown
        t = time.thread_time()
        app.step([], 1000 / 60)
        ms = (time.thread_time() - t) * 1000
        if table.model.deals >= 2 or table.model.tricks:
            frames.append(ms)
            if ms > 4:
                slow.append((round(ms, 1), [e["type"] for e in table.host.state.events[shown:table.shown]],
                             app.manager.top.route))
        top = app.manager.top
        if top is not table and top.route == "scoreboard":
            top.go()
    copy = _copy_ms(app.screen)
    app.shutdown()
    pygame.quit()
    return {"frames": len(frames), "p95": _pct(frames, 0.95), "worst": max(frames), "copy": copy,
            "over": sum(ms > 1000 / 60 for ms in frames), "slowest": sorted(slow, reverse=True)[:5]}


def _time_cmd(cmd, env) -> float:
    """Seconds from starting ``cmd`` to its line saying its first frame is shown (both the
    game and the bare window print one), not to its exit: quitting is no part of starting."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    try:
        for line in proc.stdout:
            if "drawn" in line:
                return time.perf_counter() - t
        raise RuntimeError(f"{cmd[-1]!r} ended without drawing")
    finally:
        proc.stdout.close()
        proc.wait(60)


def startup(runs: int = 7, **env_over: str) -> tuple[float, float]:
    """Start to an interactive menu (its first frame shown) against a bare window's first
    frame, side by side.  Python's compiled
    modules are kept (as in an installed game or the standalone build): a set
    PYTHONDONTWRITEBYTECODE would make every start compile the whole game from source,
    which no player's start does; one start ahead writes them.  ``env_over``: the display
    to start on (:func:`startup_on_xvfb`)."""
    env = dict(os.environ, GURKA_EXIT_AT_MENU="1", GURKA_HOME=tempfile.mkdtemp(),
               PYTHONPATH=str(ROOT), **env_over)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _time_cmd([sys.executable, "-m", "game"], env)
    game, bare = [], []
    for _ in range(runs):
        game.append(_time_cmd([sys.executable, "-m", "game"], env))
        bare.append(_time_cmd([sys.executable, "-c", BARE], env))
    return statistics.median(game), statistics.median(bare)


@contextlib.contextmanager
def _xvfb(display: str, size=(1920, 1080)):
    """An Xvfb display for the block (``display``: ``":97"``)."""
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        yield display
    finally:
        proc.terminate()
        proc.wait(5)


def startup_on_xvfb(runs: int = 7) -> tuple[float, float] | None:
    """:func:`startup` in real X11 windows (Xvfb), where the window's first flip costs what
    it costs a player; None without Xvfb."""
    if not shutil.which("Xvfb"):
        return None
    with _xvfb(":96") as display:
        return startup(runs, DISPLAY=display, SDL_VIDEODRIVER="x11")


def _print_startup(xvfb: bool) -> None:
    game, bare = startup()
    print(f"start to menu: {game * 1000:.0f} ms; bare pygame window: {bare * 1000:.0f} ms; "
          f"ratio {game / bare:.2f} (median of 7, dummy driver)")
    x = startup_on_xvfb() if xvfb else None
    if x is not None:
        print(f"start to menu on Xvfb: {x[0] * 1000:.0f} ms; bare pygame window: {x[1] * 1000:.0f} ms; "
              f"ratio {x[0] / x[1]:.2f} (median of 7)")


def _xvfb_run(seconds: float, size=(1920, 1080)) -> dict | None:
    if not shutil.which("Xvfb"):
        return None
    with _xvfb(":97", size) as display:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", GURKA_HOME=tempfile.mkdtemp(),
                   PYTHONPATH=str(ROOT))
        code = ("import json, sys; sys.path.insert(0, 'build_scripts'); import bench_ui; "
                f"print(json.dumps(bench_ui.animate({tuple(size)}, {seconds}, flip=True)))")
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                             text=True, timeout=seconds + 60)
        lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
        return json.loads(lines[-1]) if lines else None


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("GURKA_HOME", tempfile.mkdtemp())
    sys.path.insert(0, str(ROOT))
    seconds, sizes, whole, xvfb = 12.0, SIZES, False, True
    player_sizes, only = ((3840, 2160),), False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--seconds":
            seconds = float(args.pop(0))
        elif a == "--sizes":
            sizes = player_sizes = tuple(tuple(int(x) for x in s.split("x")) for s in args.pop(0).split(","))
        elif a == "--whole":
            whole = True
        elif a == "--no-xvfb":
            xvfb = False
        elif a == "--player-only":           # the player's table alone (before / after a change)
            only = True
        elif a == "--startup-only":          # start to menu alone, dummy driver and Xvfb
            _print_startup(xvfb)
            return 0
    if only:
        player_tables(player_sizes, seconds)
        return 0
    print(f"8-seat agurk-dk, AI seats, normal speed, {seconds:.0f} s per size (dummy driver, no flip)")
    print(f"{'window':>10} {'frames':>7} {'p50 ms':>7} {'p95 ms':>7} {'worst':>7} {'worst*':>7} "
          f"{'copy ms':>8} {'p95/cp':>7} {'worst*/cp':>9} {'CPU':>5} {'idle':>5}")
    for size in sizes:
        r = animate(size, seconds)
        cpu_idle = idle(size)
        print(f"{size[0]:>5}x{size[1]:<4} {r['frames']:>7} {r['p50']:>7.2f} {r['p95']:>7.2f} "
              f"{r['worst']:>7.1f} {r['worst_after_deal']:>7.1f} {r['copy']:>8.2f} "
              f"{r['p95'] / r['copy']:>7.2f} {r['worst_after_deal'] / r['copy']:>9.2f} "
              f"{r['cpu']:>5.0%} {cpu_idle:>5.1%}")
    print("worst* = worst frame after the first deal; cp = one full-window copy in the same run")
    if whole:
        for size in sizes:
            w = whole_game(size)
            print(f"whole game at fast speed, {size[0]}x{size[1]}: {w['frames']} frames, "
                  f"p95 {w['p95']:.2f} ms, worst {w['worst']:.1f} ms = {w['worst'] / w['p95']:.1f} x p95 "
                  f"= {w['worst'] / w['copy']:.1f} copies; {w['over']} frames over 16.7 ms; "
                  f"slowest: {w['slowest']}")
    print()
    player_tables(player_sizes, seconds)
    _print_startup(xvfb)
    if xvfb:
        for size in ((1920, 1080), (3840, 2160)):
            x = _xvfb_run(min(seconds, 8.0), size)
            if x is None:
                print("Xvfb: not installed (apt-get install xvfb) - no real-window figure")
                break
            print(f"Xvfb {size[0]}x{size[1]} with flips: {x['fps']:.1f} frames/s (paced at 60), flip "
                  f"{x['flip_share']:.0%} of the frame time, p95 {x['p95']:.2f} ms, CPU {x['cpu']:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
