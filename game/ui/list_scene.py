"""What the screens of a list of games share (the saved games, the finished games): a panel
with a title, the list (:class:`game.ui.game_list.GameList`), Back on the left and the
screen's own buttons on the right, the wheel and the keys (Esc or Backspace: back; Delete:
the selected game's delete, asked first), and the notices of files set aside.

A screen derives from :class:`ListScene` and says its ``title()``, its ``buttons`` (left of
nothing but Back) and, if it has one, the text of an empty list.  Not a screen of its own:
the screens never import one another.
"""

from __future__ import annotations

import pygame

from ..i18n import _
from . import theme
from .game_list import GameList
from .scene import Scene
from .widgets import Button, WidgetGroup


class ListScene(Scene):
    #: the panel's widest (design pixels)
    WIDTH = 900

    def __init__(self, app, buttons: list[Button]):
        super().__init__(app)
        self.list = GameList([], on_open=self.open, name="list")
        self.back_btn = Button(lambda: _("Back"), self.close, name="back")
        self.buttons = list(buttons)
        self.widgets = WidgetGroup([self.list, self.back_btn, *self.buttons])
        self.widgets.focus = 0
        self.notices: list = []

    # -- to be provided ----------------------------------------------------------------------
    def title(self) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def open(self, key) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def ask_delete(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def empty_text(self) -> str:
        """What an empty list says ("": nothing)."""
        return ""

    # -- shared --------------------------------------------------------------------------------
    def show(self, notices: list) -> None:
        """Tell the player about files set aside (one message each)."""
        for notice in notices:
            self.app.nav.push("message", text=str(notice))

    def enter(self):
        self.show(self.notices)
        self.notices = []

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    def layout(self, size):
        w, h = size
        u = theme.unit(size)
        self.panel = pygame.Rect(0, 0, min(int(self.WIDTH * u), w - int(40 * u)), h - int(60 * u))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-int(40 * u), 0)
        bh, gap = int(46 * u), int(14 * u)
        by = self.panel.bottom - int(20 * u) - bh
        top = self.panel.top + int(64 * u)
        self.list.rect = pygame.Rect(inner.left, top, inner.width, by - int(16 * u) - top)
        self.list.laid_out(u)
        k = len(self.buttons) + 1
        bw = min(int(220 * u), (inner.width - (k - 1) * gap) // k)
        self.back_btn.rect = pygame.Rect(inner.left, by, bw, bh)
        x = inner.right - bw
        for b in reversed(self.buttons):       # the screen's own, from the right
            b.rect = pygame.Rect(x, by, bw, bh)
            x -= bw + gap

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
        u = theme.unit(size)
        surface.blit(theme.felt(size), (0, 0))
        theme.panel(surface, self.panel, u)
        theme.blit_text(surface, self.title(), 26 * u, (self.panel.centerx, self.panel.top + int(16 * u)),
                    theme.ACCENT, bold=True, anchor="midtop", max_width=self.panel.width - 40 * u)
        self.widgets.draw(surface, u)
        empty = self.empty_text() if not self.list.rows else ""
        if empty:
            r = self.list.rect.inflate(-int(40 * u), 0)
            theme.blit_wrapped(surface, empty, 17 * u, pygame.Rect(r.left, r.top + int(30 * u), r.width,
                                                               r.height - int(30 * u)), theme.TEXT_DIM,
                           align="center")
