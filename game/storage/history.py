"""The finished games: every finished game's record, kept for the replay viewer.

A folder ``history/`` in the data folder, beside the statistics database (whose schema it
leaves alone): one file per game, the record exactly as the engine wrote it
(game/engine/RECORDS.md), named ``<YYYYmmdd-HHMMSS>-<8 hex>.json``, and ``index.json``
(``gurka-history/1``) listing each game's file, when it was finished, its ruleset, its
players, the seats played at this screen (``mine``: the player's own games are listed
first) and its end (``kind``: ``win``, ``loser``, ``team`` or ``draw``, and the ``seats``
that won or lost).  The folder is the truth and the index a summary of it: an entry whose
file is gone is dropped, a record file the index does not name (a write cut short, an index
set aside) is read and listed again.

Bounded: the newest :data:`MAX_GAMES` games and at most :data:`MAX_TOTAL_BYTES` of records;
the oldest go.  The table adds a game when one ends (:func:`add_game`, local and network
games alike, never a tutorial's or the demo's); the last finished game older versions kept
(``last_game.json``) is moved in the first time the games are listed.

Every file here is hostile like every other user file: written atomically, read within
limits (:func:`game.storage.user_files.read_own_json`: never through a link, never a pipe or a
device, at most :data:`MAX_RECORD_BYTES`; :mod:`game.safe_json`), and a file that cannot be
used is renamed aside (``*.corrupt-<timestamp>``) with a :class:`~game.notices.Notice`,
never a traceback.  A file is only ever opened by a name of the pattern above, inside this
folder, whatever the index says; a ``history`` that is no real folder (a link, a file) is
set aside and made anew.  No pygame here.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import replay
from ..engine.records import check_header, name_problem
from ..engine.registry import find_ruleset
from ..notices import Notice
from ..safe_json import clip
from .user_files import atomic_write_text, data_dir, read_own_json, set_aside_file

FOLDER = "history"
INDEX = "index.json"
FORMAT = "gurka-history/1"
#: the last finished game of older versions, moved in (:func:`migrate_last_game`)
LAST_GAME = "last_game.json"
#: a record file's name: when it was finished, and a random part
NAME = re.compile(r"(\d{8})-(\d{6})-([0-9a-f]{8})\.json")
#: the games kept (the oldest go)
MAX_GAMES = 300
#: the records kept, in bytes (the oldest go)
MAX_TOTAL_BYTES = 64 << 20
#: one record (a long game of eight is about 50 KB)
MAX_RECORD_BYTES = 2 << 20
#: the index (300 games are about 100 KB)
MAX_INDEX_BYTES = 4 << 20
#: entries of the folder looked at, and record files the index does not name read, per listing
MAX_ENTRIES = 5000
MAX_ADOPT = MAX_GAMES + 100
MAX_SEATS = 16
KINDS = ("win", "loser", "team", "draw")
_WHEN = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")

#: one reader or writer of the folder at a time in this process (the table's writer thread,
#: the screens)
_LOCK = threading.RLock()


@dataclass(frozen=True)
class Game:
    """One finished game as the list shows it (from the index, checked)."""

    file: str
    #: local time, ``2026-05-12T19:30:45``
    finished: str
    rules: str
    players: tuple[str, ...]
    #: the seats played at this screen (empty: a game without the player)
    mine: tuple[int, ...]
    #: ``win`` / ``loser`` (the durak) / ``team`` / ``draw``
    kind: str
    #: the winners (``win``) or the losers (``loser``, ``team``)
    seats: tuple[int, ...]
    size: int

    @property
    def own(self) -> bool:
        return bool(self.mine)

    def entry(self) -> dict:
        return {"file": self.file, "finished": self.finished, "rules": self.rules,
                "players": list(self.players), "mine": list(self.mine),
                "end": {"kind": self.kind, "seats": list(self.seats)}, "bytes": self.size}


def folder() -> Path:
    return data_dir() / FOLDER


# -- what a record says -----------------------------------------------------------------------

def _ints(v, n: int, most: int) -> tuple[int, ...] | None:
    if not (isinstance(v, list) and len(v) <= most and len(set(map(repr, v))) == len(v)):
        return None
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in v):
        return None
    return tuple(v)


def end_of(record: dict) -> tuple[str, tuple[int, ...]]:
    """How a finished game ended, from its ``game_over`` event: (kind, seats).  ValueError
    when the record is no finished game."""
    events = record.get("events")
    last = events[-1] if isinstance(events, list) and events else None
    if not isinstance(last, dict) or last.get("type") != "game_over":
        raise ValueError("not a finished game (no game_over at its end)")
    n = len(record["players"])
    if "winners" in last:
        seats = _ints(last["winners"], n, n)
        if not seats:
            raise ValueError("game_over names no winners")
        return "win", seats
    team, loser = last.get("losing_team"), last.get("loser")
    if team is not None:
        seats = _ints(team, n, n)
        if not seats:
            raise ValueError("game_over names a bad losing team")
        return "team", seats
    if loser is not None:
        seats = _ints([loser], n, 1)
        if not seats:
            raise ValueError("game_over names a bad loser")
        return "loser", seats
    return "draw", ()


def _summary(record: dict, mine, finished: str, file: str, size: int) -> Game:
    """The index entry of a record (its header checked by the engine). ValueError otherwise."""
    check_header(record)
    kind, seats = end_of(record)
    n = len(record["players"])
    mine = tuple(s for s in mine if isinstance(s, int) and 0 <= s < n)
    return Game(file, finished, record["rules"], tuple(p["name"] for p in record["players"]),
                mine, kind, seats, size)


def _check(entry: object) -> Game | None:
    """An index entry, checked: every value the list shows or a file name is made of; None
    when anything is off (the record file, if there is one, is then read again)."""
    if not isinstance(entry, dict):
        return None
    file, when, rules, players = (entry.get(k) for k in ("file", "finished", "rules", "players"))
    end, size = entry.get("end"), entry.get("bytes")
    if not (isinstance(file, str) and NAME.fullmatch(file) and isinstance(when, str) and isinstance(rules, str)
            and _WHEN.fullmatch(when) and isinstance(players, list) and 2 <= len(players) <= MAX_SEATS
            and all(name_problem(p) is None for p in players) and isinstance(end, dict)
            and end.get("kind") in KINDS and isinstance(size, int) and not isinstance(size, bool)
            and 0 <= size <= MAX_RECORD_BYTES):
        return None
    try:
        find_ruleset(rules)
    except ValueError:
        return None
    n = len(players)
    mine, seats = _ints(entry.get("mine"), n, n), _ints(end.get("seats"), n, n)
    if mine is None or seats is None:
        return None
    if (end["kind"] == "draw") != (not seats) or (end["kind"] == "loser" and len(seats) != 1):
        return None
    return Game(file, when, rules, tuple(players), mine, end["kind"], seats, size)


def human_seats(record: dict) -> list[int]:
    """The seats of a record played by people (for a game whose screen is not known)."""
    return [i for i, p in enumerate(record["players"]) if p.get("seat") == "human"]


# -- the folder ------------------------------------------------------------------------------

def _home(create: bool) -> tuple[Path | None, list[Notice]]:
    """The folder, made when ``create``; something else at its name (a link, a file) is set
    aside first.  None when there is none (or it cannot be made)."""
    path = folder()
    notices: list[Notice] = []
    try:
        st = path.lstat()
        if stat.S_ISDIR(st.st_mode):
            return path, notices
        notices.append(Notice("history-folder", path, set_aside_file(path)))
    except FileNotFoundError:
        pass
    except OSError as e:
        return None, [Notice("history-unwritable", path, None, e.strerror or clip(e))]
    if not create:
        return None, notices
    try:
        path.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or not path.is_dir():
            raise OSError("not a folder")
    except OSError as e:
        notices.append(Notice("history-unwritable", path, None, e.strerror or clip(e)))
        return None, notices
    return path, notices


def _files(home: Path) -> dict[str, int]:
    """The record files of the folder by name, with their sizes (regular files only: another
    thing at such a name is set aside when it is read)."""
    out = {}
    try:
        with os.scandir(home) as entries:
            for i, entry in enumerate(entries):
                if i >= MAX_ENTRIES:
                    break
                if NAME.fullmatch(entry.name):
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    out[entry.name] = st.st_size if stat.S_ISREG(st.st_mode) else -1
    except OSError:
        pass
    return out


def _read_index(home: Path) -> tuple[list[Game], Notice | None, bool]:
    """(the index's good entries, a notice when the index was set aside, whether it needs
    writing again: a bad entry left out)."""
    path = home / INDEX
    try:
        data = read_own_json(path, MAX_INDEX_BYTES)
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), list):
            raise ValueError(f"not a {FORMAT} file")
    except FileNotFoundError:
        return [], None, False
    except Exception as e:  # noqa: BLE001 - whatever a hostile index makes the reader raise: set aside
        return [], Notice("history-index-corrupt", path, set_aside_file(path), clip(e)), True
    games, seen = [], set()
    for entry in data["games"][:MAX_ENTRIES]:
        game = _check(entry)
        if game is not None and game.file not in seen:
            seen.add(game.file)
            games.append(game)
    return games, None, len(games) != len(data["games"])


def _write_index(home: Path, games: list[Game]) -> Notice | None:
    try:
        atomic_write_text(home / INDEX, json.dumps({"format": FORMAT, "games": [g.entry() for g in games]},
                                                  ensure_ascii=False) + "\n")
    except OSError as e:
        return Notice("history-unwritable", home / INDEX, None, e.strerror or clip(e))
    except Exception as e:  # noqa: BLE001 - e.g. MemoryError: the list is still shown
        return Notice("history-unwritable", home / INDEX, None, clip(e) or type(e).__name__)
    return None


def _read_record(path: Path) -> dict:
    """A record file of the folder, parsed within the limits; ValueError / OSError when bad."""
    record = read_own_json(path, MAX_RECORD_BYTES)
    if not isinstance(record, dict):
        raise ValueError("not a game record")
    return record


def _when_of(file: str) -> str:
    m = NAME.fullmatch(file)
    assert m is not None              # (a listed file's name was matched when it was read)
    d, t = m.group(1), m.group(2)
    return f"{d[:4]}-{d[4:6]}-{d[6:]}T{t[:2]}:{t[2:4]}:{t[4:]}"


def _new_name(finished: str, home: Path) -> str:
    stamp = finished.replace("-", "").replace(":", "").replace("T", "-")
    while True:
        name = f"{stamp}-{secrets.token_hex(4)}.json"
        if not os.path.lexists(home / name):
            return name


def _bad_files(home: Path, bad: list[Path]) -> Notice | None:
    """One notice for the record files set aside in one look at the folder."""
    if not bad:
        return None
    return Notice("history-game-corrupt", home, bad[0], str(len(bad)))


def _gather(home: Path) -> tuple[list[Game], list[Notice], bool]:
    """The games of the folder: the index's entries whose file is there, and the record files
    it does not name read again (bad ones set aside).  (games, notices, changed)."""
    games, notice, changed = _read_index(home)
    notices = [notice] if notice else []
    files = _files(home)
    kept = [g for g in games if files.get(g.file, -1) >= 0]
    changed |= len(kept) != len(games)
    named = {g.file for g in kept}
    bad = []
    for file in sorted((f for f in files if f not in named), reverse=True)[:MAX_ADOPT]:
        path = home / file
        try:
            record = _read_record(path)
            kept.append(_summary(record, human_seats(record), _when_of(file), file, files[file]))
        except FileNotFoundError:
            continue
        except Exception:  # noqa: BLE001 - a record file that cannot be listed is set aside
            aside = set_aside_file(path)
            if aside is not None:
                bad.append(aside)
        changed = True
    notice = _bad_files(home, bad) if bad else None
    if notice is not None:
        notices.append(notice)
    return kept, notices, changed


def _prune(home: Path, games: list[Game]) -> tuple[list[Game], bool]:
    """The newest games within the bounds; the files of the others deleted."""
    games = sorted(games, key=lambda g: (g.finished, g.file), reverse=True)
    keep: list[Game] = []
    total = 0
    for g in games:
        if len(keep) < MAX_GAMES and total + g.size <= MAX_TOTAL_BYTES:
            keep.append(g)
            total += g.size
        else:
            _unlink(home / g.file)
    return keep, len(keep) != len(games)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _ordered(games: list[Game]) -> list[Game]:
    """The player's own games first, each group newest first."""
    newest = sorted(games, key=lambda g: (g.finished, g.file), reverse=True)
    return sorted(newest, key=lambda g: not g.own)


