"""Podkidnoy Durak's decision at the table: Attack (several cards), Take, Done, the trump six's
swap; the prompt for opening, adding, beating, taking and the swap."""

from __future__ import annotations

from ...i18n import _
from ..widget_base import InputMode
from ..widgets import Button
from . import durak_words
from .decision_base import Decision


class DurakDecision(Decision):
    def buttons(self, legal: list[dict]) -> list:
        cues = self.cues
        types = {a["type"] for a in legal}
        out = []
        if any(a["type"] == "attack" and len(a["cards"]) > 1 for a in legal):
            out.append(Button(lambda: _("Attack"), cues.play_selection, primary=True, name="attack"))
        if "take" in types:
            out.append(Button(lambda: _("Take"), lambda: cues.do({"type": "take"}), name="take"))
        if types == {"swap", "pass"}:
            # TRANSLATORS: Durak: decline to swap the six of trumps for the trump card
            out.append(Button(lambda: _("Keep the six"), lambda: cues.do({"type": "pass"}), name="pass"))
        elif "pass" in types:
            out.append(Button(lambda: _("Done"), lambda: cues.do({"type": "pass"}), name="pass"))
        if "swap" in types:
            out.append(Button(lambda: _("Swap trump six"), lambda: cues.do({"type": "swap"}), name="swap"))
        return out

    def prompt(self, legal: list[dict]) -> str:
        types = {a["type"] for a in legal}
        keys = InputMode.key
        if types == {"swap", "pass"}:
            m = self.model
            holder = next((p for p in range(self.board.n) if m.trump_card in m.known[p]), None) \
                if not m.stock and m.trump_card else None
            if holder is not None and holder != self.cues.to_act():
                question = durak_words.claim(self.board.card_text([m.trump_card]), self.board.name(holder))
            else:
                question = durak_words.prompt("swap")
            return question + " " + durak_words.swap_keys(offer=True) if keys else question
        if "defend" in types:
            kind = "defend"
        elif "take" in types:
            kind = "must_take"
        elif "attack" in types and not self.model.pairs:
            kind = "open"
        else:
            kind = "add"
        if keys and "swap" in types:       # the six of trumps may be swapped now too: Tab reaches it
            return durak_words.keys_with_swap(kind)
        return durak_words.prompt(kind, keys)
