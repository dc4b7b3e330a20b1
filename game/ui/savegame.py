"""The current game's save, behind four small functions.

Uses :mod:`game.saves` (atomic writes under platformdirs) when it exists;
until then a minimal atomic JSON file in the user data folder.  Tests point
``DIR_OVERRIDE`` at a temporary folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..i18n import _

#: tests set this to a temporary folder
DIR_OVERRIDE: Path | None = None


def _store():
    if DIR_OVERRIDE is not None:
        return None
    try:
        from .. import saves
    except ImportError:
        return None
    if not all(hasattr(saves, f) for f in ("load_game", "save_game")):
        return None
    return saves


def _dir() -> Path:
    if DIR_OVERRIDE is not None:
        return Path(DIR_OVERRIDE)
    import platformdirs
    return Path(platformdirs.user_data_dir("gurka", appauthor=False))


def _path() -> Path:
    return _dir() / "current-game.json"


def has_save() -> bool:
    store = _store()
    if store is not None and hasattr(store, "has_game"):
        try:
            return bool(store.has_game())
        except Exception:  # noqa: BLE001
            return False
    return _path().is_file()


def save(record: dict) -> None:
    store = _store()
    if store is not None:
        store.save_game(record)
        return
    path = _path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(record, fh, ensure_ascii=False)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def load() -> tuple[dict | None, str | None]:
    """(record, None), or (None, message) when there is none or it is unreadable."""
    store = _store()
    if store is not None:
        try:
            result = store.load_game()
        except Exception as e:  # noqa: BLE001
            return None, str(e)
        if isinstance(result, tuple):
            return result
        return result, None
    path = _path()
    if not path.is_file():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a game record")
        return data, None
    except (OSError, ValueError, UnicodeDecodeError) as e:
        set_aside(str(e))
        # TRANSLATORS: {reason} is a technical error text
        return None, _("The saved game was unreadable and has been set aside ({reason}).").format(
            reason=e)


def set_aside(reason: str = "") -> None:
    store = _store()
    if store is not None and hasattr(store, "set_aside_game"):
        try:
            store.set_aside_game()
        except Exception:  # noqa: BLE001
            pass
        return
    path = _path()
    if path.is_file():
        try:
            os.replace(path, path.with_name(path.name + ".corrupt"))
        except OSError:
            pass


def delete() -> None:
    store = _store()
    if store is not None and hasattr(store, "delete_game"):
        try:
            store.delete_game()
        except Exception:  # noqa: BLE001
            pass
        return
    try:
        _path().unlink()
    except OSError:
        pass
