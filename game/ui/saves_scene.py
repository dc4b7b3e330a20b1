"""The saved games (route ``saves``), one per ruleset, newest first: the menu's Continue
opens this list when there are several.

Each row says what the save is ("Agurk (Danish)", when it was saved, "Deal 4 · Anna, Björn,
Karin"); Continue (or Enter, or a click on the selected row) opens it at the table, Delete
forgets it after asking.  The words are :mod:`game.ui.game_labels`', the files
:mod:`game.ui.savegame`'s (a bad save is set aside with its notice).
"""

from __future__ import annotations

import time

import pygame

from ..i18n import _
from . import game_labels as L
from . import savegame
from . import theme as T
from .game_list import GameList, Row
from .scene import Scene
from .widgets import Button, WidgetGroup


class SavesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.list = GameList([], on_open=self.open, name="list")
        self.back_btn = Button(lambda: _("Back"), self.close, name="back")
        self.delete_btn = Button(lambda: _("Delete"), self.ask_delete, name="delete")
        self.open_btn = Button(lambda: _("Continue"), lambda: self.open(self.list.selected), primary=True,
                               name="continue")
        self.widgets = WidgetGroup([self.list, self.back_btn, self.delete_btn, self.open_btn])
        self.widgets.focus = 0
        self.saves: list[savegame.SaveInfo] = []
        self.notices = self.refresh()

    # -- the saves -------------------------------------------------------------------------
    def refresh(self) -> list:
        """Read the saves again (after a game, a delete); the notices of bad ones."""
        notices: list = []
        self.saves = savegame.saved_games(notices)
        rows = [Row(s.rules, L.together(L.ruleset_label(s.rules)),
                    L.when_text(time.strftime("%Y-%m-%dT%H:%M", time.localtime(s.mtime))),
                    L.SEP.join(x for x in (L.together(s.where), s.players) if x))
                for s in self.saves]
        self.list.set_rows(rows, keep=self.list.selected)
        self.delete_btn.enabled = self.open_btn.enabled = bool(self.saves)
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
        self.show(self.refresh())
        if not self.saves and self.manager is not None and self.manager.top is self:
            self.close()               # nothing left to continue

    def open(self, rules) -> None:
        if rules is not None and not savegame.resume(self.app, rules):
            self.show(self.refresh())

    def ask_delete(self) -> None:
        info = next((s for s in self.saves if s.rules == self.list.selected), None)
        if info is None:
            return
        # TRANSLATORS: asked before a saved game is deleted; the game follows on the next line
        text = _("Delete this saved game? It cannot be continued afterwards.") + "\n" + info.label
        self.app.nav.push("confirm", text=text, yes=lambda: _("Delete"), no=lambda: _("Keep it"),
                          on_yes=lambda: self.delete(info.rules))

    def delete(self, rules: str) -> None:
        savegame.delete(rules)
        self.show(self.refresh())
        if not self.saves:
            self.close()               # nothing left to continue

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    # -- layout and events -----------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = T.unit(size)
        self.panel = pygame.Rect(0, 0, min(int(820 * u), w - int(40 * u)), h - int(60 * u))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-int(40 * u), 0)
        bh = int(46 * u)
        by = self.panel.bottom - int(20 * u) - bh
        self.list.rect = pygame.Rect(inner.left, self.panel.top + int(64 * u), inner.width,
                                     by - int(16 * u) - (self.panel.top + int(64 * u)))
        self.list.laid_out(u)
        bw = int(200 * u)
        self.back_btn.rect = pygame.Rect(inner.left, by, bw, bh)
        self.open_btn.rect = pygame.Rect(inner.right - bw, by, bw, bh)
        self.delete_btn.rect = pygame.Rect(self.open_btn.rect.left - int(14 * u) - bw, by, bw, bh)

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
        T.blit_text(surface, _("Saved games"), 26 * u, (self.panel.centerx, self.panel.top + int(16 * u)),
                    T.ACCENT, bold=True, anchor="midtop", max_width=self.panel.width - 40 * u)
        self.widgets.draw(surface, u)
