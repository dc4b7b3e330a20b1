"""Frozen app figures: build sizes and start-to-menu time.

    python build_scripts/bench.py package [--no-build] [--runs N] [--no-onefile] [--window] [--no-windows]

Builds the one-folder and the one-file app (``build.py``; ``--no-build`` measures
what is in ``dist/``), prints their sizes, then starts each app ``N`` times
(after one warm-up start) with ``GURKA_EXIT_AT_MENU=1`` and reports the median
time from launching the executable until the main menu's first frame is on the
screen (the app prints ``gurka: menu drawn`` right after that frame's flip; on
Windows, where a windowed app has no stdout, the time until the process exits).
Headless (SDL's dummy video driver) unless ``--window``.

On Linux with Wine and makensis (``build_windows.py``), the same run also builds (unless
``--no-build``) and measures the Windows app: its one-folder size, the portable zip's and the
installer's size, and ``gurka.exe``'s start to menu under Wine (headless, in the build's Wine
prefix, Wine's server kept warm between the starts as it is while a player's desktop runs;
the first start of a cold Wine is printed too).  ``--no-windows`` leaves it out.

Goals (issue 6): one-folder <= 60 MB, one-file <= 30 MB, start to menu <= 0.7 s
(one-folder).  The Windows figures have no goal here: Wine's start-up is not Windows'.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build

MARKER = b"gurka: menu drawn"
GOAL_FOLDER_MB = 60.0
GOAL_ONEFILE_MB = 30.0
GOAL_START_S = 0.7


def app_env(home: Path, window: bool = False) -> dict:
    """Environment for a frozen app run: own (empty) user folders, no audio device."""
    env = dict(os.environ)
    env.update(HOME=str(home), USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
               LOCALAPPDATA=str(home / "AppData" / "Local"), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local" / "share"), XDG_STATE_HOME=str(home / ".local" / "state"),
               XDG_CACHE_HOME=str(home / ".cache"), SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not window:
        env["SDL_VIDEODRIVER"] = "dummy"
    env.pop("PYTHONPATH", None)
    return env


def popen_app(cmd: list[str], **kwargs) -> subprocess.Popen:
    """Start the app in its own process group, so :func:`kill_tree` also ends its children
    (the AI worker process, or a runaway chain of them if ``freeze_support`` ever went missing)."""
    if os.name == "posix":
        kwargs["start_new_session"] = True
    else:
        kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
    return subprocess.Popen(cmd, **kwargs)


def kill_tree(proc: subprocess.Popen) -> None:
    if proc.poll() is not None and os.name != "posix":
        return
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True,
                           check=False)
    except (OSError, ProcessLookupError):
        pass


def run_app(cmd: list[str], cwd: Path, env: dict, timeout: float) -> tuple[int | None, str]:
    """Run the app to its end: (exit code, or None after a timeout; combined output)."""
    proc = popen_app(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out, _ = proc.communicate(timeout=timeout)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        kill_tree(proc)
        out, _ = proc.communicate()
        code = None
    if os.name == "posix":
        kill_tree(proc)  # leftovers in the group, if any
    return code, out.decode(errors="replace")


def time_to_menu(exe: Path, env: dict, cwd: Path, timeout: float = 60.0, cmd: list[str] | None = None) -> float:
    """Seconds from launch until the menu's first frame (or until exit without stdout);
    ``cmd`` starts it another way (``["wine", "gurka.exe"]``)."""
    env = dict(env, GURKA_EXIT_AT_MENU="1")
    start = time.perf_counter()
    proc = popen_app(cmd or [str(exe)], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    timer = threading.Timer(timeout, kill_tree, (proc,))
    timer.start()
    seen = None
    out = b""
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            out += line
            if MARKER in line and seen is None:
                seen = time.perf_counter() - start
        code = proc.wait()
    finally:
        timer.cancel()
    ended = time.perf_counter() - start
    if ended >= timeout:
        raise RuntimeError(f"{exe} did not reach the menu and exit in {timeout:.0f} s")
    if code != 0:
        raise RuntimeError(f"{exe} exited with {code}:\n{out.decode(errors='replace')}")
    return seen if seen is not None else ended


def median_start(exe: Path, runs: int, window: bool = False) -> tuple[float, list[float]]:
    with tempfile.TemporaryDirectory(prefix="gurka-bench-") as tmp:
        tmp = Path(tmp)
        env = app_env(tmp / "home", window)
        time_to_menu(exe, env, tmp)  # warm-up: disk cache, first-run settings folder
        times = [time_to_menu(exe, env, tmp) for _ in range(runs)]
    return statistics.median(times), times


def windows_figures(runs: int, build_first: bool) -> dict | None:
    """The Windows app's sizes and start to menu under Wine, or None when Wine or the build
    is not there (said in one line)."""
    import build_windows as bw
    missing = bw.missing_tools(installer=True)
    if missing:
        print(f"windows: left out (missing Debian packages: {' '.join(missing)})")
        return None
    if build_first:
        bw.build(installer=True)
    exe, setup, zipped = bw.executable(), bw.installer_path(), bw.zip_path()
    if not (exe.is_file() and setup.is_file() and zipped.is_file()):
        print("windows: left out (no dist-windows/: run python3 build_scripts/build_windows.py)")
        return None
    prefix = bw.ensure_prefix(bw.build_prefix())
    subprocess.run(["wineserver", "-w"], env=bw.wine_env(prefix), timeout=120, check=False)  # cold
    with tempfile.TemporaryDirectory(prefix="gurka-bench-win-") as tmp:
        env = bw.wine_env(prefix, {"SDL_VIDEODRIVER": "dummy", "GURKA_HOME": bw.winpath(Path(tmp))})
        env.pop("DISPLAY", None)
        cmd = ["wine", bw.winpath(exe)]
        cold = time_to_menu(exe, env, Path(tmp), 120, cmd)
        times = [time_to_menu(exe, env, Path(tmp), 120, cmd) for _ in range(runs)]
    return {"onefolder_mb": build.tree_size(bw.onefolder_dir()) / 1e6, "zip_mb": zipped.stat().st_size / 1e6,
            "installer_mb": setup.stat().st_size / 1e6, "start_s": statistics.median(times), "times": times,
            "cold_s": cold}


def _verdict(value: float, goal: float) -> str:
    return "ok" if value <= goal else "OVER GOAL"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.py package", description="frozen app size and start time")
    parser.add_argument("--no-build", action="store_true", help="measure the apps already in dist/")
    parser.add_argument("--no-onefile", action="store_true", help="one-folder app only")
    parser.add_argument("--runs", type=int, default=7, help="timed starts per app (default 7)")
    parser.add_argument("--window", action="store_true", help="real video driver instead of dummy")
    parser.add_argument("--no-windows", action="store_true", help="leave out the Windows app under Wine")
    args = parser.parse_args(argv or [])
    kinds = [False] if args.no_onefile else [False, True]
    if not args.no_build:
        for onefile in kinds:
            build.build(onefile=onefile, quiet=True)
    rows = []
    over = False
    for onefile in kinds:
        exe = build.executable(onefile)
        if not exe.is_file():
            print(f"{exe} is missing: run python build_scripts/build.py{' --onefile' if onefile else ''}")
            return 1
        what = exe if onefile else build.onefolder_dir()
        size = build.tree_size(what) / 1e6
        med, times = median_start(exe, args.runs, args.window)
        goal_size = GOAL_ONEFILE_MB if onefile else GOAL_FOLDER_MB
        rows.append((("one-file" if onefile else "one-folder"), size, goal_size, med, times))
        over |= size > goal_size or (not onefile and med > GOAL_START_S)
    print(f"frozen app ({sys.platform}), start to menu: median of {args.runs} starts after one warm-up,"
          f" {'real window' if args.window else 'headless (SDL dummy video)'}")
    print(f"{'build':<11} {'size MB':>8} {'goal':>6}  {'start s':>8} {'goal':>6}   all starts (s)")
    for name, size, goal_size, med, times in rows:
        start_goal = f"{GOAL_START_S:.1f}" if name == "one-folder" else "-"
        verdict = _verdict(size, goal_size)
        if name == "one-folder":
            verdict += ", " + _verdict(med, GOAL_START_S)
        print(f"{name:<11} {size:>8.1f} {goal_size:>6.0f}  {med:>8.3f} {start_goal:>6}   "
              + " ".join(f"{t:.2f}" for t in times) + f"   [{verdict}]")
    if not args.no_windows and sys.platform.startswith("linux"):
        win = windows_figures(args.runs, not args.no_build)
        if win:
            print(f"{'windows':<11} {win['onefolder_mb']:>8.1f} {'-':>6}  {win['start_s']:>8.3f} {'-':>6}   "
                  + " ".join(f"{t:.2f}" for t in win["times"])
                  + f"   [one folder, gurka.exe under Wine, headless; first start of a cold Wine "
                    f"{win['cold_s']:.2f} s]")
            print(f"{'':<11} portable zip {win['zip_mb']:.1f} MB, installer (setup.exe) {win['installer_mb']:.1f} MB")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
