"""The names of the table's tools, as their buttons say them.

The buttons (:mod:`game.ui.table.toolbar`, :mod:`game.ui.table.flow`) and the key lists
(:mod:`game.ui.shortcuts`) take them from here, so a key list names each key by the
button it presses, in every language.
"""

from __future__ import annotations

from ..i18n import _


def scores() -> str:
    return _("Scores")


def hint() -> str:
    return _("Hint")


def undo() -> str:
    return _("Undo")


def say() -> str:
    # TRANSLATORS: the table's button at a network table that opens the table phrases
    return _("Say")


def pass_on() -> str:
    # TRANSLATORS: transfer Durak: the defender's button that passes the attack on to the next player
    return _("Pass on")


def show_trump() -> str:
    # TRANSLATORS: transfer Durak: the defender's button that passes the attack on by showing a trump
    return _("Show trump")


def moves() -> str:
    return _("Moves")


def previous_trick() -> str:
    return _("Previous trick")


def previous_bout() -> str:
    return _("Previous bout")


def with_key(name: str, key: str) -> str:
    """A button's name with the key that presses it ("Moves (M)")."""
    return f"{name} ({key})"
