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
"""

from __future__ import annotations

import argparse
import socket
import statistics
import threading
import time
from typing import Callable

from game.engine import new_game
from game.net import protocol as P
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
                s.sendall(b"A" * (P.LIMITS.joiner_line * 2))
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


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench.py net")
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--frame", type=float, default=1.0, metavar="MS")
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
    return 0
