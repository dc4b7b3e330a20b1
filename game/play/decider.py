"""AI seats for a table without a window: player objects deciding on a worker thread.

:class:`PlayerDecider` has the face of :class:`.ai_seats.AIDriver` (``seat``, ``thinking``,
``ask``, ``poll``, ``cancel``, ``close``) but decides with player objects made by
:func:`game.ai.seats.make_player` (``ai:LEVEL`` or an ``ext:PATH`` bot), one decision at a
time on its own thread, so that the loop that calls :meth:`poll` (the headless host's, which
also serves the network) never waits.  Each seat's player is made once, when first asked.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from ..ai.seats import make_player
from ..engine.actions import Action
from ..engine.base import GameState


class PlayerDecider:
    def __init__(self, seed: int = 0, bot: dict[str, Any] | None = None, reproducible: bool = False):
        self.seed = seed
        self.bot = bot
        self.reproducible = reproducible
        self.players: dict[tuple[int, str], object] = {}
        self.seat: int | None = None
        self.started = 0.0
        self._ticket = 0
        self._asked: int | None = None
        self._results: queue.SimpleQueue[tuple[int, Action]] = queue.SimpleQueue()
        self._result: Action | None = None
        #: (ticket, seat, spec, view, legal), or None to stop
        self._jobs: queue.SimpleQueue[tuple[int, int, str, dict[str, Any], list[Action]] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="gurka-seats", daemon=True)
        self._thread.start()

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def _player(self, seat: int, spec: str) -> Any:
        key = (seat, spec)
        if key not in self.players:
            self.players[key] = make_player(spec, seed=self.seed * 100 + seat,
                                            reproducible=self.reproducible, bot=self.bot)
        return self.players[key]

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            ticket, seat, spec, view, legal = job
            try:
                action = self._player(seat, spec).choose(view, legal)
            except Exception:  # noqa: BLE001 - a failing AI must not stop the table: first legal
                action = legal[0]
            self._results.put((ticket, action))

    def ask(self, state: GameState, seat: int, spec: str, now: float) -> None:
        if self._asked is not None and self.seat == seat:
            return
        self.cancel()
        self._ticket += 1
        self._asked = self._ticket
        self.seat = seat
        self.started = now
        self._result = None
        self._jobs.put((self._ticket, seat, spec, state.view(seat), state.legal_actions()))

    def poll(self, now: float, min_delay: float) -> Action | None:
        if self._asked is None:
            return None
        while self._result is None:
            try:
                ticket, action = self._results.get_nowait()
            except queue.Empty:
                return None
            if ticket == self._asked:
                self._result = action
        if now - self.started < min_delay:
            return None
        action, self._result = self._result, None
        self._asked = None
        self.seat = None
        return action

    def cancel(self) -> None:
        """Forget the decision under way (its answer, when it comes, is dropped)."""
        self._asked = None
        self.seat = None
        self._result = None

    def close(self) -> None:
        self.cancel()
        self._jobs.put(None)
        self._thread.join(5.0)
        for player in self.players.values():
            close = getattr(player, "close", None)
            if close:
                try:
                    close()
                except Exception:  # noqa: BLE001 - a dying bot must not fail the end of the game
                    pass
