"""One seat's stream of a game: everything a screen's table knows of it.

The table (:mod:`game.ui.table`) draws from a stream and nothing else: the events of one
seat's view (other hands and the stock as counts), whose turn it is, that seat's legal
actions when it is theirs, and a way to send the seat's decision.  Three kinds of stream
give the same face:

- :class:`LocalStream`: a game hosted in this process (:class:`.host.TableHost`): a game
  against the AI, hot seat (the stream looks from the seat of the person at the screen:
  :meth:`LocalStream.look_from`), the tutorial, and the host's own screen of a network game;
- the network joiner's stream (:mod:`game.net.client`), fed by a host on another computer;
- the replay viewer's (:mod:`game.ui.table.replay`), stepped through a record.

``authority`` is the host when this process holds the game (saving, undo, a tutorial's
coach), else None: a joiner has nothing but its seat's view.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action, Event
from ..engine.errors import IllegalActionError
from .host import TableHost


class LocalStream:
    #: what went wrong with a network table, in one line (a local game has no such problem)
    problem: str | None = None
    #: the network table's facts for its screens (None: not a network table)
    network: Any = None

    def __init__(self, host: TableHost, seat: int | None = None):
        self.host = host
        self.authority = host
        mine = host.local_seats
        self.seat = seat if seat is not None else (mine[0] if mine else 0)
        self._events: list[Event] = []
        self._made_for: tuple[int, int] | tuple[()] = ()

    # -- the game ----------------------------------------------------------------------------
    @property
    def rules(self) -> str:
        return self.host.state.rules

    @property
    def options(self) -> dict[str, Any]:
        return self.host.state.options

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.host.players

    @property
    def game(self) -> int:
        return self.host.state.game

    @property
    def mine(self) -> list[int]:
        """The seats played at this screen."""
        return self.host.local_seats

    # -- what the seat sees ------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """The events of the seat's view so far (kept, and extended as the game goes on)."""
        made_for = (self.host.generation, self.seat)
        if made_for != self._made_for:
            self._made_for, self._events = made_for, []
        total = len(self.host.state.events)
        if len(self._events) < total:
            self._events.extend(self.host.view_events(self.seat, len(self._events)))
        return self._events

    def to_act(self) -> int | None:
        return self.host.to_act()

    def thinking(self) -> int | None:
        """The seat whose player (an AI here) is deciding, if it is not this screen's."""
        return self.host.thinking()

    def is_over(self) -> bool:
        return self.host.to_act() is None

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is theirs to decide, else none."""
        return self.host.legal_actions(self.seat)

    def view(self) -> dict[str, Any]:
        """The seat's whole view (what a hint may know)."""
        return self.host.view(self.seat)

    # -- acting ----------------------------------------------------------------------------------
    def send(self, action: Action) -> None:
        """Submit the seat's decision; IllegalActionError (its reason and code) when refused."""
        self.host.submit(self.seat, action)

    def take_refusal(self) -> IllegalActionError | None:
        """A refusal that arrived later (never here: :meth:`send` answers at once)."""
        return None

    def tick(self, now: float, shown: int, min_delay: float) -> None:
        """Every frame the table is on top: it has shown ``shown`` events; the AI seats may
        decide."""
        self.host.seen(self, shown, now)
        self.host.step(now, min_delay)

    def serve(self) -> None:
        """Every frame, also under the pause menu or the score sheet: a network table is
        served (a game at one screen waits for its player instead)."""

    def seat_note(self, seat: int) -> str:
        """A network seat's state in words ("waiting for a player", "lost the connection"),
        or "" (not a network table, or all is well)."""
        return ""

    def look_from(self, seat: int) -> None:
        """Hot seat: the person at the screen is now ``seat``'s player."""
        if seat not in self.mine:
            raise ValueError(f"seat {seat} is not played at this screen")
        self.seat = seat

    def record(self) -> dict[str, Any]:
        """The whole game as the host holds it (saving, statistics, undo)."""
        return self.host.state.record()

    def close(self) -> None:
        self.host.forget(self)
