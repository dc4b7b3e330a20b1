"""The statistics database: one SQLite file in the user data folder.

``stats.sqlite`` in :func:`game.storage.user_files.data_dir` (``GURKA_HOME`` in tests),
WAL journal, ``synchronous=FULL``; each game is written in one transaction, so
a kill -9 loses at most the game being written.

The schema version is ``PRAGMA user_version``.  :data:`MIGRATIONS` is the
ordered list of steps: step *i* takes a database from version *i* to *i + 1*
(version 0 is a new, empty file).  A writer runs every step it needs in one
``BEGIN IMMEDIATE`` transaction that reads the version again inside it (another
copy of the game may have just done the same).  Steps are never edited once
released; a change of schema is a new step at the end (and a test from every
earlier version).

Opening checks the file before SQLite is told anything the file says, in this order:

1. what is at the path, without following it (``lstat``): nothing, or a regular file
   with one name (not a link, a pipe, a device, a socket, a folder, nor a hard link to
   a file elsewhere: ``st_nlink > 1``); the same for its ``-wal`` and ``-shm``;
2. its first bytes, read through a descriptor opened ``O_NOFOLLOW | O_NONBLOCK`` and
   checked to be that same regular file: empty, or SQLite's header;
3. the version, the text encoding and the schema, compared with the one our
   migrations make at that version as the ``sqlite_master`` text alone (nothing in
   the file is evaluated: no generated column, CHECK, trigger or view; the work
   SQLite may do to read that text is capped by :data:`CHECK_BUDGET`);
4. only then, before a write, ``PRAGMA quick_check`` (it reads every row, and the
   schema is known to be ours, so no SQL of the file's runs).

A file that fails 1-4 is *set aside*, never emptied and never a crash: renamed
``stats.sqlite.corrupt-<timestamp>`` (its ``-wal`` follows it) and a fresh database
is started; :class:`Opened` carries a :class:`~game.notices.Notice`.  An error of the
reader's or writer's own situation is *not* a bad file: busy or locked (another copy
of the game), a full disk, no inodes, a read-only folder, no permission.  Then the
file stays as it is and the notice names the cause (:func:`cause`).
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..notices import Notice
from ..safe_json import clip
from ..storage.user_files import data_dir, set_aside, unwritable
from . import wal

FILENAME = "stats.sqlite"
MAGIC = b"SQLite format 3\x00"
#: seconds a writer waits for another copy of the game to finish its write (a writer is
#: off the frame path: a finished game's thread, the reset's), and a reader for a file
#: another program holds locked
BUSY_SECONDS = 30.0
READ_BUSY_SECONDS = 2.0
#: SQLite virtual-machine steps (in hundreds) the file checks may take before the file is
#: called not ours: reading our own schema takes about 150 steps; a schema of thousands of
#: objects (each parsed before the first row is read) is refused within milliseconds
CHECK_BUDGET = 200

#: a games row holding only values this game writes, as version 3's indexes hold them
#: (released with version 3, never edited; version 4 replaced those indexes: see
#: :data:`READABLE_ROW`, whose rows the figures read through the indexes without
#: evaluating the test per row, queries.py)
READABLE = (
    "typeof(rules) = 'text' AND length(rules) BETWEEN 1 AND 64"
    " AND opponents IN ('random', 'easy', 'normal', 'hard', 'mixed')"
    " AND scoring IN ('points', 'lives', 'loser')"
    " AND result IN ('won', 'shared', 'lost', 'draw')"
    " AND typeof(was_durak) = 'integer' AND was_durak IN (0, 1)"
    " AND typeof(undo_used) = 'integer' AND undo_used IN (0, 1)"
    " AND typeof(hints) = 'integer' AND hints BETWEEN 0 AND 1000000000"
    " AND (penalty IS NULL OR typeof(penalty) = 'integer' AND penalty BETWEEN -1000000000 AND 1000000000)"
    " AND (deals_played IS NULL OR typeof(deals_played) = 'integer'"
    " AND deals_played BETWEEN 0 AND 1000000000)")
#: a games row holding only values this game writes, as version 4's indexes hold them
#: (never edited): version 3's test less ``deals_played IS NULL OR``.  ``deals_played`` is
#: NOT NULL in the table, and SQLite from about 3.44 drops a test of NULL on a NOT NULL
#: column from a query's WHERE before matching it against a partial index's WHERE; version
#: 3's WHERE then matched no index, and ``INDEXED BY`` failed with "no query solution" (the
#: Windows build's SQLite 3.45: no statistics at all)
READABLE_ROW = (
    "typeof(rules) = 'text' AND length(rules) BETWEEN 1 AND 64"
    " AND opponents IN ('random', 'easy', 'normal', 'hard', 'mixed')"
    " AND scoring IN ('points', 'lives', 'loser')"
    " AND result IN ('won', 'shared', 'lost', 'draw')"
    " AND typeof(was_durak) = 'integer' AND was_durak IN (0, 1)"
    " AND typeof(undo_used) = 'integer' AND undo_used IN (0, 1)"
    " AND typeof(hints) = 'integer' AND hints BETWEEN 0 AND 1000000000"
    " AND (penalty IS NULL OR typeof(penalty) = 'integer' AND penalty BETWEEN -1000000000 AND 1000000000)"
    " AND typeof(deals_played) = 'integer' AND deals_played BETWEEN 0 AND 1000000000")
#: the columns the figures read, in the order the version-3 indexes hold them after their keys
FIGURE_COLUMNS = "opponents, result, scoring, was_durak, undo_used, penalty, deals_played, hints"

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
    # 3: the figures of a million games in well under a second: three covering indexes of
    # the readable rows (per ruleset and level; per ruleset in the order played; all in the
    # order played), read in order without sorting (queries.py)
    (
        "DROP INDEX games_by_rules",
        f"CREATE INDEX games_figures ON games (rules, {FIGURE_COLUMNS}) WHERE {READABLE}",
        f"CREATE INDEX games_by_rules ON games (rules, id, {FIGURE_COLUMNS}) WHERE {READABLE}",
        f"CREATE INDEX games_in_order ON games (id, rules, {FIGURE_COLUMNS}) WHERE {READABLE}",
    ),
    # 4: the same three indexes over :data:`READABLE_ROW`, whose WHERE every SQLite matches
    (
        "DROP INDEX games_figures",
        "DROP INDEX games_by_rules",
        "DROP INDEX games_in_order",
        f"CREATE INDEX games_figures ON games (rules, {FIGURE_COLUMNS}) WHERE {READABLE_ROW}",
        f"CREATE INDEX games_by_rules ON games (rules, id, {FIGURE_COLUMNS}) WHERE {READABLE_ROW}",
        f"CREATE INDEX games_in_order ON games (id, rules, {FIGURE_COLUMNS}) WHERE {READABLE_ROW}",
    ),
]
SCHEMA_VERSION = len(MIGRATIONS)

# SQLite's primary result codes (sqlite3.h)
SQLITE_ERROR, SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM = 1, 3, 5, 6, 7
SQLITE_READONLY, SQLITE_INTERRUPT, SQLITE_IOERR, SQLITE_CORRUPT = 8, 9, 10, 11
SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_PROTOCOL, SQLITE_NOTADB = 13, 14, 15, 26
#: errors of the reader's or writer's situation, never of the file itself
SITUATION = (SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM, SQLITE_READONLY, SQLITE_IOERR,
             SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_PROTOCOL)
#: errors that say the file is damaged, whenever they come
DAMAGED = (SQLITE_CORRUPT, SQLITE_NOTADB)


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
    notice: Notice | None = None
    #: where a bad file was put (None when nothing was set aside)
    aside: Path | None = None
    #: opened ``immutable`` or in memory (a read in a folder where SQLite cannot keep its WAL
    #: index): an error then is never the file's fault
    immutable: bool = False
    #: the games of the ``-wal`` could not be read with the file (it was read as of its last
    #: checkpoint): the cause (a code of :func:`cause`), else None
    behind: str | None = None


#: SQLite's own message of each code (its sqlite3ErrStr), for a Python without
#: ``sqlite_errorcode`` (3.10): the code is then told by the message
_MESSAGES = (("database is locked", SQLITE_BUSY), ("database table is locked", SQLITE_LOCKED),
             ("disk i/o error", SQLITE_IOERR), ("database or disk is full", SQLITE_FULL),
             ("unable to open database file", SQLITE_CANTOPEN),
             ("attempt to write a readonly database", SQLITE_READONLY),
             ("database disk image is malformed", SQLITE_CORRUPT), ("not a database", SQLITE_NOTADB),
             ("interrupted", SQLITE_INTERRUPT), ("out of memory", SQLITE_NOMEM),
             ("access permission denied", SQLITE_PERM), ("locking protocol", SQLITE_PROTOCOL))


def code_of(e: BaseException) -> int | None:
    """SQLite's primary result code of an sqlite3 error (None when it has none)."""
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    if isinstance(e, sqlite3.Error) and not hasattr(e, "sqlite_errorcode"):
        text = str(e).lower()
        return next((c for words, c in _MESSAGES if words in text), None)
    return None


