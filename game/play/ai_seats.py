"""AI seats for the table: one decision at a time, off the UI thread.

The driver hands the seat's view and the legal actions to the AI worker
(:class:`game.ai.worker.AIWorker`, a separate process that falls back to a thread by
itself) and polls it every frame; the table never waits on it.  A decision is
handed back no sooner than ``min_delay`` after it was asked for, so that every AI
card can be followed.
"""

from __future__ import annotations

import random
from typing import Any, cast

from ..ai.worker import AIWorker
from ..engine.actions import Action
from ..engine.base import GameState


def level_of(spec: str) -> str:
    """``ai:hard`` -> ``hard``; anything else a save could hold plays as ``normal``."""
    return spec.split(":", 1)[1] if spec.startswith("ai:") else "normal"


class AIDriver:
    def __init__(self, seed: int):
        self.worker: AIWorker | None = None
        self.rng = random.Random(seed)
        self.ticket: int | None = None
        self.seat: int | None = None
        self.started = 0.0
        self.result: Action | None = None

    @property
    def thinking(self) -> bool:
        return self.ticket is not None

    def ask_hint(self, view: dict[str, Any], legal: list[Action]) -> int:
        """Ask the worker for a hint on ``view``'s decision (Hard's choice with its figures):
        a ticket for :meth:`hint_result`.  The table's hints share this driver's worker."""
        return self.pool().submit(view, legal, "hint", self.rng.randrange(2 ** 31))

    def hint_result(self, ticket: int) -> dict[str, Any] | None:
        """The hint (or the worker's fallback action) once ready, else None."""
        return self.pool().poll(ticket)

    def drop_hint(self, ticket: int) -> None:
        """Forget a hint asked for (its answer, when it comes, is dropped)."""
        if self.worker is not None:
            self.worker.cancel(ticket)

    def pool(self) -> AIWorker:
        """The worker (started on first use), shared with the table's hints."""
        if self.worker is None:
            self.worker = AIWorker()
        return self.worker

    def ask(self, state: GameState, seat: int, spec: str, now: float) -> None:
        """Start the decision of ``seat`` unless it is already under way."""
        if self.ticket is not None and self.seat == seat:
            return
        self.cancel()
        if self.worker is None:
            self.worker = AIWorker()
        self.seat = seat
        self.started = now
        self.result = None
        self.ticket = self.worker.submit(state.view(seat), state.legal_actions(), level_of(spec),
                                         self.rng.randrange(2 ** 31))

    def poll(self, now: float, min_delay: float) -> Action | None:
        """The decision once it is ready and ``min_delay`` ms have passed, else None."""
        if self.ticket is None:
            return None
        if self.result is None:
            assert self.worker is not None      # (a ticket is the worker's)
            self.result = cast("Action | None", self.worker.poll(self.ticket))   # (a level answers an action)
            if self.result is None:
                return None
        if now - self.started < min_delay:
            return None
        action, self.result = self.result, None
        self.ticket = None
        self.seat = None
        return action

    def cancel(self) -> None:
        if self.worker is not None and self.ticket is not None:
            self.worker.cancel(self.ticket)
        self.ticket = None
        self.seat = None
        self.result = None

    def close(self) -> None:
        """Stop the worker (and its process) for good."""
        self.cancel()
        if self.worker is not None:
            worker, self.worker = self.worker, None
            try:
                worker.close()
            except Exception:  # noqa: BLE001 - leaving the table must never fail on a dying worker
                pass
