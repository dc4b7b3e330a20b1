"""Your finished games (route ``history``, from Replays): every game kept by
:mod:`game.history`, the player's own first, each group newest first.

A row says the ruleset as the interface names it, when the game ended, its players and its
result from the player's seat ("You win!", "Björn is the durak!"): the words of
:mod:`game.ui.game_labels`.  Open (Enter, or a click on the selected row) replays the game in
the viewer; Export writes its record as a ``.json`` file to share into the user's downloads
folder (else documents, else home) and says where; Delete forgets it after asking.  A file
that cannot be used is set aside by :mod:`game.history` and its notice shown here.
"""

from __future__ import annotations

import pygame

from .. import history
from ..i18n import _
from . import game_labels as L
from . import theme as T
from .game_list import GameList, Row
from .scene import Scene
from .widgets import Button, WidgetGroup


def game_row(game: history.Game) -> Row:
    """A finished game as a row: ruleset and date, players and result."""
    return Row(game.file, L.together(L.ruleset_label(game.rules)), L.when_text(game.finished),
               L.players_text(list(game.players)),
               L.result_text({"kind": game.kind, "seats": list(game.seats)}, list(game.players),
                             list(game.mine)))


def history_rows(games: list[history.Game]) -> list[Row]:
    """The rows: the player's own games, then (under a heading of their own, when there are
    both) the games without the player."""
    own = [game_row(g) for g in games if g.own]
    others = [game_row(g) for g in games if not g.own]
    if own and others:
        # TRANSLATORS: headings in the list of finished games: games you played in, then the others
        return [Row(None, _("Your games"))] + own + [Row(None, _("Games without you"))] + others
    return own + others


class HistoryScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.list = GameList([], on_open=self.open, name="list")
        self.back_btn = Button(lambda: _("Back"), self.close, name="back")
        self.delete_btn = Button(lambda: _("Delete"), self.ask_delete, name="delete")
        self.export_btn = Button(lambda: _("Export"), self.export, name="export")
        self.open_btn = Button(lambda: _("Watch"), lambda: self.open(self.list.selected), primary=True,
                               name="open")
        self.widgets = WidgetGroup([self.list, self.back_btn, self.delete_btn, self.export_btn,
                                    self.open_btn])
        self.widgets.focus = 0
        self.games: list[history.Game] = []
        self.notices = self.refresh()

    # -- the games ---------------------------------------------------------------------------
    def refresh(self) -> list:
        """Read the list again (after a delete, a file set aside); its notices."""
        self.games, notices = history.list_games()
        self.list.set_rows(history_rows(self.games), keep=self.list.selected)
        for b in (self.delete_btn, self.export_btn, self.open_btn):
            b.enabled = bool(self.games)
        self.invalidate()
        return notices

    def show(self, notices: list) -> None:
        for notice in notices:
            self.app.nav.push("message", text=str(notice))

    def enter(self):
        self.show(self.notices)
        self.notices = []

    def resume(self):
        super().resume()
        self.invalidate()

    def selected(self) -> history.Game | None:
        return next((g for g in self.games if g.file == self.list.selected), None)

    def open(self, file) -> None:
        """Replay the game in the viewer (its record replayed by the engine again)."""
        from ..engine import replay
        from .replay_open import Game
        game = next((g for g in self.games if g.file == file), None)
        if game is None:
            return
        record, notice = history.load_record(game)
        if record is None:
            self.show(self.refresh() + [notice])
            return
        self.app.nav.push("replay", games=[Game("", record, replay(record))])

    def export(self) -> None:
        game = self.selected()
        if game is None:
            return
        path, notice = history.export_game(game, history.export_folder())
        if path is None:
            self.show(self.refresh() + [notice])
            return
        # TRANSLATORS: after a finished game's record was written to share; {file} is the whole path
        self.app.nav.push("message", text=_("The game was exported as a record file:") + "\n" + str(path),
                          title=lambda: _("Export"))

    def ask_delete(self) -> None:
        game = self.selected()
        if game is None:
            return
        row = game_row(game)
        # TRANSLATORS: asked before a finished game is deleted from the list; the game follows
        text = _("Delete this game from your finished games?") + "\n" + L.join([row.title, row.right])
        self.app.nav.push("confirm", text=text, yes=lambda: _("Delete"), no=lambda: _("Keep it"),
                          on_yes=lambda: self.delete(game))

    def delete(self, game: history.Game) -> None:
        problem = history.delete_game(game)
        self.show(self.refresh() + ([problem] if problem else []))

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    # -- layout and events -------------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = T.unit(size)
        self.panel = pygame.Rect(0, 0, min(int(900 * u), w - int(40 * u)), h - int(60 * u))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-int(40 * u), 0)
        bh = int(46 * u)
        by = self.panel.bottom - int(20 * u) - bh
        top = self.panel.top + int(64 * u)
        self.list.rect = pygame.Rect(inner.left, top, inner.width, by - int(16 * u) - top)
        self.list.laid_out(u)
        gap = int(14 * u)
        bw = (inner.width - 3 * gap) // 4
        for i, b in enumerate((self.back_btn, self.delete_btn, self.export_btn, self.open_btn)):
            b.rect = pygame.Rect(inner.left + i * (bw + gap), by, bw, bh)

    def handle_event(self, e):
        if e.type == pygame.MOUSEWHEEL:
            self.list.wheel(e.y)
            self.invalidate()
            return
        if self.widgets.handle_event(e):
            self.invalidate()
            return
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif e.key == pygame.K_DELETE:
                self.ask_delete()

    def draw(self, surface):
        size = surface.get_size()
        u = T.unit(size)
        surface.blit(T.felt(size), (0, 0))
        T.panel(surface, self.panel, u)
        T.blit_text(surface, _("Your finished games"), 26 * u, (self.panel.centerx, self.panel.top + int(16 * u)),
                    T.ACCENT, bold=True, anchor="midtop", max_width=self.panel.width - 40 * u)
        self.widgets.draw(surface, u)
        if not self.games:
            r = self.list.rect.inflate(-int(40 * u), 0)
            # TRANSLATORS: the list of finished games when there is none yet; {n} is how many are kept
            text = _("No finished games yet. Every game you finish is kept here (the last {n}).").format(
                n=history.MAX_GAMES)
            T.blit_wrapped(surface, text, 17 * u, pygame.Rect(r.left, r.top + int(30 * u), r.width,
                                                              r.height - int(30 * u)), T.TEXT_DIM, align="center")
