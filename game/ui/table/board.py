"""What a family part is handed: the board one screen shows, and the cues it may give.

A family part (:mod:`.part_base`, :mod:`.gurka_part`, :mod:`.durak_part`) shows the game's
events and says the table in words; a family's decision (:mod:`.decision_base`,
:mod:`.gurka_decision`, :mod:`.durak_decision`) builds the player's buttons and prompt.
Each is handed exactly what that takes, never the scene:

- a :class:`Board`: what the screen shows of the game, as data.  The public table folded
  from one seat's stream (``model``), where it is laid out (``lay``), the clock of its
  animations (``timeline``), who sits where (``players``, the ``humans`` at this screen,
  the ``viewer`` it looks from), the ruleset, the session (game number, chips, the
  evening's marks), the move log and the cards the player has picked (``sel``).  The scene
  owns the board and changes it (a resize lays it out again, hot seat looks from another
  seat, an undo folds it afresh); the part reads it as it is now.
- :class:`Cues`: the few things a part may ask of the screen around it: a sound, the
  animation speed, a redraw, whether a finished trick waits for the player, the events
  still to show, whose turn it is and the seat's legal actions, sending a decision, and
  raising a table event (an overlay) or the end of the game.

So a part or a decision can be built and driven without a scene (``tests/test_ui_part_board.py``), and
what it depends on is listed here, once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from .. import cards as card_faces
from .. import messages
from .input import Selection
from .journal import MoveLog
from .layout import Layout
from .timeline import Timeline

if TYPE_CHECKING:
    from ...storage.settings import Settings


@dataclass
class Board:
    rules: str
    #: every seat's player (``name``, ``seat``), in seat order
    players: list
    #: the seats played at this screen (several in hot seat; none in a demo)
    humans: list
    #: the seat the screen looks from (its hand is the one shown)
    viewer: int | None
    #: the session: the game's number, chips, the evening's marks
    session: dict
    #: the player's settings (card text, four colours, how the hand is sorted)
    settings: Settings
    #: the public table as shown (:mod:`game.engine.public`): it lags the game by the
    #: events still to be shown
    #: (a family's own table, GurkaTable or DurakTable: each family's part reads its own)
    model: Any
    #: the animations' clock and what flies (:mod:`.timeline`)
    timeline: Timeline
    #: where everything lies, None until the window is laid out
    lay: Layout | None = None
    log: MoveLog = field(default_factory=MoveLog)
    #: the cards the player has picked (:class:`.input.Selection`)
    sel: Selection = field(default_factory=Selection)
    #: the end of the game has been shown (its result screen raised)
    finished: bool = False
    #: the app plays a demo: nobody clicks on between deals
    demo: bool = False
    #: the sentences put on the announcement line while an event is shown (what
    #: :mod:`.spoken` says of it)
    said: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return self.players[seat]["name"]

    def you(self, seat) -> bool:
        """Is ``seat`` the player at the screen (their own sentences, never their name)?"""
        return messages.is_you(self.humans, seat)

    def card_text(self, cards) -> str:
        """Cards in words as the player set them to be shown ("K♠ 7♥")."""
        return " ".join(card_faces.card_text(c, self.settings) for c in cards)

    def held_chips(self) -> list[int] | None:
        """Every seat's chips as the table shows them: the stakes taken out of this game's
        purse until its end is shown, the settled chips after."""
        if not self.session.get("chips"):
            return None
        if self.finished:
            return list(self.session["chips"])
        return [c - self.model.staked(s) for s, c in enumerate(self.session["purse"])]


def _nothing(*_args, **_kw):
    return None


@dataclass
class Cues:
    """What a part may ask of the screen; each a plain function (a test passes its own)."""

    #: ``sound(name)``: play a sound ("deal", "play", "trick" …)
    sound: Callable[[str], None] = _nothing
    #: the animation speed now (0: instant, as while skipping)
    speed: Callable[[], float] = lambda: 1.0
    #: the picture changed: draw it again
    redraw: Callable[[], None] = _nothing
    #: ``hold(last)``: should a finished trick (``last``: the deal's last) wait for the player?
    hold: Callable[[bool], bool] = lambda last: False
    #: the events of the stream not shown yet (the next one first)
    coming: Callable[[], list] = list
    #: the seat to act in the game (it may be ahead of what is shown), or None
    to_act: Callable[[], int | None] = _nothing
    #: the legal actions of the seat at the screen now (none when it is not its turn)
    legal: Callable[[], list] = list
    #: ``do(action)``: send the player's decision
    do: Callable[[dict], object] = _nothing
    #: send the cards picked (the Play / Attack / Exchange button)
    play_selection: Callable[[], None] = _nothing
    #: ``raise_event(kind, **data)``: an overlay (a scored deal)
    raise_event: Callable[..., None] = _nothing
    #: the end of the game has been shown: its result opens
    game_over: Callable[[], None] = _nothing
