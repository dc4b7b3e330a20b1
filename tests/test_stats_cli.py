"""``python -m game stats [--json] [--rules ID]``: the same figures as the screen."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from stats_helpers import known

from game.cli import main
from game.stats import record_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    return tmp_path


def fill():
    for record, m in known():
        assert record_game(record, m) is None


def test_empty_database(home, capsys):
    assert main(["stats"]) == 0
    assert capsys.readouterr().out.strip() == "no games yet"
    assert not (home / "stats.sqlite").exists()          # reading creates nothing
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 0 and data["rows"] == [] and data["message"] == "no games yet"


def test_text_table(home, capsys):
    fill()
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "statistics: 10 games"
    assert out[1].split() == ["ruleset", "opponents", "games", "wins", "shared", "win", "rate",
                              "penalty/deal", "best", "streak", "times", "durak"]
    rows = [line.split() for line in out[3:]]
    assert rows[:4] == [
        ["gurka-se", "normal", "4", "2", "0", "50.0", "%", "6.00", "2", "-"],
        ["gurka-se", "hard", "1", "1", "1", "100.0", "%", "3.00", "1", "-"],
        ["gurka-se", "mixed", "1", "1", "0", "100.0", "%", "3.00", "1", "-"],
        ["gurka-se", "all", "6", "4", "1", "66.7", "%", "5.00", "3", "-"]]
    assert rows[4:8] == [
        ["durak", "easy", "2", "1", "0", "50.0", "%", "-", "1", "1"],
        ["durak", "normal", "1", "0", "0", "0.0", "%", "-", "0", "0"],
        ["durak", "hard", "1", "1", "0", "100.0", "%", "-", "1", "0"],
        ["durak", "all", "4", "2", "0", "50.0", "%", "-", "2", "1"]]
    assert rows[8] == ["all", "all", "10", "6", "1", "60.0", "%", "5.00", "3", "1"]
    assert out[-2] == "win rate so far (%), games 1-10: 100 100 100 75 60 50 57 62 56 60"
    assert out[-1] == "undo used in 1 game(s), 2 hint(s) asked for"


def test_rules_filter_and_penalty_series(home, capsys):
    fill()
    assert main(["stats", "--rules", "gurka-se"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "statistics: 6 games of gurka-se"
    assert [line.split()[:2] for line in out[3:-2]] == [["gurka-se", "normal"], ["gurka-se", "hard"],
                                                        ["gurka-se", "mixed"], ["gurka-se", "all"]]
    assert out[-2] == "penalty per deal, games 1-6: 5.0 3.0 2.0 8.0 3.0"     # game 5 in lives
    assert out[-1] == "undo used in 1 game(s), 2 hint(s) asked for"
    main(["stats", "--rules", "durak"])
    assert "undo used" not in capsys.readouterr().out          # none in these games


def test_json(home, capsys):
    fill()
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 10 and data["rulesets"] == ["gurka-se", "durak"]
    total = data["total"]
    assert (total["wins"], total["shared_wins"], total["draws"], total["best_streak"],
            total["times_durak"], total["win_rate"], total["avg_penalty_per_deal"]) == (6, 1, 1, 3, 1, 0.6, 5.0)
    assert (total["games_with_undo"], total["hints"]) == (1, 2)
    by = {(r["rules"], r["opponents"]): r for r in data["detail"]}
    assert by[("gurka-se", "normal")]["avg_penalty_per_deal"] == 6.0
    assert by[("durak", "easy")]["times_durak"] == 1
    assert data["series"] == {"kind": "win_rate", "first_game": 1, "last_game": 10,
                              "values": [1.0, 1.0, 1.0, 0.75, 0.6, 0.5, 0.5714, 0.625, 0.5556, 0.6]}
    main(["stats", "--json", "--rules", "durak"])
    data = json.loads(capsys.readouterr().out)
    assert [r["opponents"] for r in data["rows"]] == ["easy", "normal", "hard"]


def test_bad_file_notice_on_stderr(home, capsys):
    (home / "stats.sqlite").write_bytes(b"\x00garbage" * 50)
    assert main(["stats"]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == "no games yet" and "could not be read" in captured.err
    assert list(home.glob("stats.sqlite.corrupt-*"))


def test_python_dash_m(home):
    fill()
    out = subprocess.run([sys.executable, "-m", "game", "stats", "--json"], check=False, capture_output=True,
                         text=True, cwd=ROOT, env={**os.environ, "GURKA_HOME": str(home)},
                         timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["games"] == 10
