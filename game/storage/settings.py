"""The player's settings, kept in the user's config folder (platformdirs).

Written atomically and read within limits (:mod:`game.storage.user_files`).  A
settings file that cannot be read or parsed is renamed aside
(``settings.json.corrupt-<timestamp>``) and reported with a :class:`Notice`
that the UI can show; the defaults are used and the game starts anyway.
A single bad value falls back to its default without touching the others; a bad value of
a setting on the Settings screen is reported too (``settings-reset``: which ones).

The app holds one :class:`Settings` (``app.settings``, from :func:`load`): the screens read
and change its fields and call ``app.apply_settings()``, which saves it (:func:`save`).

``GURKA_HOME`` (environment) replaces the platform folders, e.g. in tests.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..i18n import LANGUAGES
from ..notices import SHOWN_SETTINGS, Notice
from ..safe_json import clip
from .user_files import atomic_write_text, config_dir, read_json, remove_stray_temp_files, set_aside_file

FILENAME = "settings.json"

#: Animation speeds, slowest first, with the duration factor each applies.
SPEEDS = ("slow", "normal", "fast", "instant")
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
#: How long a computer player waits before it plays (× ``pace.AI_MIN_DELAY``), apart from the
#: animation speed; with "instant" animations nobody waits.
AI_PACES = ("quick", "normal", "calm")
AI_PACE_FACTORS = {"quick": 0.5, "normal": 1.0, "calm": 1.8}
CARD_INDICES = ("native", "international")
#: how the hand is sorted: by rank, or by suit then rank (Durak: trumps last either way)
HAND_SORTS = ("rank", "suit")
#: After a finished trick (or Durak bout): ``last`` waits for a click after the last trick of
#: a deal only, ``every`` after every trick, ``never`` goes on by itself.
TRICK_PAUSES = ("last", "every", "never")
#: the table's surface, the backs of the cards, and the card size (``large-print``: the
#: largest cards with a big index and suit and no pictures, for players with poor sight)
FELTS = ("green", "blue", "wood")
CARD_BACKS = ("red", "blue", "nordic")
CARD_SIZES = ("100", "125", "150", "large-print")
#: how much larger than at 100 % each card size draws the cards
CARD_SCALE = {"100": 1.0, "125": 1.25, "150": 1.5, "large-print": 1.5}
#: screen readers: ``auto`` on when the system says one runs, ``on``, ``off`` (no tree at all)
SCREEN_READER = ("auto", "on", "off")
#: what an announcement says: ``short`` ("K♥ Björn") or ``full`` sentences
VERBOSITY = ("full", "short")
DEFAULT_VOLUME = 0.3
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (7680, 4320)
DEFAULT_WINDOW = (1280, 800)

#: the largest settings file read (a real one is about 300 bytes)
MAX_SETTINGS_BYTES = 64 << 10


def settings_path() -> Path:
    return config_dir() / FILENAME


# -- settings --------------------------------------------------------------------

@dataclass
class Settings:
    #: an interface language (``sv`` …) or None: follow the operating system
    language: str | None = None
    speed: str = "normal"
    #: how long a computer player waits before it plays (:data:`AI_PACES`)
    ai_pace: str = "normal"
    sound: bool = True
    volume: float = DEFAULT_VOLUME
    #: the background music's volume (0: off, the default; :mod:`game.ui.music`)
    music: float = 0.0
    fullscreen: bool = False
    #: ``native``: the language's own letters on the cards (K D Kn E …);
    #: ``international``: A K Q J
    card_indices: str = "native"
    four_colour: bool = False
    #: the table (:data:`FELTS`), the backs of the cards (:data:`CARD_BACKS`), their size
    #: (:data:`CARD_SIZES`)
    felt: str = "green"
    card_back: str = "red"
    card_size: str = "100"
    #: no animation that is not needed to follow the game (cards appear where they land)
    reduced_motion: bool = False
    #: when the table waits for a click after a trick (:data:`TRICK_PAUSES`)
    trick_pause: str = "last"
    #: the tutorials were offered on first start (offered once)
    tutorial_offered: bool = False
    hand_sort: str = "rank"
    #: play the only legal card by itself
    auto_play: bool = False
    #: the table offers undo (against AI seats)
    undo: bool = True
    #: the accessibility tree and the announcements (:data:`SCREEN_READER`, :data:`VERBOSITY`),
    #: the game's own speech, and the high-contrast table
    screen_reader: str = "auto"
    verbosity: str = "full"
    speech: bool = False
    high_contrast: bool = False
    window_size: tuple[int, int] = field(default=DEFAULT_WINDOW)
    #: the setup of the last game started (ruleset, players, seats, options), offered again
    #: by the setup screen, which checks it again before using any of it
    last_setup: dict | None = None
    #: the address last typed on the join screen (a network table)
    join_address: str = ""
    #: the relay that opens a hosted table to the internet (``host[:port]``; empty: none)
    relay: str = ""

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
#: the settings whose value is one of a few words
_CHOICES = {"felt": FELTS, "card_back": CARD_BACKS, "card_size": CARD_SIZES,
            "screen_reader": SCREEN_READER, "verbosity": VERBOSITY}


def _valid(key: str, value: object) -> object:
    """The value to use for ``key``, or _INVALID."""
    if key == "language":
        if value is None or value in LANGUAGES:
            return value
    elif key == "speed":
        if value in SPEEDS:
            return value
    elif key == "ai_pace":
        if value in AI_PACES:
            return value
    elif key in ("sound", "fullscreen", "four_colour", "tutorial_offered", "auto_play", "undo",
                 "reduced_motion", "speech", "high_contrast"):
        if isinstance(value, bool):
            return value
    elif key in ("volume", "music"):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
            return float(value)
    elif key == "card_indices":
        if value in CARD_INDICES:
            return value
    elif key in _CHOICES:
        if value in _CHOICES[key]:
            return value
    elif key == "hand_sort":
        if value in HAND_SORTS:
            return value
    elif key == "trick_pause":
        if value in TRICK_PAUSES:
            return value
    elif key == "last_setup":
        return _valid_setup(value)
    elif key == "join_address":
        if isinstance(value, str) and _short_text(value, 60) and value.isprintable():
            return value
    elif key == "relay":
        if isinstance(value, str) and _short_text(value, 300) and value.isprintable():
            return value
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
        data = read_json(path, MAX_SETTINGS_BYTES)
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


# -- what the app uses (game.ui.app) ---------------------------------------------------

_cleaned = False
#: the notice from the last :func:`load` (None when all was well); the UI shows it once
last_notice: Notice | None = None


def load() -> Settings:
    """The saved settings (the defaults when there are none); a problem is left in
    :data:`last_notice`.  Never raises."""
    global last_notice, _cleaned
    if not _cleaned:      # once per run, at start: temp files of a killed write
        _cleaned = True
        remove_stray_temp_files()
    settings, notice = load_settings()
    if notice is not None:   # a pending notice stays until shown (the file is set aside by now)
        last_notice = notice
    return settings


def save(settings: Settings) -> Notice | None:
    """Write the settings (a value the file would not accept is written as its default)."""
    global last_notice
    checked, _rejected = Settings.from_dict(settings.to_dict())
    notice = save_settings(checked)
    if notice is not None:
        last_notice = notice
    return notice


def take_notice() -> Notice | None:
    """The pending notice about the settings file, once."""
    global last_notice
    notice, last_notice = last_notice, None
    return notice


__all__ = ["Settings", "load_settings", "save_settings", "settings_path", "load", "save",
           "take_notice", "SPEEDS", "SPEED_FACTORS", "AI_PACES", "AI_PACE_FACTORS", "CARD_INDICES",
           "HAND_SORTS", "TRICK_PAUSES", "FELTS", "CARD_BACKS", "CARD_SIZES", "CARD_SCALE",
           "DEFAULT_VOLUME", "MIN_WINDOW", "MAX_WINDOW", "DEFAULT_WINDOW", "MAX_SETTINGS_BYTES"]
