"""The Windows build, tested here under Wine (``test_package.py --windows``).

Every check runs the frozen ``dist-windows/gurka/gurka.exe`` (or the installed one) in a
fresh Wine prefix of its own whose Windows user is called ``Åsa Þórðardóttir Öberg``, so
the profile folder, AppData and the install folder all hold å/ö/ð/þ, spaces and ``\\``:

* contents: fonts, icon, one ``.mo`` per ``.po``, no excluded package (as on Linux);
* ``--demo`` plays every ruleset to the end and exits 0 (from a decoy working folder);
  while a demo runs, Wine's process list (``winedbg --command "info proc"``) shows the
  AI worker as a second ``gurka.exe`` under the first, and after the demo no ``gurka.exe``
  is left; the prefix's processes all end (``wineserver -w``);
* the AI's worker process starts from the frozen exe under ``spawn`` and decides
  (``GURKA_CHECK_AI_WORKER=1``); start to menu exits 0;
* ``--tour`` in Swedish and Icelandic at 1024x640 saves every screen the Linux tour saves,
  and each screen matches the one this Linux checkout draws at the same size (the same
  pixels but for a small share; the Hard AI's hint screens and the two screens that show a
  file path may differ more, within a bound);
* a game saved by the Windows app (``GURKA_CHECK_SAVE=save``) is continued by it
  (``continue``): the save and the statistics database are in the user's
  ``AppData\\Local\\gurka`` and ``stats --json`` then counts the game;
* the network table: discovery is bundled (``GURKA_CHECK_NET=1``), and a Windows host and two
  Windows joiners (three ``gurka.exe`` under Wine, each with its own ``GURKA_HOME``) play a
  game on 127.0.0.1 to the end, all exit 0, the records agree and the Windows ``replay``
  checks the host's (``package_net.py``, as on Linux);
* a ``.py`` bot seat (``simulate --seats ext:...bot.py``, the bot in a folder with
  å/ö in its name): with no Python on PATH, the one-line message and the Normal AI
  plays the seat; with a Windows Python on PATH (the build's own), the bot plays;
* the installer: ``Gurka-<version>-setup.exe /S`` installs without administrator rights
  (manifest ``asInvoker``) into ``%LOCALAPPDATA%\\Programs\\Gurka``, with Start-menu and
  desktop shortcuts and the HKCU uninstall key; the Start-menu shortcut's target plays a
  demo; ``uninstall.exe /S`` removes the program, its shortcuts and its key, and leaves the
  user's saves, settings and statistics byte for byte;
* with ``--xvfb`` (needs Xvfb, xdotool, xprop, ImageMagick's import): a real window under
  Wine titled "Gurka" with an icon (``_NET_WM_ICON``), one window only while the AI worker
  plays a demo, screenshots in ``build/smoke/screenshot-windows*.png``; Alt+F4 closes the
  menu with exit 0, and closes a game in the middle while the AI worker runs, with exit 0
  and no ``gurka.exe`` left in Wine's process list.

Wine's programs get a pipe as stdout (a windowed app given a file there cannot start under
Wine 8); everything runs with ``nice``.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_windows as bw

ROOT = bw.ROOT
SMOKE = ROOT / "build" / "smoke"
USER = "Åsa Þórðardóttir Öberg"
RULESETS = ("gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7", "durak")
LANGS = ("sv", "is")
TOUR_SIZE = "1024x640"
#: the share of pixels (sampled) that may differ between a Windows and a Linux screen
SAME_SCREEN = 0.005
#: screens that may differ more, and why (still bounded by LOOSE_SCREEN)
LOOSE = {"hint": "the Hard AI's hint searches for a time, so its figures differ",
         "hint-durak": "the Hard AI's hint searches for a time",
         "hint-durak-teams": "the Hard AI's hint searches for a time",
         "hint-durak-pass-on": "the Hard AI's hint searches for a time",
         "replay-file": "shows a file path (C:\\... on Windows)",
         "notice-corrupt-save": "shows a file path (C:\\... on Windows)"}
LOOSE_SCREEN = 0.05
UNINSTKEY = r"Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Gurka"


class Wine:
    """A fresh Wine prefix whose user is :data:`USER`; runs Windows programs in it."""

    def __init__(self, base: Path):
        self.prefix = base / "prefix"
        self.env = bw.wine_env(self.prefix, {"USER": USER, "LOGNAME": USER, "SDL_VIDEODRIVER": "dummy"})
        self.env.pop("DISPLAY", None)
        bw.ensure_prefix(self.prefix, self.env)

    @property
    def home(self) -> Path:
        return self.prefix / "drive_c" / "users" / USER

    @property
    def user_data(self) -> Path:
        """``%LOCALAPPDATA%\\gurka``: where platformdirs puts saves, settings and statistics."""
        return self.home / "AppData" / "Local" / "gurka"

    def run(self, args: list[str], timeout: float = 600, cwd: Path | None = None,
            env: dict | None = None) -> tuple[int | None, str, float]:
        start = time.perf_counter()
        code, out = bw.run_wine(args, dict(self.env, **(env or {})), cwd=cwd,
                                timeout=timeout, echo=False)
        return code, out, time.perf_counter() - start

    def processes(self) -> list[str]:
        """Wine's process list: the executables' names, indented under their parents."""
        done = subprocess.run(["winedbg", "--command", "info proc"], env=self.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=60, check=False)
        return [ln for ln in done.stdout.decode("utf-8", "replace").splitlines() if "'" in ln]

    def wait_all(self, timeout: float = 90) -> bool:
        """Every process of the prefix has ended (``wineserver -w`` returned)."""
        try:
            subprocess.run(["wineserver", "-w"], env=self.env, timeout=timeout, check=False)
            return True
        except subprocess.TimeoutExpired:
            return False

    def reg_section(self, key: str) -> str:
        """The text of a key in ``user.reg`` (written when the prefix's wineserver ends)."""
        text = (self.prefix / "user.reg").read_text("utf-8", "replace")
        m = re.search(r"^\[" + re.escape(key) + r"\][^\n]*\n(.*?)(?:\n\n|\Z)", text, re.M | re.S)
        return m.group(1) if m else ""


def gurka_exes(lines: list[str]) -> list[str]:
    return [ln for ln in lines if "'gurka.exe'" in ln]


def _unreg(text: str) -> str:
    r"""A ``user.reg`` string value: ``\x00e5`` escapes and doubled backslashes undone."""
    text = re.sub(r"\\x([0-9a-fA-F]{1,4})", lambda m: chr(int(m.group(1), 16)), text)
    return text.replace("\\\\", "\\")


def lnk_target(path: Path) -> str:
    """The local path a Windows shortcut (.lnk, MS-SHLLINK) points to."""
    data = path.read_bytes()
    header, flags = struct.unpack_from("<I", data, 0)[0], struct.unpack_from("<I", data, 20)[0]
    if header != 0x4C:
        raise ValueError(f"{path.name}: not a shell link")
    pos = header
    if flags & 0x1:                                   # HasLinkTargetIDList
        pos += 2 + struct.unpack_from("<H", data, pos)[0]
    if not flags & 0x2:                               # HasLinkInfo
        raise ValueError(f"{path.name}: no LinkInfo (no local target path)")
    size, head = struct.unpack_from("<II", data, pos)
    if head >= 0x24:                                  # LocalBasePathUnicode
        off = struct.unpack_from("<I", data, pos + 28)[0]
        end = pos + off
        while data[end:end + 2] != b"\0\0":
            end += 2
        return data[pos + off:end].decode("utf-16-le")
    off = struct.unpack_from("<I", data, pos + 16)[0]
    end = data.index(b"\0", pos + off)
    return data[pos + off:end].decode("cp1252")


def to_linux(wine: Wine, winpath: str) -> Path:
    """``C:\\users\\...`` inside the prefix as a Linux path."""
    drive, rest = winpath[0].lower(), winpath[3:]
    if drive != "c":
        raise ValueError(f"not on drive C: {winpath}")
    return wine.prefix / "drive_c" / Path(*rest.split("\\"))


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the checks ------------------------------------------------------------------------------
def check_demos(wine: Wine, exe: Path, check, decoy: Path, times: dict) -> None:
    for rules in RULESETS:
        code, out, took = _demo_with_process_list(wine, exe, rules, decoy, check) if rules == "gurka-se" \
            else wine.run([bw.winpath(exe), "--demo", "--rules", rules, "--seed", "3"], cwd=decoy)
        times[rules] = took
        if not check(code == 0, f"windows: --demo --rules {rules} ran to the end, exit {code} ({took:.0f} s)"):
            print(out[-3000:])
    check(wine.wait_all(), "windows: every process of the prefix ended after the demos (wineserver -w)")
    check_announcements(wine, exe, check, decoy)


def check_announcements(wine: Wine, exe: Path, check, decoy: Path) -> None:
    """Under Wine a demo with the screen readers' support on does not crash and announces the
    same sentences as the source tree (``GURKA_ANNOUNCE_LOG``)."""
    from test_package import source_announcements
    log = decoy.parent / "announce-windows.txt"
    log.unlink(missing_ok=True)
    code, out, _took = wine.run([bw.winpath(exe), "--demo", "--lang", "en", "--rules", "gurka-se", "--seed", "3"],
                                cwd=decoy, env={"GURKA_ANNOUNCE_LOG": bw.winpath(log)})
    said = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
    want = source_announcements(decoy.parent)
    if not check(code == 0 and bool(said) and said == want,
                 f"windows: a demo's {len(said)} announcements are the source tree's {len(want)} (exit {code})"):
        print(out[-2000:])


def _demo_with_process_list(wine: Wine, exe: Path, rules: str, decoy: Path, check):
    """A demo, and Wine's process list while it plays and after it ended."""
    env = dict(wine.env)
    start = time.perf_counter()
    proc = subprocess.Popen(["wine", bw.winpath(exe), "--demo", "--rules", rules, "--seed", "3"], env=env,
                            cwd=decoy, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    import threading
    chunks: list[bytes] = []
    reader = threading.Thread(target=lambda: chunks.append(proc.stdout.read()), daemon=True)
    reader.start()
    seen: list[str] = []
    deadline = time.time() + 120
    while proc.poll() is None and time.time() < deadline:
        time.sleep(3)
        lines = gurka_exes(wine.processes())
        if len(lines) > len(seen):
            seen = lines
        if len(seen) >= 2:
            break
    try:
        code = proc.wait(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        code = None
    took = time.perf_counter() - start
    reader.join(timeout=10)
    # the game's children: the AI worker, and the card painter when it is up (ui/painter.py)
    check(len(seen) in (2, 3) and all(s.lstrip(" =0123456789abcdef").strip().startswith("\\_")
                                      for s in seen[1:]),
          "windows: while a demo plays, the AI worker (and the card painter) run as gurka.exe under the game's "
          f"(Wine's process list: {' | '.join(s.strip() for s in seen) or 'none'})")
    left = gurka_exes(wine.processes())
    for _ in range(10):
        if not left:
            break
        time.sleep(1)
        left = gurka_exes(wine.processes())
    check(not left, "windows: no gurka.exe left after the demo ended"
          + (f" (left: {' | '.join(s.strip() for s in left)})" if left else ""))
    return code, b"".join(chunks).decode("utf-8", "replace"), took


def check_worker_and_menu(wine: Wine, exe: Path, check) -> None:
    code, out, took = wine.run([bw.winpath(exe)], timeout=180, env={"GURKA_CHECK_AI_WORKER": "1"})
    check(code == 0 and "AI worker: ok (mode process)" in out,
          f"windows: AI decision in a spawned worker process of the frozen exe: "
          f"{out.strip().splitlines()[-1] if out.strip() else '(no output)'}")
    code, out, took = wine.run([bw.winpath(exe)], timeout=180, env={"GURKA_EXIT_AT_MENU": "1"})
    check(code == 0 and "gurka: menu drawn" in out, f"windows: start to menu and exit {code} ({took:.1f} s)")


def _screen_difference(a: Path, b: Path) -> float:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    x, y = pygame.image.load(str(a)), pygame.image.load(str(b))
    if x.get_size() != y.get_size():
        return 1.0
    bx, by = pygame.image.tobytes(x, "RGB"), pygame.image.tobytes(y, "RGB")
    step = 3 * 5
    total = differ = 0
    for i in range(0, len(bx) - 2, step):
        total += 1
        if max(abs(bx[i] - by[i]), abs(bx[i + 1] - by[i + 1]), abs(bx[i + 2] - by[i + 2])) > 40:
            differ += 1
    return differ / max(total, 1)


def check_tours(wine: Wine, exe: Path, check, base: Path, times: dict) -> None:
    for lang in LANGS:
        win_dir = base / f"tour-windows-{lang}"
        lin_dir = base / f"tour-linux-{lang}"
        code, out, took = wine.run([bw.winpath(exe), "--tour", bw.winpath(win_dir), "--lang", lang,
                                    "--size", TOUR_SIZE], timeout=900)
        times[f"tour {lang}"] = took
        if not check(code == 0, f"windows: --tour --lang {lang} --size {TOUR_SIZE} exit {code} ({took:.0f} s)"):
            print(out[-3000:])
            continue
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("GURKA_HOME", None)
        done = subprocess.run([sys.executable, "-m", "game", "--tour", str(lin_dir), "--lang", lang, "--size",
                               TOUR_SIZE], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if not check(done.returncode == 0, f"linux: the same tour from this checkout, exit {done.returncode}"):
            print(done.stdout[-2000:], done.stderr[-2000:])
            continue
        names = sorted(p.stem for p in lin_dir.glob("*.png"))
        got = sorted(p.stem for p in win_dir.glob("*.png"))
        check(names == got and len(names) > 40,
              f"windows: the tour in {lang} saved every screen ({len(got)} of {len(names)}"
              + (f"; missing {sorted(set(names) - set(got))}" if set(names) - set(got) else "") + ")")
        bad, loose = [], []
        for name in sorted(set(names) & set(got)):
            share = _screen_difference(lin_dir / f"{name}.png", win_dir / f"{name}.png")
            limit = LOOSE_SCREEN if name in LOOSE else SAME_SCREEN
            if share > limit:
                bad.append(f"{name} {share:.1%}")
            elif share > SAME_SCREEN:
                loose.append(f"{name} {share:.1%}")
        check(not bad, f"windows = linux, {lang}: every screen the same within {SAME_SCREEN:.1%} of its pixels"
              + (f" (differ: {', '.join(bad)})" if bad else "")
              + (f" (allowed to differ: {', '.join(loose)})" if loose else ""))
        SMOKE.mkdir(parents=True, exist_ok=True)
        for name in ("menu", "setup-gurka-se", "table-gurka-is"):
            if (win_dir / f"{name}.png").is_file():
                shutil.copy2(win_dir / f"{name}.png", SMOKE / f"windows-{lang}-{name}.png")


def check_save_and_stats(wine: Wine, exe: Path, check) -> None:
    code, out, _ = wine.run([bw.winpath(exe)], timeout=180, env={"GURKA_CHECK_SAVE": "save"})
    save = wine.user_data / "savegame-gurka-se.json"
    if not check(code == 0 and "gurka: save: ok" in out and save.is_file(),
                 f"windows: a game saved by the Windows app, in {save.relative_to(wine.prefix)}"):
        print(out[-2000:])
        return
    check(f"C:\\users\\{USER}\\AppData\\Local\\gurka\\savegame-gurka-se.json" in out,
          "windows: the save's path is the user's AppData\\Local\\gurka, with the user name as it is")
    code, out, _ = wine.run([bw.winpath(exe)], timeout=300, env={"GURKA_CHECK_SAVE": "continue"})
    db = wine.user_data / "stats.sqlite"
    if not check(code == 0 and "gurka: continue: ok" in out and db.is_file() and not save.exists(),
                 f"windows: the Windows app continued it to the end; statistics in {db.relative_to(wine.prefix)}"):
        print(out[-2000:])
        return
    code, out, _ = wine.run([bw.winpath(exe), "stats", "--json"], timeout=120)
    check(code == 0 and re.search(r'"games":\s*1\b', out) is not None,
          "windows: stats --json counts the continued game")


def check_net(wine: Wine, exe: Path, check, base: Path, times: dict) -> None:
    """The network table under Wine: discovery bundled, a loopback game of three gurka.exe."""
    code, out, _ = wine.run([bw.winpath(exe)], timeout=180, env={"GURKA_CHECK_NET": "1"})
    check(code == 0 and "network: ok" in out, f"windows: table discovery bundled (zeroconf, ifaddr): "
                                              f"{out.strip().splitlines()[-1] if out.strip() else '(no output)'}")
    import package_net

    def start(args: list[str], home: Path) -> subprocess.Popen:
        home.mkdir(parents=True, exist_ok=True)
        return subprocess.Popen(["wine", bw.winpath(exe), *args], env=dict(wine.env, GURKA_HOME=bw.winpath(home)),
                                cwd=base, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    took = package_net.play(start, bw.winpath, base / "net", check, "windows: network")
    package_net.play(start, bw.winpath, base / "internet", check, "windows: internet (relay)", relay=True)
    if took is not None:
        times["network game"] = took


def check_bot(wine: Wine, exe: Path, python: Path, check, base: Path) -> None:
    folder = wine.home / "Documents" / "mina bottar ö"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "game" / "ai" / "example_bot.py", folder / "bot.py")
    bot = f"C:\\users\\{USER}\\Documents\\mina bottar ö\\bot.py"
    out_file = f"C:\\users\\{USER}\\Documents\\games.jsonl"

    def args(out: str) -> list[str]:
        return [bw.winpath(exe), "simulate", "--rules", "gurka-se", "--players", "3", "--games", "1",
                "--seed", "1", "--seats", f"ext:{bot},ai:easy,ai:easy", "--out", out]
    code, out, _ = wine.run(args(out_file.replace("games", "games-no-python")), timeout=300,
                            env={"WINEPATH": ""})
    sys.path.insert(0, str(ROOT))           # this checkout's game, not an installed copy
    from game.ai.bot_process import NO_PYTHON
    check(code == 0 and NO_PYTHON in out,
          "windows: a .py bot without Python on PATH: the one-line message, the Normal AI plays the seat")
    code, out, took = wine.run(args(out_file), timeout=300, env={"WINEPATH": bw.winpath(python.parent)})
    games = to_linux(wine, out_file)
    check(code == 0 and "wrote 1 game" in out and "[bot" not in out and games.is_file(),
          f"windows: a .py bot (in a folder named with ö, path with \\) plays through python on PATH "
          f"({took:.0f} s)" + ("" if code == 0 and "[bot" not in out else f": {out.strip()[-300:]}"))


def check_installer(wine: Wine, setup: Path, check) -> None:
    data = setup.read_bytes()
    check(b'level="asInvoker"' in data or b"level='asInvoker'" in data,
          "installer: its manifest asks for no administrator rights (asInvoker)")
    before = {p.relative_to(wine.user_data): sha(p) for p in wine.user_data.rglob("*") if p.is_file()}
    check(bool(before), f"installer: the user's data is there before ({', '.join(map(str, before)) or 'none'})")
    code, out, took = wine.run([bw.winpath(setup), "/S"], timeout=300)
    wine.wait_all()
    programs = wine.home / "AppData" / "Local" / "Programs" / "Gurka"
    start_menu = wine.home / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs" / "Gurka.lnk"
    desktop = wine.home / "Desktop" / "Gurka.lnk"
    check(code == 0 and (programs / "gurka.exe").is_file() and (programs / "uninstall.exe").is_file(),
          f"installer: /S installed into %LOCALAPPDATA%\\Programs\\Gurka (exit {code}, {took:.0f} s)")
    check(start_menu.is_file() and desktop.is_file(), "installer: Start-menu and desktop shortcuts")
    key = wine.reg_section(UNINSTKEY)
    check('"DisplayName"="Gurka"' in key and "uninstall.exe" in key and '"DisplayIcon"=' in key,
          "installer: the per-user (HKCU) uninstall key, so Apps lists it")
    system = (wine.prefix / "system.reg").read_text("utf-8", "replace")
    check("Uninstall\\\\Gurka]" not in system, "installer: nothing written for all users (HKLM)")
    if not start_menu.is_file():
        return
    target = lnk_target(start_menu)
    check(target.lower() == f"C:\\users\\{USER}\\AppData\\Local\\Programs\\Gurka\\gurka.exe".lower(),
          f"installer: the Start-menu shortcut points to the installed gurka.exe ({target})")
    code, out, took = wine.run([target, "--demo", "--rules", "gurka-is", "--seed", "5"], timeout=600)
    check(code == 0, f"installer: the shortcut's target plays a demo to the end, exit {code} ({took:.0f} s)")
    code, out, took = wine.run([f"C:\\users\\{USER}\\AppData\\Local\\Programs\\Gurka\\uninstall.exe", "/S"],
                               timeout=300)
    wine.wait_all()       # the uninstaller copies itself to a temporary folder and goes on from there
    check(code == 0 and not programs.exists(), f"uninstall: /S removed the program folder (exit {code})")
    check(not start_menu.exists() and not desktop.exists(), "uninstall: the shortcuts are gone")
    check(not wine.reg_section(UNINSTKEY), "uninstall: the uninstall key is gone")
    after = {p.relative_to(wine.user_data): sha(p) for p in wine.user_data.rglob("*") if p.is_file()}
    check(after == before, "uninstall: the user's saves, settings and statistics are left as they were")


def check_window(wine: Wine, exe: Path, check, display: str | None) -> None:
    tools = [shutil.which(t) for t in ("Xvfb", "xdotool", "xprop", "import")]
    if not all(tools):
        check(False, "--xvfb needs Xvfb, xdotool, xprop (x11-utils) and ImageMagick's import")
        return
    display = display or f":{90 + os.getpid() % 9}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    xenv = dict(os.environ, DISPLAY=display)
    env = dict(wine.env, DISPLAY=display)
    env.pop("SDL_VIDEODRIVER", None)
    try:
        time.sleep(1.0)
        for what, args in (("menu", []), ("demo", ["--demo", "--rules", "durak", "--seed", "2"])):
            app = subprocess.Popen(["wine", bw.winpath(exe), *args], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                _window_session(app, what, xenv, check, wine)
            finally:
                if app.poll() is None:
                    os.killpg(app.pid, 9)
        wine.wait_all()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def window_icon(xprop_out: str) -> list[int] | None:
    """The first image of a window's ``_NET_WM_ICON`` (``xprop -f _NET_WM_ICON 32c``) as 32x32
    ARGB values, or None when it has none of that size."""
    nums = [int(n) for n in re.findall(r"\d+", xprop_out.split("=", 1)[-1])]
    while len(nums) >= 2:
        w, h = nums[0], nums[1]
        if w * h + 2 > len(nums) or w * h == 0:
            return None
        if (w, h) == (32, 32):
            return nums[2:2 + w * h]
        nums = nums[2 + w * h:]
    return None


def icon_likeness(argb: list[int]) -> float:
    """How alike a 32x32 ARGB icon and ``assets/icon.png`` at 32 px are: the correlation of their
    brightness over the pixels the game's icon paints (1: the same picture; another icon is
    near 0; Wine shows ours darker, with harder edges, at about 0.8)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    ours = pygame.transform.smoothscale(pygame.image.load(str(ROOT / "assets" / "icon.png")), (32, 32))
    xs, ys = [], []
    for i, v in enumerate(argb):
        r, g, b, a = ours.get_at((i % 32, i // 32))
        if a > 200:
            xs.append(0.3 * r + 0.59 * g + 0.11 * b)
            ys.append(0.3 * ((v >> 16) & 255) + 0.59 * ((v >> 8) & 255) + 0.11 * (v & 255))
    n = len(xs)
    if n < 100:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    vx, vy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def save_icon(argb: list[int], path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    img = pygame.Surface((32, 32), pygame.SRCALPHA)
    for i, v in enumerate(argb):
        img.set_at((i % 32, i // 32), ((v >> 16) & 255, (v >> 8) & 255, v & 255, v >> 24))
    pygame.image.save(pygame.transform.scale(img, (128, 128)), str(path))


def _visible(xenv: dict) -> list[tuple[str, str]]:
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "gurka.exe"], env=xenv,
                           capture_output=True, text=True, check=False).stdout.split()
    return [(w, subprocess.run(["xdotool", "getwindowname", w], env=xenv, capture_output=True, text=True,
                               check=False).stdout.strip()) for w in found]


def _window_session(app: subprocess.Popen, what: str, xenv: dict, check, wine: Wine) -> None:
    windows: list[tuple[str, str]] = []
    deadline = time.time() + 90
    while time.time() < deadline and app.poll() is None:
        windows = [w for w in _visible(xenv) if w[1] == "Gurka"]
        if windows:
            break
        time.sleep(0.5)
    if not check(len(windows) == 1, f"window ({what}): one window titled 'Gurka' under Wine ({windows})"):
        return
    wid = windows[0][0]
    icon = subprocess.run(["xprop", "-id", wid, "-notype", "-f", "_NET_WM_ICON", "32c", "_NET_WM_ICON"], env=xenv,
                          capture_output=True, text=True, check=False).stdout
    argb = window_icon(icon)
    SMOKE.mkdir(parents=True, exist_ok=True)
    if argb is not None:
        save_icon(argb, SMOKE / "windows-window-icon.png")
    alike = icon_likeness(argb) if argb is not None else 0.0
    check(alike > 0.6, f"window ({what}): its 32 px icon is the game's (likeness {alike:.2f} to assets/icon.png; "
                       "build/smoke/windows-window-icon.png)")
    SMOKE.mkdir(parents=True, exist_ok=True)
    if what == "menu":
        time.sleep(3.0)
        shot = SMOKE / "screenshot-windows.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=xenv, check=False)
        check(shot.is_file(), f"window (menu): screenshot {shot}")
        subprocess.run(["xdotool", "windowfocus", wid], env=xenv, check=False)
        time.sleep(0.5)
        subprocess.run(["xdotool", "key", "--window", wid, "alt+F4"], env=xenv, check=False)
        try:
            code = app.wait(timeout=30)
        except subprocess.TimeoutExpired:
            code = None
        check(code == 0, f"window (menu): Alt+F4 closed the game, exit {code}")
        return
    # the demo: once the AI worker runs, it has opened no window of its own; then Alt+F4
    # closes the game in the middle of the game, and no gurka.exe is left behind
    most, workers = 1, 0
    while app.poll() is None and time.time() < deadline + 120 and workers < 2:
        most = max(most, len(_visible(xenv)))
        workers = max(workers, len(gurka_exes(wine.processes())))
        time.sleep(1)
    most = max(most, len(_visible(xenv)))
    subprocess.run(["import", "-window", "root", str(SMOKE / "screenshot-windows-demo.png")], env=xenv, check=False)
    check(workers >= 2 and most == 1,
          f"window (demo): one window while the AI worker runs ({workers} gurka.exe, {most} window(s))")
    subprocess.run(["xdotool", "windowfocus", wid], env=xenv, check=False)
    time.sleep(0.5)
    subprocess.run(["xdotool", "key", "--window", wid, "alt+F4"], env=xenv, check=False)
    try:
        code = app.wait(timeout=30)
    except subprocess.TimeoutExpired:
        code = None
    left = gurka_exes(wine.processes())
    for _ in range(10):
        if not left:
            break
        time.sleep(1)
        left = gurka_exes(wine.processes())
    check(code == 0 and not left, f"window (demo): Alt+F4 mid-game closed it, exit {code}, and no gurka.exe "
                                  f"is left ({' | '.join(s.strip() for s in left) or 'none'})")


def run_all(check, contents, decoy_cwd, build_first: bool, xvfb: bool, display: str | None = None) -> dict:
    """Every Windows check (``check(ok, what)`` records each; ``contents(exe)`` checks the
    bundle and ``decoy_cwd(folder)`` makes a decoy working folder, from test_package.py);
    returns the figures (seconds) for the report."""
    missing = bw.missing_tools(installer=True)
    if missing:
        check(False, f"windows: missing Debian packages: {' '.join(missing)} "
                     f"(apt-get install -y {' '.join(missing)})")
        return {}
    times: dict = {}
    if build_first:
        try:
            figures = bw.build(installer=True)
        except bw.BuildError as e:
            check(False, f"windows: build: {e}")
            return {}
        times["build"] = figures["total_s"]
    exe, setup = bw.executable(), bw.installer_path()
    if not check(exe.is_file() and setup.is_file(), f"windows: {exe.name} and {setup.name} are built"):
        return times
    import build
    print(f"windows one-folder: {exe} ({build.tree_size(bw.onefolder_dir()) / 1e6:.1f} MB)", flush=True)
    contents(exe)
    python = bw.windows_python(bw.read_lock(), bw.cache_dir())
    SMOKE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gurka-windows-", dir=SMOKE) as tmp:
        base = Path(tmp)
        wine = Wine(base)
        decoy = decoy_cwd(base)
        check_worker_and_menu(wine, exe, check)
        check_demos(wine, exe, check, decoy, times)
        check_tours(wine, exe, check, base, times)
        check_save_and_stats(wine, exe, check)
        check_net(wine, exe, check, base, times)
        check_bot(wine, exe, python, check, base)
        check_installer(wine, setup, check)
        if xvfb:
            check_window(wine, exe, check, display)
        wine.wait_all()
    return times
