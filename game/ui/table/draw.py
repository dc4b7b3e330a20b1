"""Drawing the table: felt, header, seats, the viewer's hand, flights, banners, the prompt.

What lies in the middle of the table differs per family and is drawn by the family part
(:meth:`draw_centre`); everything else is common.  The renderer is handed the table's
:class:`.board.Board` (the public table, its layout and timeline, the seats, the picked
cards, the settings) and a :class:`.view.TableView` (what else it reads of the table: the
family's part and decision, whose turn it is, the buttons, the prompt); it changes nothing
of either.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from .. import cards as card_faces
from .. import motion
from .. import panels
from .. import theme
from ..widgets_focus import draw_ring
from ..widget_base import Widget
from .board import Board
from .layers import Part, StaticLayer, disjoint, widget_look
from .layout import Layout
from .marks import dealer_letter
from . import seat_tags
from .texts import MomentTexts
from .view import TableView
from .warmup import LATER

if TYPE_CHECKING:
    from ...storage.settings import Settings


#: between the parts of the header line
SEP = "  ·  "


def pack(parts: list[str], px: float, width: float) -> list[str]:
    """The header's parts on as few lines of ``width`` as they go (a part is never split)."""
    lines: list[str] = []
    for part in parts:
        if lines and theme.font(px).size(lines[-1] + SEP + part)[0] <= width:
            lines[-1] += SEP + part
        else:
            lines.append(part)
    return lines


