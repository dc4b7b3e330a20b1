"""The current game's save, behind a few small functions (over :mod:`game.saves`).

The game is saved after every action as its record plus session info
(game number, chips).  Tests point ``GURKA_HOME`` at a temporary folder.
"""

from __future__ import annotations


def _saves():
    from .. import saves
    return saves


def has_save() -> bool:
    try:
        return bool(_saves().has_save())
    except Exception:  # noqa: BLE001
        return False


def save(record: dict, session: dict | None = None) -> str | None:
    """Write the game; a message for the player when that failed."""
    notice = _saves().save_game(record, session or {})
    return str(notice) if notice else None


def load() -> tuple[object | None, str | None]:
    """(SavedGame with .record and .session, None) or (None, message-or-None)."""
    saved, notice = _saves().load()
    return saved, (str(notice) if notice else None)


def set_aside(reason: str = "") -> None:
    try:
        _saves().set_aside_game()
    except Exception:  # noqa: BLE001
        pass


def delete() -> None:
    try:
        _saves().delete_save()
    except Exception:  # noqa: BLE001
        pass
