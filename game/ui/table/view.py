"""What the table's renderer reads of the table besides its board: :class:`TableView`.

The renderer (:mod:`.draw`, with :mod:`.texts` and :mod:`.layers`) draws the table from
two things, as a family part does: the :class:`.board.Board` (the public table, its
layout and clock, the seats, the viewer, the picked cards, the settings) and this view:
the few things only the table scene knows (the family's part and decision, whose turn it
is, the pointer's card, the buttons, the line under the hand), every one of them read,
none changed.  The scene (:class:`.scene.TableScene`) is such a view; it imports the
renderer, so the renderer names the shape it reads here and the import stays one way.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...play.protocols import SeatStream
from ..widgets import Button, WidgetGroup
from .decision_base import Decision
from .part_base import TablePart


class Coached(Protocol):
    """A tutorial's coach as the renderer reads it: is a callout waiting to be read?"""

    @property
    def note(self) -> object: ...


class TableView(Protocol):
    """What the renderer reads of the table scene (each read-only here)."""

    @property
    def part(self) -> TablePart:
        """The family's part: the header, a seat's lines, the middle of the table."""

    @property
    def decision(self) -> Decision:
        """The family's decision: the marks over the hand."""

    @property
    def stream(self) -> SeatStream:
        """The seat's stream: whose turn it is, a network seat's state."""

    @property
    def coach(self) -> Coached | None:
        """A tutorial's coach (its callout hides the announcement line), or None."""

    @property
    def action_buttons(self) -> list[Button]:
        """The decision's buttons (Take, Done …), placed by the renderer."""

    @property
    def widgets(self) -> WidgetGroup:
        """Every button of the table, in Tab's order (the focused one ringed)."""

    @property
    def hover_card(self) -> str | None:
        """The card of the hand under the pointer (or the keyboard's)."""

    @property
    def hidden(self) -> bool:
        """Hot seat: the hand is turned down until its player takes the screen."""

    @property
    def open_hands(self) -> bool:
        """Every seat's cards face up (the replay of a finished game)."""

    @property
    def shown(self) -> int:
        """How many of the stream's events the table shows."""

    @property
    def message(self) -> str:
        """A line for the player (a refusal, a hint how to go on), or ""."""

    @property
    def message_color(self) -> tuple[int, int, int]:
        """The colour of :attr:`message` (the error colour: it shows until :attr:`error_until`)."""

    @property
    def error_until(self) -> float:
        """Until when (the timeline's clock) an error message shows."""

    @property
    def windows(self) -> int:
        """How many times the app opened its window (a new one is drawn whole)."""

    def on_top(self) -> bool:
        """No overlay lies over the table (under one, nothing of the moment is drawn)."""

    def visible_hand(self) -> list[str]:
        """The viewer's hand as shown (sorted)."""

    def my_turn(self) -> bool:
        """The player at the screen decides now."""

    def busy(self) -> bool:
        """The table still shows earlier moves."""

    def legal(self) -> list[dict]:
        """The legal actions of the player at the screen (none when it is not their turn)."""

    def legal_cards(self) -> set[str]:
        """The cards of the hand worth lighting."""

    def prompt(self) -> str:
        """The line under the hand: what the player is asked, or who is thinking."""

    def draw_extras(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What is drawn over the table before its buttons; the rectangles it covers."""
