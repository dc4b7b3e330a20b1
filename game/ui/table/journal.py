"""The game's moves in words, as the table shows them.

The family parts write it as each event is shown, reading the public table after the event
is folded in ("Björn plays K♠ and takes the trick"); the move log panel
(:mod:`.movelog`) shows it and the hot-seat hand-off reads what happened since a player's
last turn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Entry:
    seat: int | None      # the player who moved (None: a heading such as "Deal 3")
    text: str
    head: bool = False


class MoveLog:
    def __init__(self):
        self.entries: list[Entry] = []

    def add(self, seat: int | None, text: str) -> int:
        self.entries.append(Entry(seat, text))
        return len(self.entries) - 1

    def head(self, text: str) -> None:
        self.entries.append(Entry(None, text, head=True))

    def replace(self, index: int, text: str) -> None:
        if 0 <= index < len(self.entries):
            self.entries[index].text = text

    def since(self, seat: int, most: int = 8) -> list[str]:
        """What happened after ``seat``'s last move (at most the last ``most`` lines)."""
        start = 0
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].seat == seat:
                start = i + 1
                break
        return [e.text for e in self.entries[start:]][-most:]
