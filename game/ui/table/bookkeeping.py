"""What the table keeps of a game besides its record: the per-game marks in the session,
the statistics and the finished game's record.

The session (saved with the game, :mod:`game.storage.saves`, whose :func:`~game.storage.saves.clean_session`
checks it) holds, for the game being played: ``started`` (ISO time), ``played_s``
(seconds at the table), ``hints`` (how many hints the player whose statistics these are,
the first human seat, asked for) and ``undo_used`` (an undo was made: the record itself,
fixed by game/engine/RECORDS.md, carries no such mark).  When a game ends (never in the demo,
never a tutorial) its record is kept among the finished games (:func:`game.storage.history.add_game`,
with the seats played at this screen: a network game's record, which arrives with its end,
too) and, with a human seat, it goes into the statistics (:func:`game.stats.record_game`)
with those marks; a statistics file another program holds keeps the game waiting, and
:func:`game.stats.retry.retry` adds it once the file is free.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ...stats import record_game
from ...stats.retry import retry
from ...storage.saves import PER_GAME, now_iso
from .board import Board


def next_session(session: dict) -> dict:
    """The session for the next game: what carries over, without this game's marks (the
    next table's :func:`~game.storage.saves.clean_session` starts them afresh)."""
    return {k: v for k, v in session.items() if k not in PER_GAME}


def people_record(record: dict) -> dict:
    """A finished network game as this screen keeps it: the seats of the players who joined
    from their computers (``net``) are people, as a hot-seat game's (``human``)."""
    players = [{**p, "seat": "human"} if p.get("seat") == "net" else p for p in record["players"]]
    return {**record, "players": players}


class Bookkeeping:
    def __init__(self, board: Board, tutorial: bool, notify: Callable[[str], None]):
        """``board``: the session, the people at this screen, the end shown, the demo;
        ``tutorial``: a tutorial's game (never kept); ``notify(text)``: a notice shown to the player."""
        self.board = board
        self.tutorial = tutorial
        self.notify = notify
        self.done = False
        self._writer: threading.Thread | None = None
        #: what the writer could not write (Notices and texts), put into words when shown
        self._notices: list = []

    @property
    def session(self) -> dict:
        return self.board.session

    def tick(self, dt: float) -> None:
        """Time at the table (not under the pause menu or another screen)."""
        if not self.board.finished:
            self.session["played_s"] = float(self.session["played_s"]) + dt / 1000.0

    @property
    def stats_seat(self) -> int | None:
        """The seat whose statistics the game goes into: the first human (hot seat too)."""
        humans = self.board.humans
        return humans[0] if humans else None

    def hint_used(self, seat: int) -> None:
        """``seat`` was given a hint: counted for the player of :attr:`stats_seat` only (in
        hot seat another person's hints are not that player's)."""
        if seat == self.stats_seat:
            self.session["hints"] = int(self.session["hints"]) + 1

    def undo_used(self) -> None:
        self.session["undo_used"] = True

    def finish(self, record: dict) -> None:
        """The game ended: keep its record and add it to the statistics (once; never in the
        demo), on a thread of its own: the writes (a file, the statistics database) stay off
        the frame path.  :meth:`show_notice` then shows a notice for the player when
        something could not be written."""
        if self.done or self.board.demo or self.tutorial:   # a tutorial is no game of yours
            return
        self.done = True
        record = people_record(record)
        seat = self.stats_seat
        marks = None
        if seat is not None:
            marks = {"started": self.session["started"], "finished": now_iso(),
                     "duration_s": round(float(self.session["played_s"]), 1),
                     "undo_used": bool(self.session["undo_used"]), "hints": int(self.session["hints"]),
                     "human_seat": seat, "demo": False}
        # not a daemon: a game that ended just before the window closed is still kept
        self._writer = threading.Thread(target=self._write, args=(record, marks, list(self.board.humans)),
                                        name="gurka-books")
        self._writer.start()

    def _write(self, record: dict, marks: dict | None, mine: list[int]) -> None:
        # start-up: with a save the menu loads the table; the history only when a game ends
        from ...storage.history import add_game
        kept = add_game(record, mine)      # a Notice when it could not be kept; the game goes on
        if kept is not None:
            self._notices.append(kept)
        if marks is not None:
            notice = record_game(record, marks)
            if notice:
                self._notices.append(notice)
                if notice.kind == "stats-pending":    # kept: added once the file is free
                    retry(notice.path)

    def show_notice(self) -> None:
        """The writer's notices for the player (the game could not be kept, the statistics
        could not be written), shown once it has finished."""
        if self._writer is None or self._writer.is_alive():
            return
        self._writer = None
        notices, self._notices = self._notices, []
        if notices:
            self.notify("\n\n".join(str(n) for n in notices))

    def flush(self) -> None:
        """Wait for the writer (leaving the table, tests)."""
        if self._writer is not None:
            self._writer.join()
