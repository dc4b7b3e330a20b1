"""The authority over one game: its engine state, who plays each seat, each seat's view.

A table is always hosted, whether it is played at one screen or from several computers.
The host holds the only engine state; it applies what a seat's player submits (the engine
judges: an illegal action raises :class:`~game.engine.IllegalActionError` and changes
nothing), has the AI seats decide (off the UI thread, through a decider such as
:class:`.ai_seats.AIDriver`), and gives every seat the events of its own view
(:meth:`~game.engine.base.GameState.view_event`), never more.  A screen's table reads one seat's
stream (:class:`.stream.LocalStream` in this process; a network joiner's stream is fed the
same events by :mod:`game.net`).

Who plays a seat (:attr:`TableHost.control`):

- ``local``: a person at this computer (one, or several in hot seat);
- ``ai``: the host's AI, by the seat's spec in the record (``ai:LEVEL`` …);
- ``remote``: a person at another computer, through the network (:mod:`game.net`);
- ``script``: nobody here: a tutorial's coach plays it through :meth:`TableHost.submit`.

Pacing: an AI seat is asked only when every watcher has shown every event so far
(:meth:`TableHost.seen`; a watcher that has not come further for ``patience`` ms is not
waited for, and no decision waits longer than ``patience`` ms in all, whatever the watchers
report), and its decision is applied no sooner than ``min_delay`` after it was asked, so
that every AI card can be followed on every screen.

Listeners (:meth:`TableHost.listen`) are told after every change (new events, or the game
replaced by an undo): a network host sends the news to its remote seats from there.

A remote seat whose player lost the connection can be handed to the AI for a while
(:meth:`TableHost.hand_to_ai`, with the level the host picks) and handed back when its
player returns (:meth:`TableHost.hand_back`); the record keeps the seat's own spec (``net``).
"""

from __future__ import annotations

from typing import Any, Callable, cast

from ..engine.actions import Action, Event
from ..engine.base import CHANCE, GameState
from ..engine.errors import IllegalActionError
from .protocols import Decider

#: how long (ms) an AI seat waits for a watcher that has not shown the latest events
PATIENCE = 8000.0

LOCAL, AI, REMOTE, SCRIPT = "local", "ai", "remote", "script"
CONTROLS = (LOCAL, AI, REMOTE, SCRIPT)


def default_control(spec: str) -> str:
    """A seat of a record played at this screen (``human``) or by the AI (anything else)."""
    return LOCAL if spec == "human" else AI


