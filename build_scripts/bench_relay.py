"""``bench.py relay``: how many tables one relay process holds, and what it adds to a message's way.

    python build_scripts/bench.py relay [--tables 2000] [--joiners 3] [--seconds 60] [--move 1.0]

The relay runs as players run it (``python -m game relay``, a process of its own).  A load
process (this file's ``load`` command, on the other core) opens every table as the game does
through a relay: per table a host's control connection, and per joiner the joiner's connection
and the host's accepted one, each table from an address of its own (127.1.x.y: a home each).
Then every table plays the real message mix of a game, replayed from a recorded game's
messages (:func:`message_mix`): a move every ``--move`` seconds (each table at its own moment),
the host's update to each joiner of the size the protocol gives that move plus TLS's 22 bytes a
record, each joiner's ``seen`` answer, a joiner's ``act`` on its turn.  Every message carries
the time it was sent; its receiver notes how long it took.

The same load then runs without the relay (each joiner connected straight to its host, in
the load process): the relay-added latency is the difference of the two runs' percentiles.
Printed: tables and connections held, messages a second, end-to-end latency (median, p95, p99)
with and without the relay, the relay's CPU share and resident memory.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: TLS 1.3's bytes on every record (header 5, content type 1, AEAD tag 16)
TLS_RECORD = 22
SEEN_BYTES = len(b'{"type":"seen","events":123}\n') + TLS_RECORD
ACT_BYTES = len(b'{"type":"act","id":12,"at":123,"action":{"type":"play","cards":["QH"]}}\n') + TLS_RECORD


def message_mix(rules: str = "durak", players: int = 4, seed: int = 5) -> list[int]:
    """The sizes of a host's updates to one joiner in a real game, one per move (the events of a
    move in that seat's view, with its turn and legal actions, as the protocol encodes them)."""
    from game.ai.seats import make_player
    from game.engine import new_game
    from game.net import protocol as P
    options = {"teams": "2v2"} if rules == "durak" and players == 4 else {}
    state = new_game(rules, [{"name": f"Player {i}", "seat": "ai:easy"} for i in range(players)], options,
                     seed=seed)
    bots = [make_player("ai:easy", seed=seed + i) for i in range(players)]
    sizes = []
    seat = 1
    sent = 0
    while not state.is_over():
        actor = state.to_act()
        state.apply(bots[actor].choose(state.view(actor), state.legal_actions()))
        events = state.view(seat)["events"]
        to_act = state.to_act()
        legal = state.legal_actions() if to_act == seat else []
        sizes.append(len(P.encode(P.update(sent, events[sent:], to_act, legal, None))) + TLS_RECORD)
        sent = len(events)
    return sizes


# -- the load process ------------------------------------------------------------------------------

class Side(asyncio.Protocol):
    """One end of a pipe in the load: sends stamped lines, notes the delay of each it receives."""

    __slots__ = ("transport", "buf", "delays", "first", "on_line", "measuring", "queue")

    def __init__(self, delays: list, measuring: list):
        self.transport = None
        self.buf = b""
        self.delays = delays
        self.measuring = measuring
        self.first: asyncio.Future | None = None
        self.on_line = None
        #: a control connection's lines after its first (the relay's join notices)
        self.queue: asyncio.Queue | None = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.buf += data
        while True:
            nl = self.buf.find(b"\n")
            if nl < 0:
                return
            line, self.buf = self.buf[:nl], self.buf[nl + 1:]
            if self.first is not None and not self.first.done():
                self.first.set_result(line)
                continue
            if self.queue is not None:
                self.queue.put_nowait(line)
                continue
            if line[:1] == b"t":
                sent = int(line[1:line.index(b" ")])
                if self.measuring[0]:
                    self.delays.append(time.perf_counter_ns() - sent)
                if self.on_line is not None:
                    self.on_line(line)

    def send(self, size: int, kind: bytes = b"u") -> None:
        head = b"t%d %s " % (time.perf_counter_ns(), kind)
        self.transport.write(head + b"x" * max(0, size - len(head) - 1) + b"\n")


async def _connect(loop, port: int, source: str, delays, measuring, line: bytes | None):
    side = Side(delays, measuring)
    side.first = loop.create_future()
    await loop.create_connection(lambda: side, "127.0.0.1", port, local_addr=(source, 0))
    if line is not None:
        side.transport.write(line)
    return side


