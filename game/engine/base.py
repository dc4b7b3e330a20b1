"""The API every ruleset's state offers (python-chess / OpenSpiel in spirit).

A state knows whose decision it is (:meth:`to_act`), lists the legal actions
for that seat as JSON-compatible dicts shaped like the record events they
produce (without ``player``), applies one (:meth:`apply`, raising
:class:`IllegalActionError` and changing nothing when it is illegal), copies
itself, gives one seat's :meth:`view` (no hidden cards) and an
:meth:`outcome` once the game is over.

Chance (deals) is resolved by the state's own seeded RNG when
``auto_chance`` is true; a replay turns it off and feeds the recorded deals
through :meth:`apply_record_event`.  ``events`` is the game record's event
list: the save file, the replay and the test fixture.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from .actions import Action, Event
from .errors import IllegalActionError
from .views import filter_event

CHANCE = -1
FORMAT = "gurka-record/1"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners``: seats that won (Gurka: the game_over winners; Durak: every
    seat that is not a loser).  ``losers``: Durak's durak or losing team;
    Gurka: everybody else.  ``draw``: Durak game where everyone went out in
    the same bout.
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...] = field(default=())
    draw: bool = False


class GameState:
    """Shared plumbing: players, options, seeded RNG, the event log."""

    rules: str = ""

    def __init__(self, options: Mapping[str, Any], players: list[dict[str, Any]], seed: int = 0,
                 game: int = 1, auto_chance: bool = True):
        self.options = dict(options)
        self.players = [dict(p) for p in players]
        self.n = len(self.players)
        self.seed = seed
        self.game = game
        self.auto_chance = auto_chance
        self.rng = random.Random(seed)
        self.events: list[Event] = []

    # -- to be provided by each ruleset -------------------------------------
    def to_act(self) -> int | None:  # pragma: no cover - interface
        """The seat whose decision it is, CHANCE, or None when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:  # pragma: no cover - interface
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:  # pragma: no cover - interface
        """Apply the acting seat's action; return the events it produced."""
        raise NotImplementedError

    def resolve_chance(self) -> list[Event]:  # pragma: no cover - interface
        """Resolve a pending chance step (a deal) with the state's RNG."""
        raise NotImplementedError

    def apply_record_event(self, event: Event) -> None:  # pragma: no cover
        """Replay one recorded event that the engine does not derive itself."""
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:  # pragma: no cover - interface
        raise NotImplementedError

    def view_event(self, event: Event, seat: int) -> Event:
        """``event`` as ``seat`` may see it (:func:`game.engine.views.filter_event`); a
        family adds what the rules make public at that moment."""
        return filter_event(event, seat)

    def outcome(self) -> Outcome | None:  # pragma: no cover - interface
        raise NotImplementedError

    def copy(self) -> "GameState":  # pragma: no cover - interface
        raise NotImplementedError

    def session_next(self) -> dict[str, Any]:
        """Keyword arguments for the next game of the session (Durak: its dealer)."""
        return {}

    # -- shared -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.to_act() is None

    def record(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules,
            "options": dict(self.options),
            "players": [dict(p) for p in self.players],
            "seed": self.seed,
            "game": self.game,
            "events": [dict(e) for e in self.events],
        }

    def _check_action(self, action: object) -> dict[str, Any]:
        """Basic shape checks shared by every ruleset's apply()."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalActionError(f"an action must be an object with a 'type', got {action!r}")
        seat = self.to_act()
        if seat is None:
            raise IllegalActionError("the game is over")
        if seat == CHANCE:
            raise IllegalActionError("no player is to act: the cards must be dealt first")
        if "player" in action and action["player"] != seat:
            raise IllegalActionError(
                f"it is {self.players[seat]['name']}'s turn (seat {seat}), not seat {action['player']}")
        return action

    def _auto(self) -> list[Event]:
        out: list[Event] = []
        while self.auto_chance and self.to_act() == CHANCE:
            out.extend(self.resolve_chance())
        return out
