"""Navigation by name (Tuxemon's ``push_state("Name")``): scenes never import each other.

The app registers a factory per scene name; a scene asks for the next one by name::

    self.app.nav.push("rules", rules=rules)
    self.app.nav.replace("table", rules=..., players=..., options=...)
    self.app.nav.back_to("menu")

The table raises events (``handoff``, ``deal_scored``, ``game_over``) through
:meth:`Nav.table_event`; :data:`TABLE_OVERLAYS` says which overlay each one opens.
"""

from __future__ import annotations

import importlib
from typing import Callable

#: table event -> the overlay scene it opens
TABLE_OVERLAYS = {"handoff": "handoff", "deal_scored": "scoreboard", "game_over": "result",
                  "lobby": "lobby", "seat_lost": "seat-lost", "reconnecting": "reconnecting",
                  "phrases": "phrases"}


class Nav:
    def __init__(self, manager):
        self.manager = manager
        self.routes: dict[str, Callable] = {}
        #: modules of the screens a game opens (score sheet, result...), imported ahead
        self.ahead: tuple[str, ...] = ()

    def register(self, name: str, factory: Callable) -> None:
        """``factory(**kw)`` makes the scene called ``name``."""
        self.routes[name] = factory

    def import_ahead(self):
        """Jobs importing :attr:`ahead`, for a scene's spare frame time: the first score
        sheet of a game does not wait for its module to load."""
        for module in self.ahead:
            yield lambda m=module: importlib.import_module(m)

    def make(self, name: str, **kw):
        scene = self.routes[name](**kw)
        scene.route = name
        return scene

    def push(self, name: str, **kw):
        return self.manager.push(self.make(name, **kw))

    def replace(self, name: str, **kw):
        return self.manager.replace(self.make(name, **kw))

    def replace_with(self, scene):
        """Replace the top scene with a scene made elsewhere (the table's next game)."""
        return self.manager.replace(scene)

    def pop(self):
        return self.manager.pop()

    def back_to(self, name: str):
        """Pop scenes until ``name`` is on top; when it is not on the stack, start it afresh."""
        stack = self.manager.stack
        if any(getattr(s, "route", None) == name for s in stack):
            while stack and getattr(stack[-1], "route", None) != name:
                self.manager.pop()
            return self.manager.top
        self.manager.clear()
        return self.push(name)

    def top_is(self, name: str) -> bool:
        return getattr(self.manager.top, "route", None) == name

    def table_event(self, kind: str, **kw) -> None:
        self.push(TABLE_OVERLAYS[kind], **kw)
