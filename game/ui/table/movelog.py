"""The move log panel: every move of the game in words (:mod:`.journal`), over the table.

Opened with M (or the letter its button shows) or the Moves button, scrollable with the
wheel, the arrow keys and Page Up / Down; that key again, Esc, Close or a click beside it
leaves.  The game waits while it is open.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import theme
from .. import tool_keys
from ..scene import Scene
from ..widgets import Button, WidgetGroup


class MoveLogScene(Scene):
    """The move log over the table (the game waits while it is open)."""

    opaque = False

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.scroll = None            # px from the top; None: at the end
        self.widgets = WidgetGroup([Button(lambda: _("Close"), self.close, primary=True, name="close")])
        self.widgets.focus = 0
        self.lines: list[tuple[str, float, tuple, bool, int]] = []

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()

    def access_texts(self) -> list[tuple[str, str]]:
        """The moves so far, for a screen reader: headings and lines as the panel shows them."""
        return [("heading" if e.head or e.group else "label", e.text) for e in self.table.log.entries]

    def layout(self, size) -> None:
        u = self.u = theme.unit(size)
        w = min(int(640 * u), size[0] - int(40 * u))
        self.box = pygame.Rect(0, 0, w, size[1] - int(60 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.view = pygame.Rect(self.box.left + int(24 * u), self.box.top + int(64 * u),
                                self.box.width - int(48 * u), self.box.height - int(140 * u))
        b = self.widgets.widgets[0]
        b.rect = pygame.Rect(0, 0, int(180 * u), int(46 * u))
        b.rect.midbottom = (self.box.centerx, self.box.bottom - int(16 * u))
        self._build()

    def _build(self) -> None:
        u = self.u
        px = 16 * u
        self.lines = []
        indent = int(18 * u)
        for e in self.table.log.entries:
            if e.head:
                color, bold, size, left = theme.ACCENT, True, 17 * u, 0
            elif e.group:     # a trick or bout: its moves are indented under it
                color, bold, size, left = theme.TEXT, True, px, 0
            else:
                color, bold, size, left = theme.TEXT, False, px, indent
            for ln in theme.wrap(e.text, size, self.view.width - int(12 * u) - left, bold):
                self.lines.append((ln, size, color, bold, left))
        self.step = theme.line_step(px)
        self.content_h = sum(theme.line_step(sz, b) for _t, sz, _c, b, _x in self.lines)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.height)

    def scroll_by(self, dy: float) -> None:
        top = self.max_scroll if self.scroll is None else self.scroll
        self.scroll = max(0, min(self.max_scroll, int(top + dy)))
        self.invalidate()

    def handle_event(self, e) -> None:
        if self.widgets.handle_event(e):
            return
        page = max(self.step, self.view.height - 2 * self.step)
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) or tool_keys.tool_of(e) == "moves":
                self.close()
            elif e.key == pygame.K_UP:
                self.scroll_by(-self.step * 2)
            elif e.key == pygame.K_DOWN:
                self.scroll_by(self.step * 2)
            elif e.key == pygame.K_PAGEUP:
                self.scroll_by(-page)
            elif e.key == pygame.K_PAGEDOWN:
                self.scroll_by(page)
            elif e.key == pygame.K_HOME:
                self.scroll_by(-self.content_h)
            elif e.key == pygame.K_END:
                self.scroll_by(self.content_h)
        elif e.type == pygame.MOUSEWHEEL:
            self.scroll_by(-e.y * self.step * 3)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and not self.box.collidepoint(e.pos):
            self.close()

    def draw(self, surface) -> None:
        u = self.u
        theme.shade(surface, 150, self.box, u)
        theme.panel(surface, self.box, u)
        # TRANSLATORS: the title of the move log
        theme.blit_text(surface, _("Moves so far"), 24 * u, (self.box.centerx, self.box.top + int(18 * u)),
                    theme.ACCENT, bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        if not self.lines:
            theme.blit_text(surface, _("No moves yet."), 16 * u, self.view.topleft, theme.TEXT_DIM)
        top = self.max_scroll if self.scroll is None else self.scroll
        y = self.view.top - top
        for text, px, color, bold, left in self.lines:
            h = theme.line_step(px, bold)
            if y >= self.view.top and y + h <= self.view.bottom:
                theme.blit_text(surface, text, px, (self.view.left + left, y), color, bold=bold)
            y += h
        if self.max_scroll:
            track = pygame.Rect(self.view.right + int(4 * u), self.view.top, int(6 * u), self.view.height)
            pygame.draw.rect(surface, (40, 56, 50), track, border_radius=track.width // 2)
            th = max(int(24 * u), int(track.height * self.view.height / max(1, self.content_h)))
            ty = track.top + int((track.height - th) * top / self.max_scroll)
            pygame.draw.rect(surface, (150, 140, 100), (track.left, ty, track.width, th),
                             border_radius=track.width // 2)
        self.widgets.draw(surface, u)
