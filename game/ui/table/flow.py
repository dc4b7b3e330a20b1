"""The table's flow controls: going on after a held trick, skipping, the look back and the
move log.

- A finished trick (or bout) is *held* for the player when the setting asks for it
  (``trick_pause``: the last trick of a deal, every trick, or never) and a human plays at
  the table: nothing more is shown until a click on the table, the Continue button, Space
  or Enter.
- Skipping is explicit: the "Skip animation" button or Space / Enter while the others play; a click on
  the table never skips.  It shows every move at once until the player is to act (or a
  held trick).
- L (and a button) shows the previous trick or bout, M (and a button) the move log; in
  another language also the letter its button shows (:mod:`game.ui.tool_keys`).
"""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import tool_keys
from .. import tool_names
from ..widgets import Button

_CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Flow:
    def __init__(self, scene):
        """Releases and skips the scene's animations and opens its overlays: handed the scene."""
        self.scene = scene
        # TRANSLATORS: a button at the table while the others play: their moves are shown at
        # once, without the animation, until it is the player's turn
        self.skip_btn = Button(lambda: _("Skip animation"), scene.skip_animations, name="skip", px=16)
        # TRANSLATORS: a button under a finished trick the table waits on
        self.go_btn = Button(lambda: _("Continue"), self.go_on, primary=True, name="go_on")
        self.back_btn = Button(self._back_label, self.look_back, name="lookback", px=14)
        self.log_btn = Button(lambda: tool_names.with_key(tool_names.moves(), tool_keys.letter("moves")),
                              self.open_log, name="movelog", px=14)
        self.buttons = [self.back_btn, self.log_btn, self.go_btn, self.skip_btn]
        self.refresh()

    def _back_label(self) -> str:
        return tool_names.with_key(self.scene.part.lookback_label(), tool_keys.letter("lookback"))

    # -- when to hold ---------------------------------------------------------------------
    def wants_hold(self, last: bool) -> bool:
        """Should a finished trick (``last``: the deal's last one) wait for the player?"""
        s = self.scene
        if not s.humans or s.app.demo or getattr(s, "coach", None) is not None:
            return False        # (a tutorial's coach holds the table with its own callouts)
        mode = s.app.settings.trick_pause
        return mode == "every" or (mode == "last" and last)

    def held(self) -> bool:
        return self.scene.timeline.held is not None

    # -- what the player may do -------------------------------------------------------------
    def go_on(self) -> None:
        if self.scene.timeline.release():
            self.scene.invalidate()

    def look_back(self) -> None:
        if self.scene.part.can_look_back():
            self.scene.app.nav.push("lookback", table=self.scene.handle)

    def open_log(self) -> None:
        self.scene.app.nav.push("movelog", table=self.scene.handle)

    def skippable(self) -> bool:
        s = self.scene
        return not (s.finished or self.held() or s.my_turn()) and s.stream.to_act() is not None

    def key(self, e) -> bool:
        """Keys of the flow (True when used)."""
        if e.key in _CONFIRM and self.held():
            self.go_on()
            return True
        tool = tool_keys.tool_of(e)
        if tool == "lookback":
            self.look_back()
            return True
        if tool == "moves":
            self.open_log()
            return True
        if e.key in _CONFIRM and self.skippable():
            self.scene.skip_animations()
            return True
        return False

    # -- the buttons --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the buttons that mean something now (every frame: cheap)."""
        s = self.scene
        self.go_btn.visible = self.held()
        self.skip_btn.visible = self.skippable() and not self.go_btn.visible
        self.back_btn.visible = self.log_btn.visible = True
        self.back_btn.enabled = s.part.can_look_back()   # greyed (not gone) before the first trick

    def place(self, lay) -> None:
        w, h = lay.size
        u = lay.u
        for b, r in zip((self.log_btn, self.back_btn), lay.flow_rects()):   # under the Menu button
            b.rect = r
        bw, bh = int(190 * u), int(44 * u)
        for b in (self.go_btn, self.skip_btn):
            b.rect = pygame.Rect(w - bw - int(16 * u), h - int(16 * u) - bh, bw, bh)
