"""Drawing the table: felt, header, seats, the viewer's hand, flights, banners, the prompt.

What lies in the middle of the table differs per family and is drawn by the family part
(:meth:`draw_centre`); everything else is common.  The renderer reads the scene's public
table (``scene.model``), its layout and its timeline; it changes nothing.
"""

from __future__ import annotations

import math

import pygame

from ...i18n import pgettext
from .. import cards as C
from .. import theme as T
from .layers import StaticLayer
from .timeline import ease


def dealer_letter() -> str:
    # TRANSLATORS: one or two letters on the dealer button (D = dealer); not a card's letter
    # (Icelandic G is the jack)
    return pgettext("dealer button", "D")


class Renderer:
    def __init__(self, scene):
        self.s = scene
        self.layer = StaticLayer(self)
        #: the rectangles the last frame changed (None: the whole window)
        self.dirty: list[pygame.Rect] | None = None
        #: where the static layer drew each face-up card, in drawing order (a tutorial's
        #: callouts point there)
        self.drawn: dict[str, list[pygame.Rect]] = {}
        self._recording = False

    # -- helpers ----------------------------------------------------------------------------
    @property
    def lay(self):
        return self.s.lay

    def card(self, surface, card, face_up: bool, center, width, angle: float = 0.0,
             shadow: bool = True) -> pygame.Rect:
        width = int(width)
        sizes = self.lay.card_sizes
        if width in sizes:
            img = C.face(card, width, self.s.app.settings) if (face_up and card) else C.back(width)
        else:
            # in between the table's sizes (a card in flight): scale the nearest larger one,
            # rather than drawing and caching a card for every passing width
            base = min((w for w in sizes if w >= width), default=max(sizes))
            img = C.face(card, base, self.s.app.settings) if (face_up and card) else C.back(base)
            img = pygame.transform.smoothscale(img, (width, C.height_for(width)))
            shadow = False
        if angle:
            img = pygame.transform.rotate(img, angle)
        r = img.get_rect(center=(int(center[0]), int(center[1])))
        if shadow and not angle:
            surface.blit(C.shadow(width), r.move(int(2 * self.lay.u), int(3 * self.lay.u)))
        surface.blit(img, r)
        if self._recording and face_up and card:
            self.drawn.setdefault(card, []).append(r)
        return r

    def mark(self, surface, center, width, color) -> None:
        hl = C.highlight(width, color)
        surface.blit(hl, hl.get_rect(center=(int(center[0]), int(center[1]))))

    def place_buttons(self) -> None:
        if self.lay is None:
            return
        w, h = self.lay.size
        u = self.lay.u
        bw, bh = int(190 * u), int(44 * u)
        y = h - int(16 * u) - bh
        for b in reversed(self.s.action_buttons):
            b.rect = pygame.Rect(w - bw - int(16 * u), y, bw, bh)
            y -= bh + int(10 * u)

    # -- the viewer's hand ----------------------------------------------------------------------
    def hand_layout(self) -> list[tuple[str, pygame.Rect]]:
        s = self.s
        landing = s.tl.landing_cards()
        hand = [c for c in s.visible_hand() if c not in landing]
        u = self.lay.u
        lift = {}
        mine = s.my_turn()
        for c in hand:
            if c in s.sel.cards or c == s.sel.defend_with:
                lift[c] = int(22 * u)
            elif c == s.hover_card and mine:
                lift[c] = int(10 * u)
        return self.lay.hand_rects(hand, lift)

    def hand_target(self, seat: int, card: str):
        """A flight's target: ``card`` in ``seat``'s hand (the fan for the viewer)."""
        s = self.s

        def target():
            if seat == s.viewer:
                slot = self.lay.hand_slot(s.visible_hand(), card)
                if slot is not None:
                    return slot
            x, y = self.lay.seat_pos(seat)
            return (x, y, self.lay.small_w)
        return target

    def fixed(self, pos):
        """A flight's target that stays where ``pos`` is now, as a fraction of the window."""
        fx, fy = self.lay.frac(pos)
        return lambda: (fx * self.lay.size[0], fy * self.lay.size[1], self.lay.small_w)

    def card_source(self, seat: int, cards: list[str]) -> list[tuple[int, int]]:
        """Where cards leave from: the viewer's fan, or the seat's panel."""
        s = self.s
        if seat == s.viewer and not s.hidden:
            lay = dict(self.hand_layout())
            return [lay[c].center if c in lay else self.lay.seat_pos(seat) for c in cards]
        return [self.lay.seat_pos(seat) for _c in cards]

    def pair_at(self, pos) -> int | None:
        return self.s.part.pair_at(pos)

    # -- the frame ----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        """A frame: the static layer in one copy, what moves over it (see :mod:`.layers`)."""
        s = self.s
        size = surface.get_size()
        static, full = self.layer.get(size)
        surface.blit(static, (0, 0))
        rects = []
        for seat in range(s.n):
            area = self.seat(surface, seat)
            if self.layer.changed(("seat", seat), self._seat_key(seat), area):
                rects.append(area)
        area = self.hand(surface)
        if self.layer.changed("hand", self._hand_key(), area):
            rects.append(area)
        rects += self.flights(surface) + self.banners(surface) + self.prompt(surface)
        s.widgets.draw(surface, self.lay.u)
        pad = int(6 * self.lay.u)
        rects += [w.rect.inflate(pad, pad) for w in s.widgets.widgets if w.rect is not None]
        self.dirty = self.layer.dirty(rects, full, size)

    def _seat_key(self, seat: int) -> tuple:
        """Everything a seat's drawing shows (its dirty rectangle is skipped while it is the same)."""
        s = self.s
        m = s.model
        count = max(0, m.counts[seat] - s.tl.landing(seat))
        to_act = s.state.to_act() == seat and not s.busy() and not s.finished
        return (to_act, m.in_game(seat), s.players[seat]["name"], m.dealer == seat, count,
                tuple(s.part.seat_line(seat, count)), s.part.seat_extra_key(seat))

    def _hand_key(self) -> tuple:
        s = self.s
        if s.hidden:
            return ("hidden", s.model.counts[s.viewer])
        return (tuple((c, tuple(r)) for c, r in self.hand_layout()), frozenset(s.legal_cards()),
                s.my_turn(), tuple(s.sel.cards))

    def draw_static(self, surface) -> None:
        """What changes only when an event is shown: felt, header, the middle of the table."""
        surface.blit(T.felt(surface.get_size()), (0, 0))
        self.header(surface)
        self.drawn, self._recording = {}, True
        self.s.part.draw_centre(surface)
        self._recording = False

    def header(self, surface) -> None:
        u = self.lay.u
        s = self.s
        T.blit_text(surface, s.part.title(), 18 * u, (int(16 * u), int(12 * u)), T.ACCENT, bold=True)
        line = s.part.header()
        if line:
            T.blit_text(surface, line, 15 * u, (int(16 * u), int(36 * u)), T.TEXT_DIM)

    def seat(self, surface, seat: int) -> pygame.Rect:
        """A seat's panel, its lines and the backs of its cards; returns the area drawn."""
        s = self.s
        u = self.lay.u
        m = s.model
        rect = self.lay.seat_rect(seat)
        to_act = s.state.to_act() == seat and not s.busy() and not s.finished
        out = not m.in_game(seat)
        T.panel(surface, rect, u, alpha=200 if not out else 120, border=T.FOCUS if to_act else T.PANEL_BORDER)
        if to_act:
            pygame.draw.rect(surface, T.FOCUS, rect.inflate(int(6 * u), int(6 * u)), max(2, int(3 * u)),
                             border_radius=int(12 * u))
        p = s.players[seat]
        col = T.TEXT_DIM if out else T.TEXT
        T.blit_text(surface, p["name"], 17 * u, (rect.left + int(10 * u), rect.top + int(6 * u)), col,
                    bold=True, max_width=rect.width - int(44 * u))
        level = s.part.level_text(seat)
        if level:
            T.blit_text(surface, level, 12 * u, (rect.right - int(8 * u), rect.top + int(8 * u)), T.TEXT_DIM,
                        anchor="topright")
        if m.dealer == seat:
            d = pygame.Rect(0, 0, int(22 * u), int(22 * u))
            d.center = (rect.right - int(2 * u), rect.bottom - int(2 * u))
            pygame.draw.circle(surface, (245, 245, 235), d.center, d.width // 2)
            pygame.draw.circle(surface, T.ACCENT_DARK, d.center, d.width // 2, max(1, int(u)))
            T.blit_text(surface, dealer_letter(), 12 * u, d.center, T.TEXT_DARK, bold=True, anchor="center")
        count = max(0, m.counts[seat] - s.tl.landing(seat))
        T.blit_text(surface, "  ·  ".join(s.part.seat_line(seat, count)), 14 * u,
                    (rect.left + int(10 * u), rect.top + int(30 * u)), T.TEXT_DIM if out else T.TEXT,
                    max_width=rect.width - int(20 * u))
        s.part.seat_extra(surface, seat, rect)
        area = rect.inflate(int(12 * u), int(12 * u))
        if self.lay.seat_slot(seat) != 0 and count and not out:
            k = min(count, 10)
            w = self.lay.small_w
            fx = rect.centerx - (k - 1) * w * 0.18 / 2
            ch = C.height_for(w)
            fy = rect.top - ch * 0.5 - 3 * u if rect.centery > self.lay.center[1] else rect.bottom + ch * 0.5 + 3 * u
            for i in range(k):
                area.union_ip(self.card(surface, None, False, (fx + i * w * 0.18, fy), w, shadow=False))
        return area

    def hand(self, surface) -> pygame.Rect:
        """The viewer's hand (backs in hot seat); returns the area it covers."""
        s = self.s
        u = self.lay.u
        w, h = self.lay.size
        area = pygame.Rect(0, self.lay.hand_y - int(30 * u), w, h - self.lay.hand_y + int(30 * u))
        if s.hidden:
            n = s.model.counts[s.viewer]
            for i in range(n):
                x = self.lay.size[0] / 2 + (i - (n - 1) / 2) * self.lay.hand_w * 0.35
                self.card(surface, None, False, (x, self.lay.hand_y + self.lay.hand_h / 2), self.lay.hand_w)
            return area
        legal = s.legal_cards()
        mine = s.my_turn()
        w = self.lay.hand_w
        for c, r in self.hand_layout():
            surface.blit(C.shadow(w), r.move(int(2 * u), int(3 * u)))
            surface.blit(C.face(c, w, s.app.settings), r)
            if mine and legal:
                if c in legal or c in s.sel.cards:
                    self.mark(surface, r.center, w, T.GOOD if c in s.sel.cards else T.ACCENT)
                else:
                    surface.blit(C.dim(w), r)
        return area

    def flights(self, surface) -> list[pygame.Rect]:
        s = self.s
        now = s.tl.now
        W, H = self.lay.size
        rects = []
        for f in s.tl.flights:
            if not f.started(now):
                continue
            t = f.progress(now)
            tx, ty, tw = f.target()
            sx, sy = f.src[0] * W, f.src[1] * H
            x = sx + (tx - sx) * t
            y = sy + (ty - sy) * t - math.sin(t * math.pi) * 20 * self.lay.u
            w0 = f.width_from * W
            w = int(w0 + (tw - w0) * t)
            face_up = f.face_up or (f.seat == s.viewer and not s.hidden and t > 0.5
                                    and self.lay.seat_slot(f.seat) == 0)
            rects.append(self.card(surface, f.card, face_up, (x, y), max(12, w)).inflate(8, 8))
        return rects

    def banners(self, surface) -> list[pygame.Rect]:
        s = self.s
        u = self.lay.u
        now = s.tl.now
        rects = []
        for b in s.tl.banners:
            if now < b.start:
                continue
            alpha = b.alpha(now)
            if b.big:
                t = (now - b.start) / b.dur
                scale = 0.6 + 0.4 * ease(min(1.0, t * 4))
                px = T.fit_px(b.text, 90 * u * scale, self.lay.size[0] * 0.9, bold=True)
                img = T.render(b.text, px, b.color, True).copy()
                sh = T.render(b.text, px, (0, 0, 0), True).copy()
                img.set_alpha(alpha)
                sh.set_alpha(alpha // 2)
                r = img.get_rect(center=(self.lay.center[0], self.lay.center[1] - int(20 * u)))
                surface.blit(sh, r.move(int(4 * u), int(4 * u)))
                surface.blit(img, r)
                rects.append(r.inflate(int(12 * u), int(12 * u)))
                if b.sub:
                    sub = T.blit_text(surface, b.sub, 24 * u, (r.centerx, r.bottom + int(6 * u)), T.TEXT,
                                      bold=True, anchor="midtop", max_width=self.lay.size[0] * 0.9)
                    rects.append(sub.inflate(8, 8))
                continue
            if b.seat is not None:
                # over the seat's lower lines, leaving its name readable; opaque, so the
                # panel's own text never shows through
                x, y = self.lay.seat_pos(b.seat)
                y += int(self.lay.panel_h * 0.18)
                px = T.fit_px(b.text, 18 * u, self.lay.panel_w - int(12 * u), bold=True)
                img = T.render(b.text, px, b.color, True)
                box = img.get_rect(center=(int(x), int(y))).inflate(int(16 * u), int(8 * u))
                box.width = max(box.width, self.lay.panel_w - int(8 * u))
                box.center = (int(x), int(y))
                fill = (*T.PANEL, min(245, alpha))
            else:
                x, y = self.lay.center[0], self.lay.center[1] - int(self.lay.ry * 0.62)
                img = T.render(b.text, T.fit_px(b.text, 18 * u, self.lay.size[0] * 0.8, bold=True), b.color, True)
                box = img.get_rect(center=(int(x), int(y))).inflate(int(16 * u), int(8 * u))
                fill = (0, 0, 0, min(170, alpha))
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, fill, bg.get_rect(), border_radius=int(8 * u))
            surface.blit(bg, box)
            img = img.copy()
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=box.center))
            rects.append(box.inflate(4, 4))
        return rects

    def prompt(self, surface) -> list[pygame.Rect]:
        s = self.s
        u = self.lay.u
        color = T.TEXT
        if s.message and s.tl.now < s.error_until:
            text, color = s.message, s.message_color
        elif s.message and s.message_color != T.ERROR and s.my_turn():
            text = s.message
        else:
            text = s.prompt()
        if not text:
            return []
        y = self.lay.hand_y - int(44 * u)
        maxw = self.lay.size[0] - 2 * (self.lay.panel_w + int(40 * u))
        px = T.fit_px(text, 17 * u, maxw, bold=True)
        img = T.render(text, px, color, True)
        box = img.get_rect(center=(self.lay.size[0] // 2, y)).inflate(int(20 * u), int(10 * u))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 140), bg.get_rect(), border_radius=int(8 * u))
        surface.blit(bg, box)
        surface.blit(img, img.get_rect(center=box.center))
        return [box.inflate(4, 4)]
