"""The game's moves in words, as the table shows them.

The family parts write it as each event is shown, reading the public table after the event
is folded in ("Björn plays K♠ and takes the trick").  An entry keeps how to say it, not the
words: it is put into words when it is read, so a change of language (or of the card
letters) mid-game shows the whole log in the new one.  The move log panel
(:mod:`.movelog`) shows it and the hot-seat hand-off reads what happened since a player's
last turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: an entry's sentence, said in the language of the moment it is read
Words = Callable[[], str]


@dataclass
class Entry:
    seat: int | None      # the player who moved (None: a heading such as "Deal 3")
    words: Words
    head: bool = False    # a deal's (Durak: a game's) heading
    group: bool = False   # a trick's (Durak: a bout's) heading: who led, who took it

    @property
    def text(self) -> str:
        return self.words()


class MoveLog:
    def __init__(self):
        self.entries: list[Entry] = []

    def add(self, seat: int | None, words: Words) -> int:
        self.entries.append(Entry(seat, words))
        return len(self.entries) - 1

    def head(self, words: Words) -> None:
        self.entries.append(Entry(None, words, head=True))

    def group(self, words: Words) -> int:
        """A trick's or bout's heading (rewritten when it ends: :meth:`replace`); its index."""
        self.entries.append(Entry(None, words, group=True))
        return len(self.entries) - 1

    def replace(self, index: int, words: Words) -> None:
        if 0 <= index < len(self.entries):
            self.entries[index].words = words

    def since(self, seat: int) -> list[str]:
        """What happened after ``seat``'s last move, every line (the hand-over shows the newest
        that fit, and says how many it leaves out)."""
        start = 0
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].seat == seat:
                start = i + 1
                break
        return [e.text for e in self.entries[start:]]
