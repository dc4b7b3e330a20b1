"""The two faces the table's machinery is written against, as :class:`typing.Protocol`\\ s.

:class:`SeatStream`: one seat's stream of a game, all a table screen reads and the one way it
acts.  Four classes have it: :class:`game.play.stream.LocalStream` (a game in this process),
:class:`game.net.hosted.HostedStream` (the host's screen of a network table),
:class:`game.net.client.NetStream` (a joiner's) and :class:`game.ui.table.replay.Replayed`
(the replay viewer's).

:class:`Decider`: what decides a host's AI seats, one decision at a time and never on the
caller's thread: :class:`game.play.ai_seats.AIDriver` (the AI worker, for a window) and
:class:`game.play.decider.PlayerDecider` (player objects and bots, for the headless host).
:class:`game.play.host.TableHost` asks it, polls it every frame and cancels it.

Both are checked by mypy where a stream or a decider is passed, and at run time by
``tests/test_protocols.py`` (every member present).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..engine.actions import Action, Event
from ..engine.base import GameState
from ..engine.errors import IllegalActionError


@runtime_checkable
class SeatStream(Protocol):
    """One seat's stream: the events of its view, whose turn it is, its legal actions when it
    is theirs, and a way to send its decision."""

    #: the host when this process holds the game (saving, undo, a tutorial's coach), else None
    authority: Any
    #: what went wrong with a network table, in one line (None: nothing, or not a network table)
    problem: str | None
    #: the seat whose view this is (hot seat: :meth:`look_from` moves it)
    seat: int

    @property
    def rules(self) -> str | None: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def players(self) -> list[dict[str, Any]]: ...
    @property
    def game(self) -> int: ...
    @property
    def mine(self) -> list[int]:
        """The seats played at this screen."""
    @property
    def events(self) -> list[Event]:
        """The events of the seat's view so far."""
    @property
    def network(self) -> Any:
        """The network table's facts for its screens (None: not a network table)."""

    def to_act(self) -> int | None: ...
    def thinking(self) -> int | None: ...
    def is_over(self) -> bool: ...
    def legal_actions(self) -> list[Action]: ...
    def send(self, action: Action) -> None:
        """The seat's decision; IllegalActionError (its reason and code) when refused at once."""
    def take_refusal(self) -> IllegalActionError | None:
        """A refusal that arrived later (a network host's answer), once."""
    def tick(self, now: float, shown: int, min_delay: float) -> None:
        """Every frame the table is on top (it has shown ``shown`` events)."""
    def serve(self) -> None:
        """Every frame, also under an overlay: a network table is served."""
    def seat_note(self, seat: int) -> str: ...
    def look_from(self, seat: int) -> None: ...
    def record(self) -> dict[str, Any] | None: ...
    def close(self) -> None: ...


@runtime_checkable
class Decider(Protocol):
    """Decides a host's AI seats off the caller's thread: :meth:`ask` starts a decision,
    :meth:`poll` gives it once it is ready and ``min_delay`` has passed."""

    #: the seat being decided, or None
    seat: int | None

    @property
    def thinking(self) -> bool: ...
    def ask(self, state: GameState, seat: int, spec: str, now: float) -> None: ...
    def poll(self, now: float, min_delay: float) -> Action | None: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...
