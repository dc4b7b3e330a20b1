"""What an outsider can put in place of the statistics file: something that is not a regular
file of one name (a pipe, a socket, a device, a folder, a hard link), a database whose schema
carries SQL of its own (generated columns, CHECKs, thousands of tables), rows that are not
text a terminal may see, and a link planted where the reset's backup goes.  Each is set aside
or left out with a notice, within seconds, and nothing of it reaches a terminal raw."""

import os
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from stats_helpers import gurka, known, meta, seats

from game.stats import db as D
from game.stats import load, record_game, reset

import game

#: the checkout whose ``game`` these tests import (the children run the same one)
ROOT = Path(game.__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
NORMAL = seats("human", "ai:normal", "ai:normal")
#: far more than any of these cases takes; the code before this check hung for good on a pipe
HANG = 60


def a_game(pen: int = 5) -> dict:
    return gurka(NORMAL, [[pen, 0, 14]], [1])


def asides(folder) -> list:
    return sorted(p for p in folder.iterdir() if ".corrupt-" in p.name and not p.name.endswith("-wal"))


def game_cli(home, *args) -> subprocess.CompletedProcess:
    """``python -m game ARGS`` with its user files in ``home`` (a hang fails the test)."""
    env = dict(os.environ, GURKA_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          timeout=HANG)


STORE = ("from stats_helpers import gurka, meta, seats; from game.stats import record_game; "
         "print(record_game(gurka(seats('human', 'ai:easy', 'ai:easy'), [[3, 0, 1]], [1]), meta()))")


def store_in(home) -> str:
    """A game stored by another process (the table's writer thread, as the game does it)."""
    env = dict(os.environ, GURKA_HOME=str(home), PYTHONPATH=str(TESTS))
    out = subprocess.run([sys.executable, "-c", STORE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=HANG)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


# -- not a regular file of one name ---------------------------------------------------------

def plant(kind: str, path: Path, outside: Path):
    """Something that is not our file at ``path``; what must stay as it was, if anything."""
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        return s
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_text("mine")
    elif kind == "hard link":
        for record, m in known()[:3]:
            assert record_game(record, m, path=outside) is None
        os.link(outside, path)
    elif kind == "device":
        try:
            os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))       # like /dev/null
        except PermissionError:
            pytest.skip("this system lets no one here make a device node")
    return None


KINDS = ["pipe", "socket", "folder", "hard link", "device"]


@pytest.mark.parametrize("kind", KINDS)
def test_what_is_not_a_regular_file_is_set_aside_unopened(tmp_path, kind):
    home = tmp_path / "home"
    home.mkdir()
    outside = tmp_path / "elsewhere.sqlite"
    keep = plant(kind, home / "stats.sqlite", outside)
    before = outside.read_bytes() if outside.exists() else None
    try:
        out = game_cli(home, "stats", "--json")              # reading: set aside, never opened
        assert out.returncode == 0 and b"could not be read" in out.stderr, out.stderr
        assert b'"games": 0' in out.stdout
        [aside] = asides(home)
        assert store_in(home) == "None"                      # a fresh file takes the next game
    finally:
        if keep is not None:
            keep.close()
    assert stat.S_ISREG(os.lstat(home / "stats.sqlite").st_mode)
    assert load(path=home / "stats.sqlite").games == 1
    if kind == "folder":
        assert (aside / "inside").read_text() == "mine"
    if before is not None:                                   # the other name's file: untouched
        assert outside.read_bytes() == before and os.stat(outside).st_nlink == 2


@pytest.mark.parametrize("companion", ["-wal", "-shm"])
@pytest.mark.parametrize("kind", ["pipe", "hard link"])
def test_a_journal_that_is_not_a_regular_file_is_never_opened(tmp_path, companion, kind):
    home = tmp_path / "home"
    home.mkdir()
    for record, m in known()[:2]:
        assert record_game(record, m, path=home / "stats.sqlite") is None
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    target = home / f"stats.sqlite{companion}"
    if kind == "pipe":
        os.mkfifo(target)
    else:
        os.link(victim, target)
    assert "could not be read" in store_in(home)
    assert victim.read_bytes() == b"precious"
    assert load(path=home / "stats.sqlite").games == 1


