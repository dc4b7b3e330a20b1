"""The keys of the table's tools, declared once: each tool's letter in the player's
language and its English letter.

A tool (the move log, the look back, the score sheet, a hint, undo) is pressed by two
letters: its English one (M, L, S, H, U), which works in every language, and, in another
language, a letter of the word on its button there.  That letter is the one the table's
buttons show ("Drag (D)", "Förra sticket (F)") and the key lists name (the pause menu, the
end of every rules text: :mod:`game.ui.shortcuts`).

A language's letters are derived from its button words (:mod:`game.ui.tool_names`), tool
by tool in the order of :data:`TOOLS` (the buttons that show their key first): each takes
the first letter of its word that no tool before it took and that is not another tool's
English letter.  The look back's letter is in both of its names (trick and bout).  So no
two buttons at a table share a letter, and an English letter always means the same tool
(Danish: Træk T, Forrige stik / omgang F, Point P, Tip I, Fortryd O; Icelandic: Leikir E,
since L is the look back's English letter).  English shows its own letters.
"""

from __future__ import annotations

import pygame

from .. import i18n
from . import tool_names as names

#: the tools with a key, in the order they choose their letter (Say: the table phrases of a
#: network table, last, so that it takes no letter from the others)
TOOLS = ("moves", "lookback", "scores", "hint", "undo", "say")
#: the English letters: the keys in English, and a second key in every other language (Say's
#: is the one letter of its word no tool holds in any language)
ENGLISH = {"moves": "M", "lookback": "L", "scores": "S", "hint": "H", "undo": "U", "say": "Y"}

_memo: dict[str, object] = {}


def words(tool: str) -> tuple[str, ...]:
    """The button words of ``tool`` in the language now (the look back has two)."""
    return {
        "moves": (names.moves(),),
        "lookback": (names.previous_trick(), names.previous_bout()),
        "scores": (names.scores(),),
        "hint": (names.hint(),),
        "undo": (names.undo(),),
        "say": (names.say(),),
    }[tool]


def letters() -> dict[str, str]:
    """Every tool's letter in the language now (upper case), derived once per language."""
    version = (i18n.current_language(), i18n.language_version())
    if _memo.get("version") != version:
        _memo["letters"] = derive(i18n.current_language() == "en")
        _memo["version"] = version
    return _memo["letters"]  # type: ignore[return-value]


def derive(english: bool = False) -> dict[str, str]:
    """Each tool's letter from the button words now (``english``: the English letters)."""
    if english:
        return dict(ENGLISH)
    out: dict[str, str] = {}
    for tool in TOOLS:
        first, *rest = [w.lower() for w in words(tool)]
        barred = {ENGLISH[t].lower() for t in TOOLS if t != tool} | {v.lower() for v in out.values()}
        pick = next((ch for ch in first if ch.isalpha() and ch not in barred
                     and all(ch in w for w in rest)), ENGLISH[tool].lower())
        out[tool] = pick.upper()
    return out


#: the buttons of a decision that have a key (transfer Durak's Pass on and Show trump)
ACTIONS = ("pass_on", "show_trump")
#: letters a Nordic keyboard types with a dead key (´ then the letter), never a key of their own
DEAD_KEY_LETTERS = set("áéíóúýàèìòù")


def action_words(action: str) -> str:
    return {"pass_on": names.pass_on, "show_trump": names.show_trump}[action]()


def action_letters() -> dict[str, str]:
    """The keys of a decision's buttons in the language now: the first letter of one of the
    button's words that no tool holds here (its letter in this language, or its English one),
    else another of its letters ("Pass on (P)", "Show trump (T)"; sv "Skicka vidare (V)")."""
    version = (i18n.current_language(), i18n.language_version())
    if _memo.get("actions_version") != version:
        barred = {v.lower() for v in letters().values()} | {v.lower() for v in ENGLISH.values()}
        out: dict[str, str] = {}
        for action in ACTIONS:
            label = action_words(action).lower()
            # (a letter typed with a dead key, as the Icelandic á, is no key of its own)
            initials = [w[0] for w in label.split() if w and w[0].isalpha() and w[0] not in DEAD_KEY_LETTERS]
            rest = [ch for ch in label if ch.isalpha() and ch not in DEAD_KEY_LETTERS]
            taken = barred | {v.lower() for v in out.values()}
            pick = next((ch for ch in initials + rest + list("abcdefghijklmnopqrstuvwxyz") if ch not in taken))
            out[action] = pick.upper()
        _memo["actions"] = out
        _memo["actions_version"] = version
    return _memo["actions"]  # type: ignore[return-value]


def action_of(e) -> str | None:
    """The decision button a KEYDOWN ``e`` presses (:data:`ACTIONS`), or None."""
    if getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return None
    typed = _typed(e)
    return next((a for a, ch in action_letters().items() if ch.lower() in typed), None)


def letter(tool: str) -> str:
    """The letter of ``tool`` in the language now, as buttons and key lists show it."""
    return letters()[tool]


def tool_of(e) -> str | None:
    """The tool a KEYDOWN ``e`` presses (its letter in the language now first, then the
    English letters), or None: another key, or Ctrl or Alt held."""
    if getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return None
    typed = _typed(e)
    if not typed:
        return None
    for table in (letters(), ENGLISH):
        for tool in TOOLS:
            if table[tool].lower() in typed:
                return tool
    return None


def _typed(e) -> set[str]:
    """The letters a key event stands for: its key's character (the keyboard layout's, as
    "å" on a Swedish keyboard) and the text it typed."""
    out: set[str] = set()
    key = getattr(e, "key", 0) or 0
    if 0 < key < 0x110000 and chr(key).isalpha():
        out.add(chr(key).lower())
    text = getattr(e, "unicode", "") or ""
    if len(text) == 1 and text.isalpha():
        out.add(text.lower())
    return out
