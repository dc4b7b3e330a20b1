"""The score sheet: every deal's penalties and running totals (Gurka family), or the
evening's Durak games; the pot and the chips where a stake is played.

Opened at any time from the table (the Scores button or S: route ``scoresheet``) and,
between deals, in place of a short scoreboard (route ``scoreboard``: Next deal goes on;
at a table of AI seats only it goes on by itself).  What it shows comes from the table's
family part (:meth:`TableHandle.score_sheet`, :mod:`game.ui.table.sheet`); this scene
only draws it.  Up / Down, Page Up / Page Down, Home / End and the mouse wheel scroll
through the deals; the newest are shown first.
"""

from __future__ import annotations

import pygame

from ..i18n import _
from . import messages
from . import theme
from . import tool_keys
from .scene import Scene
from .widgets import Button, WidgetGroup

TONES = {"bad": theme.ERROR, "good": theme.GOOD, "dim": theme.TEXT_DIM, "plain": theme.TEXT}
ROW_H = 40
SUMMARY_H = 34
FOOT_H = 22


def fit_line(text: str, px: float, max_width: float, bold: bool = False, min_px: float = 12):
    """(text, px): shrunk down to ``min_px`` at most, then cut with an ellipsis."""
    px = theme.fit_px(text, px, max_width, bold, min_px=min_px)
    f = theme.font(px, bold)
    if f.size(text)[0] <= max_width:
        return text, px
    while len(text) > 1 and f.size(text + "…")[0] > max_width:
        text = text[:-1]
    return text + "…", px


