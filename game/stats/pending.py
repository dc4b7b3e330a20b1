"""Finished games kept until the statistics file is free.

Another program may hold the statistics file for a long time: an open write transaction,
an exclusive lock (``PRAGMA locking_mode=EXCLUSIVE``), a WAL writer that never commits (a
backup or sync tool, a second program, a crashed process).  A finished game's writer
(:func:`~.store.record_game`) waits :data:`~.store.IN_USE_WAIT` seconds for it, then keeps
the game here (:func:`keep`) and the player is told it will be added later: the end of a
game is never held up.

A folder ``stats-pending/`` beside the database: one file per game, the record and the
meta :func:`~.store.record_game` was given, ``{"format": "gurka-stats-pending/1",
"record": …, "meta": …}``, named ``<YYYYmmdd-HHMMSS>-<8 hex>.json`` (added in that order).
:func:`game.stats.retry.add_waiting` adds them, each in one transaction that first looks for the same game
(a copy of the game killed between adding a game and deleting its file, or two copies
adding at once, never count a game twice), then deletes the file: :mod:`.retry`, on a
thread of its own, after a game was kept, every few seconds while games wait, and at the
next start.

Every file here is hostile like every other user file: only names of the pattern are
read, never through a link, within :data:`MAX_FILE_BYTES` (:func:`game.storage.user_files.read_own_json`);
one that is no finished game of ours is set aside (``*.corrupt-<timestamp>``) with a notice
(:func:`game.stats.retry.take_notices`).  At most :data:`MAX_WAITING` games wait (then a game is not stored
and the player is told so, as before).  No pygame here.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
import time
from pathlib import Path

from ..storage.user_files import atomic_write_text, read_own_json, set_aside_file
from .db import db_path

FOLDER = "stats-pending"
FORMAT = "gurka-stats-pending/1"
NAME = re.compile(r"\d{8}-\d{6}-[0-9a-f]{8}\.json")
#: games that may wait at once
MAX_WAITING = 300
#: one waiting game's file: a record at the finished games' limit, and its meta
MAX_FILE_BYTES = (2 << 20) + (64 << 10)
#: entries of the folder looked at
MAX_ENTRIES = 5000


def folder(path: Path | None = None) -> Path:
    """The folder of the games waiting for the database at ``path``."""
    return Path(path if path is not None else db_path()).parent / FOLDER


def names(home: Path) -> list[str]:
    """The waiting games' files in ``home``, oldest first (regular files of the pattern
    only; a folder of a million entries costs no more than MAX_ENTRIES)."""
    out = []
    try:
        with os.scandir(home) as entries:
            for i, entry in enumerate(entries):
                if i >= MAX_ENTRIES:
                    break
                if NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    out.append(entry.name)
    except OSError:
        return []
    return sorted(out)


def waiting(path: Path | None = None) -> int:
    """How many finished games wait to be added to the statistics at ``path``."""
    return len(names(folder(path)))


def _home(path: Path) -> Path:
    """The folder, made when missing; something else at its name (a file, a link) is set
    aside first.  OSError when it cannot be made."""
    home = folder(path)
    try:
        st = home.lstat()
        if stat.S_ISDIR(st.st_mode):
            return home
        set_aside_file(home)
    except FileNotFoundError:
        pass
    home.mkdir()
    return home


def keep(record: dict, meta: dict, path: Path | None = None) -> bool:
    """Keep a finished game to be added to the statistics at ``path`` later: True when it
    was written (never raises)."""
    try:
        text = json.dumps({"format": FORMAT, "record": record, "meta": meta}, ensure_ascii=False,
                          separators=(",", ":")) + "\n"
        if len(text.encode("utf-8")) > MAX_FILE_BYTES:
            return False
        home = _home(Path(path if path is not None else db_path()))
        if len(names(home)) >= MAX_WAITING:
            return False
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}.json"
        atomic_write_text(home / name, text)
        return True
    except Exception:  # noqa: BLE001 - OSError, a record that is no JSON: not kept, the player is told
        return False


def read(file: Path) -> tuple[dict, dict]:
    """The record and meta of a waiting game's file; ValueError / OSError when it cannot
    be one of ours."""
    data = read_own_json(file, MAX_FILE_BYTES)
    if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("record"), dict)
            and isinstance(data.get("meta"), dict)):
        raise ValueError(f"not a {FORMAT} file")
    return data["record"], data["meta"]
