"""A word across a network table: the table phrases and the box that says them.

A phrase goes over the network as its id (``game.net.protocol.PHRASES``), never as text, so
every screen shows it in its own player's language, in the sender's seat box.  The box
(:class:`PhrasesScene`, the table's Say button or its key, :mod:`.tool_keys`) lists the phrases (a click or the keys
1-6 says one) and every other player with a Mute switch: a muted player's phrases are not
shown at this screen.  The host lets a seat say at most three phrases in ten seconds; this
screen keeps the same limit on its own player and says so, so nothing it sends is dropped
unseen.  There is no free text: a fixed set of phrases cannot be rude, long, invisible or turn
the text around.
"""

from __future__ import annotations

import time
from functools import partial

import pygame

from ..i18n import _
from ..net.protocol import PHRASES
from . import theme
from . import tool_keys
from .overlay_base import Overlay
from .widgets import Button, WidgetGroup


def phrase_text(phrase: str) -> str:
    """A table phrase in this screen's language ("" for an id this game does not know)."""
    texts = {
        # TRANSLATORS: a table phrase a player sends to the others at a network table
        "good_luck": lambda: _("Good luck!"),
        # TRANSLATORS: a table phrase: praise for a good game or a good move
        "well_played": lambda: _("Well played!"),
        # TRANSLATORS: a table phrase: the sender made a mistake
        "oops": lambda: _("Oops!"),
        # TRANSLATORS: a table phrase: a gentle nudge to the player whose turn it is
        "your_turn": lambda: _("Your turn!"),
        # TRANSLATORS: a table phrase
        "thanks": lambda: _("Thanks!"),
        # TRANSLATORS: a table phrase: the sender would like to play another game
        "one_more": lambda: _("One more?"),
    }
    word = texts.get(phrase)
    return word() if word is not None else ""


class PhrasesScene(Overlay):
    """Say a phrase to the table, or mute a player's."""

    shade = 120

    def __init__(self, app, table):
        super().__init__(app, table)
        self.side = table.network_side
        self.phrases = list(PHRASES)
        self.buttons = [Button(partial(phrase_text, p), partial(self.say, p), name=p, px=17)
                        for p in self.phrases]
        me = set(table.humans)
        seats = table.network.seats() if table.network is not None else []
        # the other people at the table (the computer's seats say nothing)
        self.others = [s for s, st in enumerate(seats) if s not in me and st["who"] != "ai"]
        self.mutes = [Button(partial(self._mute_label, s), partial(self.toggle, s), name=f"mute-{s}",
                             px=15) for s in self.others]
        # TRANSLATORS: closes the box of table phrases
        self.close_btn = Button(lambda: _("Close"), self.close, name="close")
        self.widgets = WidgetGroup([*self.buttons, *self.mutes, self.close_btn])
        self.widgets.focus = 0

    def _mute_label(self, seat: int) -> str:
        name = self.table.players[seat]["name"]
        if seat in self.side.muted:
            # TRANSLATORS: a muted player in the box of table phrases; pressing it shows their phrases again
            return _("{name}: muted").format(name=name)
        # TRANSLATORS: a player in the box of table phrases; pressing it hides their phrases at this screen
        return _("Mute {name}").format(name=name)

    def say(self, phrase: str) -> None:
        if self.side.say(phrase):
            self.close()
        else:
            self.invalidate()           # the limit: the box says so

    def toggle(self, seat: int) -> None:
        self.side.mute(seat, seat not in self.side.muted)
        self.invalidate()

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()

    def waiting(self) -> bool:
        return not self.side.may_say(time.monotonic())

    def update(self, dt: float) -> None:
        held = self.waiting()
        for b in self.buttons:
            if b.enabled == held:
                b.enabled = not held
                self.invalidate()
        if held:
            self.invalidate()           # until the limit lets go

    def animating(self) -> bool:
        return self.waiting()

    def handle_event(self, e) -> None:
        if e.type == pygame.KEYDOWN and pygame.K_1 <= e.key <= pygame.K_6:
            self.say(self.phrases[e.key - pygame.K_1])
            return
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and (e.key == pygame.K_ESCAPE or tool_keys.tool_of(e) == "say"):
            self.close()

    def layout(self, size) -> None:
        u = theme.unit(size)
        rows = (len(self.buttons) + 1) // 2
        mute_rows = (len(self.mutes) + 1) // 2
        h = 80 + rows * 56 + (40 + mute_rows * 48 if self.mutes else 0) + 44 + 70
        self.box = pygame.Rect(0, 0, min(size[0] - int(24 * u), int(620 * u)), min(size[1] - int(24 * u), int(h * u)))
        self.box.center = (size[0] // 2, size[1] // 2)
        left = self.box.left + int(30 * u)
        col = (self.box.width - int(76 * u)) // 2
        y = self.box.top + int(70 * u)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + (i % 2) * (col + int(16 * u)), y + (i // 2) * int(56 * u), col, int(46 * u))
        y += rows * int(56 * u) + int(40 * u)
        self.mute_top = y - int(32 * u)
        for i, b in enumerate(self.mutes):
            b.rect = pygame.Rect(left + (i % 2) * (col + int(16 * u)), y + (i // 2) * int(48 * u), col, int(40 * u))
        self._buttons_row([self.close_btn], self.box.bottom - int(66 * u), u, w=220)

    def draw(self, surface) -> None:
        u = theme.unit(surface.get_size())
        self._shade(surface, under=self.box, u=u)
        theme.panel(surface, self.box, u)
        width = self.box.width - int(60 * u)
        # TRANSLATORS: the title of the box of table phrases at a network table
        theme.blit_text(surface, _("Say to the table"), 24 * u, (self.box.centerx, self.box.top + int(20 * u)),
                        theme.ACCENT, bold=True, anchor="midtop", max_width=width)
        if self.mutes:
            # TRANSLATORS: the box of table phrases: above the players whose phrases can be hidden
            theme.blit_text(surface, _("Mute a player (at this screen only):"), 15 * u,
                            (self.box.left + int(30 * u), self.mute_top), theme.TEXT_DIM, max_width=width)
        if self.waiting():
            # TRANSLATORS: the box of table phrases when the player has said three in a short while
            theme.blit_text(surface, _("Wait a moment before the next phrase."), 15 * u,
                            (self.box.centerx, self.box.bottom - int(102 * u)), theme.ERROR, anchor="midtop",
                            max_width=width)
        self.widgets.draw(surface, u)
