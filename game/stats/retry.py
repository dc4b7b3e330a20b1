"""The games kept while the statistics file was held by another program (:mod:`.pending`),
added once it is free: :func:`add_waiting`, on a thread of its own (:func:`retry`) started
after a game was kept and at every start.  No pygame here."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from ..notices import Notice
from ..safe_json import clip
from ..storage.user_files import set_aside_file
from .db import db_path, open_db
from .facts import game_facts
from .pending import folder, names, read, waiting
from .store import write_game

#: seconds between two tries while games wait (doubling after a try that could add none, up
#: to RETRY_MAX), and how long one try waits for the file
RETRY_SECONDS = 2.0
RETRY_MAX = 10.0
TRY_BUSY = 0.5

#: one adder at a time in this process
_LOCK = threading.Lock()
#: what the player should be told of the tries (a file set aside)
_NOTICES: list[Notice] = []


def add_waiting(path: Path | None = None, busy: float = TRY_BUSY) -> int:
    """Add the waiting games to the statistics at ``path``, oldest first, waiting at most
    ``busy`` seconds for the file; how many still wait.  A file that is no finished game of
    ours is set aside with a notice (:func:`take_notices`).  Never raises."""
    path = Path(path if path is not None else db_path())
    home = folder(path)
    with _LOCK:
        files = names(home)
        if not files:
            return 0
        opened = open_db(path, busy=busy)
        if opened.notice is not None and opened.conn is not None:
            _NOTICES.append(opened.notice)            # a bad file set aside: a new one started
        if opened.conn is None:
            return len(files)                         # in use, a full or read-only disk: later
        conn = opened.conn
        left = len(files)
        try:
            for name in files:
                file = home / name
                try:
                    facts = game_facts(*read(file))
                except FileNotFoundError:
                    left -= 1                         # another copy of the game added it
                    continue
                except Exception as e:  # noqa: BLE001 - whatever a hostile file makes the checks raise
                    _NOTICES.append(Notice("stats-unsaved", file, set_aside_file(file), clip(e)))
                    left -= 1
                    continue
                try:
                    write_game(conn, facts, once=True)
                except sqlite3.Error:
                    break                             # taken again meanwhile, full: the next try
                try:
                    file.unlink()
                except FileNotFoundError:
                    pass
                except OSError:
                    break
                left -= 1
        finally:
            conn.close()
        return left


def take_notices() -> list[Notice]:
    """What the player should be told of the tries so far (once)."""
    with _LOCK:
        out = list(_NOTICES)
        _NOTICES.clear()
    return out


# -- the retry thread --------------------------------------------------------------------------

_STATE = threading.Lock()
_thread: threading.Thread | None = None
_stop = threading.Event()
_paths: set[str] = set()


def retry(path: Path | None = None, first: float = RETRY_SECONDS) -> None:
    """Add the games waiting for the statistics at ``path`` on a thread of its own: after
    ``first`` seconds, then again while any wait (a daemon: a window closed meanwhile loses
    nothing, the files stay for the next start).  Never raises."""
    global _thread, _stop
    try:
        where = str(Path(path if path is not None else db_path()))
    except Exception:  # noqa: BLE001 - no data folder at all: nothing can wait in it
        return
    with _STATE:
        _paths.add(where)
        if _thread is not None and _thread.is_alive() and not _stop.is_set():
            return
        _stop = threading.Event()
        _thread = threading.Thread(target=_run, args=(_stop, first), name="gurka-stats-pending", daemon=True)
        _thread.start()


def _run(stop: threading.Event, first: float) -> None:
    global _thread
    delay = first
    while not stop.wait(delay):
        with _STATE:
            paths = sorted(_paths)
        added = False
        for where in paths:
            try:
                before = waiting(Path(where))
                left = add_waiting(Path(where))
            except Exception:  # noqa: BLE001 - never raises; whatever it is, the next start tries again
                before, left = 0, 0
            added = added or left < before
            if left == 0:
                with _STATE:
                    _paths.discard(where)
        delay = RETRY_SECONDS if added else min(RETRY_MAX, max(RETRY_SECONDS, delay * 2))
        with _STATE:
            if not _paths or stop.is_set():
                if _thread is threading.current_thread():
                    _thread = None
                return
    with _STATE:
        if _thread is threading.current_thread():
            _thread = None


def stop(timeout: float = 2.0) -> None:
    """Stop trying (the window closes; a test's "next start"): a try under way ends first
    (it waits at most :data:`TRY_BUSY` for the file)."""
    with _STATE:
        thread = _thread
        _stop.set()
        _paths.clear()
    if thread is not None and thread is not threading.current_thread():
        thread.join(timeout)


def waiting_notice(path: Path | None = None) -> Notice | None:
    """For the statistics screen: what a try had to set aside, else how many games still
    wait to be added (None when none do)."""
    told = take_notices()
    if told:
        return told[0]
    n = waiting(path)
    return Notice("stats-waiting", folder(path), None, str(n)) if n else None
