"""The player's settings, kept in the user's config folder (platformdirs).

Every write is atomic (temp file + flush + fsync + ``os.replace``).  A
settings file that cannot be read or parsed is renamed aside
(``settings.json.corrupt-<timestamp>``) and reported with a :class:`Notice`
that the UI can show; the defaults are used and the game starts anyway.
A single bad value falls back to its default without touching the others; a bad value of
a setting on the Settings screen is reported too (``settings-reset``: which ones).

``GURKA_HOME`` (environment) replaces the platform folders, e.g. in tests.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from . import safe_json
from .safe_json import clip
from .i18n import LANGUAGES, _

APP = "gurka"
FILENAME = "settings.json"

#: Animation speeds, slowest first, with the duration factor each applies.
SPEEDS = ("slow", "normal", "fast", "instant")
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
CARD_INDICES = ("native", "international")
#: how the hand is sorted: by rank, or by suit then rank (Durak: trumps last either way)
HAND_SORTS = ("rank", "suit")
#: After a finished trick (or Durak bout): ``last`` waits for a click after the last trick of
#: a deal only, ``every`` after every trick, ``never`` goes on by itself.
TRICK_PAUSES = ("last", "every", "never")
DEFAULT_VOLUME = 0.3
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (7680, 4320)
DEFAULT_WINDOW = (1280, 800)


# -- folders -------------------------------------------------------------------

def _home() -> Path | None:
    base = os.environ.get("GURKA_HOME")
    return Path(base) if base else None


def config_dir() -> Path:
    """Where settings live: ``$GURKA_HOME`` or the platform's user config folder."""
    home = _home()
    if home is not None:
        return home
    import platformdirs
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    """Where saved games live: ``$GURKA_HOME`` or the platform's user data folder."""
    home = _home()
    if home is not None:
        return home
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILENAME


# -- user files: atomic writes, corrupt files set aside --------------------------

@dataclass
class Notice:
    """Something the player should be told about one of their files.

    ``kind``: ``settings-corrupt``, ``settings-reset`` (``detail``: the keys of the settings
    whose values were not understood, comma-separated), ``settings-unwritable``, ``save-corrupt``,
    ``save-unwritable`` or ``save-bot`` (a bot seat of a save resumed by the Normal AI;
    ``detail``: the players' names).  ``str(notice)`` is the message in the language
    current at the time it is shown (so it can be created before the
    language is known).
    """

    kind: str
    path: Path
    aside: Path | None = None
    detail: str = ""

    def text(self) -> str:
        aside = self.aside.name if self.aside else ""
        if self.kind == "settings-corrupt":
            if aside:
                return _("Your settings could not be read, so the defaults are used. "
                         "The old file was kept as {file}.").format(file=aside)
            return _("Your settings could not be read, so the defaults are used.")
        if self.kind == "settings-reset":
            names = ", ".join(setting_label(k) for k in self.detail.split(",") if k)
            # TRANSLATORS: {settings} is a comma-separated list of names on the Settings screen
            return _("Your settings file had a value the game does not know for: {settings}. "
                     "Those settings are back to their defaults; the others are kept."
                     ).format(settings=names)
        if self.kind == "settings-unwritable":
            return _("Your settings could not be saved: {reason}").format(reason=self.detail)
        if self.kind == "save-corrupt":
            if aside:
                return _("The saved game could not be read and cannot be continued. "
                         "The file was kept as {file}.").format(file=aside)
            return _("The saved game could not be read and cannot be continued.")
        if self.kind == "save-unwritable":
            return _("The game could not be saved: {reason}").format(reason=self.detail)
        if self.kind == "save-bot":
            # TRANSLATORS: {names} is a comma-separated list of player names
            return _("A saved game never starts a bot program: the Normal AI now plays "
                     "for {names}.").format(names=self.detail)
        return self.detail

    def __str__(self) -> str:
        return self.text()


#: the settings on the Settings screen, by key, with their names there (the screen takes them
#: from here); a bad value of one of them is reported by that name
_LABELS = {"language": lambda: _("Language"), "speed": lambda: _("Animation speed"),
           "trick_pause": lambda: _("After a trick"), "sound": lambda: _("Sound effects"),
           "volume": lambda: _("Volume"), "fullscreen": lambda: _("Fullscreen"),
           "card_indices": lambda: _("Card letters"), "four_colour": lambda: _("Four-colour suits"),
           "hand_sort": lambda: _("Sort my hand"), "auto_play": lambda: _("Play a forced card by itself"),
           "undo": lambda: _("Allow undo")}
