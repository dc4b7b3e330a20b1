"""What every family's decision at the table shares: the buttons, the prompt and the marks
over the hand for the player whose turn it is.

A family's decision (:mod:`.gurka_decision`, :mod:`.durak_decision`) is handed the board
and the cues (:mod:`.board`), like the family part that shows the game, and nothing else:
it reads the seat's public table and the picked cards, and sends a decision through the
cues.  The scene asks it when the player's turn comes up (:meth:`buttons`), for the line
under the hand (:meth:`prompt`, through :mod:`.prompt`) and while the hand is drawn
(:meth:`hand_marks`).
"""

from __future__ import annotations

from .board import Board, Cues


class Decision:
    def __init__(self, board: Board, cues: Cues):
        self.board = board
        self.cues = cues

    @property
    def model(self):
        """The public table as shown (:mod:`game.engine.public`)."""
        return self.board.model

    def buttons(self, legal: list[dict]) -> list:  # pragma: no cover - interface
        """The decision's buttons (Play 2 cards, Take, Buy back …) for ``legal``."""
        raise NotImplementedError

    def prompt(self, legal: list[dict]) -> str:  # pragma: no cover - interface
        """What the player is asked to do, given ``legal``."""
        raise NotImplementedError

    def hand_marks(self, surface, fan: list) -> None:
        """Marks over the viewer's hand ``fan`` ((card, rect) as drawn) on their turn."""
