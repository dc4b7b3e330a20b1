"""A list of games to choose from (the saved games, the finished games): two lines a row,
headings between groups, one row selected, scrolled to keep it in sight.

Keys while it has the focus: Up / Down, Page Up / Page Down, Home / End move the selection;
Enter opens the selected game (``on_open(key)``).  The mouse: a click selects a row, a
click on the selected row opens it, the wheel scrolls (:meth:`GameList.wheel`, from the
scene).  A heading (a row whose key is None) is never selected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from . import theme
from .widget_base import Widget


@dataclass(frozen=True)
class Row:
    """One row: ``key`` names the game (None: a heading), ``title`` and ``right`` the first
    line (left and right), ``sub`` and ``sub_right`` the second."""

    key: object
    title: str
    right: str = ""
    sub: str = ""
    sub_right: str = ""


class GameList(Widget):
    activates = True
    ROW = 58          # design pixels a row
    PAD = 10

    def __init__(self, rows: list[Row], on_open: Callable[[object], None] | None = None,
                 on_select: Callable[[object], None] | None = None, name: str = "list"):
        super().__init__(None, True, None, name)
        self.rows: list[Row] = []
        self.index = 0
        self.top = 0
        self.on_open = on_open
        self.on_select = on_select
        self._u = 1.0
        self.set_rows(rows)

    # -- the rows --------------------------------------------------------------------------
    def set_rows(self, rows: list[Row], keep=None) -> None:
        """New rows; the selection stays on the game ``keep`` when it is still there, else
        on the nearest game at the same place."""
        self.rows = list(rows)
        keys = [r.key for r in self.rows]
        if keep is not None and keep in keys:
            self.index = keys.index(keep)
        self.index = self._game_near(min(self.index, len(self.rows) - 1), 1)
        self._scroll_to(self.index)

    @property
    def selected(self) -> object:
        """The key of the selected game (None when there is none)."""
        if 0 <= self.index < len(self.rows):
            return self.rows[self.index].key
        return None

    def _game_near(self, i: int, d: int) -> int:
        """The game at ``i``, else the next one in direction ``d``, else the other way."""
        for step in (d, -d):
            j = i
            while 0 <= j < len(self.rows):
                if self.rows[j].key is not None:
                    return j
                j += step
        return 0

    def select(self, i: int, d: int = 1) -> None:
        if not self.rows:
            return
        i = self._game_near(max(0, min(len(self.rows) - 1, i)), d)
        changed = i != self.index
        self.index = i
        self._scroll_to(i)
        if changed and self.on_select is not None:
            self.on_select(self.selected)

    # -- geometry --------------------------------------------------------------------------
    def row_h(self) -> int:
        return max(1, int(self.ROW * self._u))

    def shown_rows(self) -> int:
        return max(1, self.rect.height // self.row_h()) if self.rect is not None else 1

    def _scroll_to(self, i: int) -> None:
        """Scroll so that row ``i`` is in sight, with its group's heading when it is the
        group's first game."""
        first = i - 1 if 0 < i <= len(self.rows) and self.rows[i - 1].key is None else i
        if first < self.top:
            self.top = max(0, first)
        elif i >= self.top + self.shown_rows():
            self.top = i - self.shown_rows() + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - self.shown_rows())))

    def row_rect(self, i: int) -> pygame.Rect:
        """Where row ``i`` is drawn (narrower by the scroll bar when there is one)."""
        h = self.row_h()
        bar = int(12 * self._u) if len(self.rows) > self.shown_rows() else 0
        return pygame.Rect(self.rect.left, self.rect.top + (i - self.top) * h, self.rect.width - bar, h)

    def row_at(self, pos) -> int | None:
        if self.rect is None or not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.top) // self.row_h()
        return i if i < len(self.rows) else None

    def wheel(self, dy: int) -> None:
        self.top = max(0, min(max(0, len(self.rows) - self.shown_rows()), self.top - dy * 2))

    def laid_out(self, u: float) -> None:
        """The scene has set ``rect`` for the unit ``u``: the selected row in sight, scrolled
        from the top."""
        self._u = u
        self.top = 0
        self._scroll_to(self.index)

    # -- input -----------------------------------------------------------------------------
    def key(self, e) -> bool:
        page = max(1, self.shown_rows() - 1)
        moves = {pygame.K_UP: (-1, -1), pygame.K_DOWN: (1, 1), pygame.K_PAGEUP: (-page, -1),
                 pygame.K_PAGEDOWN: (page, 1)}
        if e.key in moves:
            step, d = moves[e.key]
            target = self.index + step
            if d < 0 and target >= 0:
                while target > 0 and self.rows[target].key is None:
                    target -= 1
            if self.rows and 0 <= target < len(self.rows) and self.rows[target].key is not None:
                self.select(target, d)
            elif self.rows:
                self.select(0 if d < 0 else len(self.rows) - 1, -d)
            return True
        if e.key == pygame.K_HOME:
            self.select(0, 1)
            return True
        if e.key == pygame.K_END:
            self.select(len(self.rows) - 1, -1)
            return True
        return False

    def handle_mouse(self, e) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            i = self.row_at(e.pos)
            if i is not None and self.rows[i].key is not None:
                if i == self.index:
                    self.activate()
                else:
                    self.select(i)
        return True

    def activate(self) -> None:
        if self.selected is not None and self.on_open is not None:
            self.on_open(self.selected)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface, u, focused):
        if self.rect is None:
            return
        self._u = u
        pygame.draw.rect(surface, (10, 22, 18), self.rect, border_radius=int(6 * u))
        pad = int(self.PAD * u)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        try:
            for i in range(self.top, min(len(self.rows), self.top + self.shown_rows())):
                self._draw_row(surface, u, i, pad)
        finally:
            surface.set_clip(clip)
        if len(self.rows) > self.shown_rows():
            self._draw_bar(surface, u)

    def _draw_row(self, surface, u, i: int, pad: int) -> None:
        row, rr = self.rows[i], self.row_rect(i)
        width = rr.width - 2 * pad - int(10 * u)
        if row.key is None:          # a heading
            theme.blit_text(surface, row.title, 16 * u, (rr.left + pad, rr.bottom - int(8 * u)), theme.ACCENT,
                        bold=True, anchor="bottomleft", max_width=width)
            return
        sel = i == self.index
        if sel:
            pygame.draw.rect(surface, theme.ACCENT, rr.inflate(-int(4 * u), -int(4 * u)), border_radius=int(6 * u))
        color = theme.TEXT_DARK if sel else theme.TEXT
        dim = (60, 50, 20) if sel else theme.TEXT_DIM
        mid = rr.top + int(rr.height * 0.52)
        x, right = rr.left + pad, rr.left + pad + width
        for text, sub, px, bold, y, anchor_l, anchor_r, c in (
                (row.title, row.right, 17, True, mid, "bottomleft", "bottomright", color),
                (row.sub, row.sub_right, 14, False, mid + int(2 * u), "topleft", "topright", dim)):
            taken = 0
            if sub:
                r = theme.blit_text(surface, sub, px * u, (right, y), dim, anchor=anchor_r,
                                max_width=width * 0.45)
                taken = r.width + int(14 * u)
            if text:
                theme.blit_text(surface, text, px * u, (x, y), c, bold=bold, anchor=anchor_l,
                            max_width=width - taken)

    def _draw_bar(self, surface, u) -> None:
        """Where the rows in sight are among all of them."""
        n, shown = len(self.rows), self.shown_rows()
        track = pygame.Rect(self.rect.right - int(8 * u), self.rect.top + int(4 * u), int(4 * u),
                            self.rect.height - int(8 * u))
        thumb = track.copy()
        thumb.height = max(int(16 * u), track.height * shown // n)
        thumb.top = track.top + (track.height - thumb.height) * self.top // max(1, n - shown)
        pygame.draw.rect(surface, theme.BUTTON_HOVER, track, border_radius=int(2 * u))
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=int(2 * u))