class TableHost:
    def __init__(self, state: GameState, control: list[str] | None = None, decider: Decider | None = None,
                 patience: float = PATIENCE):
        self.state = state
        self.players = [dict(p) for p in state.players]
        self.n = len(self.players)
        self.control = list(control or [default_control(p["seat"]) for p in self.players])
        if len(self.control) != self.n or any(c not in CONTROLS for c in self.control):
            raise ValueError(f"one control per seat, each one of {', '.join(CONTROLS)}")
        self.decider = decider
        self.patience = patience
        #: bumped when the game is replaced (an undo): streams start their events afresh
        self.generation = 0
        #: watcher id -> [events shown (the most it has said), when it last came further or
        #: was caught up] (times in ms, as ``step`` is given them)
        self._seen: dict[object, list[float]] = {}
        #: (events so far, when the AI first waited for the watchers at that many events)
        self._waiting: tuple[int, float] | None = None
        self._listeners: list[Callable[[], None]] = []
        #: seat -> (its control before, the AI spec playing it now): seats handed to the AI
        self._handed: dict[int, tuple[str, str]] = {}

    # -- who plays ----------------------------------------------------------------------
    def seats(self, control: str) -> list[int]:
        return [s for s, c in enumerate(self.control) if c == control]

    @property
    def local_seats(self) -> list[int]:
        return self.seats(LOCAL)

    def to_act(self) -> int | None:
        """The seat to decide, CHANCE while a deal is due, None once the game is over."""
        return self.state.to_act()

    def thinking(self) -> int | None:
        """The seat whose AI is deciding now, if any."""
        return self.decider.seat if self.decider is not None and self.decider.thinking else None

    def is_over(self) -> bool:
        return self.state.to_act() is None

    def ai_spec(self, seat: int) -> str:
        """The AI that plays ``seat`` when its control is ``ai``: the level it was handed to,
        else the seat's own spec."""
        handed = self._handed.get(seat)
        return handed[1] if handed else self.players[seat]["seat"]

    def hand_to_ai(self, seat: int, spec: str) -> None:
        """``seat`` (a remote seat whose player is gone, say) is played by the AI ``spec``
        (``ai:LEVEL``) until :meth:`hand_back`; the record keeps the seat's own spec."""
        if not isinstance(spec, str) or not spec.startswith("ai:"):
            raise ValueError(f"a seat is handed to an AI level (ai:LEVEL), not {spec!r}")
        before = self._handed.get(seat, (self.control[seat], ""))[0]
        self._handed[seat] = (before, spec)
        self.control[seat] = AI
        self._changed()

    def hand_back(self, seat: int) -> None:
        """``seat`` is played as before :meth:`hand_to_ai` again (its player is back)."""
        handed = self._handed.pop(seat, None)
        if handed is None:
            return
        if self.decider is not None and self.decider.seat == seat:
            self.decider.cancel()
        self.control[seat] = handed[0]
        self._changed()

    def handed(self, seat: int) -> bool:
        """Whether ``seat`` is played by the AI in place of its own player."""
        return seat in self._handed

    def rename(self, seat: int, name: str) -> None:
        """``seat``'s player is called ``name`` (a joiner's own name, checked by the caller)."""
        self.players[seat]["name"] = name
        self.state.players[seat]["name"] = name

    # -- what a seat may see ---------------------------------------------------------------
    def events(self) -> list[Event]:
        """The game's events as the engine wrote them (the host's own use: saving, undo)."""
        return self.state.events

    def view_events(self, seat: int, start: int = 0) -> list[Event]:
        """The events from ``start`` on as ``seat`` may see them."""
        view_event = self.state.view_event
        return [view_event(e, seat) for e in self.state.events[start:]]

    def view(self, seat: int) -> dict[str, Any]:
        """``seat``'s whole view (:meth:`game.engine.base.GameState.view`)."""
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions when it is to decide, else none."""
        return self.state.legal_actions() if self.state.to_act() == seat else []

    # -- acting ----------------------------------------------------------------------------
    def submit(self, seat: int, action: object) -> list[Event]:
        """Apply ``seat``'s action; the new events.  IllegalActionError (nothing changed)
        when it is not ``seat``'s turn or the engine refuses it."""
        to_act = self.state.to_act()
        if to_act != seat:
            raise IllegalActionError("it is not your turn", "not_your_turn")
        if not isinstance(action, dict):
            raise IllegalActionError("an action must be an object with a 'type'", "bad_action")
        # (any keys: the engine judges the action, this only drops the seat it names)
        clean = cast(Action, {k: v for k, v in action.items() if k != "player"})
        if self.decider is not None and self.decider.seat == seat:
            self.decider.cancel()
        events = self.state.apply(clean)
        self._changed()
        return events

    def step(self, now: float, min_delay: float = 0.0) -> None:
        """Let the AI seats decide (call often: every frame, or in the host's loop)."""
        if self.decider is None:
            return
        seat = self.state.to_act()
        if seat is None or seat == CHANCE or self.control[seat] != AI:
            if self.decider.thinking:
                self.decider.cancel()
            return
        if not self.decider.thinking:
            if self.caught_up(now):
                self.decider.ask(self.state, seat, self.ai_spec(seat), now)
            return
        action = self.decider.poll(now, min_delay)
        if action is None:
            return
        try:
            self.submit(seat, action)
        except IllegalActionError:
            # the AI's answer no longer fits (it cannot happen with the built-in levels): the
            # first legal action keeps the game going
            self.submit(seat, self.state.legal_actions()[0])

    # -- watchers ---------------------------------------------------------------------------
    def seen(self, watcher: object, shown: int, now: float) -> None:
        """``watcher`` (a screen) has shown the first ``shown`` events (``now`` in ms).  Only
        coming further counts: a screen that says less than it said before has not gone back
        (nothing on a screen goes back but an undo, which starts every watcher afresh)."""
        entry = self._seen.setdefault(watcher, [0, now])
        if shown >= len(self.state.events) or shown > entry[0]:
            entry[1] = now
        entry[0] = max(entry[0], shown)

    def forget(self, watcher: object) -> None:
        self._seen.pop(watcher, None)

    def caught_up(self, now: float) -> bool:
        """Every watcher has shown every event, or has not come further for ``patience`` ms,
        or the AI has waited ``patience`` ms for this many events already (``now`` in ms)."""
        total = len(self.state.events)
        if self._waiting is None or self._waiting[0] != total:
            self._waiting = (total, now)
        if now - self._waiting[1] > self.patience:
            return True
        return all(shown >= total or now - since > self.patience
                   for shown, since in self._seen.values())

    # -- the game replaced ----------------------------------------------------------------------
    def replace(self, state: GameState) -> None:
        """Go on with ``state`` instead (the record replayed after an undo)."""
        if self.decider is not None:
            self.decider.cancel()
        self.state = state
        self.generation += 1
        for entry in self._seen.values():
            entry[0] = 0
        self._waiting = None
        self._changed()

    def listen(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def close(self) -> None:
        if self.decider is not None:
            self.decider.close()
