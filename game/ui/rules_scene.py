"""The Rules scene: pick a ruleset on the left, read its rules on the right.

The text is wrapped to the current width and laid out as a list of lines;
only the lines inside the view are drawn, so a long text costs little at
any window size.  Scrolling: mouse wheel, dragging the scroll bar,
Up / Down, Page Up / Page Down, Home / End, Space (Shift+Space: up).  Left / Right,
1-9 (the first nine of the list, or the list) switch the ruleset; Esc, Backspace or Back closes the scene.  The
keys are listed at the end of the text (:func:`.shortcuts.rules_keys`).
"""

from __future__ import annotations

import pygame

from .. import i18n
from ..engine.registry import find_ruleset, ruleset_ids
from ..i18n import _
from . import rules_text
from . import shortcuts
from . import theme
from .rules_sections import Section
from .scene import Scene
from .widgets import Button, ChoiceList, WidgetGroup

#: design-pixel font sizes
TITLE_PX = 26
HEAD_PX = 20
BODY_PX = 16
LIST_ROW = 46


class _Line:
    __slots__ = ("y", "x", "text", "px", "bold", "color")

    def __init__(self, y, x, text, px, bold, color):
        self.y, self.x, self.text, self.px, self.bold, self.color = y, x, text, px, bold, color