class ScoreSheetScene(Scene):
    opaque = False

    def __init__(self, app, table, between: bool = False, delay: float = 0.0, auto: bool = False):
        super().__init__(app)
        self.table = table
        self.between = between
        self.delay = delay
        self.auto = auto
        self.elapsed = 0.0
        self.back = 0            # rows scrolled back from the newest
        self.visible = 1
        self.box = pygame.Rect(0, 0, 10, 10)
        if between:
            button = Button(self._next_label, self.go, primary=True, name="continue")
        else:
            button = Button(lambda: _("Back"), self.go, primary=True, name="close")
        self.widgets = WidgetGroup([button])
        self.widgets.focus = 0

    def _next_label(self) -> str:
        return _("See the result") if self.table.is_over() else _("Next deal")

    def go(self) -> None:
        if self.manager and self.manager.top is self:
            self.manager.pop()

    # -- per frame ------------------------------------------------------------------------
    def update(self, dt):
        self.elapsed += dt
        if self.between and self.auto and self.elapsed > self.delay + 2200 * self.app.speed:
            self.go()
        self.table.tick(dt)     # the table's banners and count-up go on underneath

    def sheet(self):
        return self.table.score_sheet()

    # -- layout ------------------------------------------------------------------------------
    def access_texts(self) -> list[tuple[str, str]]:
        """The score sheet for a screen reader: its title, then each row as "label: name cell, …"."""
        sheet = self.sheet()
        out = [("heading", sheet.title)]
        for row in sheet.rows + sheet.summary:
            cells = ", ".join(f"{name} {' '.join(x for x in (c.text, c.note) if x)}".strip()
                              for name, c in zip(sheet.columns, row.cells))
            out.append(("label", f"{row.label}: {cells}"))
        if not sheet.rows and sheet.empty:
            out.append(("label", sheet.empty))
        return out + [("label", line) for line in sheet.footer]

    def layout(self, size):
        w, h = size
        u = self.u = theme.unit(size)
        sheet = self.sheet()
        n = max(1, len(sheet.columns))
        self.label_w = int(120 * u)
        self.col_w = int(max(70 * u, min(150 * u, (w - 80 * u - self.label_w) / n)))
        bw = max(int(540 * u), self.label_w + n * self.col_w + int(48 * u))
        fixed = int((104 + 8 + 80) * u) + len(sheet.summary) * int(SUMMARY_H * u) \
            + len(sheet.footer) * int(FOOT_H * u)
        room = h - int(24 * u) - fixed
        self.visible = max(1, min(max(1, len(sheet.rows)), room // int(ROW_H * u)))
        bh = fixed + self.visible * int(ROW_H * u)
        self.box = pygame.Rect(0, 0, min(bw, w - int(16 * u)), min(bh, h - int(16 * u)))
        self.box.center = (w // 2, h // 2)
        b = self.widgets.widgets[0]
        b.rect = pygame.Rect(0, 0, int(240 * u), int(48 * u))
        b.rect.midbottom = (self.box.centerx, self.box.bottom - int(16 * u))
        self.back = min(self.back, self.most_back(len(sheet.rows)))

    def most_back(self, rows: int) -> int:
        return max(0, rows - self.visible)

    def scroll(self, d: int) -> None:
        rows = len(self.sheet().rows)
        new = min(max(0, self.back + d), self.most_back(rows))
        if new != self.back:
            self.back = new
            self.invalidate()

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN:
            k = e.key
            if k == pygame.K_ESCAPE:
                if self.between:
                    self.table.open_pause()
                else:
                    self.go()
            elif tool_keys.tool_of(e) == "scores" and not self.between:
                self.go()
            elif k in (pygame.K_UP, pygame.K_DOWN):
                self.scroll(1 if k == pygame.K_UP else -1)
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll(self.visible if k == pygame.K_PAGEUP else -self.visible)
            elif k in (pygame.K_HOME, pygame.K_END):
                self.scroll(10 ** 6 if k == pygame.K_HOME else -10 ** 6)
        elif e.type == pygame.MOUSEWHEEL:
            self.scroll(1 if e.y > 0 else -1)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and not self.box.collidepoint(e.pos):
            self.go()

    # -- drawing -------------------------------------------------------------------------------
    def shown_rows(self, sheet) -> list:
        """The rows on screen now (the newest unless scrolled back)."""
        end = len(sheet.rows) - self.back
        return sheet.rows[max(0, end - self.visible):end]

    def draw(self, surface):
        u = self.u
        sheet = self.sheet()
        box = self.box
        theme.shade(surface, 120, box, u)
        theme.panel(surface, box, u)
        title = sheet.title
        if self.between:
            # TRANSLATORS: {n} is the number of the deal just scored
            title = _("Scores after deal {n}").format(n=self.table.model.deals)
        theme.blit_text(surface, title, 26 * u, (box.centerx, box.top + int(16 * u)), theme.ACCENT, bold=True,
                    anchor="midtop", max_width=box.width - 40 * u)
        x0 = box.left + int(24 * u)
        cols = len(sheet.columns)
        col_x = [x0 + self.label_w + i * self.col_w for i in range(cols)]
        you = messages.local_seat(self.table.humans)
        top = box.top + int(62 * u)
        body_bottom = top + int(36 * u) + self.visible * int(ROW_H * u)
        if you is not None and you < cols:
            mine = pygame.Rect(col_x[you], top - int(4 * u), self.col_w,
                               body_bottom - top + len(sheet.summary) * int(SUMMARY_H * u) + int(8 * u))
            hl = pygame.Surface(mine.size, pygame.SRCALPHA)
            pygame.draw.rect(hl, (255, 255, 255, 16), hl.get_rect(), border_radius=int(6 * u))
            surface.blit(hl, mine)
        for i, name in enumerate(sheet.columns):
            for k, (text, px) in enumerate(self._head(name)):
                theme.blit_text(surface, text, px, (col_x[i] + self.col_w // 2, top + k * theme.line_step(px, True)),
                            theme.TEXT, bold=True, anchor="midtop")
        y = top + int(36 * u)
        rows = self.shown_rows(sheet)
        if not rows and sheet.empty:
            theme.blit_text(surface, sheet.empty, 16 * u, (box.centerx, y + int(10 * u)), theme.TEXT_DIM,
                        anchor="midtop", max_width=box.width - 40 * u)
        if self.back + len(rows) < len(sheet.rows):
            theme.blit_text(surface, "▲", 12 * u, (x0, y - int(14 * u)), theme.TEXT_DIM, anchor="midleft")
        for row in rows:
            self._row(surface, row, x0, col_x, y, int(ROW_H * u))
            y += int(ROW_H * u)
        if self.back:
            theme.blit_text(surface, "▼", 12 * u, (x0, y - int(6 * u)), theme.TEXT_DIM, anchor="midleft")
        y = body_bottom + int(8 * u)
        pygame.draw.line(surface, theme.PANEL_BORDER, (x0, y - int(4 * u)), (box.right - int(24 * u), y - int(4 * u)),
                         max(1, int(u)))
        for row in sheet.summary:
            self._row(surface, row, x0, col_x, y, int(SUMMARY_H * u))
            y += int(SUMMARY_H * u)
        for line in sheet.footer:
            text, px = fit_line(line, 14 * u, box.width - 48 * u, False, 12 * u)
            theme.blit_text(surface, text, px, (box.centerx, y + int(2 * u)), theme.TEXT_DIM, anchor="midtop")
            y += int(FOOT_H * u)
        self.widgets.draw(surface, u)

    def _head(self, name: str) -> list[tuple[str, float]]:
        """A column's name: one line, or (eight narrow columns, a name it would cut short)
        two lines a little smaller, "Guðmundur" over "Þórð", rather than "Guðmundur…"."""
        u = self.u
        width = self.col_w - 8 * u
        text, px = fit_line(name, 15 * u, width, True, 12 * u)
        if text == name or " " not in name.strip():
            return [(text, px)]
        px, lines = theme.fit_wrapped(name, 13 * u, width, 2, True, min_px=12 * u)
        return [(ln, px) for ln in lines]

    def _row(self, surface, row, x0, col_x, y, h) -> None:
        u = self.u
        label, px = fit_line(row.label, 15 * u, self.label_w - 8 * u, row.summary, 12 * u)
        theme.blit_text(surface, label, px, (x0, y + h // 2), theme.ACCENT if row.summary else theme.TEXT_DIM,
                    bold=row.summary, anchor="midleft")
        for x, cell in zip(col_x, row.cells):
            cx = x + self.col_w // 2
            color = TONES.get(cell.tone, theme.TEXT)
            if cell.note:
                text, px = fit_line(cell.text, 17 * u, self.col_w - 8 * u, True, 12 * u)
                theme.blit_text(surface, text, px, (cx, y + int(2 * u)), color, bold=True, anchor="midtop")
                note, px = fit_line(cell.note, 13 * u, self.col_w - 8 * u, False, 12 * u)
                theme.blit_text(surface, note, px, (cx, y + h - int(2 * u)),
                            theme.GOOD if cell.tone == "good" else theme.TEXT_DIM, anchor="midbottom")
            else:
                text, px = fit_line(cell.text, 17 * u, self.col_w - 8 * u, True, 12 * u)
                theme.blit_text(surface, text, px, (cx, y + h // 2), color, bold=True, anchor="center")