SHOWN_SETTINGS = tuple(_LABELS)


def setting_label(key: str) -> str:
    """The name of a setting as the Settings screen shows it, in the current language."""
    return _LABELS[key]() if key in _LABELS else key


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


#: the largest settings file read (a real one is about 300 bytes)
MAX_SETTINGS_BYTES = 64 << 10


def read_json(path: Path, max_bytes: int = MAX_SETTINGS_BYTES) -> object:
    """Parse a JSON file within the limits of :mod:`game.safe_json` (size, nesting,
    numbers, characters; a byte-order mark is fine).  FileNotFoundError when absent;
    ValueError / OSError (one line) when bad."""
    return safe_json.read_file(path, max_bytes)


#: ``<name>.json.<pid>.tmp`` (older versions) or ``<name>.json.<pid>.<random>.tmp``
_TEMP = re.compile(r".+\.json\.(\d{1,10})(?:\.[a-z0-9_]{1,16})?\.tmp")
#: a temp file older than this is stray whoever wrote it (a write takes milliseconds)
STALE_TEMP_SECONDS = 600
_cleaned = False


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


# -- settings --------------------------------------------------------------------

@dataclass
class Settings:
    #: an interface language (``sv`` …) or None: follow the operating system
    language: str | None = None
    speed: str = "normal"
    sound: bool = True
    volume: float = DEFAULT_VOLUME
    fullscreen: bool = False
    #: ``native``: the language's own letters on the cards (K D Kn E …);
    #: ``international``: A K Q J
    card_indices: str = "native"
    four_colour: bool = False
    #: when the table waits for a click after a trick (:data:`TRICK_PAUSES`)
    trick_pause: str = "last"
    #: the tutorials were offered on first start (offered once)
    tutorial_offered: bool = False
    hand_sort: str = "rank"
    #: play the only legal card by itself
    auto_play: bool = False
    #: the table offers undo (against AI seats)
    undo: bool = True
    window_size: tuple[int, int] = field(default=DEFAULT_WINDOW)
    #: the setup of the last game started (ruleset, players, seats, options), offered again
    #: by the setup screen, which checks it again before using any of it
    last_setup: dict | None = None

    @property
    def animation_factor(self) -> float:
        """Multiply animation durations by this (0 = instant)."""
        return SPEED_FACTORS[self.speed]

    @property
    def instant(self) -> bool:
        return self.speed == "instant"

    def to_dict(self) -> dict:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        return d

    @classmethod
    def from_dict(cls, data: object) -> tuple["Settings", list[str]]:
        """Settings from parsed JSON: bad or unknown values take their defaults.
        Returns the settings and the keys that were not accepted."""
        s = cls()
        if not isinstance(data, dict):
            return s, ["<file>"]
        rejected = []
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                rejected.append(key)
                continue
            ok = _valid(key, value)
            if ok is _INVALID:
                rejected.append(key)
            else:
                setattr(s, key, ok)
        return s, rejected


_INVALID = object()


def _valid(key: str, value: object) -> object:
    """The value to use for ``key``, or _INVALID."""
    if key == "language":
        if value is None or value in LANGUAGES:
            return value
    elif key == "speed":
        if value in SPEEDS:
            return value
    elif key in ("sound", "fullscreen", "four_colour", "tutorial_offered", "auto_play", "undo"):
        if isinstance(value, bool):
            return value
    elif key == "volume":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
            return float(value)
    elif key == "card_indices":
        if value in CARD_INDICES:
            return value
    elif key == "hand_sort":
        if value in HAND_SORTS:
            return value
    elif key == "trick_pause":
        if value in TRICK_PAUSES:
            return value
    elif key == "last_setup":
        return _valid_setup(value)
    elif key == "window_size":
        if (isinstance(value, (list, tuple)) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                and MIN_WINDOW[0] <= value[0] <= MAX_WINDOW[0]
                and MIN_WINDOW[1] <= value[1] <= MAX_WINDOW[1]):
            return (value[0], value[1])
    return _INVALID


def _short_text(value: object, most: int) -> bool:
    return isinstance(value, str) and len(value) <= most


