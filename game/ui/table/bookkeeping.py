"""What the table keeps of a game besides its record: the per-game marks in the session,
the statistics and the last finished game.

The session (saved with the game, :mod:`game.saves`, whose :func:`~game.saves.clean_session`
checks it) holds, for the game being played: ``started`` (ISO time), ``played_s``
(seconds at the table), ``hints`` (how many hints the player whose statistics these are,
the first human seat, asked for) and ``undo_used`` (an undo was made: the record itself,
fixed by game/engine/RECORDS.md, carries no such mark).  When a game ends (never in the demo) its record
is kept as ``last_game.json`` in the data folder (the replay viewer's "last finished
game"; not a tutorial's) and, with a human seat, it goes into the statistics
(:func:`game.stats.record_game`) with those marks.
"""

from __future__ import annotations

import json
import threading

from ...saves import PER_GAME, now_iso
from ...user_files import atomic_write_text
from ..replay_open import last_game_path


def next_session(session: dict) -> dict:
    """The session for the next game: what carries over, without this game's marks (the
    next table's :func:`~game.saves.clean_session` starts them afresh)."""
    return {k: v for k, v in session.items() if k not in PER_GAME}


class Bookkeeping:
    def __init__(self, scene):
        self.s = scene
        self.done = False
        self._writer: threading.Thread | None = None
        self._notice: str | None = None

    @property
    def session(self) -> dict:
        return self.s.session

    def tick(self, dt: float) -> None:
        """Time at the table (not under the pause menu or another screen)."""
        if not self.s.finished:
            self.session["played_s"] = float(self.session["played_s"]) + dt / 1000.0

    @property
    def stats_seat(self) -> int | None:
        """The seat whose statistics the game goes into: the first human (hot seat too)."""
        humans = self.s.humans
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
        if self.done or self.s.app.demo or self.s.coach is not None:   # a tutorial is no game of yours
            return
        self.done = True
        seat = self.stats_seat
        marks = None
        if seat is not None:
            marks = {"started": self.session["started"], "finished": now_iso(),
                     "duration_s": round(float(self.session["played_s"]), 1),
                     "undo_used": bool(self.session["undo_used"]), "hints": int(self.session["hints"]),
                     "human_seat": seat, "demo": False}
        # not a daemon: a game that ended just before the window closed is still kept
        self._writer = threading.Thread(target=self._write, args=(record, marks), name="gurka-books")
        self._writer.start()

    def _write(self, record: dict, marks: dict | None) -> None:
        try:
            atomic_write_text(last_game_path(), json.dumps(record, ensure_ascii=False) + "\n")
        except OSError:
            pass    # the replay viewer then offers no "last game"; the game itself goes on
        if marks is not None:
            from ...stats import record_game
            self._notice = record_game(record, marks)

    def show_notice(self) -> None:
        """The writer's notice for the player (the statistics could not be written), shown
        once it has finished."""
        if self._writer is None or self._writer.is_alive():
            return
        self._writer = None
        notice, self._notice = self._notice, None
        if notice:
            self.s.app.nav.push("message", text=notice)

    def flush(self) -> None:
        """Wait for the writer (leaving the table, tests)."""
        if self._writer is not None:
            self._writer.join()
