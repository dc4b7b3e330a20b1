"""Learn to play: the choice of tutorials (a menu button, and the offer on first start).

On first start (``first=True``) the scene is the offer, and it marks the setting
``tutorial_offered`` so that it is offered once.  A tutorial opens through ``app.nav``
(``"tutorial"``) in this scene's place.
"""

from __future__ import annotations

import pygame

from ...storage import settings as store
from ...i18n import _
from .. import rules_text
from .. import theme
from ..scene import Scene
from ..widgets import Button, WidgetGroup
from .scripts import TUTORIAL_IDS, tutorial


class LearnScene(Scene):
    def __init__(self, app, first: bool = False):
        super().__init__(app)
        self.first = first
        self.choices = [self._choice(r, i == 0) for i, r in enumerate(TUTORIAL_IDS)]
        label = (lambda: _("Not now")) if first else (lambda: _("Back"))
        self.back_btn = Button(label, self.close, name="back", px=17)
        self.widgets = WidgetGroup([*self.choices, self.back_btn])
        self.widgets.focus = 0
        self.rows: list[pygame.Rect] = []

    def _choice(self, rules: str, primary: bool) -> Button:
        return Button(lambda: rules_text.ruleset_name(rules), lambda: self.start(rules),
                      primary=primary, name=f"learn:{rules}", px=19)

    def enter(self) -> None:
        if self.first and not self.app.settings.tutorial_offered:
            self.app.settings.tutorial_offered = True
            if not self.app.demo:
                store.save(self.app.settings)

    def start(self, rules: str) -> None:
        self.app.nav.replace("tutorial", rules=rules)

    def close(self) -> None:
        self.pop_top()

    def layout(self, size) -> None:
        u = theme.unit(size)
        w = min(int(820 * u), size[0] - int(40 * u))
        height = int((118 + 102 * len(self.choices) + 84) * u)
        self.box = pygame.Rect(0, 0, w, min(size[1] - int(24 * u), height))
        self.box.center = (size[0] // 2, size[1] // 2)
        pad = int(26 * u)
        top = self.box.top + int(118 * u)
        row_h = int(102 * u)
        bw = int(220 * u)
        self.rows = []
        for i, b in enumerate(self.choices):
            row = pygame.Rect(self.box.left + pad, top + i * row_h, self.box.width - 2 * pad, row_h - int(12 * u))
            self.rows.append(row)
            b.rect = pygame.Rect(row.left, row.top, bw, int(52 * u))
        self.back_btn.rect = pygame.Rect(0, 0, int(200 * u), int(46 * u))
        self.back_btn.rect.midbottom = (self.box.centerx, self.box.bottom - int(18 * u))

    def handle_event(self, e) -> None:
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface) -> None:
        size = surface.get_size()
        u = theme.unit(size)
        surface.blit(theme.felt(size), (0, 0))
        theme.panel(surface, self.box, u)
        title = _("New to these games?") if self.first else _("Learn to play")
        theme.blit_text(surface, title, 28 * u, (self.box.centerx, self.box.top + int(20 * u)), theme.ACCENT,
                    bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        intro = _("Learn by playing: a guided first deal on the real table, every rule explained "
                  "as it comes up. Pick a game:")
        theme.blit_wrapped(surface, intro, 16 * u, pygame.Rect(self.box.left + int(26 * u), self.box.top + int(64 * u),
                                                         self.box.width - int(52 * u), int(50 * u)), theme.TEXT)
        for r, row in zip(TUTORIAL_IDS, self.rows):
            x = row.left + int(240 * u)
            theme.blit_text(surface, rules_text.ruleset_origin(r), 17 * u, (x, row.top), theme.TEXT, bold=True,
                        max_width=row.right - x)
            text = pygame.Rect(x, row.top + int(26 * u), row.right - x, row.height - int(26 * u))
            theme.blit_wrapped(surface, _(tutorial(r).blurb), 15 * u, text, theme.TEXT_DIM)
        self.widgets.draw(surface, u)
