"""A network table's own screens over the table: the waiting table and a dropped player.

:class:`LobbyScene` is the waiting table.  The host sees the address and the four-digit code
the others type, every seat and who has sat down, which AI level plays the seats nobody
takes, and starts the game when they like (or closes the table).  A joiner sees the seats
and waits for the host to start; the box closes by itself when the game begins.

:class:`SeatLostScene` asks the host what to do when a player's connection is lost: the
computer plays the seat until its player is back, or the table waits.

Both read the table through its narrow interface (:class:`game.ui.table.handle.TableHandle`:
``network``, ``leave``), as every overlay does; the table is served underneath all the while
(:meth:`game.ui.scene.Scene.background`).
"""

from __future__ import annotations

import pygame

from ..i18n import _
from . import messages
from . import theme
from .overlay_base import Overlay
from .widgets import Button, Choice, WidgetGroup

#: the AI levels a host may give the seats nobody takes
FILL_LEVELS = ("easy", "normal", "hard")


def seat_state(st: dict, mine: bool) -> str:
    """A seat at the waiting table in words."""
    if mine:
        # TRANSLATORS: the waiting network table: the seat of the player at this screen
        return _("you")
    if st["who"] == "host":
        # TRANSLATORS: the waiting network table: a seat played at the host's computer
        return _("at the host's computer")
    if st["who"] == "ai":
        # TRANSLATORS: the waiting network table: a seat the computer plays
        return _("the computer")
    if st["link"] == "connected":
        # TRANSLATORS: the waiting network table: a player on the network has taken this seat
        return _("joined")
    if st["link"] == "lost":
        return _("lost the connection")
    return _("waiting for a player")