def is_bad_file(e: BaseException) -> bool:
    """Whether ``e`` says the file itself is not a usable database (it is then set aside):
    our own checks (:class:`BadDatabase`), or SQLite finding it damaged.  Never: busy,
    locked, full, read-only, cannot open, an error of our own statement or a rollback."""
    if isinstance(e, BadDatabase):
        return True
    return isinstance(e, sqlite3.DatabaseError) and code_of(e) in DAMAGED


# -- what is at the path ---------------------------------------------------------------

def _companions(path: Path) -> list[Path]:
    return [Path(f"{path}-wal"), Path(f"{path}-shm")]


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def what_is(st: os.stat_result) -> str | None:
    """Why the thing ``st`` describes cannot be our file (None: a regular file of one name)."""
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        return "a link, not a file"
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe, not a file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    if not stat.S_ISREG(mode):
        return "not a regular file"
    if st.st_nlink > 1:
        return f"a file with {st.st_nlink} names (a hard link)"
    return None


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def check_files(path: Path) -> bool:
    """BadDatabase unless the path holds nothing or a regular file of one name starting
    like SQLite (or empty), and its ``-wal`` / ``-shm`` likewise are absent or regular files
    of one name.  Nothing is followed and nothing blocks: a pipe is never opened.  True
    when the file is there."""
    for companion in _companions(path):
        st = _lstat(companion)
        if st is not None and (why := what_is(st)):
            raise BadDatabase(f"its {companion.name[len(path.name):]} is {why}")
    st = _lstat(path)
    if st is None:
        return False
    if why := what_is(st):
        raise BadDatabase(why)
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except FileNotFoundError:
        return False
    try:
        now = os.fstat(fd)
        if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino) or what_is(now):
            raise BadDatabase("it changed while it was checked")
        head = os.read(fd, len(MAGIC))
    finally:
        os.close(fd)
    if head and head != MAGIC:
        raise BadDatabase("not an SQLite database")      # SQLite would take a few bytes as empty
    return True


