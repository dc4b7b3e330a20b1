"""What a scene reaches through ``self.app``: :class:`AppFace`.

The app (:class:`game.ui.app.App`) imports the scenes (through :mod:`.routes`), so a scene
names the app's shape here instead of importing it; mypy checks every ``self.app.…`` a scene
reads against it, the player's :class:`~game.storage.settings.Settings` among them.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ..storage.settings import Settings
from .nav import Nav


class AppFace(Protocol):
    """The app as its scenes see it."""

    #: the player's settings: read and set their fields, then :meth:`apply_settings`
    settings: Settings
    #: moving between scenes by name (``push``, ``replace``, ``back_to``)
    nav: Nav
    #: the scene stack (:class:`.scene.SceneManager`, whose module imports this one)
    manager: Any
    #: the accessibility tree, the announcements and the game's own speech (:mod:`.access`)
    access: Any
    #: the all-AI demo game runs (no saves, no statistics, no first-start offer)
    demo: bool
    #: messages the menu shows once: texts, or a :class:`~game.notices.Notice`
    notices: list[Any]
    #: the window's surface (None before it opens)
    screen: pygame.Surface | None
    #: how many times the window was opened (a new one is drawn whole)
    windows: int

    def apply_settings(self, save: bool = True) -> None: ...

    def toggle_fullscreen(self, on: bool | None = None) -> None: ...

    @property
    def speed(self) -> float:
        """How long animations take, a factor (0: instant)."""

    @property
    def ai_pace(self) -> float:
        """How long a computer player waits before it plays, a factor."""

    def play_sound(self, name: str) -> None: ...

    def quit(self, code: int = 0) -> None: ...

    def step(self, events: list[pygame.event.Event], dt: float) -> None: ...
