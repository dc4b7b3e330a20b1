"""The game read by a real accessibility stack, as Orca reads it: Xvfb, a D-Bus session, the
AT-SPI bus (at-spi2-core) and the game's AccessKit tree, read over AT-SPI by
``reader.py`` (the system's python3 with python3-gi and gir1.2-atspi-2.0), keys sent to the
window with xdotool.

It runs under ``GURKA_FULL=1 bash .ci/run`` (which installs what it needs), or with
``GURKA_ATSPI=1 python3 -m pytest tests/atspi``; a missing piece is a failure, never a skip.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.i18n import gettext_in

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
SYSTEM_PYTHON = "/usr/bin/python3"
NEEDED = ("Xvfb", "dbus-daemon", "xdotool")
BUS_LAUNCHER = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")


def _need(path_or_cmd: str) -> str:
    from shutil import which
    found = path_or_cmd if os.path.isfile(path_or_cmd) else which(path_or_cmd)
    assert found, f"the AT-SPI test needs {path_or_cmd} (GURKA_FULL=1 bash .ci/run installs it)"
    return found


class Stack:
    """Xvfb, a D-Bus session bus and the accessibility bus, for one test."""

    def __init__(self, tmp: Path):
        self.procs: list[subprocess.Popen] = []
        self.tmp = tmp
        for cmd in NEEDED:
            _need(cmd)
        _need(SYSTEM_PYTHON)
        launcher = next((p for p in BUS_LAUNCHER if os.path.isfile(p)), None)
        assert launcher, "the AT-SPI test needs at-spi2-core's at-spi-bus-launcher"
        xvfb = self.start(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                          stdout=subprocess.PIPE)
        display = xvfb.stdout.readline().decode().strip()
        assert display.isdigit(), "Xvfb did not start"
        bus = self.start(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE)
        address = bus.stdout.readline().decode().strip()
        assert address, "the D-Bus session did not start"
        self.env = dict(os.environ, DISPLAY=f":{display}", DBUS_SESSION_BUS_ADDRESS=address,
                        GTK_MODULES="", NO_AT_BRIDGE="0")
        self.start([launcher, "--launch-immediately"], env=self.env)
        time.sleep(1.0)
        out = self.read("enable", check=False)
        assert out.returncode == 0, f"the accessibility bus could not be switched on: {out.stderr[-400:]}"

    def start(self, args, **kw) -> subprocess.Popen:
        kw.setdefault("stdout", subprocess.DEVNULL)
        kw.setdefault("stderr", subprocess.DEVNULL)
        p = subprocess.Popen(args, start_new_session=True, **kw)
        self.procs.append(p)
        return p

    def read(self, *args, check: bool = True, timeout: float = 20) -> subprocess.CompletedProcess:
        env = {k: v for k, v in self.env.items() if not k.startswith("PYTHON")}
        out = subprocess.run([SYSTEM_PYTHON, str(HERE / "reader.py"), *args], env=env, capture_output=True,
                             text=True, timeout=timeout)
        if check:
            assert out.returncode == 0, f"reader {args}: {out.stdout[-300:]} {out.stderr[-300:]}"
        return out

    def tree(self) -> list[dict]:
        out = self.read("tree", "Gurka", check=False)
        return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")
                and "error" not in line]

    def game(self, lang: str, home: Path) -> subprocess.Popen:
        home.mkdir(parents=True, exist_ok=True)
        (home / "settings.json").write_text(json.dumps({
            "language": lang, "speed": "instant", "tutorial_offered": True, "screen_reader": "on",
            "sound": False}))
        env = dict(self.env, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", GURKA_HOME=str(home),
                   PYTHONPATH=str(ROOT))
        self.log = home / "game.log"
        return self.start([sys.executable, "-m", "game", "--size", "1024x640"], env=env, cwd=str(ROOT),
                          stderr=open(self.log, "w"))

    def keys(self, *keys: str) -> None:
        wid = subprocess.run(["xdotool", "search", "--sync", "--limit", "1", "--class", "gurka"], env=self.env,
                             capture_output=True, text=True, timeout=20).stdout.split()
        assert wid, "the game's window is not there"
        subprocess.run(["xdotool", "windowfocus", "--sync", wid[0]], env=self.env, timeout=10,
                       capture_output=True)
        for k in keys:
            subprocess.run(["xdotool", "key", "--window", wid[0], k], env=self.env, timeout=10,
                           capture_output=True)
            time.sleep(0.25)

    def close(self) -> None:
        for p in reversed(self.procs):
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except (ProcessLookupError, PermissionError):
                pass
        for p in self.procs:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)


@pytest.fixture
def stack(tmp_path):
    s = Stack(tmp_path)
    yield s
    s.close()


def wait_for(fn, what: str, seconds: float = 45.0, stack=None):
    end = time.monotonic() + seconds
    last = None
    while time.monotonic() < end:
        last = fn()
        if last:
            return last
        time.sleep(0.4)
    log = stack.log.read_text()[-1500:] if stack is not None and getattr(stack, "log", None) else ""
    raise AssertionError(f"timed out waiting for {what}; last: {last!r}; the game's log: {log}")


def names(tree, role=None) -> list[str]:
    return [n["name"] for n in tree if role is None or n["role"] == role]


@pytest.mark.parametrize("lang", ["sv", "is"])
def test_the_main_menu_is_read_with_its_names_in_the_language(stack, tmp_path, lang):
    stack.game(lang, tmp_path / lang)
    want = [gettext_in(lang, w) for w in ("New game", "Join a table", "Learn to play", "Rules", "Statistics",
                                          "Replays", "Settings", "Quit")]
    tree = wait_for(lambda: [t for t in [stack.tree()] if set(want) <= set(names(t, "push button"))],
                    "the menu's buttons", stack=stack)[0]
    buttons = names(tree, "push button")
    assert buttons[:len(want)] == want          # in the order Tab goes through them
    assert "New game" not in buttons or lang == "en"


def test_tab_goes_through_the_setup_and_the_table_reads_the_hand_with_states(stack, tmp_path):
    lang = "sv"
    stack.game(lang, tmp_path / "game")
    new = gettext_in(lang, "New game")
    wait_for(lambda: new in names(stack.tree(), "push button"), "the menu", stack=stack)
    assert json.loads(stack.read("do", "Gurka", new).stdout)["done"]    # pressed over AT-SPI
    start = gettext_in(lang, "Start game")
    wait_for(lambda: start in names(stack.tree(), "push button"), "the setup")
    focused = []
    for _ in range(20):
        stack.keys("Tab")
        now = [n for n in stack.tree() if "focused" in n["states"]]
        focused.append((now[-1]["role"], now[-1]["name"]) if now else None)
    got = [f for f in focused if f]
    assert len(got) >= 10, focused
    assert (("combo box", gettext_in(lang, "Players")) in got), got
    assert ("list box", gettext_in(lang, "Game")) in got, got
    assert ("entry", gettext_in(lang, "Player {n}").format(n=2)) in got, got     # a seat's name field
    assert ("push button", start) in got, got
    env = {k: v for k, v in stack.env.items() if not k.startswith("PYTHON")}
    listen = subprocess.Popen([SYSTEM_PYTHON, str(HERE / "reader.py"), "listen", "8"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    time.sleep(1.0)
    assert json.loads(stack.read("do", "Gurka", start).stdout)["done"]
    hand = gettext_in(lang, "Your cards")
    playable = gettext_in(lang, "playable")

    def cards():
        tree = stack.tree()
        at = next((i for i, n in enumerate(tree) if n["role"] == "list box" and n["name"] == hand), None)
        if at is None:
            return None
        depth = tree[at]["depth"]
        items = []
        for n in tree[at + 1:]:
            if n["depth"] <= depth:
                break
            items.append(n)
        return items if any(playable in n["description"] for n in items) else None
    items = wait_for(cards, "the hand with a playable card", 60)
    assert len(items) >= 3 and all(n["role"] == "list item" and n["name"] for n in items)
    suits = [gettext_in(lang, s) for s in ("spades", "hearts", "diamonds", "clubs")]
    # the names are words ("klöver sju"), the states the catalogue's
    assert all(any(s in n["name"] for s in ("spader", "hjärter", "ruter", "klöver")) for n in items), items
    assert suits and all(n["description"] for n in items)
    live = [n for n in stack.tree() if n["role"] == "status bar"]
    assert live and live[0]["name"], "the live region says nothing at the table"
    heard = [json.loads(line) for line in listen.communicate(timeout=30)[0].splitlines() if line.strip()]
    deal = gettext_in(lang, "Deal {n}").format(n=1)
    assert any(deal in h for h in heard), heard       # the first event, announced in Swedish