def present(path: Path) -> bool:
    """Whether anything at all (a link too) is at ``path`` (True when that cannot be told:
    opening it will say why)."""
    try:
        return _lstat(path) is not None
    except OSError:
        return True


# -- connecting and checking --------------------------------------------------------------

def _uri(path: Path, **params) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return Path(os.path.abspath(path)).as_uri() + (f"?{query}" if query else "")


def _connect(path: Path, write: bool = True, immutable: bool = False) -> sqlite3.Connection:
    """A connection that has read nothing yet (the file is checked first); ``write``
    False: read-only; ``immutable``: read-only without the WAL index (nor the WAL)."""
    params: dict[str, object] = {"mode": "ro"} if not write else {}
    if immutable:
        params["immutable"] = 1
    conn = sqlite3.connect(_uri(path, **params), timeout=BUSY_SECONDS if write else min(BUSY_SECONDS,
                           READ_BUSY_SECONDS), isolation_level=None, uri=True)
    try:
        conn.execute("PRAGMA trusted_schema = OFF")   # the file's schema runs no functions of ours
        if write:
            conn.execute("PRAGMA foreign_keys = ON")
        else:
            conn.execute("PRAGMA temp_store = MEMORY")     # an older file's copy (queries.py)
    except BaseException:
        conn.close()
        raise
    return conn


