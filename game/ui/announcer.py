"""Announcements: what the game says to a player who cannot see it, once each, in order.

Every engine event shown at the table (in the move log's words, :mod:`.table.spoken`), a
hint, a refusal, a tutorial's callout and what a reading key asks for are *said* here.  The
announcer hands each sentence to whoever listens: the accessibility tree's polite live
region (:mod:`.access_kit`: NVDA, JAWS, Narrator, Orca and VoiceOver read it), the game's
own voice when the player chose it (:mod:`.speech`), and a log file when
``GURKA_ANNOUNCE_LOG`` names one (how the frozen apps are checked).

Whether announcements are *on* (:func:`wanted`): the *Screen reader* setting ``on``, or
``auto`` with a screen reader running where the system tells (:mod:`.screen_reader`), or the
game's own speech.  Only then does the table wait for a sentence to be read as it waits for
an animation (:func:`reading_ms`).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..storage.settings import Settings

#: how many sentences the announcer keeps (what was said lately, for tests and "repeat")
KEEP = 400
#: how long a screen reader takes per character at its usual rate (ms), at normal speed
MS_PER_CHAR = 55
#: the shortest time a sentence is given, and the longest the table waits for one
MIN_MS, MAX_MS = 700, 6000


def note(line: str) -> None:
    """One line in the game's log (stderr; a windowed app on Windows may have none)."""
    err = sys.stderr
    if err is not None:
        try:
            print(f"gurka: {line}", file=err, flush=True)
        except (OSError, ValueError):
            pass


def reading_ms(text: str) -> float:
    """How long reading ``text`` aloud takes at normal speed (ms)."""
    return float(min(MAX_MS, max(MIN_MS, len(text) * MS_PER_CHAR)))


def wanted(settings: Settings, detected: bool) -> bool:
    """Are announcements on (see the module's text)?"""
    mode = settings.screen_reader
    return mode == "on" or (mode == "auto" and detected) or settings.speech


class Announcer:
    def __init__(self):
        self.said: list[str] = []
        #: how many sentences were said in all (the live region changes with each)
        self.count = 0
        self.listeners: list = []
        self._log_path = os.environ.get("GURKA_ANNOUNCE_LOG") or None

    @property
    def last(self) -> str:
        return self.said[-1] if self.said else ""

    def say(self, text: str) -> None:
        """Say ``text`` (one or two sentences) once."""
        text = " ".join(str(text).split())
        if not text:
            return
        self.count += 1
        self.said.append(text)
        del self.said[:-KEEP]
        for fn in list(self.listeners):
            try:
                fn(text)
            except Exception as e:  # noqa: BLE001 - a listener (speech, the tree) must not stop the game
                note(f"announcement not passed on ({type(e).__name__}: {e})")
                self.listeners.remove(fn)
        if self._log_path:
            try:
                with open(self._log_path, "a", encoding="utf-8") as f:
                    f.write(text + "\n")
            except OSError:
                self._log_path = None