class Renderer(MomentTexts):
    def __init__(self, board: Board, view: TableView):
        """``board``: what the table shows; ``view``: what else the renderer reads of the
        table (the scene, :class:`.scene.TableScene`, which imports this module)."""
        self.board = board
        self.view = view
        self._kept: pygame.Surface | None = None    # the surface the last frame was drawn on, to draw over
        self._kept_size: tuple[int, int] | None = None
        self._kept_window = 0       # the app's window (its count of openings) drawn on
        self._moving: list[pygame.Rect] = []   # where what moves was drawn last frame
        self._shout_cache = None    # (key, image, area): the shout drawn once
        self.prompt_lines = 0
        self.news_box: pygame.Rect | None = None   # where the announcement line is this frame
        self._seat_keys: dict[int, tuple] = {}   # seat -> (what its words are made of, its key)
        self._fan_key: tuple | None = None   # what the hand's fan was worked out for, and the fan
        self._fan: list = []
        self.layer = StaticLayer(self)
        #: the rectangles the last frame changed (None: the whole window)
        self.dirty: list[pygame.Rect] | None = None
        #: where the static layer drew each face-up card, in drawing order (a tutorial's
        #: callouts point there)
        self.drawn: dict[str, list[pygame.Rect]] = {}
        self._recording = False
        #: the static layer's parts a scene adds under the buttons (the replay viewer's bar)
        self.extra_parts: Callable[[], list[Part]] = list

    # -- helpers ----------------------------------------------------------------------------
    @property
    def lay(self) -> Layout:
        """Where everything lies: the renderer draws only once the table is laid out."""
        lay = self.board.lay
        assert lay is not None, "the table is drawn before it is laid out"
        return lay

    @property
    def settings(self) -> Settings:
        """The player's settings (the card faces' look, the colours): the renderer reads them here."""
        return self.board.settings

    def card(self, surface, card, face_up: bool, center, width, angle: float = 0.0,
             shadow: bool = True, moving: bool = False) -> pygame.Rect:
        """A card at ``center``, ``width`` wide, on its soft shadow.  ``moving``: a card in
        flight, drawn from a face already drawn at one of the table's sizes (scaled), never
        rendered on the frame's path."""
        width = int(width)
        img, exact = self._card_image(card, face_up and bool(card), width, moving)
        if not exact:
            img = pygame.transform.smoothscale(img, (width, card_faces.height_for(width)))
            shadow = shadow and moving       # a card in flight keeps its shadow, held higher
        if angle:
            img = pygame.transform.rotate(img, angle)
        r = img.get_rect(center=(int(center[0]), int(center[1])))
        if shadow and not angle:
            if exact:
                card_faces.cast_shadow(surface, r, self.lay.u, lift=2.5 if moving else 1.0)
            else:       # in flight between the sizes: the shadow of the nearest size, centred
                near = min(self.lay.card_sizes, key=lambda w: abs(w - width))
                card_faces.cast_shadow(surface, r, self.lay.u, lift=2.5, width=near)
        surface.blit(img, r)
        theme.note_box(surface, "card", r)
        if self._recording and face_up and card:
            self.drawn.setdefault(card, []).append(r)
        return r

    def _card_image(self, card, face_up: bool, width: int, moving: bool):
        """The image to draw a card from, and whether it is at ``width`` already.  In between
        the table's sizes (a card in flight) the nearest larger one is scaled, rather than a
        card drawn and cached for every passing width; a card in flight is drawn from a face
        drawn already (larger first), and only when there is none is the face drawn now."""
        sizes = self.lay.card_sizes
        settings = self.settings
        if not face_up:
            if width in sizes:
                return card_faces.back(width), True
            return card_faces.back(min((w for w in sizes if w >= width), default=max(sizes))), False
        if not moving:
            if width in sizes:
                return card_faces.face(card, width, settings), True
            return card_faces.face(card, min((w for w in sizes if w >= width), default=max(sizes)), settings), False
        if width in sizes:
            img = card_faces.drawn(card, width, settings)
            if img is not None:
                return img, True
        larger = sorted(w for w in sizes if w >= width)
        smaller = sorted((w for w in sizes if w < width), reverse=True)
        for w in larger + smaller:
            img = card_faces.drawn(card, w, settings)
            if img is not None:
                return img, w == width
        base = larger[0] if larger else max(sizes)
        return card_faces.face(card, base, settings), base == width

    def stack(self, surface, center, width, count: int) -> pygame.Rect:
        """``count`` cards face down in a stack (the stock, a dealer's deck): its top card at
        ``center``, the edges of the cards under it showing below and to the right; returns
        the rect of the cards (its shadow left out)."""
        img, top, depth = card_faces.stack(int(width), count)
        r = pygame.Rect(0, 0, int(width), card_faces.height_for(int(width)))
        r.center = (int(center[0]), int(center[1]))
        surface.blit(img, (r.left - top[0], r.top - top[1]))
        whole = r.inflate(depth, depth).move(depth // 2, depth // 2)
        theme.note_box(surface, "card", whole)
        return whole

    def mark(self, surface, center, width, color, strong: bool = False) -> None:
        """A glow around a card; ``strong``: a thick frame as well (a card on the table that
        won, scored or is the one to reach)."""
        hl = card_faces.highlight(width, color)
        surface.blit(hl, hl.get_rect(center=(int(center[0]), int(center[1]))))
        if strong:
            u = self.lay.u
            r = pygame.Rect(0, 0, int(width), card_faces.height_for(width)).inflate(int(6 * u), int(6 * u))
            r.center = (int(center[0]), int(center[1]))
            pygame.draw.rect(surface, color, r, max(3, int(3 * u)), border_radius=int(width * 0.09))


    def place_buttons(self) -> None:
        if self.board.lay is None:
            return
        w, h = self.lay.size
        u = self.lay.u
        # as wide as the longest label needs, up to 270 (a buy-back's price; between deals)
        need = max((theme.font(20 * u, True).size(b.text)[0] + int(32 * u) for b in self.view.action_buttons), default=0)
        bw, bh = min(max(int(190 * u), need), int(270 * u)), int(44 * u)
        y = h - int(16 * u) - bh
        hand = [r for _c, r in self.hand_layout()]
        for b in reversed(self.view.action_buttons):
            b.rect = pygame.Rect(w - bw - int(16 * u), y, bw, bh)
            # beside the hand a wide label ("Halda spilunum mínum") wraps in a narrower button
            # rather than lie over the last cards (never narrower than the usual 190)
            beside = [r.right for r in hand if r.top < b.rect.bottom and r.bottom > b.rect.top]
            if beside and max(beside) + int(8 * u) > b.rect.left:
                b.rect.width = max(min(bw, int(190 * u)), b.rect.right - max(beside) - int(8 * u))
                b.rect.right = w - int(16 * u)
            y -= bh + int(10 * u)

    # -- the viewer's hand ----------------------------------------------------------------------
    def hand_layout(self) -> list[tuple[str, pygame.Rect]]:
        """Where each card of the viewer's hand lies (chosen cards raised, the one under the
        pointer a little): worked out once for each change of the hand, the choice, the
        pointer or the layout, however often a frame or a click asks."""
        b, v = self.board, self.view
        landing = b.timeline.landing_cards()
        hand = [c for c in v.visible_hand() if c not in landing]
        mine = v.my_turn()
        key = (self.lay, tuple(hand), tuple(b.sel.cards), b.sel.defend_with, v.hover_card if mine else None)
        if key != self._fan_key:
            u = self.lay.u
            lift = {}
            for c in hand:
                if c in b.sel.cards or c == b.sel.defend_with:
                    lift[c] = int(22 * u)
                elif c == v.hover_card and mine:
                    lift[c] = int(10 * u)
            self._fan_key, self._fan = key, self.lay.hand_rects(hand, lift)
        return [(c, pygame.Rect(r)) for c, r in self._fan]

    def hand_target(self, seat: int, card: str):
        """A flight's target: ``card`` in ``seat``'s hand (the fan for the viewer)."""
        b, v = self.board, self.view

        def target() -> tuple[float, float, float]:
            if seat == b.viewer:
                slot = self.lay.hand_slot(v.visible_hand(), card)
                if slot is not None:
                    return slot
            x, y = self.lay.seat_pos(seat)
            return (x, y, self.lay.small_w)
        return target

    def fixed(self, pos) -> Callable[[], tuple[float, float, int]]:
        """A flight's target that stays where ``pos`` is now, as a fraction of the window."""
        fx, fy = self.lay.frac(pos)
        return lambda: (fx * self.lay.size[0], fy * self.lay.size[1], self.lay.small_w)

    def card_source(self, seat: int, cards: list[str]) -> list[tuple[int, int]]:
        """Where cards leave from: the viewer's fan, or the seat's panel."""
        b, v = self.board, self.view
        if seat == b.viewer and not v.hidden:
            lay = dict(self.hand_layout())
            return [lay[c].center if c in lay else self.lay.seat_pos(seat) for c in cards]
        return [self.lay.seat_pos(seat) for _c in cards]

    def ahead(self) -> Iterator[Callable[[], object]]:
        """Jobs for spare frame time: the faces of the viewer's hand first (once the deal is
        shown: they turn face up as they land), then the texts of the moment's."""
        yield from self._hand_faces_ahead()
        yield from super().ahead()

    #: frames the drawing ahead waits for the viewer's cards to be dealt
    DEAL_WAIT = 30

    def _hand_faces_ahead(self) -> Iterator[Callable[[], object]]:
        asked = [0]

        def dealt() -> object:
            if self.view.visible_hand() or asked[0] >= self.DEAL_WAIT:
                return None
            asked[0] += 1
            return LATER
        yield dealt
        settings = self.settings
        for card in list(self.view.visible_hand()):
            yield from card_faces.face_jobs(card, self.lay.hand_w, settings)

    def pair_at(self, pos) -> int | None:
        return self.view.part.pair_at(pos)

    # -- the frame ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, middle: bool = True) -> None:
        """A frame: the static layer with the table's parts (see :mod:`.layers`), what moves
        over it.  On the surface the last frame was drawn on, only where something moved or
        the layer changed is copied back and drawn again.  ``middle=False``: the table
        without its middle, flights, texts of the moment and buttons (the background of a
        look back).  Under an overlay the banners, the announcement, the prompt and the
        buttons are left out: nothing shows through it."""
        b, v = self.board, self.view
        size = surface.get_size()
        if not middle:
            surface.blit(theme.felt(size), (0, 0))
            self.header(surface)
            for seat in range(b.n):
                self.seat(surface, seat)
            self.hand(surface)
            self.dirty = self._kept = None
            return
        top = v.on_top()
        static, full = self.layer.get(size, self.parts(top))
        # the same surface object after F11 (pygame keeps it), but a new window: draw all of it
        window = v.windows
        kept = (not full and self._kept is surface and surface.get_size() == self._kept_size
                and window == self._kept_window)
        if kept:
            restore = disjoint(self._moving + self.layer.damage)
            for r in restore:
                surface.blit(static, r, r)
        else:
            surface.blit(static, (0, 0))
        rects = self.flights(surface)
        if top:
            rects += self.banners(surface)
            rects += v.draw_extras(surface)
        bounds = surface.get_rect()
        self._moving = [c for c in (r.clip(bounds) for r in rects) if c.width and c.height]
        self.dirty = restore + self._moving if kept else None
        # under an overlay the next frame draws all of it again
        self._kept = surface if top else None
        self._kept_size = size
        self._kept_window = window

    def drawn_over(self, rects) -> None:
        """The scene drew ``rects`` over this frame (a tutorial's callout): copied back next frame."""
        bounds = pygame.Rect((0, 0), self._kept_size or (0, 0))
        self._moving += [c for c in (pygame.Rect(r).clip(bounds) for r in rects) if c.width and c.height]

    def parts(self, top: bool) -> list[Part]:
        """The static layer's parts in drawing order: (name, key, draw)."""
        b, v = self.board, self.view

        def seat_part(seat: int) -> Callable[[pygame.Surface], pygame.Rect]:
            return lambda surf: self.seat(surf, seat)

        def widget_part(w: Widget, f: bool, u: float, pad: int) -> Callable[[pygame.Surface], pygame.Rect]:
            return lambda surf: self._widget(surf, w, f, u, pad)

        out: list[Part] = [("header", (v.part.title(), v.part.header()), self.header),
                           ("middle", self.layer.middle_key(), self.middle)]
        out += [(("seat", seat), self._seat_key(seat), seat_part(seat)) for seat in range(b.n)]
        out.append(("hand", self._hand_key(), self.hand))
        if not top:
            self.prompt_lines = 0
            return out
        spec = self.prompt_spec()
        out.append(("prompt", spec, lambda surf: self.draw_prompt(surf, spec)))
        out += self.extra_parts()
        group = v.widgets
        focused = group.focused if group.keyboard else None
        pad = 2 * max(int(3 * self.lay.u), panels.button_reach(self.lay.u))   # its focus ring, its shadow
        u = self.lay.u
        for i, w in enumerate(group.widgets):
            if w.rect is not None:
                out.append((("widget", i), widget_look(w, w is focused), widget_part(w, w is focused, u, pad)))
        return out

    @staticmethod
    def _widget(surface, w, focused: bool, u: float, pad: int) -> pygame.Rect:
        w.draw(surface, u, focused)
        if focused and w.visible:
            return w.rect.inflate(pad, pad).union(draw_ring(surface, w, u))
        return w.rect.inflate(pad, pad)

    def _seat_key(self, seat: int) -> tuple:
        """Everything a seat's drawing shows (its dirty rectangle is skipped while it is the
        same).  Its words are worked out again only when what they are made of may have
        changed (an event shown, a card landing, a banner, the count-up of the totals...):
        eight seats' words every frame were a large part of an animating table's frame."""
        b, v = self.board, self.view
        m = b.model
        timeline = b.timeline
        count = max(0, m.counts[seat] - timeline.landing(seat))
        to_act = self.lit(seat)
        flash = self.flash(seat)
        flash = (flash.text, flash.color) if flash is not None else None
        note = v.stream.seat_note(seat)
        tally = timeline.count
        counting = timeline.now if tally.dur and timeline.now < tally.start + tally.dur else None
        stamp = (v.shown, id(m), to_act, count, flash, note, b.players[seat]["name"], b.finished, counting,
                 i18n.current_language(), motion.reduced(), id(v.part))
        kept = self._seat_keys.get(seat)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        key = (to_act, m.in_game(seat), b.players[seat]["name"], v.part.seat_words(seat), m.dealer == seat,
               count, tuple(v.part.seat_line(seat, count)), v.part.seat_extra_key(seat), note, flash)
        self._seat_keys[seat] = (stamp, key)
        return key

    def lit(self, seat: int) -> bool:
        """Is ``seat``'s panel lit as the one to act (once the table has shown every move)?"""
        b, v = self.board, self.view
        return v.stream.to_act() == seat and not v.busy() and not b.finished

    def flash(self, seat: int):
        """The banner showing in ``seat``'s panel now (none under an overlay)."""
        b, v = self.board, self.view
        return b.timeline.shown(("seat", seat)) if v.on_top() else None

    def _hand_key(self) -> tuple:
        b, v = self.board, self.view
        if v.hidden:
            return ("hidden", b.model.counts[b.viewer])
        return (tuple((c, tuple(r)) for c, r in self.hand_layout()), frozenset(v.legal_cards()),
                v.my_turn(), tuple(b.sel.cards))

    def middle(self, surface) -> None:
        """The middle of the table (the family part's), where each face-up card lies noted."""
        self.drawn, self._recording = {}, True
        self.view.part.draw_centre(surface)
        self._recording = False

    def header_area(self) -> pygame.Rect:
        """Where the header (the game's name, the deal, the pot) is drawn: top left, clear of
        a seat at the top."""
        u = self.lay.u
        width = self.lay.size[0] / 2 - self.lay.panel_w / 2 - 32 * u
        return pygame.Rect(int(16 * u), int(12 * u), int(width), int(24 * u + 2 * theme.line_step(15 * u)))

    def header(self, surface) -> None:
        u = self.lay.u
        v = self.view
        width = self.header_area().width
        theme.blit_text(surface, v.part.title(), 18 * u, (int(16 * u), int(12 * u)), theme.ACCENT, bold=True,
                    max_width=width)
        line = v.part.header()
        if line:
            px = 15 * u
            lines = pack(line.split(SEP), px, width)
            if len(lines) > 2:
                px = theme.MIN_PX
                lines = pack(line.split(SEP), px, width)
            for i, ln in enumerate(lines[:2]):
                theme.blit_text(surface, ln, px, (int(16 * u), int(36 * u) + i * theme.line_step(px)), theme.TEXT_DIM,
                            max_width=width)

    def seat(self, surface, seat: int) -> pygame.Rect:
        """A seat's panel, its lines and the backs of its cards; returns the area drawn."""
        b, v = self.board, self.view
        u = self.lay.u
        m = b.model
        rect = self.lay.seat_rect(seat)
        to_act = self.lit(seat)
        out = not m.in_game(seat)
        if to_act:
            # the seat to act glows, in a bright rim, its plate lit warmer
            panels.glow(surface, rect, u)
            theme.panel(surface, rect, u, alpha=235, border=theme.FOCUS, fill=panels.TO_ACT)
            pygame.draw.rect(surface, theme.FOCUS, rect, max(2, int(3 * u)), border_radius=panels.radius(u))
        else:
            theme.panel(surface, rect, u, alpha=200 if not out else 120, border=theme.PANEL_BORDER)
        p = b.players[seat]
        col = theme.TEXT_DIM if out else theme.TEXT
        # the level beside the name, shortened where a long name needs the room ("Norm.")
        level = seat_tags.level_tag(v.part.level(seat), p["name"], rect.width - int(22 * u), u)
        lpx = seat_tags.LEVEL_PX * u
        room = theme.font(lpx).size(level)[0] + int(12 * u) if level else 0   # the name stops short of it
        theme.blit_text(surface, p["name"], 17 * u, (rect.left + int(10 * u), rect.top + int(6 * u)), col,
                    bold=True, max_width=rect.width - max(int(44 * u), room + int(10 * u)))
        if level:
            theme.blit_text(surface, level, lpx, (rect.right - int(8 * u), rect.top + int(8 * u)), theme.TEXT_DIM,
                        anchor="topright")
        team = v.part.team(seat)
        if m.dealer == seat:
            letter = dealer_letter()           # one or two letters ("G", "Gj"): the chip fits them
            side = max(int(22 * u), theme.font(12 * u, True).size(letter)[0] + int(10 * u))
            d = pygame.Rect(0, 0, side, side)
            d.center = (rect.right - int(2 * u), rect.bottom - int(2 * u))
            pygame.draw.circle(surface, (245, 245, 235), d.center, d.width // 2)
            pygame.draw.circle(surface, theme.ACCENT_DARK, d.center, d.width // 2, max(1, int(u)))
            theme.note_box(surface, "panel", d)
            theme.blit_text(surface, letter, 12 * u, d.center, theme.TEXT_DARK, bold=True, anchor="center")
        count = max(0, m.counts[seat] - b.timeline.landing(seat))
        flash = self.flash(seat)
        if flash is not None:
            # a banner at the seat takes the place of its line while it shows
            theme.blit_text(surface, flash.text, 15 * u, (rect.left + int(10 * u), rect.top + int(29 * u)),
                        flash.color, bold=True, max_width=rect.width - int(20 * u))
        elif v.stream.seat_note(seat):
            # a network seat's state ("lost the connection") takes the place of its line
            theme.blit_text(surface, v.stream.seat_note(seat), 14 * u, (rect.left + int(10 * u), rect.top + int(30 * u)),
                        theme.ACCENT, bold=True, max_width=rect.width - int(20 * u))
        else:
            theme.blit_text(surface, "  ·  ".join(v.part.seat_line(seat, count)), 14 * u,
                        (rect.left + int(10 * u), rect.top + int(30 * u)), theme.TEXT_DIM if out else theme.TEXT,
                        max_width=rect.width - int(20 * u))
        v.part.seat_extra(surface, seat, rect)
        area = rect.inflate(2 * theme.panel_reach(u), 2 * theme.panel_reach(u))
        marks = []                                   # what hangs below the panel's lower edge
        if m.dealer == seat:
            marks.append(d)                          # the dealer chip sits on the panel's corner
        if team is not None:                         # the team badge on its lower edge
            marks.append(seat_tags.draw_badge(surface, self.lay, seat, team))
        for mark in marks:
            area.union_ip(mark.inflate(4, 4))
        hand = m.hands[seat] if v.open_hands and self.lay.seat_slot(seat) != 0 and not out else None
        if hand:
            cards = [c for c in v.part.sort_hand(hand) if c not in b.timeline.landing_cards()]
            area.union_ip(self.open_fan(surface, rect, cards, marks))
        elif self.lay.seat_slot(seat) != 0 and count and not out:
            k = min(count, 10)
            w = self.lay.small_w
            fx = rect.centerx - (k - 1) * w * 0.18 / 2
            fy = self.lay.backs_rect(seat, k).centery       # above the panel, or below a top seat's
            for i in range(k):
                area.union_ip(self.card(surface, None, False, (fx + i * w * 0.18, fy), w, shadow=False))
        return area

    def open_fan(self, surface, rect, cards: list[str], marks=()) -> pygame.Rect:
        """Another seat's cards face up beside its panel (the replay of a finished game): a
        row of card labels, wrapped, below the panel (above it for a seat at the middle's
        height or low in a small window); below it, clear of the ``marks`` on the panel's
        lower edge (the team badge, the dealer's chip)."""
        area = pygame.Rect(rect.center, (0, 0))
        if not cards:
            return area
        u = self.lay.u
        settings = self.settings
        px = 13 * u
        pad, gap = int(4 * u), int(3 * u)
        pieces = [(theme.render(card_faces.card_text(c, settings), px, card_faces.suit_color(c[1], settings), True)) for c in cards]
        maxw = int(self.lay.panel_w * 1.3)
        rows: list[list[pygame.Surface]] = []
        row: list[pygame.Surface] = []
        width = 0
        for img in pieces:
            w = img.get_width() + 2 * pad
            if row and width + gap + w > maxw:
                rows.append(row)
                row, width = [], 0
            row.append(img)
            width += w + (gap if width else 0)
        rows.append(row)
        h = pieces[0].get_height() + int(2 * u)
        total = len(rows) * (h + gap)
        # the seats above the middle: below their panel (the top of the window is above);
        # the ones wholly below it: below theirs too where it fits, clear of the stock and
        # the discard pile beside the middle (a fan above them covered the pile's name)
        under = max([rect.bottom + int(4 * u)] + [mk.bottom + int(3 * u) for mk in marks])
        below = rect.centery < self.lay.center[1] or (
            rect.top > self.lay.center[1] and under + total <= self.lay.size[1])
        y = under if below else rect.top - int(4 * u) - total
        for row in rows:
            rw = sum(img.get_width() + 2 * pad for img in row) + gap * (len(row) - 1)
            x = rect.centerx - rw // 2
            for img in row:
                box = pygame.Rect(x, y, img.get_width() + 2 * pad, h)
                pygame.draw.rect(surface, (246, 243, 232), box, border_radius=int(4 * u))
                theme.note_box(surface, "panel", box)
                surface.blit(img, img.get_rect(center=box.center))
                area.union_ip(box)
                x += box.width + gap
            y += h + gap
        return area

    def hand(self, surface) -> pygame.Rect:
        """The viewer's hand (backs in hot seat); returns the area it covers."""
        b, v = self.board, self.view
        u = self.lay.u
        pad = max(int(12 * u), card_faces.reach(self.lay.hand_w, u))   # a card's shadow and glow
        area = pygame.Rect(self.lay.size[0] // 2, self.lay.hand_y, 0, 0)
        if v.hidden:
            n = b.model.counts[b.viewer]
            for i in range(n):
                x = self.lay.size[0] / 2 + (i - (n - 1) / 2) * self.lay.hand_w * 0.35
                r = self.card(surface, None, False, (x, self.lay.hand_y + self.lay.hand_h / 2), self.lay.hand_w)
                area.union_ip(r.inflate(2 * pad, 2 * pad))
            return area
        legal = v.legal_cards() if v.my_turn() else set()
        w = self.lay.hand_w
        fan = self.hand_layout()
        # the glows first, then the cards over them: a glow shows round a card where no other
        # card lies (a chosen card's frame was drawn across the card beside it)
        chosen = v.hover_card if v.my_turn() else None
        for c, r in fan:
            lifted = c in b.sel.cards or c == b.sel.defend_with or c == chosen
            card_faces.cast_shadow(surface, r, u, lift=2.0 if lifted else 1.0)
            if c == chosen:                   # the card being chosen: a soft light round it
                g = card_faces.glow_pad(w)
                surface.blit(card_faces.glow(w), r.move(-g, -g))
            if c in b.sel.cards or c in legal:
                self.mark(surface, r.center, w, theme.GOOD if c in b.sel.cards else theme.ACCENT)
            area.union_ip(r.inflate(2 * pad, 2 * pad))
        for c, r in fan:
            surface.blit(card_faces.face(c, w, self.settings), r)
            theme.note_box(surface, "card", r)
            if legal and c not in legal and c not in b.sel.cards:
                surface.blit(card_faces.dim(w), r)
        if v.my_turn():
            v.decision.hand_marks(surface, fan)       # the chosen cards against a set to match
        return area

    def flight_at(self, f, t: float) -> tuple[float, float, int]:
        """Where the card of flight ``f`` is at ``t`` (0 to 1) of its way: its centre and width."""
        W, H = self.lay.size
        tx, ty, tw = f.target()
        sx, sy = f.src[0] * W, f.src[1] * H
        x = sx + (tx - sx) * t
        # a card arcs up on its way; one going away (a trick swept to its winner) flies
        # straight, so that it never rises over the panel it stops short of
        y = sy + (ty - sy) * t - (0.0 if f.vanish else math.sin(t * math.pi) * 20 * self.lay.u)
        w0 = f.width_from * W
        return x, y, int(w0 + (tw - w0) * t)

    def flights(self, surface) -> list[pygame.Rect]:
        b, v = self.board, self.view
        now = b.timeline.now
        rects = []
        for f in b.timeline.flights:
            if not f.started(now):
                continue
            # reduced motion: a card shows where it lands from the moment it sets off
            t = 1.0 if motion.reduced() else f.progress(now)
            x, y, w = self.flight_at(f, t)
            face_up = f.face_up or (f.seat is not None and f.seat == b.viewer and not v.hidden and t > 0.5
                                    and self.lay.seat_slot(f.seat) == 0)
            r = self.card(surface, f.card, face_up, (x, y), max(12, w), moving=True)
            near = min(self.lay.card_sizes, key=lambda cw: abs(cw - r.width))
            rects.append(r.union(card_faces.shadow_rect(r, self.lay.u, 2.5, near)).union(
                card_faces.shadow_rect(r, self.lay.u, 2.5)).inflate(4, 4))                   # and its shadow
        return rects