def version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _schema_of(conn: sqlite3.Connection, limit: int = -1) -> list[tuple]:
    """Every table, index, trigger and view with its SQL text (spaces folded)."""
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master LIMIT ?", (limit,)).fetchall()
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


class _Budget:
    """A cap on the SQLite steps of the checks (a progress handler; deterministic)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn, self.left = conn, CHECK_BUDGET

    def __enter__(self):
        self.conn.set_progress_handler(self._step, 100)
        return self

    def _step(self) -> int:
        self.left -= 1
        return 1 if self.left < 0 else 0

    def __exit__(self, *exc):
        self.conn.set_progress_handler(None, 0)
        return False


def check_schema(conn: sqlite3.Connection) -> int:
    """The file's version, after checking that its text encoding, version and schema are
    exactly what our migrations make at that version, from the ``sqlite_master`` text
    alone (a table, column, constraint, index, trigger or view more or less: a foreign
    database, a tampered one).  BadDatabase when they are not, or when SQLite cannot
    read them for a reason of the file's (an error of the situation, such as a lock,
    is raised as it is)."""
    own = not conn.in_transaction      # one snapshot: another copy may migrate meanwhile
    try:
        if own:
            conn.execute("BEGIN")
        with _Budget(conn):
            v = version(conn)
            if v > SCHEMA_VERSION:
                raise BadDatabase(f"schema version {v} is newer than this game's {SCHEMA_VERSION}")
            if v < 0:
                raise BadDatabase(f"schema version {v}")
            encoding = conn.execute("PRAGMA encoding").fetchone()[0]
            if encoding != "UTF-8":
                raise BadDatabase(f"text kept as {clip(encoding, 20)}")
            want = expected_schema(v)
            if _schema_of(conn, len(want) + 1) != want:
                if v == 0:
                    raise BadDatabase("a database of something else (its tables are not ours)")
                raise BadDatabase(f"its tables are not the ones this game makes at version {v}")
    except sqlite3.Error as e:
        if code_of(e) in SITUATION:
            raise
        if code_of(e) == SQLITE_INTERRUPT:
            raise BadDatabase("its schema is far larger than this game's") from None
        raise BadDatabase(clip(e)) from None
    finally:
        if own:
            rollback_if_open(conn)     # it only read
    return v


#: the files this process wrote last, as they were when it closed them (path -> signature):
#: PRAGMA quick_check reads every page, so a file unchanged since our own last write in this
#: session is not read whole again before the next game
_WRITTEN: dict[str, tuple] = {}


def _signature(path: Path) -> tuple | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def written(path: Path) -> None:
    """The writer closed ``path`` after a good write: the next one may skip quick_check
    while the file stays exactly so (no -wal left with anything in it either)."""
    wal = _signature(Path(f"{path}-wal"))
    signature = _signature(path)
    if (wal is None or wal[2] == 0) and signature is not None:
        _WRITTEN[str(path)] = signature


def quick_check(conn: sqlite3.Connection) -> None:
    """BadDatabase when SQLite finds the file damaged (every page is read: a write only,
    and only once the schema is known to be ours)."""
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if [tuple(r) for r in rows] != [("ok",)]:
        raise BadDatabase("damaged: " + "; ".join(clip(r[0], 80) for r in rows[:3]))


def rollback_if_open(conn: sqlite3.Connection) -> None:
    """Undo an unfinished transaction, if SQLite has not already (a failed COMMIT on a full
    disk rolls back by itself; a second ROLLBACK would be an error of ours, not the file's)."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def migrate(conn: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Bring the database to version ``upto``: every step needed, with the version bump, in
    one ``BEGIN IMMEDIATE`` transaction that first reads the version again and checks the
    schema of that version (another copy of the game may have migrated it meanwhile).
    Returns the version reached."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        v = check_schema(conn)
        if v < upto:
            for step in MIGRATIONS[v:upto]:
                for sql in step:
                    conn.execute(sql)
            conn.execute(f"PRAGMA user_version = {upto:d}")
            v = upto
        conn.execute("COMMIT")
    except BaseException:
        rollback_if_open(conn)
        raise
    return v


def _make_ours(conn: sqlite3.Connection) -> None:
    """Our journal settings: only once the file is known to be ours."""
    conn.execute("PRAGMA journal_mode = WAL")   # a read-only folder keeps the old journal
    conn.execute("PRAGMA synchronous = FULL")


def _first_read(path: Path) -> tuple[sqlite3.Connection, bool, str | None]:
    """A read-only connection that has read the version: ``mode=ro``; where SQLite cannot
    keep the WAL index next to the file (a full disk, a read-only folder), the file and the
    committed part of its ``-wal`` read in memory (:mod:`.wal`), or without a log
    ``immutable``.  The third value: why the newest games cannot be shown (a log that could
    not be read in memory: the file is then read as of its last checkpoint), else None."""
    conn = _connect(path, write=False)
    try:
        version(conn)           # the first read: SQLite opens the WAL and its index here
        return conn, False, None
    except sqlite3.Error as e:
        conn.close()
        if code_of(e) not in (SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_READONLY, SQLITE_FULL, SQLITE_PERM):
            raise
        first = e
    behind = None
    if wal.has_log(path):
        try:
            data = wal.image(path)
            if data is not None:
                return _in_memory(data), True, None
        except (wal.TooLarge, OSError, AttributeError, MemoryError, sqlite3.Error):
            behind = cause(first, path)     # what keeps SQLite from reading the log itself
    try:
        conn = _connect(path, write=False, immutable=True)
        version(conn)
        return conn, True, behind
    except sqlite3.Error:
        raise first from None


def _in_memory(data: bytes) -> sqlite3.Connection:
    """A reader of the image :func:`wal.image` made, set up as :func:`_connect` sets one up."""
    conn = wal.connect(data)
    try:
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("PRAGMA temp_store = MEMORY")
        version(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _open_checked(path: Path, write: bool = True,
                  busy: float | None = None) -> tuple[sqlite3.Connection, bool, str | None]:
    """Check the file (module docstring, steps 1-4), then (``write``) migrate it.  ``busy``:
    the seconds to wait for another program's lock (else BUSY_SECONDS, READ_BUSY_SECONDS)."""
    check_files(path)
    behind = None
    if write:
        conn, immutable = _connect(path), False
    else:
        conn, immutable, behind = _first_read(path)
    try:
        if busy is not None:
            conn.execute(f"PRAGMA busy_timeout = {max(0, int(busy * 1000)):d}")
        check_schema(conn)
        if write:
            sig = _WRITTEN.pop(str(path), None)
            if sig is None or sig != _signature(path):
                quick_check(conn)
            _make_ours(conn)
            migrate(conn)
    except BaseException as e:
        conn.close()
        if immutable and is_bad_file(e):
            # read past SQLite's locks and WAL: what looks damaged may be a write under way
            raise OSError(errno.EAGAIN, f"it cannot be read now ({clip(e, 80)})") from None
        raise
    return conn, immutable, behind


def set_aside_db(path: Path) -> Path | None:
    """Rename a bad database (and its WAL) to ``<name>.corrupt-<timestamp>``; whatever is
    at the path (a link, a pipe) is renamed itself, never followed."""
    target = set_aside(path) if present(path) else None
    wal, shm = _companions(path)
    if present(wal):
        try:
            os.replace(wal, f"{target}-wal" if target is not None
                       else wal.with_name(f"{wal.name}.corrupt-{stamp()}"))
        except OSError:
            pass
    try:
        st = _lstat(shm)
        if st is not None and not stat.S_ISDIR(st.st_mode):
            shm.unlink()        # only an index into the WAL; SQLite rebuilds it
    except OSError:
        pass
    return target


# -- the cause of a failure, and the notices ----------------------------------------------

def cause(e: BaseException, path: Path) -> str:
    """What stopped a read or write of the statistics, for :class:`Notice`: a cause code
    (``disk-full``, ``no-inodes``, ``read-only``, ``no-permission``, ``in-use``, see
    :func:`game.notices.cause_text`) when the error or the folder says it, else the
    technical reason in one clipped line (nothing of the file's reaches a terminal raw)."""
    err = getattr(e, "errno", None)
    code = code_of(e)
    if err in (errno.EROFS,):
        return "read-only"
    if err in (errno.EACCES, errno.EPERM):
        return "no-permission"
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        return "in-use"
    folder = Path(path).parent
    if err in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)) or code in (
            SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM):
        probed = _probe(folder, Path(path))
        if probed:
            return probed
        if err == errno.ENOSPC or code == SQLITE_FULL:
            return "disk-full"
    return clip(getattr(e, "strerror", None) or e) or type(e).__name__


