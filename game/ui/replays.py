"""Replays, from the main menu: the last finished game, or a record file (or a save)
chosen in the game's file picker, shown in the replay viewer (route ``replay``).

A file that cannot be replayed is refused with the reason ``python -m game replay``
gives (:mod:`game.ui.replay_open`); a file with several records opens at its first
one, and the viewer moves between them.
"""

from __future__ import annotations

import pygame

from ..i18n import _, ngettext
from ..settings import data_dir
from . import theme as T
from .replay_open import last_game_path, open_games
from .scene import Scene
from .widgets import Button, WidgetGroup


def open_in_viewer(app, path) -> bool:
    """Replay the file at ``path``, or say why it cannot be (True when the viewer opened)."""
    games, problems = open_games(path)
    if not games:
        # TRANSLATORS: {reason} is the technical reason, as the command line gives it
        app.nav.push("message", text=_("This file cannot be replayed: {reason}").format(
            reason=problems[0] if problems else "?"), title=lambda: _("Replays"))
        return False
    app.nav.push("replay", games=games)
    if problems:
        # TRANSLATORS: {n} records of the file were left out; {reason} is the first one's reason
        app.nav.push("message", text=ngettext(
            "{n} of the file's records cannot be replayed and was left out: {reason}",
            "{n} of the file's records cannot be replayed and were left out: {reason}",
            len(problems)).format(n=len(problems), reason=problems[0]))
    return True


class ReplayMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.last = Button(lambda: _("The last finished game"), self.open_last, primary=True, name="last")
        self.file = Button(lambda: _("Open a record file…"), self.open_file, name="file")
        self.back = Button(lambda: _("Back"), self.close, name="back")
        self.widgets = WidgetGroup([self.last, self.file, self.back])
        self.refresh()

    def refresh(self) -> None:
        try:
            self.last.enabled = last_game_path().is_file()
        except OSError:
            self.last.enabled = False
        self.widgets.focus = 0 if self.last.enabled else 1

    def resume(self):
        self.refresh()
        self.invalidate()

    def open_last(self) -> None:
        open_in_viewer(self.app, last_game_path())

    def open_file(self) -> None:
        places = [(lambda: _("Home folder"), "~"), (lambda: _("Game folder"), str(data_dir()))]
        self.app.nav.push("open-file", on_choose=lambda path: open_in_viewer(self.app, path),
                          title=lambda: _("Open a game record"), places=places)

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    def layout(self, size):
        u = T.unit(size)
        self.box = pygame.Rect(0, 0, int(460 * u), int(330 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.top + int(86 * u)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(0, 0, int(380 * u), int(50 * u))
            b.rect.midtop = (self.box.centerx, y)
            y += int(64 * u)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()

    def draw(self, surface):
        size = surface.get_size()
        u = T.unit(size)
        surface.blit(T.felt(size), (0, 0))
        T.panel(surface, self.box, u)
        T.blit_text(surface, _("Replays"), 28 * u, (self.box.centerx, self.box.top + int(22 * u)), T.ACCENT,
                    bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        self.widgets.draw(surface, u)
