"""The keyboard shortcuts, listed in the pause menu and at the end of every rules text.

One list per place the keys work (the table, the replay viewer); the table's keys are
handled in :mod:`game.ui.table.keys` and :mod:`game.ui.table.toolbar`, the viewer's in
:mod:`game.ui.table.replay`.
"""

from __future__ import annotations

from ..i18n import _, pgettext


def _k(name: str) -> str:
    return {
        # TRANSLATORS: names of keys on the keyboard, as printed on them or said in your language
        "enter": pgettext("key", "Enter"),
        "space": pgettext("key", "Space"),
        "tab": pgettext("key", "Tab"),
        "esc": pgettext("key", "Esc"),
        "backspace": pgettext("key", "Backspace"),
        "pgup": pgettext("key", "Page Up"),
        "pgdn": pgettext("key", "Page Down"),
        "home": pgettext("key", "Home"),
        "end": pgettext("key", "End"),
        "ctrl": pgettext("key", "Ctrl"),
    }[name]


def table_keys() -> list[tuple[str, str]]:
    """(keys, what they do) at the card table."""
    return [
        ("← →", _("pick a card in your hand")),
        (f"↑ / {_k('space')}", _("select the card, or play it")),
        ("↓", _("put a selected card back")),
        (_k("enter"), _("play the selected cards, or press the first button")),
        ("1–9", _("Durak: the attack card to beat")),
        (_k("tab"), _("move between the buttons")),
        (f"{_k('space')} / {_k('enter')}", _("while the others play: show their moves at once; "
                                             "under a finished trick: go on")),
        ("L", _("the previous trick or bout")),
        ("M", _("the moves so far, in words")),
        ("H", _("a hint")),
        (f"U / {_k('ctrl')}+Z / {_k('backspace')}", _("undo your last move")),
        ("S", _("the score sheet")),
        (_k("esc"), _("the pause menu")),
        ("F11", _("fullscreen")),
    ]


def replay_keys() -> list[tuple[str, str]]:
    """(keys, what they do) in the replay viewer."""
    return [
        ("← →", _("one event back or on")),
        (f"{_k('pgup')} / {_k('pgdn')}", _("the previous or next deal (Durak: bout)")),
        (f"{_k('home')} / {_k('end')}", _("the start or the end")),
        (_k("space"), _("play or pause")),
        ("+ −", _("faster or slower")),
        (_k("esc"), _("back")),
    ]


def section_title() -> str:
    return _("Keyboard")


def replay_title() -> str:
    return _("Keyboard in the replay viewer")
