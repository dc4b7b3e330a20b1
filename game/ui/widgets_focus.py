"""The focus ring: where the keyboard is, drawn as a pass of its own over the widgets.

Every widget group (:class:`game.ui.widgets.WidgetGroup`) and the table's buttons draw
their widgets first and then the ring around the focused one, the same ring everywhere:
a light band inside a dark one, so it stands out on the felt, on a light button and in
high contrast alike (WCAG 2.4.7 and 1.4.11).  The widgets themselves draw no ring; how a
panel or a button looks is theirs, where the keyboard is is this module's.

The ring shows while the keyboard is in use (:class:`game.ui.widget_base.InputMode`): a
click hides it, the next key shows it again where the focus is.
"""

from __future__ import annotations

import pygame

from . import theme

#: the dark band around the light one (a light ring alone vanishes on a light button)
EDGE = (0, 0, 0)


def ring_rect(widget, u: float) -> pygame.Rect:
    """Where the ring goes around ``widget``: its own ``focus_rect()`` or its rect, a little
    outside."""
    own = getattr(widget, "focus_rect", None)
    rect = pygame.Rect(own() if callable(own) else widget.rect)
    grow = int(10 * u)
    return rect.inflate(grow, grow)


def draw_ring(surface: pygame.Surface, widget, u: float) -> pygame.Rect:
    """The ring around ``widget``; the rectangle it covers."""
    r = ring_rect(widget, u)
    band = max(3, int(3.5 * u))
    edge = max(1, int(1.5 * u))
    radius = max(4, int(10 * u))
    pygame.draw.rect(surface, EDGE, r.inflate(2 * edge, 2 * edge), band + 2 * edge, border_radius=radius + edge)
    pygame.draw.rect(surface, theme.FOCUS, r, band, border_radius=radius)
    theme.note_box(surface, "focus", r, opaque=False)
    return r.inflate(2 * edge + 2, 2 * edge + 2)


def draw_focus(surface: pygame.Surface, group, u: float) -> pygame.Rect | None:
    """The ring of ``group``'s focused widget while the keyboard is used (None: no ring)."""
    w = group.focused if group.keyboard else None
    if w is None or not w.visible:
        return None
    return draw_ring(surface, w, u)
