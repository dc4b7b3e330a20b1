"""A joiner's reconnect tokens, kept in its user folder (``net_seats.json``).

When a joiner sits down, the host gives it a token for its seat; with it the joiner gets
the seat back after a lost connection or a crash, also from a new start of the game.  The
file maps a table's address (``HOST:PORT``) to ``{"table", "token", "seat"}``; it holds at
most :data:`MAX_TABLES` tables (the oldest go first), is written atomically, and a file that
cannot be used is set aside (:mod:`game.storage.user_files`) and the joiner simply joins afresh.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypedDict

from ..storage import user_files
from .protocol import MAX_SEATS, TABLE_ID, TOKEN

FILE = "net_seats.json"
MAX_TABLES = 16
MAX_BYTES = 64 * 1024


class Kept(TypedDict):
    """What the file keeps of one table: its id, the seat's token, the seat."""

    table: str
    token: str
    seat: int


def default_path() -> Path:
    return user_files.config_dir() / FILE


class TokenStore:
    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else default_path()

    def _load(self) -> dict[str, Kept]:
        try:
            data = user_files.read_json(self.path, MAX_BYTES)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            user_files.set_aside_file(self.path)
            return {}
        if not isinstance(data, dict):
            user_files.set_aside_file(self.path)
            return {}
        good: dict[str, Kept] = {}
        for address, entry in data.items():
            if (isinstance(address, str) and len(address) <= 300 and isinstance(entry, dict)
                    and isinstance(entry.get("table"), str) and TABLE_ID.fullmatch(entry["table"])
                    and isinstance(entry.get("token"), str) and TOKEN.fullmatch(entry["token"])
                    and isinstance(entry.get("seat"), int) and 0 <= entry["seat"] < MAX_SEATS):
                good[address] = {"table": entry["table"], "token": entry["token"], "seat": entry["seat"]}
        return good

    def get(self, address: str) -> Kept | None:
        """``{"table", "token", "seat"}`` kept for the table at ``address``, or None."""
        return self._load().get(address)

    def put(self, address: str, table: str, token: str, seat: int) -> None:
        data = self._load()
        data.pop(address, None)
        data[address] = {"table": table, "token": token, "seat": seat}
        while len(data) > MAX_TABLES:
            data.pop(next(iter(data)))
        self._write(data)

    def drop(self, address: str) -> None:
        data = self._load()
        if data.pop(address, None) is not None:
            self._write(data)

    def _write(self, data: dict[str, Kept]) -> None:
        try:
            user_files.atomic_write_text(self.path, json.dumps(data, indent=1) + "\n")
        except OSError:
            pass     # without the file the joiner cannot rejoin after a crash; the game goes on
