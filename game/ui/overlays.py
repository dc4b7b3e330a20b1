"""Overlays on the table: hand-off (hot seat), the result with "play again", and the
pause menu (the score sheet between deals is :mod:`game.ui.scoresheet`).

Each gets the table's narrow interface (:class:`game.ui.table.handle.TableHandle`)
and moves on by name through ``app.nav``; none imports another scene."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from ..i18n import _, ngettext
from . import cards
from . import messages
from . import motion
from . import shortcuts
from . import theme
from . import tool_keys
from . import tool_names
from .overlay_base import Overlay
from .widgets import Button, WidgetGroup


#: the width of the keys' column in the pause menu's list of shortcuts (design pixels)
KEY_W = 190
#: the least room between a key and its description in the key legend (units)
KEY_GAP = 24
#: the least height of the pause menu's list of keys (design pixels; see PauseScene.layout)
PAUSE_KEYS_H = 412


class HandoffScene(Overlay):
    """Hot seat: every hand is hidden until the next player clicks; the box says what
    happened since that player's last turn."""

    shade = 170     # the table shows through dimly: every hand on it lies face down

    def __init__(self, app, table, seat: int):
        super().__init__(app, table)
        self.seat = seat
        self.news: list[str] = []
        self.left_out = False
        name = table.players[seat]["name"]
        self.name = name
        self.widgets = WidgetGroup([
            # TRANSLATORS: hot seat, a button; {name} is the next player's name
            Button(lambda: _("I am {name}: show my cards").format(name=self.name), self.go, primary=True,
                   name="reveal"),
        ])
        self.widgets.focus = 0

    def go(self):
        self.pop_top()
        self.table.reveal_for(self.seat)

    #: the newest moves the hand-over lists at most (the move log, M, has them all)
    MOST_NEWS = 8

    def access_texts(self) -> list[tuple[str, str]]:
        """What happened since the next player's last turn, every move, for a screen reader."""
        return [("label", line) for line in self.table.since_last_turn(self.seat)]

    def layout(self, size):
        u = theme.unit(size)
        news = self.table.since_last_turn(self.seat)
        step = theme.line_step(15 * u)
        # the lines that fit under the heading and above the button, the newest kept
        room = max(1, (size[1] - int(20 * u) - int(260 * u) - int(30 * u)) // step)
        keep = min(len(news), self.MOST_NEWS, room)
        self.left_out = keep < len(news)
        if self.left_out:
            keep = max(1, keep - 1)           # one line says how many earlier moves are left out
            left_out = len(news) - keep
            # TRANSLATORS: hot seat: the first line of the moves since the player's last turn when
            # the oldest are not listed; {n} is how many; {button} is the table's button with its
            # key, as the table shows it ("Moves (M)")
            news = [ngettext("{n} earlier move not shown: {button} lists every move",
                             "{n} earlier moves not shown: {button} lists every move", left_out).format(
                n=left_out, button=tool_names.with_key(tool_names.moves(), tool_keys.letter("moves")))
                    ] + news[-keep:]
        self.news = news
        self.box = pygame.Rect(0, 0, int(600 * u), int(260 * u))
        if self.news:
            self.box.height += int(30 * u) + len(self.news) * step
        self.box.height = min(self.box.height, size[1] - int(20 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(76 * u), u, w=380)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.box.collidepoint(e.pos):
            self.go()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.table.open_pause()

    def draw(self, surface):
        size = surface.get_size()
        u = theme.unit(size)
        self._shade(surface)
        theme.panel(surface, self.box, u, alpha=245)
        theme.blit_text(surface, messages.pass_to(self.name), 34 * u,
                    (self.box.centerx, self.box.top + int(30 * u)), theme.ACCENT, bold=True, anchor="midtop",
                    max_width=self.box.width - 40 * u)
        theme.blit_text(surface, _("Everyone else, please look away."), 18 * u,
                    (self.box.centerx, self.box.top + int(92 * u)), theme.TEXT, anchor="midtop",
                    max_width=self.box.width - 40 * u)
        if self.news:
            y = self.box.top + int(132 * u)
            # TRANSLATORS: hot seat: the moves the next player has not seen follow this line
            theme.blit_text(surface, _("Since your last turn:"), 15 * u, (self.box.left + int(30 * u), y),
                        theme.ACCENT, bold=True, max_width=self.box.width - 60 * u)
            y += int(26 * u)
            for i, line in enumerate(self.news):
                if y + theme.line_step(15 * u) > self.box.bottom - int(84 * u):
                    break
                dim = i == 0 and self.left_out        # how many earlier moves are not listed
                theme.blit_text(surface, line, 15 * u, (self.box.left + int(40 * u), y),
                            theme.TEXT_DIM if dim else theme.TEXT, max_width=self.box.width - 70 * u)
                y += theme.line_step(15 * u)
        self.widgets.draw(surface, u)


#: how long a won game's cards fall and bounce (ms)
CELEBRATE_MS = 3400
#: how many cards fall
CELEBRATE_CARDS = 16


class Cascade:
    """A won game's celebration: cards dropped one after another from the top of the window,
    falling and bouncing off its bottom edge until they leave it at the sides.  Pure
    motion from the time since the start (the same frames for the same window)."""

    def __init__(self, size, card_w: int, cards: list[str], seed: int):
        rng = random.Random(seed)
        w, h = size
        self.size = size
        self.card_w = card_w
        self.drops = []
        for k, card in enumerate(cards):
            side = -1 if k % 2 else 1
            self.drops.append((card, k * 150.0, rng.uniform(0.12, 0.88) * w,
                               side * rng.uniform(0.10, 0.32) * w, rng.uniform(-0.1, 0.15) * h))

    def positions(self, t: float) -> list[tuple[str, float, float]]:
        """(card, centre x, centre y) of every card in the air at ``t`` ms."""
        w, h = self.size
        ch = self.card_w * 1.42
        floor = h - ch / 2
        g = 2.6 * h                                    # per second squared
        out = []
        for card, start, x0, vx, vy in self.drops:
            s = (t - start) / 1000
            if s < 0:
                continue
            x = x0 + vx * s
            if x < -self.card_w or x > w + self.card_w:
                continue
            # falling from above the window, bouncing with 60 % of its speed each time
            y, v, left = -ch / 2, vy, s
            for _bounce in range(12):
                # time to reach the floor from y with speed v: y + v t + g t^2 / 2 = floor
                disc = v * v + 2 * g * (floor - y)
                hit = (-v + disc ** 0.5) / g
                if left <= hit:
                    y = y + v * left + g * left * left / 2
                    break
                left -= hit
                v = -(v + g * hit) * 0.6
                y = floor
            else:
                y = floor
            out.append((card, x, min(y, floor)))
        return out


class ResultScene(Overlay):
    """The winner (or the durak) with Play again / Main menu.  A won game is celebrated:
    a sound, and cards falling and bouncing behind the box (not with reduced motion); a
    lost one gets a kind word."""

    shade = 140

    def __init__(self, app, table):
        super().__init__(app, table)
        self.again_btn = Button(lambda: _("Play again"), self.again, primary=True, name="again")
        self.menu_btn = Button(lambda: _("Main menu"), self.to_menu, name="menu")
        #: Play again is on offer (at a network table: the host deals, a joiner once the host has)
        self.offers_again = None
        self._buttons()
        self.elapsed = 0.0
        self.outcome = table.outcome()
        #: which of the kind words a lost game shows (the session's games so far choose)
        self.kind = int(table.session.get("game", 1) or 1) if self.outcome == "lost" else 0
        self.cascade: Cascade | None = None
        self._backdrop = None            # the shaded table under the falling cards
        self.cheered = False

    def _buttons(self) -> None:
        """Play again and Main menu, or Main menu alone while a joiner waits for its host to
        deal again (the host's Play again keeps everyone at the same table)."""
        offers = self.table.may_play_again()
        if offers == self.offers_again:
            return
        self.offers_again = offers
        self.menu_btn.primary = not offers
        self.widgets = WidgetGroup([self.again_btn, self.menu_btn] if offers else [self.menu_btn])
        self.widgets.focus = 0
        self.size = (0, 0)

    def again(self):
        scene = self.table.next_game()
        if scene is None:
            return
        self.pop_top()
        self.app.nav.replace("table", scene=scene)

    def to_menu(self):
        self.app.nav.back_to("menu")

    def celebrating(self) -> bool:
        return self.outcome == "won" and not motion.reduced() and self.elapsed < CELEBRATE_MS

    def update(self, dt):
        if self.outcome == "won" and not self.cheered:
            self.cheered = True
            self.app.play_sound("win")
        was = self.celebrating()
        self.elapsed += dt
        if was and not self.celebrating():
            self.end_celebration()
        self.table.show_notice()
        net = self.table.network
        if net is not None and not net.hosting:
            self._buttons()             # the host has dealt again: Play again comes
            line = self.table_line()
            if line != getattr(self, "_line", None):
                self._line = line
                self.size = (0, 0)      # (laid out again with the new line)
            self.invalidate()

    def end_celebration(self) -> None:
        self._backdrop = None
        self.opaque = False
        if self.manager is not None:
            self.manager.dirty = True

    def animating(self):
        net = self.table.network
        waits = net is not None and not net.hosting and not self.offers_again and not net.closed
        return self.elapsed < 1500 or self.celebrating() or waits

    def title_and_lines(self) -> tuple[str, list[str]]:
        return self.table.result()

    def table_line(self) -> str:
        """A joiner's line about the next game: its host has dealt again, or may."""
        net = self.table.network
        if net is None or net.hosting:
            return ""
        if self.offers_again:
            # TRANSLATORS: a joiner's result screen: the host has dealt the next game at the same table
            return _("{name} deals again at this table.").format(name=net.host_name)
        if net.closed:
            # TRANSLATORS: a joiner's result screen once the host has closed the table
            return _("{name} has closed the table.").format(name=net.host_name)
        # TRANSLATORS: a joiner's result screen while the host has not (yet) dealt the next game
        return _("{name} may deal again at this table: wait here, or leave.").format(name=net.host_name)

    def kind_word(self) -> str:
        """A lost game's consolation (one of a few, in turn from game to game)."""
        words: tuple[Callable[[], str], ...] = (
            # TRANSLATORS: the result screen of a lost game: a kind word to the player
            lambda: _("Well played. The cards will fall your way next time."),
            lambda: _("A close game. Another one?"),
            lambda: _("Every good player loses now and then. Deal again?"),
        )
        if not self.table.may_play_again():
            words = words[:1]        # a joiner's host has not dealt again: no "Another one?"
        return words[self.kind % len(words)]()

    def layout(self, size):
        u = theme.unit(size)
        _title, lines = self.title_and_lines()
        # a long line (six players' names in the order they got out) wraps instead of
        # shrinking to the smallest size and losing its last names
        self.rows = [row for line in lines for row in theme.wrap(line, 17 * u, int(560 * u))]
        self.kind_rows = theme.wrap(self.kind_word(), 17 * u, int(560 * u)) if self.outcome == "lost" else []
        self.table_rows = theme.wrap(self.table_line(), 16 * u, int(560 * u)) if self.table_line() else []
        extra = 28 * len(self.kind_rows) + (10 if self.kind_rows else 0) + 26 * len(self.table_rows) \
            + (10 if self.table_rows else 0)
        self.box = pygame.Rect(0, 0, int(600 * u), int((190 + 28 * len(self.rows) + extra) * u))
        self.box.center = (size[0] // 2, int(size[1] * 0.42))
        self._buttons_row(self.widgets.widgets, self.box.bottom - int(70 * u), u, w=220)
        if self.outcome == "won":
            lay = self.table.layout
            card_w = lay.table_w if lay is not None else int(70 * u)
            deck = self.table.deck               # the cards of the game played
            start = (7 * int(self.table.session.get("game", 1) or 1)) % len(deck)
            picks = [deck[(start + 11 * k) % len(deck)] for k in range(CELEBRATE_CARDS)]
            self.cascade = Cascade(size, card_w, picks, seed=len(picks) + start)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.to_menu()

    def draw(self, surface):
        u = theme.unit(surface.get_size())
        if self.celebrating() and self.cascade is not None:
            self._draw_cascade(surface, u)
        else:
            self._shade(surface, under=self.box, u=u)
        theme.panel(surface, self.box, u)
        title, _lines = self.title_and_lines()
        theme.blit_text(surface, title, 32 * u, (self.box.centerx, self.box.top + int(24 * u)), theme.ACCENT,
                    bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        y = self.box.top + int(84 * u)
        for line in self.rows:
            theme.blit_text(surface, line, 17 * u, (self.box.centerx, y), theme.TEXT, anchor="midtop",
                        max_width=self.box.width - 40 * u)
            y += int(28 * u)
        if self.kind_rows:
            y += int(10 * u)
            for line in self.kind_rows:
                theme.blit_text(surface, line, 17 * u, (self.box.centerx, y), theme.GOOD, anchor="midtop",
                            max_width=self.box.width - 40 * u)
                y += int(28 * u)
        if self.table_rows:
            y += int(10 * u)
            for line in self.table_rows:
                theme.blit_text(surface, line, 16 * u, (self.box.centerx, y), theme.TEXT_DIM, anchor="midtop",
                                max_width=self.box.width - 40 * u)
                y += int(26 * u)
        self.widgets.draw(surface, u)

    def _draw_cascade(self, surface, u) -> None:
        """The shaded table (kept as a picture while the cards fall: the table under it is
        not drawn again every frame), then the cards in the air."""
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            if self.opaque:                      # a new window size: the table draws first
                self.opaque = False
                if self.manager is not None:
                    self.manager.dirty = True
                self._shade(surface)
                return
            self._shade(surface)
            self._backdrop = surface.copy()
            self.opaque = True                   # from the next frame on, this scene draws it all
        else:
            surface.blit(self._backdrop, (0, 0))
        cascade = self.cascade
        if cascade is None:                      # never: drawn only while there is one
            return
        w = cascade.card_w
        for card, x, y in cascade.positions(self.elapsed):
            img = cards.face(card, w, self.app.settings)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))


class PauseScene(Overlay):
    """The pause menu.  At a network table nothing pauses for the others: the title says
    "Menu" and a line says that the game goes on; leaving asks first, naming who is dropped
    (the host) or that the seat is kept (a joiner)."""

    shade = 150

    def __init__(self, app, table):
        super().__init__(app, table)
        self.widgets = WidgetGroup([
            Button(lambda: _("Resume"), self.resume_game, primary=True, name="resume"),
            Button(lambda: _("Rules"), lambda: self.app.nav.push("rules", rules=self.table.rules),
                   name="rules"),
            Button(lambda: _("Settings"), lambda: self.app.nav.push("settings"), name="settings"),
            Button(self.quit_label, self.quit_to_menu, name="quit"),
        ])
        self.widgets.focus = 0

    def quit_label(self) -> str:
        """Only a game that is saved says so (a tutorial or the demo is not)."""
        net = self.table.network
        if net is not None:
            # TRANSLATORS: the pause menu at a network table: the host closes it, a joiner leaves it
            return _("Close the table") if net.hosting else _("Leave the table")
        return _("Save and quit to menu") if self.table.saves else _("Quit to menu")

    def quit_to_menu(self):
        net = self.table.network
        text = leave_question(net) if net is not None else None
        if text:
            # TRANSLATORS: the answers to the question before leaving a network table
            self.app.nav.push("confirm", text=text, yes=self.quit_label, no=lambda: _("Stay"),
                              on_yes=self._quit, title=self.quit_label())
            return
        self._quit()

    def _quit(self):
        self.table.leave()
        self.app.nav.back_to("menu")

    def resume_game(self):
        self.pop_top()

    def layout(self, size):
        u = theme.unit(size)
        n = len(self.widgets.widgets)
        keys = shortcuts.table_keys(self.table.rules, self.table.offers_undo, self.table.offers_hint,
                                    say=self.table.network is not None and bool(self.table.humans))
        width = min(int(940 * u), size[0] - int(32 * u)) - int(420 * u)
        self.key_w = key_column(keys, u, width)
        self.keys = keys_layout(keys, u, width, self.key_w)
        # no shorter than the longest list (every family's keys): the box keeps its height
        # whichever game is paused, and so covers the same part of the table
        keys_h = max(sum(h for *_r, h in self.keys) + int(70 * u), int(PAUSE_KEYS_H * u))
        self.box = pygame.Rect(0, 0, min(int(940 * u), size[0] - int(32 * u)),
                               max(int((90 + n * 62 + (60 if self.table.network else 0)) * u), keys_h))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.top + int(76 * u)
        if self.table.network is not None:
            y += int(60 * u)        # the line that says the game goes on
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(0, 0, int(320 * u), int(48 * u))
            b.rect.midtop = (self.box.left + int(200 * u), y)
            y += int(62 * u)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.resume_game()

    def draw(self, surface):
        u = theme.unit(surface.get_size())
        self._shade(surface, under=self.box, u=u)
        theme.panel(surface, self.box, u)
        net = self.table.network
        # TRANSLATORS: the title of the pause menu at a network table, where nothing pauses
        title = _("Menu") if net is not None else _("Paused")
        theme.blit_text(surface, title, 28 * u, (self.box.left + int(200 * u), self.box.top + int(20 * u)),
                    theme.ACCENT, bold=True, anchor="midtop")
        if net is not None:
            # TRANSLATORS: the pause menu at a network table: the others go on meanwhile
            theme.blit_wrapped(surface, _("The game goes on for the others: only your own moves wait for you."),
                               15 * u, pygame.Rect(self.box.left + int(40 * u), self.box.top + int(66 * u),
                                                   int(320 * u), int(60 * u)), theme.TEXT, align="center")
        x = self.box.left + int(400 * u)
        theme.blit_text(surface, shortcuts.section_title(), 18 * u, (x, self.box.top + int(28 * u)), theme.ACCENT,
                    bold=True)
        draw_keys(surface, self.keys, u, x, self.box.top + int(62 * u), self.key_w)
        self.widgets.draw(surface, u)


def leave_question(net) -> str:
    """What to ask before leaving a network table ("" when nobody else is there to drop): the
    host names who will be dropped and that they keep waiting; a joiner hears its seat is kept."""
    if net.hosting:
        names = [st["name"] for st in net.seats() if st["who"] == "net" and st["link"] in ("connected", "asked")]
        if not names:
            return ""
        # TRANSLATORS: asked before the host closes a network table; {names} are the players on the
        # network ("Anna and Sven"); "Continue" is the main menu's button
        return _("Close the table? {names} will be dropped from the game. Their screens keep waiting for you: "
                 "Continue on the main menu opens the table again and gives them their seats back.").format(
            names=messages.join_names(names))
    if net.started:
        # TRANSLATORS: asked before a joiner leaves a network table during the game
        return _("Leave the table? The game goes on without you; join the table again to take your seat back.")
    return ""


def key_column(keys: list[tuple[str, str]], u: float, width: int) -> int:
    """How wide the keys' column of a list of shortcuts ``width`` wide is: the widest key
    ("U / Ctrl+Z / Backsteg") and a clear gap before its description, at least ``KEY_W``
    units, at most 45 % of the list."""
    widest = max((theme.font(14 * u, True).size(key)[0] for key, _what in keys), default=0)
    return min(max(int(KEY_W * u), widest + int(KEY_GAP * u)), int(width * 0.45))


def keys_layout(keys: list[tuple[str, str]], u: float, width: int,
                key_w: int | None = None) -> list[tuple[str, list[str], int]]:
    """(keys, the description's lines, row height) for a list of shortcuts ``width`` wide,
    the descriptions beside a keys' column ``key_w`` wide (:func:`key_column`)."""
    key_w = key_column(keys, u, width) if key_w is None else key_w
    out = []
    for key, what in keys:
        lines = theme.wrap(what, 14 * u, width - key_w - int(24 * u))
        out.append((key, lines, int((22 + 17 * (len(lines) - 1)) * u)))
    return out


def draw_keys(surface, rows, u: float, x: int, y: int, key_w: int | None = None) -> None:
    key_w = int(KEY_W * u) if key_w is None else key_w
    for key, lines, h in rows:
        theme.blit_text(surface, key, 14 * u, (x, y), theme.FOCUS, bold=True, max_width=key_w - KEY_GAP * u)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, 14 * u, (x + key_w, y + int(i * 17 * u)), theme.TEXT)
        y += h