def unblock(fifo: Path) -> None:
    """A reader that did open the pipe waits for a writer: one comes after HANG seconds,
    so such a reader fails the test instead of hanging it."""
    time.sleep(HANG)
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def test_the_checks_never_open_a_pipe(tmp_path, monkeypatch):
    """In-process: what the checks opened, and how (a pipe opened for reading blocks for good)."""
    os.mkfifo(tmp_path / "stats.sqlite")
    threading.Thread(target=unblock, args=(tmp_path / "stats.sqlite",), daemon=True).start()
    opened = []
    real = os.open

    def spy(path, flags, *a, **k):
        opened.append((Path(path).name, flags))
        return real(path, flags, *a, **k)
    monkeypatch.setattr(os, "open", spy)
    st = load(path=tmp_path / "stats.sqlite")
    assert st.games == 0 and st.notice.kind == "stats-corrupt"
    assert opened == []
    assert stat.S_ISFIFO(os.lstat(asides(tmp_path)[0]).st_mode)


# -- SQL of the file's own ----------------------------------------------------------------------

def crafted(path: Path, extra: str, rows: int = 10) -> None:
    """Our version-3 schema and some games, then ``extra`` added to the games table (a
    generated column, a CHECK): PRAGMA quick_check evaluates it for every row."""
    conn = sqlite3.connect(path, isolation_level=None)
    for step in D.MIGRATIONS:
        for sql in step:
            conn.execute(sql)
    conn.execute(f"PRAGMA user_version = {D.SCHEMA_VERSION}")
    conn.execute("BEGIN")
    for i in range(rows):
        conn.execute("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, "
                     "deals, deals_played, penalty, finished) VALUES ('gurka-se', '{}', 3, 0, 'normal', "
                     f"'points', 'won', 1, 1, {i}, '2024-01-01')")
    conn.execute("COMMIT")
    # the table's text with the extra part, as a tamperer writes it (nothing evaluated now)
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'games'",
                 (sql.rstrip()[:-1].rstrip() + f",\n            {extra}\n        )",))
    conn.close()


#: each worth seconds of work per row when evaluated (a 100 MB string made and measured)
HEAVY = "length(hex(zeroblob(50000000)))"


@pytest.mark.parametrize("extra", [f"slow INTEGER GENERATED ALWAYS AS ({HEAVY}) VIRTUAL",
                                   f"CHECK ({HEAVY} > 0)"])
def test_a_schema_with_sql_of_its_own_is_set_aside_before_anything_runs(tmp_path, monkeypatch, extra):
    home = tmp_path / "home"
    home.mkdir()
    crafted(home / "stats.sqlite", extra)
    out = game_cli(home, "stats", "--json")
    assert out.returncode == 0 and b"could not be read" in out.stderr
    assert len(asides(home)) == 1
    crafted(home / "stats.sqlite", extra)
    assert "could not be read" in store_in(home)
    assert len(asides(home)) == 2 and load(path=home / "stats.sqlite").games == 1
    # and in-process: the one statement that reads every row never ran on either
    crafted(tmp_path / "again.sqlite", extra)
    ran = []
    monkeypatch.setattr(D, "quick_check", lambda conn: ran.append(conn))
    assert "could not be read" in str(record_game(a_game(), meta(), path=tmp_path / "again.sqlite"))
    assert len(ran) == 1                       # only on the fresh file that replaced it


