"""A headless host and two headless joiners, each in its own process on 127.0.0.1, play one
whole game of each ruleset (Durak also 2 v 2; transfer Durak with trumps shown): the host's record replays; each joiner got its
own seat's view of every event and nothing more (no card of another hand or of the stock
before the rules show it, no seed), and at the end the same record as the host."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from net_helpers import env, leaks, received, start_host, start_joiner, trace_lines

from game.engine import replay

GAMES = {
    "gurka-se": (3, "net,ai:easy,net", ["--option", "limit=15"]),
    "agurk-dk": (3, "net,net,ai:easy", ["--option", "limit=11"]),
    "agurk-no": (3, "ai:easy,net,net", []),
    "gurka-is": (3, "net,net,ai:easy", ["--option", "limit=14"]),
    "gurka-is7": (3, "net,ai:easy,net", []),
    "durak": (3, "net,ai:easy,net", []),
    "durak-2v2": (4, "net,ai:easy,net,ai:easy", ["--option", "teams=2v2"]),
    "durak-transfer": (3, "net,ai:easy,net", ["--option", "transfer_show=true"]),
}
NAMES = ("Anna", "Bo")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Every game, all at once (each game's three processes talk over loopback only)."""
    runs = {}
    for key, (players, seats, extra) in GAMES.items():
        folder = tmp_path_factory.mktemp(key)
        rules = key.split("-2v2")[0]
        host, port = start_host(folder, rules, players, seats, "--seed", "7", "--lost-wait", "5", *extra)
        joiners = [start_joiner(folder, port, name) for name in NAMES]
        runs[key] = (folder, host, joiners)
    results = {}
    for key, (folder, host, joiners) in runs.items():
        try:
            host_rc = host.wait(120)
            outs = [j.communicate(timeout=60) for j in joiners]
        except subprocess.TimeoutExpired:
            for p in (host, *joiners):
                p.kill()
            raise
        results[key] = (folder, host_rc, [j.returncode for j in joiners], outs)
    return results


@pytest.mark.parametrize("key", list(GAMES))
def test_a_whole_game_over_the_network(played, key):
    folder, host_rc, joiner_rcs, outs = played[key]
    assert host_rc == 0, (folder / "host.log").read_text()
    assert joiner_rcs == [0, 0], outs
    record = json.loads((folder / "host.jsonl").read_text())
    state = replay(record)
    assert state.is_over()
    if key == "durak-transfer":         # attacks passed on, by a joiner too, and a trump shown
        passed = [e for e in record["events"] if e["type"] == "transfer"]
        assert passed and any(record["players"][e["player"]]["seat"] == "net" for e in passed), passed
    assert sorted(p["name"] for p in record["players"] if p["seat"] == "net") == sorted(NAMES)
    check = subprocess.run([sys.executable, "-m", "game", "replay", str(folder / "host.jsonl")],
                           capture_output=True, text=True, env=env(), timeout=60)
    assert check.returncode == 0 and "OK" in check.stdout, check.stderr
    for name in NAMES:
        assert json.loads((folder / f"{name}.jsonl").read_text()) == record
        seat, events, before_end = received(trace_lines(folder / f"{name}.trace"))
        assert record["players"][seat]["name"] == name
        assert events == state.view(seat)["events"]       # its own view, event by event
        assert leaks(record, seat, before_end) == []
    # nothing was written but the host's own out file and the joiners' own files
    assert sorted(p.name for p in folder.iterdir() if p.name != "host-home") == sorted(
        ["host.log", "host.jsonl"] + [f"{n}{ext}" for n in NAMES for ext in (".jsonl", ".trace")]
        + [f"home-{n}" for n in NAMES])
    assert not (folder / "host-home").exists() or not any((folder / "host-home").iterdir())
    for name in NAMES:     # a joiner keeps only its reconnect tokens, and forgets this table's at the end
        kept = folder / f"home-{name}" / "net_seats.json"
        assert [p.name for p in (folder / f"home-{name}").iterdir()] == ["net_seats.json"]
        assert json.loads(kept.read_text()) == {}


def test_the_leak_check_finds_a_leak(played):
    """The no-leak check is not blind: another seat's hand in a line before the end is found."""
    folder = played["durak"][0]
    record = json.loads((folder / "host.jsonl").read_text())
    seat, _events, before_end = received(trace_lines(folder / "Anna.trace"))
    other = (seat + 1) % len(record["players"])
    deal = next(e for e in record["events"] if e["type"] == "deal")
    planted = json.dumps({"type": "update", "from": 0, "events": [{"hands": [deal["hands"][other]]}]})
    assert leaks(record, seat, before_end + [(planted.encode(), 1)])
    assert leaks(record, seat, [(b'{"seed":7}', 0)]) == ["the seed"]
