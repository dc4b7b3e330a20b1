#!/usr/bin/env python3
"""Packaging test: build the frozen app, then smoke-test it.

    python build_scripts/test_package.py              # build one-folder, check it, run it
    python build_scripts/test_package.py --onefile    # the one-file build as well
    python build_scripts/test_package.py --no-build   # test what is already in dist/
    python build_scripts/test_package.py --xvfb       # also a real window under Xvfb (Linux)
    python build_scripts/test_package.py --windows    # also the Windows build, under Wine (Linux)
    python build_scripts/test_package.py --windows --no-linux --no-build   # only the Windows checks

Checks, for each build:

* contents: fonts, icon and one compiled catalogue (.mo) per ``locales/*.po``
  are bundled; no ``.po`` files and none of the excluded packages (Babel,
  numpy, tkinter, unittest, pytest, hypothesis) are;
* ``--demo`` runs headless (SDL dummy video and audio) to the end and exits 0,
  started from a working directory that holds decoy ``assets/`` and
  ``locales/`` folders with garbage in them, and with empty user folders;
* start to menu: ``GURKA_EXIT_AT_MENU=1`` reaches the main menu and exits 0;
* the AI's worker process (multiprocessing, ``spawn``) starts from the frozen
  executable and makes a decision (``GURKA_CHECK_AI_WORKER=1``, see
  ``gurka_main.py``);
* the card painter process starts from the frozen executable and renders a court card
  as the game's own process does (``GURKA_CHECK_PAINTER=1``: SDL_image's SVG loader is
  bundled);
* the licences and credits: the fonts' and the card art's licence files are bundled, the
  art's names Adrian Kennard and CC0, and every card of the art and every sound is there;
* the statistics work: ``stats --json`` answers (sqlite3 is bundled);
* the network table: asyncio, zeroconf and ifaddr are frozen in; discovery's service record is
  made with zeroconf's compiled modules (``GURKA_CHECK_NET=1``, nothing sent); a frozen
  ``gurka host`` and two frozen ``gurka join`` processes, each with its own user folder, play
  a game on 127.0.0.1 to the end, all exit 0, each joiner's record is the host's, and the
  frozen ``gurka replay`` checks it (``package_net.py``);
* on Linux with ``strace``: that start never opens a file relative to, or
  inside, the working directory;
* ``--xvfb``: the app opens a real window (found with ``xdotool search --class
  gurka``) showing the menu, saved to ``build/smoke/screenshot-<build>.png``, and
  quits cleanly on SIGTERM.

``--windows`` (Linux with Debian's wine64 and nsis) builds the Windows app and its installer
with ``build_windows.py`` and tests them under Wine: every check is listed in
``test_package_windows.py``.

Exits 0 when everything passed.  Used by CI (``.github/workflows/build.yml``)
and by ``.ci/run`` when ``GURKA_FULL=1``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))   # this checkout's game, not an installed one

import bench_package
import package_net

import build

ROOT = build.ROOT
SMOKE = ROOT / "build" / "smoke"
#: the network table needs these frozen in (asyncio: its streams; zeroconf, ifaddr: discovery)
NETWORK_MODULES = ("asyncio", "zeroconf", "ifaddr", "ssl", "cryptography")
EXCLUDED = ("babel", "numpy", "tkinter", "unittest", "pytest", "_pytest", "hypothesis", "PyInstaller")
DEMO_TIMEOUT = 600.0
#: ``--display``: the X display Xvfb takes (a free one by the process id otherwise)
XVFB_DISPLAY: str | None = None
#: licence files of third-party works in the bundle, and the names each must give
LICENCES = {"assets/fonts/LICENSE-DejaVu.txt": ("DejaVu", "Bitstream"),
            "assets/cards/LICENSE-cards.txt": ("Adrian Kennard", "CC0 1.0 Universal")}

failures: list[str] = []


def check(ok: bool, what: str) -> bool:
    print(("  ok    " if ok else "  FAIL  ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def bundled_modules(exe: Path) -> set[str]:
    """Top-level module names inside the executable's PYZ archive."""
    from PyInstaller.archive.readers import CArchiveReader
    pkg = CArchiveReader(str(exe))
    names = set(pkg.toc)
    if "PYZ.pyz" in names:
        names |= set(pkg.open_embedded_archive("PYZ.pyz").toc)
    return {n.split(".")[0] for n in names}


