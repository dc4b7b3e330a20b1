"""Helpers of the network tests: headless hosts and joiners in their own processes (on
127.0.0.1 only), their transcripts, and what a seat may know of a record at each event."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(rb'"([2-9TJQKA][CDHS])"')


def env(home: Path | None = None) -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    if home is not None:
        e["GURKA_HOME"] = str(home)
    return e


def start_host(folder: Path, rules: str, players: int, seats: str, *extra: str,
               code: str = "1234") -> tuple[subprocess.Popen, int]:
    """A headless host on 127.0.0.1 (any free port); (process, port) once it listens."""
    log = open(folder / "host.log", "wb")   # noqa: SIM115 - the process writes it
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--rules", rules, "--players", str(players), "--seats",
         seats, "--port", "0", "--address", "127.0.0.1", "--code", code, "--out",
         str(folder / "host.jsonl"), "--name", "Host", *extra],
        stdout=log, stderr=subprocess.STDOUT, env=env(folder / "host-home"), cwd=folder)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        text = (folder / "host.log").read_text()
        m = re.search(r"127\.0\.0\.1:(\d+)", text)
        if m:
            return proc, int(m.group(1))
        if proc.poll() is not None:
            raise AssertionError(f"the host ended: {text}")
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the host did not open its table")


def start_joiner(folder: Path, port: int, name: str, play: str = "ai:easy", *extra: str,
                 code: str = "1234") -> subprocess.Popen:
    home = folder / f"home-{name}"
    home.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "game", "join", f"127.0.0.1:{port}", "--name", name, "--code", code,
         "--play", play, "--out", str(folder / f"{name}.jsonl"), "--trace", str(folder / f"{name}.trace"),
         *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(home), cwd=folder)


def trace_lines(path: Path) -> list[bytes]:
    return [line for line in path.read_bytes().split(b"\n") if line.strip()]


def received(lines: list[bytes]) -> tuple[int, list[dict], list[tuple[bytes, int]]]:
    """(seat, the events received, every line before the end with the number of events
    received once it had come)."""
    seat = None
    events: list[dict] = []
    before_end = []
    for line in lines:
        msg = json.loads(line)
        if msg["type"] == "welcome":
            seat = msg["seat"]
        if msg["type"] == "end":
            break
        if msg["type"] == "update":
            assert msg["from"] == len(events)
            events.extend(msg["events"])
        before_end.append((line, len(events)))
    return seat, events, before_end


def known_cards(record: dict, seat: int) -> list[set]:
    """known[k]: the cards ``seat`` may know once the first k events have happened: its own
    cards (dealt, drawn, exchanged for) and what the rules show everyone (Gurka: a card
    played; Durak: a card played, swapped, shown as the first game's lowest trump, the trump
    card, a card laid or a trump shown to pass the attack on).  Written from the rules, independently of the engine's views."""
    known: set = {v for v in record["options"].values() if isinstance(v, str)}   # e.g. top_card 6C
    out = [set(known)]
    durak = "trump" in next((e for e in record["events"] if e["type"] == "deal"), {})
    for ev in record["events"]:
        t = ev["type"]
        if t == "deal":
            known |= set(ev["hands"][seat] or [])
            if durak:
                known.add(ev["trump"])
                if record.get("game", 1) == 1:
                    trump = ev["trump"][1]
                    order = "6789TJQKA"
                    trumps = [c for h in ev["hands"] for c in h if c[1] == trump]
                    if trumps:
                        known.add(min(trumps, key=lambda c: order.index(c[0])))
        elif t in ("play", "attack"):
            known |= set(ev["cards"])
        elif t == "defend":
            known |= {ev["attack"], ev["card"]}
        elif t == "transfer":            # transfer Durak: a card laid, or a trump shown to all
            known.add(ev["card"])
        elif t == "swap":
            known.add("6" + next(e for e in record["events"] if e["type"] == "deal")["trump"][1])
        elif t == "exchange" and ev["player"] == seat:
            known |= set(ev["draw"])
        elif t == "draw" and ev["player"] == seat:
            known |= set(ev["cards"])
        out.append(set(known))
    return out


def leaks(record: dict, seat: int, lines: list[tuple[bytes, int]]) -> list[str]:
    """Every card named in a line sent to ``seat`` before the end that the seat could not
    know by then; and any line naming the seed."""
    known = known_cards(record, seat)
    found = []
    for line, count in lines:
        if b'"seed"' in line:
            found.append("the seed")
        for m in CARD.finditer(line):
            card = m.group(1).decode()
            if card not in known[count]:
                found.append(f"{card} in {line[:120]!r}")
    return found
