"""A scene stack in the style of Tuxemon's state manager.

Every screen is a :class:`Scene` with ``handle_event(e)``, ``update(dt)``,
``draw(surface)``, ``pause()`` and ``resume()``.  The :class:`SceneManager`
keeps a stack: events and updates go to the top scene only; drawing starts
at the highest *opaque* scene and draws every scene above it, so an overlay
(``opaque = False``, e.g. the pause menu) is drawn over the scene below it.

Writing a scene::

    class MyScene(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.widgets = WidgetGroup([...])   # see game.ui.widgets

        def layout(self, size):                 # called on enter and on every resize
            ...

        def handle_event(self, e):
            if self.widgets.handle_event(e):
                return
            if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
                self.manager.pop()

        def draw(self, surface):
            ...

``app`` is the :class:`game.ui.app.App`: ``app.manager`` (this stack),
``app.settings`` (the player's :class:`~game.storage.settings.Settings`: read
and set its fields), ``app.apply_settings()`` after changing them, ``app.toggle_fullscreen()``, ``app.quit()``.

Redrawing: the app redraws only when something asked for it.  Call
``self.invalidate()`` after a change that alters what is shown; a scene that
animates returns True from :meth:`Scene.animating`.  Mouse motion, key presses
and resizes invalidate automatically.
"""

from __future__ import annotations

import pygame

from .app_face import AppFace
from .widget_base import InputMode


class Scene:
    #: False for overlays: the scene below stays visible underneath.
    opaque = True
    #: the name the app's navigation knows this scene by (set by ``app.nav``)
    route = ""

    def __init__(self, app: AppFace):
        self.app = app
        self.manager: SceneManager | None = None
        self.size: tuple[int, int] = (0, 0)

    # -- life cycle -----------------------------------------------------------
    def enter(self) -> None:
        """Called once when first pushed (after ``manager`` is set)."""

    def exit(self) -> None:
        """Called once when popped or replaced for good."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene above was popped: this one is on top again."""

    # -- per frame --------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        """``dt`` in milliseconds since the last frame."""

    def background(self, dt: float) -> None:
        """Every frame while another scene is on top of this one (a network table goes on
        being served under the pause menu)."""

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``: on enter and after every resize."""

    def animating(self) -> bool:
        """True while the scene must be redrawn every frame."""
        return False

    def dirty_rects(self):
        """The rectangles the last ``draw`` changed, or None for the whole window."""
        return None

    # -- helpers ------------------------------------------------------------------
    def pop_top(self) -> None:
        """Take the top scene off this scene's stack (nothing when it is on none)."""
        if self.manager is not None:
            self.manager.pop()

    def push_scene(self, scene: Scene) -> None:
        """Push ``scene`` on this scene's stack (nothing when it is on none)."""
        if self.manager is not None:
            self.manager.push(scene)

    def invalidate(self) -> None:
        if self.manager is not None:
            self.manager.dirty = True

    def ensure_layout(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self.layout(size)


class SceneManager:
    def __init__(self, app=None):
        self.app = app
        self.stack: list[Scene] = []
        self.dirty = True
        #: the window size of the last frame (scenes are laid out for it)
        self.size: tuple[int, int] | None = None

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def __len__(self) -> int:
        return len(self.stack)

    def _enter(self, scene: Scene) -> Scene:
        scene.manager = self
        self.stack.append(scene)
        scene.enter()
        if self.size:
            scene.ensure_layout(self.size)
        self.dirty = True
        return scene

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].pause()
        return self._enter(scene)

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        scene.manager = None
        if self.stack:
            self.stack[-1].resume()
        self.dirty = True
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Pop the top scene and push ``scene`` (the one below is not resumed)."""
        if self.stack:
            old = self.stack.pop()
            old.exit()
            old.manager = None
        return self._enter(scene)

    def pop_to(self, cls) -> Scene | None:
        """Pop scenes until the top one is an instance of ``cls`` (or the stack is empty)."""
        while self.stack and not isinstance(self.stack[-1], cls):
            self.pop()
        return self.top

    def clear(self) -> None:
        while self.stack:
            self.pop()

    def find(self, cls) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, cls):
                return scene
        return None

    # -- per frame --------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> None:
        InputMode.note(e)
        if e.type in (pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                      pygame.MOUSEBUTTONUP, pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED,
                      pygame.WINDOWEXPOSED, pygame.MOUSEWHEEL, pygame.TEXTINPUT):
            self.dirty = True
        top = self.top
        if top is not None:
            if self.size:
                top.ensure_layout(self.size)
            top.handle_event(e)

    def update(self, dt: float) -> None:
        top = self.top
        for scene in self.stack[:-1]:
            scene.background(dt)
        if top is not None:
            top.update(dt)

    def needs_redraw(self) -> bool:
        return self.dirty or any(s.animating() for s in self._visible())

    def _visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        return self.stack[start:]

    def draw(self, surface: pygame.Surface):
        """Draw the visible scenes; returns the rectangles that changed (None: all of it)."""
        size = surface.get_size()
        self.size = size
        visible = self._visible()
        for scene in visible:
            scene.ensure_layout(size)
            scene.draw(surface)
        self.dirty = False
        shown = [id(s) for s in visible]
        same = shown == getattr(self, "_shown", None)
        self._shown = shown
        if len(visible) == 1 and same:
            return visible[0].dirty_rects()
        return None