def data_root(exe: Path) -> Path:
    internal = exe.parent / "_internal"
    if internal.is_dir():
        return internal
    frameworks = exe.parent.parent / "Frameworks"   # inside a macOS .app
    return frameworks if frameworks.is_dir() else exe.parent


def check_contents(exe: Path, onefile: bool, linux: bool | None = None) -> None:
    if onefile:
        from PyInstaller.archive.readers import CArchiveReader
        files = {n.replace("\\", "/") for n in CArchiveReader(str(exe)).toc}
    else:
        root = data_root(exe)
        files = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() or p.is_symlink()}
        for name in EXCLUDED:
            check(not (root / name).exists(), f"no {name}/ folder in the bundle")
    if (sys.platform.startswith("linux") if linux is None else linux) and not onefile:
        for name in ("gurka.desktop", "gurka.png"):
            check((exe.parent / name).is_file(), f"{name} next to the executable")
    for need in ("assets/fonts/DejaVuSans.ttf", "assets/fonts/DejaVuSans-Bold.ttf", "assets/icon.png"):
        check(need in files, f"bundled: {need}")
    # the licences and credits of what the project did not make itself
    for need in LICENCES:
        check(need in files, f"bundled: {need}")
    if not onefile:
        for need, names in LICENCES.items():
            path = data_root(exe) / need
            text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
            check(all(n in text for n in names), f"{need} names {', '.join(names)}")
    from game.engine.cards import NAMES
    from game.ui.sound import NAMES as SOUNDS
    art = [f"assets/cards/{c}.svg" for c in NAMES]
    check(all(a in files for a in art), f"bundled: the card art ({sum(a in files for a in art)} of 52)")
    check(all(f"assets/sounds/{n}.wav" in files for n in SOUNDS), f"bundled: every sound ({', '.join(SOUNDS)})")
    from game.ui.music import FILE as MUSIC
    check("/".join(("assets",) + MUSIC) in files, f"bundled: the music ({'/'.join(MUSIC)})")
    for po in sorted(build.LOCALES.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo").relative_to(ROOT).as_posix()
        check(mo in files, f"bundled: {mo}")
    check(not any(f.endswith(".po") for f in files), "no .po files bundled")
    mods = bundled_modules(exe)
    bad = sorted(m for m in EXCLUDED if m in mods)
    check(not bad, "excluded modules not frozen in" + (f" (found: {', '.join(bad)})" if bad else ""))
    check("game" in mods, "the game package is frozen in")
    lacking = [m for m in NETWORK_MODULES if m not in mods]
    check(not lacking, f"the network table's modules are frozen in ({', '.join(NETWORK_MODULES)})"
          + (f" (missing: {', '.join(lacking)})" if lacking else ""))


def decoy_cwd(base: Path) -> Path:
    """A working directory whose assets/ and locales/ would break the game if it read them."""
    cwd = base / "cwd"
    for rel in ("assets/fonts/DejaVuSans.ttf", "assets/fonts/DejaVuSans-Bold.ttf", "assets/icon.png",
                "locales/sv/LC_MESSAGES/messages.mo", "locales/en/LC_MESSAGES/messages.mo"):
        path = cwd / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not a real file: the frozen game must not read the working directory\n")
    return cwd


def run_demo(exe: Path, tmp: Path) -> None:
    cwd = decoy_cwd(tmp)
    env = bench_package.app_env(tmp / "home")
    env["LANG"] = env["LC_ALL"] = "sv_SE.UTF-8"   # makes the app load a catalogue
    start = time.perf_counter()
    code, out = bench_package.run_app([str(exe), "--demo"], cwd, env, DEMO_TIMEOUT)
    if code is None:
        check(False, f"--demo finished within {DEMO_TIMEOUT:.0f} s")
        print(out[-4000:])
        return
    took = time.perf_counter() - start
    if not check(code == 0, f"--demo ran to the end and exited {code} "
                            f"({took:.1f} s, from a decoy working directory)"):
        print(out[-4000:])
    run_announcements(exe, tmp)


def source_announcements(tmp: Path, rules: str = "gurka-se", seed: int = 3) -> list[str]:
    """What the game from the source tree announces in an English demo of ``rules`` (the sentences
    the frozen apps must say too)."""
    log = tmp / "announce-source.txt"
    env = dict(bench_package.app_env(tmp / "home-source"), GURKA_ANNOUNCE_LOG=str(log),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "game", "--demo", "--lang", "en", "--rules", rules, "--seed",
                    str(seed)], cwd=str(ROOT), env=env, capture_output=True, timeout=DEMO_TIMEOUT)
    return log.read_text(encoding="utf-8").splitlines() if log.is_file() else []


