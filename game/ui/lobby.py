"""A network table's own screens over the table: the waiting table, a dropped player, a
joiner's lost host.

:class:`LobbyScene` is the waiting table.  The host sees the address and the four-digit code
the others type, every seat and who has sat down, which AI level plays the seats nobody
takes, and starts the game when they like (or closes the table).  A joiner sees the seats
and waits for the host to start; the box closes by itself when the game begins.

:class:`SeatLostScene` asks the host what to do when a player's connection is lost: the
computer plays the seat until its player is back, or the table waits.

:class:`ReconnectScene` is a joiner's when its host goes quiet, the connection is lost or the
host left: the table stays on screen under it, it says what is happening ("Reconnecting…"),
and offers Rejoin (the seat's token, at once) and Leave; it closes by itself when the seat is
back.

Both read the table through its narrow interface (:class:`game.ui.table.handle.TableHandle`:
``network``, ``leave``), as every overlay does; the table is served underneath all the while
(:meth:`game.ui.scene.Scene.background`).
"""

from __future__ import annotations

import pygame

from ..engine.seat_spec import PLAYER_LEVELS   # (the levels a host may give the seats nobody takes)
from ..i18n import _
from ..net.invitation import InvitationError
from ..net.texts import relay_text, seat_lost_text
from ..net.tls import IdentityError
from . import clipboard
from . import messages
from . import theme
from .overlay_base import Overlay
from .widgets import Button, Choice, WidgetGroup

#: seconds the Copy button says "Copied"
COPIED_FOR = 2.5


def relay_line(state: str | None, reason: str | None = None) -> str:
    """The relay's state on the host's waiting table (``reason``: the door's, when refused)."""
    if state == "open":
        # TRANSLATORS: the host's waiting table: the relay holds the table; the invitation works
        return _("The relay has the table: the invitation works.")
    if state == "retrying":
        return _("Cannot reach the relay now: trying again.")
    if state == "refused" and reason == "old_python":
        return relay_text(reason, "")
    if state == "refused":
        return _("The relay turned the table away: try another relay in Settings.")
    # TRANSLATORS: the host's waiting table, while the game reaches the relay
    return _("Reaching the relay…")


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
    if st["link"] == "asked":
        # TRANSLATORS: the waiting network table after a game: this player has not yet said whether
        # they play the next game at the same table
        return _("asked to play again")
    return _("waiting for a player")


class NetTableOverlay(Overlay):
    """A box over a network table: it closes itself when it is on top, or leaves the table for
    the main menu (the waiting table, a seat lost, a quiet host)."""

    def leave(self) -> None:
        self.close()
        self.table.leave()
        self.app.nav.back_to("menu")

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()