async def _open_table(loop, i: int, port: int, joiners: int, relay: bool, delays, measuring, server_sides):
    """A table's connections; [(host side, joiner side), ...]."""
    source = f"127.1.{i // 250}.{i % 250 + 1}"
    room = f"{i:016x}"
    pairs = []
    if relay:
        control = await _connect(loop, port, source, delays, measuring, f"gurka-relay/1 host {room} {room}\n".encode())
        assert await asyncio.wait_for(control.first, 60) == b"ok"
        notices: asyncio.Queue = asyncio.Queue()
        control.queue = notices
        for _j in range(joiners):
            joiner = await _connect(loop, port, source, delays, measuring, f"gurka-relay/1 join {room}\n".encode())
            words = (await asyncio.wait_for(notices.get(), 60)).split()
            while words[0] != b"join":          # a ping
                words = (await asyncio.wait_for(notices.get(), 60)).split()
            host = await _connect(loop, port, source, delays, measuring,
                                  f"gurka-relay/1 accept {room} ".encode() + words[1] + b"\n")
            host.first = None
            assert await asyncio.wait_for(joiner.first, 60) == b"ok"
            joiner.first = None
            pairs.append((host, joiner))
    else:
        for _j in range(joiners):
            joiner = await _connect(loop, port, source, delays, measuring, None)
            joiner.first = None
            host = await asyncio.wait_for(server_sides.get(), 60)
            pairs.append((host, joiner))
    return pairs


async def _load(args) -> dict:
    loop = asyncio.get_running_loop()
    delays: list[int] = []
    measuring = [False]
    mix = json.loads(args.mix)
    server_sides: asyncio.Queue = asyncio.Queue()
    server = None
    port = args.port
    if not args.relay:            # the baseline: each joiner straight to its host, in this process
        def accepted():
            side = Side(delays, measuring)
            loop.call_soon(server_sides.put_nowait, side)
            return side
        server = await loop.create_server(accepted, "127.0.0.1", 0, backlog=4096)
        port = server.sockets[0].getsockname()[1]
    tables = []
    t0 = time.monotonic()
    for i in range(args.tables):
        tables.append(await _open_table(loop, i, port, args.joiners, args.relay, delays, measuring, server_sides))
    opened = time.monotonic() - t0
    rng = random.Random(1)
    sent = [0]

    def wire(pairs):
        for _host, joiner in pairs:      # a joiner answers every update with its seen
            joiner.on_line = lambda line, j=joiner: (j.send(SEEN_BYTES, b"s"), sent.__setitem__(0, sent[0] + 1))

    async def play(pairs, start: float):
        await asyncio.sleep(start)
        move = rng.randrange(len(mix))
        while True:
            size = mix[move % len(mix)]
            for host, _joiner in pairs:
                host.send(size)
            sent[0] += len(pairs)
            if move % 4 == 0:            # one of them acts
                pairs[move % len(pairs)][1].send(ACT_BYTES, b"a")
                sent[0] += 1
            move += 1
            await asyncio.sleep(args.move * (0.8 + 0.4 * rng.random()))
    for pairs in tables:
        wire(pairs)
    tasks = [asyncio.ensure_future(play(p, rng.random() * args.move)) for p in tables]
    await asyncio.sleep(args.warmup)
    measuring[0] = True
    delays.clear()
    sent[0] = 0
    began = time.monotonic()
    print("measuring", flush=True)
    await asyncio.sleep(args.seconds)
    measuring[0] = False
    took = time.monotonic() - began
    for t in tasks:
        t.cancel()
    ms = sorted(d / 1e6 for d in delays)
    out = {"tables": args.tables, "connections": args.tables * (1 + 2 * args.joiners) if args.relay
           else args.tables * 2 * args.joiners, "opened_s": round(opened, 1),
           "messages_per_s": round(len(ms) / took), "sent_per_s": round(sent[0] / took),
           "p50_ms": _pct(ms, 50), "p95_ms": _pct(ms, 95), "p99_ms": _pct(ms, 99), "max_ms": round(ms[-1], 2)}
    if server is not None:
        server.close()
    return out


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    return round(values[min(len(values) - 1, int(len(values) * p / 100))], 2)