def _probe(folder: Path, path: Path) -> str | None:
    """The state of the folder that explains a failed write, if one does."""
    return unwritable(folder, path)


def notice_set_aside(path: Path, aside: Path | None) -> Notice:
    return Notice("stats-corrupt", path, aside)


def notice_unavailable(path: Path, why: str) -> Notice:
    return Notice("stats-unavailable", path, None, why)


def open_db(path: Path | None = None, write: bool = True, busy: float | None = None) -> Opened:
    """Open (creating and migrating as needed) the statistics database.

    A bad file is set aside and a fresh database opened.  ``write`` False (reading the
    figures): the file is opened read-only and never created, migrated or changed; a bad
    one is still set aside (renamed, not written), and then there is no connection.
    ``busy``: the seconds to wait for a lock another program holds (a finished game's
    writer waits a few, then keeps the game for later: :mod:`.pending`).  Never raises."""
    path = Path(path) if path is not None else db_path()
    if write:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return Opened(None, notice_unavailable(path, cause(e, path)))
    try:
        conn, immutable, behind = _open_checked(path, write, busy)
        return Opened(conn, immutable=immutable, behind=behind)
    except (sqlite3.Error, BadDatabase, OSError) as e:
        if not is_bad_file(e):
            return Opened(None, notice_unavailable(path, cause(e, path)))
    aside = set_aside_db(path)
    if aside is None and present(path):       # not even renamed: a read-only folder, say
        return Opened(None, notice_unavailable(path, _probe(path.parent, path) or "could not be set aside"))
    if not write:
        return Opened(None, notice_set_aside(path, aside), aside)
    try:
        conn, _ro, _behind = _open_checked(path, busy=busy)
        return Opened(conn, notice_set_aside(path, aside), aside)
    except (sqlite3.Error, BadDatabase, OSError) as e:
        return Opened(None, notice_unavailable(path, cause(e, path)), aside)


