"""The current game's save, behind a few small functions (over :mod:`game.saves`).

The game is saved after every action as its record plus session info
(game number, chips).  Tests point ``GURKA_HOME`` at a temporary folder.
None of these functions raises: a save problem is a message for the player.
"""

from __future__ import annotations

from ..i18n import _


def _saves():
    from .. import saves
    return saves


def has_save() -> bool:
    try:
        return bool(_saves().has_save())
    except Exception:  # noqa: BLE001 - the menu must open whatever the folder holds
        return False


def save(record: dict, session: dict | None = None) -> str | None:
    """Write the game; a message for the player when that failed."""
    try:
        notice = _saves().save_game(record, session or {})
    except Exception as e:  # noqa: BLE001 - a failed save is reported, the game goes on
        from ..i18n import _
        return _("The game could not be saved: {reason}").format(reason=type(e).__name__)
    return str(notice) if notice else None


def load() -> tuple[object | None, str | None]:
    """(SavedGame with .record and .session, message-or-None) or (None, message-or-None).

    A message with a SavedGame is a notice to show after resuming (e.g. a bot seat is
    now played by the Normal AI); without one, why the save could not be used (it has
    been set aside)."""
    try:
        saved, notice = _saves().load()
    except Exception:  # noqa: BLE001 - saves.load never raises; this is the last net
        set_aside()
        return None, None
    return saved, (str(notice) if notice else None)


def set_aside(reason: str = "") -> None:
    try:
        _saves().set_aside_game()
    except Exception:  # noqa: BLE001 - nothing more can be done about the file
        pass


def delete() -> None:
    try:
        _saves().delete_save()
    except Exception:  # noqa: BLE001 - a save that cannot be deleted is overwritten next time
        pass


def summary(notices: list[str] | None = None) -> str:
    """Which game the save holds, for the menu's Continue: "Gurka · deal 3" (empty when the
    file cannot tell).  The record's header is checked by the engine first (rules, options,
    players, seats, events: :func:`game.saves.load` without the replay, which Continue
    does); a save it refuses is set aside and its notice added to ``notices``."""
    try:
        from ..engine.public import table_of
        from . import rules_text as R
        saved, notice = _saves().load(check=False)
        if saved is None:
            if notice is not None and notices is not None:
                notices.append(str(notice))
            return ""
        record = saved.record
        table = table_of(record)
        parts = [R.ruleset_name(record["rules"])]
        deals = getattr(table, "deals", 0)
        rounds = table.options.get("rounds")
        game = saved.session.get("game", 1)
        if deals and rounds:
            parts.append(_("Round {n} of {total}").format(n=deals, total=rounds))
        elif deals:
            parts.append(_("Deal {n}").format(n=deals))
        elif isinstance(game, int) and game > 1:
            parts.append(_("Game {n}").format(n=game))
        # each part keeps together when a line is wrapped ("Deal" and its number on one line)
        return "  ·  ".join(part.replace(" ", "\u00a0") for part in parts)
    except Exception:  # noqa: BLE001 - a label for a file that may be anything: never a crash in the menu
        return ""