class LobbyScene(Overlay):
    shade = 170

    def __init__(self, app, table):
        super().__init__(app, table)
        self.net = table.network
        self._rows = 0
        if self.net.hosting:
            self.fill = Choice(lambda: _("Empty seats are played by"),
                               [(lv, (lambda lv=lv: _("AI: {level}").format(level=messages.level_name(lv))))
                                for lv in FILL_LEVELS], "normal", name="fill", px=16)
            self.start_btn = Button(lambda: _("Start the game"), self.start, primary=True, name="start")
            # TRANSLATORS: the waiting network table: the host ends the table (back to the menu)
            self.close_btn = Button(lambda: _("Close the table"), self.leave, name="close")
            self.widgets = WidgetGroup([self.fill, self.close_btn, self.start_btn])
            self.widgets.focus = 2
        else:
            # TRANSLATORS: the waiting network table: a player who joined leaves it
            self.close_btn = Button(lambda: _("Leave the table"), self.leave, name="close")
            self.widgets = WidgetGroup([self.close_btn])
            self.widgets.focus = 0

    # -- what the buttons do -------------------------------------------------------------------
    def start(self) -> None:
        self.net.start(f"ai:{self.fill.value}")
        self.close()

    def leave(self) -> None:
        self.close()
        self.table.leave()
        self.app.nav.back_to("menu")

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()

    def update(self, dt: float) -> None:
        if self.net.started:            # a joiner's wait is over: the game is on
            self.close()
            return
        if len(self.net.seats()) != self._rows:
            self.size = (0, 0)         # the seats came with the host's news: lay the box out again
        self.invalidate()              # who has sat down changes under the box

    def animating(self) -> bool:
        return True

    def handle_event(self, e) -> None:
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.table.open_pause()

    def access_texts(self) -> list[tuple[str, str]]:
        """The waiting table for a screen reader: what the box says, the address and the code
        (which a blind host reads out to the others), and every seat with its state."""
        net, mine = self.net, self.table.humans
        out = [("heading", _("Waiting for players") if net.hosting
                else _("Waiting for {name} to start").format(name=net.host_name))]
        if net.hosting:
            out += [("label", _("On the other computers: Join a table, then this address and code.")),
                    ("label", "   ".join(net.addresses[:2])),
                    ("label", _("Table code: {code}").format(code=net.code))]
        for seat, st in enumerate(net.seats()):
            state = seat_state(st, seat in mine and (len(mine) == 1 or not net.hosting))
            out.append(("label", f"{st['name']}: {state}"))
        return out

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, size) -> None:
        u = theme.unit(size)
        rows = self._rows = len(self.net.seats())
        # the title, (the host: what to type, the address, the code), a line a seat, (the host:
        # who plays the empty seats), the buttons
        need = 72 + (112 + 56 if self.net.hosting else 0) + 30 * rows + 96
        h = min(size[1] - int(24 * u), int(need * u))
        self.box = pygame.Rect(0, 0, min(size[0] - int(24 * u), int(700 * u)), h)
        self.box.center = (size[0] // 2, size[1] // 2)
        by = self.box.bottom - int(66 * u)
        if self.net.hosting:
            self.fill.rect = pygame.Rect(self.box.left + int(30 * u), by - int(56 * u),
                                         self.box.width - int(60 * u), int(42 * u))
            self._buttons_row([self.close_btn, self.start_btn], by, u, w=260)
        else:
            self._buttons_row([self.close_btn], by, u, w=260)

    def draw(self, surface) -> None:
        u = theme.unit(surface.get_size())
        self._shade(surface)
        theme.panel(surface, self.box, u, alpha=245)
        box, net = self.box, self.net
        width = box.width - int(60 * u)
        left = box.left + int(30 * u)
        y = box.top + int(22 * u)
        if net.hosting:
            # TRANSLATORS: the title of the host's waiting network table
            title = _("Waiting for players")
        else:
            # TRANSLATORS: the title of a joiner's waiting network table; {name} is the host's name
            title = _("Waiting for {name} to start").format(name=net.host_name)
        theme.blit_text(surface, title, 28 * u, (box.centerx, y), theme.ACCENT, bold=True, anchor="midtop",
                    max_width=width)
        y += int(50 * u)
        if net.hosting:
            # TRANSLATORS: the host's waiting table; "Join a table" is the main menu's button
            theme.blit_text(surface, _("On the other computers: Join a table, then this address and code."),
                        15 * u, (box.centerx, y), theme.TEXT, anchor="midtop", max_width=width)
            y += int(30 * u)
            address = "   ".join(net.addresses[:2])
            theme.blit_text(surface, address, 20 * u, (box.centerx, y), theme.TEXT, bold=True, anchor="midtop",
                        max_width=width)
            y += int(34 * u)
            # TRANSLATORS: the host's waiting table: the four digits a joiner types
            theme.blit_text(surface, _("Table code: {code}").format(code=net.code), 26 * u, (box.centerx, y),
                        theme.ACCENT, bold=True, anchor="midtop", max_width=width)
            y += int(48 * u)
        mine = self.table.humans
        #: the seats' rows shown, and where they end (tests)
        self.rows_shown = 0
        for seat, st in enumerate(net.seats()):
            if y + int(30 * u) > box.bottom - int(130 * u if net.hosting else 80 * u):
                break
            self.rows_shown += 1
            state = seat_state(st, seat in mine and (len(mine) == 1 or not net.hosting))
            theme.blit_text(surface, st["name"], 17 * u, (left + int(10 * u), y), theme.TEXT, bold=True,
                        max_width=width // 2 - int(20 * u))
            waiting = st["who"] == "net" and st["link"] != "connected"
            theme.blit_text(surface, state, 16 * u, (left + width // 2, y), theme.ACCENT if waiting else theme.TEXT_DIM,
                        max_width=width // 2)
            y += int(30 * u)
        self.rows_end = y
        self.widgets.draw(surface, u)


class SeatLostScene(Overlay):
    """The host's question about a seat whose player lost the connection."""

    def __init__(self, app, table, seat: int, player: str):
        super().__init__(app, table)
        self.seat, self.name = seat, player
        level = self.table.network.fill.split(":", 1)[1] if ":" in self.table.network.fill else "normal"
        self.widgets = WidgetGroup([
            # TRANSLATORS: a button when a network player's connection is lost; {level} is an AI level
            Button(lambda: _("The computer plays ({level})").format(level=messages.level_name(level)),
                   self.hand_over, primary=True, name="ai"),
            # TRANSLATORS: a button when a network player's connection is lost: the table waits for them
            Button(lambda: _("Wait"), self.close, name="wait"),
        ])
        self.widgets.focus = 1

    def hand_over(self) -> None:
        self.table.network.hand_to_ai(self.seat)
        self.close()

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()

    def update(self, dt: float) -> None:
        seats = self.table.network.seats()
        if 0 <= self.seat < len(seats) and seats[self.seat]["link"] == "connected":
            self.close()                # the player is back
        self.invalidate()

    def layout(self, size) -> None:
        u = theme.unit(size)
        self.box = pygame.Rect(0, 0, min(size[0] - int(24 * u), int(640 * u)), int(250 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(70 * u), u, w=280)

    def draw(self, surface) -> None:
        u = theme.unit(surface.get_size())
        self._shade(surface)
        theme.panel(surface, self.box, u, alpha=245)
        width = self.box.width - int(60 * u)
        from ..net.texts import seat_lost_text
        theme.blit_text(surface, seat_lost_text(self.name), 26 * u, (self.box.centerx, self.box.top + int(26 * u)),
                    theme.ACCENT, bold=True, anchor="midtop", max_width=width)
        theme.blit_wrapped(surface, _("The computer can play for {name} until they are back, or the table "
                                  "can wait.").format(name=self.name), 17 * u,
                       pygame.Rect(self.box.left + int(30 * u), self.box.top + int(76 * u), width, int(70 * u)),
                       theme.TEXT, align="center")
        self.widgets.draw(surface, u)
