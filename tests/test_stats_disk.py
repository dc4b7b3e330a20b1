"""A full or read-only disk, no inodes, a folder the game may not write in: the statistics
file is never set aside, the notice names the real cause, and the history stays readable.

The real conditions are made on a small tmpfs of a private mount namespace (``unshare
-rm``, as the user who runs the tests): ENOSPC and EROFS then come from the kernel around
SQLite's own writes and commits.  SQLite's failures are also forced in-process (a page
limit: SQLITE_FULL inside a migration's transaction, which SQLite rolls back by itself).
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from stats_helpers import gurka, known, meta, seats

from game.stats import db as D
from game.stats import load, record_game

import game

#: the checkout whose ``game`` these tests import (the children run the same one)
ROOT = Path(game.__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

CHILD = textwrap.dedent("""
    import json, os, sqlite3, subprocess, sys
    sys.path[:0] = [sys.argv[3], sys.argv[4]]
    from stats_helpers import gurka, known, meta, seats
    from game.stats import load, record_game
    from game.stats import db as D
    home, case = sys.argv[1], sys.argv[2]
    os.environ["GURKA_HOME"] = home
    path = os.path.join(home, "stats.sqlite")
    if case == "upgrade":
        conn = sqlite3.connect(path, isolation_level=None)
        D.migrate(conn, upto=1)
        conn.execute("BEGIN")
        for i in range(3000):
            conn.execute("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, "
                         "result, place, deals, deals_played, penalty, was_durak, finished) VALUES "
                         "('gurka-se', '{}', 3, 0, 'normal', 'points', 'won', 1, 2, 2, 7, 0, '2024-01-01')")
        conn.execute("COMMIT")
        conn.close()
    elif case != "permission":
        for record, m in known()[:3]:
            assert record_game(record, m) is None
    if case in ("full", "upgrade"):
        fd = os.open(os.path.join(home, "filler"), os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError:
            os.close(fd)
    elif case == "inodes":
        try:
            for i in range(100000):
                open(os.path.join(home, f"f{i}"), "w").close()
        except OSError:
            pass
    elif case == "read-only":
        subprocess.run(["mount", "-o", "remount,ro", home], check=True)
    notice = record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[2, 0, 3]], [1]), meta())
    st = load()
    cli = subprocess.run([sys.executable, "-m", "game", "stats", "--json"], capture_output=True, text=True,
                         env=dict(os.environ, GURKA_HOME=home), cwd=sys.argv[4])
    print(json.dumps({"kind": notice and notice.kind, "detail": notice and notice.detail,
                      "text": str(notice), "games": st.games, "read_notice": str(st.notice),
                      "cli_games": json.loads(cli.stdout)["games"] if cli.stdout else cli.stderr,
                      "files": sorted(os.listdir(home))[:12]}))
