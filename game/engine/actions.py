"""Actions and events as typed values, and actions named from outside matched against the
legal ones.

An action (what a seat decides) and an event (what happened, a line of the record) are JSON
objects in the record (RECORDS.md, beside this file); here they are :class:`Action` and
:class:`Event`, ``TypedDict`` types over the same objects, so the JSON is unchanged and a type
checker knows each field.  Every key but ``type`` is there only for the types that have it
(RECORDS.md's tables): ``action["cards"]`` after ``action["type"] == "play"``.

:func:`match_action` is the one way the game reads an action it did not make itself (a bot's
answer, a network peer's).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, TypedDict, TypeVar

#: ``Action["from"]`` and ``Event["from"]`` (a swap's source) are not names Python allows, so
#: both are declared in TypedDict's call form.
Action = TypedDict("Action", {
    "type": str,                   # play, exchange, buyback, pass, attack, defend, transfer, take, swap
    "player": int,                 # the seat (in a record's event; never needed in an action)
    "cards": list[str],            # play, attack, draw
    "card": str,                   # defend (what covers), transfer
    "attack": str,                 # defend: which card on the table is covered
    "discard": list[str],          # exchange
    "shown": bool,                 # transfer: a trump only shown
    "from": "int | None",          # swap: the seat the trump card came from, None for the stock
}, total=False)

Event = TypedDict("Event", {
    "type": str,
    "player": int,
    "cards": list[str],
    "card": str,
    "attack": str,
    "discard": list[str],
    "draw": list[str],
    "shown": bool,
    "from": "int | None",
    "dealer": int,
    "hands": "list[list[str] | None]",
    "trump": str,
    "stock": list[str],
    "winner": int,
    "penalties": "list[int | None]",
    "totals": "list[int | None]",
    "points": int,
    "result": str,
    "winners": list[int],
    "loser": "int | None",
    "losing_team": "list[int] | None",
    "reason": str,
    "lowest_trump": "list[int | str] | None",   # a Durak deal in a seat's view: [seat, card] (RECORDS.md)
}, total=False)


#: an action as the engine made it: an :class:`Action`, or the plain dict a bot's seat has
A = TypeVar("A", bound=Mapping[str, Any])


def match_action(action: object, legal: Sequence[A]) -> A | None:
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
