"""The look back: the previous trick (Gurka) or bout (Durak) over the table.

Opened with L (or the letter its button shows) or the table's button.  The table is drawn without its middle (seats and
the hand stay), every card of the previous trick lies where it lay, towards the seat of
who played it (with names on a crowded table), the winning cards marked, and a caption
says who led it and who won it (their name tags are marked too).  That key again, Esc, a
click or Back returns; the game waits meanwhile.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import theme
from .. import tool_keys
from ..scene import Scene
from ..widgets import Button, WidgetGroup
from .marks import name_tag
from .part_base import LED, TOOK

#: the outline of the name tag of who led the trick (opened the bout) and of who took it
ROLE_COLOURS = {LED: theme.ACCENT, TOOK: theme.GOOD}


class LookbackScene(Scene):
    opaque = True       # it draws the table itself, without the cards of the trick under way

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.widgets = WidgetGroup([Button(lambda: _("Back"), self.close, primary=True, name="back")])
        self.widgets.focus = 0

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()

    def layout(self, size) -> None:
        self.table.lay_out(size)
        lay = self.table.layout
        u = theme.unit(size)
        b = self.widgets.widgets[0]
        b.rect = pygame.Rect(0, 0, int(190 * u), int(44 * u))
        if lay is not None:
            b.rect.bottomright = (size[0] - int(16 * u), size[1] - int(16 * u))

    def handle_event(self, e) -> None:
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and (e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN,
                                                   pygame.K_SPACE) or tool_keys.tool_of(e) == "lookback"):
            self.close()
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self.close()

    def draw(self, surface) -> None:
        lay = self.table.layout
        back = self.table.lookback()
        if lay is None or back is None or lay.size != surface.get_size():
            surface.fill(theme.FELT_DARK)
            self.widgets.draw(surface, theme.unit(surface.get_size()))
            return
        u = lay.u
        self.table.draw_table(surface, middle=False)
        theme.shade(surface, 60)
        for card, pos, mark in back.cards:
            self.table.draw_card(surface, card, pos[:2], pos[2], mark)
        for pos, name, role in back.tags:
            name_tag(surface, lay, pos, name, ROLE_COLOURS.get(role))
        width = lay.middle_width() - int(20 * u)
        px, lines = theme.fit_wrapped(back.title, 17 * u, width, 2, bold=True)
        step = theme.line_step(px, True)
        # TRANSLATORS: the hint under the look back's caption; {key} is the letter that opened
        # it (the one its button shows)
        hint = _("{key}, Esc or a click: back to the game").format(key=tool_keys.letter("lookback"))
        box = pygame.Rect(0, 0, width + int(20 * u), (len(lines) + 1) * step + int(14 * u))
        box.midbottom = (lay.size[0] // 2, lay.prompt_bottom())
        theme.panel(surface, box, u, alpha=235)
        y = box.top + int(6 * u)
        for ln in lines:
            theme.blit_text(surface, ln, px, (box.centerx, y), theme.ACCENT, bold=True, anchor="midtop")
            y += step
        theme.blit_text(surface, hint, 13 * u, (box.centerx, y + int(2 * u)), theme.TEXT_DIM, anchor="midtop",
                    max_width=box.width - int(20 * u))
        self.widgets.draw(surface, u)
