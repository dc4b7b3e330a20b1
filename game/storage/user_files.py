"""The player's own folders and the safe way to touch a file in them.

Every write is atomic (a new temp file, flushed and synced, then ``os.replace``), a file
that cannot be used is renamed aside (``<name>.corrupt-<timestamp>``) and never deleted,
JSON is read within the limits of :mod:`game.safe_json`, and the temp files of a killed
write are tidied away at start.  What the player is told about a file is a
:class:`game.notices.Notice`.

``GURKA_HOME`` (environment) replaces the platform folders, e.g. in tests.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

from .. import safe_json

APP = "gurka"


# -- folders -------------------------------------------------------------------

def _home() -> Path | None:
    base = os.environ.get("GURKA_HOME")
    return Path(base) if base else None


def config_dir() -> Path:
    """Where settings live: ``$GURKA_HOME`` or the platform's user config folder."""
    home = _home()
    if home is not None:
        return home
    import platformdirs   # lazy: only without $GURKA_HOME, and off the start-up imports
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    """Where saved games live: ``$GURKA_HOME`` or the platform's user data folder."""
    home = _home()
    if home is not None:
        return home
    import platformdirs   # lazy: only without $GURKA_HOME, and off the start-up imports
    return Path(platformdirs.user_data_dir(APP, appauthor=False))



#: free space below which a folder is taken for full (a failed write put down to a full disk)
LOW_SPACE = 1 << 20


def unwritable(folder: Path, path: Path | None = None) -> str | None:
    """Why nothing can be written in ``folder`` (or to ``path`` in it), when its state says
    so: ``read-only`` (the disk or the folder), ``disk-full``, ``no-inodes`` or
    ``no-permission`` (the codes of :func:`game.notices.cause_text`); else None.  Never raises."""
    try:
        vfs = os.statvfs(folder)
    except (OSError, AttributeError, ValueError):
        vfs = None
    if vfs is not None:
        if vfs.f_flag & getattr(os, "ST_RDONLY", 1):
            return "read-only"
        if vfs.f_bavail * vfs.f_frsize < LOW_SPACE:
            return "disk-full"
        if vfs.f_files > 0 and vfs.f_favail == 0:
            return "no-inodes"
    try:
        if not os.access(folder, os.W_OK) or (path is not None and path.exists() and not os.access(path, os.W_OK)):
            return "no-permission"
    except (OSError, ValueError):
        pass
    return None


# -- writing, setting aside, reading -------------------------------------------

def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file.

    The temp file ``<name>.<pid>.<random>.tmp`` is created new (``O_EXCL``, never through
    a link: :func:`tempfile.mkstemp`, mode 0600), so nothing planted at its name is
    ever written through."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    if os.name == "posix":  # make the rename itself durable
        try:
            fd = os.open(path.parent, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def set_aside_file(path: Path) -> Path | None:
    """:func:`set_aside` for anything at ``path`` but a real folder (a file, a link, a
    pipe); None when there is nothing to move or it cannot be moved.  Never raises."""
    try:
        path = Path(path)
        if path.is_dir() and not path.is_symlink():
            return None
        if not (path.exists() or path.is_symlink()):
            return None
        return set_aside(path)
    except (OSError, ValueError):
        return None


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.corrupt-<timestamp>``; None when that fails too."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def read_json(path: Path, max_bytes: int) -> object:
    """Parse a JSON file within the limits of :mod:`game.safe_json` (size, nesting,
    numbers, characters; a byte-order mark is fine).  FileNotFoundError when absent;
    ValueError / OSError (one line) when bad."""
    return safe_json.read_file(path, max_bytes)


def read_own_json(path: Path, max_bytes: int) -> object:
    """Parse a JSON file the game wrote into one of its own folders (the finished games):
    never through a link (``O_NOFOLLOW``; where there is none, a link is refused first), never
    a pipe or a device (opened without blocking, then refused), at most ``max_bytes``; then
    within the limits of :mod:`game.safe_json`.  FileNotFoundError when absent; ValueError /
    OSError (one line) when it cannot be used."""
    path = Path(path)
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if not nofollow and path.is_symlink():
        raise safe_json.JSONLimitError("a link, not a file", "not_regular")
    fd = os.open(path, os.O_RDONLY | nofollow | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise safe_json.JSONLimitError("not a regular file", "not_regular")
        if st.st_size > max_bytes:
            raise safe_json.JSONLimitError(f"larger than {max_bytes:,} bytes", "larger", bytes=max_bytes)
        fh = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with fh:                            # (the file object closes fd from here on)
        raw = fh.read(max_bytes + 1)
    return safe_json.loads(raw, max_bytes)


#: ``<name>.json.<pid>.tmp`` (older versions) or ``<name>.json.<pid>.<random>.tmp``
_TEMP = re.compile(r".+\.json\.(\d{1,10})(?:\.[a-z0-9_]{1,16})?\.tmp")
#: a temp file older than this is stray whoever wrote it (a write takes milliseconds)
STALE_TEMP_SECONDS = 600


def _pid_running(pid: int) -> bool:
    if os.name != "posix":
        return True          # no safe way to ask (os.kill would end it): age decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return pid != os.getpid()


def remove_stray_temp_files(folders: list[Path] | None = None) -> list[Path]:
    """Delete ``<name>.json.<pid>[.<random>].tmp`` files that a killed write left behind in the
    user folders: those whose process is gone, or older than STALE_TEMP_SECONDS.
    Returns what was removed.  Never raises."""
    removed = []
    try:
        folders = folders if folders is not None else list(dict.fromkeys([config_dir(), data_dir()]))
        now = time.time()
        for folder in folders:
            try:
                entries = list(Path(folder).iterdir())
            except OSError:
                continue
            for p in entries:
                m = _TEMP.fullmatch(p.name)
                if not m:
                    continue
                try:
                    st = p.lstat()
                    if not stat.S_ISREG(st.st_mode):
                        continue
                    if _pid_running(int(m.group(1))) and now - st.st_mtime < STALE_TEMP_SECONDS:
                        continue
                    p.unlink()
                    removed.append(p)
                except OSError:
                    continue
    except Exception:  # noqa: BLE001 - tidying up must never stop the game from starting
        pass
    return removed