def run_announcements(exe: Path, tmp: Path) -> None:
    """The frozen app with screen-reader support: AccessKit loaded, and a demo's announcements
    (``GURKA_ANNOUNCE_LOG``) the same sentences as the source tree's."""
    log = tmp / "announce.txt"
    env = dict(bench_package.app_env(tmp / "home-announce"), GURKA_ANNOUNCE_LOG=str(log))
    code, out = bench_package.run_app([str(exe), "--demo", "--lang", "en", "--rules", "gurka-se", "--seed", "3"],
                                      decoy_cwd(tmp / "announce"), env, DEMO_TIMEOUT)
    check(code == 0 and "screen reader support is off" not in out,
          "the frozen app loads AccessKit (no 'screen reader support is off' line)" + ("" if code == 0 else
                                                                                         f" (exit {code})"))
    said = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
    want = source_announcements(tmp)
    check(bool(said) and said == want, f"a demo's {len(said)} announcements are the source tree's {len(want)}")


def run_menu(exe: Path, tmp: Path) -> None:
    cwd = decoy_cwd(tmp)
    env = bench_package.app_env(tmp / "home")
    try:
        seconds = bench_package.time_to_menu(exe, env, cwd)
    except RuntimeError as e:
        check(False, f"start to menu: {e}")
        return
    check(True, f"start to menu and exit 0 ({seconds:.2f} s)")


def run_ai_worker(exe: Path, tmp: Path) -> None:
    """The AI's worker process (multiprocessing, spawn) starts from the frozen executable."""
    env = dict(bench_package.app_env(tmp / "home"), GURKA_CHECK_AI_WORKER="1")
    tmp.mkdir(parents=True, exist_ok=True)
    code, out = bench_package.run_app([str(exe)], tmp, env, 120)
    out = out.strip()
    if code is None:
        check(False, "AI worker check finished within 120 s (a worker that starts the game "
                     "again instead of serving: freeze_support() missing?)")
        return
    if "no game.ai.worker module" in out:
        print("  skip  AI worker process (the game has no game.ai.worker)")
        return
    if sys.platform == "win32" and not out:   # a windowed Windows app has no stdout
        check(code == 0, f"AI decision in a worker process (exit {code})")
        return
    check(code == 0 and "AI worker: ok" in out,
          f"AI decision in a worker process: {out.splitlines()[-1] if out else '(no output)'}")


def run_painter(exe: Path, tmp: Path) -> None:
    """The card painter process (multiprocessing, spawn) starts from the frozen executable
    and renders the art there as in the game's own process."""
    env = dict(bench_package.app_env(tmp / "home"), GURKA_CHECK_PAINTER="1")
    tmp.mkdir(parents=True, exist_ok=True)
    code, out = bench_package.run_app([str(exe)], tmp, env, 120)
    out = out.strip()
    if code is None:
        check(False, "card painter check finished within 120 s")
        return
    if sys.platform == "win32" and not out:   # a windowed Windows app has no stdout
        check(code == 0, f"card art rendered in the painter process (exit {code})")
        return
    check(code == 0 and "card painter: ok" in out,
          f"card art rendered in the painter process: {out.splitlines()[-1] if out else '(no output)'}")


def run_stats(exe: Path, tmp: Path) -> None:
    """The statistics (sqlite3) work frozen: ``stats --json`` answers for empty user folders."""
    tmp.mkdir(parents=True, exist_ok=True)
    code, out = bench_package.run_app([str(exe), "stats", "--json"], tmp,
                                      bench_package.app_env(tmp / "home"), 120)
    if sys.platform == "win32" and not out.strip():   # a windowed Windows app has no stdout
        check(code == 0, f"stats --json (exit {code})")
        return
    ok = code == 0 and out.lstrip().startswith("{")
    if not check(ok, f"stats --json answers (exit {code}; the statistics need sqlite3)"):
        print(out[-2000:])


