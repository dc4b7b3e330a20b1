"""Golden records: seeded games committed as fixtures.  A rules change that alters
any of them shows up here (replay), and so does a change in seeded play (re-simulate)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import load_records, replay

GOLDEN = sorted((Path(__file__).parent / "fixtures" / "golden").glob("*.jsonl"))
GURKA_GOLDEN = [p for p in GOLDEN if not p.name.startswith("durak")]


@pytest.mark.parametrize("path", GURKA_GOLDEN, ids=lambda p: p.stem)
def test_golden_records_replay(path):
    """(The Durak golden records replay in test_durak_golden.py, with their session chain.)"""
    for record in load_records(path.read_text()):
        state = replay(record)
        assert state.is_over()
        assert state.events == record["events"]


@pytest.mark.parametrize("path", GURKA_GOLDEN, ids=lambda p: p.stem)
def test_same_seed_same_records(path, tmp_path):
    records = load_records(path.read_text())
    first = records[0]
    cmd = [sys.executable, "-m", "game", "simulate", "--rules", first["rules"],
           "--players", str(len(first["players"])), "--games", str(len(records)),
           "--seed", str(first["seed"]), "--seats", "ai:random", "--out", str(tmp_path / "o.jsonl")]
    preset = __import__("game.engine.registry", fromlist=["find_ruleset"]).find_ruleset(first["rules"]).options
    for key, value in first["options"].items():
        if preset[key] != value:
            cmd += ["--option", f"{key}={json.dumps(value) if not isinstance(value, str) else value}"]
    subprocess.run(cmd, check=True, capture_output=True)
    again = load_records((tmp_path / "o.jsonl").read_text())
    assert again == records
