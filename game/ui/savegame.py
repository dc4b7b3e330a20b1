"""The saved games for the screens, over :mod:`game.storage.saves`: one per ruleset.

The game is saved after every action as its record plus session info (game number,
chips), in its ruleset's slot: a new game of a ruleset replaces only that ruleset's save.
Tests point ``GURKA_HOME`` at a temporary folder.  Every problem with a file comes back as
a :class:`~game.notices.Notice`, the way :mod:`game.storage.saves` reports it (never an exception,
never a string): the screen that shows it puts it into words, in the language of that
moment.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..safe_json import clip
from ..storage import saves
from ..notices import Notice


@dataclass(frozen=True)
class SaveInfo:
    """A saved game as the menus list it."""

    rules: str
    #: "Agurk (Danish) · Deal 4 · Anna, Björn, Karin" (:func:`game.ui.game_labels.save_label`)
    label: str
    #: "Deal 4" alone (:func:`game.ui.game_labels.save_where`), after "Network table" for a
    #: network game
    where: str
    #: the players' names, each kept whole
    players: str
    #: when it was last saved (seconds since the epoch)
    mtime: float


def has_save() -> bool:
    """Quick check for the menu's Continue (no file is parsed; never raises)."""
    try:
        return saves.has_save()
    except (OSError, ValueError):     # a folder that cannot even be looked into: no save
        return False


def unsaved() -> str | None:
    """Why a game played now could not be saved, when the data folder's state says so: a
    code of :func:`game.notices.cause_text` (``read-only``, ``no-permission``, ``disk-full``,
    ``no-inodes``), else None.  No file is written to find out."""
    # read at call time: tests patch user_files.unwritable
    from ..storage.user_files import data_dir, unwritable
    try:
        return unwritable(data_dir())
    except Exception:  # noqa: BLE001 - no data folder to look at: nothing to say
        return None


def save(record: dict, session: dict | None = None) -> Notice | None:
    """Write the game into its ruleset's slot; a notice for the player when that failed."""
    return saves.save_game(record, session or {})


def load(rules: str) -> tuple[saves.SavedGame | None, Notice | None]:
    """(the saved game of ``rules``, a notice or None): a notice with a game is something to
    tell after resuming (a bot seat now played by the Normal AI); without one, why the save
    could not be used (it has been set aside).  Read from its slot, or from where the single
    save of older versions stays while it cannot be moved (:func:`game.storage.saves.source`)."""
    return saves.load(saves.source(rules))


def set_aside(reason: str, rules: str) -> Notice:
    """Move away a save the table could not resume; the notice says why and where it went."""
    return saves.set_aside_game(reason, saves.source(rules))


def delete(rules: str) -> None:
    saves.delete_save(saves.save_path(rules))


def saved_games(notices: list | None = None) -> list[SaveInfo]:
    """Every saved game, newest first, with its words.  Each record's header is checked by
    the engine first (rules, options, players, seats, events: :func:`game.storage.saves.load`
    without the replay, which Continue does); a save it refuses is set aside and its notice
    added to ``notices``, as is any other problem the saves had (the single save of older
    versions could not be moved into its slot, something else than a file at a slot)."""
    from . import game_labels  # start-up: the labels (rule words) load when there is a save to list
    slots, problems = saves.list_saves()
    out = []
    for slot in slots:
        saved, notice = saves.load(slot.path, check=False)
        if saved is None:
            if notice is not None:
                problems.append(notice)
            continue
        try:
            record = saved.record
            info = SaveInfo(slot.rules, game_labels.save_label(record, saved.session),
                            game_labels.SEP.join(w for w in (game_labels.network_mark(record),
                                                             game_labels.save_where(record, saved.session)) if w),
                            game_labels.players_text([p["name"] for p in record["players"]]), slot.mtime)
        except Exception:  # noqa: BLE001 - words for a header-checked file that may still be anything: never a crash in the menu
            info = SaveInfo(slot.rules, game_labels.together(game_labels.ruleset_label(slot.rules)), "", "", slot.mtime)
        out.append(info)
    if notices is not None:
        notices.extend(problems)
    return out


def saved_game(rules: str, notices: list | None = None) -> SaveInfo | None:
    """The saved game of ``rules`` with its words (None when there is none, or it was bad)."""
    return next((s for s in saved_games(notices) if s.rules == rules), None)


def resume(app, rules: str) -> bool:
    """Open the saved game of ``rules`` at the table (True), or tell why it cannot be: a bad
    save is set aside, never a crash.  Used by the menu's Continue and the list of saves."""
    saved, notice = load(rules)
    if saved is None:
        if notice is not None:
            app.nav.push("message", text=str(notice))
        return False
    try:
        app.nav.push("table", record=saved.record, session=saved.session)
    except Exception as e:  # noqa: BLE001 - a save the table cannot show is set aside, never a crash
        app.nav.push("message", text=str(set_aside(clip(e), rules)))
        return False
    if notice is not None:   # resumed with a notice, e.g. a bot's seat now played by the Normal AI
        app.nav.push("message", text=str(notice))
    return True