# -- what the screens and the table do --------------------------------------------------------

def list_games() -> tuple[list[Game], list[Notice]]:
    """Every finished game kept, the player's own first, each group newest first, and what
    the player should be told (a bad index or record set aside, a folder that cannot be
    written).  The last finished game of older versions is moved in first.  Never raises."""
    with _LOCK:
        try:
            notices = migrate_last_game()
            home, more = _home(create=False)
            notices += more
            if home is None:
                return [], notices
            games, more, changed = _gather(home)
            notices += more
            games, pruned = _prune(home, games)
            if changed or pruned:
                problem = _write_index(home, games)
                if problem is not None:
                    notices.append(problem)
            return _ordered(games), notices
        except Exception as e:  # noqa: BLE001 - the last net: the list is empty, the player told why
            return [], [Notice("history-unwritable", folder(), None, clip(e) or type(e).__name__)]


def add_game(record: dict, mine: list[int], finished: str | None = None) -> Notice | None:
    """Keep a finished game's record (``mine``: the seats played at this screen), the oldest
    games going beyond the bounds.  A notice when it could not be kept; never raises."""
    with _LOCK:
        try:
            text = json.dumps(record, ensure_ascii=False) + "\n"
            size = len(text.encode("utf-8"))
            if size > MAX_RECORD_BYTES:
                return None              # no real game comes near; nothing to show for it
            home, notices = _home(create=True)
            if home is None:
                return notices[0] if notices else None
            finished = finished or time.strftime("%Y-%m-%dT%H:%M:%S")
            file = _new_name(finished, home)
            game = _summary(record, mine, finished, file, size)
            games, more, _changed = _gather(home)
            notices += more
            atomic_write_text(home / file, text)
            games, _pruned = _prune(home, games + [game])
            problem = _write_index(home, games)
            return problem or (notices[0] if notices else None)
        except OSError as e:
            return Notice("history-unwritable", folder(), None, e.strerror or clip(e))
        except Exception as e:  # noqa: BLE001 - a record the game cannot keep: the game goes on
            return Notice("history-unwritable", folder(), None, clip(e) or type(e).__name__)


