"""Running AI decisions off the UI thread.

    worker = AIWorker()
    ticket = worker.submit(view, legal, "hard", seed)
    ...                                  # every frame:
    action = worker.poll(ticket)         # None until the decision is ready
    ...
    worker.cancel()                      # game abandoned: drop (and stop) pending work
    worker.close()                       # on quit

Decisions run in a separate *process* (Hard is CPU-bound Python and would
hold the GIL, stalling the UI's animations), started lazily with the
``spawn`` method on every platform, so it behaves the same on Windows,
macOS and Linux and in a frozen (PyInstaller) build.  If no process can be
started, a background thread is used instead (the game still works; the UI
may stutter while Hard thinks).

**Entry-point requirement (frozen builds).** A frozen app re-executes its own
executable for the child process.  The entry script must call
``multiprocessing.freeze_support()`` first thing under
``if __name__ == "__main__":`` (before parsing arguments or opening a window),
and must not start the UI at import time::

    import multiprocessing
    if __name__ == "__main__":
        multiprocessing.freeze_support()
        from game.cli import main
        raise SystemExit(main())

``python -m game`` needs nothing extra (``game/__main__.py`` is not re-run in
the child: the child only imports :mod:`game.ai.worker`).

A level is ``"random"``, ``"easy"``, ``"normal"``, ``"hard"``, ``"hard:N"``
(fixed iterations), ``"hint"`` (a dict: Hard's action and the figures of its search,
:func:`game.ai.hints.hint`) or the same as an ``ai:`` seat spec.  Nothing else is played
here: an ``ext:`` bot or an unknown level is reported in :attr:`AIWorker.errors`
and the Normal AI decides (a saved game must never start a program).  The worker
only ever receives the view and the legal actions: what an AI seat may know.

**Nothing left behind.**  The process talks over two one-way pipes; the parent holds
the only writing end of the request pipe, so when the game ends by any means
(``kill -9`` included) the child's reader thread sees end-of-file and the child exits
at once, even in the middle of a decision.  The multiprocessing resource tracker
then ends too (its pipe is held only by the two of them).
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import queue
import threading
import time
import traceback
from typing import Any, Sequence

from ..child_pipe import feed, serve
from ..engine.actions import Action
from ..engine.records import seat_problem


def _spec(level: str) -> str:
    return level if level.startswith(("ai:", "ext:")) else f"ai:{level}"


def decide(view: dict, legal: list[dict], level: str, seed: int) -> dict[str, Any]:
    """One decision of a built-in level, in whatever process or thread calls it (level
    ``hint``: Hard's choice with the figures of its search, :func:`game.ai.hints.hint`).
    ValueError for anything else (``ext:`` bots are never started here)."""
    if level == "hint":
        from .hints import hint      # lazy: the AI's search loads in the process that decides
        return hint(view, legal, seed)
    from .seats import make_player   # lazy: the AI's search loads in the process that decides
    spec = _spec(str(level))
    if not spec.startswith("ai:") or seat_problem(spec):
        raise ValueError(f"the AI worker plays built-in levels only, not {spec[:60]!r}")
    player = make_player(spec, seed)
    return player.choose(view, legal)


def _fallback(view: dict, legal: list[dict], seed: int) -> dict[str, Any]:
    try:
        return decide(view, legal, "normal", seed)
    except Exception:  # noqa: BLE001 - never leave the UI without a move
        return legal[0]


def _answer(msg) -> tuple:
    ticket, view, legal, level, seed = msg
    try:
        return (ticket, decide(view, legal, level, seed), None)
    except Exception:  # noqa: BLE001 - reported to the caller, who falls back
        return (ticket, None, traceback.format_exc(limit=5))


def _serve(inbox, outbox) -> None:
    """The worker loop of the thread fallback: (ticket, view, legal, level, seed) in,
    (ticket, action, error) out; ``None`` stops it."""
    while True:
        msg = inbox.get()
        if msg is None:
            return
        outbox.put(_answer(msg))


def _child_main(requests, results) -> None:
    """The worker process: decides each request (:mod:`game.child_pipe`)."""
    serve(requests, results, _answer, "gurka-ai-watch")


_STOP = object()


class AIWorker:
    """Asynchronous AI decisions: ``submit`` returns a ticket, ``poll`` never blocks."""

    def __init__(self, use_process: bool = True):
        self.use_process = use_process
        self.mode: str | None = None          # "process" or "thread" once started
        self.errors: list[str] = []
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple] = {}  # ticket -> (view, legal, level, seed)
        self._done: dict[int, dict] = {}
        self._proc: Any = None                # the process (multiprocessing's SpawnProcess)
        self._thread: threading.Thread | None = None
        self._in: queue.Queue | None = None   # requests (to the feeder thread or the thread)
        self._out: queue.Queue | None = None  # results of the thread fallback
        self._results: Any = None             # results pipe of the process (reading end)

    # -- lifecycle -----------------------------------------------------------------
    def _start(self) -> None:
        if self._alive():
            return
        if self.use_process:
            try:
                self._start_process()
                return
            except Exception as e:  # noqa: BLE001 - fall back to a thread
                self.errors.append(f"AI process could not start ({type(e).__name__}: {e}); "
                                   "using a thread")
                self._proc = None
                self.use_process = False
        self._in, self._out = queue.Queue(), queue.Queue()
        self._thread = threading.Thread(target=_serve, args=(self._in, self._out),
                                        name="gurka-ai", daemon=True)
        self._thread.start()
        self.mode = "thread"

    def _start_process(self) -> None:
        ctx = mp.get_context("spawn")
        req_r, req_w = ctx.Pipe(duplex=False)
        res_r, res_w = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_child_main, args=(req_r, res_w), name="gurka-ai", daemon=True)
        try:
            proc.start()
        finally:
            req_r.close()       # the child has its own copies; ours would keep the pipes open
            res_w.close()
        self._proc = proc
        self._results = res_r
        self._in = queue.Queue()
        threading.Thread(target=feed, args=(self._in, req_w, _STOP), name="gurka-ai-feed",
                         daemon=True).start()
        self.mode = "process"

    def _alive(self) -> bool:
        if self._proc is not None:
            return self._proc.is_alive()
        return self._thread is not None and self._thread.is_alive()

    def _stop(self) -> None:
        if self._proc is not None:
            try:
                self._proc.terminate()
                self._proc.join(2)
            except Exception:  # noqa: BLE001 - stopping must never fail
                pass
            self._proc = None
            if self._in is not None:
                self._in.put(_STOP)     # the feeder closes the request pipe
            try:
                self._results.close()
            except (OSError, AttributeError):
                pass
            self._results = None
        elif self._thread is not None and self._in is not None:
            self._in.put(None)     # a thread cannot be killed: it stops after its decision
            self._thread = None
        self._in = self._out = None

    # -- API -------------------------------------------------------------------------
    def submit(self, view: dict, actions: Sequence[Action], level: str = "normal", seed: int = 0) -> int:
        """Queue one decision; returns a ticket for :meth:`poll`."""
        if not actions:
            raise ValueError("no legal actions to choose from")
        legal = [dict(a) for a in actions]     # (plain JSON objects for the AI's process)
        self._start()
        ticket = next(self._ids)
        self._pending[ticket] = (view, legal, level, seed)
        assert self._in is not None       # (started just above)
        self._in.put((ticket, view, legal, level, seed))
        return ticket

    def poll(self, ticket: int) -> dict[str, Any] | None:
        """The chosen action once ready, else None (never blocks)."""
        self._drain()
        if ticket in self._done:
            return self._done.pop(ticket)
        if ticket in self._pending and self.mode == "process" and not self._alive():
            # the worker died (crash, killed): decide the pending ones here, quickly
            self.errors.append("AI process stopped unexpectedly; normal AI decided")
            for t, (view, legal, _level, seed) in list(self._pending.items()):
                self._done[t] = _fallback(view, legal, seed)
            self._pending.clear()
            self._proc = None
            return self._done.pop(ticket, None)
        return None

    def wait(self, ticket: int, timeout: float = 30.0) -> dict | None:
        """Blocking helper for tests and tools (the UI uses :meth:`poll`)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            a = self.poll(ticket)
            if a is not None:
                return a
            time.sleep(0.005)
        return None

    def busy(self) -> bool:
        return bool(self._pending)

    def cancel(self, ticket: int | None = None) -> None:
        """Drop one pending decision, or all of them (``None``: e.g. the game was
        abandoned).  A process that is still thinking is stopped; the next
        :meth:`submit` starts a fresh one."""
        if ticket is not None:
            self._pending.pop(ticket, None)
            self._done.pop(ticket, None)
            return
        had_work = bool(self._pending)
        self._pending.clear()
        self._done.clear()
        if had_work and self.mode == "process":
            self._stop()
        elif had_work and self.mode == "thread":
            self._drain()

    def close(self) -> None:
        self._pending.clear()
        self._done.clear()
        if self._proc is not None and self._proc.is_alive() and self._in is not None:
            try:
                self._in.put(None)          # the child ends itself on None
                self._proc.join(0.5)
            except Exception:  # noqa: BLE001 - quitting must never fail
                pass
        self._stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - a finaliser must never raise
            pass

    # -- internals ---------------------------------------------------------------------
    def _drain(self) -> None:
        for ticket, action, error in self._received():
            job = self._pending.pop(ticket, None)
            if job is None:
                continue            # cancelled
            if error is not None:
                self.errors.append(error)
                action = _fallback(job[0], job[1], job[3])
            self._done[ticket] = action

    def _received(self) -> list[tuple]:
        out = []
        if self._results is not None:
            try:
                while self._results.poll():
                    out.append(self._results.recv())
            except (OSError, EOFError, ValueError):
                pass                # a dead process: poll() notices and falls back
        elif self._out is not None:
            while True:
                try:
                    out.append(self._out.get_nowait())
                except queue.Empty:
                    break
        return out
