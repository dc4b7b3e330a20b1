"""The statistics database: one SQLite file in the user data folder.

``stats.sqlite`` in :func:`game.user_files.data_dir` (``GURKA_HOME`` in tests),
WAL journal, ``synchronous=FULL``; each game is written in one transaction, so
a kill -9 loses at most the game being written.

The schema version is ``PRAGMA user_version``.  :data:`MIGRATIONS` is the
ordered list of steps: step *i* takes a database from version *i* to *i + 1*
(version 0 is a new, empty file) and runs in one transaction together with
its version bump.  Steps are never edited once released; a change of schema is
a new step at the end (and a test from every earlier version).

A file that is not our database is *set aside*, never emptied and never a
crash: random bytes, a truncated or malformed file, a file that cannot be
opened, a ``user_version`` newer than ours, or a schema that is not exactly the one our
migrations make at its version (a table, column, constraint, index, trigger or view more
or less: a foreign database, or a tampered one; a file is data, nothing in it runs when a
game is stored), and a symbolic link in place of the file or its journal (never followed).  It
is renamed ``stats.sqlite.corrupt-<timestamp>`` (its ``-wal`` file follows it)
and a fresh database is started; :class:`Opened` carries a one-line notice.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from ..user_files import data_dir, set_aside

FILENAME = "stats.sqlite"
MAGIC = b"SQLite format 3\x00"

#: Ordered migrations: MIGRATIONS[i] takes version i to version i + 1.
MIGRATIONS: list[tuple[str, ...]] = [
    # 1: games, their seats, and every deal's result per seat
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            rules TEXT NOT NULL,
            options TEXT NOT NULL,
            players INTEGER NOT NULL,
            human_seat INTEGER NOT NULL,
            opponents TEXT NOT NULL,
            scoring TEXT NOT NULL,
            result TEXT NOT NULL,
            place INTEGER,
            deals INTEGER NOT NULL,
            deals_played INTEGER NOT NULL,
            penalty INTEGER,
            was_durak INTEGER NOT NULL DEFAULT 0,
            started TEXT,
            finished TEXT NOT NULL,
            duration_s REAL,
            undo_used INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            name TEXT,
            PRIMARY KEY (game_id, seat)
        )""",
        """CREATE TABLE deals (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            deal INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            penalty INTEGER,
            total INTEGER,
            lost INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, deal, seat)
        )""",
    ),
    # 2: how many hints the player asked for, and the index the screen reads by
    (
        "ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_by_rules ON games (rules, id)",
    ),
]
SCHEMA_VERSION = len(MIGRATIONS)

class BadDatabase(Exception):
    """The file is not a statistics database we can use (it gets set aside)."""


def db_path() -> Path:
    return data_dir() / FILENAME


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


@dataclass
class Opened:
    """An open database, or None with a notice saying why."""

    conn: sqlite3.Connection | None
    notice: str | None = None
    #: where a bad file was put (None when nothing was set aside)
    aside: Path | None = None


# -- opening -----------------------------------------------------------------------

def _connect(path: Path, write: bool = True) -> sqlite3.Connection:
    """A connection that has not written anything yet (the file is checked first);
    ``write`` False: opened read-only."""
    if write:
        conn = sqlite3.connect(str(path), timeout=5.0, isolation_level=None)
    else:
        uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro"
        conn = sqlite3.connect(uri, timeout=5.0, isolation_level=None, uri=True)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA trusted_schema = OFF")   # the file's schema runs no functions of ours
    except BaseException:
        conn.close()
        raise
    return conn


def _make_ours(conn: sqlite3.Connection) -> None:
    """Our journal settings: only once the file is known to be ours."""
    conn.execute("PRAGMA journal_mode = WAL")   # a read-only folder keeps the old journal
    conn.execute("PRAGMA synchronous = FULL")


def version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Run the steps from the database's version up to ``upto``; each step in one
    transaction with its version bump.  Returns the version reached."""
    v = version(conn)
    if v > SCHEMA_VERSION:
        raise BadDatabase(f"schema version {v} is newer than this game's {SCHEMA_VERSION}")
    while v < upto:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for sql in MIGRATIONS[v]:
                conn.execute(sql)
            conn.execute(f"PRAGMA user_version = {v + 1:d}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        v += 1
    return v


def _schema_of(conn: sqlite3.Connection) -> list[tuple]:
    """Every table, index, trigger and view with its SQL text (spaces folded)."""
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return sorted((t, n, tb, " ".join(sql.split()) if isinstance(sql, str) else sql)
                  for t, n, tb, sql in rows)


_EXPECTED: dict[int, list[tuple]] = {}


def expected_schema(v: int) -> list[tuple]:
    """The schema our migrations make at version ``v`` (built in memory, exactly)."""
    if v not in _EXPECTED:
        mem = sqlite3.connect(":memory:", isolation_level=None)
        try:
            for step in MIGRATIONS[:v]:
                for sql in step:
                    mem.execute(sql)
            _EXPECTED[v] = _schema_of(mem)
        finally:
            mem.close()
    return _EXPECTED[v]


def check_schema(conn: sqlite3.Connection) -> None:
    """BadDatabase unless the file is undamaged and its schema is exactly the one our
    migrations make at its version: a table, column, constraint, index, trigger or view
    more or less (a foreign database, a tampered one) is not ours."""
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if [tuple(r) for r in rows] != [("ok",)]:
        raise BadDatabase("damaged: " + "; ".join(str(r[0]) for r in rows[:3]))
    v = version(conn)
    if v > SCHEMA_VERSION:
        raise BadDatabase(f"schema version {v} is newer than this game's {SCHEMA_VERSION}")
    if v < 0:
        raise BadDatabase(f"schema version {v}")
    if _schema_of(conn) != expected_schema(v):
        if v == 0:
            raise BadDatabase("a database of something else (its tables are not ours)")
        raise BadDatabase(f"its tables are not the ones this game makes at version {v}")


def _looks_foreign(path: Path) -> bool:
    """True for a non-empty file that does not start like an SQLite database (SQLite
    itself would quietly take a file of a few bytes as empty and overwrite it)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(MAGIC))
    except FileNotFoundError:
        return False
    return bool(head) and head != MAGIC


