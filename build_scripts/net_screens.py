#!/usr/bin/env python3
"""Two real windows at one network table, in two languages, driven by X input, screenshotted.

    python3 build_scripts/net_screens.py [--out DIR] [--displays :60,:61]
                                         [--host sv:1024x640] [--join is:1920x1080] [--rules gurka-se]

Each player is a game process of its own with a real window (SDL's X11 driver) on an X display
of its own (Xvfb, started here unless the display already answers), with a user folder of its
own (``GURKA_HOME``): the **host** (Swedish by default) and the **joiner** (Icelandic).  Both
run with ``GURKA_NET_LOOPBACK=1``: the table opens on 127.0.0.1 only and is never advertised;
nothing leaves this computer.

What the players do is sent as real X input with ``xdotool`` (clicks on the buttons and fields,
keys at the table, typing into the join screen's fields), through SDL and the game's own event
handling.  The driver is this script: it runs the game's App in its own loop (as
:func:`game.ui.app.run` does) and looks at the screens only to know where to click and when a
screen is ready to be photographed; the game itself has no driver mode and no new switch.

1. The host: main menu → New game → the setup (the last game's setup: Swedish Gurka, three
   players) → the second seat clicked to *On the network* → Start: the host's waiting table.
2. The joiner: main menu → Join a table → the address, a name (Guðrún) and the code typed →
   Join: its waiting table; the host's waiting table shows her; the host clicks Start.
3. Both play with the keyboard (Enter) until it is the joiner's turn in the middle of a trick:
   both tables are photographed at that moment (the game waits for her).
4. The joiner's process is killed (SIGKILL): the host is asked what to do (photographed) and
   clicks Wait; the joiner starts again (same user folder) and joins again: her seat comes back
   and her table catches up; both are photographed.
5. A word across the table: the joiner clicks Say and "Vel spilað!" (her box photographed),
   the host's table shows "Bra spelat!" in her seat's box; the host answers "Tack!", which
   her table shows as "Takk!".
6. Both play to the end: both result screens.  The host clicks Play again: its waiting table
   shows her as asked; her result screen offers Play again, she clicks it and waits for the
   host; the host starts the second game.
7. In the middle of the second game the host's process is killed (SIGKILL): the joiner's
   table stays, under "Reconnecting…", within a few seconds (the time is logged); after its own
   tries it says the connection was lost and offers Rejoin and Leave; she leaves.

``--relay``: the same over the internet.  A relay runs (``python -m game relay``); the host, at
its waiting table, clicks *Invite over the internet* (the relay named in its Settings) and the
invitation is passed to the joiner as a chat message would pass it (put on the joiner's
clipboard); the joiner clicks *Paste an invitation* and joins by it, and after the kill joins by
it again.  ``--homes`` (root; implies ``--relay``): the host and the joiner each in a home of its
own behind a NAT router and the relay in the "internet" (the network namespaces of
``test_internet.py``): two real windows in two homes.  Extra screenshots: ``host-2b-invitation``,
``join-3b-invitation-pasted``.

Screenshots (``import -window``, the real window's pixels) go to ``DIR`` (default
``build/net-screens``): ``host-1-setup``, ``host-2-waiting``, ``join-3-join-screen``,
``join-4-waiting``, ``host-5-waiting-joined``, ``join-6-mid-trick``, ``host-6-mid-trick``,
``host-7-player-lost``, ``host-8-waiting-for-her``, ``join-9-back``, ``host-9-she-is-back``,
``join-9b-phrases``, ``host-9c-her-phrase``, ``join-9d-his-phrase``, ``join-10-end``,
``host-10-end``, ``host-11-asked-again``, ``join-11-offered``, ``join-12-waiting-again``,
``host-12-she-said-yes``, ``join-13-game-2``, ``host-13-game-2``, ``join-14-host-gone``,
``join-15-host-away``; each process's log beside them.  Needs Xvfb, xdotool and
ImageMagick's ``import``.  About three minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: seconds one step may take before the run gives up (a screen that never came)
STEP_TIMEOUT = 90.0
JOINER = "Guðrún"
HOST = "Björn"


# == the parent: displays, the two players' processes, the kill =================================
def _display_answers(display: str) -> bool:
    return subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, check=False).returncode == 0


def _start_x(display: str) -> subprocess.Popen | None:
    """Xvfb on ``display`` (None when a server already answers there)."""
    if _display_answers(display):
        return None
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while time.monotonic() < end and not _display_answers(display):
        time.sleep(0.1)
    if not _display_answers(display):
        xvfb.kill()
        raise SystemExit(f"net_screens: Xvfb did not start on {display}")
    return xvfb


#: the network namespace each role runs in with --homes (None: this machine's own)
NAMESPACES: dict[str, str] = {}


def _child(role: str, display: str, look: str, out: Path, rules: str, **extra) -> subprocess.Popen:
    lang, size = look.split(":")
    args = [sys.executable, __file__, "--child", role, "--display", display, "--lang", lang, "--size", size,
            "--out", str(out), "--rules", rules]
    for k, v in extra.items():
        if v is not None:
            args += [f"--{k}", str(v)]
    ns = NAMESPACES.get("host" if role == "host" else "join")
    if ns:
        args = ["ip", "netns", "exec", ns, *args]
    log = open(out / f"{role}.log", "ab")  # noqa: SIM115 - the process writes it
    return subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def _wait_flag(flags: Path, name: str, procs: list[subprocess.Popen], seconds: float = 4 * STEP_TIMEOUT) -> dict:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        path = flags / name
        if path.is_file():
            return json.loads(path.read_text() or "{}")
        for p in procs:
            if p.poll() is not None:
                raise SystemExit(f"net_screens: a player's process ended (exit {p.returncode}) before "
                                 f"'{name}': see the logs in {flags.parent}")
        time.sleep(0.1)
    raise SystemExit(f"net_screens: no '{name}' within {seconds:.0f} s: see the logs in {flags.parent}")


def run(args) -> int:
    for tool in ("Xvfb", "xdotool", "import"):
        if not shutil.which(tool):
            raise SystemExit(f"net_screens: needs {tool} (apt-get install -y xvfb xdotool imagemagick)")
    out = Path(args.out).resolve()
    for old in list(out.glob("*.png")) + list(out.glob("*.log")):
        old.unlink()
    for folder in ("flags", "home-host", "home-join"):
        shutil.rmtree(out / folder, ignore_errors=True)
    flags = out / "flags"
    flags.mkdir(parents=True)
    displays = args.displays.split(",")
    servers = [_start_x(d) for d in displays]
    procs: list[subprocess.Popen] = []
    relay = None
    homes = None
    try:
        relay_address = None
        if args.homes:
            import test_internet as homes
            homes.build()
            NAMESPACES.update(host=f"{homes.PREFIX}-hA", join=f"{homes.PREFIX}-hB")
            relay_address = f"{homes.RELAY_IP}:{homes.RELAY_PORT}"
            relay = subprocess.Popen(["ip", "netns", "exec", homes.INET, sys.executable, "-m", "game", "relay",
                                      "--address", "0.0.0.0", "--port", str(homes.RELAY_PORT)], cwd=ROOT,
                                     stdout=open(out / "relay.log", "ab"), stderr=subprocess.STDOUT)  # noqa: SIM115
        elif args.relay:
            import socket
            with socket.socket() as sock:
                sock.bind(("127.0.0.1", 0))
                port = sock.getsockname()[1]
            relay_address = f"127.0.0.1:{port}"
            relay = subprocess.Popen([sys.executable, "-m", "game", "relay", "--address", "127.0.0.1", "--port",
                                      str(port)], cwd=ROOT, stdout=open(out / "relay.log", "ab"),  # noqa: SIM115
                                     stderr=subprocess.STDOUT)
        if relay is not None:
            time.sleep(1.5)
            print(f"net_screens: a relay at {relay_address}"
                  + (" in the internet namespace; host in home A, joiner in home B" if homes else ""), flush=True)
        host = _child("host", displays[0], args.host, out, args.rules, relay_at=relay_address)
        procs.append(host)
        table = _wait_flag(flags, "table", procs)
        joiner = _child("join", displays[1], args.join, out, args.rules, port=table["port"], code=table["code"],
                        invitation=table.get("invitation"))
        procs.append(joiner)
        _wait_flag(flags, "kill-me", procs)
        os.killpg(joiner.pid, signal.SIGKILL)                 # the joiner's computer is gone
        joiner.wait(10)
        procs.remove(joiner)
        print("net_screens: the joiner's process was killed (SIGKILL)", flush=True)
        _wait_flag(flags, "asked", procs)
        joiner = _child("rejoin", displays[1], args.join, out, args.rules, port=table["port"], code=table["code"],
                        invitation=table.get("invitation"))
        procs.append(joiner)
        _wait_flag(flags, "kill-host", procs, 12 * STEP_TIMEOUT)
        os.killpg(host.pid, signal.SIGKILL)                   # the host's computer is gone
        killed = time.time()
        host.wait(10)
        procs.remove(host)
        (flags / ".host-killed").write_text(json.dumps({"at": killed}))
        (flags / ".host-killed").rename(flags / "host-killed")
        print("net_screens: the host's process was killed (SIGKILL)", flush=True)
        try:
            code = joiner.wait(timeout=4 * STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            code = None
        shots = sorted(out.glob("*.png"))
        print("net_screens: " + ("done" if code == 0 else f"FAILED (the joiner's exit {code}; see the logs)")
              + f"; {len(shots)} screenshots in {out}:")
        for shot in shots:
            print(f"  {shot.name}")
        return 0 if code == 0 else 1
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
        for x in servers:
            if x is not None:
                x.terminate()
                x.wait(10)
        if relay is not None:
            relay.kill()
            relay.wait(10)
        if homes is not None:
            homes.teardown()


# == a player's process: the game's window, driven by X input =====================================
class Driver:
    """The game's App in its own loop, and X input to its window."""

    def __init__(self, args):
        import pygame

        from game.ui.app import App
        self.pg = pygame
        self.out = Path(args.out)
        self.flags = self.out / "flags"
        self.role = args.child
        pygame.init()
        pygame.key.set_repeat(350, 40)
        w, h = (int(v) for v in args.size.split("x"))
        self.app = App(size=(w, h), lang=args.lang)
        self.window = str(pygame.display.get_wm_info()["window"])
        self.clock = pygame.time.Clock()
        self.dt = 0.0
        self._last_key = 0.0
        self.app.nav.push("menu")
        self.frames(10)
        self.x("mousemove", "--window", self.window, "3", "3")   # the pointer (and the keyboard) on it

    # -- the loop ---------------------------------------------------------------------------------
    def frame(self) -> None:
        app = self.app
        app.step(self.pg.event.get(), self.dt)
        if not app.running:
            raise SystemExit(f"{self.role}: the game closed")
        if app.drew:
            app.present()
        self.dt = self.clock.tick(60)

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.frame()

    def until(self, cond, what: str, seconds: float = STEP_TIMEOUT, each=None) -> None:
        end = time.monotonic() + seconds
        while not cond():
            if time.monotonic() > end:
                self.shot(f"stuck-{self.role}")
                raise SystemExit(f"{self.role}: timed out waiting for {what} ({self.state_words()})")
            if each is not None:
                each()
            self.frame()
        self.log(what)

    def settle(self, seconds: float = 1.2) -> None:
        """Frames until the table's cards have landed and ``seconds`` have passed."""
        end = time.monotonic() + seconds
        table = self.table()
        while time.monotonic() < end or (table is not None and table.busy() and time.monotonic() < end + 5):
            self.frame()

    # -- what is on the screen ----------------------------------------------------------------------
    @property
    def top(self):
        return self.app.manager.top

    def top_name(self) -> str:
        return type(self.top).__name__

    def table(self):
        return next((s for s in self.app.manager.stack if type(s).__name__ == "TableScene"), None)

    def state_words(self) -> str:
        """What the screen and its stream are at (a step that never came)."""
        table = self.table()
        words = [f"stack: {[type(s).__name__ for s in self.app.manager.stack]}"]
        if table is not None:
            st = table.stream
            words.append(f"to act {st.to_act()}, viewer {table.viewer}, my turn {table.my_turn()}, "
                         f"busy {table.busy()}, shown {table.shown}/{len(st.events)}, "
                         f"legal {len(st.legal_actions())}, state {getattr(st, 'state', '-')}, "
                         f"pending {getattr(st, 'pending', '-')}, held {table.timeline.held is not None}, "
                         f"waiting {table.timeline.waiting()}")
        return "; ".join(words)

    # -- X input ------------------------------------------------------------------------------------
    def x(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], check=True)

    def click_at(self, pos) -> None:
        self.x("mousemove", "--window", self.window, str(int(pos[0])), str(int(pos[1])), "click", "1")
        self.frames(3)

    def click(self, widget, where: str = "center") -> None:
        r = widget.rect
        pos = r.center if where == "center" else (r.right - max(8, r.width // 8), r.centery)
        self.click_at(pos)

    def key(self, *names: str) -> None:
        self.x("key", "--delay", "40", *names)
        self.frames(2)

    def type(self, text: str) -> None:
        self.x("type", "--delay", "60", text)
        self.frames(3)

    # -- files ----------------------------------------------------------------------------------------
    def shot(self, name: str) -> None:
        self.frames(2)
        path = self.out / f"{name}.png"
        subprocess.run(["import", "-window", self.window, str(path)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.log(f"screenshot {path.name}")

    def flag(self, name: str, data: dict | None = None) -> None:
        tmp = self.flags / f".{name}"
        tmp.write_text(json.dumps(data or {}))
        tmp.rename(self.flags / name)

    def has_flag(self, name: str) -> bool:
        return (self.flags / name).is_file()

    def log(self, text: str) -> None:
        print(f"{self.role} {time.strftime('%H:%M:%S')}: {text}", flush=True)

    # -- playing --------------------------------------------------------------------------------------
    def play(self) -> None:
        """One frame's worth of the person at this screen: Enter at their turn (picks the first
        card they may play, then plays it; or presses the first button), Enter after a held
        trick, Next deal on the scores between deals."""
        now = time.monotonic()
        if now - self._last_key < 0.3:
            return
        table, top = self.table(), self.top
        name = type(top).__name__
        if name == "ScoreSheetScene":
            button = top.widgets.by_name("continue")
            if button is not None:
                self._last_key = now
                self.click(button)
            return
        if table is None or top is not table:
            return
        if table.timeline.held is not None or (table.my_turn() and table.stream.legal_actions() and not table.busy()):
            self._last_key = now
            self.key("Return")

    def mid_trick(self) -> bool:
        """This screen's turn in the middle of a trick, after a trick of this deal, all shown."""
        table = self.table()
        if table is None or self.top is not table or not table.my_turn() or table.busy():
            return False
        events = table.stream.events
        deal = max((i for i, e in enumerate(events) if e["type"] == "deal"), default=0)
        last = max((i for i, e in enumerate(events) if e["type"] == "trick"), default=-1)
        return last > deal and any(e["type"] == "play" for e in events[last:])    # a card on the table


def _phrase_at(table, seat: int) -> bool:
    """A table phrase shows in ``seat``'s box."""
    banner = table.timeline.shown(("seat", seat))
    from game.ui.phrases import phrase_text
    return banner is not None and banner.text in {phrase_text(p) for p in
                                                   ("good_luck", "well_played", "oops", "your_turn", "thanks",
                                                    "one_more")}


def _read_flag(d: Driver, name: str, seconds: float = 30.0) -> str:
    end = time.monotonic() + seconds
    while not d.has_flag(name):
        if time.monotonic() > end:
            raise SystemExit(f"{d.role}: no flag {name}")
        d.frame()
    return (d.flags / name).read_text()


def _prepare_user_folder(home: Path, lang: str, rules: str, host: bool) -> None:
    """The player's settings, as a player who has played before would have them: the language,
    fast cards, no first-start offer; the host's last game's setup (three players, all of
    them at this computer or the computer: the network seat is clicked in the setup)."""
    os.environ["GURKA_HOME"] = str(home)
    home.mkdir(parents=True, exist_ok=True)
    from game.storage import settings
    data = settings.load()
    data.language, data.speed, data.tutorial_offered = lang, "fast", True
    if not host:     # the join screen offers the name of the last game's player (xdotool cannot
        # type ð or ú into an Xvfb display: it maps such letters onto a spare key, and SDL reads
        # that key before the new mapping has reached it)
        data.last_setup = {"rules": rules, "players": 3, "options": {},
                              "seats": [{"kind": "human", "name": JOINER}, {"kind": "ai:normal", "name": "Jón"},
                                        {"kind": "ai:normal", "name": "Sigga"}]}
    if host:
        data.last_setup = {"rules": rules, "players": 3, "options": {"limit": 6} if rules == "gurka-se" else {},
                              "seats": [{"kind": "human", "name": HOST}, {"kind": "ai:normal", "name": "Astrid"},
                                        {"kind": "ai:normal", "name": "Sven"}]}
    settings.save(data)


def host_side(d: Driver, rules: str, relay: str | None = None) -> None:
    d.settle(0.5)
    d.click(d.top.widgets.by_name("new"))
    d.until(lambda: d.top_name() == "SetupScene", "the setup")
    kind = d.top.widgets.by_name("seat1:kind")
    d.until(lambda: kind.value == "net", "the second seat on the network", 20,
            each=lambda: d.click(kind, "right") if kind.value != "net" else None)
    d.settle(0.5)
    d.shot("host-1-setup")
    d.click(d.top.widgets.by_name("start"))
    d.until(lambda: d.top_name() == "LobbyScene", "the host's waiting table")
    table = d.table()
    net = table.stream.network
    d.settle()
    d.shot("host-2-waiting")
    flag = {"port": table.stream.net.port, "code": net.code}
    if relay:
        d.click(d.top.widgets.by_name("invite"))
        d.until(lambda: net.relay_state == "open", "the relay has the table")
        d.settle(0.5)
        d.shot("host-2b-invitation")
        flag["invitation"] = net.invitation.link()       # sent to the friend by mail or chat
    d.flag("table", flag)
    d.until(lambda: not net.waiting_for(), "the joiner at the table", 3 * STEP_TIMEOUT)
    d.settle()
    d.shot("host-5-waiting-joined")
    d.click(d.top.widgets.by_name("start"))
    d.until(lambda: net.started and d.top is table, "the game started")
    d.until(lambda: d.has_flag("joiner-mid-trick"), "the joiner's turn mid-trick", 3 * STEP_TIMEOUT, each=d.play)
    d.settle(2.5)
    d.shot("host-6-mid-trick")
    d.flag("host-mid-trick")
    d.until(lambda: d.top_name() == "SeatLostScene", "the question about the lost player")
    d.settle()
    d.shot("host-7-player-lost")
    d.click(d.top.widgets.by_name("wait"))
    d.until(lambda: d.top is table, "back at the table, waiting for her")
    d.settle(1.0)
    d.shot("host-8-waiting-for-her")
    d.flag("asked")
    d.until(lambda: net.seats()[1]["link"] == "connected", "the joiner back", 3 * STEP_TIMEOUT)
    d.settle(0.6)                                            # "Guðrún is back" on the announcement line
    d.shot("host-9-she-is-back")
    # a word across the table: hers in this screen's language in her box, then his answer
    d.until(lambda: d.has_flag("joiner-said"), "her phrase", 3 * STEP_TIMEOUT)
    d.until(lambda: _phrase_at(table, 1), "her phrase in her seat's box", 20)
    d.frames(6)
    d.shot("host-9c-her-phrase")
    d.click(table.toolbar.say)
    d.until(lambda: d.top_name() == "PhrasesScene", "the table phrases")
    d.click(d.top.widgets.by_name("thanks"))
    d.until(lambda: d.top is table, "back at the table")
    d.flag("host-said")
    d.until(lambda: d.top_name() == "ResultScene", "the end of the game", 4 * STEP_TIMEOUT, each=d.play)
    d.settle(2.5)
    d.shot("host-10-end")
    # play again at the same table: she is asked, says yes on her screen, the host starts
    d.click(d.top.widgets.by_name("again"))
    d.until(lambda: d.top_name() == "LobbyScene", "the waiting table of the second game")
    table = d.table()
    net = table.stream.network
    d.settle()
    d.shot("host-11-asked-again")
    d.flag("host-dealt-again")
    d.until(lambda: net.seats()[1]["link"] == "connected", "her yes", 3 * STEP_TIMEOUT)
    d.settle()
    d.shot("host-12-she-said-yes")
    d.click(d.top.widgets.by_name("start"))
    d.until(lambda: net.started and d.top is table, "the second game started")
    d.until(lambda: d.has_flag("joiner-mid-trick-2"), "her turn in the second game", 3 * STEP_TIMEOUT, each=d.play)
    d.settle(1.5)
    d.shot("host-13-game-2")
    d.flag("kill-host")
    d.until(lambda: False, "the end of this process", STEP_TIMEOUT)      # killed meanwhile


def join_side(d: Driver, port: int, code: str, again: bool, invitation: str | None = None) -> None:
    d.settle(0.5)
    d.click(d.top.widgets.by_name("join"))
    d.until(lambda: d.top_name() == "JoinScene", "the join screen")
    join = d.top
    if invitation:       # copied from the host's message: on this computer's clipboard, then pasted
        d.pg.scrap.put_text(invitation)
        d.click(join.paste_btn)
        d.until(lambda: join.w_address.value == invitation and join.w_name.value == JOINER, "the invitation pasted", 10)
        d.settle(0.5)
        if not again:
            d.shot("join-3b-invitation-pasted")
    else:
        for field, text in ((join.w_address, f"127.0.0.1:{port}"), (join.w_code, code)):
            d.click(field)
            if field.value:
                d.key(*["BackSpace"] * (len(field.value) + 2))       # what the field offers, away
            d.type(text)
        d.until(lambda: (join.w_address.value, join.w_name.value, join.w_code.value)
                == (f"127.0.0.1:{port}", JOINER, code), "the fields typed", 10)
    d.settle(0.5)
    if not again and not invitation:
        d.shot("join-3-join-screen")
    d.click(join.join_btn)
    d.until(lambda: d.table() is not None, "at the table")
    table = d.table()
    if not again:
        d.until(lambda: d.top_name() == "LobbyScene", "the joiner's waiting table")
        d.settle()
        d.shot("join-4-waiting")
        d.until(d.mid_trick, "its turn in the middle of a trick", 3 * STEP_TIMEOUT, each=d.play)
        d.settle(2.5)                       # the last trick's announcement has faded
        d.shot("join-6-mid-trick")
        d.flag("joiner-mid-trick")
        d.until(lambda: d.has_flag("host-mid-trick"), "the host's picture")
        d.flag("kill-me")
        d.until(lambda: False, "the end of this process", STEP_TIMEOUT)      # killed meanwhile
    d.until(lambda: d.top is table and table.shown >= len(table.stream.events) and not table.busy(),
            "her table caught up")
    d.settle(2.5)
    d.shot("join-9-back")
    # a word across the table: she says one, the host answers
    d.click(table.toolbar.say)
    d.until(lambda: d.top_name() == "PhrasesScene", "the table phrases")
    d.settle(0.5)
    d.shot("join-9b-phrases")
    d.click(d.top.widgets.by_name("well_played"))
    d.until(lambda: d.top is table, "back at the table")
    d.flag("joiner-said")
    d.until(lambda: _phrase_at(table, 0), "his answer in his seat's box", 3 * STEP_TIMEOUT)
    d.frames(6)
    d.shot("join-9d-his-phrase")
    d.until(lambda: d.top_name() == "ResultScene", "the end of the game", 4 * STEP_TIMEOUT, each=d.play)
    d.settle(2.5)
    d.shot("join-10-end")
    # the host deals again: Play again comes on her result screen
    result = d.top
    d.until(lambda: result.offers_again, "the host's next game offered", 3 * STEP_TIMEOUT)
    d.settle(1.0)
    d.shot("join-11-offered")
    d.until(lambda: d.has_flag("host-dealt-again"), "the host's picture of her seat, asked")
    d.click(result.widgets.by_name("again"))
    d.until(lambda: d.top_name() == "LobbyScene", "her waiting table of the second game")
    table = d.table()
    d.settle()
    d.shot("join-12-waiting-again")
    d.until(d.mid_trick, "her turn in the second game", 3 * STEP_TIMEOUT, each=d.play)
    d.settle(1.5)
    d.shot("join-13-game-2")
    d.flag("joiner-mid-trick-2")
    # the host's computer is gone: her table stays, under "Reconnecting…"
    d.until(lambda: d.top_name() == "ReconnectScene", "the host gone", 3 * STEP_TIMEOUT)
    seen = time.time()
    killed = json.loads(_read_flag(d, "host-killed"))["at"]
    d.log(f"the host's kill noticed after {seen - killed:.2f} s")
    d.settle(0.8)
    d.shot("join-14-host-gone")
    box = d.top
    d.until(lambda: not box.side.trying(), "its own tries over", 60)
    d.settle(0.8)
    d.shot("join-15-host-away")
    d.click(box.widgets.by_name("leave"))
    d.until(lambda: d.top_name() == "MainMenu", "back at the menu")


def child(args) -> int:
    os.environ.update(DISPLAY=args.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                      SDL_VIDEO_X11_WMCLASS="gurka", GURKA_NET_LOOPBACK="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sys.path.insert(0, str(ROOT))
    home = Path(args.out) / ("home-host" if args.child == "host" else "home-join")
    _prepare_user_folder(home, args.lang, args.rules, args.child == "host")
    d = Driver(args)
    try:
        if args.child == "host":
            if args.relay_at:          # the host's Settings name the relay
                d.app.settings.relay = args.relay_at
            host_side(d, args.rules, args.relay_at)
        else:
            join_side(d, args.port, args.code, again=args.child == "rejoin", invitation=args.invitation)
    finally:
        d.app.shutdown()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="net_screens.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "net-screens"))
    parser.add_argument("--displays", default=os.environ.get("GURKA_NET_DISPLAYS", ":60,:61"),
                        help="the host's and the joiner's X displays (Xvfb is started on each unless one answers)")
    parser.add_argument("--host", default="sv:1024x640", help="the host's language and window size")
    parser.add_argument("--join", default="is:1920x1080", help="the joiner's language and window size")
    parser.add_argument("--rules", default="gurka-se")
    parser.add_argument("--relay", action="store_true", help="over the internet: through a relay, by an invitation")
    parser.add_argument("--homes", action="store_true",
                        help="the host and the joiner in two homes behind NAT routers (root; implies --relay)")
    parser.add_argument("--invitation", help=argparse.SUPPRESS)
    parser.add_argument("--relay_at", help=argparse.SUPPRESS)
    parser.add_argument("--child", choices=("host", "join", "rejoin"), help=argparse.SUPPRESS)
    parser.add_argument("--display", help=argparse.SUPPRESS)
    parser.add_argument("--lang", help=argparse.SUPPRESS)
    parser.add_argument("--size", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
