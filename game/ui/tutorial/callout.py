"""Drawing the tutorial's callouts on top of the table: a box of wrapped text, rings around
what it explains (cards in the hand or on the table, a seat, the stock, the trump card,
the discard pile, a score pile) with arrows to them, and the last callout with its offer.

Everything is read from the table scene as it is drawn: the hand's fan, where the
renderer drew each card on the table this frame (``scene.renderer.drawn``), the seats,
the stock and the discard pile of its layout; so a callout follows a resize or a
language switch at once.  What differs per family (score piles, the trump card) is read
through the interface's one family lookup (:mod:`game.ui.table.families`).
"""

from __future__ import annotations

import math

import pygame

from ...i18n import _
from .. import cards as card_faces
from .. import messages
from .. import theme
from ..table.families import FAMILY_UI
from ..widgets import Button, WidgetGroup

_TEXT_PX = 16          # design pixels: 16 px at 1024x640, never under 12
_SMALL_PX = 13


def _card_rect(x: float, y: float, w: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, int(w), card_faces.height_for(int(w)))
    r.center = (int(x), int(y))
    return r


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles as one (a pair of cards gets one ring)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        for o in [o for o in out if o.colliderect(r)]:
            out.remove(o)
            r.union_ip(o)
        out.append(r)
    return out


def clear_of(r: pygame.Rect, over: list[pygame.Rect], u: float) -> pygame.Rect:
    """``r`` ending short of the first card lying over its right side (in a fan each card
    lies on the one to its left), so that the ring drawn round it leaves that card's
    index in view."""
    r = pygame.Rect(r)
    tops = [o.left for o in over if r.left < o.left < r.right and o.colliderect(r)]
    if tops:
        r.width = max(int(20 * u), min(tops) - r.left - int(8 * u))
    return r


