"""The widget base: focus, tooltips, enabling, and the shared box drawing."""

from __future__ import annotations

import pygame

from . import theme as T


def text_of(label) -> str:
    return label() if callable(label) else str(label)


class Widget:
    focusable = True

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


def box(surface, rect, u, color, focused, border=None):
    r = max(3, int(8 * u))
    pygame.draw.rect(surface, (0, 0, 0), rect.move(int(2 * u), int(3 * u)), border_radius=r)
    pygame.draw.rect(surface, color, rect, border_radius=r)
    pygame.draw.rect(surface, border or T.PANEL_BORDER, rect, max(1, int(1.5 * u)), border_radius=r)
    if focused:
        pygame.draw.rect(surface, T.FOCUS, rect.inflate(int(6 * u), int(6 * u)), max(2, int(2.5 * u)),
                         border_radius=r + int(3 * u))
