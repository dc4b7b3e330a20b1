"""Where a resumed game starts on the screen: the one answer for the table and for the words
that name a saved game.

Continue replays a save's record and shows its events at once up to a point, then the rest
again as they were played: the trick or bout under way, and a deal's end the player may not
have seen (its last trick, the scores, the sheet) before the next deal is dealt again.  So
the deal the table opens at is the one of that point, not the newest deal of the record:
the menu's label and the "replace saved game?" question say that deal
(:func:`game.ui.game_labels.save_where`); each family's rule is found through
:mod:`game.ui.table.families`.  Pure: no pygame, events as the engine writes them.
"""

from __future__ import annotations

#: the events between a Gurka game's last trick and its ``game_over`` (and after a deal's
#: last trick before the next deal)
GURKA_END = ("score", "out", "buyback")
#: the events between a Durak game's last bout and its ``game_over``
DURAK_END = ("bout_end", "draw", "out")


def before_end(events: list[dict], end_events: tuple[str, ...]) -> int:
    """Where the end of a finished game begins (a save of a game whose end the player had
    not seen yet: it is shown again, then the result), else ``len(events)``."""
    i = len(events)
    if i and events[i - 1]["type"] == "game_over":
        i -= 1
        while i > 0 and events[i - 1]["type"] in end_events:
            i -= 1
    return i


def gurka(events: list[dict], seen: int | None = None) -> int:
    """The first event of a Gurka game shown again with its animation: the plays of the
    trick under way; a deal scored with nothing played since: when the table had shown the
    next deal (``seen``, the events shown when it was saved: the player went on with *Next
    deal*), that deal dealt again; else (the player left at the score sheet or a buy-back)
    its last trick, then the scores, then the next deal dealt again."""
    i = before_end(events, GURKA_END)
    if i == len(events):
        k = i - 1 if i and events[i - 1]["type"] == "deal" else i
        if k < i and seen is not None and seen > k:
            return k
        j = k
        while j > 0 and events[j - 1]["type"] in GURKA_END:
            j -= 1
        i = j if j < k else i
    if i and events[i - 1]["type"] == "trick":
        i -= 1
    while i > 0 and events[i - 1]["type"] == "play":
        i -= 1
    return i


def durak(events: list[dict], seen: int | None = None) -> int:
    """The first event of a Durak game shown again with its animation: the bout under way,
    or a finished bout (maybe held for the player) as a trick is (one game a record: there is
    no next deal, so ``seen`` changes nothing)."""
    i = j = before_end(events, DURAK_END)
    while j > 0 and events[j - 1]["type"] in ("draw", "out"):
        j -= 1
    if j and events[j - 1]["type"] == "bout_end":
        i = j - 1
    while i > 0 and events[i - 1]["type"] in ("attack", "defend", "transfer", "pass", "take", "swap", "out"):
        i -= 1
    return i

