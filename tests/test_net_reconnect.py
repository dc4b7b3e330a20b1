"""A joiner killed with SIGKILL in the middle of a trick starts again, takes its seat back with
the token kept in its user folder, catches up, and the game ends normally."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import pytest
from net_helpers import received, start_host, start_joiner, trace_lines

from game.engine import replay


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_joiner_killed_mid_trick_rejoins_and_the_game_ends(tmp_path):
    host, port = start_host(tmp_path, "gurka-se", 3, "net,ai:easy,net", "--seed", "5")
    anna = start_joiner(tmp_path, port, "Anna")
    bo = start_joiner(tmp_path, port, "Bo")
    trace = tmp_path / "Bo.trace"
    killed_at = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and killed_at is None:
        if trace.exists():
            try:
                seat, events, _ = received(trace_lines(trace))
            except (ValueError, AssertionError):      # a line being written
                seat, events = None, []
            if len(events) > 12 and events[-1]["type"] == "play":
                os.kill(bo.pid, signal.SIGKILL)       # mid-trick: a card is on the table
                killed_at = len(events)
        time.sleep(0.003)
    bo.wait(10)
    assert killed_at is not None and bo.returncode == -signal.SIGKILL
    kept = json.loads((tmp_path / "home-Bo" / "net_seats.json").read_text())
    assert list(kept.values())[0]["seat"] == seat
    time.sleep(0.5)
    assert "Bo lost the connection" in (tmp_path / "host.log").read_text()
    os.rename(trace, tmp_path / "Bo-first.trace")
    again = start_joiner(tmp_path, port, "Bo")
    out, err = again.communicate(timeout=90)
    assert again.returncode == 0, err
    assert host.wait(60) == 0
    anna.communicate(timeout=30)
    assert anna.returncode == 0
    assert "Bo is back" in (tmp_path / "host.log").read_text()
    record = json.loads((tmp_path / "host.jsonl").read_text())
    state = replay(record)
    assert state.is_over()
    seat2, events2, _ = received(trace_lines(tmp_path / "Bo.trace"))
    assert seat2 == seat                                   # its own seat back
    assert events2 == state.view(seat)["events"]           # caught up from the start
    assert json.loads((tmp_path / "Bo.jsonl").read_text()) == record