def _raise_files(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, n), hard))


def load_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="bench_relay.py load")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--relay", action="store_true")
    ap.add_argument("--tables", type=int, default=2000)
    ap.add_argument("--joiners", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--warmup", type=float, default=5)
    ap.add_argument("--move", type=float, default=1.0)
    ap.add_argument("--mix", required=True)
    args = ap.parse_args(argv)
    _raise_files(65536)
    print(json.dumps(asyncio.run(_load(args))), flush=True)
    return 0


# -- the driver -----------------------------------------------------------------------------------

def _proc_figures(pid: int) -> tuple[float, float]:
    """(resident MB, CPU seconds so far) of a process."""
    rss = 0.0
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / tick


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run_load(args, mix: list[int], relay_port: int | None, relay_pid: int | None) -> dict:
    cmd = [sys.executable, __file__, "load", "--tables", str(args.tables), "--joiners", str(args.joiners),
           "--seconds", str(args.seconds), "--move", str(args.move), "--mix", json.dumps(mix)]
    if relay_port is not None:
        cmd += ["--relay", "--port", str(relay_port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    cpu0 = None
    rss_peak = 0.0
    out = None
    for line in proc.stdout:
        if line.startswith("measuring") and relay_pid is not None:
            rss, cpu0 = _proc_figures(relay_pid)
            t0 = time.monotonic()
        elif line.startswith("{"):
            out = json.loads(line)
            if relay_pid is not None and cpu0 is not None:
                rss_peak, cpu1 = _proc_figures(relay_pid)
                out["relay_cpu_share"] = round((cpu1 - cpu0) / (time.monotonic() - t0), 3)
                out["relay_rss_mb"] = round(rss_peak, 1)
    proc.wait()
    if out is None:
        raise SystemExit("the load process gave no figures")
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["load"]:
        return load_main(argv[1:])
    ap = argparse.ArgumentParser(prog="bench.py relay")
    ap.add_argument("--tables", type=int, default=2000)
    ap.add_argument("--joiners", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--move", type=float, default=1.0, help="seconds between a table's moves")
    args = ap.parse_args(argv)
    _raise_files(65536)
    mix = message_mix()
    print(f"message mix: {len(mix)} moves of a Durak 2 v 2 game, updates of {min(mix)}-{max(mix)} bytes "
          f"(median {statistics.median(mix):.0f}), seen {SEEN_BYTES}, act {ACT_BYTES}", flush=True)
    port = _free_port()
    relay = subprocess.Popen([sys.executable, "-m", "game", "relay", "--address", "127.0.0.1", "--port", str(port),
                              "--max-tables", str(args.tables + 100)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        relay.stdout.readline()
        rss_idle, _cpu = _proc_figures(relay.pid)
        through = _run_load(args, mix, port, relay.pid)
    finally:
        relay.terminate()
        relay.wait(10)
    direct = _run_load(args, mix, None, None)
    print(f"relay, idle: {rss_idle:.1f} MB resident")
    for name, f in (("through the relay", through), ("straight (no relay)", direct)):
        extra = (f", relay CPU {f['relay_cpu_share'] * 100:.0f} % of a core, {f['relay_rss_mb']} MB resident"
                 if "relay_rss_mb" in f else "")
        print(f"{name}: {f['tables']} tables, {f['connections']} connections (opened in {f['opened_s']} s), "
              f"{f['messages_per_s']:,} messages/s received; latency median {f['p50_ms']} ms, "
              f"p95 {f['p95_ms']} ms, p99 {f['p99_ms']} ms, worst {f['max_ms']} ms{extra}")
    added = {p: round(through[p] - direct[p], 2) for p in ("p50_ms", "p95_ms", "p99_ms")}
    print(f"relay-added latency: median {added['p50_ms']} ms, p95 {added['p95_ms']} ms, p99 {added['p99_ms']} ms")
    per_table_kb = (through["relay_rss_mb"] - rss_idle) * 1024 / max(1, args.tables)
    print(f"memory a table: {per_table_kb:.0f} KB; CPU a table: "
          f"{through['relay_cpu_share'] * 100 / max(1, args.tables):.4f} % of a core")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