def target_rects(scene, spec: tuple) -> list[pygame.Rect]:
    """The rectangles a callout points at for one ``point`` entry of a beat."""
    lay = scene.lay
    family = FAMILY_UI[scene.entry.family]
    kind = spec[0]
    if kind == "hand":
        fan = dict(scene.hand_layout())
        if len(spec) == 1:
            rects = list(fan.values())
            return [rects[0].unionall(rects[1:])] if rects else []
        rings = merged([fan[c] for c in spec[1:] if c in fan])
        return [clear_of(r, [o for c, o in fan.items() if c not in spec[1:]], lay.u) for r in rings]
    # where the table drew each card this frame: a score pile is drawn before the trick, so
    # a card lying in both (the last trick's loser) is the last one on the table, the
    # first one in a pile
    drawn = scene.renderer.drawn
    if kind == "table":
        return merged([drawn[c][-1] for c in spec[1:] if c in drawn])
    if kind == "seat":
        return [lay.seat_rect(spec[1])]
    if kind == "pile":
        cards = family.pile(scene.model, spec[1])
        rects = [drawn[c][0] for c in cards if c in drawn]
        return merged(rects) or [lay.seat_rect(spec[1])]
    if kind == "stock":
        sx, sy = lay.stock_pos()
        return [_card_rect(sx, sy, lay.table_w)]
    if kind == "trump":
        card = family.trump_card(scene.model)
        if card not in drawn:
            return []
        # it lies crosswise under the stock: ring what shows of it
        r = drawn[card][0]
        sx, sy = lay.stock_pos()
        stock = _card_rect(sx, sy, lay.table_w)
        shown = r.clip(pygame.Rect(stock.right, r.top, max(0, r.right - stock.right), r.height))
        return [shown if shown.width > 4 else r]
    if kind == "discard":
        dx, dy = lay.discard_pos()
        return [_card_rect(dx, dy, lay.table_w).inflate(lay.table_w // 2, 0)]
    if kind == "header":
        return [scene.renderer.header_area()]
    return []


def beat_text(scene, beat) -> str:
    """A beat's text in the current language, its placeholders filled (cards as the
    player's settings write them, seats by their names)."""
    settings = scene.app.settings
    args = {}
    options = scene.model.options
    for k, v in beat.args.items():
        if isinstance(v, int):
            args[k] = scene.players[v]["name"] if 0 <= v < len(scene.players) else "?"
        elif isinstance(v, tuple):          # an option's number in words: ("chips", "stake") …
            words = {"chips": messages.chips, "points": messages.points}[v[0]]
            args[k] = words(int(options.get(v[1]) or 0))
        else:
            args[k] = card_faces.card_text(v, settings)
    try:
        return _(beat.text).format(**args)
    except (KeyError, IndexError, ValueError):   # a broken translation: the English text
        return beat.text.format(**args)


class Callout:
    def __init__(self, coach):
        self.coach = coach
        self.box: pygame.Rect | None = None
        self.widgets = WidgetGroup()
        self._mode = None
        self.next_button = Button(lambda: _("Next"), self._next, primary=True, name="next", px=16)
        self.final_buttons = [
            Button(lambda: _("Play a real game"), self._real, primary=True, name="real", px=17),
            Button(lambda: _("More lessons"), self._more, name="more", px=17),
            Button(lambda: _("Main menu"), self._menu, name="menu", px=17),
        ]
        self.scene = None
        #: where the last frame drew a callout (for the window's changed rectangles)
        self.areas: list[pygame.Rect] = []
        #: the arrows the last frame drew: (start on the box's edge, tip, the head's corners)
        self.arrows: list[tuple] = []

    # -- buttons --------------------------------------------------------------------------
    def _next(self):
        self.coach.next(self.scene)

    def _real(self):
        self.coach.play_for_real(self.scene)

    def _more(self):
        self.coach.more_lessons(self.scene)

    def _menu(self):
        self.coach.to_menu(self.scene)

    def _set_mode(self, mode) -> None:
        if mode == self._mode:
            return
        self._mode = mode
        if mode == "note":
            self.widgets = WidgetGroup([self.next_button])
        elif mode == "final":
            self.widgets = WidgetGroup(list(self.final_buttons))
            self.widgets.focus = 0
        else:
            self.widgets = WidgetGroup()

    def covers(self, pos) -> bool:
        return self.box is not None and self.box.collidepoint(pos)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, scene, surface) -> None:
        self.scene = scene
        self.areas = []
        self.arrows = []
        coach = self.coach
        if scene.lay is None:
            return
        if coach.finished:
            self._set_mode("final")
            self._final(scene, surface)
            return
        beat = coach.showing(scene)
        if beat is None or scene.busy() and coach.note is None:
            self._set_mode(None)
            self.box = None
            return
        self._set_mode("note" if coach.note is not None else "ask")
        self._box(scene, surface, beat)

    def _box(self, scene, surface, beat) -> None:
        size = surface.get_size()
        u = theme.unit(size)
        pad = int(14 * u)
        width = min(int(600 * u), size[0] - int(360 * u))
        text = beat_text(scene, beat)
        px = _TEXT_PX * u
        lines = theme.wrap(text, px, width - 2 * pad)
        line_h = theme.font(px).get_linesize()
        row_h = int(34 * u)
        height = pad + len(lines) * line_h + int(10 * u) + row_h + pad
        box = pygame.Rect(0, 0, width, height)
        box.midtop = (size[0] // 2, int(58 * u))
        self.box = box
        targets = [r for spec in beat.point for r in target_rects(scene, spec)]
        self.areas.append(box.inflate(2 * theme.panel_reach(u), 2 * theme.panel_reach(u)))   # and its shadow
        for r in targets:
            self._ring(surface, r, u)
        theme.panel(surface, box, u, alpha=240, border=theme.ACCENT)
        y = box.top + pad
        for line in lines:
            surface.blit(theme.render(line, px, theme.TEXT), (box.left + pad, y))
            y += line_h
        row = pygame.Rect(box.left + pad, box.bottom - pad - row_h, box.width - 2 * pad, row_h)
        shown = self.coach.callouts()
        if beat in shown:
            # TRANSLATORS: the tutorial's step counter, e.g. "3 / 18"
            count = _("{n} / {total}").format(n=shown.index(beat) + 1, total=len(shown))
            theme.blit_text(surface, count, _SMALL_PX * u, row.midleft, theme.TEXT_DIM, anchor="midleft")
        if self.coach.note is not None:
            self.next_button.rect = pygame.Rect(0, 0, int(130 * u), row_h)
            self.next_button.rect.midright = row.midright
        else:
            theme.blit_text(surface, _("Your move"), _SMALL_PX * u, row.midright, theme.ACCENT, bold=True,
                        anchor="midright")
        for r in targets:
            self._arrow(surface, box, r, u)
        self.widgets.draw(surface, u)

    def _ring(self, surface, r: pygame.Rect, u: float) -> None:
        ring = r.inflate(int(10 * u), int(10 * u))
        self.areas.append(ring.inflate(int(8 * u), int(8 * u)))
        pygame.draw.rect(surface, (0, 0, 0), ring.inflate(int(4 * u), int(4 * u)), max(2, int(3 * u)),
                         border_radius=int(10 * u))
        pygame.draw.rect(surface, theme.ACCENT, ring, max(2, int(3 * u)), border_radius=int(9 * u))

    def _arrow(self, surface, box: pygame.Rect, r: pygame.Rect, u: float) -> None:
        ring = r.inflate(int(14 * u), int(14 * u))
        if ring.colliderect(box):
            return
        x0 = min(max(ring.centerx, box.left + int(24 * u)), box.right - int(24 * u))
        start = (x0, box.bottom)
        end = (min(max(x0, ring.left), ring.right), ring.top if ring.top > box.bottom else ring.bottom)
        if ring.top <= box.bottom:          # beside the box: from its side
            start = (box.left if ring.centerx < box.centerx else box.right, box.centery)
            end = (ring.right if ring.centerx < box.centerx else ring.left,
                   min(max(box.centery, ring.top), ring.bottom))
        head = 12 * u
        if math.dist(start, end) < 2 * head:
            return      # the ring lies against the box, in plain view: an arrow that short
            #             reached back over the callout with its head, across its own text
        ang = math.atan2(end[1] - start[1], end[0] - start[0])
        tip = end
        base = (tip[0] - math.cos(ang) * head, tip[1] - math.sin(ang) * head)
        wing = (math.cos(ang + math.pi / 2) * head * 0.55, math.sin(ang + math.pi / 2) * head * 0.55)
        tri = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
        self.arrows.append((start, tip, tri))
        pad = int(head) + 4
        self.areas.append(pygame.Rect(min(start[0], tip[0]), min(start[1], tip[1]),
                                      abs(tip[0] - start[0]) + 1, abs(tip[1] - start[1]) + 1)
                          .inflate(2 * pad, 2 * pad))
        pygame.draw.line(surface, (0, 0, 0), start, base, max(3, int(6 * u)))
        pygame.draw.line(surface, theme.ACCENT, start, base, max(2, int(3 * u)))
        pygame.draw.polygon(surface, theme.ACCENT, tri)
        pygame.draw.polygon(surface, (0, 0, 0), tri, max(1, int(u)))

    def _final(self, scene, surface) -> None:
        size = surface.get_size()
        u = theme.unit(size)
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        self.areas.append(pygame.Rect((0, 0), size))
        pad = int(24 * u)
        width = min(int(680 * u), size[0] - int(40 * u))
        text = _(self.coach.tutorial.final)
        px = 17 * u
        lines = theme.wrap(text, px, width - 2 * pad)
        line_h = theme.font(px).get_linesize()
        title_h = int(40 * u)
        row_h = int(48 * u)
        height = pad + title_h + len(lines) * line_h + int(20 * u) + row_h + pad
        box = pygame.Rect(0, 0, width, min(height, size[1] - int(20 * u)))
        box.center = (size[0] // 2, size[1] // 2)
        self.box = box
        theme.panel(surface, box, u, alpha=245, border=theme.ACCENT)
        theme.blit_text(surface, _("Well done!"), 26 * u, (box.centerx, box.top + pad), theme.ACCENT, bold=True,
                    anchor="midtop")
        y = box.top + pad + title_h
        for line in lines:
            surface.blit(theme.render(line, px, theme.TEXT), (box.left + pad, y))
            y += line_h
        gap = int(14 * u)
        bw = (box.width - 2 * pad - 2 * gap) // 3
        x = box.left + pad
        for b in self.final_buttons:
            b.rect = pygame.Rect(x, box.bottom - pad - row_h, bw, row_h)
            x += bw + gap
        self.widgets.draw(surface, u)
