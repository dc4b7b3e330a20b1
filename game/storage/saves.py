"""The saved games: one per ruleset, each the game's record (game/engine/RECORDS.md) plus
session info.

A file per ruleset, ``savegame-<ruleset>.json`` in the user's data folder (a new game of a
ruleset replaces only that ruleset's save; :func:`list_saves` gives them all, newest
first)::

    {"format": "gurka-save/1",
     "record": { ...a game record, unfinished while the game goes on... },
     "session": {"game": 2, "chips": [10, 0, 25, 5], ...}}

``session`` holds what carries over between the games of a session (the
session game number, the chips per player of the Swedish pot, the evening's
Durak losers, whatever the engine's ``session_next()`` handed over) and the
marks of the game being played (when it started, the seconds at the table,
the hints asked for, whether an undo was made: the record itself carries no
such mark).  :func:`clean_session` is the one check of it, for a session read
from a file and for one a table starts with alike.  The game is
saved after every action with an atomic write (see :mod:`game.storage.user_files`);
a finished game keeps its save (its whole record) until the table has shown its end,
so that closing the window before then loses neither the game nor its statistics.
Loading replays the record through the engine, so a damaged or tampered
save is set aside (``savegame-<ruleset>.json.corrupt-<timestamp>``) with a
:class:`~game.notices.Notice`, never a crash and never half-loaded.  Every
problem with the file, reading or writing it, is reported that one way: a
:class:`~game.notices.Notice` returned (never raised, never a bare string),
put into words only when the player is shown it.  The
file is read within the limits of :mod:`game.safe_json` (at most
:data:`MAX_SAVE_BYTES`; nesting, numbers and characters bounded) and the
record within those of :mod:`game.engine.records` (names, seats, events).
What the table gets is the engine's own replayed record, nothing more.

The single save of older versions, ``savegame.json``, is moved into its ruleset's slot the
first time the saves are looked at (:func:`migrate_single`): if that slot holds a save
already, the newer of the two stays and the other is kept beside it as ``*.old-<timestamp>``.
Where it cannot be moved (a read-only folder) it is still the player's game: listed and
resumed from where it is (:func:`source`), and moved the first time it can be.
A slot's file is the game's own: what is not a regular file there (a link, a pipe, a
device) is set aside with a ``save-corrupt`` notice and never read; a slot whose record is
of another ruleset than its name is refused like any other corrupt save.

**A saved game never starts a bot.**  A seat ``ext:<bot>`` in a save resumes
as ``ai:normal``, with a ``save-bot`` notice naming the players concerned.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.records import MAX_EVENTS, MAX_GAME, MAX_RECORD_BYTES, check_header
from ..engine.registry import find_ruleset
from ..engine import replay
from ..notices import Notice
from ..safe_json import clip
from .user_files import atomic_write_text, data_dir, read_json, set_aside_file

#: the single save of older versions (migrated into its ruleset's slot)
FILENAME = "savegame.json"
#: one save per ruleset: ``savegame-<ruleset id>.json``
SLOT = re.compile(r"savegame-([a-z0-9][a-z0-9_-]{0,39})\.json")
FORMAT = "gurka-save/1"
#: the largest save read: one record at its limit plus the session info
MAX_SAVE_BYTES = MAX_RECORD_BYTES + (1 << 20)
MAX_CHIPS = 10 ** 9
#: the seat an ``ext:`` bot's place is resumed with
BOT_STANDIN = "ai:normal"


def save_path(rules: str | None = None) -> Path:
    """The save of ``rules`` (a ruleset id), or without one the single save of older versions."""
    if rules is None:
        return data_dir() / FILENAME
    if not SLOT.fullmatch(f"savegame-{rules}.json"):
        raise ValueError(f"not a ruleset id: {clip(rules, 40)!r}")
    return data_dir() / f"savegame-{rules}.json"


@dataclass(frozen=True)
class Slot:
    """A save found in the data folder: its ruleset, its file and when it was last written."""

    rules: str
    path: Path
    mtime: float


@dataclass
class SavedGame:
    record: dict
    #: ``game`` (session game number, from 1), ``chips`` (per seat), and any extra keys
    session: dict = field(default_factory=dict)

    @property
    def game_number(self) -> int:
        return self.session.get("game", self.record.get("game", 1))

    @property
    def chips(self) -> list[int] | None:
        return self.session.get("chips")


#: the session keys that belong to one game (a new game of the session starts them afresh)
#: (``purse``: the chips the game began with; ``settled``: its end is settled, see
#: :meth:`game.ui.table.scene.TableScene._settle`; ``seen``: how far the table had shown it)
PER_GAME = ("started", "played_s", "hints", "undo_used", "purse", "settled", "seen")
#: the evening's Durak games kept, the latest (more than any evening; a save that claims
#: hundreds of thousands would make every look at the score sheet take seconds)
MAX_DURAK_GAMES = 500


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


def _whole(value: object, below: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < below


def clean_session(session: object, players: int, game: int = 1) -> dict:
    """The session with every value the game reads checked and the missing ones filled in
    (a save is hostile; a new game starts from ``{}``); other keys are kept as given.

    ``game``: the session's game number (1 to MAX_GAME; else ``game``); ``chips``: one whole
    number per player or None; ``durak_log``: the losing seats of each finished Durak game
    (a bad entry left out); ``started`` (ISO time, now when missing), ``played_s``,
    ``hints``, ``undo_used``: this game's marks; ``seen``: how many of the record's events
    the table had shown when it was saved (where Continue opens it, :mod:`game.ui.resume_point`),
    left out when not a whole number; ``purse``: the chips this game began with
    (one whole number per player, as ``chips``; left out when bad); ``settled``: True or
    left out; ``net``: a network table's id, code, port and its players' tokens (the host's
    Continue opens it again), left out when it is not a mapping; the network checks the
    rest before it opens the table (:func:`game.net.keepsake.checked`)."""
    out = dict(session) if isinstance(session, dict) else {}
    if not (_whole(out.get("game"), MAX_GAME + 1) and out["game"] >= 1):
        out["game"] = game
    for key in ("chips", "purse"):
        chips = out.get(key)
        if not (isinstance(chips, list) and len(chips) == players
                and all(isinstance(c, int) and not isinstance(c, bool) and abs(c) <= MAX_CHIPS for c in chips)):
            out[key] = None
    if out["purse"] is None:
        del out["purse"]
    if out.get("settled") is not True:
        out.pop("settled", None)
    if not isinstance(out.get("net"), dict):    # (what is in it, game.net.keepsake checks)
        out.pop("net", None)
    log = out.get("durak_log")
    if "durak_log" in out:
        out["durak_log"] = [list(g) for g in (log if isinstance(log, list) else [])[-MAX_DURAK_GAMES:]
                            if isinstance(g, list) and len(g) <= players
                            and all(_whole(seat, players) for seat in g)]
    started = out.get("started")
    if not (isinstance(started, str) and len(started) <= 40):
        out["started"] = now_iso()
    played = out.get("played_s")
    if not (isinstance(played, (int, float)) and not isinstance(played, bool)
            and math.isfinite(played) and 0 <= played < 10 ** 9):
        out["played_s"] = 0.0
    if not _whole(out.get("hints"), 10 ** 6):
        out["hints"] = 0
    if not isinstance(out.get("undo_used"), bool):
        out["undo_used"] = False
    if not _whole(out.get("seen"), MAX_EVENTS + 1):
        out.pop("seen", None)
    return out


def has_save(path: Path | None = None) -> bool:
    """Quick check for the main menu's Continue (no file is parsed): the file at ``path``,
    or without one any save at all (a ruleset's, or the single save of older versions)."""
    if path is not None:
        return Path(path).is_file()
    return save_path().is_file() or bool(_slot_files())


def _known(rules: str) -> bool:
    try:
        find_ruleset(rules)
    except ValueError:
        return False
    return True


#: entries of the data folder looked at for saves (a folder of a million files costs no more)
MAX_ENTRIES = 5000


def _slot_files() -> list[tuple[str, Path]]:
    """(ruleset, path) of every ``savegame-<ruleset>.json`` of a known ruleset; never raises."""
    out = []
    try:
        with os.scandir(data_dir()) as entries:
            for i, entry in enumerate(entries):
                if i >= MAX_ENTRIES:
                    break
                m = SLOT.fullmatch(entry.name)
                if m and _known(m.group(1)):
                    out.append((m.group(1), Path(entry.path)))
    except (OSError, ValueError):
        return []
    return out


def list_saves() -> tuple[list[Slot], list[Notice]]:
    """Every ruleset's save, newest first, and what the player should be told: the single
    save of older versions moved into its slot first (:func:`migrate_single`), or, where it
    cannot be moved (a read-only folder), listed from where it is; what is not a regular
    file at a slot's name is set aside (``save-corrupt``), never read.  Only the files are
    looked at, none is parsed but the single save's header.  Never raises."""
    notices = []
    moved, stuck = _migrate_single()
    if moved is not None:
        notices.append(moved)
    slots = []
    for rules, path in _slot_files():
        try:
            st = path.lstat()
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            continue                  # a folder: writing the save there says so
        if not stat.S_ISREG(st.st_mode):
            notices.append(Notice("save-corrupt", path, set_aside_file(path), "not a regular file"))
            continue
        if stuck is None or rules != stuck.rules:
            slots.append(Slot(rules, path, st.st_mtime))
    if stuck is not None:
        slots.append(stuck)
    slots.sort(key=lambda s: (-s.mtime, s.rules))
    return slots, notices


def source(rules: str) -> Path:
    """The file the save of ``rules`` is read from: its slot, or the single save of older
    versions while that cannot be moved into it (a read-only folder: see :func:`migrate_single`)."""
    stuck = _migrate_single()[1]
    return stuck.path if stuck is not None and stuck.rules == rules else save_path(rules)


def migrate_single() -> Notice | None:
    """Move the single save of older versions (``savegame.json``) into its ruleset's slot.
    Its header is checked first (a bad one is set aside with its notice, as loading it
    would); when the slot holds a save already, the newer stays and the older is kept as
    ``<name>.old-<timestamp>``.  Never raises."""
    return _migrate_single()[0]


def _migrate_single() -> tuple[Notice | None, Slot | None]:
    """:func:`migrate_single`'s notice, and the single save as a :class:`Slot` when it stays
    where it is (the folder cannot be written: it is still the player's game, offered from
    there unless its ruleset's slot holds a newer save; it moves the first time it can)."""
    old = save_path()
    try:
        st = old.lstat()
    except OSError:
        return None, None
    if stat.S_ISDIR(st.st_mode):
        return None, None
    if not stat.S_ISREG(st.st_mode):
        return Notice("save-corrupt", old, set_aside_file(old), "not a regular file"), None
    saved, notice = load(old, check=False)
    if saved is None:
        return notice, None
    rules = saved.record["rules"]
    newer = False
    try:
        slot = save_path(rules)
        try:
            newer = slot.lstat().st_mtime > st.st_mtime
        except FileNotFoundError:
            os.replace(old, slot)
            return None, None
        if newer:
            _keep_old(old)
        else:
            _keep_old(slot)
            os.replace(old, slot)
    except (OSError, ValueError):
        if not newer and SLOT.fullmatch(f"savegame-{rules}.json") and _known(rules):
            return None, Slot(rules, old, st.st_mtime)      # still there: played from where it is
    return None, None


def _keep_old(path: Path) -> None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target, n = path.with_name(f"{path.name}.old-{stamp}"), 1
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{path.name}.old-{stamp}-{n}")
    os.replace(path, target)


def save_game(record: dict, session: dict | None = None, path: Path | None = None) -> Notice | None:
    """Write the current game atomically into its ruleset's slot (or ``path``).  A notice
    (never an exception) when that fails."""
    path = Path(path) if path is not None else None
    try:
        path = path or save_path(record["rules"])
        data = {"format": FORMAT, "record": record,
                "session": clean_session(session or {}, len(record["players"]), record.get("game", 1))}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
        atomic_write_text(path, text)
    except OSError as e:
        return Notice("save-unwritable", path, None,  # type: ignore[arg-type]  # (None: no folder)
                      e.strerror or clip(e))
    except Exception as e:  # noqa: BLE001 - e.g. UnicodeEncodeError, MemoryError: the game goes on unsaved
        return Notice("save-unwritable", path or data_dir(), None, clip(e) or type(e).__name__)
    return None


def load(path: Path | None = None, check: bool = True) -> tuple[SavedGame | None, Notice | None]:
    """The saved game (None when there is none or it is bad) and a notice for the player.

    With ``check`` the record is replayed through the engine; a record it refuses
    counts as corrupt and is set aside.  A bot seat comes back as ``ai:normal`` with a
    ``save-bot`` notice.  Never raises: whatever a hostile file makes the parser or the
    engine raise is a corrupt save.  Without ``path``: the newest save (:func:`list_saves`).
    A link is never followed: it is set aside as a corrupt save."""
    if path is None:
        slots, notices = list_saves()
        if not slots:
            return None, (notices[0] if notices else None)
        path = slots[0].path
    path = Path(path)
    slot = SLOT.fullmatch(path.name)
    try:
        if path.is_symlink():
            raise ValueError("a link, not a file")
        data = read_json(path, MAX_SAVE_BYTES)
        saved, bots = _clean(data, check)
        if slot and saved.record["rules"] != slot.group(1):
            raise ValueError(f"a game of {clip(saved.record['rules'], 40)} in the save of {slot.group(1)}")
    except FileNotFoundError:
        return None, None
    except Exception as e:  # noqa: BLE001 - RecursionError, MemoryError...: still just a bad file
        return None, Notice("save-corrupt", path, set_aside_file(path), clip(e))
    if bots:
        return saved, Notice("save-bot", path, None, ", ".join(bots))
    return saved, None


def _clean(data: object, check: bool) -> tuple[SavedGame, list[str]]:
    """The save as the table may use it, and the names of the seats a bot had.
    ValueError (RecordError included) with the reason when it cannot be used."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    record = data.get("record")
    if not isinstance(record, dict):
        raise ValueError("no game record")
    if check:
        record = replay(record).record()     # the engine's own record: nothing else kept
    else:
        check_header(record)
        record = dict(record)
    bots, players = [], []
    for p in record["players"]:
        seat = p["seat"]
        if seat.startswith("ext:"):
            bots.append(p["name"])
            seat = BOT_STANDIN
        players.append({"name": p["name"], "seat": seat})
    record["players"] = players
    return SavedGame(record, clean_session(data.get("session"), len(players), record["game"])), bots


def delete_save(path: Path) -> None:
    """Forget a saved game (e.g. when it is over, or the player deletes it)."""
    path = Path(path)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def set_aside_game(reason: str, path: Path) -> Notice:
    """Move a save the game cannot use out of the way (``*.corrupt-<timestamp>``), e.g. one
    the table could not resume; the notice for the player says why and where it went."""
    path = Path(path)
    return Notice("save-unresumable", path, set_aside_file(path), reason)


__all__ = ["SavedGame", "Slot", "set_aside_game", "save_game", "load", "has_save", "delete_save", "save_path",
           "list_saves", "migrate_single", "source", "clean_session", "FORMAT", "MAX_SAVE_BYTES", "PER_GAME"]
