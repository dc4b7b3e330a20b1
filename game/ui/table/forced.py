"""A forced card played by itself (the ``auto_play`` setting, off by default).

When the player at the screen has exactly one legal action and it is a card (the last
card of a deal, the one card that may follow), it is played for them after a short
pause (:data:`pace.FORCED`), unless they play it first.  After an undo the decision
that was taken back waits for the player.
"""

from __future__ import annotations

from typing import Protocol

from . import pace
from .board import Board

#: action types that play a card from the hand
CARD_ACTIONS = ("play", "attack", "defend")


def forced_action(legal: list[dict]) -> dict | None:
    """The only legal action when it plays a card, else None."""
    if len(legal) == 1 and legal[0]["type"] in CARD_ACTIONS:
        return legal[0]
    return None


class Offering(Protocol):
    """The seat's stream as :class:`AutoPlay` reads it (:class:`game.play.protocols.SeatStream`)."""

    def legal_actions(self) -> list[dict]:
        """The legal actions of the seat at the screen (the table's actions are plain dicts)."""


class Deciding(Protocol):
    """What :class:`AutoPlay` reads of the table and asks of it (the scene,
    :class:`.scene.TableScene`, which imports this module)."""

    @property
    def coach(self) -> object:
        """A tutorial's coach (it plays no card for the player), or None."""

    @property
    def stream(self) -> Offering:
        """The seat's stream: its legal actions."""

    @property
    def decision_key(self) -> tuple:
        """Which decision of the game is up."""

    def speed(self) -> float:
        """The animation speed now (the pause before the card scales with it)."""

    def my_turn(self) -> bool:
        """The player at the screen decides now."""

    def do(self, action: dict, seat: int | None = None) -> bool:
        """Send the decision of the seat at the screen."""


class AutoPlay:
    def __init__(self, board: Board, table: Deciding):
        """``board``: the setting and the clock; ``table``: the decision up and sending it."""
        self.board = board
        self.table = table
        self.due: tuple[float, dict, tuple] | None = None
        self.held: tuple | None = None

    def arm(self, key: tuple) -> None:
        """A new decision for the player at the screen (``key``: the scene's decision key)."""
        t = self.table
        self.due = None
        if not self.board.settings.auto_play or key == self.held or t.coach is not None:
            return
        action = forced_action(t.stream.legal_actions())
        if action is not None:
            self.due = (self.board.timeline.now + pace.FORCED * t.speed(), action, key)

    def hold(self, key: tuple) -> None:
        """Leave the decision ``key`` to the player (it was just taken back)."""
        self.held = key
        self.due = None

    @property
    def pending(self) -> bool:
        return self.due is not None

    def poll(self) -> None:
        t = self.table
        if self.due is None or self.board.timeline.now < self.due[0]:
            return
        _at, action, key = self.due
        self.due = None
        if key == t.decision_key and t.my_turn():
            t.do(action)
