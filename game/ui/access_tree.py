"""What a screen tells a screen reader: its controls and texts as a tree of nodes.

A node is plain data (no AccessKit here): a role, the localized name, a value, a description,
states (checked, selected, disabled) and where it lies, built from the screen's widgets in the
order Tab goes through them.  :func:`screen_nodes` asks the top scene: a scene with an
``access_nodes()`` method says itself what it shows (the table: the hand as a list of cards
with their state and reason, the trick, the seats, the prompt); any other is read from its
:class:`~game.ui.widgets.WidgetGroup` and its ``access_texts()`` (a title, a message).
:mod:`.access_kit` hands the tree to the system's accessibility API, and the tests read it
here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from ..i18n import _
from .game_list import GameList
from .widget_base import text_of
from .widgets import Button, Label
from .widgets_input import Choice, ChoiceList, TextInput, Toggle

#: the roles a node may have (:mod:`.access_kit` maps each to the platform's)
ROLES = ("window", "button", "check_box", "combo_box", "list", "option", "text_input", "label",
         "heading", "group", "status")


@dataclass
class Node:
    key: str
    role: str
    name: str = ""
    value: str = ""
    description: str = ""
    rect: tuple | None = None
    checked: bool | None = None
    selected: bool | None = None
    disabled: bool = False
    children: list[Node] = field(default_factory=list)
    #: the node's default action (a click), and what focuses it (None: not focusable)
    action: Callable[[], None] | None = None
    focus: Callable[[], None] | None = None

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def spoken(self) -> str:
        """The node as a screen reader says it, more or less ("Sound, on"): for tests and the
        game's own speech."""
        parts = [p for p in (self.name, self.value) if p]
        if self.checked is not None:
            parts.append(_("on") if self.checked else _("off"))
        if self.description and self.description not in parts:
            parts.append(self.description)
        return ", ".join(parts)


def position(n: int, total: int) -> str:
    # TRANSLATORS: a screen reader's place in a list or among a control's values: "3 of 8"
    return _("{n} of {total}").format(n=n, total=total)


def _label(w) -> str:
    """A widget's name: its own label, else the name a scene gave it for screen readers."""
    own = text_of(getattr(w, "access_name", None) or "")
    if own:
        return own
    label = getattr(w, "label", None)
    return text_of(label) if label is not None else ""


def widget_node(w, key: str, group=None) -> Node | None:
    """The node of one widget (None for a widget not shown)."""
    if not w.visible:
        return None
    rect = tuple(w.rect) if w.rect is not None else None
    focus = (lambda: _focus(group, w)) if group is not None and w.focusable else None
    disabled = not w.enabled
    if isinstance(w, Button):
        sub = text_of(w.sub) if w.sub else ""
        return Node(key, "button", _label(w), description=sub or w.tip, rect=rect, disabled=disabled,
                    action=w.activate, focus=focus)
    if isinstance(w, Toggle):
        return Node(key, "check_box", _label(w), rect=rect, checked=w.value, disabled=disabled,
                    description=w.tip, action=w.activate, focus=focus)
    if isinstance(w, Choice):
        where = position(w.index + 1, len(w.options)) if w.options else ""
        return Node(key, "combo_box", _label(w), value=w.value_text, rect=rect, disabled=disabled,
                    description=", ".join(p for p in (w.value_text, where) if p),
                    action=lambda: w.step(1), focus=focus)
    if isinstance(w, ChoiceList):
        node = Node(key, "list", _label(w), rect=rect, focus=focus)
        for i, (_v, t) in enumerate(w.items):
            sub = w.sublabels(_v) if w.sublabels else ""
            node.children.append(Node(f"{key}/{i}", "option", text_of(t),
                                      description=", ".join(p for p in (sub, position(i + 1, len(w.items))) if p),
                                      rect=tuple(w.row_rect(i)), selected=i == w.index,
                                      action=partial(w.select, i)))
        return node
    if isinstance(w, GameList):
        node = Node(key, "list", _label(w), rect=rect, focus=focus)
        for i, row in enumerate(w.rows):
            words = [x for x in (row.title, row.right, row.sub, row.sub_right) if x]
            node.children.append(Node(f"{key}/{i}", "option" if row.key is not None else "heading",
                                      " · ".join(words) or str(row.key), selected=i == w.index,
                                      action=partial(w.select, i)))
        return node
    if isinstance(w, TextInput):
        return Node(key, "text_input", _label(w) or text_of(w.placeholder or ""), value=w.value,
                    rect=rect, focus=focus)
    if isinstance(w, Label):
        return Node(key, "label", w.text, rect=rect) if w.text else None
    name = _label(w) or text_of(getattr(w, "text", "") or "")
    return Node(key, "group", name, rect=rect, focus=focus) if name else None


def _focus(group, w) -> None:
    if w in group.widgets and w.can_focus():
        group.set_focus(w)
        group.keyboard = True


def group_nodes(group, prefix: str) -> list[Node]:
    """A widget group's nodes in the order Tab goes through them (the others after)."""
    order = group._order() if hasattr(group, "_order") else list(range(len(group.widgets)))
    rest = [i for i in range(len(group.widgets)) if i not in order]
    out = []
    for i in order + rest:
        w = group.widgets[i]
        n = widget_node(w, f"{prefix}/{w.name or i}", group)
        if n is not None:
            out.append(n)
    return out


def focused_key(group, prefix: str) -> str | None:
    w = group.focused if group is not None else None
    if w is None:
        return None
    return f"{prefix}/{w.name or group.widgets.index(w)}"


def screen_nodes(scene) -> tuple[list[Node], str | None]:
    """The top scene's nodes and the key of the one that has the focus."""
    own = getattr(scene, "access_nodes", None)
    if callable(own):
        return own()
    prefix = type(scene).__name__
    nodes = []
    texts = getattr(scene, "access_texts", None)
    if callable(texts):
        for i, (role, text) in enumerate(texts()):
            if text:
                nodes.append(Node(f"{prefix}/text{i}", role, text))
    group = getattr(scene, "widgets", None)
    if group is not None and hasattr(group, "widgets"):
        nodes += group_nodes(group, prefix)
        return nodes, focused_key(group, prefix)
    return nodes, None