# -- reset -------------------------------------------------------------------------

def backup_to(conn: sqlite3.Connection, path: Path) -> Path:
    """A consistent single-file copy ``<name>.backup-<timestamp>-<random>`` next to ``path``,
    made with SQLite's backup API into a file created new (``O_EXCL``: nothing planted at
    the name is written through; the name cannot be guessed ahead either)."""
    fd, name = tempfile.mkstemp(prefix=f"{path.name}.backup-{stamp()}-", dir=path.parent)
    target = Path(name)
    try:
        made = os.fstat(fd)
        os.close(fd)
        dest = sqlite3.connect(_uri(target), uri=True, isolation_level=None)
        try:
            conn.backup(dest)
        finally:
            dest.close()
        now = os.lstat(target)
        if (now.st_dev, now.st_ino) != (made.st_dev, made.st_ino) or what_is(now):
            raise OSError(errno.EEXIST, "the backup file was replaced while it was written")
    except BaseException:
        try:
            if not stat.S_ISDIR(os.lstat(target).st_mode):
                target.unlink()
        except OSError:
            pass
        raise
    return target


def reset(path: Path | None = None) -> tuple[Path | None, Notice | None]:
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
            return None, notice_unavailable(path, cause(e, path))
        conn.execute("BEGIN IMMEDIATE")
        try:
            for table in ("deals", "seats", "games"):
                conn.execute(f"DELETE FROM {table}")
            conn.execute("COMMIT")
        except BaseException:
            rollback_if_open(conn)
            raise
        return backup, opened.notice
    except sqlite3.Error as e:
        return None, notice_unavailable(path, cause(e, path))
    finally:
        conn.close()
