"""The table's static layer: what changes only when an event is shown, drawn once and reused.

A frame is the static layer (felt, header, the middle of the table) blitted in one copy,
with the rest drawn over it from cached images (the seats' panels and lines, the
viewer's hand, cards in flight, banners, the prompt, the buttons).  The static layer is drawn again only when what it
shows changes: its :meth:`StaticLayer.key` names everything it reads.  While nothing but
the moving parts change, the frame's dirty rectangles are where they were and are now,
so a real display updates only those (``pygame.display.update(rects)``).
"""

from __future__ import annotations

import pygame

from ... import i18n
from .. import theme as T


class StaticLayer:
    def __init__(self, renderer):
        self.r = renderer
        self.surface: pygame.Surface | None = None
        self._key = None
        self._last_rects: list[pygame.Rect] = []
        self._elements: dict = {}
        self.redraws = 0

    def key(self) -> tuple:
        s = self.r.s
        tl = s.tl
        now = tl.now
        # what the middle reads of the flights: cards on their way to the table (not drawn
        # where they land yet) and swept cards that still lie where they were
        flights = (frozenset(id(f) for f in tl.flights if f.seat is None and not f.vanish),
                   frozenset(id(f) for f in tl.flights if f.vanish and not f.started(now)))
        settings = s.app.settings
        legal = s.legal() if s.sel.defend_with else ()
        return (s.lay.size, s.lay.viewer, i18n.current_language(), s.shown, s.sel.defend_with, len(legal),
                flights, settings.get("card_indices"), settings.get("four_colour"), s.part.static_key(),
                T.recording())

    def get(self, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
        """The static layer for this frame, and whether it was drawn anew."""
        key = self.key()
        if self.surface is not None and self.surface.get_size() == size and key == self._key:
            return self.surface, False
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            T.screen_like(self.surface)
        self.r.draw_static(self.surface)
        self._key = key
        self.redraws += 1
        return self.surface, True

    def changed(self, name, key, area: pygame.Rect) -> bool:
        """Whether an element drawn over the layer looks different from the last frame."""
        key = (key, tuple(area))
        old = self._elements.get(name)
        self._elements[name] = key
        return old != key

    def dirty(self, rects: list[pygame.Rect], full: bool, size) -> list[pygame.Rect] | None:
        """The rectangles a display must update this frame (None: the whole window): where
        what moves was last frame and is now, and the elements that changed."""
        bounds = pygame.Rect((0, 0), size)
        now = [r.clip(bounds) for r in rects if r.width and r.height]
        if full:
            self._elements.clear()
        out = None if full else list({tuple(r): r for r in self._last_rects + now}.values())
        self._last_rects = now
        return out
