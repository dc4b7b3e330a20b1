"""The widget base: focus, tooltips, enabling, and the shared box drawing."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from . import panels, theme


def _desktop_pointer():
    """Where the pointer is on the desktop (None where it cannot be told)."""
    try:
        return pygame.mouse.get_pos(desktop=True)
    except (TypeError, pygame.error):
        return None


class InputMode:
    """Whether the last input was a key (not the mouse).  The scene stack notes every input
    (:meth:`note`); a widget group made after a key shows its focus at once, so a box opened
    with Enter or Esc says where Enter goes now (the focus ring was hidden until the next key,
    and that key already moved the focus on: the first Down skipped the first button).

    A window made anew (fullscreen on or off, a resize) moves the window under a pointer that
    stays where it was, and the system reports that as a mouse motion: for a moment after
    :meth:`window_changed` a motion with the pointer still where it was on the desktop is
    not the mouse (Fullscreen toggled with Enter lost its focus ring)."""

    key = False
    #: (until when, where the pointer was on the desktop) after the window changed
    _still = (0.0, None)
    SETTLE = 1.0

    @classmethod
    def reset(cls) -> None:
        """A new window: the mouse until a key is pressed, every motion the mouse's."""
        cls.key = False
        cls._still = (0.0, None)

    @classmethod
    def window_changed(cls) -> None:
        cls._still = (time.monotonic() + cls.SETTLE, _desktop_pointer())

    @classmethod
    def moved(cls, e) -> bool:
        """Whether the mouse motion ``e`` is the player's (not the window moving under it)."""
        until, where = cls._still
        if time.monotonic() >= until or any(getattr(e, "buttons", ()) or ()):
            return True
        return _desktop_pointer() != where

    @classmethod
    def note(cls, e) -> None:
        if e.type == pygame.KEYDOWN:
            cls.key = True
        elif e.type == pygame.MOUSEMOTION:
            if cls.moved(e):
                cls.key = False
        elif e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            cls.key = False


def text_of(label) -> str:
    return label() if callable(label) else str(label)


class Widget:
    focusable = True
    #: Enter / Space do something when it is focused (:meth:`activate`); otherwise they
    #: are left to the scene (a list or a name field: Enter is the scene's, e.g. Start)
    activates = False
    #: what a screen reader calls a control without a label of its own (set by its scene)
    access_name: Callable[[], str] | str | None = None

    def __init__(self, rect=None, enabled: bool = True, tooltip=None, name: str = ""):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.tooltip = tooltip
        self.hover = False
        self.pressed = False
        #: a stable id for tests and scripted input
        self.name = name

    @property
    def tip(self) -> str:
        return text_of(self.tooltip) if self.tooltip else ""

    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_mouse(self, e) -> bool:
        """A mouse button event inside the widget; True when consumed."""
        return False

    def activate(self) -> None:
        """Enter / Space while focused."""

    def key(self, e) -> bool:
        """Other keys while focused; True when consumed."""
        return False

    def draw(self, surface: pygame.Surface, u: float, focused: bool) -> None:
        pass


def box(surface, rect, u, color, focused, border=None, pressed: bool = False):
    r = max(3, int(8 * u))
    panels.button(surface, rect, u, color, border or theme.PANEL_BORDER, pressed, r)
    theme.note_box(surface, "panel", rect)


def draw_label(surface, text: str, px: float, rect: pygame.Rect, color, bold: bool = True,
               align: str = "center") -> None:
    """A widget's text in ``rect``: one line, a little smaller if need be, else wrapped onto
    two lines (never below the smallest size, never outside ``rect``)."""
    one = theme.fit_px(text, px, rect.width, bold, min_px=max(theme.MIN_PX, px * 0.8))
    anchor = "center" if align == "center" else "midleft"
    x = rect.centerx if align == "center" else rect.left
    rows = max(1, min(2, rect.height // max(1, theme.line_step(theme.MIN_PX, bold))))
    if theme.font(one, bold).size(text)[0] <= rect.width or " " not in text or rows < 2:
        theme.blit_text(surface, text, one, (x, rect.centery), color, bold=bold, anchor=anchor, max_width=rect.width)
        return
    size, lines = theme.fit_wrapped(text, px * 0.85, rect.width, rows, bold)
    step = theme.line_step(size, bold) * 0.92
    y = rect.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, size, (x, y + i * step), color, bold=bold, anchor=anchor)
