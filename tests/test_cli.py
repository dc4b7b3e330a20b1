"""The simulate / replay command line."""

import json
import subprocess
import sys
from pathlib import Path

FIX = Path(__file__).parent / "fixtures" / "shared"


def run(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True)


def test_simulate_then_replay(tmp_path):
    out = tmp_path / "g.jsonl"
    r = run("simulate", "--rules", "agurk-dk", "--option", "lives=3", "--players", "4",
            "--games", "2", "--seed", "5", "--seats", "ai:random", "--out", str(out))
    assert r.returncode == 0, r.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and [json.loads(x)["game"] for x in lines] == [1, 2]
    assert json.loads(lines[0])["options"]["lives"] == 3
    r = run("replay", str(out))
    assert r.returncode == 0 and "game 2" in r.stdout


def test_replay_refuses_a_broken_record_naming_the_event():
    r = run("replay", str(FIX / "illegal" / "00-gurka-se-event196.json"))
    assert r.returncode == 1
    assert "game 1, event 196" in r.stderr
    assert "Traceback" not in r.stderr


def test_replay_of_garbage_is_a_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = run("replay", str(bad))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_bad_options_are_a_message(tmp_path):
    r = run("simulate", "--rules", "agurk-dk", "--players", "8", "--option", "hand_size=7",
            "--games", "1", "--seats", "ai:random", "--out", str(tmp_path / "x.jsonl"))
    assert r.returncode == 2 and "at most" in r.stderr
    r = run("simulate", "--rules", "gurka-se", "--option", "nope=1", "--players", "4",
            "--seats", "ai:random", "--out", str(tmp_path / "x.jsonl"))
    assert r.returncode == 2 and "no option" in r.stderr


def test_simulate_with_hard_is_reproducible(tmp_path):
    outs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.jsonl"
        r = run("simulate", "--rules", "gurka-is", "--players", "2", "--games", "1", "--seed", "4",
                "--seats", "ai:hard,ai:easy", "--out", str(out))
        assert r.returncode == 0, r.stderr
        outs.append(out.read_text())
    assert outs[0] == outs[1]
