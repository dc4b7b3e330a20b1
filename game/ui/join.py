"""Join a table: sit down at a game another computer hosts on the local network.

The tables on the network appear by themselves (DNS-SD, :class:`game.net.discovery.Browser`:
the host's name, the game, the free seats); choosing one fills in its address, which can
also be typed (``192.168.1.23:47411``, the host's waiting table shows it).  The player types
their name and the table's four-digit code and joins; the table opens as soon as the host
has given them a seat (:class:`game.net.client.NetStream`), and waits there for the host to
start.  A refusal (a wrong code, no free seat, another version) is said in one line under
the fields.  A player who had a seat at the table at that address (the game was closed, or
crashed) gets it back: the seat's token is kept in the user folder.
"""

from __future__ import annotations

import pygame

from ..engine.records import clean_name
from ..i18n import _, ngettext
from ..net.client import TEMPORARY, NetStream
from ..net.discovery import Browser
from ..net.hosted import loopback_only
from ..net.invitation import InvitationError, parse
from ..net.protocol import DEFAULT_PORT
from ..net.tokens import TokenStore
from . import clipboard
from . import rules_text
from . import theme
from .names import human_name
from .scene import Scene
from .widgets import Button, ChoiceList, TextInput, WidgetGroup

#: how long the screen waits for the host's answer before it says so (seconds)
ANSWER_WAIT = 12.0


def parse_address(text: str) -> tuple[str, int] | None:
    """``host:port`` (or ``host``: the usual port) as typed; None when it is no address."""
    text = text.strip()
    if not text or len(text) > 253 or any(c.isspace() for c in text):
        return None
    host, _sep, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not host:
        return None
    if not port:
        return host, DEFAULT_PORT
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        return None
    return host, int(port)


def invitation_problem(code: str) -> str:
    """Why the address field's invitation cannot be used, in one line."""
    if code == "typo":
        # TRANSLATORS: the join screen: the invitation's check letter does not fit
        return _("The invitation has a typo: one letter or digit is wrong. Copy it again, or check it "
                 "letter by letter.")
    return _("That is not a whole invitation: it starts gurka:// and has 33 letters and digits after the "
             "relay's address.")


def table_line(table) -> str:
    """A found table in words: the host's name, the game, the free seats."""
    try:
        game = rules_text.ruleset_name(table.rules)
    except ValueError:
        game = table.rules
    # TRANSLATORS: a table found on the local network; {host} is the host's name, {game} the game,
    # {n} how many seats are free
    return ngettext("{host} · {game} · {n} free seat", "{host} · {game} · {n} free seats", table.free).format(
        host=table.host, game=game, n=table.free)


class JoinScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.browser = None
        self.found: list = []
        self.list = ChoiceList([], on_change=self.pick, name="tables", px=17, row_h=40)
        last = (app.settings.last_setup or {}).get("seats") or [{}]
        name = next((s.get("name") for s in last if s.get("kind") == "human"), "") or human_name(1)
        self.w_address = TextInput(app.settings.join_address or "", name="address", px=18,
                                   max_len=200, placeholder=lambda: "192.168.1.23:47411",
                                   on_change=lambda _v: self._address_changed())
        self.w_name = TextInput(name, name="name", px=18, max_len=14)
        self.w_code = TextInput("", name="code", px=18, max_len=4, placeholder=lambda: "0000")
        self.join_btn = Button(lambda: _("Join"), self.join, primary=True, name="join")
        self.back_btn = Button(lambda: _("Back"), self.back, name="back")
        # TRANSLATORS: the join screen: take an invitation to an internet table from the clipboard
        self.paste_btn = Button(lambda: _("Paste an invitation"), self.paste, name="paste", px=18)
        self.widgets = WidgetGroup([self.list, self.w_address, self.w_name, self.w_code, self.back_btn,
                                    self.paste_btn, self.join_btn])
        # their names for screen readers, as the labels beside them say
        self.list.access_name = lambda: _("Tables on this network")
        self.w_address.access_name = lambda: _("Address or invitation")
        self.w_name.access_name = lambda: _("Your name")
        self.w_code.access_name = lambda: _("Table code")
        self.widgets.focus = 1
        self.status = ""
        #: the status line is news, not a problem
        self.status_ok = False
        self.stream = None
        self._asked_at = 0.0
        self._tried_at = 0.0

    # -- looking for tables -----------------------------------------------------------------------
    def enter(self) -> None:
        if not loopback_only():
            self.browser = Browser()
            self.browser.start()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.stop()
            self.browser = None
        if self.stream is not None:       # left while the host had not answered
            self.stream.close()
            self.stream = None

    def list_tables(self, found: list) -> None:
        """The tables found on the network (:class:`game.net.discovery.FoundTable`), listed."""
        if [t.where for t in found] != [t.where for t in self.found]:
            self.found = list(found)
            self.list.items = [(t.where, (lambda t=t: table_line(t))) for t in found]
            self.list.index = min(self.list.index, max(0, len(found) - 1))
            self.invalidate()

    def invitation(self):
        """The invitation in the address field (an internet table), or None (an address)."""
        text = self.w_address.value.strip()
        if not (text.lower().startswith(("gurka://", "gurkas://")) or " " in text):
            return None
        try:
            return parse(text)
        except InvitationError:
            return None

    def _address_changed(self) -> None:
        self.w_code.visible = self.invitation() is None and not self._looks_invited()
        self.invalidate()

    def _looks_invited(self) -> bool:
        return self.w_address.value.strip().lower().startswith(("gurka://", "gurkas://"))

    def paste(self) -> None:
        """The clipboard's invitation into the address field; the name next."""
        text = clipboard.paste()
        try:
            inv = parse(text)
        except InvitationError:
            # TRANSLATORS: the join screen: the clipboard does not hold an invitation
            self.status_ok = False
            self.status = _("The clipboard holds no invitation: copy the whole line the host sent, from "
                            "gurka:// to its end.")
            self.invalidate()
            return
        self.w_address.value = inv.link()
        self.w_address.tail = 0
        self._address_changed()
        # TRANSLATORS: the join screen after pasting an invitation; {relay} is the relay's address
        self.status = _("An invitation through {relay}: type your name and join.").format(relay=inv.relay)
        self.status_ok = True
        self.widgets.set_focus(self.w_name)
        self.invalidate()

    def pick(self, where) -> None:
        if where:
            self.w_address.value = where
            self.w_address.tail = 0
            self._address_changed()

    # -- joining --------------------------------------------------------------------------------
    def join(self) -> None:
        self.status_ok = False
        invitation = None
        if self._looks_invited() or " " in self.w_address.value.strip():
            try:
                invitation = parse(self.w_address.value)
            except InvitationError as e:
                self.status = invitation_problem(e.code)
                self.invalidate()
                return
        where = parse_address(self.w_address.value) if invitation is None else ("", 0)
        name = clean_name(self.w_name.value.strip())
        code = self.w_code.value.strip()
        if invitation is not None and name:
            self.status = _("Joining…")
            self.stream = NetStream("", 0, name, "", tokens=TokenStore(), invitation=invitation)
            self._asked_at = pygame.time.get_ticks() / 1000.0
        elif where is None:
            self.status = _("Type the address the host's table shows, such as 192.168.1.23:47411.")
        elif not name:
            self.status = _("Type your name.")
        elif not (len(code) == 4 and code.isdigit()):
            self.status = _("The table code is four digits: the host's table shows it.")
        else:
            self.status = _("Joining…")
            self.app.settings.join_address = self.w_address.value.strip()
            self.stream = NetStream(where[0], where[1], name, code, tokens=TokenStore())
            self._asked_at = self._tried_at = pygame.time.get_ticks() / 1000.0
        self.invalidate()

    def update(self, dt: float) -> None:
        if self.browser is not None:
            self.list_tables(self.browser.tables())
        stream = self.stream
        if stream is None:
            return
        stream.serve()
        now = pygame.time.get_ticks() / 1000.0
        if stream.state == "joined" or stream.state == "over":
            self.stream = None
            self.app.nav.replace("table", stream=stream)
        elif stream.state == "lost" and stream.reason in TEMPORARY and now - self._asked_at <= ANSWER_WAIT:
            # "busy", "wait a minute": what the host's answer says, done (tried again each second)
            if self.status != stream.problem:
                self.status = stream.problem
                self.invalidate()
            if now - self._tried_at >= 1.0:
                self._tried_at = now
                stream.reconnect()
        elif stream.problem:
            self.status = stream.problem
            stream.close()
            self.stream = None
            self.invalidate()
        elif pygame.time.get_ticks() / 1000.0 - self._asked_at > ANSWER_WAIT:
            self.status = _("The host does not answer.")
            stream.close()
            self.stream = None
            self.invalidate()

    def back(self) -> None:
        self.pop_top()

    def handle_event(self, e) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and isinstance(self.widgets.focused, TextInput):
            self.join()
            return
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.back()

    def animating(self) -> bool:
        return self.stream is not None or self.browser is not None

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = theme.unit(size)
        m = int(28 * u)
        top = int(96 * u)
        half = (w - 3 * m) // 2
        self.left = pygame.Rect(m, top, half, h - top - int(110 * u))
        self.right = pygame.Rect(2 * m + half, top, half, self.left.height)
        self.list.rect = pygame.Rect(self.left.left, self.left.top + int(34 * u), self.left.width,
                                     self.left.height - int(34 * u))
        y = self.right.top + int(34 * u)
        for field in (self.w_address, self.w_name, self.w_code):
            field.rect = pygame.Rect(self.right.left, y, self.right.width, int(42 * u))
            y += int(84 * u)
        self.status_rect = pygame.Rect(self.right.left, y - int(30 * u), self.right.width, int(70 * u))
        bw, bh = int(200 * u), int(48 * u)
        self.back_btn.rect = pygame.Rect(m, h - bh - int(24 * u), bw, bh)
        self.join_btn.rect = pygame.Rect(w - m - bw, h - bh - int(24 * u), bw, bh)
        pw = min(int(300 * u), self.join_btn.rect.left - self.back_btn.rect.right - 2 * m)
        self.paste_btn.rect = pygame.Rect(0, h - bh - int(24 * u), pw, bh)
        self.paste_btn.rect.centerx = w // 2

    def draw(self, surface) -> None:
        size = surface.get_size()
        u = theme.unit(size)
        surface.blit(theme.felt(size), (0, 0))
        theme.blit_text(surface, _("Join a table"), 30 * u, (size[0] // 2, int(24 * u)), theme.ACCENT, bold=True,
                    anchor="midtop", max_width=size[0] - 40 * u)
        # TRANSLATORS: the join screen: the tables other computers host on the local network
        theme.blit_text(surface, _("Tables on this network"), 18 * u, self.left.topleft, theme.TEXT, bold=True,
                    max_width=self.left.width)
        if not self.found:
            # TRANSLATORS: the join screen, while no table has been found on the local network
            theme.blit_wrapped(surface, _("No table found yet. You can also type the address the host's "
                                      "table shows."), 16 * u, self.list.rect.inflate(-int(16 * u), 0),
                           theme.TEXT_DIM)
        # TRANSLATORS: the join screen: the field takes a table's address or an invitation
        labels = (_("Address or invitation"), _("Your name"), _("Table code"))
        for field, label in zip((self.w_address, self.w_name, self.w_code), labels):
            if not field.visible:
                continue
            theme.blit_text(surface, label, 17 * u, (field.rect.left, field.rect.top - int(28 * u)), theme.TEXT,
                        bold=True, max_width=field.rect.width)
        self.widgets.draw(surface, u)
        if self.status:
            color = theme.TEXT if self.stream is not None or self.status_ok else theme.ERROR
            theme.blit_wrapped(surface, self.status, 16 * u, self.status_rect, color)
