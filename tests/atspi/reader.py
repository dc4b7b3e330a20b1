"""Reads the game's accessibility tree over AT-SPI, as Orca does (run with the system's
python3, which has PyGObject and the Atspi typelib: python3-gi, gir1.2-atspi-2.0).

    reader.py enable               the accessibility bus on (org.a11y.Status.IsEnabled)
    reader.py tree TITLE           the window TITLE's nodes, one JSON object a line
    reader.py do TITLE NAME        the default action of the node named NAME
    reader.py listen SECONDS       the announcements heard meanwhile, one JSON string a line

The test (``tests/atspi/test_atspi.py``) starts Xvfb, a D-Bus session and the AT-SPI bus,
then the game, and reads it with this script.
"""

import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

STATES = ("focused", "checked", "selected", "enabled", "focusable")


def enable() -> None:
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                  GLib.Variant("(ssv)", ("org.a11y.Status", "IsEnabled", GLib.Variant("b", True))),
                  None, Gio.DBusCallFlags.NONE, 3000, None)


def window(title: str):
    desk = Atspi.get_desktop(0)
    for i in range(desk.get_child_count()):
        app = desk.get_child_at_index(i)
        if app is None:
            continue
        for j in range(app.get_child_count()):
            w = app.get_child_at_index(j)
            if w is not None and w.get_name() == title:
                return w
    return None


def walk(node, depth=0):
    states = node.get_state_set()
    yield {"role": node.get_role_name(), "name": node.get_name(), "description": node.get_description(),
           "depth": depth, "states": [s for s in STATES
                                      if states.contains(getattr(Atspi.StateType, s.upper()))]}
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is not None:
            yield from walk(child, depth + 1)


def find(node, name):
    if node.get_name() == name:
        return node
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        hit = find(child, name) if child is not None else None
        if hit is not None:
            return hit
    return None


def main(argv) -> int:
    cmd = argv[0]
    if cmd == "enable":
        enable()
        return 0
    if cmd == "listen":
        heard = []

        def on_event(ev):
            heard.append(ev.source.get_name() if ev.source is not None else "")
        listener = Atspi.EventListener.new(on_event)
        listener.register("object:announcement")
        listener.register("object:property-change:accessible-name")
        GLib.timeout_add(int(float(argv[1]) * 1000), Atspi.event_quit)
        Atspi.event_main()
        for text in heard:
            print(json.dumps(text))
        return 0
    w = window(argv[1])
    if w is None:
        print(json.dumps({"error": f"no window {argv[1]!r}"}))
        return 1
    if cmd == "tree":
        for n in walk(w):
            print(json.dumps(n, ensure_ascii=False))
        return 0
    if cmd == "do":
        node = find(w, argv[2])
        if node is None:
            print(json.dumps({"error": f"no node {argv[2]!r}"}))
            return 1
        action = node.get_action_iface()
        ok = action is not None and action.get_n_actions() > 0 and action.do_action(0)
        print(json.dumps({"done": bool(ok)}))
        return 0 if ok else 1
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