def test_a_schema_of_thousands_of_objects_costs_no_more_than_a_budget(tmp_path):
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for i in range(5000):
        conn.execute(f"CREATE TABLE t{i} (a, b, c GENERATED ALWAYS AS (a + b), CHECK (a > 0))")
    conn.execute("COMMIT")
    conn.close()
    with pytest.raises(D.BadDatabase, match="far larger"):
        D.check_schema(sqlite3.connect(path))
    assert "could not be read" in str(load(path=path).notice)


# -- rows a terminal must not see ---------------------------------------------------------------

ESCAPE = "char(27) || '[2J' || char(27) || '[31m'"

BAD_ROWS = [
    "rules = CAST(X'1b5b33316dff' AS TEXT)",           # ESC [31m and a byte that is no UTF-8
    f"rules = {ESCAPE} || 'gurka-se'",                   # valid UTF-8, but escape sequences
    "opponents = CAST(X'6e6f726d616cff' AS TEXT)",       # "normal" and a stray byte
    "result = CAST(X'776f6ec3' AS TEXT)",                # "won" and half a character
    "rules = 'gurka-se' || char(8238)",                 # a right-to-left override
]


@pytest.mark.parametrize("assignment", BAD_ROWS)
def test_a_row_that_is_no_printable_text_is_left_out_and_the_rest_shown(tmp_path, assignment):
    home = tmp_path / "home"
    home.mkdir()
    path = home / "stats.sqlite"
    for record, m in known():
        assert record_game(record, m, path=path) is None
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE games SET {assignment} WHERE id = 1")
    conn.commit()
    conn.close()
    st = load(path=path)
    assert st.games == 9 and st.notice.kind == "stats-left-out" and st.notice.detail == "1"
    for args in (("stats",), ("stats", "--json")):
        out = game_cli(home, *args)
        assert out.returncode == 0
        assert b"\x1b" not in out.stdout + out.stderr and b"\xe2\x80\xae" not in out.stdout + out.stderr
        assert b"could not be read and is left out" in out.stderr
    assert b"statistics: 9 games" in game_cli(home, "stats").stdout
    assert record_game(a_game(), meta(), path=path) is None and load(path=path).games == 10
    assert not asides(home)


def test_a_notice_of_a_file_carries_no_escape_sequence_to_the_terminal(tmp_path):
    """A foreign database whose table name is an escape sequence: the notice is ours, one
    line, without anything of the file's."""
    home = tmp_path / "home"
    home.mkdir()
    conn = sqlite3.connect(home / "stats.sqlite")
    conn.execute('CREATE TABLE "\x1b[31mred\x1b]0;title\x07" (x)')
    conn.commit()
    conn.close()
    out = game_cli(home, "stats")
    assert out.returncode == 0 and b"\x1b" not in out.stderr + out.stdout
    assert len(out.stderr.strip().splitlines()) == 1


# -- the reset's backup ---------------------------------------------------------------------------

def test_the_reset_never_writes_through_a_planted_link(tmp_path, monkeypatch):
    home, outside = tmp_path / "home", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    path = home / "stats.sqlite"
    for record, m in known()[:3]:
        assert record_game(record, m, path=path) is None
    monkeypatch.setattr(D, "stamp", lambda: "20260101-120000")
    monkeypatch.setattr("time.strftime", lambda fmt, *a: "20260101-120000")
    # every name the backup could be given by a timestamp, each a link to a file not yet made
    planted = ["stats.sqlite.backup-20260101-120000"] + [f"stats.sqlite.backup-20260101-120000-{n}"
                                                         for n in range(2, 10)]
    for i, name in enumerate(planted):
        (home / name).symlink_to(outside / f"victim{i}")
    backup, notice = reset(path)
    assert notice is None and backup is not None
    assert list(outside.iterdir()) == []
    assert stat.S_ISREG(os.lstat(backup).st_mode) and os.stat(backup).st_nlink == 1
    assert backup.name.startswith("stats.sqlite.backup-20260101-120000-") and backup.name not in planted
    assert load(path=backup).games == 3 and load(path=path).games == 0
