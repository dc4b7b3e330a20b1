"""The table's static layer: what changes only when an event is shown, drawn once and reused.

The layer holds the felt, the header and the middle of the table (drawn anew when its
:meth:`StaticLayer.key` changes), and over them the table's *parts*: every seat's panel
and card backs, the viewer's hand, the prompt and the buttons.  Each part has a key (all
it shows) and the area it covers; a part whose key changed is drawn again in place: the
layer is redrawn, clipped to the old and the new area (merged into rectangles that do not
overlap), with every part that reaches into them, in drawing order.  So the layer always
holds exactly the pixels a full redraw gives, at the cost of the areas that changed.

A frame copies back, from the layer, only where what moves over it (cards in flight,
banners, a hint) was last frame and where the layer changed, then draws what moves
(:meth:`Renderer.draw <.draw.Renderer.draw>`), so ``pygame.display.update(rects)``
updates only those rectangles.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ... import i18n
from .. import theme as T

#: a part of the layer: its name, its key, and a function drawing it that returns its area
Part = tuple[object, object, Callable[[pygame.Surface], pygame.Rect]]


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` merged until no two overlap (an area drawn twice with transparency would
    not look like one drawn once)."""
    out = [pygame.Rect(r) for r in rects if r.width > 0 and r.height > 0]
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            j = out[i].collidelist(out[i + 1:])
            if j >= 0:
                out[i].union_ip(out.pop(i + 1 + j))
                merged = True
                break
    return out


class StaticLayer:
    def __init__(self, renderer):
        self.r = renderer
        self.surface: pygame.Surface | None = None
        self._key = None
        self._parts: dict = {}          # name -> (key, area), in drawing order
        self._dry = pygame.Surface((1, 1))
        #: the rectangles of the layer drawn again this frame, without a full redraw
        self.damage: list[pygame.Rect] = []
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

    def invalidate(self) -> None:
        """Draw everything anew next frame."""
        self._key = None

    def get(self, size: tuple[int, int], parts: list[Part]) -> tuple[pygame.Surface, bool]:
        """The layer for this frame with ``parts`` over it, and whether it was drawn anew
        (else :attr:`damage` says where it changed)."""
        key = self.key()
        self.damage = []
        if (self.surface is not None and self.surface.get_size() == size and key == self._key
                and not T.recording()):
            self._update(parts)
            return self.surface, False
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            T.screen_like(self.surface)
        self.r.draw_static(self.surface)
        self._parts = {name: (pkey, draw(self.surface)) for name, pkey, draw in parts}
        self._key = key
        self.redraws += 1
        return self.surface, True

    def _update(self, parts: list[Part]) -> None:
        old = self._parts
        names = {name for name, _k, _d in parts}
        rects = [area for name, (_k, area) in old.items() if name not in names]
        areas = {}
        for name, pkey, draw in parts:
            prev = old.get(name)
            if prev is not None and prev[0] == pkey:
                areas[name] = prev[1]
                continue
            areas[name] = draw(self._dry)          # where it draws now (on a 1x1 surface)
            rects.append(areas[name])
            if prev is not None:
                rects.append(prev[1])
        self._parts = {name: (pkey, areas[name]) for name, pkey, _d in parts}
        if not rects:
            return
        surf = self.surface
        bounds = surf.get_rect()
        self.damage = disjoint([r.clip(bounds) for r in rects])
        for d in self.damage:
            surf.set_clip(d)
            self.r.draw_static(surf)
            for name, _k, draw in parts:
                if areas[name].colliderect(d):
                    draw(surf)
        surf.set_clip(None)


def widget_look(widget, focused: bool) -> tuple:
    """Everything a widget's drawing shows: its plain attributes, its label's and second
    line's texts now (a language switch), and whether it has the focus."""
    look = []
    for name, value in vars(widget).items():
        if callable(value):
            if name not in ("label", "sub"):
                continue                    # what it does when clicked: not drawn
            value = value()
        if isinstance(value, pygame.Rect):
            value = tuple(value)
        elif isinstance(value, (list, dict, set)):
            value = repr(value)
        look.append((name, value))
    return (type(widget).__name__, focused, tuple(look))
