"""simulate and replay with hostile arguments and files (issue 13): every refusal is one
line before anything is played or written, and replay ends quickly with bounded memory."""

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIX = Path(__file__).parent / "fixtures"
RECORD = json.loads((FIX / "shared" / "legal").glob("*.json").__next__().read_text())
SAVE = json.loads((FIX / "saves" / "gurka-se-v0.1.json").read_text(encoding="utf-8"))
SIM = ["simulate", "--rules", "gurka-se", "--players", "4", "--seats", "ai:random"]


def run_main(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def _limited():
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def run_limited(*argv, timeout=60):
    """The command line in a process of at most 1 GB, which must end within ``timeout``."""
    return subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout,
                          preexec_fn=_limited if os.name == "posix" else None)


# -- simulate: arguments checked before the first game -------------------------------------------
@pytest.mark.parametrize("extra,reason", [
    (["--games", "0"], "--games must be from 1 to 10,000"),
    (["--games", "-3"], "--games must be from 1 to 10,000"),
    (["--games", "10001"], "--games must be"),
    (["--option", "limit=99999999999999999999999999999"], "limit"),
    (["--option", "limit=1000000"], "from 1 to 1000"),
    (["--option", "nope"], "KEY=VALUE"),
    (["--seed", "9" * 30], "--seed must be"),
    (["--bot-time", "0"], "--bot-time must be"),
    (["--bot-time", "nan"], "--bot-time must be"),
])
def test_simulate_refuses_bad_ranges(tmp_path, capsys, extra, reason):
    out = tmp_path / "g.jsonl"
    rc, stdout, err = run_main(capsys, *SIM, *extra, "--out", str(out))
    assert rc == 2 and reason in err and err.count("\n") == 1 and not stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("players,seats,reason", [
    ("-1", "ai:random", "played by 3 to 8 players, not -1"),
    ("4", "ai:random,ai:random", "--seats lists 2 seats for 4 players"),
    ("4", "human", "AI seats and bots only"),
    ("4", "ai:ext:/tmp/x.py", "unknown AI level"),
    ("4", "ai:hard:0", "ai:hard:N"),
    ("4", "ext:/no/such/bot.py", "no such file"),
])
def test_simulate_refuses_bad_players_and_seats(tmp_path, capsys, players, seats, reason):
    rc, _out, err = run_main(capsys, "simulate", "--rules", "gurka-se", "--players", players,
                             "--seats", seats, "--out", str(tmp_path / "g.jsonl"))
    assert rc == 2 and reason in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_simulate_refuses_bad_output_paths_before_playing(tmp_path, capsys):
    folder = tmp_path / "folder"
    folder.mkdir()
    target = tmp_path / "target.jsonl"
    target.write_text("keep me\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    cases = [(tmp_path / "missing" / "g.jsonl", "does not exist"), (folder, "not a regular file"),
             (link, "symbolic link")]
    if Path("/proc/self").is_dir():
        cases += [(Path("/proc"), "not a regular file"), (Path("/proc/gurka.jsonl"), "cannot write")]
    for out, reason in cases:
        rc, stdout, err = run_main(capsys, *SIM, "--games", "10000", "--out", str(out))
        assert rc == 2 and reason in err and err.count("\n") == 1 and not stdout, (out, err)
    assert link.is_symlink() and link.resolve() == target and target.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "link.jsonl", "target.jsonl"]


