"""Input widgets: a toggle, a choice of values, a list of choices, a text field."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import motion
from . import panels, theme
from .widget_base import Widget, draw_label, text_of as _text


class Toggle(Widget):
    """An on/off switch with a label on its left."""

    activates = True

    def __init__(self, label, value: bool = False, on_change=None, rect=None, tooltip=None,
                 name: str = "", px: float = 18, enabled: bool = True):
        super().__init__(rect, enabled, tooltip, name)
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.px = px

    @property
    def text(self) -> str:
        return _text(self.label)

    def set(self, value: bool) -> None:
        value = bool(value)
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def handle_mouse(self, e) -> bool:
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.enabled:
            self.set(not self.value)
        return True

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.value)

    def key(self, e) -> bool:
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.enabled:
            self.set(e.key == pygame.K_RIGHT)
            return True
        return False

    def draw(self, surface, u, focused):
        if not self.visible:
            return
        r = self.rect
        if self.hover or focused:
            hl = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(hl, (255, 255, 255, 22), hl.get_rect(), border_radius=int(6 * u))
            surface.blit(hl, r)
        sw_w, sw_h = int(44 * u), int(24 * u)
        sw = pygame.Rect(0, 0, sw_w, sw_h)
        sw.midright = (r.right - int(6 * u), r.centery)
        on = self.value
        col = (theme.GOOD if on else (90, 96, 92)) if self.enabled else theme.BUTTON_DISABLED
        pygame.draw.rect(surface, col, sw, border_radius=sw_h // 2)
        knob_r = sw_h // 2 - max(2, int(3 * u))
        kx = sw.right - sw_h // 2 if on else sw.left + sw_h // 2
        pygame.draw.circle(surface, (250, 250, 245), (kx, sw.centery), knob_r)
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        draw_label(surface, self.text, self.px * u, pygame.Rect(r.left + int(8 * u), r.top + int(2 * u),
                                                               r.width - sw_w - int(20 * u), r.height - int(4 * u)),
                   color, bold=False, align="left")


class Choice(Widget):
    """A label and a value cycled with ◀ ▶ (click or Left / Right).  ``wrap=False`` (numbers):
    ◀ stops at the first value and ▶ at the last instead of going round.  ``stacked``: the
    label on a line of its own above the value (where a row is too narrow for both at full
    size; :meth:`side_by_side_width` says how wide a row must be)."""

    activates = True

    def __init__(self, label, options: Sequence[tuple[object, object]], value=None, on_change=None,
                 rect=None, tooltip=None, name: str = "", px: float = 18, enabled: bool = True,
                 wrap: bool = True):
        super().__init__(rect, enabled, tooltip, name)
        self.wrap = wrap
        self.label = label
        self.options = list(options)
        self.index = 0
        for i, (v, _t) in enumerate(self.options):
            if v == value:
                self.index = i
        self.on_change = on_change
        self.px = px
        self.stacked = False
        #: the value box's width set by the screen (a column of choices, their boxes aligned;
        #: beside the label only), None: as wide as this choice's own values and label want
        self.value_w: int | None = None

    @property
    def text(self) -> str:
        return _text(self.label)

    def label_need(self, u: float) -> int:
        """The width the label takes beside the value at full size (with its gap)."""
        return theme.font(self.px * u).size(self.text)[0] + int(22 * u) if self.text else 0

    def value_need(self, u: float) -> int:
        """The width the value box needs for its longest value at full size."""
        need = max((theme.font(self.px * u, True).size(_text(t))[0] for _v, t in self.options), default=0)
        return need + int(2 * 22 * u + 24 * u)

    def side_by_side_width(self, u: float) -> int:
        """How wide a row must be for the label and the longest value, both at full size."""
        if not self.text:
            return self.value_need(u)
        return self.label_need(u) + self.value_need(u)

    def label_height(self, u: float) -> int:
        """The height of the label's own line when stacked."""
        return theme.line_step(self.px * u, False)

    @property
    def value(self):
        return self.options[self.index][0] if self.options else None

    @property
    def value_text(self) -> str:
        return _text(self.options[self.index][1]) if self.options else ""

    def set_value(self, value) -> None:
        for i, (v, _t) in enumerate(self.options):
            if v == value and i != self.index:
                self.index = i
                if self.on_change:
                    self.on_change(v)

    def step(self, d: int) -> None:
        if not self.options or not self.enabled:
            return
        if not self.wrap:
            index = max(0, min(len(self.options) - 1, self.index + d))
            if index == self.index:
                return
            self.index = index
        else:
            self.index = (self.index + d) % len(self.options)
        if self.on_change:
            self.on_change(self.value)

    def _value_rect(self, u) -> pygame.Rect:
        r = self.rect
        if not self.text:
            return r
        if self.stacked:
            lh = self.label_height(u)
            return pygame.Rect(r.left, r.top + lh, r.width, r.height - lh)
        if self.value_w is not None:                # aligned with the others of its column
            w = min(self.value_w, r.width)
            return pygame.Rect(r.right - w, r.top, w, r.height)
        # as wide as the longest value needs (long translations), leaving the label its room
        need = self.value_need(u)
        full = theme.font(self.px * u).size(self.text)[0] + int(22 * u)
        if need + full <= r.width:                                          # both at full size
            w = max(need, min(int(r.width * 0.55), int(300 * u), r.width - full))
            return pygame.Rect(r.right - w, r.top, w, r.height)
        label = theme.font(self.px * u * 0.8).size(self.text)[0] + int(22 * u)  # the label may shrink
        if " " in self.text.strip():
            label = label // 2 + int(22 * u)                                # ... or take two lines
        w = max(min(int(r.width * 0.55), int(300 * u)), min(need, r.width - label))
        w = min(w, int(r.width * 0.72))
        return pygame.Rect(r.right - w, r.top, w, r.height)

    def handle_mouse(self, e) -> bool:
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            u = getattr(self, "_u", 1.0)
            vr = self._value_rect(u)
            if e.pos[0] < vr.left + vr.width // 3:
                self.step(-1)
            else:
                self.step(1)
        elif e.type == pygame.MOUSEWHEEL:
            self.step(-1 if e.y > 0 else 1)
        return True

    def activate(self) -> None:
        self.step(1)

    def key(self, e) -> bool:
        if e.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if e.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def draw(self, surface, u, focused):
        if not self.visible:
            return
        self._u = u
        r = self.rect
        if self.hover or focused:
            hl = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(hl, (255, 255, 255, 22), hl.get_rect(), border_radius=int(6 * u))
            surface.blit(hl, r)
        vr = self._value_rect(u)
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        if self.text and self.stacked:
            theme.blit_text(surface, self.text, self.px * u, (r.left + int(8 * u), r.top), color,
                        max_width=r.width - int(16 * u))
        elif self.text:
            draw_label(surface, self.text, self.px * u, pygame.Rect(r.left + int(8 * u), r.top + int(2 * u),
                                                                   vr.left - r.left - int(14 * u),
                                                                   r.height - int(4 * u)),
                       color, bold=False, align="left")
        box = vr.inflate(-int(4 * u), -int(6 * u))
        # the value in a well let into the panel (a button's make, pressed in)
        panels.button(surface, box, u, theme.BUTTON if self.enabled else theme.BUTTON_DISABLED, theme.PANEL_BORDER,
                      pressed=True, r=int(6 * u))
        aw = int(22 * u)
        theme.blit_text(surface, "◀", self.px * u * 0.8, (box.left + aw // 2 + int(3 * u), box.centery),
                    theme.ACCENT, anchor="center")
        theme.blit_text(surface, "▶", self.px * u * 0.8, (box.right - aw // 2 - int(3 * u), box.centery),
                    theme.ACCENT, anchor="center")
        theme.blit_text(surface, self.value_text, self.px * u, box.center, color, bold=True, anchor="center",
                    max_width=box.width - 2 * aw - 8 * u)


class ChoiceList(Widget):
    """A vertical list of items, one selected; Up / Down move the selection when focused."""

    def __init__(self, items: list[tuple[object, object]], value=None, on_change=None, rect=None,
                 name: str = "", px: float = 20, row_h: float = 40, sublabels=None):
        super().__init__(rect, True, None, name)
        self.items = list(items)
        self.index = 0
        for i, (v, _t) in enumerate(self.items):
            if v == value:
                self.index = i
        self.on_change = on_change
        self.px = px
        self.row_h = row_h
        #: optional callable value -> smaller second text
        self.sublabels = sublabels
        self._u = 1.0

    @property
    def value(self):
        return self.items[self.index][0] if self.items else None

    def select(self, index: int) -> None:
        index = max(0, min(len(self.items) - 1, index))
        if index != self.index:
            self.index = index
            if self.on_change:
                self.on_change(self.value)

    def row_rect(self, i: int) -> pygame.Rect:
        h = int(self.row_h * self._u)
        return pygame.Rect(self.rect.left, self.rect.top + i * h, self.rect.width, h)

    def handle_mouse(self, e) -> bool:
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            for i in range(len(self.items)):
                if self.row_rect(i).collidepoint(e.pos):
                    self.select(i)
        return True

    def key(self, e) -> bool:
        if e.key == pygame.K_UP and self.index > 0:
            self.select(self.index - 1)
            return True
        if e.key == pygame.K_DOWN and self.index < len(self.items) - 1:
            self.select(self.index + 1)
            return True
        return False

    def draw(self, surface, u, focused):
        if not self.visible:
            return
        self._u = u
        mouse = pygame.mouse.get_pos() if self.hover else None
        for i, (v, t) in enumerate(self.items):
            rr = self.row_rect(i)
            sel = i == self.index
            if sel:
                pygame.draw.rect(surface, theme.ACCENT, rr.inflate(-int(2 * u), -int(3 * u)),
                                 border_radius=int(6 * u))
            elif mouse and rr.collidepoint(mouse):
                hl = pygame.Surface(rr.size, pygame.SRCALPHA)
                pygame.draw.rect(hl, (255, 255, 255, 28), hl.get_rect(), border_radius=int(6 * u))
                surface.blit(hl, rr)
            color = theme.TEXT_DARK if sel else theme.TEXT
            text = _text(t)
            sub = self.sublabels(v) if self.sublabels else ""
            x = rr.left + int(10 * u)
            px = theme.fit_px(text, self.px * u, rr.width - 20 * u, bold=True)
            text = theme.ellipsize(text, px, rr.width - 20 * u, bold=True)
            if sub:
                # two lines: the name, and a smaller second text under it
                theme.blit_text(surface, text, px, (x, rr.centery + int(2 * u)), color, bold=True,
                            anchor="bottomleft")
                theme.blit_text(surface, sub, max(theme.MIN_PX, self.px * u * 0.62), (x, rr.centery + int(2 * u)),
                            (60, 50, 20) if sel else theme.TEXT_DIM, anchor="topleft",
                            max_width=rr.width - 20 * u)
            else:
                theme.blit_text(surface, text, px, (x, rr.centery), color, bold=True, anchor="midleft")


class TextInput(Widget):
    """A one-line text field (names).  Typing goes in at the caret while it has the focus;
    Left / Right / Home / End move the caret, Backspace and Delete take out the character
    before or after it."""

    #: the caret can be moved (off: typing and Backspace at the end only, as a path box shows)
    caret_keys = True

    def __init__(self, value: str = "", on_change=None, rect=None, max_len: int = 16, name: str = "",
                 px: float = 18, placeholder=None):
        super().__init__(rect, True, None, name)
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.px = px
        self.placeholder = placeholder
        #: how many characters stand after the caret (a value set from outside keeps it at the end)
        self.tail = 0

    @property
    def caret(self) -> int:
        return len(self.value) - min(self.tail, len(self.value))

    def handle_mouse(self, e) -> bool:
        return True

    def _set(self, value: str) -> None:
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def text_input(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable())
        v, c = self.value, self.caret
        self.tail = len(v) - c
        self._set(v[:c] + text[: max(0, self.max_len - len(v))] + v[c:])

    def key(self, e) -> bool:
        v, c = self.value, self.caret
        mods = getattr(e, "mod", 0)
        if (e.key == pygame.K_v and mods & (pygame.KMOD_CTRL | pygame.KMOD_META)) or \
                (e.key == pygame.K_INSERT and mods & pygame.KMOD_SHIFT):
            # start-up: the clipboard module loads at the first paste
            from .clipboard import paste          # Ctrl+V (Cmd+V), Shift+Insert
            self.text_input(" ".join(paste().split()))
            return True
        if e.key == pygame.K_BACKSPACE:
            if c:
                self.tail = len(v) - c
                self._set(v[:c - 1] + v[c:])
            return True
        if self.caret_keys:
            if e.key == pygame.K_DELETE:
                if c < len(v):
                    self.tail = len(v) - c - 1
                    self._set(v[:c] + v[c + 1:])
                return True
            to = {pygame.K_LEFT: c - 1, pygame.K_RIGHT: c + 1, pygame.K_HOME: 0, pygame.K_END: len(v)}
            if e.key in to:
                self.tail = len(v) - max(0, min(len(v), to[e.key]))
                return True
        # printable keys arrive as TEXTINPUT; swallow them here so they do not move focus
        return bool(e.unicode and e.unicode.isprintable() and e.key not in (pygame.K_TAB,))

    def draw(self, surface, u, focused):
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, (245, 242, 230), r, border_radius=int(5 * u))
        pygame.draw.rect(surface, theme.FOCUS if focused else theme.PANEL_BORDER, r,
                         max(1, int((2 if focused else 1) * u)), border_radius=int(5 * u))
        shown = self.value or (_text(self.placeholder) if self.placeholder else "")
        col = theme.TEXT_DARK if self.value else (130, 130, 130)
        px = theme.fit_px(shown + "|", self.px * u, r.width - 12 * u)
        tr = theme.blit_text(surface, shown, px, (r.left + int(6 * u), r.centery), col, anchor="midleft",
                         max_width=r.width - 12 * u)
        if focused and (motion.reduced() or (pygame.time.get_ticks() // 500) % 2 == 0):
            x = r.left + int(6 * u)
            if self.value:
                x = min(tr.right, x + theme.font(px).size(self.value[:self.caret])[0])
            x += 1
            pygame.draw.line(surface, theme.TEXT_DARK, (x, r.top + int(5 * u)), (x, r.bottom - int(5 * u)),
                             max(1, int(u)))
