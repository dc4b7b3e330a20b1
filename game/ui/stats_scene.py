"""The Statistics scene: the player's figures per ruleset and opponent level, a chart,
a ruleset filter, and a reset that asks first and keeps a backup.

Opened from the main menu with ``app.manager.push(StatsScene(app))``; it imports
no other scene and pops itself (Back, Esc).  The figures come from
:func:`game.stats.load_games` when the scene opens and after a reset; a
change of filter only computes them again (:func:`game.stats.compute`).  A bad statistics file has been set aside by then; its one-line notice
is shown at the foot of the screen.

Keys: Left / Right on the filter change the ruleset, Tab / Up / Down move
between the controls, Enter activates; in the confirm step Esc cancels.
"""

from __future__ import annotations

import pygame

from .. import stats as S
from ..i18n import _
from . import theme as T
from .scene import Scene
from .stats_chart import draw_chart
from .stats_table import aids_line, draw_table, rules_label, table_height
from .widgets import Button, Choice, WidgetGroup

TITLE_PX = 30
NOTE_PX = 14


class StatsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.rules: str | None = None
        self.stats: S.Stats = S.Stats()
        self.games: list[dict] = []
        #: a line at the foot of the screen: a set-aside notice or the reset's result
        self.status = ""
        self.confirming = False
        self.w_back = Button(lambda: _("Back"), self.close, primary=True, name="back")
        self.w_reset = Button(lambda: _("Reset statistics"), self.ask_reset, name="reset")
        self.w_yes = Button(lambda: _("Reset"), self.do_reset, name="confirm")
        self.w_no = Button(lambda: _("Cancel"), self.cancel_reset, primary=True, name="cancel")
        self.confirm_widgets = WidgetGroup([self.w_no, self.w_yes])
        self.w_filter = self._make_filter()
        self.widgets = WidgetGroup()
        self.widgets.focus = None
        self.reload()

    # -- data -------------------------------------------------------------------------
    def _make_filter(self) -> Choice:
        # TRANSLATORS: the statistics screen's filter: every ruleset, or one
        options = [(None, lambda: _("All games"))]
        options += [(r, (lambda r=r: rules_label(r))) for r in self.stats.rulesets]
        return Choice(lambda: _("Show"), options, self.rules, self.set_filter, name="filter")

    def reload(self) -> None:
        """Read the games again (opened, reset); the figures follow."""
        self.games, notice = S.load_games()
        if notice:
            self.status = notice
        self.refresh()

    def refresh(self) -> None:
        """The figures of the games read, for the current filter (no file access)."""
        self.stats = S.compute(self.games, self.rules)
        if self.rules is not None and self.rules not in self.stats.rulesets:
            self.rules = None
            self.stats = S.compute(self.games, None)
        self.aids = aids_line(self.stats.total)     # the foot of the screen, without a notice
        old = self.w_filter
        self.w_filter = self._make_filter()
        self.w_filter.rect = old.rect
        self.w_reset.enabled = self.w_filter.visible = self.stats.games > 0
        focus, keyboard = self.widgets.focus, self.widgets.keyboard
        self.widgets = WidgetGroup([self.w_filter, self.w_reset, self.w_back])
        self.widgets.focus = focus if focus is not None and self.stats.games else (0 if self.stats.games else 2)
        self.widgets.keyboard = keyboard
        self.size = (0, 0)
        self.invalidate()

    def set_filter(self, rules) -> None:
        self.rules = rules
        self.refresh()

    @property
    def empty(self) -> bool:
        return self.stats.games == 0

    # -- reset --------------------------------------------------------------------------
    def ask_reset(self) -> None:
        if self.empty:
            return
        self.confirming = True
        self.confirm_widgets.focus = 0
        self.confirm_widgets.keyboard = self.widgets.keyboard
        self.invalidate()

    def cancel_reset(self) -> None:
        self.confirming = False
        self.invalidate()

    def do_reset(self) -> None:
        self.confirming = False
        backup, notice = S.reset()
        if backup is not None:
            # TRANSLATORS: {file} is the name of the backup copy of the statistics
            self.status = _("Your statistics were reset. A backup was kept as {file}.").format(
                file=backup.name)
        else:
            self.status = notice or _("The statistics could not be reset.")
        self.rules = None
        self.reload()

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    # -- layout -------------------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = self.u = T.unit(size)
        m = int(20 * u)
        pw = min(int(960 * u), w - 2 * m)
        self.title_pos = (w // 2, m)
        fy = m + int(46 * u)
        self.w_filter.rect = pygame.Rect(0, fy, min(int(440 * u), pw), int(40 * u))
        self.w_filter.rect.centerx = w // 2
        btn_h = int(46 * u)
        by = h - m - btn_h
        self.panel = pygame.Rect(0, fy + int(52 * u), pw, 0)
        self.panel.centerx = w // 2
        self.panel.height = by - int(12 * u) - self.panel.top
        bw = int(230 * u)
        self.w_reset.rect = pygame.Rect(self.panel.left, by, bw, btn_h)
        self.w_back.rect = pygame.Rect(self.panel.right - bw, by, bw, btn_h)
        self.status_rect = pygame.Rect(self.w_reset.rect.right + int(16 * u), by,
                                       self.w_back.rect.left - self.w_reset.rect.right - int(32 * u), btn_h)
        inner = self.panel.inflate(-int(40 * u), -int(28 * u))
        th = min(table_height(len(self.stats.rows), u), inner.height // 2 + int(40 * u))
        self.table_rect = pygame.Rect(inner.left, inner.top, inner.width, th)
        self.chart_rect = pygame.Rect(inner.left, self.table_rect.bottom + int(18 * u), inner.width,
                                      inner.bottom - self.table_rect.bottom - int(18 * u))
        # the confirm step: a box over the panel
        bw2 = min(int(560 * u), w - 2 * m)
        self.confirm_box = pygame.Rect(0, 0, bw2, int(230 * u))
        self.confirm_box.center = self.panel.center
        cb = int(200 * u)
        self.w_no.rect = pygame.Rect(0, 0, cb, btn_h)
        self.w_yes.rect = pygame.Rect(0, 0, cb, btn_h)
        gap = int(16 * u)
        self.w_no.rect.bottomright = (self.confirm_box.centerx - gap // 2, self.confirm_box.bottom - int(20 * u))
        self.w_yes.rect.bottomleft = (self.confirm_box.centerx + gap // 2, self.confirm_box.bottom - int(20 * u))

    # -- events -------------------------------------------------------------------------
    def handle_event(self, e):
        if self.confirming:
            if self.confirm_widgets.handle_event(e):
                return
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.cancel_reset()
            return
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface):
        size = surface.get_size()
        u = self.u
        surface.blit(T.felt(size), (0, 0))
        T.blit_text(surface, _("Statistics"), TITLE_PX * u, self.title_pos, T.ACCENT, bold=True,
                    anchor="midtop", max_width=size[0] - 40 * u)
        T.panel(surface, self.panel, u)
        if self.empty:
            self._draw_empty(surface, u)
        else:
            draw_table(surface, self.table_rect, self.stats.rows, self.stats.total,
                       self.stats.rules is None, u)
            draw_chart(surface, self.chart_rect, self.stats.series, u)
        self.widgets.draw(surface, u)
        foot = self.status or ("" if self.empty else self.aids)
        if foot:
            px = NOTE_PX * u
            while px > 12 and len(T.wrap(foot, px, self.status_rect.width)) > 2:
                px -= 1
            lines = len(T.wrap(foot, px, self.status_rect.width))
            r = self.status_rect.copy()
            r.top = r.centery - lines * T.font(px).get_linesize() // 2
            T.blit_wrapped(surface, foot, px, r, T.TEXT_DIM, align="center")
        if self.confirming:
            self._draw_confirm(surface, u)

    def _draw_empty(self, surface, u):
        r = self.panel.inflate(-int(80 * u), -int(40 * u))
        r.width = min(r.width, int(700 * u))
        r.centerx = self.panel.centerx
        # a faint sketch of the chart to come
        sketch = pygame.Rect(0, 0, int(300 * u), int(90 * u))
        sketch.midtop = (r.centerx, r.top + int(r.height * 0.12))
        faint = (84, 104, 94)
        pygame.draw.line(surface, faint, sketch.bottomleft, sketch.bottomright, max(1, int(2 * u)))
        pygame.draw.line(surface, faint, sketch.bottomleft, sketch.topleft, max(1, int(2 * u)))
        pts = [(sketch.left + int(sketch.width * x), sketch.bottom - int(sketch.height * y))
               for x, y in ((0.05, 0.2), (0.25, 0.45), (0.45, 0.35), (0.65, 0.7), (0.9, 0.6))]
        pygame.draw.lines(surface, faint, False, pts, max(2, int(3 * u)))
        for p in pts:
            pygame.draw.circle(surface, faint, p, max(3, int(5 * u)))
        y = sketch.bottom + int(34 * u)
        T.blit_text(surface, _("No games yet"), 26 * u, (r.centerx, y), T.ACCENT, bold=True,
                    anchor="midtop", max_width=r.width)
        body = pygame.Rect(r.left, y + int(46 * u), r.width, r.bottom - y - int(46 * u))
        T.blit_wrapped(surface, _("Finish a game against the computer and your results show up "
                                  "here: your wins, your penalty points per deal and your best "
                                  "streak, for every game and every level."),
                       17 * u, body, T.TEXT, align="center")

    def _draw_confirm(self, surface, u):
        box = self.confirm_box
        T.shade(surface, 130, box, u)
        T.panel(surface, box, u)
        T.blit_text(surface, _("Reset all statistics?"), 22 * u, (box.centerx, box.top + int(20 * u)),
                    T.ACCENT, bold=True, anchor="midtop", max_width=box.width - 40 * u)
        body = pygame.Rect(box.left + int(28 * u), box.top + int(62 * u), box.width - int(56 * u),
                           int(90 * u))
        T.blit_wrapped(surface, _("Every game is taken out of the statistics. A copy of them is "
                                  "kept first, so nothing is lost for good."),
                       16 * u, body, T.TEXT, align="center")
        self.confirm_widgets.draw(surface, u)
