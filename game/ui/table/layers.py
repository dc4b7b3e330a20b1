"""The table's static layer: what changes only when an event is shown, drawn once and reused.

The layer holds the felt (drawn anew, with all the rest, when :meth:`StaticLayer.key`
changes: the window size, the language...) and over it the table's *parts*: the header,
the middle of the table, every seat's panel and card backs, the viewer's hand, the prompt
and the buttons.  Each part has a key (all
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
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ... import i18n
from .. import cards as card_faces
from .. import theme
from .board import Board
from .layout import Layout
from .view import TableView

if TYPE_CHECKING:
    from ...storage.settings import Settings

#: a part of the layer: its name, its key, and a function drawing it that returns its area
Part = tuple[object, object, Callable[[pygame.Surface], pygame.Rect | None]]


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


class Bounds(pygame.Surface):
    """A 1x1 surface that keeps what was drawn on it and where (blits and fills), for a
    part that does not say where it draws (the header, the middle of the table).  What
    ``pygame.draw`` puts there is not seen: every place is widened by ``pad`` (a mark's
    frame around a card)."""

    def __init__(self, pad: int):
        super().__init__((1, 1))
        self.pad = pad
        #: (where, what): the image blitted (kept alive, so that no other image can take
        #: its id while a frame compares with it) or the colour filled
        self.items: list[tuple[pygame.Rect, object]] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        size = pygame.Rect(area).size if area is not None else source.get_size()
        r = pygame.Rect(pygame.Rect(dest).topleft if len(dest) == 4 else dest, size)
        self.items.append((r.inflate(2 * self.pad, 2 * self.pad), (source, special_flags)))
        return r

    def fill(self, color, rect=None, special_flags=0):
        r = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 1, 1)
        self.items.append((r.inflate(2 * self.pad, 2 * self.pad), (tuple(color), special_flags)))
        return r


def _union(rects) -> pygame.Rect:
    rects = list(rects)
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def changed_places(old: list, new: list) -> list[pygame.Rect]:
    """Where two drawings of a part differ: the places of the items in one but not in the
    other (the same image at the same place looks the same); all of it if only the order
    of the items changed."""
    def ident(item):
        r, (what, flags) = item
        return (tuple(r), what if isinstance(what, tuple) else id(what), flags)
    a, b = [ident(i) for i in old], [ident(i) for i in new]
    if a == b:
        return []
    sa, sb = set(a), set(b)
    out = [item[0] for item, k in zip(old, a) if k not in sb] + [item[0] for item, k in zip(new, b) if k not in sa]
    return out or [_union(item[0] for item in old + new)]


class Painter(Protocol):
    """What the layer reads of its renderer (:class:`.draw.Renderer`, which imports this
    module: its shape named here keeps the import one way)."""

    board: Board
    view: TableView

    @property
    def lay(self) -> Layout: ...
    @property
    def settings(self) -> Settings: ...


class StaticLayer:
    def __init__(self, renderer: Painter):
        self.renderer = renderer
        self.surface: pygame.Surface | None = None
        self._key: tuple | None = None
        self._parts: dict = {}          # name -> (key, area), in drawing order
        #: the rectangles of the layer drawn again this frame, without a full redraw
        self.damage: list[pygame.Rect] = []
        self.redraws = 0

    def key(self) -> tuple:
        """What every part reads: a change draws all of the layer anew."""
        lay = self.renderer.lay
        settings = self.renderer.settings
        return (lay.size, lay.viewer, i18n.current_language(), card_faces.look_key(settings), theme.felt_name(),
                theme.recording())

    def middle_key(self) -> tuple:
        """What the middle of the table shows."""
        b, v = self.renderer.board, self.renderer.view
        timeline = b.timeline
        now = timeline.now
        # what the middle reads of the flights: cards on their way to the table (not drawn
        # where they land yet) and swept cards that still lie where they were
        flights = (frozenset(id(f) for f in timeline.flights if f.seat is None and not f.vanish),
                   frozenset(id(f) for f in timeline.flights if f.vanish and not f.started(now)))
        legal = v.legal() if b.sel.defend_with else ()
        return (v.shown, b.sel.defend_with, len(legal), flights, v.part.static_key())

    def invalidate(self) -> None:
        """Draw everything anew next frame."""
        self._key = None

    def where(self, draw) -> tuple[pygame.Rect, list | None]:
        """Where ``draw`` draws now (drawn on a 1x1 surface that keeps it): the area, and
        the items drawn when the part does not say its area itself."""
        bounds = Bounds(int(8 * self.renderer.lay.u))
        area = draw(bounds)
        if area is not None:
            return area, None
        return _union(r for r, _what in bounds.items), bounds.items

    def get(self, size: tuple[int, int], parts: list[Part]) -> tuple[pygame.Surface, bool]:
        """The layer for this frame with ``parts`` over the felt, and whether it was drawn
        anew (else :attr:`damage` says where it changed)."""
        key = self.key()
        self.damage = []
        if (self.surface is not None and self.surface.get_size() == size and key == self._key
                and not theme.recording()):
            self._update(parts)
            return self.surface, False
        if self.surface is None or self.surface.get_size() != size:
            # made in the screen's format at once (a 4K surface converted after it was made
            # cost a second copy of it on the table's first frame)
            screen = pygame.display.get_surface()
            self.surface = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
            theme.screen_like(self.surface)
        surf = self.surface
        surf.blit(theme.felt(size), (0, 0))
        self._parts = {}
        for name, pkey, draw in parts:
            area = draw(surf)
            self._parts[name] = (pkey, area, None) if area is not None else (pkey, *self.where(draw))
        self._key = key
        self.redraws += 1
        return surf, True

    def _update(self, parts: list[Part]) -> None:
        surf = self.surface
        if surf is None:          # never: :meth:`get` updates a layer it has
            return
        old = self._parts
        names = {name for name, _k, _d in parts}
        rects = [prev[1] for name, prev in old.items() if name not in names]
        now = {}
        for name, pkey, draw in parts:
            prev = old.get(name)
            if prev is not None and prev[0] == pkey:
                now[name] = prev
                continue
            area, items = self.where(draw)
            now[name] = (pkey, area, items)
            if prev is not None and items is not None and prev[2] is not None:
                rects += changed_places(prev[2], items)
            else:
                rects.append(area)
                if prev is not None:
                    rects.append(prev[1])
        self._parts = now
        if not rects:
            return
        bounds = surf.get_rect()
        felt = theme.felt(surf.get_size())
        self.damage = disjoint([r.clip(bounds) for r in rects])
        for d in self.damage:
            surf.set_clip(d)
            surf.blit(felt, d, d)
            for name, _k, draw in parts:
                if now[name][1].colliderect(d):
                    draw(surf)
        surf.set_clip(None)


def widget_look(widget, focused: bool) -> tuple:
    """Everything a widget's drawing shows: its plain attributes, its label's and second
    line's texts now (a language switch), and whether it has the focus."""
    if type(widget).__name__ == "Button":      # the table's buttons: the quick way
        sub = widget.sub() if callable(widget.sub) else widget.sub
        return ("Button", focused, tuple(widget.rect), widget.text, sub, widget.visible, widget.enabled,
                widget.hover, widget.pressed, widget.primary, widget.px)
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