class RulesScene(Scene):
    def __init__(self, app, rules: str | None = None):
        super().__init__(app)
        self.ids = ruleset_ids()
        self.rules = rules if rules in self.ids else self.ids[0]
        self.scroll = 0.0
        self.lines: list[_Line] = []
        self.content_h = 0
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.dragging: int | None = None
        self._built_for: tuple | None = None
        self.list = ChoiceList([(r, (lambda r=r: self._list_label(r))) for r in self.ids],
                               value=self.rules, on_change=self.select, name="rulesets",
                               px=17, row_h=LIST_ROW, sublabels=lambda r: find_ruleset(r).country)
        self.back = Button(lambda: _("Back"), self.close, name="back")
        self.list.access_name = lambda: _("Game")       # its name for screen readers
        self.widgets = WidgetGroup([self.list, self.back])

    # -- helpers ----------------------------------------------------------------
    @staticmethod
    def _list_label(rules: str) -> str:
        return rules_text.ruleset_name(rules)

    def select(self, rules: str) -> None:
        if rules in self.ids and rules != self.rules:
            self.rules = rules
            self.scroll = 0.0
            self._built_for = None
            if self.list.value != rules:
                self.list.index = self.ids.index(rules)
            self.invalidate()

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.text_rect.height)

    def scroll_by(self, dy: float) -> None:
        new = min(max(0.0, self.scroll + dy), float(self.max_scroll))
        if new != self.scroll:
            self.scroll = new
            self.invalidate()

    # -- layout -------------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = self.u = theme.unit(size)
        m = int(18 * u)
        self.title_y = m
        top = m + int(48 * u)
        list_w = int(250 * u)
        self.list_panel = pygame.Rect(m, top, list_w, h - top - m)
        self.list.rect = pygame.Rect(self.list_panel.left + int(8 * u), self.list_panel.top + int(10 * u),
                                     list_w - int(16 * u), int(LIST_ROW * u) * len(self.ids))
        self.back.rect = pygame.Rect(0, 0, list_w - int(40 * u), int(46 * u))
        self.back.rect.midbottom = (self.list_panel.centerx, self.list_panel.bottom - int(14 * u))
        self.text_panel = pygame.Rect(self.list_panel.right + m, top, w - self.list_panel.right - 2 * m,
                                      h - top - m)
        pad = int(22 * u)
        bar_w = max(6, int(10 * u))
        self.text_rect = pygame.Rect(self.text_panel.left + pad, self.text_panel.top + int(14 * u),
                                     self.text_panel.width - 2 * pad - bar_w - int(6 * u),
                                     self.text_panel.height - int(28 * u))
        self.bar_track = pygame.Rect(self.text_panel.right - int(10 * u) - bar_w, self.text_rect.top,
                                     bar_w, self.text_rect.height)
        self._built_for = None
        self._build()

    def _build(self) -> None:
        key = (self.rules, i18n.language_version(), i18n.current_language(), self.text_rect.size,
               round(self.u, 3))
        if key == self._built_for:
            return
        self._built_for = key
        u = self.u
        width = self.text_rect.width
        lines: list[_Line] = []
        y = 0

        def para(text, px, bold=False, color=theme.TEXT, indent=0, gap_after=0.55):
            nonlocal y
            f = theme.font(px, bold)
            step = f.get_linesize()
            for ln in theme.wrap(text, px, width - indent, bold):
                lines.append(_Line(y, indent, ln, px, bold, color))
                y += step
            y += int(step * gap_after)

        body = BODY_PX * u
        para(rules_text.rules_title(self.rules), TITLE_PX * u, True, theme.ACCENT, gap_after=0.5)
        keys = [Section(shortcuts.section_title(), items=shortcuts.table_keys(self.rules, say=True)),
                Section(shortcuts.replay_title(), items=shortcuts.replay_keys(self.rules)),
                Section(shortcuts.rules_title(), items=shortcuts.rules_keys())]
        for sec in rules_text.sections(self.rules) + keys:
            y += int(6 * u)
            para(sec.title, HEAD_PX * u, True, theme.ACCENT, gap_after=0.25)
            for p in sec.paragraphs:
                para(p, body)
            for label, text in sec.items:
                bullet = "•  "
                bw = theme.font(body).size(bullet)[0]
                start = len(lines)
                para(label, body, True, theme.TEXT, indent=bw, gap_after=0.0)
                lines.insert(start, _Line(lines[start].y, 0, "•", body, True, theme.ACCENT))
                para(text, body, False, theme.TEXT_DIM, indent=bw, gap_after=0.45)
        self.lines = lines
        self.content_h = y
        self.scroll = min(self.scroll, float(self.max_scroll))

    def access_texts(self) -> list[tuple[str, str]]:
        """The rules text as a screen reader reads it: headings and paragraphs."""
        out = [("heading", rules_text.rules_title(self.rules))]
        for sec in rules_text.sections(self.rules):
            out.append(("heading", sec.title))
            out += [("label", p) for p in sec.paragraphs]
            out += [("label", f"{label}: {text}") for label, text in sec.items]
        return out

    # -- events -----------------------------------------------------------------------
    def handle_event(self, e):
        u = getattr(self, "u", 1.0)
        line = int(theme.font(BODY_PX * u).get_linesize())
        page = max(line, self.text_rect.height - 2 * line)
        if e.type == pygame.KEYDOWN:
            k = e.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return
            if k == pygame.K_DOWN:
                self.scroll_by(line * 2)
                return
            if k == pygame.K_UP:
                self.scroll_by(-line * 2)
                return
            if k in (pygame.K_PAGEDOWN, pygame.K_SPACE) and not (e.mod & pygame.KMOD_SHIFT):
                self.scroll_by(page)
                return
            if k == pygame.K_PAGEUP or (k == pygame.K_SPACE and e.mod & pygame.KMOD_SHIFT):
                self.scroll_by(-page)
                return
            if k == pygame.K_HOME:
                self.scroll_by(-self.scroll)
                return
            if k == pygame.K_END:
                self.scroll_by(self.max_scroll)
                return
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                i = self.ids.index(self.rules) + (1 if k == pygame.K_RIGHT else -1)
                self.select(self.ids[i % len(self.ids)])
                return
            if pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(self.ids):
                self.select(self.ids[k - pygame.K_1])
                return
        if e.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if not self.list_panel.collidepoint(pos):
                dy = getattr(e, "precise_y", e.y) or e.y
                self.scroll_by(-dy * line * 3)
                return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.bar_track.inflate(int(8 * u), 0).collidepoint(e.pos) and self.max_scroll:
                thumb = self._thumb()
                if thumb.collidepoint(e.pos):
                    self.dragging = e.pos[1] - thumb.top
                else:                       # click on the track: jump a page
                    self.scroll_by(page if e.pos[1] > thumb.centery else -page)
                return
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.dragging is not None:
            self.dragging = None
            return
        if e.type == pygame.MOUSEMOTION and self.dragging is not None:
            track, thumb = self.bar_track, self._thumb()
            free = max(1, track.height - thumb.height)
            frac = (e.pos[1] - self.dragging - track.top) / free
            self.scroll_by(frac * self.max_scroll - self.scroll)
            return
        self.widgets.handle_event(e)

    def _thumb(self) -> pygame.Rect:
        track = self.bar_track
        total = max(1, self.content_h)
        h = max(int(30 * self.u), int(track.height * min(1.0, track.height / total)))
        free = track.height - h
        y = track.top + (int(free * self.scroll / self.max_scroll) if self.max_scroll else 0)
        return pygame.Rect(track.left, y, track.width, h)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface):
        self._build()           # texts change with the language
        size = surface.get_size()
        u = self.u
        surface.blit(theme.felt(size), (0, 0))
        theme.blit_text(surface, _("Rules"), 30 * u, (self.list_panel.left, self.title_y), theme.ACCENT,
                    bold=True, max_width=size[0] - 2 * self.list_panel.left)
        theme.panel(surface, self.list_panel, u)
        self.widgets.draw(surface, u)
        theme.panel(surface, self.text_panel, u, alpha=245)
        clip = surface.get_clip()
        surface.set_clip(self.text_rect)
        top = int(self.scroll)
        view_h = self.text_rect.height
        x0, y0 = self.text_rect.left, self.text_rect.top
        for ln in self.lines:
            if ln.y + ln.px * 2 < top:
                continue
            if ln.y > top + view_h:
                break
            surf = theme.render(ln.text, ln.px, ln.color, ln.bold)
            surface.blit(surf, (x0 + ln.x, y0 + ln.y - top))
        surface.set_clip(clip)
        if self.max_scroll:
            pygame.draw.rect(surface, (40, 56, 50), self.bar_track, border_radius=self.bar_track.width // 2)
            pygame.draw.rect(surface, theme.ACCENT if self.dragging is not None else (150, 140, 100),
                             self._thumb(), border_radius=self.bar_track.width // 2)
            # a hint of more text below
            if self.scroll < self.max_scroll:
                fade = pygame.Surface((self.text_rect.width, int(18 * u)), pygame.SRCALPHA)
                for i in range(fade.get_height()):
                    a = int(200 * i / max(1, fade.get_height()))
                    pygame.draw.line(fade, (*theme.PANEL, a), (0, i), (fade.get_width(), i))
                surface.blit(fade, (x0, self.text_rect.bottom - fade.get_height()))

    def text_lines(self) -> list[tuple[int, int, str]]:
        """(x, width, text) of every laid-out line, relative to the text area (for tests)."""
        return [(ln.x, theme.font(ln.px, ln.bold).size(ln.text)[0], ln.text) for ln in self.lines]