def test_simulate_writes_what_it_says(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    rc, stdout, _err = run_main(capsys, *SIM, "--games", "2", "--seed", "3", "--out", str(out))
    assert rc == 0 and stdout == f"wrote 2 game(s) to {out}\n"
    assert len(out.read_text().splitlines()) == 2 and not list(tmp_path.glob("*.tmp"))


# -- replay: bounded input --------------------------------------------------------------------
def _file(tmp_path, name, data):
    p = tmp_path / name
    if isinstance(data, (dict, list)):
        data = json.dumps(data, ensure_ascii=False)
    (p.write_bytes if isinstance(data, bytes) else p.write_text)(data)
    return str(p)


@pytest.mark.parametrize("name,data,reason", [
    ("deep.json", "[" * 100_000 + "]" * 100_000, "nested more than 32 levels"),
    ("digits.json", json.dumps(RECORD).replace('"seed": ', '"seed": ' + "7" * 5000 + ", \"x\": "),
     "more than 20 digits"),
    ("seed.json", dict(RECORD, seed=True), "seed must be"),
    ("game.json", json.dumps(RECORD).replace('"game": 1', '"game": ' + "4" * 4000), "more than 20"),
    ("name.json", dict(RECORD, players=[dict(p, name="x" * 1_000_000) for p in RECORD["players"]]),
     "at most 40 characters"),
    ("nul.json", dict(RECORD, players=[dict(p, name="a\x00") for p in RECORD["players"]]),
     "control character"),
    ("empty.json", "", "empty"),
    ("text.json", b"\xff\xfe{}", "not UTF-8"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 30 else "data")
def test_replay_refuses_hostile_records_in_one_line_naming_the_file(tmp_path, capsys, name, data,
                                                                    reason):
    path = _file(tmp_path, name, data)
    rc, _out, err = run_main(capsys, "replay", path)
    assert rc == 1 and reason in err and path in err, err
    assert err.count("\n") == 1 and len(err) < 400 and "4444444444" not in err


def test_replay_accepts_a_bom_and_a_saved_game(tmp_path, capsys):
    rc, out, err = run_main(capsys, "replay", _file(tmp_path, "bom.json",
                                                    b"\xef\xbb\xbf" + json.dumps(RECORD).encode()))
    assert rc == 0 and "events OK" in out, err
    rc, out, err = run_main(capsys, "replay", _file(tmp_path, "save.json", SAVE))
    assert rc == 0 and "unfinished (a saved game)" in out, err
    bad = copy.deepcopy(SAVE)
    n = next(i for i, e in enumerate(bad["record"]["events"]) if e["type"] == "play")
    bad["record"]["events"][n]["cards"] = ["ZZ"]
    rc, _out, err = run_main(capsys, "replay", _file(tmp_path, "bad-save.json", bad))
    assert rc == 1 and f"saved game: game {bad['record']['game']}, event {n + 1}:" in err, err


@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_AS and /dev/zero are POSIX")
def test_replay_of_dev_zero_and_huge_lines_ends_quickly_in_bounded_memory(tmp_path):
    r = run_limited("replay", "/dev/zero")
    assert r.returncode == 1 and r.stderr == "/dev/zero: line 1 is longer than 8 MB\n"
    big = dict(RECORD, players=[dict(p, name="x" * 20_000_000) for p in RECORD["players"][:1]])
    r = run_limited("replay", _file(tmp_path, "name.json", big))
    assert r.returncode == 1 and "line 1 is longer than 8 MB" in r.stderr, r.stderr
    braces = tmp_path / "braces.jsonl"
    braces.write_bytes(b"{}\n" * (4 << 20))            # 12 MB of records that are not records
    r = run_limited("replay", str(braces))
    assert r.returncode == 1 and r.stderr.splitlines()[-1].endswith("stopped after 20 bad records")
    assert len(r.stderr.splitlines()) == 21 and "Traceback" not in r.stderr


def test_simulate_never_writes_a_record_its_replay_would_refuse(tmp_path, capsys, monkeypatch):
    import game.cli as cli
    out = tmp_path / "g.jsonl"
    rc, _out, _err = run_main(capsys, *SIM, "--games", "1", "--seed", "2", "--out", str(out))
    events = len(json.loads(out.read_text())["events"])
    monkeypatch.setattr(cli, "MAX_EVENTS", events - 1)
    rc, stdout, err = run_main(capsys, *SIM, "--games", "3", "--seed", "2", "--out", str(out))
    assert rc == 1 and "game 1 ran past the limits of a record" in err and "wrote 0 game(s)" in stdout
    assert out.read_text() == "" and not list(tmp_path.glob("*.tmp"))
