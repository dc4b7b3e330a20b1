"""The texts of the moment over the table: the announcement line, the shout (a knock-out)
and the prompt, each in its dark box; a part of :class:`.draw.Renderer`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from .. import motion
from .. import theme
from .board import Board
from .timeline import ease
from .view import TableView

if TYPE_CHECKING:
    from .layout import Layout


def shown_alpha(banner, now: float) -> int:
    """How opaque a banner shows now: it fades out at its end, unless motion is reduced."""
    return 255 if motion.reduced() else banner.alpha(now)


class MomentTexts:
    """Mixed into :class:`.draw.Renderer`, which sets these."""

    #: what the table shows (:class:`.board.Board`) and what else it reads of the table (:class:`.view.TableView`)
    board: Board
    view: TableView
    news_box: pygame.Rect | None
    #: (key, image, area): the shout drawn once
    _shout_cache: tuple[tuple, pygame.Surface, pygame.Rect] | None

    if TYPE_CHECKING:
        @property
        def lay(self) -> Layout: ...

    def banners(self, surface) -> list[pygame.Rect]:
        """The shout (a knock-out) and the announcement line; seat banners are drawn in
        their seat's panel (:meth:`seat`).  Returns the areas drawn."""
        b, v = self.board, self.view
        now = b.timeline.now
        rects = []
        news = b.timeline.shown(("news",))
        self.news_box = None
        if news is not None and v.coach is not None and v.coach.note is not None:
            news = None     # a tutorial's callout is read: its arrows would cross the line's text
        if news is not None:
            self.news_box = self.news(surface, news.text, news.color, shown_alpha(news, now))
            rects.append(self.news_box)
        big = b.timeline.shown(("big",))
        if big is None:
            return rects
        rects.append(self.shout(surface, big, now))
        return rects

    def shout(self, surface, big, now: float) -> pygame.Rect:
        """The shout: it grows in, then fades.  Drawn once into an image (the recorder of the
        layout tests gets it drawn in place), so a frame scales and blends one picture."""
        u = self.lay.u
        alpha = shown_alpha(big, now)
        t = (now - big.start) / big.dur
        scale = 1.0 if motion.reduced() else 0.6 + 0.4 * ease(min(1.0, t * 4))
        centre = (self.lay.center[0], self.lay.center[1] - int(20 * u))
        if theme.recording():
            return self._shout_drawn(surface, big, scale, alpha, centre).inflate(int(12 * u), int(12 * u))
        key = (big.text, big.sub, tuple(big.color), self.lay.size)
        if self._shout_cache is None or self._shout_cache[0] != key:
            box = self._shout_drawn(None, big, 1.0, 255, centre)
            pad = int(8 * u)
            img = pygame.Surface(box.inflate(2 * pad, 2 * pad).size, pygame.SRCALPHA)
            self._shout_drawn(img, big, 1.0, 255, (centre[0] - box.left + pad, centre[1] - box.top + pad))
            self._shout_cache = (key, img, box.inflate(2 * pad, 2 * pad))
        _key, img, area = self._shout_cache
        if scale < 0.995:
            img = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * scale)),
                                                     max(1, int(img.get_height() * scale))))
        img.set_alpha(alpha)
        r = img.get_rect(center=area.center)
        surface.blit(img, r)
        return r.inflate(int(12 * u), int(12 * u))

    def ahead(self) -> Iterator[Callable[[], object]]:
        """Jobs for spare frame time: the shouts' big letters rendered before they are needed."""
        for text, color in self.view.part.shouts():
            def job(text=text, color=color):
                px = theme.fit_px(text, 90 * self.lay.u, self.lay.size[0] * 0.8, bold=True)
                theme.render(text, px, color, True)
                theme.render(text, px, (0, 0, 0), True)
            yield job

    def _shout_drawn(self, surface, big, scale: float, alpha: int, centre) -> pygame.Rect:
        """The shout drawn on ``surface`` around ``centre`` (None: only where its box is)."""
        u = self.lay.u
        w = self.lay.size[0]
        px = theme.fit_px(big.text, 90 * u * scale, w * 0.8, bold=True)
        img = theme.render(big.text, px, big.color, True)
        r = img.get_rect(center=centre)
        sub_px = 24 * u
        sub_h = theme.line_step(sub_px, True) + int(6 * u) if big.sub else 0
        box = r.inflate(int(40 * u), int(16 * u))
        box.height += sub_h
        box.width = max(box.width, min(int(w * 0.9), theme.font(sub_px, True).size(big.sub)[0] + int(40 * u)))
        box.centerx = r.centerx
        if surface is None:
            return box
        sh = theme.render(big.text, px, (0, 0, 0), True)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        if surface.get_flags() & pygame.SRCALPHA and alpha == 255:
            # into the shout's own (clear) image: the panel drawn straight in, no image of its size
            rad = max(4, int(10 * u))
            pygame.draw.rect(surface, (0, 0, 0, 80), box.move(int(3 * u), int(4 * u)), border_radius=rad)
            pygame.draw.rect(surface, (*theme.PANEL, 225), box, border_radius=rad)
            pygame.draw.rect(surface, theme.PANEL_BORDER, box, max(1, int(2 * u)), border_radius=rad)
        else:
            theme.panel(surface, box, u, alpha=min(225, alpha))
        sh.set_alpha(alpha // 2)                 # the cached black letters, for this blit only
        surface.blit(sh, r.move(int(4 * u), int(4 * u)))
        sh.set_alpha(None)
        theme.blit_rendered(surface, img, r, big.text, px)
        if big.sub:
            theme.blit_text(surface, big.sub, sub_px, (r.centerx, r.bottom + int(6 * u)), theme.TEXT, bold=True,
                        anchor="midtop", max_width=box.width - int(24 * u))
        return box

    def news(self, surface, text: str, color, alpha: int = 255, above_news: bool = False) -> pygame.Rect:
        """The announcement line (who took the trick, a take, the scoring): one or two lines
        between the middle of the table and the prompt.  ``above_news``: a line of its own
        (a hint) just above the announcement when one shows, else in its place."""
        u = self.lay.u
        width = self.lay.middle_width() - int(20 * u)
        for _try in range(2):
            px, lines = theme.fit_wrapped(text, 17 * u, width, 2, bold=True)
            box = self.lay.news_rect(len(lines), self.prompt_lines)
            if above_news and self.news_box is not None:
                box.bottom = self.news_box.top - int(4 * u)
            # a crowded table's lower side seats reach down beside it: between them, then
            gap = self.lay.gap_between_seats(box.inflate(0, int(4 * u)))
            if gap is None or gap >= box.width:
                break
            width = gap - int(20 * u)
        return self._text_box(surface, lines, px, color, box, alpha, (0, 0, 0, min(200, alpha)))

    def _text_box(self, surface, lines, px, color, box, alpha, fill) -> pygame.Rect:
        u = self.lay.u
        widest = max(theme.font(px, True).size(ln)[0] for ln in lines)
        box = pygame.Rect(box)
        box.width = min(box.width, widest + int(24 * u))
        box.centerx = self.lay.size[0] // 2
        surface.blit(self._box_image(box.size, fill, int(8 * u)), box)
        theme.note_box(surface, "panel", box, opaque=False)
        step = theme.line_step(px, True)
        y = box.centery - step * (len(lines) - 1) / 2
        for i, ln in enumerate(lines):
            img = theme.render(ln, px, color, True)
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            r = img.get_rect(center=(box.centerx, int(y + i * step)))
            theme.blit_rendered(surface, img, r, ln, px)
        return box.inflate(4, 4)

    def _box_image(self, size, fill, radius: int) -> pygame.Surface:
        """A translucent rounded box (made once per size and colour)."""
        key = (tuple(size), tuple(fill), radius)
        cache = self.__dict__.setdefault("_boxes", {})
        img = cache.get(key)
        if img is None:
            if len(cache) > 64:
                cache.clear()
            img = cache[key] = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(img, fill, img.get_rect(), border_radius=radius)
        return img

    def prompt_spec(self) -> tuple | None:
        """What the prompt shows now (its text, colour, size, lines and box), or None."""
        self.prompt_lines = 0
        b, v = self.board, self.view
        u = self.lay.u
        color = theme.TEXT
        if v.message and b.timeline.now < v.error_until:
            text, color = v.message, v.message_color
        elif v.message and v.message_color != theme.ERROR and v.my_turn():
            text = v.message
        elif not v.my_turn() and b.timeline.held is None and b.timeline.shown(("news",)) is not None:
            # while the others play, an announcement takes the place of "Björn is thinking…"
            # (a fading announcement stacked over the new prompt was hard to read)
            text = ""
        else:
            text = v.prompt()
        if not text:
            return None
        width = self.lay.middle_width() - int(20 * u)
        px, lines = theme.fit_wrapped(text, 17 * u, width, 2, bold=True)
        box = self._prompt_box(lines, px, width)
        if " ".join(lines) != " ".join(text.split()):
            # two lines cut it even at the smallest size (a buy-back's question and its keys in
            # Icelandic): a third line where no seat's box lies beside it
            px3, lines3 = theme.fit_wrapped(text, 17 * u, width, 3, bold=True)
            box3 = self._prompt_box(lines3, px3, width)
            seats = [self.lay.seat_box(s) for s in range(self.board.n) if self.lay.seat_slot(s) != 0]
            if box3.collidelist(seats) == -1:
                px, lines, box = px3, lines3, box3
        self.prompt_lines = len(lines)
        return (tuple(lines), px, color, tuple(box))

    def _prompt_box(self, lines, px: float, width: int) -> pygame.Rect:
        u = self.lay.u
        box = pygame.Rect(0, 0, width + int(20 * u), len(lines) * theme.line_step(px, True) + int(10 * u))
        box.midbottom = (self.lay.size[0] // 2, self.lay.prompt_bottom())
        return box

    def draw_prompt(self, surface, spec) -> pygame.Rect:
        if spec is None:
            return pygame.Rect(0, 0, 0, 0)
        lines, px, color, box = spec
        return self._text_box(surface, lines, px, color, box, 255, (0, 0, 0, 150))
