"""Writing a finished game into the statistics database: :func:`record_game`.

A file another program holds (an open write transaction, an exclusive lock, a WAL writer
that never commits) is waited for :data:`IN_USE_WAIT` seconds at most; then the game is
kept in :mod:`.pending` and added once the file is free (:mod:`.retry`), and the notice
says so (``stats-pending``)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from ..notices import Notice
from ..safe_json import clip
from . import pending
from .db import (cause, db_path, is_bad_file, notice_set_aside, open_db, rollback_if_open, set_aside_db,
                 written)
from .facts import GameFacts, game_facts, human_seat

#: the same game, as far as its row tells (a game kept in :mod:`.pending` and added already)
SAME_GAME = ("SELECT 1 FROM games WHERE rules = ? AND options = ? AND players = ? AND human_seat = ? "
             "AND opponents = ? AND result = ? AND place IS ? AND deals = ? AND deals_played = ? "
             "AND penalty IS ? AND was_durak = ? AND started IS ? AND finished = ? AND duration_s IS ? "
             "AND undo_used = ? AND hints = ? LIMIT 1")


def write_game(conn: sqlite3.Connection, f: GameFacts, once: bool = False) -> int | None:
    """Insert one game with its seats and deals in one transaction; its id.  ``once``: not
    when the file holds the same game already (None then)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if once and conn.execute(SAME_GAME, (
                f.rules, f.options_json, f.players, f.human_seat, f.opponents, f.result, f.place, f.deals,
                f.deals_played, f.penalty, int(f.was_durak), f.started, f.finished, f.duration_s,
                int(f.undo_used), f.hints)).fetchone():
            conn.execute("COMMIT")
            return None
        cur = conn.execute(
            "INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, "
            "place, deals, deals_played, penalty, was_durak, started, finished, duration_s, undo_used, hints) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (f.rules, f.options_json, f.players, f.human_seat, f.opponents, f.scoring, f.result,
             f.place, f.deals, f.deals_played, f.penalty, int(f.was_durak), f.started, f.finished, f.duration_s,
             int(f.undo_used), f.hints))
        gid = cur.lastrowid
        conn.executemany("INSERT INTO seats (game_id, seat, kind, level, name) VALUES (?, ?, ?, ?, ?)",
                         [(gid, s.seat, s.kind, s.level, s.name) for s in f.seats])
        conn.executemany("INSERT INTO deals (game_id, deal, seat, penalty, total, lost) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         [(gid, d.deal, d.seat, d.penalty, d.total, int(d.lost)) for d in f.deal_rows])
        conn.execute("COMMIT")
    except BaseException:
        rollback_if_open(conn)          # not again if SQLite has rolled back a failed COMMIT itself
        raise
    return gid


def _unsaved(path: Path, why: str) -> Notice:
    return Notice("stats-unsaved", path, None, why)


#: a finished game's write that found the file in use (another copy of the game writing at
#: the same moment, SQLite's quick refusal when two writers meet) is tried again after these
#: pauses (seconds; the writer is off the frame path) ...
RETRY_BUSY = (0.2, 0.5, 1.0, 2.0)
#: ... for this long in all; then the file is held by another program, and the game is kept
#: to be added later (:mod:`.pending`): the player hears of it within a few seconds
IN_USE_WAIT = 2.5


def _in_use(notice: Notice | None) -> bool:
    return notice is not None and notice.kind == "stats-unsaved" and notice.detail == "in-use"


def record_game(record: dict, meta: dict, path: Path | None = None, wait: float = IN_USE_WAIT) -> Notice | None:
    """Store a finished game (the table calls this when a game ends).

    ``meta``: ``started`` / ``finished`` (ISO times), ``duration_s``, ``undo_used``,
    ``hints``, ``human_seat`` (int or None) and ``demo``.  Games without a human
    seat, and demo games, are not stored.  Returns a notice for the player when
    something went wrong (a bad statistics file set aside, a full disk …); never raises.
    An error of the writer's situation (another copy of the game writing, a full disk, a
    read-only folder) never sets the file aside: the notice names the cause.  A file still
    in use after ``wait`` seconds: the game is kept in :mod:`.pending` (``stats-pending``;
    :func:`game.stats.retry.retry` adds it once the file is free).
    """
    where = Path(path) if path is not None else None
    try:
        where = where or db_path()
        if human_seat(record, meta) is None:
            return None
        try:
            facts = game_facts(record, meta)
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            return _unsaved(where, clip(e))
        deadline = time.monotonic() + wait
        pauses = iter(RETRY_BUSY)
        while True:        # another copy of the game writing: it is a moment's wait
            notice = _store(facts, where, max(0.05, deadline - time.monotonic()))
            left = deadline - time.monotonic()
            if not _in_use(notice) or left <= 0:
                break
            time.sleep(min(next(pauses, RETRY_BUSY[-1]), left))
        if _in_use(notice) and pending.keep(record, meta, where):
            return Notice("stats-pending", where, None, "in-use")
        return notice
    except Exception as e:  # noqa: BLE001 - statistics must never stop the game at its end
        return _unsaved(where or Path(), clip(f"{type(e).__name__}: {e}"))


def _store(facts: GameFacts, path: Path, busy: float | None = None) -> Notice | None:
    opened = open_db(path, busy=busy)
    if opened.conn is None:
        n = opened.notice
        return _unsaved(path, n.detail) if n is not None and n.kind == "stats-unavailable" else n
    notice = opened.notice
    conn = opened.conn
    try:
        write_game(conn, facts)
        conn.close()
        written(path)
        return notice
    except sqlite3.Error as e:
        if not is_bad_file(e):
            return _unsaved(path, cause(e, path))    # locked, full, read-only: the file is fine
        bad = e
    finally:
        conn.close()
    # the file went bad under us: keep it aside and start again with this game
    aside = set_aside_db(path)
    again = open_db(path)
    if again.conn is None:
        return again.notice or _unsaved(path, cause(bad, path))
    try:
        write_game(again.conn, facts)
    except sqlite3.Error as e:
        return _unsaved(path, cause(e, path))
    finally:
        again.conn.close()
    return notice_set_aside(path, aside)
