"""The table's tools under the Menu button: the score sheet, a hint and undo, by mouse and key.

Each tool is a button in the column under Menu and a key (:data:`KEYS`); the pause menu
and the rules screen list the keys (:mod:`game.ui.shortcuts`).
"""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import theme as T
from ..widgets import Button


class Toolbar:
    def __init__(self, scene):
        self.s = scene
        self.scores = Button(lambda: _("Scores"), self.open_scores, name="scores", px=15)
        self.hint = Button(lambda: _("Hint"), self.ask_hint, name="hint", px=15)
        self.undo = Button(lambda: _("Undo"), self.take_back, name="undo", px=15)
        self.buttons: list[Button] = [self.scores, self.hint, self.undo]

    # -- the tools ------------------------------------------------------------------------
    def open_scores(self) -> None:
        self.s.app.nav.push("scoresheet", table=self.s.handle)

    def ask_hint(self) -> None:
        self.s.hints.ask()

    def take_back(self) -> None:
        s = self.s
        if not s.undo():
            return
        s.play_sound("play")
        s.flash(_("Move taken back. The computer may play differently this time."), T.ACCENT)

    def refresh(self) -> None:
        """Show and enable what is on offer now (every frame: it is cheap)."""
        self.hint.visible = bool(self.s.humans) and self.s.coach is None   # a tutorial coaches itself
        self.hint.enabled = self.s.hints.available()
        undo = self.s.undo
        self.undo.visible = undo.allowed()
        self.undo.enabled = self.undo.visible and undo.available()

    # -- keys and places ----------------------------------------------------------------------
    def handle_key(self, e) -> bool:
        """True when ``e`` (a KEYDOWN) was a tool's key."""
        plain = not e.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        if e.key == pygame.K_s and plain:
            self.open_scores()
            return True
        if e.key == pygame.K_h and plain:
            self.ask_hint()
            return True
        if (e.key == pygame.K_u and plain) or (e.key == pygame.K_z and e.mod & pygame.KMOD_CTRL) \
                or e.key == pygame.K_BACKSPACE:
            self.take_back()
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