def migrate_last_game() -> list[Notice]:
    """Move the last finished game of older versions (``last_game.json``) into the folder,
    dated when it was written (the next look at the folder lists it); one that cannot be
    used is set aside with its notice."""
    old = data_dir() / LAST_GAME
    try:
        st = old.lstat()
    except OSError:
        return []
    try:
        record = _read_record(old)
        finished = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(st.st_mtime))
        _summary(record, (), finished, "", 0)       # a finished game's record, or ValueError
        home, notices = _home(create=True)
        if home is None:
            return notices
        atomic_write_text(home / _new_name(finished, home), json.dumps(record, ensure_ascii=False) + "\n")
        _unlink(old)
        return notices
    except OSError as e:
        if isinstance(e, FileNotFoundError) and not os.path.lexists(old):
            return []
        return [Notice("history-game-corrupt", old, set_aside_file(old), "1")]
    except Exception:  # noqa: BLE001 - whatever the old file holds: set aside
        return [Notice("history-game-corrupt", old, set_aside_file(old), "1")]


def load_record(game: Game) -> tuple[dict | None, Notice | None]:
    """The record of a listed game, replayed through the engine (what the engine gives back,
    nothing else of the file): (record, None); or (None, notice) when its file cannot be
    used, which is then set aside and left out of the list."""
    with _LOCK:
        path = folder() / game.file
        if not NAME.fullmatch(game.file):
            return None, Notice("history-missing", path)
        try:
            record = replay(_read_record(path)).record()
        except Exception as e:  # noqa: BLE001 - a record that does not replay is set aside
            if isinstance(e, FileNotFoundError) and not os.path.lexists(path):
                return None, Notice("history-missing", path)
            return None, Notice("history-game-corrupt", path, set_aside_file(path), "1")
        return record, None