def _links(path: Path) -> bool:
    """True when the file or its journal is a symbolic link: we never follow one (it could
    lead SQLite to write into a file that is not ours)."""
    return any(p.is_symlink() for p in (path, *_companions(path)))


def _open_checked(path: Path, write: bool = True) -> sqlite3.Connection:
    """Check the file before anything is written to it, then (``write``) migrate it."""
    if _links(path):
        raise BadDatabase("a link, not a file")
    if _looks_foreign(path):
        raise BadDatabase("not an SQLite database")
    conn = _connect(path, write)
    try:
        check_schema(conn)
        if write:
            _make_ours(conn)
            migrate(conn)
            check_schema(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _companions(path: Path) -> list[Path]:
    return [Path(f"{path}-wal"), Path(f"{path}-shm")]


def set_aside_db(path: Path) -> Path | None:
    """Rename a bad database (and its WAL) to ``<name>.corrupt-<timestamp>``."""
    target = set_aside(path) if path.exists() or path.is_symlink() else None
    wal, shm = _companions(path)
    if wal.exists() or wal.is_symlink():
        try:
            if target is not None:
                os.replace(wal, f"{target}-wal")
            else:
                os.replace(wal, wal.with_name(f"{wal.name}.corrupt-{stamp()}"))
        except OSError:
            pass
    try:
        shm.unlink()        # only an index into the WAL; SQLite rebuilds it
    except OSError:
        pass
    return target


def is_bad_file(e: BaseException, opening: bool = True) -> bool:
    """sqlite3 errors that mean "this file is not a usable database" (not: locked, full,
    read-only).  While opening, a missing table or a file that cannot be opened counts
    too; later only a damaged file does."""
    if isinstance(e, BadDatabase):
        return True
    if not isinstance(e, sqlite3.DatabaseError):
        return False
    # SQLITE_CORRUPT 11, SQLITE_NOTADB 26; opening: SQLITE_ERROR 1 (no such table …), CANTOPEN 14
    codes = (1, 11, 14, 26) if opening else (11, 26)
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in codes
    text = str(e).lower()
    words = ("malformed", "not a database") + (("unable to open", "no such") if opening else ())
    return any(w in text for w in words)


def notice_set_aside(aside: Path | None) -> str:
    if aside is not None:
        # TRANSLATORS: {file} is the name the unreadable statistics file was given
        return _("Your statistics could not be read, so new ones were started. "
                 "The old file was kept as {file}.").format(file=aside.name)
    return _("Your statistics could not be read, so new ones were started.")


def notice_unavailable(reason: str) -> str:
    # TRANSLATORS: {reason} is a technical reason from the system
    return _("The statistics cannot be used right now: {reason}").format(reason=reason)


def open_db(path: Path | None = None, write: bool = True) -> Opened:
    """Open (creating and migrating as needed) the statistics database.

    A bad file is set aside and a fresh database opened.  ``write`` False (reading the
    figures): the file is opened read-only and never created, migrated or changed; a bad
    one is still set aside (renamed, not written), and then there is no connection.
    Never raises."""
    path = Path(path) if path is not None else db_path()
    if write:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return Opened(None, notice_unavailable(e.strerror or str(e)))
    try:
        return Opened(_open_checked(path, write))
    except (sqlite3.Error, BadDatabase, OSError) as e:
        if not (is_bad_file(e) or isinstance(e, OSError)):
            return Opened(None, notice_unavailable(str(e)))     # locked, disk full, read-only …
        first = e
    aside = set_aside_db(path)
    if aside is None and (path.exists() or path.is_symlink()):
        return Opened(None, notice_unavailable(str(first)))     # could not even rename it
    if not write:
        return Opened(None, notice_set_aside(aside), aside)
    try:
        return Opened(_open_checked(path), notice_set_aside(aside), aside)
    except (sqlite3.Error, BadDatabase, OSError) as e:
        return Opened(None, notice_unavailable(str(e)), aside)


# -- reset -------------------------------------------------------------------------

def backup_to(conn: sqlite3.Connection, path: Path) -> Path:
    """A consistent single-file copy ``<name>.backup-<timestamp>`` next to ``path``."""
    target = path.with_name(f"{path.name}.backup-{stamp()}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.backup-{stamp()}-{n}")
    dest = sqlite3.connect(str(target))
    try:
        conn.backup(dest)
    finally:
        dest.close()
    return target


def reset(path: Path | None = None) -> tuple[Path | None, str | None]:
    """Empty the statistics after keeping a backup.  (backup path, notice).  Never raises:
    without a backup nothing is deleted."""
    path = Path(path) if path is not None else db_path()
    opened = open_db(path)
    if opened.conn is None:
        return None, opened.notice
    conn = opened.conn
    try:
        try:
            backup = backup_to(conn, path)
        except (sqlite3.Error, OSError) as e:
            return None, notice_unavailable(str(e))
        conn.execute("BEGIN IMMEDIATE")
        try:
            for table in ("deals", "seats", "games"):
                conn.execute(f"DELETE FROM {table}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return backup, opened.notice
    except sqlite3.Error as e:
        return None, notice_unavailable(str(e))
    finally:
        conn.close()
