"""Opening a file for the replay viewer: game records (``.json`` / ``.jsonl``,
game/engine/RECORDS.md)
or a saved game, each replayed through the engine before it is shown.

What is at the path is looked at first (:func:`read_file`): nothing (``missing``), a folder
(``folder``), a pipe, a device or a socket (``not_file``: never opened, a pipe would block),
a file larger than :data:`MAX_BYTES` (``too_big``, told by its size before a byte is read).
The file is then parsed by the engine's loader one record at a time and every record
replayed to check it (:func:`game.engine.replay`); after :data:`MAX_BAD_RECORDS` that do not
replay the file is refused; a save file (``gurka-save/1``) gives its record.

:class:`Opening` does all that on a thread of its own, counting the records checked (the
viewer's menu shows the count and can stop it): a file of 50 MB of records never holds up
a frame.  What it keeps is capped: the first game that replays, replayed, and of the others
only where they are in the file (:class:`Records`); the viewer replays one of them when it
is shown (keeping the last few).  What cannot be shown is a :class:`Problem`: the line
``python -m game replay`` gives (the file, the record, then the engine's reason) and the
kind of problem, which the viewer says in the player's language
(:func:`game.ui.replays.refusal`).  No pygame here.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine import RecordError, replay
from ..engine.base import GameState
from ..engine.records import MAX_BAD_RECORDS, MAX_RECORD_BYTES, parse_record
from ..safe_json import clip, decode
from ..storage.saves import FORMAT as SAVE_FORMAT

#: the largest file the viewer loads (its text is kept while the viewer shows it)
MAX_BYTES = 64 << 20
#: games of a file kept replayed besides the first (the viewer replays the others when shown)
KEEP = 3


@dataclass(frozen=True)
class Problem:
    """Why a file (or one record of it) cannot be shown.

    ``text`` is the line ``python -m game replay`` gives (English, the full path), ``code``
    the kind of problem (a :class:`RecordError` code, or ``unreadable``, ``missing``,
    ``folder``, ``not_file``) that the viewer says in the player's language, ``detail`` the
    engine's English reason and ``error`` what was raised (its code and params give the
    reason in the player's language: :mod:`game.ui.refusals`); ``stopped``: the number of
    bad records after which the file was refused (``error`` is then the first one's)."""

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
    state: GameState      # the engine state after every event
    saved: bool = False   # it came from a save file (an unfinished game)

    @property
    def finished(self) -> bool:
        return self.state.is_over()


class Refused(Exception):
    """What is at the path cannot be opened as a file: ``code`` says what it is."""

    def __init__(self, code: str, reason: str, error: OSError | None = None):
        super().__init__(reason)
        self.code = code
        #: the system's own error, when there was one (said in the player's language)
        self.error = error


def kind_of(st: os.stat_result) -> str | None:
    """The code for what ``st`` is when it is no regular file (None for a file)."""
    if stat.S_ISDIR(st.st_mode):
        return "folder"
    return None if stat.S_ISREG(st.st_mode) else "not_file"


_NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_file(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (a link to one is followed: the player
    chose it).  :class:`Refused` for nothing there, a folder, a pipe, a device or a socket
    (never opened), or more than ``max_bytes`` (told by its size, not read)."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError) as e:
        raise Refused("missing", e.strerror or "no such file", e) from None
    except OSError as e:
        raise Refused("unreadable", e.strerror or clip(e), e) from None
    kind = kind_of(st)
    if kind:
        raise Refused(kind, "a folder, not a file" if kind == "folder" else "not a regular file")
    if st.st_size > max_bytes:
        raise Refused("too_big", f"larger than {max_bytes >> 20} MB")
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError as e:
        raise Refused("unreadable", e.strerror or clip(e), e) from None
    try:
        now = os.fstat(fd)
        code = kind_of(now)
        if code:                  # replaced by a pipe or a device since it was looked at
            raise Refused(code, "not a regular file")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise Refused("unreadable", e.strerror or clip(e), e) from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise Refused("too_big", f"larger than {max_bytes >> 20} MB")
    return b"".join(chunks)


@dataclass(frozen=True)
class Entry:
    """A record of the file that replays, by where it is in the file's text."""

    label: str
    start: int
    end: int
    saved: bool


def _game(text: str, entry: Entry, item=None) -> Game:
    item = parse_record(text[entry.start:entry.end]) if item is None else item
    record = item.get("record") if entry.saved else item
    return Game(entry.label, record, replay(record), entry.saved)


class Records(Sequence):
    """The games of a file that replay, as the viewer reads them (``len``, ``[i]``): the
    first kept replayed, the others replayed when asked for (the last :data:`KEEP` kept)."""

    def __init__(self, text: str, entries: list[Entry], first: Game):
        self.text = text
        self.entries = entries
        self.first = first
        self.kept: dict[int, Game] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        i = range(len(self))[i]
        if i == 0:
            return self.first
        if i not in self.kept:
            if len(self.kept) >= KEEP:
                self.kept.pop(next(iter(self.kept)))
            self.kept[i] = _game(self.text, self.entries[i])
        return self.kept[i]


def _pieces(text: str):
    """(start, end) of each record in ``text``: the whole text when it is one JSON value,
    else each non-blank line (the split of :func:`game.engine.records.iter_records`)."""
    start, end = 0, len(text)                # the text's ends without spaces (and no copy of it)
    while start < end and (text[start] == "\ufeff" or text[start].isspace()):
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end:
        raise RecordError("the file is empty", code="not_record")
    one_line = text.find("\n", start, end) < 0
    if one_line or end - start <= MAX_RECORD_BYTES:
        try:
            yield start, end, parse_record(text[start:end])
            return
        except RecordError:
            if one_line:
                raise
    pos = start
    while pos < end:
        stop = text.find("\n", pos, end)
        stop = end if stop < 0 else stop
        if text[pos:stop].strip():
            yield pos, stop, None
        pos = stop + 1


class Opening:
    """A file read, checked and indexed for the viewer on a thread of its own.

    ``checked`` of ``total`` records so far (``total`` is 0 until the file is read);
    :meth:`cancel` stops it between two records; once ``done``, ``games`` (a
    :class:`Records`, or empty) and ``problems``."""

    def __init__(self, path, thread: bool = True):
        self.path = Path(path)
        self.checked = 0
        self.total = 0
        self.cancelled = False
        self.games: Sequence = []
        self.problems: list[Problem] = []
        self._thread = None
        if thread:
            self._thread = threading.Thread(target=self.run, name="gurka-replay-open", daemon=True)
            self._thread.start()

    @property
    def done(self) -> bool:
        return self._thread is None or not self._thread.is_alive()

    def cancel(self) -> None:
        self.cancelled = True

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def run(self) -> None:
        try:
            self.games, self.problems = self._open()
        except Exception as e:  # noqa: BLE001 - MemoryError and the like: still just a file that cannot be shown
            name = str(self.path)
            self.games, self.problems = [], [Problem(f"{name}: cannot be replayed ({type(e).__name__})",
                                                     "damaged", self.path.name, detail=type(e).__name__)]

    def _refused(self, text: str, code: str, label: str = "", detail: str = "", error=None,
                 stopped: int = 0) -> Problem:
        return Problem(text, code, self.path.name, label, detail or text, error, stopped)

    def _open(self) -> tuple[Sequence, list[Problem]]:
        name = str(self.path)
        try:
            raw = read_file(self.path)
        except Refused as e:
            text = f"cannot read {name}: {e}" if e.code in ("unreadable", "missing") else f"{name}: {e}"
            return [], [self._refused(text, e.code, detail=str(e), error=e.error)]
        try:
            text = decode(raw)
            del raw
            pieces = list(_pieces(text))
        except ValueError as e:         # RecordError too
            return [], [self._refused(f"{name}: {clip(e)}", getattr(e, "code", "not_record"), detail=clip(e),
                                      error=e)]
        self.total = len(pieces)
        return self._check(text, pieces, name)

    def _check(self, text: str, pieces: list, name: str) -> tuple[Sequence, list[Problem]]:
        """Replay every record (as ``python -m game replay`` does, stopping after
        MAX_BAD_RECORDS that do not), keeping the first game and where the others are."""
        several = len(pieces) > 1
        entries: list[Entry] = []
        first: Game | None = None
        problems: list[Problem] = []
        for n, (start, end, item) in enumerate(pieces, 1):
            if self.cancelled:
                return [], []
            label = f"record {n}" if several else ""
            where = f"{name}: {label}" if label else name
            if item is None:
                try:
                    item = parse_record(text[start:end])
                except RecordError as e:         # not JSON: the file is refused, as the loader does
                    return [], [self._refused(f"{name}: line {n}: {e}", e.code, detail=f"line {n}: {e}",
                                              error=e)]
            saved = isinstance(item, dict) and item.get("format") == SAVE_FORMAT
            try:
                entry = Entry(label, start, end, saved)
                game = _game(text, entry, item)
            except RecordError as e:
                problems.append(self._refused(f"{where}: {'saved game: ' if saved else ''}{e}", e.code,
                                              label, str(e), e))
            except Exception as e:  # noqa: BLE001 - a record the engine chokes on is still just a bad record
                problems.append(self._refused(f"{where}: the engine could not replay it ({type(e).__name__})",
                                              "bad_moves", label, type(e).__name__))
            else:
                entries.append(entry)
                first = first or game
                self.checked = n
                continue
            finally:
                item = None
            self.checked = n
            if len(problems) >= MAX_BAD_RECORDS:
                head = problems[0]
                stop = f"stopped after {len(problems)} bad records"
                return [], [self._refused(f"{name}: {stop}", head.code, detail=f"{stop}; the first: {head.detail}",
                                          error=head.error, stopped=len(problems))]
        if first is None:
            return [], problems
        return Records(text, entries, first), problems


def open_games(path) -> tuple[Sequence, list[Problem]]:
    """(the games that replay, the problems): each problem one line naming the file.  In the
    caller's thread (the viewer's menu uses :class:`Opening` on a thread of its own)."""
    opening = Opening(path, thread=False)
    opening.run()
    return opening.games, opening.problems
