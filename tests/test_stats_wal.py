"""A statistics file whose newest games are still in its ``-wal``, read where SQLite cannot
keep the log's index beside it (issue 68): the log's committed frames are applied in memory
(``game/stats/wal.py``) exactly as SQLite's own recovery applies them, nothing is written,
and where the log cannot be read so the screen says why the newest games are missing.

The files are made by a real writer killed with its games in the log; the folder's failure
is forced in-process (SQLite's read-only open fails as it does in a read-only folder), as
``tests/test_stats_disk.py`` does; ``tests/test_data_folder_faults.py`` has the real ones."""

import hashlib
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.stats import db as D
from game.stats import load, wal

#: a writer that stores ``checkpointed`` games and closes the file (they go into it), then
#: ``logged`` more, one transaction each, and an unfinished one, and is killed
WRITER = textwrap.dedent("""
    import os, sqlite3, sys
    sys.path[:0] = [sys.argv[4], sys.argv[5]]
    from stats_helpers import known
    from game.stats import db as D, facts, store
    path, checkpointed, logged, version = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[6])
    games = [facts.game_facts(r, m) for r, m in known()[:9]]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    D.migrate(conn, upto=version)             # an older version: read as it is, upgraded later
    for i in range(checkpointed):
        store.write_game(conn, games[i % 9])
    conn.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    for i in range(logged):
        store.write_game(conn, games[i % 9])
    conn.execute("PRAGMA cache_size = 2")       # its pages spill into the log ...
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO seats (game_id, seat, kind, name) VALUES (1, ?, 'ai', ?)",
                     [(100 + i, "x" * 2000) for i in range(50)])
    os._exit(0)                                 # ... never committed: no reader may see them
""")
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def killed_writer(folder: Path, checkpointed: int, logged: int, version: int = D.SCHEMA_VERSION) -> Path:
    path = folder / "stats.sqlite"
    subprocess.run([sys.executable, "-c", WRITER, str(path), str(checkpointed), str(logged), str(TESTS),
                    str(ROOT), str(version)], check=True, timeout=120)
    Path(f"{path}-shm").unlink()             # the folder copied without SQLite's index
    return path


def sqlite_reads(path: Path, tmp_path: Path) -> int:
    """What SQLite's own recovery makes of the file and its log (a copy in a folder SQLite
    may write in)."""
    copy = tmp_path / "sqlite-copy"
    copy.mkdir(exist_ok=True)
    for suffix in ("", "-wal"):
        shutil.copy(f"{path}{suffix}", copy / f"stats.sqlite{suffix}")
    conn = sqlite3.connect(copy / "stats.sqlite")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()
        shutil.rmtree(copy)


def image_reads(path: Path) -> int:
    data = wal.image(path)
    conn = wal.connect(data) if data is not None else sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("checkpointed,logged", [(0, 3), (2, 3), (5, 40), (3, 0)])
def test_the_image_is_what_sqlites_recovery_makes(tmp_path, checkpointed, logged):
    path = killed_writer(tmp_path, checkpointed, logged)
    assert image_reads(path) == sqlite_reads(path, tmp_path) == checkpointed + logged


def test_a_torn_or_damaged_log_stops_where_sqlite_stops(tmp_path):
    path = killed_writer(tmp_path, 1, 12)
    log = Path(f"{path}-wal")
    whole = log.read_bytes()
    page = int.from_bytes(whole[8:12], "big")
    frame = wal.FRAME_HEADER + page
    for cut in (len(whole) - 7, wal.WAL_HEADER + 5 * frame + 100):      # a write cut short
        log.write_bytes(whole[:cut])
        assert image_reads(path) == sqlite_reads(path, tmp_path)
    bad = bytearray(whole)
    bad[wal.WAL_HEADER + 6 * frame + wal.FRAME_HEADER + 40] ^= 0xFF        # a flipped bit
    log.write_bytes(bytes(bad))
    assert image_reads(path) == sqlite_reads(path, tmp_path) < 13
    log.write_bytes(b"\x37\x7f\x06\x82" + whole[4:24] + b"\0" * 8 + whole[32:])   # a bad header
    assert wal.image(path) is None
    log.write_bytes(b"")
    assert wal.image(path) is None


@pytest.fixture
def no_index(monkeypatch):
    """SQLite cannot make the log's index beside the file: its read-only open fails on the
    first read, as in a read-only folder ("unable to open database file")."""
    real = D._connect

    class FirstReadFails:
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            raise sqlite3.OperationalError("unable to open database file")

        def close(self):
            self.conn.close()

    def connect(path, write=True, immutable=False):
        conn = real(path, write, immutable)
        return FirstReadFails(conn) if not write and not immutable else conn
    monkeypatch.setattr(D, "_connect", connect)


def digest(folder: Path) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("version", range(2, D.SCHEMA_VERSION + 1))
def test_the_newest_games_are_read_from_the_log_and_nothing_is_written(tmp_path, no_index, version):
    path = killed_writer(tmp_path, 2, 3, version)
    before = digest(tmp_path)
    st = load(path=path)
    assert st.games == 5 and st.notice is None
    assert digest(tmp_path) == before


@pytest.mark.parametrize("why", ["too large", "no deserialize"])
def test_a_log_that_cannot_be_read_in_memory_is_said(tmp_path, no_index, monkeypatch, why):
    path = killed_writer(tmp_path, 2, 3)
    if why == "too large":
        monkeypatch.setattr(wal, "MAX_IMAGE_BYTES", 1024)
    else:                                   # Python 3.10's sqlite3 has no deserialize
        def old_python(data):
            raise AttributeError("'sqlite3.Connection' object has no attribute 'deserialize'")
        monkeypatch.setattr(wal, "connect", old_python)
    st = load(path=path)
    assert st.games == 2                    # as of the last checkpoint, and why the rest is missing
    assert st.notice.kind == "stats-behind" and str(st.notice).startswith("Your newest games cannot be shown yet: ")
    assert "\n" not in str(st.notice) and not list(tmp_path.glob("*.corrupt-*"))