class LobbyScene(NetTableOverlay):
    shade = 170

    def __init__(self, app, table):
        super().__init__(app, table)
        self.net = table.network
        self._rows = 0
        if self.net.hosting:
            self.fill = Choice(lambda: _("Empty seats are played by"),
                               [(lv, (lambda lv=lv: _("AI: {level}").format(level=messages.level_name(lv))))
                                for lv in PLAYER_LEVELS], "normal", name="fill", px=16)
            self.start_btn = Button(lambda: _("Start the game"), self.start, primary=True, name="start")
            # TRANSLATORS: the waiting network table: the host ends the table (back to the menu)
            self.close_btn = Button(lambda: _("Close the table"), self.leave, name="close")
            # TRANSLATORS: the host's waiting table: open the table to friends elsewhere through a relay
            self.invite_btn = Button(lambda: _("Invite over the internet"), self.invite, name="invite", px=17)
            # TRANSLATORS: the host's waiting table: copy the invitation to the clipboard
            self._copied_until = 0.0
            self.copy_btn = Button(lambda: _("Copied") if self._copied_until > self._now() else _("Copy invitation"),
                                   self.copy, name="copy", px=17)
            self.widgets = WidgetGroup([self.invite_btn, self.copy_btn, self.fill, self.close_btn, self.start_btn])
            self.widgets.focus = 4
            #: one line under the internet part (no relay set, an address that is none)
            self.note = ""
            self._sync_invite()
        else:
            # TRANSLATORS: the waiting network table: a player who joined leaves it
            self.close_btn = Button(lambda: _("Leave the table"), self.leave, name="close")
            self.widgets = WidgetGroup([self.close_btn])
            self.widgets.focus = 0

    # -- what the buttons do -------------------------------------------------------------------
    @staticmethod
    def _now() -> float:
        return pygame.time.get_ticks() / 1000.0

    def _sync_invite(self) -> None:
        invited = self.net.invitation is not None
        self.invite_btn.visible = not invited
        self.copy_btn.visible = invited

    def invite(self) -> None:
        """Open the table to the internet through the relay named in Settings."""
        relay = self.app.settings.relay.strip()
        if not relay:
            # TRANSLATORS: the host's waiting table; "Settings" and "Network" name the Settings
            # screen's page, "Run a relay" the README's section
            self.note = _("Inviting over the internet needs a relay: name one in Settings, Network "
                          "(the README's “Run a relay” says how to run one).")
        else:
            try:
                self.net.invite(relay)
                self.note = ""
            except InvitationError:
                self.note = _("The relay in Settings is not an address such as relay.example.org:47400.")
            except IdentityError:
                # TRANSLATORS: the host's waiting table: the encryption for internet tables is missing
                self.note = _("This installation of the game cannot encrypt an internet table: install it "
                              "again. The table on your own network works.")
        self._sync_invite()
        self.size = (0, 0)
        if self.copy_btn.visible:
            self.widgets.set_focus(self.copy_btn)
        self.invalidate()

    def copy(self) -> None:
        inv = self.net.invitation
        if inv is not None and clipboard.copy(inv.link()):
            self._copied_until = self._now() + COPIED_FOR
        elif inv is not None:
            self.note = _("The clipboard cannot be reached: read the invitation out instead.")
        self.invalidate()

    def start(self) -> None:
        self.net.start(f"ai:{self.fill.value}")
        self.close()

    def update(self, dt: float) -> None:
        if self.net.started:            # a joiner's wait is over: the game is on
            self.close()
            return
        if len(self.net.seats()) != self._rows:
            self.size = (0, 0)         # the seats came with the host's news: lay the box out again
        if self.net.hosting and self.invite_btn.visible == (self.net.invitation is not None):
            self._sync_invite()        # opened to the internet from elsewhere (the host's Continue)
            self.size = (0, 0)
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
        need = 72 + (112 + 56 + self._internet_height() if self.net.hosting else 0) + 30 * rows + 96
        if not self.net.hosting and getattr(self.net, "relay", None):
            need += 26                 # the line that says the table is reached over the internet
        h = min(size[1] - int(24 * u), int(need * u))
        self.box = pygame.Rect(0, 0, min(size[0] - int(24 * u), int(760 * u)), h)
        self.box.center = (size[0] // 2, size[1] // 2)
        by = self.box.bottom - int(66 * u)
        if self.net.hosting:
            self._sync_invite()
            bw = int(min(360, 760 - 60) * u)
            for b in (self.invite_btn, self.copy_btn):
                b.rect = pygame.Rect(0, 0, bw, int(40 * u))
                b.rect.centerx = self.box.centerx
            self.fill.rect = pygame.Rect(self.box.left + int(30 * u), by - int(56 * u),
                                         self.box.width - int(60 * u), int(42 * u))
            self._buttons_row([self.close_btn, self.start_btn], by, u, w=260)
        else:
            self._buttons_row([self.close_btn], by, u, w=260)

    def _internet_height(self) -> int:
        """The internet part's height (at unit 1): a button and a line, or the invitation."""
        return 172 if self.net.invitation is not None else 92

    def _draw_internet(self, surface, u: float, y: int, width: int) -> int:
        """The host's internet part at ``y``: the button, or the invitation with its relay's
        state and the Copy button; where the next part starts."""
        box = self.box
        inv = self.net.invitation
        if inv is None:
            self.invite_btn.rect.top = y
            y = self.invite_btn.rect.bottom + int(6 * u)
            line = self.note or _("Friends elsewhere join through a relay (Settings, Network).")
            theme.blit_wrapped(surface, line, 14 * u, pygame.Rect(box.left + int(30 * u), y, width, int(40 * u)),
                               theme.ERROR if self.note else theme.TEXT_DIM, align="center")
            return y + int(46 * u)
        # TRANSLATORS: the host's waiting table: how friends elsewhere join
        theme.blit_text(surface, _("Over the internet: send the invitation, or read it out:"), 15 * u,
                        (box.centerx, y), theme.TEXT, anchor="midtop", max_width=width)
        y += int(24 * u)
        theme.blit_text(surface, inv.link(), 13 * u, (box.centerx, y), theme.TEXT_DIM, anchor="midtop",
                        max_width=width)
        y += int(22 * u)
        theme.blit_text(surface, inv.spoken(), 20 * u, (box.centerx, y), theme.ACCENT, bold=True, anchor="midtop",
                        max_width=width)
        y += int(32 * u)
        state = self.net.relay_state
        door = getattr(getattr(self.net, "net", None), "door", None)
        line = self.note or relay_line(state, door.reason if door is not None else None)
        color = theme.ERROR if self.note or state in ("retrying", "refused") else theme.TEXT_DIM
        theme.blit_text(surface, line, 14 * u, (box.centerx, y), color, anchor="midtop", max_width=width)
        y += int(24 * u)
        self.copy_btn.rect.top = y
        return self.copy_btn.rect.bottom + int(14 * u)

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
        elif any(st["who"] == "host" for st in net.seats()):
            # TRANSLATORS: the title of a joiner's waiting network table; {name} is the host's name
            title = _("Waiting for {name} to start").format(name=net.host_name)
        else:
            # TRANSLATORS: the title of a joiner's waiting network table when nobody plays at the
            # host's computer (a table hosted without a window)
            title = _("Waiting for the host to start")
        theme.blit_text(surface, title, 28 * u, (box.centerx, y), theme.ACCENT, bold=True, anchor="midtop",
                    max_width=width)
        y += int(50 * u)
        relay = getattr(net, "relay", None)
        if not net.hosting and relay:
            # TRANSLATORS: a joiner's waiting table at an internet table; {relay} is the relay's address
            theme.blit_text(surface, _("Over the internet through {relay}, encrypted between you and the host.")
                            .format(relay=relay), 14 * u, (box.centerx, y - int(6 * u)), theme.TEXT_DIM,
                            anchor="midtop", max_width=width)
            y += int(26 * u)
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
            y = self._draw_internet(surface, u, y, width)
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


class SeatLostScene(NetTableOverlay):
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
        theme.blit_text(surface, seat_lost_text(self.name), 26 * u, (self.box.centerx, self.box.top + int(26 * u)),
                    theme.ACCENT, bold=True, anchor="midtop", max_width=width)
        theme.blit_wrapped(surface, _("The computer can play for {name} until they are back, or the table "
                                  "can wait.").format(name=self.name), 17 * u,
                       pygame.Rect(self.box.left + int(30 * u), self.box.top + int(76 * u), width, int(70 * u)),
                       theme.TEXT, align="center")
        self.widgets.draw(surface, u)


class ReconnectScene(NetTableOverlay):
    """A joiner's table whose host is quiet, lost or gone: Rejoin or Leave, the table kept."""

    shade = 90          # the table stays readable under it

    def __init__(self, app, table):
        super().__init__(app, table)
        self.side = table.network_side
        # TRANSLATORS: a joiner whose host went quiet or away: connect again with the seat's token
        self.rejoin_btn = Button(lambda: _("Rejoin"), self.rejoin, primary=True, name="rejoin")
        # TRANSLATORS: a joiner whose host went quiet or away: back to the main menu
        self.leave_btn = Button(lambda: _("Leave the table"), self.leave, name="leave")
        self.widgets = WidgetGroup([self.rejoin_btn, self.leave_btn])
        self.widgets.focus = 0
        self._text = ""
        self._kept_line = False

    def rejoin(self) -> None:
        self.side.rejoin()
        self.invalidate()

    def update(self, dt: float) -> None:
        if not self.side.trouble or self.side.ended:
            self.close()            # the seat is back (or the table was left)
            return
        text = self.side.trouble_text()
        if text != self._text or self._kept_line == self.side.trying():
            self._text = text
            self.size = (0, 0)
        self.invalidate()

    def animating(self) -> bool:
        return True

    def handle_event(self, e) -> None:
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.table.open_pause()

    def layout(self, size) -> None:
        """Above the side seats, under the header: the cards on the table and in the hand stay
        in sight."""
        u = theme.unit(size)
        width = min(size[0] - int(24 * u), int(640 * u))
        lines = theme.wrap(self._text or "…", 20 * u, width - int(60 * u))
        self._kept_line = not self.side.trying()
        self.box = pygame.Rect(0, 0, width, int((118 + 28 * len(lines) + (30 if self._kept_line else 0)) * u))
        self.box.midtop = (size[0] // 2, int(96 * u))
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(66 * u), u, w=260)

    def draw(self, surface) -> None:
        u = theme.unit(surface.get_size())
        self._shade(surface, under=self.box, u=u)
        theme.panel(surface, self.box, u)
        width = self.box.width - int(60 * u)
        y = self.box.top + int(26 * u)
        for line in theme.wrap(self._text or "…", 20 * u, width):
            theme.blit_text(surface, line, 20 * u, (self.box.centerx, y), theme.ACCENT, bold=True,
                            anchor="midtop", max_width=width)
            y += int(28 * u)
        if self._kept_line:
            # TRANSLATORS: a joiner whose host is away: Rejoin is the button beside this line
            theme.blit_text(surface, _("Your seat is kept for you: Rejoin once the host is back."), 16 * u,
                            (self.box.centerx, y + int(8 * u)), theme.TEXT, anchor="midtop", max_width=width)
        self.widgets.draw(surface, u)
