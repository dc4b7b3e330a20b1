"""bench.py net: the network table over loopback (127.0.0.1 only).

    python build_scripts/bench.py net [--samples N] [--frame MS]

1. **Action to arrival**: three joiners play Durak (every seat a network seat); each time one
   sends its action, the time until the resulting event has arrived at each of the other two
   (median, p95).  Host and joiners poll every ``--frame`` ms (1: the network's own delay; a
   screen at 60 fps polls every 16.7 ms, and adds up to that).
2. **The host's worst loop iteration while 200 junk connections arrive** (garbage, silence,
   one byte at a time, a line over the limit), with a game going on: the host loop is
   ``poll()`` + the AI step + a frame callback; :func:`host_loop_under_junk` takes the
   callback, so that the table's real frame can be plugged in (the default does nothing).
3. **The host's UI frames, with and without the junk** (:func:`table_frames`): the real host
   table (a :class:`~game.ui.table.scene.TableScene` hosting a network table, dummy video driver,
   normal speed, paced at 60 frames a second as the game's loop is), the table served every
   frame as in the game (the joiners' moves in, the news out, the AI seats), its person
   playing their first legal card; two headless joiners (``python -m game join``) and the
   junk each in a process of their own, as other computers would be.  In one run: a quiet
   stretch, then the same table while 200 junk connections arrive (and are refused or
   dropped), then quiet again; every frame (events + update + draw + flip) timed, wall time
   and the main thread's CPU time.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

from game.engine import new_game
from game.net import protocol
from game.net.client import NetStream
from game.net.server import NetHost
from game.play.host import TableHost


def _table(n_remote: int, n_ai: int = 0, seed: int = 1):
    players = ([{"name": f"J{i}", "seat": "net"} for i in range(n_remote)]
               + [{"name": f"A{i}", "seat": "ai:random"} for i in range(n_ai)])
    state = new_game("durak", players, None, seed=seed)
    from game.play.decider import PlayerDecider
    host = TableHost(state, ["remote"] * n_remote + ["ai"] * n_ai,
                     decider=PlayerDecider(seed) if n_ai else None)
    table = NetHost(host, "Bench", code="1234", address="127.0.0.1", port=0)
    table.open()
    return host, table


def _join(table: NetHost, names) -> list[NetStream]:
    streams = [NetStream("127.0.0.1", table.port, name, "1234") for name in names]
    end = time.monotonic() + 10
    while time.monotonic() < end and not all(s.state == "joined" for s in streams):
        table.poll()
        for s in streams:
            s.poll()
        time.sleep(0.001)
    table.start("ai:random")
    return streams


def action_to_arrival(samples: int, frame_ms: float) -> list[float]:
    """Seconds from a joiner's send to the event's arrival at each other joiner."""
    out: list[float] = []
    seed = 1
    while len(out) < samples:
        host, table = _table(3, seed=seed)
        streams = _join(table, ("Anna", "Bo", "Cy"))
        waiting: list[tuple[NetStream, int, float]] = []
        end = time.monotonic() + 60
        while time.monotonic() < end and not host.is_over() and len(out) < samples:
            table.poll()
            now = time.perf_counter()
            for s in streams:
                s.tick(now, len(s.events), 0)
            still = []
            for s, count, sent in waiting:
                if len(s.events) >= count:
                    out.append(now - sent)
                else:
                    still.append((s, count, sent))
            waiting = still
            if not waiting:
                for s in streams:
                    legal = s.legal_actions()
                    if legal:
                        at = len(s.events)
                        s.send(legal[0])
                        sent = time.perf_counter()
                        waiting = [(o, at + 1, sent) for o in streams if o is not s]
                        break
            time.sleep(frame_ms / 1000.0)
        for s in streams:
            s.close()
        table.close()
        host.close()
        seed += 1
    return out[:samples]


def _junk(port: int, count: int, stop: threading.Event) -> None:
    """``count`` hostile connections at once: garbage, silence, a byte at a time, too long."""
    socks = []
    for i in range(count):
        if stop.is_set():
            break
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
        except OSError:
            continue
        kind = i % 4
        try:
            if kind == 0:
                s.sendall(b"\x00\xffgarbage\n")
            elif kind == 2:
                s.sendall(b"{")
            elif kind == 3:
                s.sendall(b"A" * (protocol.LIMITS.joiner_line * 2))
        except OSError:
            pass
        socks.append(s)
    stop.wait(3.0)
    for s in socks:
        s.close()


def host_loop_under_junk(frame: Callable[[], None] | None = None, connections: int = 200,
                         seconds: float = 4.0) -> dict:
    """The host loop's iteration times (s) while ``connections`` junk connections arrive and
    a game goes on (two joiners, one AI seat)."""
    host, table = _table(2, n_ai=1, seed=3)
    streams = _join(table, ("Anna", "Bo"))
    stop = threading.Event()
    junk = threading.Thread(target=_junk, args=(table.port, connections, stop), daemon=True)
    times: list[float] = []
    end = time.monotonic() + seconds
    junk.start()
    moves = len(host.state.events)
    while time.monotonic() < end:
        t0 = time.perf_counter()
        table.poll()
        host.step(time.monotonic() * 1000.0, 0.0)
        if frame is not None:
            frame()
        times.append(time.perf_counter() - t0)
        for s in streams:            # the joiners are elsewhere in real life: not timed
            s.tick(0, len(s.events), 0)
            legal = s.legal_actions()
            if legal:
                s.send(legal[0])
        time.sleep(0.001)
    stop.set()
    junk.join(5)
    result = {"iterations": len(times), "worst": max(times), "p99": _pct(times, 99),
              "median": statistics.median(times), "refused": table.counts["refused"],
              "dropped": table.counts["dropped"], "events": len(host.state.events) - moves,
              "joined": all(lk.link == "connected" for lk in table.links.values())}
    for s in streams:
        s.close()
    table.close()
    host.close()
    return result


ROOT = Path(__file__).resolve().parent.parent
#: the table of the UI frames: the host plays at this screen, two joiners, the computer
FRAME_PLAYERS = [{"name": "Bo", "seat": "human"}, {"name": "Anna", "seat": "net"},
                 {"name": "Cy", "seat": "net"}, {"name": "Dag", "seat": "ai:easy"}]


def _junk_process(port: int, connections: int) -> subprocess.Popen:
    """The junk from a process of its own (another computer's, in real life): its threads do
    not share the host's interpreter."""
    code = (f"import sys, threading; sys.path.insert(0, {str(ROOT / 'build_scripts')!r}); import bench_net; "
            f"print('junk', flush=True); bench_net._junk({port}, {connections}, threading.Event())")
    return subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT),
                                                                   PYGAME_HIDE_SUPPORT_PROMPT="1"),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _joiner(port: int, code: str, name: str, home: Path) -> subprocess.Popen:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([sys.executable, "-m", "game", "join", f"127.0.0.1:{port}", "--name", name,
                             "--code", code, "--play", "ai:easy", "--wait", "5"],
                            env=dict(os.environ, PYTHONPATH=str(ROOT), GURKA_HOME=str(home)), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def table_frames(seconds: float = 5.0, connections: int = 200, size=(1280, 800)) -> dict:
    """The host table's frames (ms, wall and CPU) in three stretches of one run: ``quiet``,
    ``junk`` (while ``connections`` junk connections arrive, from the first to the junk's
    end and ``seconds`` at least) and ``quiet again``; and what became of the junk."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["GURKA_NET_LOOPBACK"] = "1"          # 127.0.0.1 only, never advertised
    os.environ["GURKA_HOME"] = tempfile.mkdtemp(prefix="gurka-bench-net-")
    import pygame

    from game.ui.app import App
    pygame.init()
    app = App(size=size, lang="en")
    app.settings.speed = "normal"
    table = app.nav.push("table", rules="agurk-dk", players=FRAME_PLAYERS, options={"hand_size": 7}, seed=11)
    server, net = table.stream.net, table.stream.network
    home = Path(os.environ["GURKA_HOME"])
    joiners = [_joiner(server.port, net.code, p["name"], home / p["name"]) for p in FRAME_PLAYERS[1:3]]
    clock = pygame.time.Clock()
    out: dict = {}
    junk = None

    def frame() -> tuple[float, float]:
        t, c = time.perf_counter(), time.thread_time()
        app.step(pygame.event.get(), clock.get_time())
        if app.drew:
            app.present()
        took = ((time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000)
        top = app.manager.top
        if top is not table:
            if type(top).__name__ == "LobbyScene" and not net.waiting_for():
                top.start()                                  # both joiners sat down
            elif getattr(top, "route", "") == "scoreboard":
                top.go()
        elif table.my_turn() and table.stream.legal_actions() and not table.busy():
            table.do(table.stream.legal_actions()[0])
        elif table.timeline.held is not None:
            table.flow.go_on()
        clock.tick(60)
        return took

    try:
        end = time.monotonic() + 30
        while not net.started and time.monotonic() < end:
            frame()
        if not net.started:
            raise RuntimeError("the joiners did not sit down")
        for _ in range(60):                                   # the deal's first second
            frame()
        events0 = len(table.host.state.events)
        for name in ("quiet", "junk", "quiet again"):
            times = []
            if name == "junk":
                refused0, dropped0 = server.counts["refused"], server.counts["dropped"]
                junk = _junk_process(server.port, connections)
                junk.stdout.readline()                        # its connections start now
            end = time.monotonic() + seconds
            while time.monotonic() < end or (junk is not None and junk.poll() is None):
                times.append(frame())
            if name == "junk":
                junk.wait(10)
                for _ in range(30):                           # the last connections close
                    times.append(frame())
                junk = None
                out["junk_refused"] = server.counts["refused"] - refused0
                out["junk_dropped"] = server.counts["dropped"] - dropped0
            wall, cpu = [t[0] for t in times], [t[1] for t in times]
            out[name] = {"frames": len(times), "median": statistics.median(wall), "p95": _pct(wall, 95),
                         "worst": max(wall), "cpu_p95": _pct(cpu, 95), "cpu_worst": max(cpu),
                         "over_frame": sum(w > 1000 / 60 for w in wall)}
        out["events"] = len(table.host.state.events) - events0
        out["seated"] = [s["link"] for s in net.seats()[1:3]]
    finally:
        if junk is not None:
            junk.kill()
        app.manager.clear()
        pygame.quit()
        for j in joiners:
            j.kill()
            j.wait(5)
    return out


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench.py net")
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--frame", type=float, default=1.0, metavar="MS")
    parser.add_argument("--seconds", type=float, default=5.0, help="each stretch of the UI frames")
    args = parser.parse_args(argv)
    lat = action_to_arrival(args.samples, args.frame)
    print(f"action to arrival at the other joiners over loopback, polling every {args.frame:g} ms "
          f"({len(lat)} arrivals): median {statistics.median(lat) * 1000:.2f} ms, "
          f"p95 {_pct(lat, 95) * 1000:.2f} ms, worst {max(lat) * 1000:.2f} ms")
    r = host_loop_under_junk()
    print(f"host loop while 200 junk connections arrive ({r['iterations']} iterations, "
          f"{r['refused']} refused at once, {r['dropped']} dropped): worst {r['worst'] * 1000:.2f} ms, "
          f"p99 {r['p99'] * 1000:.2f} ms, median {r['median'] * 1000:.3f} ms; the game went on "
          f"({r['events']} events), both joiners still seated: {r['joined']}")
    f = table_frames(args.seconds)
    print(f"\nthe host's UI frames (a real host table, dummy video, normal speed, 60 fps; two headless joiners; "
          f"{f['events']} events played meanwhile; joiners {', '.join(f['seated'])}; the junk: "
          f"{f['junk_refused']} refused at once, {f['junk_dropped']} dropped):")
    print(f"{'stretch':<12} {'frames':>6} {'median ms':>9} {'p95 ms':>7} {'worst ms':>8} {'>16.7 ms':>8} "
          f"{'CPU p95':>7} {'CPU worst':>9}")
    for name in ("quiet", "junk", "quiet again"):
        r = f[name]
        print(f"{name:<12} {r['frames']:>6} {r['median']:>9.2f} {r['p95']:>7.2f} {r['worst']:>8.2f} "
              f"{r['over_frame']:>8} {r['cpu_p95']:>7.2f} {r['cpu_worst']:>9.2f}")
    return 0
