"""The narrow face of the table that overlays see (hand-off, scoreboard, result, pause).

Overlays never reach into the table scene: they read what they show from here and ask
for the few things they may do (reveal a hand, go on, play again, leave).
"""

from __future__ import annotations

from ...engine.cards import NAMES


class TableHandle:
    def __init__(self, scene):
        """The overlays' narrow face of the scene: it holds the scene so that they need not."""
        self._scene = scene

    # -- what an overlay reads --------------------------------------------------------------
    @property
    def players(self) -> list[dict]:
        return self._scene.players

    @property
    def humans(self) -> list[int]:
        """The seats played at this screen."""
        return list(self._scene.humans)

    @property
    def n(self) -> int:
        return self._scene.n

    @property
    def rules(self) -> str:
        return self._scene.rules

    @property
    def offers_undo(self) -> bool:
        """Undo is on offer at this table (not in hot seat, not when switched off)."""
        return self._scene.undo.allowed()

    @property
    def offers_hint(self) -> bool:
        """Hints are on offer at this table (not in a tutorial, which coaches itself)."""
        return self._scene.toolbar.offers_hint()

    @property
    def saves(self) -> bool:
        """This game is saved (a tutorial or the demo is not)."""
        return self._scene.save_enabled

    @property
    def deck(self) -> list[str]:
        """The cards this game is played with (Durak: the 36 from the sixes up), by name."""
        return [NAMES[c] for c in self._scene.entry.family.deck]

    @property
    def model(self):
        """The public table as shown (read it, never change it)."""
        return self._scene.model

    @property
    def session(self) -> dict:
        return dict(self._scene.session)

    def is_over(self) -> bool:
        return self._scene.stream.is_over()

    def result(self) -> tuple[str, list[str]]:
        """The title and lines of the result screen."""
        return self._scene.part.result()

    def outcome(self) -> str | None:
        """``won``, ``lost`` or None for the player at the screen (:meth:`.part_base.TablePart.outcome`)."""
        return self._scene.part.outcome()

    def score_sheet(self):
        """The score sheet's contents (:class:`game.ui.table.sheet.Sheet`)."""
        return self._scene.part.score_sheet()

    @property
    def log(self):
        """The moves so far in words (:class:`.journal.MoveLog`; read it, never change it)."""
        return self._scene.log

    def since_last_turn(self, seat: int) -> list[str]:
        """What happened since ``seat``'s last move (the hot-seat hand-off)."""
        return self._scene.log.since(seat)

    def lookback(self):
        """The previous trick or bout (:class:`.part_base.LookBack`), or None."""
        return self._scene.part.lookback()

    # -- drawing the table under a look back ------------------------------------------------
    @property
    def layout(self):
        """The table's geometry (:class:`.layout.Layout`) for the window size now."""
        return self._scene.lay

    def lay_out(self, size) -> None:
        """Lay the table out for ``size`` (an opaque overlay after a resize)."""
        self._scene.ensure_layout(size)

    def draw_table(self, surface, middle: bool = True) -> None:
        """The table as it stands (``middle=False``: without the cards in the middle and
        without banners, the prompt or buttons: a background for a look back)."""
        self._scene.renderer.draw(surface, middle=middle)

    def draw_card(self, surface, card: str, center, width: float, mark=None):
        r = self._scene.renderer.card(surface, card, True, center, width)
        if mark is not None:
            self._scene.renderer.mark(surface, center, width, mark, strong=True)
        return r

    @property
    def network(self):
        """A network table's facts and the host's decisions (:class:`game.net.hosted.TableNetwork`,
        a joiner's :class:`~game.net.hosted.JoinedNetwork`), or None."""
        return self._scene.stream.network

    @property
    def network_side(self):
        """What this screen does at a network table (:class:`.network.NetworkTable`: a joiner's
        connection trouble and Rejoin, the table phrases said and muted)."""
        return self._scene.network

    # -- what an overlay may do ---------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Keep the table's banners and count-up running under an overlay."""
        self._scene.timeline.advance(dt)

    def show_notice(self) -> None:
        """A notice of the finished game's writer (the statistics could not be written), once."""
        self._scene.books.show_notice()

    def reveal_for(self, seat: int) -> None:
        self._scene.reveal_for(seat)

    def open_pause(self) -> None:
        self._scene.open_pause()

    def leave(self) -> None:
        """Save the game and stop the AI (before going back to the menu)."""
        self._scene.leave()

    def next_game(self):
        """The next game of the session, as a new table scene (at a network table: the same
        table, its players asked to stay; None when a joiner has not been offered one)."""
        return self._scene.next_game()

    def may_play_again(self) -> bool:
        """Play again is on offer: a game at this screen, the host of a network table, or a
        joiner whose host has dealt again."""
        net = self._scene.stream.network
        return net is None or net.hosting or net.offer is not None
