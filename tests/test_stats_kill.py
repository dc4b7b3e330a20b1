"""kill -9 at random moments while a child process writes games: the database opens
and holds every game that was committed before, each one whole (its seats and deals),
and at most the game in flight is lost."""

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.stats import load, open_db

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys
sys.path.insert(0, sys.argv[3])
from stats_helpers import gurka, meta, seats
from game.stats import record_game
run, path = sys.argv[1], sys.argv[2]
print("ready", flush=True)
i = 0
while True:
    players = seats("human", "ai:normal", "ai:hard", "ai:easy", name=f"r{run}g{i}")
    record = gurka(players, [[i % 15, 0, 3, 7]] * (1 + i % 5), [1])
    notice = record_game(record, meta(), path=path)
    if notice:
        print("notice", notice, flush=True)
        sys.exit(3)
    print(f"r{run}g{i}", flush=True)
    i += 1
"""


def committed_lines(proc) -> list[str]:
    out = proc.stdout.read().decode().split()
    return [w for w in out if re.fullmatch(r"r\d+g\d+", w)]     # game names, not "ready"


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_kill_9_loses_at_most_the_game_in_flight(tmp_path):
    rng = random.Random(12)
    path = tmp_path / "stats.sqlite"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    tests = str(Path(__file__).parent)
    promised: list[str] = []
    for run in range(8):
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(run), str(path), tests],
                                stdout=subprocess.PIPE, env=env, cwd=str(tmp_path))
        if run % 3 == 0:
            time.sleep(rng.uniform(0.0, 0.15))     # maybe while it starts or creates the schema
        else:
            assert proc.stdout.readline().strip() == b"ready"
            for _ in range(rng.randint(1, 3)):     # a few games committed first (however slow
                promised.append(proc.stdout.readline().decode().strip())   # the machine is) ...
            time.sleep(rng.uniform(0.0, 0.03))     # ... then the kill, most likely mid-write
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        lines = committed_lines(proc)
        assert not any(w.startswith("notice") for w in lines)
        promised += lines

        opened = open_db(path)
        assert opened.notice is None and opened.aside is None, opened.notice
        names = [r[0] for r in opened.conn.execute(
            "SELECT s.name FROM seats s WHERE s.seat = 0 ORDER BY s.game_id")]
        whole = opened.conn.execute(
            "SELECT COUNT(*) FROM games g WHERE (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) != 4 "
            "OR (SELECT COUNT(*) FROM deals d WHERE d.game_id = g.id) != 4 * g.deals").fetchone()[0]
        opened.conn.close()
        assert whole == 0
        assert set(promised) <= set(names)          # every committed game is there
        assert len(names) <= len(promised) + run + 1   # at most one unconfirmed game per kill
        assert load(path=path).games == len(names)
    assert len(promised) >= 5                        # the kills did land between writes
