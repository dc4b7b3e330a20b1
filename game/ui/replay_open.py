"""Opening a file for the replay viewer: game records (``.json`` / ``.jsonl``, RECORDS.md)
or a saved game, each replayed through the engine before it is shown.

The file is read within a size limit (:func:`game.safe_json.read_bytes`), parsed by the
engine's loader (:func:`game.engine.records.load_records`) and every record replayed
(:func:`game.engine.replay`); a save file (``gurka-save/1``) gives its record.  What
cannot be shown is refused in the same words as ``python -m game replay``: the file, the
record, then the engine's reason.  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import RecordError, replay
from ..engine.records import load_records
from ..safe_json import JSONLimitError, clip, read_bytes
from ..saves import FORMAT as SAVE_FORMAT
from ..settings import data_dir

#: the largest file the viewer loads (it keeps every record in memory)
MAX_BYTES = 64 << 20
#: the last finished game, kept by the table (:mod:`game.ui.table.bookkeeping`)
LAST_GAME = "last_game.json"


def last_game_path() -> Path:
    return data_dir() / LAST_GAME


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


def open_games(path) -> tuple[list[Game], list[str]]:
    """(the games that replay, the problems): each problem one line naming the file."""
    path = Path(path)
    name = str(path)
    try:
        raw = read_bytes(path, MAX_BYTES)
    except JSONLimitError as e:
        return [], [f"{name}: {e}"]
    except OSError as e:
        return [], [f"cannot read {name}: {e.strerror or clip(e)}"]
    try:
        items = load_records(raw)
    except RecordError as e:
        return [], [f"{name}: {e}"]
    games, problems = [], []
    for n, item in enumerate(items, 1):
        label = f"record {n}" if len(items) > 1 else ""
        where = f"{name}: {label}" if label else name
        saved = isinstance(item, dict) and item.get("format") == SAVE_FORMAT
        record = item.get("record") if saved else item
        try:
            state = replay(record)
        except RecordError as e:
            problems.append(f"{where}: {'saved game: ' if saved else ''}{e}")
            continue
        except Exception as e:  # noqa: BLE001 - a record the engine chokes on is still just a bad record
            problems.append(f"{where}: the engine could not replay it ({type(e).__name__})")
            continue
        games.append(Game(label, record, state, saved))
    if not items:
        problems.append(f"{name}: no records")
    return games, problems
