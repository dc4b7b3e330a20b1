"""The table's tools under the Menu button: the score sheet (more to come), by mouse and key.

Each tool is a button in the column under Menu and a key (:data:`KEYS`); the pause menu
and the rules screen list the keys (:mod:`game.ui.shortcuts`).
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ..widgets import Button


class Toolbar:
    def __init__(self, scene):
        self.s = scene
        self.scores = Button(lambda: _("Scores"), self.open_scores, name="scores", px=15)
        self.buttons: list[Button] = [self.scores]

    # -- the tools ------------------------------------------------------------------------
    def open_scores(self) -> None:
        self.s.app.nav.push("scoresheet", table=self.s.handle)

    # -- keys and places ----------------------------------------------------------------------
    def handle_key(self, e) -> bool:
        """True when ``e`` (a KEYDOWN) was a tool's key."""
        if e.key == pygame.K_s and not e.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.open_scores()
            return True
        return False

    def place(self) -> None:
        """The buttons in a column under the Menu button."""
        lay = self.s.lay
        if lay is None:
            return
        u = lay.u
        r = self.s.menu_button.rect
        y = r.bottom + int(8 * u)
        for b in self.buttons:
            b.rect = pygame.Rect(r.left, y, r.width, int(32 * u))
            y += int(32 * u) + int(6 * u)
