"""Opening a file for the replay viewer: game records (``.json`` / ``.jsonl``,
game/engine/RECORDS.md)
or a saved game, each replayed through the engine before it is shown.

The file is read within a size limit (:func:`game.safe_json.read_bytes`), parsed by the
engine's loader (:func:`game.engine.records.iter_records`, one record at a time) and every
record replayed (:func:`game.engine.replay`); after :data:`MAX_BAD_RECORDS` that do not
replay the file is refused; a save file (``gurka-save/1``) gives its record.  What
cannot be shown is a :class:`Problem`: the line ``python -m game replay`` gives (the file,
the record, then the engine's reason) and the kind of problem, which the viewer says in the
player's language (:func:`game.ui.replays.refusal`).  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain, islice
from pathlib import Path

from ..engine import RecordError, replay
from ..engine.records import MAX_BAD_RECORDS, iter_records
from ..safe_json import JSONLimitError, clip, read_bytes
from ..saves import FORMAT as SAVE_FORMAT
from ..user_files import data_dir

#: the largest file the viewer loads (it keeps every record in memory)
MAX_BYTES = 64 << 20
#: the last finished game, kept by the table (:mod:`game.ui.table.bookkeeping`)
LAST_GAME = "last_game.json"


def last_game_path() -> Path:
    return data_dir() / LAST_GAME


@dataclass(frozen=True)
class Problem:
    """Why a file (or one record of it) cannot be shown.

    ``text`` is the line ``python -m game replay`` gives (English, the full path), ``code``
    the kind of problem (a :class:`RecordError` code, or ``unreadable``) that the viewer
    says in the player's language, ``detail`` the engine's English reason and ``error``
    what was raised (its code and params give the reason in the player's language:
    :mod:`game.ui.refusals`); ``stopped``: the number of bad records after which the
    file was refused (``error`` is then the first one's)."""

    text: str
    code: str
    file: str             # the file's name, without its folder
    label: str = ""       # "record 2" when the file holds several
    detail: str = ""
    error: Exception | None = None
    stopped: int = 0

    def __str__(self) -> str:
        return self.text


@dataclass
class Game:
    """One record of the file, replayed."""

    label: str            # "" for a file of one record, else "record 2" / "line 3"
    record: dict
    state: object         # the engine state after every event
    saved: bool = False   # it came from a save file (an unfinished game)

    @property
    def finished(self) -> bool:
        return self.state.is_over()


def open_games(path) -> tuple[list[Game], list[Problem]]:
    """(the games that replay, the problems): each problem one line naming the file."""
    path = Path(path)
    name, file = str(path), path.name

    def refused(text: str, code: str, label: str = "", detail: str = "", error=None,
                stopped: int = 0) -> Problem:
        return Problem(text, code, file, label, detail or text, error, stopped)

    try:
        raw = read_bytes(path, MAX_BYTES)
    except JSONLimitError as e:
        return [], [refused(f"{name}: {e}", "too_big", detail=str(e), error=e)]
    except OSError as e:
        reason = e.strerror or clip(e)
        return [], [refused(f"cannot read {name}: {reason}", "unreadable", detail=reason, error=e)]
    try:
        return _replay_all(iter_records(raw), name, refused)
    except RecordError as e:
        return [], [refused(f"{name}: {e}", e.code, detail=str(e), error=e)]
    except Exception as e:  # noqa: BLE001 - MemoryError and the like: still just a file that cannot be shown
        return [], [refused(f"{name}: cannot be replayed ({type(e).__name__})", "damaged",
                            detail=type(e).__name__)]


def _replay_all(items, name: str, refused) -> tuple[list[Game], list[Problem]]:
    """Replay the records as they are parsed; after :data:`MAX_BAD_RECORDS` that do not
    replay the file is refused in one line (as ``python -m game replay`` stops)."""
    head = list(islice(items, 2))        # RecordError here: the file is no record at all
    several = len(head) > 1
    games, problems = [], []
    for n, item in enumerate(chain(head, items), 1):
        label = f"record {n}" if several else ""
        where = f"{name}: {label}" if label else name
        saved = isinstance(item, dict) and item.get("format") == SAVE_FORMAT
        record = item.get("record") if saved else item
        try:
            state = replay(record)
        except RecordError as e:
            problems.append(refused(f"{where}: {'saved game: ' if saved else ''}{e}", e.code, label, str(e), e))
        except Exception as e:  # noqa: BLE001 - a record the engine chokes on is still just a bad record
            problems.append(refused(f"{where}: the engine could not replay it ({type(e).__name__})",
                                    "bad_moves", label, type(e).__name__))
        else:
            games.append(Game(label, record, state, saved))
            continue
        if len(problems) >= MAX_BAD_RECORDS:
            first = problems[0]
            stop = f"stopped after {len(problems)} bad records"
            return [], [refused(f"{name}: {stop}", first.code, detail=f"{stop}; the first: {first.detail}",
                                error=first.error, stopped=len(problems))]
    if not head:
        problems.append(refused(f"{name}: no records", "not_record",
                                error=RecordError("no records", code="not_record", why="no_records")))
    return games, problems
