"""The Statistics scene: the player's figures per ruleset and opponent level, a chart,
a ruleset filter, and a reset that asks first and keeps a backup.

Opened from the main menu with ``app.manager.push(StatsScene(app))``; it imports
no other scene and pops itself (Back, Esc).  The figures come from
:func:`game.stats.load_figures` when the scene opens and after a reset, read on a
thread of their own (:class:`Job`): a large file, or one another program holds
locked, never holds up a frame; meanwhile the panel says the statistics are being
read (or reset) and Back still works.  A change of filter only computes them again
(:func:`game.stats.compute`).  A bad statistics file has been set aside by then;
its one-line notice is shown at the foot of the screen.

Keys: Left / Right on the filter change the ruleset, Tab / Up / Down move
between the controls, Enter activates; in the confirm step Esc cancels.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Callable

import pygame

from .. import stats as statistics
from ..stats import retry
from ..i18n import _
from . import theme
from .scene import Scene
from .stats_chart import draw_chart
from .stats_table import aids_line, draw_table, rules_label, spoken_rows, table_height
from .widgets import Button, Choice, WidgetGroup

TITLE_PX = 30
NOTE_PX = 14


class Job:
    """``work()`` on a thread of its own (a daemon: only reading waits there; a reset
    writes in one transaction, so a window closed meanwhile loses nothing)."""

    def __init__(self, work: Callable, kind: str):
        self.kind = kind
        self.result = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(work,), name=f"gurka-stats-{kind}",
                                       daemon=True)
        self.thread.start()

    def _run(self, work: Callable) -> None:
        try:
            self.result = work()
        except BaseException as e:  # noqa: BLE001 - handed to the scene, which shows a notice
            self.error = e

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


class StatsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.rules: str | None = None
        self.stats: statistics.Stats = statistics.Stats()
        self.figures: statistics.Figures = statistics.Figures()
        #: reading or resetting on its thread (None when idle)
        self.job: Job | None = None
        self.clock = 0.0
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
        options: list[tuple[str | None, Callable[[], str]]] = [(None, lambda: _("All games"))]
        options += [(r, partial(rules_label, r)) for r in self.stats.rulesets]
        return Choice(lambda: _("Show"), options, self.rules, self.set_filter, name="filter")

    def reload(self) -> None:
        """Read the figures again (opened, reset), off the frame path; they show once read.
        Games kept while another program held the file are added first, if it is free now;
        those still waiting are counted at the foot."""
        def work():
            retry.add_waiting()
            figures = statistics.load_figures()
            figures.notice = figures.notice or retry.waiting_notice()
            return None, None, figures
        self.start(work, "loading")

    def start(self, work: Callable, kind: str) -> None:
        self.job = Job(work, kind)
        self.confirming = False
        self.refresh()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.job is not None:
            if self.job.done:
                self.finish()
            else:
                self.invalidate()          # the dots of "Reading …" move

    def finish(self) -> None:
        """The job's result on the screen (called once its thread has ended)."""
        job, self.job = self.job, None
        if job is None:
            return
        if job.error is not None or job.result is None:
            self.status = _("The statistics could not be read.")
            self.figures = statistics.Figures()
        else:
            backup, notice, figures = job.result
            self.figures = figures
            if job.kind == "loading":
                self.status = ""            # a line of an earlier reading says nothing now
            if job.kind == "reset":
                if backup is not None:
                    # TRANSLATORS: {file} is the name of the backup copy of the statistics
                    self.status = _("Your statistics were reset. A backup was kept as {file}.").format(
                        file=backup.name)
                else:
                    self.status = str(notice) if notice else _("The statistics could not be reset.")
            if figures.notice:
                self.status = str(figures.notice)
        self.refresh()

    def wait(self) -> None:
        """Until the figures are read (tests, the tour)."""
        if self.job is not None:
            self.job.thread.join()
            self.finish()

    def animating(self) -> bool:
        return self.job is not None

    @property
    def busy(self) -> bool:
        return self.job is not None

    def refresh(self) -> None:
        """The figures read, for the current filter (no file access)."""
        self.stats = statistics.compute(self.figures, self.rules)
        if self.rules is not None and self.rules not in self.stats.rulesets:
            self.rules = None
            self.stats = statistics.compute(self.figures, None)
        self.aids = aids_line(self.stats.total)     # the foot of the screen, without a notice
        old = self.w_filter
        self.w_filter = self._make_filter()
        self.w_filter.rect = old.rect
        self.w_reset.enabled = self.w_filter.visible = self.stats.games > 0 and not self.busy
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
        if self.empty or self.busy:
            return
        self.confirming = True
        self.confirm_widgets.focus = 0
        self.confirm_widgets.keyboard = self.widgets.keyboard
        self.invalidate()

    def cancel_reset(self) -> None:
        self.confirming = False
        self.invalidate()

    def do_reset(self) -> None:
        """Reset (a backup first) and read again, off the frame path."""
        if self.busy:
            return
        self.rules = None
        self.status = ""

        def work():
            backup, notice = statistics.reset()
            return backup, notice, statistics.load_figures()
        self.start(work, "reset")

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    # -- layout -------------------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = self.u = theme.unit(size)
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
    def access_texts(self) -> list[tuple[str, str]]:
        """The figures for a screen reader: the title, a line a row of the table, the aids."""
        out = [("heading", _("Statistics"))]
        if not self.busy and not self.empty:
            out += [("label", line) for line in spoken_rows(self.stats.rows, self.stats.total,
                                                             self.stats.rules is None)]
        return out + [("label", self.status or ("" if self.empty or self.busy else self.aids))]

    def draw(self, surface):
        size = surface.get_size()
        u = self.u
        surface.blit(theme.felt(size), (0, 0))
        theme.blit_text(surface, _("Statistics"), TITLE_PX * u, self.title_pos, theme.ACCENT, bold=True,
                    anchor="midtop", max_width=size[0] - 40 * u)
        theme.panel(surface, self.panel, u)
        if self.busy:
            self._draw_busy(surface, u)
        elif self.empty:
            self._draw_empty(surface, u)
        else:
            draw_table(surface, self.table_rect, self.stats.rows, self.stats.total,
                       self.stats.rules is None, u)
            draw_chart(surface, self.chart_rect, self.stats.series, u)
        self.widgets.draw(surface, u)
        foot = self.status or ("" if self.empty or self.busy else self.aids)
        if foot:
            px = NOTE_PX * u
            while px > 12 and len(theme.wrap(foot, px, self.status_rect.width)) > 2:
                px -= 1
            lines = len(theme.wrap(foot, px, self.status_rect.width))
            r = self.status_rect.copy()
            r.top = r.centery - lines * theme.font(px).get_linesize() // 2
            theme.blit_wrapped(surface, foot, px, r, theme.TEXT_DIM, align="center")
        if self.confirming:
            self._draw_confirm(surface, u)

    def _draw_busy(self, surface, u):
        """The panel while the figures are read (or the statistics reset): a line and three
        dots that fill in turn."""
        if self.job is not None and self.job.kind == "reset":
            text = _("Resetting your statistics…")
        else:
            text = _("Reading your statistics…")
        c = self.panel.center
        theme.blit_text(surface, text, 22 * u, (c[0], c[1] - int(16 * u)), theme.ACCENT, bold=True,
                    anchor="midbottom", max_width=self.panel.width - 60 * u)
        lit = int(self.clock // 300) % 4
        gap = int(26 * u)
        for i in range(3):
            color = theme.ACCENT if i < lit else (84, 104, 94)
            pygame.draw.circle(surface, color, (c[0] + (i - 1) * gap, c[1] + int(14 * u)), max(3, int(6 * u)))

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
        theme.blit_text(surface, _("No games yet"), 26 * u, (r.centerx, y), theme.ACCENT, bold=True,
                    anchor="midtop", max_width=r.width)
        body = pygame.Rect(r.left, y + int(46 * u), r.width, r.bottom - y - int(46 * u))
        theme.blit_wrapped(surface, _("Finish a game against the computer and your results show up "
                                  "here: your wins, your penalty points per deal and your best "
                                  "streak, for every game and every level."),
                       17 * u, body, theme.TEXT, align="center")

    def _draw_confirm(self, surface, u):
        box = self.confirm_box
        theme.shade(surface, 130, box, u)
        theme.panel(surface, box, u)
        theme.blit_text(surface, _("Reset all statistics?"), 22 * u, (box.centerx, box.top + int(20 * u)),
                    theme.ACCENT, bold=True, anchor="midtop", max_width=box.width - 40 * u)
        body = pygame.Rect(box.left + int(28 * u), box.top + int(62 * u), box.width - int(56 * u),
                           int(90 * u))
        theme.blit_wrapped(surface, _("Every game is taken out of the statistics. A copy of them is "
                                  "kept first, so nothing is lost for good."),
                       16 * u, body, theme.TEXT, align="center")
        self.confirm_widgets.draw(surface, u)
