"""Small widgets with mouse and keyboard support: buttons, toggles, choices,
choice lists and a text field, grouped in a :class:`WidgetGroup` that owns the
keyboard focus.

Labels may be plain strings or zero-argument callables (``lambda: _("Quit")``)
so a language switch shows at once.  A scene gives each widget its ``rect`` in
``layout()`` and calls ``group.handle_event(e)`` / ``group.draw(surface, u)``.

Keys: Tab / Shift+Tab and Up / Down move the focus (Left / Right too from a button, so a
row of buttons is walked as it looks), Enter / Space activate, Left / Right change a
toggle or choice; a focused choice list takes Up / Down itself (Tab leaves it).  Keys a
group has no use for go on to the scene: Enter on a list or a name field, and the arrows
where there is nowhere to move the focus (a scene with one button scrolls with them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from . import theme
from .widget_base import InputMode, Widget, box as _box, draw_label, text_of as _text
from .widgets_focus import draw_focus
from .widgets_input import Choice, ChoiceList, TextInput, Toggle

class Label(Widget):
    focusable = False

    def __init__(self, label, rect=None, px: float = 18, color=theme.TEXT, bold=False, align="left"):
        super().__init__(rect)
        self.label = label
        self.px = px
        self.color = color
        self.bold = bold
        self.align = align

    @property
    def text(self) -> str:
        return _text(self.label)

    def draw(self, surface, u, focused):
        if not self.visible:
            return
        anchor = {"left": "midleft", "center": "center", "right": "midright"}[self.align]
        pos = getattr(self.rect, anchor)
        theme.blit_text(surface, self.text, self.px * u, pos, self.color, self.bold, anchor=anchor,
                    max_width=self.rect.width)


class Button(Widget):
    activates = True

    def __init__(self, label, on_click: Callable[[], object] | None = None, rect=None,
                 enabled: bool = True, tooltip=None, primary: bool = False, name: str = "",
                 px: float = 20, sub=None):
        super().__init__(rect, enabled, tooltip, name)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.px = px
        #: a smaller second line under the label (e.g. which game Continue resumes)
        self.sub = sub

    @property
    def text(self) -> str:
        return _text(self.label)

    def handle_mouse(self, e) -> bool:
        if not self.enabled:
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.pressed = True
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            was = self.pressed
            self.pressed = False
            if was:
                self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def draw(self, surface, u, focused):
        if not self.visible:
            return
        if not self.enabled:
            col = theme.BUTTON_DISABLED
        elif self.pressed:
            col = theme.BUTTON_DOWN
        elif self.primary:
            col = theme.ACCENT if not self.hover else (248, 208, 104)
        else:
            col = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        _box(surface, self.rect, u, col, focused, pressed=self.pressed and self.enabled)
        color = theme.TEXT_DIM if not self.enabled else (theme.TEXT_DARK if self.primary else theme.TEXT)
        inner = self.rect.inflate(-int(16 * u), -int(4 * u))
        sub = _text(self.sub) if self.sub else ""
        if sub:
            top = inner.copy()
            top.height = int(inner.height * 0.58)
            theme.blit_text(surface, self.text, self.px * u, top.center, color, bold=True, anchor="center",
                        max_width=top.width)
            theme.blit_text(surface, sub, max(theme.MIN_PX, self.px * u * 0.68), (inner.centerx, top.bottom),
                        color, anchor="midtop", max_width=inner.width)
            return
        draw_label(surface, self.text, self.px * u, inner, color)



class WidgetGroup:
    """A set of widgets sharing keyboard focus and mouse hover."""

    def __init__(self, widgets: Sequence[Widget] | None = None, reading_order: bool = False):
        self.widgets: list[Widget] = list(widgets or [])
        self.focus: int | None = None
        #: Tab goes through the widgets as they stand on the screen, row by row, left to
        #: right (a group whose list order is its drawing order, not where they stand)
        self.reading_order = reading_order
        #: focus ring shown only while the keyboard is used (from the start when the group
        #: was made after a key: a scene opened with Enter shows where the focus is)
        self.keyboard = InputMode.key

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.focus = None

    def by_name(self, name: str) -> Widget | None:
        for w in self.widgets:
            if w.name == name:
                return w
        return None

    @property
    def focused(self) -> Widget | None:
        if self.focus is None or self.focus >= len(self.widgets):
            return None
        w = self.widgets[self.focus]
        return w if w.can_focus() else None

    def set_focus(self, widget: Widget | None) -> None:
        self.focus = None if widget is None else self.widgets.index(widget)

    def keep_focus(self, old: WidgetGroup | None) -> WidgetGroup:
        """Focus the widget of the name ``old`` had its focus on (a group made anew, as the
        table does after each move), when there is one."""
        if old is not None and old.focus is not None and old.focus < len(old.widgets):
            name = old.widgets[old.focus].name
            same = self.by_name(name) if name else None
            if same is not None:
                self.set_focus(same)
        return self

    def _order(self) -> list[int]:
        order = [i for i, w in enumerate(self.widgets) if w.can_focus()]
        if self.reading_order:
            order.sort(key=lambda i: (self.widgets[i].rect.top, self.widgets[i].rect.left))
        return order

    def _nowhere_to_go(self) -> bool:
        """The focus is on the only widget that can have it: arrows cannot move it."""
        order = self._order()
        return len(order) == 1 and self.focus in order

    def move_focus(self, d: int) -> None:
        order = self._order()
        if not order:
            self.focus = None
            return
        if self.focus not in order:
            self.focus = order[0] if d > 0 else order[-1]
            return
        k = order.index(self.focus)
        self.focus = order[(k + d) % len(order)]

    def widget_at(self, pos) -> Widget | None:
        for w in reversed(self.widgets):
            if w.contains(pos):
                return w
        return None

    def handle_event(self, e) -> bool:
        """Route one event; True when a widget used it."""
        if e.type == pygame.MOUSEMOTION:
            if InputMode.moved(e):
                self.keyboard = False
            for x in self.widgets:
                x.hover = x.contains(e.pos) and x.enabled
                if not x.hover and x.pressed and not (e.buttons and e.buttons[0]):
                    x.pressed = False
            return False
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if e.button not in (1, 3):
                return False
            w = self.widget_at(e.pos)
            if w is None:
                for x in self.widgets:
                    x.pressed = False
                return False
            if w.can_focus() and e.type == pygame.MOUSEBUTTONDOWN:
                self.focus = self.widgets.index(w)
            if e.button == 1:
                return w.handle_mouse(e)
            return True
        if e.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            w = self.widget_at(pos)
            if isinstance(w, Choice):
                return w.handle_mouse(e)
            return False
        if e.type == pygame.TEXTINPUT:
            w = self.focused
            if isinstance(w, TextInput):
                w.text_input(e.text)
                return True
            return False
        if e.type == pygame.KEYDOWN:
            w = self.focused
            if w is not None and w.key(e):
                self.keyboard = True
                return True
            if e.key == pygame.K_TAB:
                self.keyboard = True
                self.move_focus(-1 if e.mod & pygame.KMOD_SHIFT else 1)
                return True
            arrows = {pygame.K_DOWN: 1, pygame.K_UP: -1}
            if isinstance(w, Button):
                arrows.update({pygame.K_RIGHT: 1, pygame.K_LEFT: -1})
            if e.key in arrows:
                if self._nowhere_to_go():
                    return False
                self.keyboard = True
                self.move_focus(arrows[e.key])
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if w is not None and w.activates:
                    self.keyboard = True
                    w.activate()
                    return True
            return False
        return False

    def draw(self, surface: pygame.Surface, u: float) -> None:
        """The widgets, then the focus ring over them (:mod:`.widgets_focus`, a pass of its own)."""
        focused = self.focused if self.keyboard else None
        for w in self.widgets:
            w.draw(surface, u, w is focused)
        draw_focus(surface, self, u)

    def tooltip_at(self, pos) -> str:
        w = self.widget_at(pos)
        return w.tip if w is not None else ""

__all__ = ["Widget", "Label", "Button", "Toggle", "Choice", "ChoiceList", "TextInput", "WidgetGroup"]
