"""The table's tools: the score sheet, a hint and undo, by mouse and key; at a network table
also a word to the others (the table phrases).

Each tool is a button in the row left of the Menu button and a key; the pause menu and
the rules screen list the keys (:mod:`game.ui.shortcuts`).
"""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import theme
from .. import tool_keys
from .. import tool_names
from ..widgets import Button, WidgetGroup


class Toolbar:
    def __init__(self, scene):
        """Opens the scene's overlays, moves its focus, asks its hints and undo: handed the scene."""
        self.scene = scene
        self.scores = Button(tool_names.scores, self.open_scores, name="scores", px=15)
        self.hint = Button(tool_names.hint, self.ask_hint, name="hint", px=15)
        self.undo = Button(tool_names.undo, self.take_back, name="undo", px=15)
        self.say = Button(tool_names.say, self.open_phrases, name="say", px=15)
        self.say.visible = False            # (a network table shows it: refresh)
        self.buttons: list[Button] = [self.scores, self.hint, self.undo, self.say]

    # -- the tools ------------------------------------------------------------------------
    def open_scores(self) -> None:
        self.scene.app.nav.push("scoresheet", table=self.scene.handle)

    def open_phrases(self) -> None:
        if self.offers_say():
            if not self.scene.widgets.keyboard:
                # clicked: the focus does not stay on Say, or the next Enter (to play a card)
                # would open the phrases again
                self.scene.widgets.focus = None
            self.scene.app.nav.push("phrases", table=self.scene.handle)

    def offers_say(self) -> bool:
        """A network table with a person at this screen: the table phrases."""
        return self.scene.stream.network is not None and bool(self.scene.humans)

    def ask_hint(self) -> None:
        self.scene.hints.ask()

    def take_back(self) -> None:
        s = self.scene
        if not s.undo():
            return
        s.play_sound("play")
        # on the announcement line: the prompt under it still says what to do now
        s.part.announce(_("Move taken back. The computer may play differently this time."), color=theme.ACCENT)

    def refresh(self) -> None:
        """Show and enable what is on offer now (every frame: it is cheap).  A change draws
        the frame again (the undo setting switched off in the pause menu's settings: the
        button went on showing, dead, until something else moved)."""
        before = [(b.visible, b.enabled) for b in (self.hint, self.undo)]
        self.say.visible = self.offers_say()
        self.hint.visible = self.offers_hint()
        self.hint.enabled = self.scene.hints.available()
        undo = self.scene.undo
        self.undo.visible = undo.allowed()
        self.undo.enabled = self.undo.visible and undo.available()
        if before != [(b.visible, b.enabled) for b in (self.hint, self.undo)]:
            self.scene.invalidate()

    def offers_hint(self) -> bool:
        return bool(self.scene.humans) and self.scene.coach is None   # a tutorial coaches itself

    def group(self, widgets: list) -> WidgetGroup:
        """The table's buttons as a widget group made anew (after each move): Tab goes
        through them in the order given, and the focus stays on the button of the same name
        when there still is one."""
        return WidgetGroup(widgets).keep_focus(getattr(self.scene, "widgets", None))

    # -- keys and places ----------------------------------------------------------------------
    def handle_key(self, e) -> bool:
        """True when ``e`` (a KEYDOWN) was a tool's key."""
        tool = tool_keys.tool_of(e)           # the letters: :mod:`game.ui.tool_keys`
        if tool == "scores":
            self.open_scores()
            return True
        if tool == "hint":
            self.ask_hint()
            return True
        if tool == "say" and self.offers_say():
            self.open_phrases()
            return True
        if tool == "undo" or (e.key == pygame.K_z and e.mod & pygame.KMOD_CTRL) \
                or e.key == pygame.K_BACKSPACE:
            self.take_back()
            return True
        return False

    def place(self) -> None:
        """A row along the top, left of the Menu button: [Undo] [Hint] [Scores] [Menu], each
        as wide as its label, the whole row ending before the top seat's panel (the seats
        on the right sit below it).  Undo, which comes and goes, is on the far end, so
        nothing else moves."""
        lay = self.scene.lay
        if lay is None:
            return
        u = lay.u
        menu = self.scene.menu_button.rect
        gap = int(6 * u)
        row = ([self.say] if self.offers_say() else []) + [self.scores] \
            + ([self.hint] if self.offers_hint() else []) + [self.undo]
        room = lay.toolbar_band().width - gap * len(row)
        font = theme.font(15 * u, True)
        for pad in (24, 22, 20, 18):            # less room round the labels before they shrink
            widths = [max(int(64 * u), font.size(b.text)[0] + int(pad * u)) for b in row]
            if sum(widths) <= room:
                break
        else:                                   # labels shrink (never under 12 px) to share it
            widths = [room // len(row)] * len(row)
        x = menu.left
        for b, bw in zip(row, widths):
            b.rect = pygame.Rect(0, menu.top, bw, menu.height)
            b.rect.right = x - gap
            x = b.rect.left
        if not self.offers_hint():
            self.hint.rect = pygame.Rect(0, 0, 0, 0)
        if not self.offers_say():
            self.say.rect = pygame.Rect(0, 0, 0, 0)
