"""The accessibility tree handed to the system through AccessKit (``accesskit`` on PyPI).

AccessKit's adapters speak each platform's API: UI Automation on Windows (NVDA, JAWS,
Narrator), AT-SPI on Linux (Orca), NSAccessibility on macOS (VoiceOver).  This module turns
the plain nodes of :mod:`.access_tree` into AccessKit's (a node per control, the polite live
region last) and passes the assistive technology's requests back as pygame events
(:data:`ACTION_EVENT`: focus a control, press it) that the app carries out on its own thread.

AccessKit is optional: when it is not installed or its adapter fails, :func:`make` returns
None after one line in the log, and the game plays on without it.
"""

from __future__ import annotations

import os
import sys
import threading

import pygame

from .announcer import note

#: a pygame event carrying an assistive technology's request: ``target`` (a node id), ``action``
ACTION_EVENT = pygame.event.custom_type()

ROOT, LIVE = 1, 2

_ROLES = {"window": "WINDOW", "button": "BUTTON", "check_box": "CHECK_BOX", "combo_box": "COMBO_BOX",
          "list": "LIST_BOX", "option": "LIST_BOX_OPTION", "text_input": "TEXT_INPUT", "label": "LABEL",
          "heading": "HEADING", "group": "GROUP", "status": "STATUS"}


class Bridge:
    """One window's adapter; :meth:`publish` hands it the screen as it is now."""

    def __init__(self, ak, title: str, on_activate=None):
        self.ak = ak
        self.title = title
        self.on_activate = on_activate
        self.ids: dict[str, int] = {}
        #: the snapshot and the ids are read by the adapter's thread too
        self.lock = threading.RLock()
        self.snapshot: tuple = ((), None, "")      # (flat nodes, focus key, live text)
        self.adapter = None
        self.active = False

    # -- ids -------------------------------------------------------------------------
    def id_of(self, key: str) -> int:
        with self.lock:
            n = self.ids.get(key)
            if n is None:
                n = self.ids[key] = len(self.ids) + 3
            return n

    def key_of(self, node_id: int) -> str | None:
        with self.lock:
            return next((k for k, v in self.ids.items() if v == node_id), None)

    # -- the tree ------------------------------------------------------------------------
    def publish(self, nodes, focus: str | None, live: str) -> None:
        """The screen's nodes (:class:`.access_tree.Node`), the focused one's key, the live
        region's sentence: handed on when any of it changed."""
        flat = tuple(_flatten(nodes))
        snap = (flat, focus, live)
        with self.lock:
            if snap == self.snapshot:
                return
            self.snapshot = snap
        if self.adapter is not None:
            self.adapter.update_if_active(self._update)

    def _update(self):
        """The whole tree as an AccessKit ``TreeUpdate`` (from the snapshot, on any thread)."""
        ak = self.ak
        with self.lock:
            flat, focus, live = self.snapshot
            ids = {k: self.id_of(k) for k, *_ in flat}
        update = ak.TreeUpdate(ids.get(focus, ROOT))
        update.tree = ak.Tree(ROOT)
        root = ak.Node(ak.Role.WINDOW)
        root.set_label(self.title)
        root.set_children([ids[k] for k, parent, *_ in flat if parent is None] + [LIVE])
        update.nodes.append((ROOT, root))
        for key, _parent, role, name, value, desc, rect, checked, selected, disabled, kids, acts in flat:
            n = ak.Node(getattr(ak.Role, _ROLES.get(role, "GROUP")))
            if name:
                n.set_label(name)
            if value:
                n.set_value(value)
            if desc:
                n.set_description(desc)
            if rect is not None:
                x, y, w, h = rect
                n.set_bounds(ak.Rect(float(x), float(y), float(x + w), float(y + h)))
            if checked is not None:
                n.set_toggled(ak.Toggled.TRUE if checked else ak.Toggled.FALSE)
            if selected is not None:
                n.set_selected(bool(selected))
            if disabled:
                n.set_disabled()
            if kids:
                n.set_children([ids[k] for k in kids])
            focusable, clickable = acts
            if focusable:
                n.add_action(ak.Action.FOCUS)
            if clickable:
                n.add_action(ak.Action.CLICK)
            update.nodes.append((ids[key], n))
        status = ak.Node(ak.Role.STATUS)
        status.set_live(ak.Live.POLITE)
        if live:
            status.set_label(live)
            status.set_value(live)
        update.nodes.append((LIVE, status))
        return update

    # -- the assistive technology's side (another thread) ---------------------------------
    def activated(self):
        self.active = True
        if self.on_activate is not None:
            self.on_activate()
        return self._update()

    def action(self, request) -> None:
        kind = "focus" if request.action == self.ak.Action.FOCUS else (
            "click" if request.action == self.ak.Action.CLICK else None)
        if kind is not None:
            pygame.event.post(pygame.event.Event(ACTION_EVENT, target=int(request.target), action=kind))

    def deactivated(self) -> None:
        self.active = False

    def window_focus(self, focused: bool) -> None:
        if self.adapter is None:
            return
        events = self.adapter.update_window_focus_state(focused)
        if events is not None:
            events.raise_events()


def _flatten(nodes, parent=None):
    for n in nodes:
        yield (n.key, parent, n.role, n.name, n.value, n.description, n.rect, n.checked, n.selected,
               n.disabled, tuple(c.key for c in n.children), (n.focus is not None, n.action is not None))
        yield from _flatten(n.children, n.key)


def make(title: str, on_activate=None) -> Bridge | None:
    """The bridge for the open window, or None (AccessKit missing or failing: one log line)."""
    if os.environ.get("GURKA_NO_ACCESSKIT") == "1":
        note("screen reader support is off: GURKA_NO_ACCESSKIT=1")
        return None
    try:
        # optional: may be missing or fail to load; not loaded with GURKA_NO_ACCESSKIT=1
        import accesskit as ak
    except Exception as e:  # noqa: BLE001 - any failure to load it leaves the game without it
        note(f"screen reader support is off: AccessKit cannot be loaded ({type(e).__name__}: {e})")
        return None
    bridge = Bridge(ak, title, on_activate)
    try:
        if sys.platform == "win32":
            hwnd = pygame.display.get_wm_info()["window"]
            bridge.adapter = _Windows(ak.windows.SubclassingAdapter(hwnd, bridge.activated, bridge.action))
        elif sys.platform == "darwin":
            ak.macos.add_focus_forwarder_to_window_class("SDLWindow")
            view = pygame.display.get_wm_info()["window"]
            bridge.adapter = _Windows(ak.macos.SubclassingAdapter.for_window(view, bridge.activated,
                                                                             bridge.action))
        else:
            bridge.adapter = ak.unix.Adapter(bridge.activated, bridge.action, bridge.deactivated)
    except Exception as e:  # noqa: BLE001 - an adapter that fails leaves the game without it
        note(f"screen reader support is off: the AccessKit adapter failed ({type(e).__name__}: {e})")
        return None
    return bridge


class _Windows:
    """Windows' and macOS's adapters hand back events to raise."""

    def __init__(self, adapter):
        self.adapter = adapter

    def update_if_active(self, factory) -> None:
        events = self.adapter.update_if_active(factory)
        if events is not None:
            events.raise_events()

    def update_window_focus_state(self, focused: bool):
        fn = getattr(self.adapter, "update_view_focus_state", None)
        return fn(focused) if fn is not None else None
