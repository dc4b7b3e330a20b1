"""What every overlay on the table shares: the table's narrow interface
(:class:`game.ui.table.handle.TableHandle`), the shade over the table, a row of buttons.

The overlays themselves (:mod:`.overlays`, :mod:`.lobby`, :mod:`.scoresheet`) derive from
:class:`Overlay` and never import one another."""

from __future__ import annotations

import pygame

from . import theme
from .scene import Scene
from .widgets import WidgetGroup


class Overlay(Scene):
    opaque = False
    shade = 150

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.widgets = WidgetGroup()
        self.box = pygame.Rect(0, 0, 10, 10)

    def _shade(self, surface, alpha=None, under=None, u: float = 1.0) -> None:
        theme.shade(surface, self.shade if alpha is None else alpha, under, u)

    def _buttons_row(self, buttons, y, u, w=200) -> None:
        bw, bh, gap = int(w * u), int(48 * u), int(16 * u)
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = self.box.centerx - total // 2
        for b in buttons:
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap

    def handle_event(self, e):
        self.widgets.handle_event(e)
