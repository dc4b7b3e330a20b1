"""Durak golden records (tests/fixtures/golden/durak-*.jsonl, made with
``python -m game simulate --rules durak ... --seats ai:random``): they replay,
and the same seed still plays the same session."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import load_records, replay
from game.engine.registry import find_ruleset

GOLDEN = sorted((Path(__file__).parent / "fixtures" / "golden").glob("durak-*.jsonl"))


def test_there_are_durak_golden_records():
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_durak_golden_replays_and_sessions_chain(path):
    records = load_records(path.read_text())
    for i, record in enumerate(records):
        state = replay(record)
        assert state.is_over() and state.events == record["events"]
        assert record["game"] == i + 1
        if i:
            prev = records[i - 1]["events"][-1]
            deal = record["events"][0]
            if prev["loser"] is not None:
                assert deal["dealer"] == prev["loser"]
            elif prev["losing_team"] is not None:
                assert deal["dealer"] in prev["losing_team"]
            else:
                assert deal["dealer"] == records[i - 1]["events"][0]["dealer"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_durak_same_seed_same_records(path, tmp_path):
    records = load_records(path.read_text())
    first = records[0]
    cmd = [sys.executable, "-m", "game", "simulate", "--rules", "durak",
           "--players", str(len(first["players"])), "--games", str(len(records)),
           "--seed", str(first["seed"]), "--seats", "ai:random", "--out", str(tmp_path / "o.jsonl")]
    for k, v in first["options"].items():
        if find_ruleset("durak").options[k] != v:
            cmd += ["--option", f"{k}={v if isinstance(v, str) else json.dumps(v)}"]
    subprocess.run(cmd, check=True, capture_output=True)
    assert load_records((tmp_path / "o.jsonl").read_text()) == records
