"""The saved game: the current game's record (game/engine/RECORDS.md) plus session info.

One file, ``savegame.json`` in the user's data folder::

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
saved after every action with an atomic write (see :mod:`game.user_files`);
a finished game keeps its save (its whole record) until the table has shown its end,
so that closing the window before then loses neither the game nor its statistics.
Loading replays the record through the engine, so a damaged or tampered
save is set aside (``savegame.json.corrupt-<timestamp>``) with a
:class:`~game.notices.Notice`, never a crash and never half-loaded.  Every
problem with the file, reading or writing it, is reported that one way: a
:class:`~game.notices.Notice` returned (never raised, never a bare string),
put into words only when the player is shown it.  The
file is read within the limits of :mod:`game.safe_json` (at most
:data:`MAX_SAVE_BYTES`; nesting, numbers and characters bounded) and the
record within those of :mod:`game.engine.records` (names, seats, events).
What the table gets is the engine's own replayed record, nothing more.

**A saved game never starts a bot.**  A seat ``ext:<bot>`` in a save resumes
as ``ai:normal``, with a ``save-bot`` notice naming the players concerned.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from .engine.records import MAX_GAME, MAX_RECORD_BYTES
from .notices import Notice
from .safe_json import clip
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


#: the session keys that belong to one game (a new game of the session starts them afresh)
#: (``purse``: the chips the game began with; ``settled``: its end is settled, see
#: :meth:`game.ui.table.scene.TableScene._settle`)
PER_GAME = ("started", "played_s", "hints", "undo_used", "purse", "settled")
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
    ``hints``, ``undo_used``: this game's marks; ``purse``: the chips this game began with
    (one whole number per player, as ``chips``; left out when bad); ``settled``: True or
    left out."""
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
    return out


def has_save(path: Path | None = None) -> bool:
    """Quick check for the main menu's Continue (the file is not parsed)."""
    path = Path(path) if path is not None else save_path()
    return path.is_file()


def save_game(record: dict, session: dict | None = None, path: Path | None = None) -> Notice | None:
    """Write the current game atomically.  A notice (never an exception) when that fails."""
    path = Path(path) if path is not None else save_path()
    try:
        data = {"format": FORMAT, "record": record,
                "session": clean_session(session or {}, len(record["players"]), record.get("game", 1))}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
        atomic_write_text(path, text)
    except OSError as e:
        return Notice("save-unwritable", path, None, e.strerror or clip(e))
    except Exception as e:  # noqa: BLE001 - e.g. UnicodeEncodeError, MemoryError: the game goes on unsaved
        return Notice("save-unwritable", path, None, clip(e) or type(e).__name__)
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
    return SavedGame(record, clean_session(data.get("session"), len(players), record["game"])), bots


def delete_save(path: Path | None = None) -> None:
    """Forget the saved game (e.g. when it is over or the player starts a new one)."""
    path = Path(path) if path is not None else save_path()
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def set_aside_game(reason: str = "", path: Path | None = None) -> Notice:
    """Move a save the game cannot use out of the way (``*.corrupt-<timestamp>``), e.g. one
    the table could not resume; the notice for the player says why and where it went."""
    path = Path(path) if path is not None else save_path()
    return Notice("save-unresumable", path, set_aside_file(path), reason)


__all__ = ["SavedGame", "set_aside_game", "save_game", "load", "has_save", "delete_save", "save_path",
           "clean_session", "FORMAT", "MAX_SAVE_BYTES", "PER_GAME"]
