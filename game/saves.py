"""The saved game: the current game's record (game/engine/RECORDS.md) plus session info.

One file, ``savegame.json`` in the user's data folder::

    {"format": "gurka-save/1",
     "record": { ...a game record, unfinished while the game goes on... },
     "session": {"game": 2, "chips": [10, 0, 25, 5], ...}}

``session`` holds what carries over between the games of a session: the
session game number and the chips per player (Swedish pot), plus whatever
the engine's ``session_next()`` handed over (kept as given).  The game is
saved after every action with an atomic write (see :mod:`game.user_files`);
a finished game keeps its save (its whole record) until the table has shown its end,
so that closing the window before then loses neither the game nor its statistics.
Loading replays the record through the engine, so a damaged or tampered
save is set aside (``savegame.json.corrupt-<timestamp>``) with a
:class:`~game.notices.Notice`, never a crash and never half-loaded.  The
file is read within the limits of :mod:`game.safe_json` (at most
:data:`MAX_SAVE_BYTES`; nesting, numbers and characters bounded) and the
record within those of :mod:`game.engine.records` (names, seats, events).
What the table gets is the engine's own replayed record, nothing more.

**A saved game never starts a bot.**  A seat ``ext:<bot>`` in a save resumes
as ``ai:normal``, with a ``save-bot`` notice naming the players concerned.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .engine.records import MAX_GAME, MAX_RECORD_BYTES
from .safe_json import clip
from .notices import Notice
from .user_files import atomic_write_text, data_dir, read_json, set_aside_file

FILENAME = "savegame.json"
FORMAT = "gurka-save/1"
#: the largest save read: one record at its limit plus the session info
MAX_SAVE_BYTES = MAX_RECORD_BYTES + (1 << 20)
MAX_CHIPS = 10 ** 9
#: the seat an ``ext:`` bot's place is resumed with
BOT_STANDIN = "ai:normal"


def save_path() -> Path:
    return data_dir() / FILENAME


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


def clean_session(session: object, record: dict) -> dict:
    """Session info with bad ``game`` / ``chips`` values replaced by defaults."""
    out = dict(session) if isinstance(session, dict) else {}
    players = len(record.get("players", ()))
    game = out.get("game")
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= MAX_GAME:
        out["game"] = record.get("game", 1)
    chips = out.get("chips")
    if chips is not None and not (
            isinstance(chips, list) and len(chips) == players
            and all(isinstance(c, int) and not isinstance(c, bool) and abs(c) <= MAX_CHIPS
                    for c in chips)):
        out["chips"] = None
    out.setdefault("chips", None)
    return out


def has_save(path: Path | None = None) -> bool:
    """Quick check for the main menu's Continue (the file is not parsed)."""
    path = Path(path) if path is not None else save_path()
    return path.is_file()


def save_game(record: dict, session: dict | None = None, path: Path | None = None) -> Notice | None:
    """Write the current game atomically.  A notice (never an exception) when that fails."""
    path = Path(path) if path is not None else save_path()
    data = {"format": FORMAT, "record": record, "session": clean_session(session or {}, record)}
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
        atomic_write_text(path, text)
    except OSError as e:
        return Notice("save-unwritable", path, None, e.strerror or clip(e))
    except (TypeError, ValueError, RecursionError) as e:   # e.g. UnicodeEncodeError
        return Notice("save-unwritable", path, None, clip(e))
    return None


def load(path: Path | None = None, check: bool = True) -> tuple[SavedGame | None, Notice | None]:
    """The saved game (None when there is none or it is bad) and a notice for the player.

    With ``check`` the record is replayed through the engine; a record it refuses
    counts as corrupt and is set aside.  A bot seat comes back as ``ai:normal`` with a
    ``save-bot`` notice.  Never raises: whatever a hostile file makes the parser or the
    engine raise is a corrupt save."""
    path = Path(path) if path is not None else save_path()
    try:
        data = read_json(path, MAX_SAVE_BYTES)
        saved, bots = _clean(data, check)
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
    from .engine import replay
    from .engine.records import check_header
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
    return SavedGame(record, clean_session(data.get("session"), record)), bots


def load_game(path: Path | None = None) -> tuple[dict | None, str | None]:
    """The saved game record (or None) and a message for the player (or None), in the
    current language.  :func:`load` gives the session info and the :class:`Notice` itself."""
    saved, notice = load(path)
    return (saved.record if saved else None), (str(notice) if notice else None)


def delete_save(path: Path | None = None) -> None:
    """Forget the saved game (e.g. when it is over or the player starts a new one)."""
    path = Path(path) if path is not None else save_path()
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def set_aside_game(path: Path | None = None) -> Path | None:
    """Move the save out of the way (``*.corrupt-<timestamp>``), e.g. when the UI cannot use it."""
    path = Path(path) if path is not None else save_path()
    return set_aside_file(path)


#: names the UI's save wrapper (game.ui.savegame) looks for
has_game = has_save
delete_game = delete_save


__all__ = ["SavedGame", "set_aside_game", "has_game", "delete_game", "save_game", "load",
           "load_game", "has_save", "delete_save", "save_path", "clean_session", "FORMAT",
           "MAX_SAVE_BYTES"]
