"""Actions named from outside: a bot's answer or a network peer's, matched against the
legal actions, the one way the game reads an action it did not make itself."""

from __future__ import annotations


def match_action(action: object, legal: list[dict]) -> dict | None:
    """The legal action ``action`` names (card order inside a multi-card action does not
    matter; a ``player`` key is ignored), as the engine's own dict; else None.  ``action``
    is parsed JSON: plain dicts, lists, strings and numbers."""
    if not isinstance(action, dict):
        return None
    clean = {k: v for k, v in action.items() if k != "player"}
    for a in legal:
        if a.keys() != clean.keys():
            continue
        if all(_same_value(v, clean[k]) for k, v in a.items()):
            return a
    return None


def _same_value(mine: object, theirs: object) -> bool:
    if isinstance(mine, list):
        return (isinstance(theirs, list) and len(mine) == len(theirs)
                and all(isinstance(c, str) for c in theirs) and sorted(mine) == sorted(theirs))
    return type(mine) is type(theirs) and mine == theirs
