#!/usr/bin/env python3
"""Build the standalone game with PyInstaller (one command, any OS).

    python build_scripts/build.py             # one-folder app: dist/gurka/  (+ dist/Gurka.app on macOS)
    python build_scripts/build.py --onefile   # one executable:  dist/onefile/gurka[.exe]
    python build_scripts/build.py --clean     # forget PyInstaller's cache first

Steps: compile the translations (``locales/*/LC_MESSAGES/messages.po`` ->
``.mo``, with Babel), then run PyInstaller on ``build_scripts/gurka.spec``.
Needs the ``build`` extra (``pip install ".[build]"``).  Works from any
working directory.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LOCALES = ROOT / "locales"
SPEC = HERE / "gurka.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
EXE_NAME = "gurka.exe" if sys.platform == "win32" else "gurka"


def onefolder_dir() -> Path:
    return DIST / "gurka"


def executable(onefile: bool = False) -> Path:
    """Where the build puts the executable to run."""
    if onefile:
        return DIST / "onefile" / EXE_NAME
    return onefolder_dir() / EXE_NAME


def _po_files() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


def compile_catalogues() -> list[Path]:
    """Compile every .po to .mo; returns the .mo files.  Uses ``build_scripts/i18n.py
    compile`` when it is there, then Babel's API for anything it left out (a catalogue
    marked fuzzy, say), so every language with a .po ends up with a .mo."""
    pos = _po_files()
    if not pos:
        print("build: no .po catalogues in locales/ (English only)")
        return []
    if (HERE / "i18n.py").is_file():
        sys.path.insert(0, str(HERE))
        try:
            import i18n as project_i18n
            if project_i18n.compile_all():
                print("build: the catalogues have errors (listed above)")
        except SystemExit as e:  # pybabel's CLI exits on errors
            if e.code:
                print(f"build: i18n.py compile exited with {e.code}; compiling with Babel's API")
        finally:
            sys.path.remove(str(HERE))
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    mos = []
    for po in pos:
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime:
            lang = po.parent.parent.name
            with open(po, "rb") as fh:
                catalog = read_po(fh, locale=lang)
            with open(mo, "wb") as fh:
                write_mo(fh, catalog)
            print(f"build: compiled {mo.relative_to(ROOT)}")
        mos.append(mo)
    print(f"build: {len(mos)} catalogue(s) compiled: "
          + ", ".join(m.parent.parent.name for m in mos))
    return mos


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def build(onefile: bool = False, clean: bool = False, quiet: bool = False) -> Path:
    """Compile the catalogues and run PyInstaller; returns the executable's path."""
    compile_catalogues()
    distpath = DIST / "onefile" if onefile else DIST
    workpath = WORK / ("onefile" if onefile else "onefolder")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(distpath),
           "--workpath", str(workpath), "--log-level", "WARN" if quiet else "INFO"]
    if clean:
        cmd.append("--clean")
    cmd.append(str(SPEC))
    env = dict(os.environ, GURKA_ONEFILE="1" if onefile else "0")
    start = time.perf_counter()
    print("build: " + " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    exe = executable(onefile)
    if not exe.is_file():
        raise SystemExit(f"build: PyInstaller finished but {exe} is missing")
    if sys.platform.startswith("linux") and not onefile:
        # desktop integration files travel with the Linux one-folder app (see build_scripts/README.md)
        shutil.copy2(HERE / "gurka.desktop", onefolder_dir() / "gurka.desktop")
        shutil.copy2(ROOT / "assets" / "icon.png", onefolder_dir() / "gurka.png")
    what = exe if onefile else onefolder_dir()
    print(f"build: {what} ({tree_size(what) / 1e6:.1f} MB) in {time.perf_counter() - start:.0f} s")
    if sys.platform == "darwin" and not onefile:
        print(f"build: {DIST / 'Gurka.app'}")
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--onefile", action="store_true", help="one self-unpacking executable")
    parser.add_argument("--clean", action="store_true", help="clear PyInstaller's cache first")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args(argv)
    try:
        build(onefile=args.onefile, clean=args.clean, quiet=args.quiet)
    except subprocess.CalledProcessError as e:
        print(f"build: PyInstaller failed ({e.returncode})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