def delete_game(game: Game) -> Notice | None:
    """Forget a finished game: its file and its entry."""
    with _LOCK:
        home, notices = _home(create=False)
        if home is None or not NAME.fullmatch(game.file):
            return notices[0] if notices else None
        _unlink(home / game.file)
        games, more, _changed = _gather(home)
        return _write_index(home, [g for g in games if g.file != game.file])


def export_name(game: Game) -> str:
    """The name an exported record gets: ``gurka-agurk-dk-20260512-1930.json``."""
    return f"gurka-{game.rules}-{game.finished[:16].replace('-', '').replace(':', '').replace('T', '-')}.json"


def export_game(game: Game, to: Path) -> tuple[Path | None, Notice | None]:
    """Write the record of ``game`` (replayed: the engine's own record) into the folder
    ``to`` as a ``.json`` record for sharing, under a new name (a file there is never
    replaced): (the file written, None) or (None, notice)."""
    record, notice = load_record(game)
    if record is None:
        return None, notice
    to = Path(to)
    try:
        to.mkdir(parents=True, exist_ok=True)
        base = export_name(game)
        target, n = to / base, 1
        while os.path.lexists(target):
            n += 1
            if n > 999:
                raise OSError("no free name")
            target = to / f"{base[:-5]}-{n}.json"
        atomic_write_text(target, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
    except OSError as e:
        return None, Notice("export-unwritable", to, None, e.strerror or clip(e))
    except Exception as e:  # noqa: BLE001 - e.g. a name the file system refuses: said, never raised
        return None, Notice("export-unwritable", to, None, clip(e) or type(e).__name__)
    return target, None


def export_folder() -> Path:
    """Where an exported record goes: the user's downloads folder, else documents, else home
    (``$GURKA_HOME/exports`` in tests)."""
    home = os.environ.get("GURKA_HOME")
    if home:
        return Path(home) / "exports"
    try:    # lazy and optional: platformdirs only without $GURKA_HOME
        import platformdirs
        for where in (platformdirs.user_downloads_dir, platformdirs.user_documents_dir):
            path = Path(where())
            if path.is_dir():
                return path
    except Exception:  # noqa: BLE001 - no such folder on this system: home
        pass
    return Path.home()


__all__ = ["Game", "list_games", "add_game", "load_record", "delete_game", "export_game", "export_folder",
           "export_name", "migrate_last_game", "end_of", "folder", "MAX_GAMES", "MAX_TOTAL_BYTES",
           "MAX_RECORD_BYTES"]
