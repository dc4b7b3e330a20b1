"""The game for players who cannot see it: the app's one place for the accessibility tree,
the announcements and the game's own speech.

``app.access`` (made by the app with its window) holds the :class:`~.announcer.Announcer`
(``app.access.say(text)``: a sentence said once), whether a screen reader runs
(:mod:`.screen_reader`), the AccessKit bridge (:mod:`.access_kit`, None without AccessKit or
with the *Screen reader* setting off) and the game's own speech (:mod:`.speech`).  Every frame
the app calls :meth:`Access.refresh`: the top scene's nodes (:mod:`.access_tree`) go to the
bridge when they changed.  An assistive technology's request (focus a control, press it)
arrives as an :data:`.access_kit.ACTION_EVENT` and is carried out in :meth:`handle_event`.
"""

from __future__ import annotations

import time

import pygame

from .. import i18n
from . import access_kit
from .access_tree import Node, screen_nodes
from .announcer import Announcer, reading_ms, wanted
from .screen_reader import Detector
from .speech import Speech

#: how often the tree is looked at while nothing is said (s)
REFRESH = 0.12


class Access:
    def __init__(self, app):
        self.app = app
        self.announcer = Announcer()
        self.detector = Detector()
        self.speech = Speech()
        self.bridge: access_kit.Bridge | None = None
        self.live = ""
        self._next = 0.0
        self._nodes: dict[str, Node] = {}
        self.announcer.listeners.append(self._heard)

    # -- settings -------------------------------------------------------------------------
    def start(self) -> None:
        """With the window open: the bridge, unless the player turned screen readers off."""
        if self.app.settings.screen_reader == "off":
            return
        self.detector.ask()
        if self.bridge is None:
            self.bridge = access_kit.make("Gurka", self.detector.activated)

    def configure(self) -> None:
        """The settings changed (the *Screen reader* setting turned on: the bridge now)."""
        if self.bridge is None and self.app.settings.screen_reader != "off":
            self.start()

    @property
    def on(self) -> bool:
        """Announcements are on: the table waits for each to be read."""
        return wanted(self.app.settings, self.detector.running)

    def verbose(self) -> bool:
        """Full sentences (else the short form: "K♥ Björn")."""
        return self.app.settings.verbosity != "short"

    def wait_ms(self, text: str) -> float:
        """How long the table gives ``text`` to be read at the present speed (0: no wait)."""
        return reading_ms(text) * self.app.speed if self.on and text else 0.0

    # -- saying -----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.announcer.say(text)

    def _heard(self, text: str) -> None:
        self.live = text if self.live != text else text + "\u00a0"   # the same words again: said again
        if self.app.settings.speech:
            self.speech.say(text, i18n.current_language())
        self.refresh(now=True)

    # -- the tree -------------------------------------------------------------------------------
    def refresh(self, now: bool = False) -> None:
        if self.bridge is None or self.app.settings.screen_reader == "off":
            return
        t = time.monotonic()
        if not now and t < self._next:
            return
        self._next = t + REFRESH
        top = self.app.manager.top
        if top is None:
            return
        nodes, focus = screen_nodes(top)
        self._nodes = {}
        for n in nodes:
            for x in n.walk():
                while x.key in self._nodes:
                    x.key += "+"
                self._nodes[x.key] = x
        self.bridge.publish(nodes, focus, self.live)

    def handle_event(self, e) -> bool:
        """An assistive technology's request, or the window's focus; True when it was one."""
        if e.type == access_kit.ACTION_EVENT:
            key = self.bridge.key_of(e.target) if self.bridge is not None else None
            node = self._nodes.get(key) if key is not None else None
            fn = None if node is None else (node.focus if e.action == "focus" else node.action)
            if fn is not None:
                fn()
                self.app.manager.dirty = True
                self.refresh(now=True)
            return True
        if self.bridge is not None and e.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.bridge.window_focus(e.type == pygame.WINDOWFOCUSGAINED)
        return False

    def close(self) -> None:
        self.speech.close()
