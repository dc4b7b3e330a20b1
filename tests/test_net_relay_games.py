"""Whole games through a relay, every side in a process of its own (the headless commands): a
host with ``--relay`` prints its invitation, two joiners join by it and play to the end.  The
records replay, each joiner saw its own seat's view only, and the relay — which forwards every
byte — saw no card, no name and no protocol word in clear (issue 62)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
from net_helpers import env, leaks, received, trace_lines
from relay_helpers import RelayThread

from game.engine import replay

GAMES = {
    "durak-2v2": ("durak", 4, "net,ai:easy,net,ai:easy", ["--option", "teams=2v2"]),
    "gurka-se": ("gurka-se", 3, "ai:easy,net,net", ["--option", "limit=15"]),
}
NAMES = ("Sigríður", "Åsa")


def start_relayed_host(folder, relay_port, rules, players, seats, extra):
    log = open(folder / "host.log", "wb")   # noqa: SIM115 - the process writes it
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--rules", rules, "--players", str(players), "--seats", seats,
         "--port", "0", "--address", "127.0.0.1", "--out", str(folder / "host.jsonl"), "--name", "Gunnhildur",
         "--seed", "11", "--lost-wait", "5", "--relay", f"127.0.0.1:{relay_port}", *extra],
        stdout=log, stderr=subprocess.STDOUT, env=env(folder / "host-home"), cwd=folder)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        text = (folder / "host.log").read_text(encoding="utf-8")
        m = re.search(r"^(gurka://\S+)$", text, re.M)
        if m:
            return proc, m.group(1), text
        if proc.poll() is not None:
            raise AssertionError(f"the host ended: {text}")
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the host printed no invitation")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    relay = RelayThread(capture=True)
    runs = {}
    try:
        for key, (rules, players, seats, extra) in GAMES.items():
            folder = tmp_path_factory.mktemp(key)
            host, invitation, text = start_relayed_host(folder, relay.port, rules, players, seats, extra)
            joiners = []
            for name in NAMES:
                home = folder / f"home-{name}"
                home.mkdir()
                joiners.append(subprocess.Popen(
                    [sys.executable, "-m", "game", "join", invitation, "--name", name, "--play", "ai:easy",
                     "--out", str(folder / f"{name}.jsonl"), "--trace", str(folder / f"{name}.trace")],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(home), cwd=folder))
            runs[key] = (folder, host, joiners, invitation)
        results = {}
        for key, (folder, host, joiners, invitation) in runs.items():
            try:
                host_rc = host.wait(180)
                outs = [j.communicate(timeout=60) for j in joiners]
            except subprocess.TimeoutExpired:
                for p in (host, *joiners):
                    p.kill()
                raise
            results[key] = (folder, host_rc, [j.returncode for j in joiners], outs, invitation)
        return results, relay.captured(), relay.figures()
    finally:
        relay.close()


@pytest.mark.parametrize("key", list(GAMES))
def test_a_whole_game_through_the_relay(played, key):
    results, _seen, figures = played
    folder, host_rc, joiner_rcs, outs, invitation = results[key]
    log = (folder / "host.log").read_text(encoding="utf-8")
    assert host_rc == 0, log
    assert joiner_rcs == [0, 0], outs
    assert "the relay 127.0.0.1" in log and "has the table" in log
    record = json.loads((folder / "host.jsonl").read_text(encoding="utf-8"))
    state = replay(record)
    assert state.is_over()
    assert sorted(p["name"] for p in record["players"] if p["seat"] == "net") == sorted(NAMES)
    check = subprocess.run([sys.executable, "-m", "game", "replay", str(folder / "host.jsonl")],
                           capture_output=True, text=True, env=env(), timeout=60)
    assert check.returncode == 0 and "OK" in check.stdout, check.stderr
    for name in NAMES:
        assert json.loads((folder / f"{name}.jsonl").read_text(encoding="utf-8")) == record
        seat, events, before_end = received(trace_lines(folder / f"{name}.trace"))
        assert events == state.view(seat)["events"]
        assert leaks(record, seat, before_end) == []
    assert figures["paired"] >= 4


def test_the_relay_saw_nothing_of_the_games_in_clear(played):
    results, seen, _figures = played
    assert len(seen) > 50_000                    # whole games went through it
    for folder, *_rest, invitation in results.values():
        record = json.loads((folder / "host.jsonl").read_text(encoding="utf-8"))
        # (two to four random bytes turn up in so much ciphertext by chance: the words are longer)
        words = [p["name"] for p in record["players"] if len(p["name"].encode()) >= 4]
        words += ["Gunnhildur", "gurka-net", '"type":', '"cards":[', "welcome", '"update"']
        for word in words:
            assert word.encode("utf-8") not in seen, word
        deal = next(ev for ev in record["events"] if ev["type"] == "deal")
        for hand in deal["hands"]:              # each hand as the deal names it to its seat
            assert len(hand) >= 2
            assert json.dumps(hand[:2], separators=(",", ":"))[:-1].encode() not in seen, hand
        assert invitation.rsplit("/", 1)[1].encode() not in seen
