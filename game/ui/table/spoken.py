"""Every event shown at the table, said once: the announcements for a screen reader.

When the table shows an engine event (``part.show``), :class:`Spoken` says it in the move
log's words (:mod:`.journal`, written by the family parts with :mod:`.gurka_words` and
:mod:`.durak_words`): the entries the event added, with what the part put on the
announcement line ("Björn takes the trick with K♠"); an event that adds no entry of its own
(a finished trick) is said by the announcement line or the entry it rewrote.  Nothing is
made up here: the sentences are the log's and the announcement line's, in the player's
language.  The short verbosity says a card's move as its cards and the name ("K♥ Björn").

Events shown at once (*Show at once*, a skip) are gathered and said as one summary when the
table is shown again.  While announcements are on, the table gives each sentence the time
to be read (:meth:`game.ui.access.Access.wait_ms`) as it gives an animation its time.
"""

from __future__ import annotations

from typing import Protocol

from ...i18n import ngettext
from ..access import Access
from . import durak_words
from .board import Board
from .part_base import TablePart

#: the card moves the short verbosity says as "cards name"
CARD_MOVES = ("play", "attack", "defend")
#: how many sentences a summary of moves shown at once reads (the newest)
SUMMARY = 6


class Showing(Protocol):
    """What :class:`Spoken` reads of the table besides its board (the scene,
    :class:`.scene.TableScene`, which imports this module)."""

    @property
    def part(self) -> TablePart:
        """The family's part (the game's result in words)."""

    @property
    def skipping(self) -> bool:
        """The table shows moves at once (they are said as one summary)."""


class Spoken:
    def __init__(self, board: Board, table: Showing, access: Access):
        """``board``: the move log, the announcement line's sentences, the names and the
        clock; ``table``: the part and the skip; ``access``: the screen reader's voice."""
        self.board = board
        self.table = table
        self.access = access
        self._before: list = []
        #: what was shown at once, to be said as one summary
        self.pending: list[str] = []
        #: (event type, what was said) of every event shown (tests count them)
        self.heard: list[tuple[str, str]] = []

    def before(self) -> None:
        """An event is about to be shown: note the log as it is."""
        self._before = [e.words for e in self.board.log.entries]
        self.board.said.clear()

    def words(self, ev: dict) -> str:
        """What the event just shown says, from the log and the announcement line."""
        entries = self.board.log.entries
        n = len(self._before)
        new = [e.text for e in entries[n:] if not e.group]
        changed = [e for i, e in enumerate(entries[:n]) if e.words is not self._before[i]]
        said = [t for t in self.board.said if t and not _told(t, new)]
        self.board.said.clear()
        parts = new + said
        if not parts:
            parts = [e.text for e in changed if not e.group] or [e.text for e in changed]
        if not parts and ev.get("type") == "game_over":
            parts = [self.table.part.result()[0]]
        if not parts and ev.get("type") == "pass" and ev.get("player") is not None:
            p = ev["player"]        # Durak: the attacker's *Done*, shown over the seat only
            parts = [durak_words.done(self.board.name(p), self.board.you(p))]
        if ev.get("type") in CARD_MOVES and not self.access.verbose():
            short = self._short(ev)
            if short:
                return short
        return " ".join(" ".join(_sentence(p) for p in parts if p).split())

    def _short(self, ev: dict) -> str:
        cards = ev.get("cards") or ([ev["card"]] if ev.get("card") else [])
        p = ev.get("player")
        if not cards or p is None:
            return ""
        return f"{self.board.card_text(cards)} {self.board.name(p)}"

    def after(self, ev: dict) -> None:
        """The event was shown: say it (gathered while the table skips); the table waits for it."""
        text = self.words(ev)
        self.heard.append((ev.get("type", ""), text))
        if not text:
            return
        if self.table.skipping:
            self.pending.append(text)
            return
        self.access.say(text)
        self.board.timeline.wait(self.access.wait_ms(text))

    def settle(self) -> None:
        """The table shows its moves again one by one: say what it showed at once."""
        if self.pending and not self.table.skipping:
            said, self.pending = self.pending, []
            text = " ".join(said[-SUMMARY:])
            if len(said) > SUMMARY:
                # TRANSLATORS: a screen reader's summary of moves shown at once; the newest of them follow
                text = ngettext("{n} move shown at once; the last:", "{n} moves shown at once; the last:",
                                len(said)).format(n=len(said)) + " " + text
            self.access.say(text)


def _told(line: str, texts: list[str]) -> bool:
    """Does the log's ``texts`` say all of ``line`` already (the announcement line joins
    sentences with " · ")?"""
    parts = [p.strip() for p in line.split("·") if p.strip()]
    return bool(parts) and all(any(p in t for t in texts) for p in parts)


def _sentence(text: str) -> str:
    """``text`` as a sentence (a full stop at its end, for the reader's pause)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?:…" else text + "."
