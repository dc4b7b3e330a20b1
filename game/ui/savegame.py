"""The current game's save for the screens, over :mod:`game.saves`.

The game is saved after every action as its record plus session info
(game number, chips).  Tests point ``GURKA_HOME`` at a temporary folder.
Every problem with the file comes back as a :class:`~game.notices.Notice`, the way
:mod:`game.saves` reports it (never an exception, never a string): the screen that shows
it puts it into words, in the language of that moment.
"""

from __future__ import annotations

from .. import saves
from ..i18n import _
from ..notices import Notice


def has_save() -> bool:
    """Quick check for the menu's Continue (the file is not parsed; never raises)."""
    try:
        return saves.has_save()
    except (OSError, ValueError):     # a folder that cannot even be looked into: no save
        return False


def save(record: dict, session: dict | None = None) -> Notice | None:
    """Write the game; a notice for the player when that failed."""
    return saves.save_game(record, session or {})


def load() -> tuple[saves.SavedGame | None, Notice | None]:
    """(the saved game, a notice or None): a notice with a game is something to tell after
    resuming (a bot seat now played by the Normal AI); without one, why the save could not
    be used (it has been set aside)."""
    return saves.load()


def set_aside(reason: str) -> Notice:
    """Move away a save the table could not resume; the notice says why and where it went."""
    return saves.set_aside_game(reason)


def delete() -> None:
    saves.delete_save()


def summary(notices: list | None = None) -> str:
    """Which game the save holds, for the menu's Continue: "Gurka · deal 3" (empty when the
    file cannot tell).  The record's header is checked by the engine first (rules, options,
    players, seats, events: :func:`game.saves.load` without the replay, which Continue
    does); a save it refuses is set aside and its notice added to ``notices``."""
    saved, notice = saves.load(check=False)
    if saved is None:
        if notice is not None and notices is not None:
            notices.append(notice)
        return ""
    try:
        from ..engine.public import table_of
        from . import rules_text as R
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
    except Exception:  # noqa: BLE001 - a label for a header-checked file that may still be anything: never a crash in the menu
        return ""
