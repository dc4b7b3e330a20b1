"""Overlays on the table: hand-off (hot seat), scoreboard between deals, the
result with "play again", and the pause menu.

Each gets the table's narrow interface (:class:`game.ui.table.handle.TableHandle`)
and moves on by name through ``app.nav``; none imports another scene."""

from __future__ import annotations

import pygame

from ..i18n import _
from . import messages as M
from . import theme as T
from .scene import Scene
from .widgets import Button, WidgetGroup


class Overlay(Scene):
    opaque = False
    shade = 150

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.widgets = WidgetGroup()
        self.box = pygame.Rect(0, 0, 10, 10)

    def _shade(self, surface, alpha=None) -> None:
        T.shade(surface, self.shade if alpha is None else alpha)

    def _buttons_row(self, buttons, y, u, w=200) -> None:
        bw, bh, gap = int(w * u), int(48 * u), int(16 * u)
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = self.box.centerx - total // 2
        for b in buttons:
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap

    def handle_event(self, e):
        self.widgets.handle_event(e)


class HandoffScene(Overlay):
    """Hot seat: every hand is hidden until the next player clicks."""

    opaque = True  # nothing of the table may show through

    def __init__(self, app, table, seat: int):
        super().__init__(app, table)
        self.seat = seat
        name = table.players[seat]["name"]
        self.name = name
        self.widgets = WidgetGroup([
            # TRANSLATORS: hot seat, a button; {name} is the next player's name
            Button(lambda: _("I am {name}: show my cards").format(name=self.name), self.go, primary=True,
                   name="reveal"),
        ])
        self.widgets.focus = 0

    def go(self):
        self.manager.pop()
        self.table.reveal_for(self.seat)

    def layout(self, size):
        u = T.unit(size)
        self.box = pygame.Rect(0, 0, int(560 * u), int(260 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(76 * u), u, w=380)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.box.collidepoint(e.pos):
            self.go()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.table.open_pause()

    def draw(self, surface):
        size = surface.get_size()
        u = T.unit(size)
        surface.blit(T.felt(size), (0, 0))
        self._shade(surface, 90)
        T.panel(surface, self.box, u)
        T.blit_text(surface, M.pass_to(self.name), 34 * u,
                    (self.box.centerx, self.box.top + int(30 * u)), T.ACCENT, bold=True, anchor="midtop",
                    max_width=self.box.width - 40 * u)
        T.blit_text(surface, _("Everyone else, please look away."), 18 * u,
                    (self.box.centerx, self.box.top + int(92 * u)), T.TEXT, anchor="midtop",
                    max_width=self.box.width - 40 * u)
        self.widgets.draw(surface, u)


class ScoreboardScene(Overlay):
    """Totals after a deal; goes on by itself at AI-only tables."""

    shade = 110

    def __init__(self, app, table, delay: float = 0.0, auto: bool = False):
        super().__init__(app, table)
        self.t = 0.0
        self.delay = delay
        self.auto = auto
        self.widgets = WidgetGroup([Button(self._label, self.go, primary=True, name="continue")])
        self.widgets.focus = 0

    def _label(self) -> str:
        if self.table.is_over():
            return _("See the result")
        return _("Next deal")

    def go(self):
        if self.manager and self.manager.top is self:
            self.manager.pop()

    def update(self, dt):
        self.t += dt
        if self.auto and self.t > self.delay + 2200 * self.app.speed:
            self.go()
        # keep the table's banners and count-up running underneath
        self.table.tick(dt)

    def animating(self):
        return True

    def layout(self, size):
        u = T.unit(size)
        n = self.table.n
        self.box = pygame.Rect(0, 0, int(560 * u), int((170 + 34 * n) * u))
        self.box.center = (size[0] // 2, int(size[1] * 0.42))
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(64 * u), u, w=240)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.table.open_pause()
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and not self.box.collidepoint(e.pos):
            self.go()

    def draw(self, surface):
        u = T.unit(surface.get_size())
        t = self.table
        m = t.model
        self._shade(surface)
        T.panel(surface, self.box, u)
        # TRANSLATORS: {n} is the number of the deal just scored
        T.blit_text(surface, _("Scores after deal {n}").format(n=m.deals), 26 * u,
                    (self.box.centerx, self.box.top + int(18 * u)), T.ACCENT, bold=True, anchor="midtop",
                    max_width=self.box.width - 40 * u)
        x_name = self.box.left + int(30 * u)
        x_pen = self.box.left + int(self.box.width * 0.58)
        x_tot = self.box.right - int(30 * u)
        y = self.box.top + int(66 * u)
        lives = m.options.get("lives")
        penalties = m.sheet[-1].penalties if m.sheet else []
        T.blit_text(surface, _("This deal"), 14 * u, (x_pen, y), T.TEXT_DIM, anchor="midtop")
        T.blit_text(surface, _("Lives lost") if lives else _("Total"), 14 * u, (x_tot, y), T.TEXT_DIM,
                    anchor="topright")
        y += int(26 * u)
        order = sorted(range(t.n), key=lambda s: (m.out[s], m.totals[s]))
        for s in order:
            out = m.out[s]
            col = T.TEXT_DIM if out else T.TEXT
            name = t.players[s]["name"]
            if out:
                # TRANSLATORS: a knocked-out player in the score list; {name} is the name
                name = _("{name} (out)").format(name=name)
            T.blit_text(surface, name, 18 * u, (x_name, y), col, bold=not out,
                        max_width=x_pen - x_name - 60 * u)
            pen = penalties[s] if s < len(penalties) else None
            if pen:
                T.blit_text(surface, f"+{pen}", 18 * u, (x_pen, y), T.ERROR, bold=True, anchor="midtop")
            elif pen == 0:
                T.blit_text(surface, "0", 18 * u, (x_pen, y), T.TEXT_DIM, anchor="midtop")
            T.blit_text(surface, str(m.totals[s]), 18 * u, (x_tot, y), col, bold=True, anchor="topright")
            y += int(34 * u)
        self.widgets.draw(surface, u)


class ResultScene(Overlay):
    """The winner (or the durak) with Play again / Main menu."""

    shade = 140

    def __init__(self, app, table):
        super().__init__(app, table)
        self.widgets = WidgetGroup([
            Button(lambda: _("Play again"), self.again, primary=True, name="again"),
            Button(lambda: _("Main menu"), self.to_menu, name="menu"),
        ])
        self.widgets.focus = 0
        self.t = 0.0

    def again(self):
        scene = self.table.next_game()
        self.manager.pop()
        self.app.nav.replace("table", scene=scene)

    def to_menu(self):
        self.app.nav.back_to("menu")

    def update(self, dt):
        self.t += dt

    def animating(self):
        return self.t < 1500

    def title_and_lines(self) -> tuple[str, list[str]]:
        return self.table.result()

    def layout(self, size):
        u = T.unit(size)
        _title, lines = self.title_and_lines()
        self.box = pygame.Rect(0, 0, int(600 * u), int((190 + 28 * len(lines)) * u))
        self.box.center = (size[0] // 2, int(size[1] * 0.42))
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(70 * u), u, w=220)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.to_menu()

    def draw(self, surface):
        u = T.unit(surface.get_size())
        self._shade(surface)
        T.panel(surface, self.box, u)
        title, lines = self.title_and_lines()
        T.blit_text(surface, title, 32 * u, (self.box.centerx, self.box.top + int(24 * u)), T.ACCENT,
                    bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        y = self.box.top + int(84 * u)
        for line in lines:
            T.blit_text(surface, line, 17 * u, (self.box.centerx, y), T.TEXT, anchor="midtop",
                        max_width=self.box.width - 40 * u)
            y += int(28 * u)
        self.widgets.draw(surface, u)


class PauseScene(Overlay):
    shade = 150

    def __init__(self, app, table):
        super().__init__(app, table)
        self.widgets = WidgetGroup([
            Button(lambda: _("Resume"), self.resume_game, primary=True, name="resume"),
            Button(lambda: _("Rules"), lambda: self.app.nav.push("rules", rules=self.table.rules),
                   name="rules"),
            Button(lambda: _("Settings"), lambda: self.app.nav.push("settings"), name="settings"),
            Button(lambda: _("Save and quit to menu"), self.quit_to_menu, name="quit"),
        ])
        self.widgets.focus = 0

    def resume_game(self):
        self.manager.pop()

    def quit_to_menu(self):
        self.table.leave()
        self.app.nav.back_to("menu")

    def layout(self, size):
        u = T.unit(size)
        n = len(self.widgets.widgets)
        self.box = pygame.Rect(0, 0, int(420 * u), int((90 + n * 62) * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.top + int(76 * u)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(0, 0, int(320 * u), int(48 * u))
            b.rect.midtop = (self.box.centerx, y)
            y += int(62 * u)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.resume_game()

    def draw(self, surface):
        u = T.unit(surface.get_size())
        self._shade(surface)
        T.panel(surface, self.box, u)
        T.blit_text(surface, _("Paused"), 28 * u, (self.box.centerx, self.box.top + int(20 * u)), T.ACCENT,
                    bold=True, anchor="midtop")
        self.widgets.draw(surface, u)
