"""AI seats that never block the window.

Uses ``game.ai.worker.AIWorker`` (submit / poll / cancel / close) when it
exists; otherwise runs ``make_player(...).choose`` in a daemon thread with the
same interface.  A level that is not registered falls back to ``random``.
"""

from __future__ import annotations

import threading
import traceback


def _factory(level: str, seed: int):
    try:
        from ..ai.seats import LEVELS, make_player
    except Exception:  # noqa: BLE001 - an AI module mid-edit must not stop the table
        from ..ai.random_player import RandomPlayer
        return RandomPlayer(seed)
    if level not in LEVELS and not level.startswith("hard:"):
        level = "random"
    try:
        return make_player(f"ai:{level}", seed=seed)
    except Exception:  # noqa: BLE001
        from ..ai.random_player import RandomPlayer
        return RandomPlayer(seed)


class ThreadAI:
    """Fallback worker: one thread per decision."""

    def __init__(self):
        self._results: dict[int, object] = {}
        self._next = 0
        self._lock = threading.Lock()
        self._cancelled: set[int] = set()

    def submit(self, view: dict, legal: list[dict], level: str, seed: int) -> int:
        with self._lock:
            self._next += 1
            ticket = self._next

        def work():
            try:
                action = _factory(level, seed).choose(view, legal)
                if action not in legal:
                    action = legal[0]
            except Exception:  # noqa: BLE001 - a failing AI plays a legal move
                traceback.print_exc()
                action = legal[0]
            with self._lock:
                if ticket not in self._cancelled:
                    self._results[ticket] = action

        threading.Thread(target=work, daemon=True, name=f"ai-{ticket}").start()
        return ticket

    def poll(self, ticket: int):
        with self._lock:
            return self._results.pop(ticket, None)

    def cancel(self, ticket: int | None = None) -> None:
        with self._lock:
            if ticket is None:
                self._cancelled.update(range(1, self._next + 1))
                self._results.clear()
            else:
                self._cancelled.add(ticket)
                self._results.pop(ticket, None)

    def close(self) -> None:
        self.cancel()


def make_worker():
    try:
        from ..ai.worker import AIWorker
    except Exception:  # noqa: BLE001
        return ThreadAI()
    try:
        return AIWorker()
    except Exception:  # noqa: BLE001
        return ThreadAI()


def available_levels() -> list[str]:
    """Levels the setup screen offers (easy / normal / hard when registered)."""
    try:
        from ..ai.seats import LEVELS
    except Exception:  # noqa: BLE001
        return ["random"]
    out = [lv for lv in ("easy", "normal", "hard") if lv in LEVELS]
    return out or ["random"]