def _valid_setup(value: object) -> object:
    """The last setup's shape (its meaning is checked by the setup screen), or _INVALID."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= {"rules", "players", "seats", "options"}:
        return _INVALID
    players, seats, options = value.get("players"), value.get("seats", []), value.get("options", {})
    ok = (_short_text(value.get("rules"), 32)
          and isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= 8
          and isinstance(seats, list) and len(seats) <= 8
          and all(isinstance(x, dict) and set(x) == {"kind", "name"} and _short_text(x["kind"], 32)
                  and _short_text(x["name"], 64) for x in seats)
          and isinstance(options, dict) and len(options) <= 32
          and all(_short_text(k, 32) and _plain_option(v) for k, v in options.items()))
    return {"rules": value["rules"], "players": players, "seats": [dict(x) for x in seats],
            "options": dict(options)} if ok else _INVALID


def _plain_option(v: object) -> bool:
    """An option's value as the setup screen sets it: a flag, a number, a word, or a short list."""
    if isinstance(v, list):
        return len(v) <= 16 and all(not isinstance(x, list) and _plain_option(x) for x in v)
    if isinstance(v, int):
        return abs(v) <= 10 ** 6
    return v is None or _short_text(v, 32)


def load_settings(path: Path | None = None) -> tuple[Settings, Notice | None]:
    """The saved settings (defaults when there are none) and a notice for the player, if any
    (the file unreadable, or a setting of the Settings screen with a value not understood).
    Never raises."""
    path = Path(path) if path is not None else settings_path()
    try:
        data = read_json(path)
        settings, rejected = Settings.from_dict(data)
    except FileNotFoundError:
        return Settings(), None
    except Exception as e:  # noqa: BLE001 - whatever a hostile file raises, the game starts
        return Settings(), Notice("settings-corrupt", path, set_aside_file(path), clip(e))
    if rejected == ["<file>"]:
        return settings, Notice("settings-corrupt", path, set_aside_file(path), "not a JSON object")
    # a hand-edited value the game does not know: that setting alone is back to its default,
    # and the player is told which (unknown keys, from another version, are dropped quietly)
    reset = [k for k in SHOWN_SETTINGS if k in rejected]
    if reset:
        return settings, Notice("settings-reset", path, None, ",".join(reset))
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> Notice | None:
    """Write the settings atomically; a notice (never an exception) when that fails."""
    path = Path(path) if path is not None else settings_path()
    try:
        text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2) + "\n"
        atomic_write_text(path, text)
    except OSError as e:
        return Notice("settings-unwritable", path, None, e.strerror or str(e))
    except ValueError as e:   # e.g. UnicodeEncodeError: nothing half-written is kept
        return Notice("settings-unwritable", path, None, clip(e))
    return None


# -- the dict interface the app uses (game.ui.app) ----------------------------------

#: the notice from the last :func:`load` (None when all was well); the UI shows it once
last_notice: Notice | None = None


def load() -> dict:
    """The settings as a plain dict (``Settings.to_dict()``); a problem is left in
    :data:`last_notice`.  Never raises."""
    global last_notice, _cleaned
    if not _cleaned:      # once per run, at start: temp files of a killed write
        _cleaned = True
        remove_stray_temp_files()
    settings, notice = load_settings()
    if notice is not None:   # a pending notice stays until shown (the file is set aside by now)
        last_notice = notice
    return settings.to_dict()


def save(data: dict) -> Notice | None:
    """Validate and write a settings dict (unknown keys dropped, bad values defaulted)."""
    global last_notice
    settings, _rejected = Settings.from_dict(dict(data))
    notice = save_settings(settings)
    if notice is not None:
        last_notice = notice
    return notice


def take_notice() -> Notice | None:
    """The pending notice about the settings file, once."""
    global last_notice
    notice, last_notice = last_notice, None
    return notice


__all__ = ["Settings", "Notice", "load_settings", "save_settings", "settings_path", "config_dir",
           "data_dir", "load", "save", "take_notice", "atomic_write_text", "set_aside",
           "set_aside_file", "read_json", "remove_stray_temp_files", "SPEEDS", "SPEED_FACTORS",
           "CARD_INDICES", "DEFAULT_VOLUME", "MIN_WINDOW", "DEFAULT_WINDOW", "MAX_SETTINGS_BYTES"]