""")


def namespaces() -> bool:
    if not shutil.which("unshare"):
        return False
    return subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0


needs_namespaces = pytest.mark.skipif(not namespaces(), reason="no user namespaces here to mount a small disk")


def on_small_disk(tmp_path, case: str, options: str) -> dict:
    mnt = tmp_path / "disk"
    mnt.mkdir()
    inner = (f"mount -t tmpfs -o {options} gurka-test {mnt} && "
             f"{sys.executable} -c \"$CHILD\" {mnt} {case} {TESTS} {ROOT}")
    out = subprocess.run(["unshare", "-rm", "sh", "-c", inner], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, CHILD=CHILD))
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@needs_namespaces
@pytest.mark.parametrize("case,options,cause,words", [
    ("full", "size=512k", "disk-full", "the disk is full"),
    ("inodes", "size=8m,nr_inodes=24", "no-inodes", "the disk has no room for more files"),
    ("read-only", "size=8m", "read-only", "read-only"),
])
def test_a_full_or_read_only_disk_sets_nothing_aside(tmp_path, case, options, cause, words):
    r = on_small_disk(tmp_path, case, options)
    assert r["kind"] == "stats-unsaved" and r["detail"] == cause, r
    assert words in r["text"]
    assert not [f for f in r["files"] if ".corrupt-" in f], r["files"]
    assert r["games"] == 3 and r["cli_games"] == 3, r             # the history: still read


@needs_namespaces
def test_a_version_1_upgrade_that_fills_the_disk_sets_nothing_aside(tmp_path):
    """The upgrade's indexes do not fit: SQLite rolls the migration back by itself, and the
    ROLLBACK after it (an error: no transaction is active) was taken for a bad file."""
    r = on_small_disk(tmp_path, "upgrade", "size=2m")
    assert r["kind"] == "stats-unsaved" and r["detail"] == "disk-full", r
    assert not [f for f in r["files"] if ".corrupt-" in f], r["files"]
    assert r["games"] == 3000 and r["cli_games"] == 3000, r


def test_no_permission_to_write_in_the_folder(tmp_path):
    folder = Path(tempfile.mkdtemp(prefix="gurka-perm-"))
    try:
        for record, m in known()[:3]:
            assert record_game(record, m, path=folder / "stats.sqlite") is None
        os.chmod(folder, 0o555)
        os.chmod(folder / "stats.sqlite", 0o444)
        cmd = [sys.executable, "-c", CHILD, str(folder), "permission", str(TESTS), str(ROOT)]
        if os.geteuid() == 0:       # root writes anywhere: be an ordinary user in a namespace
            if not namespaces():
                pytest.skip("running as root, and no user namespace to be an ordinary user in")
            cmd = ["unshare", "--map-user=1000", "--map-group=1000", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd="/")
        assert out.returncode == 0, out.stderr[-2000:]
        r = json.loads(out.stdout.strip().splitlines()[-1])
        assert r["kind"] == "stats-unsaved" and r["detail"] == "no-permission", r
        assert "may not write" in r["text"]
        assert r["games"] == 3 and r["cli_games"] == 3
        assert sorted(os.listdir(folder)) == ["stats.sqlite"]
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder)


# -- SQLite's failures forced in-process ----------------------------------------------------------

def page_limit(monkeypatch, pages: int | None = None) -> None:
    """Every connection the statistics open for writing may not grow the file (SQLITE_FULL,
    'database or disk is full', as on a full disk)."""
    real = D._connect

    def connect(path, write=True, immutable=False):
        conn = real(path, write, immutable)
        if write:
            n = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {max(n, 1) if pages is None else pages}")
        return conn
    monkeypatch.setattr(D, "_connect", connect)


def v1_with_games(path, games: int = 200) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    D.migrate(conn, upto=1)
    conn.execute("BEGIN")
    for i in range(games):
        conn.execute("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, "
                     "place, deals, deals_played, penalty, was_durak, finished) VALUES "
                     f"('gurka-se', '{{}}', 3, 0, 'normal', 'points', 'won', 1, 2, 2, {i % 9}, 0, '2024-01-01')")
    conn.execute("COMMIT")
    conn.close()


def test_a_migration_the_disk_cannot_hold_is_not_a_bad_file(tmp_path, monkeypatch):
    path = tmp_path / "stats.sqlite"
    v1_with_games(path)
    page_limit(monkeypatch)
    notice = record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[1, 0, 3]], [1]), meta(), path=path)
    assert notice.kind == "stats-unsaved" and notice.detail == "disk-full"
    assert "the disk is full" in str(notice)
    assert not list(tmp_path.glob("*.corrupt-*"))
    monkeypatch.undo()
    conn = sqlite3.connect(path)
    assert D.version(conn) == 1                                 # rolled back whole
    conn.close()
    assert load(path=path).games == 200
    assert record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[1, 0, 3]], [1]), meta(),
                       path=path) is None and load(path=path).games == 201


def test_a_game_the_disk_cannot_hold_is_not_a_bad_file(tmp_path, monkeypatch):
    path = tmp_path / "stats.sqlite"
    for record, m in known()[:4]:
        assert record_game(record, m, path=path) is None
    page_limit(monkeypatch)
    notice = record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[1, 0, 3]] * 400, [1]), meta(),
                         path=path)
    assert notice.kind == "stats-unsaved" and notice.detail == "disk-full"
    assert not list(tmp_path.glob("*.corrupt-*"))
    monkeypatch.undo()
    assert load(path=path).games == 4


def test_an_error_of_the_writers_own_is_never_a_bad_file(tmp_path, monkeypatch):
    """An error of our own statement (a step that is no SQL, a constraint raced into) inside
    the migration: the transaction is undone, the file kept, the cause said."""
    path = tmp_path / "stats.sqlite"
    v1_with_games(path, 3)
    monkeypatch.setattr(D, "MIGRATIONS", D.MIGRATIONS[:1] + [("THIS IS NOT SQL",)] + D.MIGRATIONS[2:])
    notice = record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[1, 0, 3]], [1]), meta(), path=path)
    assert notice.kind == "stats-unsaved" and "syntax error" in notice.detail
    assert not list(tmp_path.glob("*.corrupt-*"))
    monkeypatch.undo()
    assert load(path=path).games == 3
