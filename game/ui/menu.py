"""Main menu, and the modal message scene.

The menu moves on by name (``app.nav.push("setup")``, ``"rules"``, ``"settings"``,
``"table"``, ``"saves"``); it imports no other scene.  Continue with one saved game opens
it; with several (one per ruleset) it lists them (``saves``), newest first.
"""

from __future__ import annotations

import time

import pygame

from ..i18n import _, ngettext
from . import cards
from . import savegame
from . import theme
from .scene import Scene
from .widgets import Button, WidgetGroup


class MessageScene(Scene):
    """A modal message with an OK button (overlay); ``detail``: a technical line in small
    print under the text (e.g. the English reason a file was refused)."""

    opaque = False

    def __init__(self, app, text: str, title=None, on_close=None, detail: str = ""):
        super().__init__(app)
        self.text = text
        self.detail = detail
        self.title = title
        self.on_close = on_close
        self.widgets = WidgetGroup([Button(lambda: _("OK"), self.close, primary=True, name="ok")])
        self.widgets.focus = 0

    def close(self):
        if self.manager:
            self.manager.pop()
        if self.on_close:
            self.on_close()

    def access_texts(self) -> list[tuple[str, str]]:
        """The title, the message and its detail, for a screen reader."""
        title = self.title() if callable(self.title) else self.title
        return [("heading", title or ""), ("label", self.text), ("label", self.detail)]

    def layout(self, size):
        u = theme.unit(size)
        w = int(520 * u)
        # a long text (a list of settings to restore, say) in smaller print, down to 13 px,
        # rather than over the buttons: the room is the window's less the title and buttons
        room = size[1] - int(20 * u) - int((42 if self.title else 0) * u) - int(122 * u)
        px = 19 * u
        while True:
            lines = len(theme.wrap(self.text, px, w - int(56 * u)))
            text_h = lines * theme.font(px).get_linesize() + self._detail_h(u, w - int(56 * u))
            if text_h <= room or px <= max(theme.MIN_PX, 13 * u):
                break
            px -= 1
        #: the text's size (19 px at unit 1, less for a text too long for the window)
        self.text_px = px
        self.text_h = text_h
        h = min(size[1] - int(20 * u), max(int(240 * u), text_h + int((42 if self.title else 0) * u)
                                          + int(122 * u)))
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        b = self.widgets.widgets[0]
        b.rect = pygame.Rect(0, 0, int(160 * u), int(46 * u))
        b.rect.midbottom = (self.box.centerx, self.box.bottom - int(20 * u))

    def _detail_h(self, u: float, width: int) -> int:
        if not self.detail:
            return 0
        return int(12 * u) + len(theme.wrap(self.detail, max(theme.MIN_PX, 15 * u), width)) * \
            theme.font(max(theme.MIN_PX, 15 * u)).get_linesize()

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()

    def draw(self, surface):
        u = theme.unit(surface.get_size())
        theme.shade(surface, 120, self.box, u)
        theme.panel(surface, self.box, u)
        y = self.box.top + int(22 * u)
        if self.title:
            t = self.title() if callable(self.title) else self.title
            theme.blit_text(surface, t, 26 * u, (self.box.centerx, y), theme.ACCENT, bold=True, anchor="midtop",
                        max_width=self.box.width - 40 * u)
            y += int(42 * u)
        room = self.box.bottom - y - int(80 * u)
        y += max(0, (room - getattr(self, "text_h", room)) // 2)   # a short text in the middle of its room
        area = pygame.Rect(self.box.left + int(28 * u), y, self.box.width - int(56 * u),
                           self.box.bottom - y - int(80 * u))
        used = theme.blit_wrapped(surface, self.text, getattr(self, "text_px", 19 * u), area, theme.TEXT,
                                  align="center")
        if self.detail:
            area.top += used + int(12 * u)
            area.height = max(0, self.box.bottom - area.top - int(80 * u))
            theme.blit_wrapped(surface, self.detail, max(theme.MIN_PX, 15 * u), area, theme.TEXT_DIM, align="center")
        self.widgets.draw(surface, u)


class ConfirmScene(MessageScene):
    """A question with two answers: ``yes`` (does ``on_yes``, which changes something for good)
    and ``no`` (only closes: the safe answer, so it is both the highlighted button and the one
    Enter presses; the ring and the colour no longer point at two different buttons)."""

    def __init__(self, app, text: str, yes, no, on_yes, title=None):
        super().__init__(app, text, title)
        self.on_yes = on_yes
        self.widgets = WidgetGroup([Button(yes, self.confirm, name="yes"),
                                    Button(no, self.close, primary=True, name="no")])
        self.widgets.focus = 1          # Enter keeps what is there

    def confirm(self):
        if self.manager:
            self.manager.pop()
        self.on_yes()

    def layout(self, size):
        super().layout(size)
        u = theme.unit(size)
        bw, gap = int(270 * u), int(16 * u)
        self.box.width = max(self.box.width, 2 * bw + gap + int(40 * u))
        px = self.text_px
        self.box.height = min(self.box.height, int(210 * u) + len(theme.wrap(self.text, px, self.box.width - int(56 * u)))
                              * theme.line_step(px))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.bottom - int(20 * u) - int(46 * u)
        x = self.box.centerx - bw - gap // 2
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(x, y, bw, int(46 * u))
            x += bw + gap

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()


#: the main menu's emblem: a small fan of cards
FAN = ("AS", "KH", "QD", "JC", "TS")


def unsaved_line(cause: str) -> str:
    """The menu's line when a game continued now could not be saved (``cause``: a code of
    :func:`game.notices.cause_text`)."""
    if cause in ("disk-full", "no-inodes"):
        # TRANSLATORS: the main menu, under the buttons: the disk is full, so playing on is not saved
        return _("Progress cannot be saved until there is room on the disk.")
    # TRANSLATORS: the main menu, under the buttons: the game's folder is read-only (or the game
    # may not write in it), so playing on is not saved
    return _("Progress cannot be saved until the game's folder is writable.")


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.widgets = WidgetGroup()
        #: the emblem's faces still to draw (:meth:`update`, a few milliseconds a frame): the
        #: first frame shows their backs, so the window is up before any art is rendered
        self.fan_jobs: list = []
        self.build()

    def build(self) -> None:
        #: the saved games, newest first (a bad one set aside, its notice to show)
        self.saved = savegame.saved_games(self.app.notices) if savegame.has_save() else []
        self.has_save = bool(self.saved)
        #: why a game continued now could not be saved (a read-only folder, a full disk): a
        #: line at the foot says so; the game is still offered from where its save is
        self.unsaved = savegame.unsaved() if self.saved else None
        items = []
        if self.saved:
            n = len(self.saved)
            # TRANSLATORS: under Continue on the main menu when there are several saved games
            sub = self.saved[0].label if n == 1 else ngettext("{n} saved game", "{n} saved games",
                                                              n).format(n=n)
            items.append(Button(lambda: _("Continue"), self.on_continue, primary=True, name="continue",
                                sub=sub))
        items += [
            Button(lambda: _("New game"), self.on_new, primary=not self.has_save, name="new"),
            # TRANSLATORS: the main menu: sit down at a game another computer hosts on the network
            Button(lambda: _("Join a table"), lambda: self.app.nav.push("join"), name="join"),
            Button(lambda: _("Learn to play"), lambda: self.app.nav.push("learn"), name="learn"),
            Button(lambda: _("Rules"), lambda: self.app.nav.push("rules"), name="rules"),
            Button(lambda: _("Statistics"), lambda: self.app.nav.push("stats"), name="stats"),
            Button(lambda: _("Replays"), lambda: self.app.nav.push("replays"), name="replays"),
            Button(lambda: _("Settings"), lambda: self.app.nav.push("settings"), name="settings"),
            Button(lambda: _("Quit"), lambda: self.app.quit(0), name="quit"),
        ]
        self.widgets = WidgetGroup(items)
        self.widgets.focus = 0
        self.size = (0, 0)

    def update(self, dt: float) -> None:
        if self.fan_jobs:                   # the emblem's faces, about 3 ms a frame
            end = time.perf_counter() + 0.003
            while self.fan_jobs and time.perf_counter() < end:
                self.fan_jobs.pop(0)()
            if not self.fan_jobs:
                self.invalidate()

    def animating(self) -> bool:
        return bool(self.fan_jobs)

    def enter(self):
        if not self.app.settings.tutorial_offered and not self.app.demo:
            self.app.nav.push("learn", first=True)     # first start: offer the tutorials once
        self.show_notices()

    def show_notices(self) -> None:
        for notice in self.app.notices:     # a text, or a Notice put into words now
            self.push_scene(MessageScene(self.app, str(notice)))
        self.app.notices.clear()

    def resume(self):
        self.build()
        self.invalidate()
        if self.app.notices and self.manager is not None:
            self.show_notices()

    def on_continue(self):
        """One saved game: open it; several: the list of them."""
        if len(self.saved) > 1:
            self.app.nav.push("saves")
            return
        if not savegame.resume(self.app, self.saved[0].rules):
            self.build()

    def on_new(self):
        """The setup (a new game replaces only its own ruleset's save: the setup asks)."""
        self.app.nav.push("setup")

    def layout(self, size):
        u = theme.unit(size)
        buttons = self.widgets.widgets
        join = self.widgets.by_name("join")
        # "Join a table" shares New game's row (the menu's widgets are all buttons)
        rows = [b for b in buttons if isinstance(b, Button) and b is not join]
        n = len(rows)
        # up to eight buttons (with Continue) still clear the title at 1024x640
        w, h = int(300 * u), int((52 if n <= 5 else 46 if n == 6 else 40 if n == 7 else 36) * u)
        gap = int((14 if n <= 5 else 10 if n == 6 else 8 if n == 7 else 7) * u)
        top = int(size[1] * 0.40) + int(40 * u)
        extra = sum(int(h * 0.25) for b in rows if b.sub)
        top = min(top, size[1] - n * (h + gap) - extra - int(30 * u))
        y = top
        for b in rows:
            tall = int(h * 1.25) if b.sub else h          # Continue names the game it resumes
            b.rect = pygame.Rect(0, 0, w + (int(60 * u) if b.sub else 0), tall)
            b.rect.midtop = (size[0] // 2, y)
            if b.name == "new" and join is not None:      # two buttons side by side, as wide as two
                widths = self._pair_widths((b, join), w // 2 + int(50 * u), size[0] - int(40 * u) - gap, u)
                left = size[0] // 2 - (sum(widths) + gap) // 2
                b.rect = pygame.Rect(left, y, widths[0], tall)
                join.rect = pygame.Rect(left + widths[0] + gap, y, widths[1], tall)
            y += tall + gap
        self.subtitle_at = self._subtitle_place(size, u)

    @staticmethod
    def _pair_widths(pair, least: int, most: int, u: float) -> list[int]:
        """Two buttons side by side: each ``least`` wide, or wider where its label needs it at
        full size (whatever the words: "Gå med vid ett bord"), together at most ``most``."""
        widths = [max(least, theme.font(b.px * u, True).size(b.text)[0] + int(44 * u)) for b in pair]
        if sum(widths) > most:
            widths = [int(x * most / sum(widths)) for x in widths]
        return widths

    def _subtitle_place(self, size, u):
        """Where the subtitle goes (its midtop): at the foot of the window with clear room
        above it, else right under the title, else nowhere (no room at all)."""
        line = theme.line_step(16 * u)
        last = max(b.rect.bottom for b in self.widgets.widgets)
        foot = size[1] - int(14 * u) - line
        if foot - last >= int(16 * u):
            return (size[0] // 2, foot)
        under = int(size[1] * 0.17) + int(62 * u) + theme.line_step(54 * u, True)
        first = min(b.rect.top for b in self.widgets.widgets)
        if first - (under + line) >= int(8 * u):
            return (size[0] // 2, under)
        return None

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            # never quit on a stray Esc (e.g. one press too many leaving the rules or the
            # pause menu): it only moves to Quit, which Enter then confirms
            quit_btn = self.widgets.by_name("quit")
            self.widgets.set_focus(quit_btn)
            self.widgets.keyboard = True
            self.invalidate()

    def draw(self, surface):
        size = surface.get_size()
        u = theme.unit(size)
        surface.blit(theme.felt(size), (0, 0))
        # a small fan of cards as the emblem
        cw = int(78 * u)
        cx, cy = size[0] // 2, int(size[1] * 0.17)
        settings = self.app.settings
        for i, c in enumerate(FAN):
            ang = (i - 2) * 12
            img = cards.drawn(c, cw, settings)
            if img is None:                 # its face in the next frames; its back until then
                img = cards.back(cw)
                if not self.fan_jobs:
                    self.fan_jobs = [job for card in FAN for job in cards.face_jobs(card, cw, settings, here=True)]
            rot = pygame.transform.rotozoom(img, -ang, 1.0)
            off = (i - 2) * int(36 * u)
            r = rot.get_rect(center=(cx + off, cy + abs(i - 2) * int(6 * u)))
            surface.blit(rot, r)
        ty = cy + int(62 * u)
        theme.blit_text(surface, "Gurka", 54 * u, (cx, ty), theme.ACCENT, bold=True, anchor="midtop",
                    shadow=(int(2 * u), int(2 * u)))
        self.widgets.draw(surface, u)
        if self.unsaved:
            last = max(b.rect.bottom for b in self.widgets.widgets)
            theme.blit_text(surface, unsaved_line(self.unsaved), 16 * u, (size[0] // 2, (last + size[1]) // 2),
                            theme.ACCENT, anchor="center", max_width=size[0] - 40 * u)
        elif getattr(self, "subtitle_at", None) is not None:
            # TRANSLATORS: subtitle under the game's name on the main menu
            theme.blit_text(surface, _("Nordic card games"), 16 * u, self.subtitle_at, theme.TEXT_DIM,
                        anchor="midtop")
