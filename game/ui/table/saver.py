"""Saving off the frame path: the table hands the latest record to a writer thread.

Writing a save is a JSON dump, a write and an fsync: milliseconds that must not land in
a frame.  The writer keeps only the newest request (an older one not yet written is
dropped: the newer record contains it), writes in order, and reports a problem once,
for the table to show: the :class:`~game.notices.Notice` :mod:`game.storage.saves` gave.
``flush`` waits for the writer (leaving the table, tests).
"""

from __future__ import annotations

import threading

from ...notices import Notice
from .. import savegame


class Saver:
    def __init__(self):
        self._cond = threading.Condition()
        self._job = None              # ("save", record, session) or ("delete", rules)
        self._busy = False
        self._problem: Notice | None = None
        self._thread: threading.Thread | None = None

    def save(self, record: dict, session: dict) -> None:
        self._submit(("save", record, dict(session)))

    def delete(self, rules: str) -> None:
        """Forget the save of ``rules`` (the game is over)."""
        self._submit(("delete", rules))

    def _submit(self, job) -> None:
        with self._cond:
            self._job = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="gurka-save", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._job is None:
                    if not self._cond.wait(timeout=2.0):
                        self._thread = None        # idle: the thread ends, the next job starts one
                        return
                job, self._job = self._job, None
                self._busy = True
            problem: Notice | None = None
            try:
                if job[0] == "save":
                    problem = savegame.save(job[1], job[2])
                else:
                    savegame.delete(job[1])
            finally:
                with self._cond:
                    self._busy = False
                    if problem is not None:
                        self._problem = problem
                    self._cond.notify_all()

    def take_problem(self) -> Notice | None:
        """A problem with the last write, once (None when all went well)."""
        with self._cond:
            problem, self._problem = self._problem, None
        return problem

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until everything asked for is written."""
        with self._cond:
            self._cond.wait_for(lambda: self._job is None and not self._busy, timeout=timeout)
