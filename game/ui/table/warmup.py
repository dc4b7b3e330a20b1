"""Card faces drawn ahead of need, a few at a time in spare frame time.

After a layout every card face the table can show is drawn at the table's sizes (the
viewer's hand, the trick), so that no frame has to draw one when a card is first played;
the cards of the viewer's hand first (the renderer's jobs ahead), a face with pictures a
part at a time (:func:`game.ui.cards.face_jobs`) or, where it can, asked of the painter
process (:mod:`game.ui.painter`) and taken from it as it finishes them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ...engine.cards import NAMES
from .. import cards as card_faces
from .. import panels
from .. import theme

if TYPE_CHECKING:
    from ...storage.settings import Settings


#: the design sizes of the texts a game shows (the table, the shout, the scores, the result)
FONT_SIZES = (12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 26, 32, 90)


#: what a job returns when it cannot be done yet (see :meth:`Warmup.step`)
LATER = object()


class Warmup:
    def __init__(self):
        self._todo = iter(())
        self._pending = None

    def start(self, lay, settings: Settings, *first) -> None:
        """``first``: other jobs to do before the card faces (the app's imports ahead, the
        shouts' letters)."""
        def jobs():
            for more in first:
                yield from more
            seats = sorted({tuple(lay.seat_rect(seat).size) for seat in range(lay.n)})
            yield from panels.warm(lay.u, seats)          # the seats' panels, lit or not, and shadows
            for size in seats:
                for alpha in (200, 120):
                    yield lambda size=size, alpha=alpha: theme.panel_image(size, lay.u, alpha)
                yield lambda size=size: theme.panel_image(size, lay.u, 255, theme.FOCUS, panels.TO_ACT)
            yield lambda: card_faces.glow(lay.hand_w)
            for px in FONT_SIZES:                # a font loaded on first use is a hitch
                for bold in (False, True):
                    yield lambda px=px, bold=bold: theme.font(px * lay.u, bold)
            for w in lay.card_sizes:
                yield lambda w=w: card_faces.back(w)
                yield lambda w=w: card_faces.shadow(w)
            for w in (lay.hand_w, lay.table_w):
                yield lambda w=w: card_faces.highlight(w, theme.ACCENT)
                yield lambda w=w: card_faces.highlight(w, theme.GOOD)
                yield lambda w=w: card_faces.highlight(w, theme.ERROR)
                yield lambda w=w: card_faces.dim(w)
            for w in (lay.hand_w, lay.table_w):
                for card in NAMES:
                    # a face with pictures a part at a time: no frame waits for a whole one
                    yield from card_faces.face_jobs(card, w, settings)
        self._todo = jobs()
        self._pending = None

    def step(self, budget_ms: float = 2.0) -> bool:
        """Draw ahead for up to ``budget_ms``; False once everything is drawn (and every face
        asked of the painter taken).  A job that
        returns :data:`LATER` is not ready yet (what it draws is not known): it is asked
        again next frame, and nothing after it runs before."""
        end = time.perf_counter() + budget_ms / 1000
        card_faces.collect(end)                      # faces the painter process has finished
        while time.perf_counter() < end:
            job, self._pending = self._pending or next(self._todo, None), None
            if job is None:
                return card_faces.pending() > 0          # done once the painter's faces are in
            if job() is LATER:
                self._pending = job
                return True
        return True
