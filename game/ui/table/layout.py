"""Where everything lies on the table, from the window size, the seat count and the viewer.

Pure geometry: :class:`Layout` is rebuilt on a resize or when the viewer changes (hot
seat) and answers positions in pixels.  The one hand-fan function (:meth:`Layout.fan`)
serves hit-testing, drawing and the targets of cards flying into the hand.
"""

from __future__ import annotations

import math

import pygame

from .. import cards as card_faces
from .. import theme


#: the screen angles of the six others at a table of seven (see :meth:`Layout.seat_angle`)
SEVEN = (150.0, 190.0, 230.0, 310.0, 350.0, 390.0)


class Layout:
    def __init__(self, size: tuple[int, int], n: int, viewer: int, unit: float | None = None,
                 scale: float | None = None, pairs: bool | None = None):
        self.size = size
        self.n = n
        self.viewer = viewer
        #: the middle holds Durak's pairs, the stock and the discard pile (None: it may)
        self.pairs = self.n <= 6 if pairs is None else pairs
        self.u = unit or theme.unit(size)   # ``unit``: a part of a bigger window (the replay viewer)
        #: the card size asked for (the ``card_size`` setting: 1.0, 1.25, 1.5)
        self.scale = card_faces.scale() if scale is None else scale
        # larger cards as far as the table holds them: the viewer's hand first, then the
        # cards in the middle, a step smaller each until nothing overlaps (100 %: as always)
        for hand, middle in self._tries(self.scale):
            self._place(hand, middle)
            if self.fits():
                break
        else:
            self._place(1.0, 1.0)
        # a Durak bout of six pairs in rows a whole pair apart: where the window is short for
        # them (4:3) at the hand's own size, the cards of the middle a step smaller until
        # every pair lies clear (larger cards asked for: their rows may close up instead)
        hand, middle = self._placed
        while self.pairs and hand <= 1.0 and middle > 0.71 and not self.pairs_clear():
            middle = round(middle - 0.05, 2)
            self._place(hand, middle)
        self.hand_scale, self.middle_scale = self._placed

    @staticmethod
    def _tries(scale: float):
        steps = max(0, int(round((scale - 1.0) / 0.05)))
        hands = [1.0 + 0.05 * k for k in range(steps, -1, -1)]
        for hand in hands:
            for k in range(int(round((hand - 1.0) / 0.05)), -1, -1):
                yield hand, 1.0 + 0.05 * k

    def _place(self, hand: float, middle: float) -> None:
        """Every size and place for the viewer's hand ``hand`` times and the middle's cards
        ``middle`` times their size at 100 %."""
        self._placed = (hand, middle)
        w, h = self.size
        u = self.u
        base = min(96 * u, w * 0.085, h * 0.125)
        self.hand_w = max(40, int(base * hand))
        self.table_w = int(max(40, int(base)) * 0.86 * middle)
        self.small_w = int(max(40, int(base)) * 0.42)
        self.hand_h = card_faces.height_for(self.hand_w)
        self.table_h = card_faces.height_for(self.table_w)
        self.hand_y = h - self.hand_h - int(16 * u)
        self.center = (w // 2, int(h * 0.42))
        self.rx = w / 2 - int(120 * u)
        self.ry = h * 0.42 - int(60 * u)
        self.panel_w, self.panel_h = int(176 * u), int(64 * u)
        self.tag_h = int(18 * u)
        #: how far towards its owner a card of the trick lies (of the way to the seat, across
        #: and up or down)
        self.fx = 0.42 if self.n > 2 else 0.3
        self.fy = self.fx * 0.9
        self._nudge: dict[int, tuple[int, int]] = {}
        if hand > 1.0 or middle > 1.0:
            self._make_room()
        self._clear_the_buttons()
        #: the widths cards are drawn at (cached); anything else is scaled from these
        self.card_sizes = (self.small_w, int(self.small_w * 1.1), self.table_w, self.hand_w)
        self.crowded = self._toward_owners_overlap()
        self._band: tuple[float, float] | None = None     # where rows of Durak pairs may lie

    def _make_room(self) -> None:
        """Larger cards: the ring of seats flattens from below (its top stays where it is)
        so that its middle lies halfway between the cards of the top seat and the line above
        the taller hand, and its lowest seats above the prompt; the trick's cards lie as far
        towards their owners as that room allows."""
        u = self.u
        top = self.center[1] - self.ry                      # the top seat's centre stays
        under_top = top + self.panel_h / 2 + 3 * u + card_faces.height_for(self.small_w)
        floor = self.news_rect(1, 2).top
        cy = min(self.center[1], (under_top + floor) / 2)
        low = max([math.sin(math.radians(self.seat_angle(s))) for s in range(self.n)
                   if self.seat_slot(s) != 0] + [0.0])
        # the lowest seats' panels end above the prompt
        most = (self.prompt_top(2) - 6 * u - self.panel_h / 2 - low * (cy - top) - cy) / (1 + low) if low else 0
        cy = min(cy, cy + most) if most < 0 else cy
        self.ry = cy - top
        self.center = (self.center[0], int(cy))
        room = min(cy - under_top, floor - cy) - self.table_h / 2
        self.fy = max(0.0, min(self.fy, room / max(1.0, self.ry)))

    # -- the buttons in the top right corner ---------------------------------------------------
    def menu_rect(self) -> pygame.Rect:
        """The Menu button, top right."""
        u = self.u
        return pygame.Rect(self.size[0] - int(112 * u), int(10 * u), int(100 * u), int(36 * u))

    def flow_rects(self) -> list[pygame.Rect]:
        """The look back's and the move log's buttons under the Menu button ("Moves (M)"
        first, "Previous trick (L)" under it)."""
        u = self.u
        menu = self.menu_rect()
        out, y = [], menu.bottom + int(8 * u)
        for _i in range(2):
            r = pygame.Rect(0, y, int(158 * u), menu.height)
            r.right = menu.right
            out.append(r)
            y = r.bottom + int(8 * u)
        return out

    def toolbar_band(self) -> pygame.Rect:
        """Where the toolbar's row (Scores, Hint, Undo) may lie: left of the Menu button up
        to the top seat's panel."""
        u = self.u
        menu = self.menu_rect()
        left = self.size[0] // 2 + self.panel_w // 2 + int(12 * u)
        return pygame.Rect(left, menu.top, menu.left - left, menu.height)

    def corner_buttons(self) -> list[pygame.Rect]:
        """The buttons of the top right corner, which no seat's box may touch."""
        return [self.toolbar_band(), self.menu_rect(), *self.flow_rects()]

    #: the room kept between a seat's box and a button or another seat's box (design pixels)
    CLEARANCE = 8

    def _clear_the_buttons(self) -> None:
        """A seat whose box would touch a button of the top right corner ("Previous bout
        (L)" at six seats, "Moves (M)" at eight) moves the least way clear of it: down or
        towards the middle (the backs of its cards stay on the side they were)."""
        m = int(self.CLEARANCE * self.u)
        corner = [r.inflate(2 * m, 2 * m) for r in self.corner_buttons()]
        for s in range(self.n):
            if self.seat_slot(s) == 0:
                continue
            for _try in range(4):
                box = self.seat_box(s)
                hit = [c for c in corner if c.colliderect(box)]
                if not hit:
                    break
                c = hit[0]
                down, left = c.bottom - box.top, box.right - c.left
                dx, dy = self._nudge.get(s, (0, 0))
                self._nudge[s] = (dx, dy + down) if down <= left else (dx - left, dy)

    def seat_box(self, seat: int) -> pygame.Rect:
        """A seat's box as drawn: its panel with the ring round the one to act and a team
        badge on its lower edge (the dealer chip on its corner lies within)."""
        ring = int(3 * self.u) + 1
        return self.seat_rect(seat).inflate(2 * ring, 2 * ring).union(self.badge_rect(seat))

    def badge_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's team badge lies (team play): a circle on the lower edge of its box,
        at the left (the dealer's chip is on the right corner)."""
        rect = self.seat_rect(seat)
        side = int(20 * self.u)
        r = pygame.Rect(0, 0, side, side)
        r.center = (rect.left + int(22 * self.u), rect.bottom)
        return r

    def backs_above(self, seat: int) -> bool:
        """The backs of another seat's cards lie above its panel (the seats low and at the
        sides), or below it (the seats along the top): side seats next to each other on a
        crowded table never put their fans between them."""
        return math.sin(math.radians(self.seat_angle(seat))) > -0.5 + 1e-9

    def backs_rect(self, seat: int, count: int = 10) -> pygame.Rect:
        """Where the backs of another seat's ``count`` cards lie (at most ten are drawn)."""
        rect = self.seat_rect(seat)
        sw, ch = self.small_w, card_faces.height_for(self.small_w)
        k = max(1, min(count, 10))
        fan = pygame.Rect(0, 0, int(sw * (1 + (k - 1) * 0.18)), ch)
        fan.center = (rect.centerx, int(rect.top - ch * 0.5 - 3 * self.u if self.backs_above(seat)
                                        else rect.bottom + ch * 0.5 + 3 * self.u))
        return fan

    def keep_clear(self) -> list[pygame.Rect]:
        """Where the other seats are: their panels and the backs of their cards above or
        below them (as :class:`.draw.Renderer` draws at most ten)."""
        out = []
        for s in range(self.n):
            out.append(self.seat_rect(s))
            if self.seat_slot(s) != 0:
                out.append(self.backs_rect(s))
        return out

    def fits(self) -> bool:
        """Whether the cards of the middle (a whole trick, two cards a seat, or six Durak
        pairs with the stock and the discard pile) keep clear of the seats and their cards,
        of the announcement line and of the window's edges, and the lowest seats of the
        prompt, as well as they do at 100 % (what they touch there they may touch here)."""
        if self._placed == (1.0, 1.0):
            return True
        if self.pairs and self._placed[1] > 1.0 and not self.pairs_clear():
            return False        # larger cards in the middle only while Durak's rows lie clear
        mine = self._overlaps()
        placed = self._placed
        self._place(1.0, 1.0)
        base = self._overlaps()
        self._place(*placed)
        return len(mine) == len(base) and all(
            over <= max(0, b_over) and hits <= b_hits and (not out or b_out)
            for (over, hits, out), (b_over, b_hits, b_out) in zip(mine, base))

    def _overlaps(self) -> list[tuple[int, frozenset, bool]]:
        """For each card the middle may hold (and each seat below the middle): how far it
        reaches below the announcement line, which seats' panels or cards it touches, and
        whether it leaves the window."""
        u = self.u
        clear = self.keep_clear()
        floor = self.news_rect(1, 2).top
        window = pygame.Rect(0, 0, *self.size)
        out: list[tuple[int, frozenset, bool]] = []
        mine = self.seat_rect(self.viewer)
        for r in clear:
            if r != mine and r.centery > self.center[1]:
                out.append((r.bottom - (self.prompt_top(2) - int(4 * u)), frozenset(), False))
        cards = []
        w, ch = self.table_w, self.table_h
        for i in range(self.n):
            seat = (self.viewer + i) % self.n
            for j, k in ((0, 1), (0, 2), (1, 2)):
                x, y, cw = self.trick_pos(seat, j, k, i, self.n)
                r = pygame.Rect(0, 0, int(cw), card_faces.height_for(cw))
                r.center = (int(x), int(y))
                cards.append(r.union(self.tag_rect(x, y, cw)) if self.crowded else r)
        if self.pairs:
            for i in range(6):
                for j in (0, 1):
                    x, y, cw = self.pair_pos(i, j, 6)
                    r = pygame.Rect(0, 0, int(cw), card_faces.height_for(cw))
                    r.center = (int(x), int(y))
                    cards.append(r)
            sx, sy = self.stock_pos()
            dx, dy = self.discard_pos()
            cards += [pygame.Rect(0, 0, w, ch).move(sx - w // 2, sy - ch // 2),
                      pygame.Rect(0, 0, ch, w).move(sx + w * 0.45 - ch // 2, sy - w // 2),
                      pygame.Rect(0, 0, int(ch * 1.2), int(ch * 1.2)).move(dx - ch * 0.6, dy - ch * 0.6)]
        for r in cards:
            out.append((r.bottom - floor, frozenset(r.collidelistall(clear)), not window.contains(r)))
        return out

    def pair_rects(self, count: int = 6) -> list[pygame.Rect]:
        """Durak: where each of ``count`` pairs lies (its attack card and the card beating it)."""
        out = []
        for i in range(count):
            rects = []
            for j in (0, 1):
                x, y, cw = self.pair_pos(i, j, count)
                r = pygame.Rect(0, 0, int(cw), card_faces.height_for(cw))
                r.center = (int(x), int(y))
                rects.append(r)
            out.append(rects[0].union(rects[1]))
        return out

    def pairs_clear(self, count: int = 6) -> bool:
        """Durak: ``count`` pairs lie clear of each other, inside the window, above the
        announcement line and clear of every seat's panel and cards."""
        clear = self.keep_clear()
        floor = self.news_rect(1, 2).top
        window = pygame.Rect(0, 0, *self.size)
        pairs = self.pair_rects(count)
        return all(window.contains(r) and r.bottom <= floor and r.collidelist(clear) < 0
                   and r.collidelist(pairs[i + 1:]) < 0 for i, r in enumerate(pairs))

    def _toward_owners_overlap(self) -> bool:
        """Would one card per seat, each laid toward its owner, overlap?  Then the trick
        lies in rows in playing order instead, each card with its owner's name."""
        rects = []
        for seat in range(self.n):
            x, y, w = self._toward(seat, 0, 1)
            r = pygame.Rect(0, 0, int(w * 1.08), int(card_faces.height_for(w) * 1.05))
            r.center = (int(x), int(y))
            rects.append(r)
        return any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])

    # -- seats ----------------------------------------------------------------------------
    def seat_slot(self, seat: int) -> int:
        """Position of ``seat`` around the table: 0 = bottom (the viewer), then clockwise."""
        return (seat - self.viewer) % self.n

    def seat_angle(self, seat: int) -> float:
        """Screen angle (degrees, y down: 90 = bottom, 180 = left, 270 = top)."""
        k = self.seat_slot(seat)
        if k == 0:
            return 90.0
        others = self.n - 1
        if others == 1:
            return 270.0
        if others == 6:
            # seven players: the places of eight without the one at the top; spread evenly,
            # the two top seats came up under the header and the toolbar, and their cards
            # over the trick
            return SEVEN[k - 1]
        lo, hi = (165.0, 375.0) if others <= 3 else (150.0, 390.0)
        return lo + (k - 1) * (hi - lo) / (others - 1)

    def seat_pos(self, seat: int) -> tuple[int, int]:
        """The centre of the seat's panel."""
        if self.seat_slot(seat) == 0:
            u = self.u
            return (int(16 * u) + self.panel_w // 2, self.size[1] - int(16 * u) - self.panel_h // 2)
        a = math.radians(self.seat_angle(seat))
        dx, dy = self._nudge.get(seat, (0, 0))
        return (int(self.center[0] + self.rx * math.cos(a)) + dx, int(self.center[1] + self.ry * math.sin(a)) + dy)

    def seat_rect(self, seat: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.panel_w, self.panel_h)
        r.center = self.seat_pos(seat)
        return r

    def seat_dir(self, seat: int) -> tuple[float, float]:
        """A point between the centre and the seat: where that seat's cards land."""
        if self.seat_slot(seat) == 0:
            return (self.center[0], self.center[1] + self.ry)
        return self.seat_pos(seat)

    def deck_pos(self, dealer) -> tuple[int, int]:
        """The undealt cards: beside the dealer's panel, on the side towards the middle; the
        viewer's above the right end of their panel (beside it the hand would cover them)."""
        if dealer is None:
            return self.center
        x, y = self.seat_pos(dealer)
        if self.seat_slot(dealer) == 0:
            return (x + self.panel_w // 2 - int(self.small_w * 0.7),
                    y - self.panel_h // 2 - int(card_faces.height_for(self.small_w) * 0.6))
        if abs(x - self.center[0]) < self.panel_w // 2 and y < self.center[1]:
            # the seat at the top: beside it the buttons could cover them; below its right
            # corner, clear of its hand's backs
            return (x + self.panel_w // 2 + int(self.small_w * 0.5),
                    y + self.panel_h // 2 + int(card_faces.height_for(self.small_w) * 0.6))
        off = self.panel_w // 2 + int(self.small_w * 0.9)
        return (x + off, y) if x <= self.center[0] else (x - off, y)

    def stock_pos(self) -> tuple[int, int]:
        return (int(self.center[0] - self.rx * 0.57), self.center[1])

    def discard_pos(self) -> tuple[int, int]:
        return (int(self.center[0] + self.rx * 0.57), self.center[1])

    # -- the viewer's hand ---------------------------------------------------------------------
    def fan(self, count: int) -> list[float]:
        """Left edges of ``count`` cards fanned in the viewer's hand (the one fan function)."""
        if not count:
            return []
        w = self.size[0]
        cw = self.hand_w
        maxw = min(w * 0.62, w - 2 * (self.panel_w + int(40 * self.u)))
        step = min(cw * 0.9, (maxw - cw) / max(1, count - 1)) if count > 1 else 0
        x0 = w / 2 - (cw + step * (count - 1)) / 2
        return [x0 + i * step for i in range(count)]

    def hand_rects(self, cards: list[str], lift: dict[str, int] | None = None) -> list[tuple[str, pygame.Rect]]:
        lift = lift or {}
        xs = self.fan(len(cards))
        return [(c, pygame.Rect(int(x), self.hand_y - lift.get(c, 0), self.hand_w, self.hand_h))
                for c, x in zip(cards, xs)]

    def hand_slot(self, cards: list[str], card: str) -> tuple[float, float, float] | None:
        """Centre and width of ``card`` in the viewer's fan of ``cards``."""
        if card not in cards:
            return None
        x = self.fan(len(cards))[cards.index(card)]
        return (x + self.hand_w / 2, self.hand_y + self.hand_h / 2, self.hand_w)

    # -- the middle ----------------------------------------------------------------------------------
    def trick_pos(self, seat: int, j: int = 0, k: int = 1, i: int = 0, slots: int | None = None
                  ) -> tuple[float, float, float]:
        """Card ``j`` of the ``k`` that ``seat`` played as the ``i``-th play of a trick of
        ``slots`` plays: towards its owner, or (a crowded table) in rows in playing order."""
        if not self.crowded:
            return self._toward(seat, j, k)
        return self.row_pos(i, slots or self.n, j, k)

    def _toward(self, seat: int, j: int, k: int) -> tuple[float, float, float]:
        sx, sy = self.seat_dir(seat)
        cx, cy = self.center
        x = cx + (sx - cx) * self.fx + (j - (k - 1) / 2) * self.table_w * 0.38
        y = cy + (sy - cy) * self.fy
        return (x, y, self.table_w)

    def row_pos(self, i: int, slots: int, j: int = 0, k: int = 1) -> tuple[float, float, float]:
        """Slot ``i`` of ``slots`` in rows of at most four or five, each card with room for
        its owner's name under it."""
        per_row = slots if slots <= 5 else (slots + 1) // 2
        rows = (slots + per_row - 1) // per_row
        row, col = divmod(i, per_row)
        in_row = min(per_row, slots - row * per_row)
        w = self.table_w
        step_y = self.table_h + self.tag_h + int(8 * self.u)
        x = self.center[0] + (col - (in_row - 1) / 2) * w * 1.3 + (j - (k - 1) / 2) * w * 0.3
        y = self.center[1] + (row - (rows - 1) / 2) * step_y - self.tag_h / 2
        return (x, y, w)

    def tag_rect(self, x: float, y: float, w: float) -> pygame.Rect:
        """The name tag under a card centred at (x, y) of width ``w``."""
        r = pygame.Rect(0, 0, int(w * 1.25), self.tag_h)
        r.midtop = (int(x), int(y + card_faces.height_for(w) / 2 + 2 * self.u))
        return r

    def sweep_pos(self, seat: int, origin: tuple[float, float]) -> tuple[int, int]:
        """Where a card of a finished trick lying at ``origin`` goes as the trick is swept to
        ``seat``: straight towards the middle of its panel, stopping a small card's size short
        of it (and gone there), so that it never covers the name.  A card flies straight and
        shrinks to the small size on its way (:attr:`.timeline.Flight.vanish`)."""
        rect = self.seat_rect(seat)
        ox, oy = origin
        dx, dy = rect.centerx - ox, rect.centery - oy
        gap = 6 * self.u
        reach_x = rect.width / 2 + self.small_w / 2 + gap        # how close its middle may come
        reach_y = rect.height / 2 + card_faces.height_for(self.small_w) / 2 + gap
        # the part of the way at which the small card would touch the panel: once it is within
        # reach both across and up or down
        t = min(1.0, max(0.0, 1 - reach_x / abs(dx) if abs(dx) > reach_x else 0.0,
                         1 - reach_y / abs(dy) if abs(dy) > reach_y else 0.0))
        return (int(ox + dx * t), int(oy + dy * t))

    def pile_pos(self, seat: int) -> tuple[int, int, int]:
        """A seat's score pile (Icelandic): its first card's centre and the direction the
        pile fans in (+1 right, -1 left).  Above the viewer's panel; beside the other
        panels towards the middle, beyond the dealer's undealt cards."""
        x, y = self.seat_pos(seat)
        pw = int(self.small_w * 1.1)
        if self.seat_slot(seat) == 0:
            return (x - self.panel_w // 2 + pw // 2, y - self.panel_h // 2 - int(card_faces.height_for(pw) * 0.6), 1)
        off = self.panel_w // 2 + int(self.small_w * 1.6) + pw // 2
        return (x + off, y, 1) if x <= self.center[0] else (x - off, y, -1)

    def news_rect(self, lines: int = 1, prompt_lines: int = 2) -> pygame.Rect:
        """The announcement line: between the middle of the table and the prompt (of
        ``prompt_lines`` lines, 0 when there is none)."""
        h = lines * theme.line_step(17 * self.u, True) + int(8 * self.u)
        r = pygame.Rect(0, 0, self.middle_width(), h)
        bottom = self.prompt_top(prompt_lines) - int(6 * self.u) if prompt_lines else self.prompt_bottom()
        r.midbottom = (self.size[0] // 2, bottom)
        return r

    def gap_between_seats(self, band: pygame.Rect) -> int | None:
        """How wide a text centred on the table may be at the height of ``band`` to keep
        clear of the other seats' panels beside it (eight players: the lower side seats),
        or None when none lies at that height."""
        cx = self.size[0] // 2
        sides = [self.seat_rect(s) for s in range(self.n) if self.seat_slot(s) != 0]
        beside = [r for r in sides if r.top < band.bottom and r.bottom > band.top and not r.collidepoint(cx, r.centery)]
        if not beside:
            return None
        return 2 * min(min(abs(cx - r.right), abs(r.left - cx)) for r in beside) - int(8 * self.u)

    def prompt_bottom(self) -> int:
        """The bottom of the prompt box: clear of a lifted (selected) card in the hand."""
        return self.hand_y - int(28 * self.u)

    def prompt_top(self, lines: int = 2) -> int:
        """The top of the prompt box (room for two lines above the hand)."""
        return self.prompt_bottom() - lines * theme.line_step(17 * self.u, True) - int(10 * self.u)

    def middle_width(self) -> int:
        """Texts between the seat columns: as wide as the bottom seats leave free."""
        return int(self.size[0] - 2 * (self.panel_w + int(40 * self.u)))

    def pair_columns(self) -> int:
        """How many Durak pairs fit in a row between the stock and the discard pile."""
        left = self.stock_pos()[0] + self.table_w * 1.2
        right = self.discard_pos()[0] - self.table_w * 0.9
        return max(2, min(6, int((right - left) / (self.table_w * 1.35))))

    def pair_band(self) -> tuple[float, float]:
        """Durak: (top, bottom) the rows of pairs may take: below the seats and their cards
        above the middle that reach over the pairs' columns, above the announcement line."""
        if self._band is None:
            cols, w = self.pair_columns(), self.table_w
            left = self.center[0] - (cols - 1) / 2 * w * 1.35 - w * 0.64
            right = self.center[0] + (cols - 1) / 2 * w * 1.35 + w * 0.64
            above = [r.bottom for r in self.keep_clear() if r.centery < self.center[1]
                     and r.right > left and r.left < right]
            self._band = (max(above + [0]) + 4 * self.u, self.news_rect(1, 2).top)
        return self._band

    def pair_rows(self, count: int) -> tuple[int, float, float]:
        """Durak: (rows, step, y) for ``count`` pairs: how many rows, from one row's attack
        cards to the next row's, and the first row's middle.  Rows lie a whole pair apart
        (the attack card, the beating card's offset below it and a gap), so a card thrown in
        on a row below never covers a pair above; more than one row lies inside
        :meth:`pair_band` (where larger cards leave too little room, its rows close up, each
        card's corner still in view)."""
        cols = self.pair_columns()
        rows = (max(count, 1) + cols - 1) // cols
        pair_h = self.table_h + self.table_w * 0.32
        step = pair_h + 6 * self.u
        if rows == 1:
            return rows, step, self.center[1] - int(10 * self.u)
        top, bottom = self.pair_band()
        if (rows - 1) * step + pair_h > bottom - top:
            step = max(self.table_h * 0.55, (bottom - top - pair_h) / (rows - 1))
        y = self.center[1] - (rows - 1) / 2 * step - int(10 * self.u)
        y -= max(0.0, y - self.table_h / 2 + (rows - 1) * step + pair_h - bottom)    # up off the line
        return rows, step, max(y, top + self.table_h / 2)             # down off the seats above

    def pair_pos(self, i: int, j: int, count: int) -> tuple[float, float, float]:
        """Durak: the attack (``j`` 0) or the beating card (1) of pair ``i`` of ``count``:
        rows wrap before they reach the stock and the discard pile, each row clear of the
        one above (:meth:`pair_rows`)."""
        cols = self.pair_columns()
        rows, step, y0 = self.pair_rows(count)
        row, col = divmod(i, cols)
        in_row = min(cols, max(count, 1) - row * cols)
        gap = self.table_w * 1.35
        x = self.center[0] + (col - (in_row - 1) / 2) * gap - self.table_w * 0.14
        y = y0 + row * step
        if j == 1:
            x += self.table_w * 0.28
            y += self.table_w * 0.32
        return (x, y, self.table_w)

    def look_pair_pos(self, i: int, j: int, count: int) -> tuple[float, float, float]:
        """Durak's look back: pair ``i`` of ``count`` like :meth:`pair_pos`, its rows apart
        enough for the attacker's name under each pair."""
        cols = self.pair_columns()
        rows = (max(count, 1) + cols - 1) // cols
        row, col = divmod(i, cols)
        in_row = min(cols, max(count, 1) - row * cols)
        gap = self.table_w * 1.35
        step_y = self.table_h + self.table_w * 0.32 + self.tag_h + int(10 * self.u)
        x = self.center[0] + (col - (in_row - 1) / 2) * gap - self.table_w * 0.14
        y = self.center[1] + (row - (rows - 1) / 2) * step_y - self.table_w * 0.16 - self.tag_h / 2
        if j == 1:
            x += self.table_w * 0.28
            y += self.table_w * 0.32
        return (x, y, self.table_w)

    def frac(self, pos) -> tuple[float, float]:
        return (pos[0] / self.size[0], pos[1] / self.size[1])
