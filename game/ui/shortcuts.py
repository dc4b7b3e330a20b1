"""The keyboard shortcuts, listed in the pause menu and at the end of every rules text.

One list per place the keys work (the table, the replay viewer, the rules screen); the table's keys are
handled in :mod:`game.ui.table.keys` and :mod:`game.ui.table.toolbar`, the viewer's in
:mod:`game.ui.table.replay`.  A tool's letter is the one of the player's language
(:mod:`game.ui.tool_keys`: "P" for the Swedish "Poäng"); the English letters work too and
are not listed again.  Given a ruleset, a list holds only the keys of its family
(no Durak attack keys in a game of Gurka).
"""

from __future__ import annotations

from ..engine.registry import ruleset_ids
from ..i18n import _, pgettext
from . import tool_names as names
from .tool_keys import letter
from .table.families import FAMILY_UI, FamilyUI, family_ui


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
        "shift": pgettext("key", "Shift"),
    }[name]


def _named(button: str, what: str) -> str:
    """A key that presses a button, named by the button (as the table shows it)."""
    return f"{button}: {what}"


def _families(rules: str | None) -> list[FamilyUI]:
    """The family of ruleset ``rules``, or every family (``rules`` None or unknown)."""
    try:
        return [family_ui(rules)] if rules is not None else list(FAMILY_UI.values())
    except ValueError:
        return list(FAMILY_UI.values())


def _one_row(rules: str | None, keys: str, what, every: str) -> list[tuple[str, str]]:
    """The row of ``keys`` for the family of ``rules`` (``what(family)``), or ``every`` for a
    list of every family's keys."""
    families = _families(rules)
    return [(keys, what(families[0]) if len(families) == 1 else every)]


def table_keys(rules: str | None = None, undo: bool = True, hint: bool = True,
               say: bool = False) -> list[tuple[str, str]]:
    """(keys, what they do) at the card table of ruleset ``rules`` (None: every game);
    ``undo``: whether this table offers undo (a hot-seat game does not); ``hint``: whether
    it offers hints (a tutorial does not); ``say``: the table phrases (a network table)."""
    return [
        ("← →", _("pick a card in your hand")),
        ("↑", _("select the card, or play it")),
        ("↓", _("put a selected card back")),
        (_k("space"), _("on your turn as ↑; else: show the others' moves at once, or go on "
                        "after a trick")),
        # TRANSLATORS: {space} is the name of the Space key, as translated above
        (_k("enter"), _("play the selected cards or press the first button; else as {space}").format(
            space=_k("space"))),
        *[row for family in _families(rules) for row in family.own_keys(rules)],
        (_k("tab"), _("move between the buttons")),
        *_one_row(rules, letter("lookback"), lambda f: f.look_back(),
                  " / ".join(f.look_back() for f in FAMILY_UI.values())),
        (letter("moves"), _named(names.moves(), _("the moves so far, in words"))),
        *([(letter("hint"), _named(names.hint(), _("a hint")))] if hint else []),
        *([(f"{letter('undo')} / {_k('ctrl')}+Z / {_k('backspace')}", _named(names.undo(), _("undo your last move")))]
          if undo else []),
        (letter("scores"), _named(names.scores(), _("the score sheet"))),
        *([(letter("say"), _named(names.say(), _("at a network table: a word to the other players")))]
          if say else []),
        # TRANSLATORS: the reading keys for screen readers: F1 the list of these keys, F2 your
        # cards, F3 the table, F4 the players, F5 whose turn, F6 the last trick or bout, F7 again
        ("F1–F7", _("read aloud: these keys, your cards, the table, the players, whose turn, the last "
                    "trick or bout, the last announcement again")),
        (_k("esc"), _("the pause menu")),
        ("F11", _("fullscreen")),
    ]


def replay_keys(rules: str | None = None) -> list[tuple[str, str]]:
    """(keys, what they do) in the replay viewer (``rules``: of that game's family only)."""
    pages = f"{_k('pgup')} / {_k('pgdn')}"
    return [
        ("← →", _("one event back or on")),
        *_one_row(rules, pages, lambda f: f.replay_pages(),
                  _("the previous or next deal (Durak: bout)")),
        (f"{_k('home')} / {_k('end')}", _("the start or the end")),
        (f"{_k('ctrl')}+{_k('pgup')} / {_k('ctrl')}+{_k('pgdn')}",
         _("the previous or next record of a file of several")),
        (_k("space"), _("play or pause")),
        ("+ −", _("faster or slower")),
        (letter("scores"), _named(names.scores(), _("the score sheet"))),
        (_k("esc"), _("back")),
    ]


def rules_keys() -> list[tuple[str, str]]:
    """(keys, what they do) on the rules screen (:mod:`game.ui.rules_scene`)."""
    return [
        ("← →", _("the previous or next game")),
        (f"1–{min(9, len(ruleset_ids()))}", _("a game from the list")),
        ("↑ ↓", _("scroll the text")),
        (f"{_k('pgup')} / {_k('pgdn')}", _("a page up or down")),
        # TRANSLATORS: {shift} is the name of the Shift key, as translated above
        (_k("space"), _("a page down ({shift}: up)").format(shift=_k("shift"))),
        (f"{_k('home')} / {_k('end')}", _("the start or the end")),
        (f"{_k('esc')} / {_k('backspace')}", _("back")),
    ]


def section_title() -> str:
    return _("Keyboard")


def replay_title() -> str:
    return _("Keyboard in the replay viewer")


def rules_title() -> str:
    return _("Keyboard in the rules")