def run_net(exe: Path, tmp: Path) -> None:
    """The network table frozen: discovery bundled, and a loopback game between frozen processes."""
    env = dict(bench_package.app_env(tmp / "home"), GURKA_CHECK_NET="1")
    tmp.mkdir(parents=True, exist_ok=True)
    code, out = bench_package.run_app([str(exe)], tmp, env, 120)
    out = out.strip()
    check(code == 0 and "network: ok" in out,
          f"table discovery bundled (zeroconf, ifaddr): {out.splitlines()[-1] if out else '(no output)'}")

    def start(args: list[str], home: Path) -> subprocess.Popen:
        return bench_package.popen_app([str(exe), *args], cwd=tmp, env=dict(bench_package.app_env(home),
                                       GURKA_HOME=str(home)), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    package_net.play(start, str, tmp / "game", check, "network")
    package_net.play(start, str, tmp / "internet", check, "internet (relay)", relay=True)


def run_strace(exe: Path, tmp: Path) -> None:
    strace = shutil.which("strace")
    if not sys.platform.startswith("linux") or not strace:
        print("  skip  working-directory trace (needs Linux and strace)")
        return
    cwd = decoy_cwd(tmp)
    log = tmp / "strace.log"
    env = dict(bench_package.app_env(tmp / "home"), GURKA_EXIT_AT_MENU="1", LANG="sv_SE.UTF-8",
               LC_ALL="sv_SE.UTF-8")
    code, out = bench_package.run_app([strace, "-f", "-qq", "-e", "trace=%file", "-o", str(log), str(exe)],
                                      cwd, env, 120)
    if not check(code == 0, f"traced start to menu exits {code}"):
        print(out[-4000:])
        return
    here = str(cwd)
    bad = []
    for line in log.read_text(errors="replace").splitlines():
        if "getcwd(" in line:   # asking for the working directory is not reading from it
            continue
        paths = re.findall(r'"((?:[^"\\]|\\.)*)"', line)
        path = paths[0] if paths else ""   # the path argument; later strings are results
        if path and (not path.startswith("/") or path == here or path.startswith(here + "/")):
            bad.append(line.strip())
    if (build.LOCALES / "sv" / "LC_MESSAGES" / "messages.po").is_file():
        mo = str(data_root(exe) / "locales" / "sv" / "LC_MESSAGES" / "messages.mo")
        check(any(f'"{mo}"' in line and "open" in line and "= -1" not in line
                  for line in log.read_text(errors="replace").splitlines()),
              "LANG=sv_SE: the bundled Swedish catalogue is opened")
    check(not bad, "no file opened in or relative to the working directory"
          + ("".join("\n          " + b for b in bad[:10]) if bad else ""))


def run_xvfb(exe: Path, tmp: Path, label: str) -> None:
    tools = [shutil.which(t) for t in ("Xvfb", "xdotool", "import")]
    if not all(tools):
        check(False, "--xvfb needs Xvfb, xdotool and ImageMagick's import on PATH")
        return
    display = XVFB_DISPLAY or f":{90 + os.getpid() % 9}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = None
    try:
        time.sleep(1.0)
        env = bench_package.app_env(tmp / "home", window=True)
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_VIDEO_X11_WMCLASS="gurka")
        app = bench_package.popen_app([str(exe)], cwd=decoy_cwd(tmp), env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        xenv = dict(os.environ, DISPLAY=display)
        window = ""
        deadline = time.time() + 30
        while time.time() < deadline and not window and app.poll() is None:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "gurka"], env=xenv,
                                   capture_output=True, text=True, check=False)
            window = found.stdout.split()[0] if found.stdout.split() else ""
            time.sleep(0.2)
        if not check(bool(window), f"a window of class 'gurka' appeared on {display}"):
            return
        name = ""
        deadline = time.time() + 10
        while time.time() < deadline and name != "Gurka":   # the caption is set after the window opens
            name = subprocess.run(["xdotool", "getwindowname", window], env=xenv, capture_output=True,
                                  text=True, check=False).stdout.strip()
            time.sleep(0.2)
        check(name == "Gurka", f"window title is {name!r}")
        time.sleep(2.0)  # the menu's first frames
        SMOKE.mkdir(parents=True, exist_ok=True)
        shot = SMOKE / f"screenshot-{label}.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=xenv, check=True)
        check(shot.is_file() and _looks_drawn(shot), f"screenshot shows a drawn window: {shot}")
        app.send_signal(signal.SIGTERM)  # SDL turns it into a quit event
        try:
            code = app.wait(timeout=15)
        except subprocess.TimeoutExpired:
            app.kill()
            code = None
        check(code == 0, f"window closed cleanly (exit {code})")
    finally:
        if app is not None:
            bench_package.kill_tree(app)
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _looks_drawn(png: Path) -> bool:
    """More than a blank screen: many colours in the picture."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    img = pygame.image.load(str(png))
    w, h = img.get_size()
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
    return len(colours) >= 20


def test_build(exe: Path, onefile: bool, xvfb: bool) -> None:
    label = "one-file" if onefile else "one-folder"
    size = build.tree_size(exe if onefile else exe.parent) / 1e6
    print(f"{label}: {exe} ({size:.1f} MB)", flush=True)
    if not check(exe.is_file(), f"{exe} exists"):
        return
    check_contents(exe, onefile)
    with tempfile.TemporaryDirectory(prefix="gurka-smoke-") as tmp:
        tmp = Path(tmp)
        run_demo(exe, tmp / "demo")
        run_menu(exe, tmp / "menu")
        run_ai_worker(exe, tmp / "worker")
        run_painter(exe, tmp / "painter")
        run_stats(exe, tmp / "stats")
        run_net(exe, tmp / "net")
        if not onefile:
            run_strace(exe, tmp / "trace")
        if xvfb:
            run_xvfb(exe, tmp / "xvfb", label)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="test_package.py", description="build and smoke-test the frozen app")
    parser.add_argument("--no-build", action="store_true", help="test the builds already in dist/")
    parser.add_argument("--onefile", action="store_true", help="build and test the one-file app too")
    parser.add_argument("--xvfb", action="store_true", help="also open a real window under Xvfb (Linux)")
    parser.add_argument("--windows", action="store_true",
                        help="also build the Windows app and installer and test them under Wine")
    parser.add_argument("--no-linux", action="store_true", help="skip this platform's own build and checks")
    parser.add_argument("--display", default=os.environ.get("GURKA_XVFB_DISPLAY") or None,
                        help="with --xvfb: the X display for Xvfb, e.g. :51 (default $GURKA_XVFB_DISPLAY, "
                             "else a free one by the process id)")
    args = parser.parse_args(argv)
    global XVFB_DISPLAY
    XVFB_DISPLAY = args.display
    kinds = [] if args.no_linux else [False, True] if args.onefile else [False]
    for onefile in kinds:
        if not args.no_build:
            try:
                build.build(onefile=onefile, quiet=True)
            except subprocess.CalledProcessError as e:
                check(False, f"PyInstaller build ({'one-file' if onefile else 'one-folder'}) exit {e.returncode}")
                continue
        test_build(build.executable(onefile), onefile, args.xvfb and sys.platform.startswith("linux"))
    if args.windows:
        import test_package_windows
        times = test_package_windows.run_all(
            check, lambda exe: check_contents(exe, onefile=False, linux=False), decoy_cwd,
            build_first=not args.no_build, xvfb=args.xvfb, display=args.display)
        if times:
            print("windows timings: " + ", ".join(f"{k} {v:.0f} s" for k, v in times.items()))
    app = build.DIST / "Gurka.app" / "Contents" / "MacOS" / build.EXE_NAME
    if sys.platform == "darwin" and not args.no_build and not args.no_linux:
        print(f"macOS app bundle: {app}")
        if check(app.is_file(), "Gurka.app built"):
            with tempfile.TemporaryDirectory(prefix="gurka-smoke-") as tmp:
                run_demo(app, Path(tmp))
    print(f"packaging test: {'FAILED: ' + str(len(failures)) + ' check(s)' if failures else 'passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
