"""Durak's decision at the table: Attack (several cards), Take, Done, the trump six's swap, and
in transfer Durak Pass on and Show trump; the prompt for opening, adding, beating, passing on,
taking and the swap."""

from __future__ import annotations

from ...i18n import _
from .. import rule_words, tool_names
from ..widget_base import InputMode
from ..widgets import Button
from . import durak_words
from .decision_base import Decision


def _cost(card: str, trump: str | None) -> tuple:
    """Cheapest first: plain cards before trumps, low ranks before high."""
    return (card[1] == trump, "6789TJQKA".index(card[0]) if card[0] in "6789TJQKA" else 0)


class DurakDecision(Decision):
    def buttons(self, legal: list[dict]) -> list:
        cues = self.cues
        types = {a["type"] for a in legal}
        out = []
        if any(a["type"] == "attack" and len(a["cards"]) > 1 for a in legal):
            out.append(Button(lambda: _("Attack"), cues.play_selection, primary=True, name="attack"))
        if "take" in types:
            out.append(Button(lambda: _("Take"), lambda: cues.do({"type": "take"}), name="take"))
        if self.pass_on_card(legal) is not None:
            # TRANSLATORS: transfer Durak: the button that passes the attack on to the next player
            out.append(Button(tool_names.pass_on, lambda: cues.do(self.pass_on_action(legal)),
                              name="transfer"))
        shown = self.shown_transfer(legal)
        if shown is not None:
            # TRANSLATORS: transfer Durak: the button that shows the trump of the attacking rank
            # to pass the attack on (the card stays in the hand)
            out.append(Button(tool_names.show_trump, lambda: cues.do(shown), name="show"))
        if types == {"swap", "pass"}:
            # TRANSLATORS: Durak: decline to swap the six of trumps for the trump card
            out.append(Button(lambda: _("Keep the six"), lambda: cues.do({"type": "pass"}), name="pass"))
        elif "pass" in types:
            out.append(Button(lambda: _("Done"), lambda: cues.do({"type": "pass"}), name="pass"))
        if "swap" in types:
            out.append(Button(lambda: _("Swap trump six"), lambda: cues.do({"type": "swap"}), name="swap"))
        return out

    # -- transfer Durak ------------------------------------------------------------------
    def pass_on_card(self, legal: list[dict]) -> str | None:
        """The card Pass on lays: the one picked if it may pass the attack on, else the
        cheapest that may; when none may but the game passes on and the defender holds a card
        of the attack's rank, that card (the engine then says why not).  None: no button."""
        m = self.model
        if not any(a["type"] == "take" for a in legal) or not m.options.get("transfer"):
            return None
        laid = [a["card"] for a in legal if a["type"] == "transfer" and not a["shown"]]
        sel = self.board.sel
        picked = sel.defend_with or (sel.cards[0] if len(sel.cards) == 1 else None)
        if picked in laid:
            return picked
        if laid:
            return min(laid, key=lambda c: _cost(c, m.trump))
        pairs = m.pairs
        hand = m.hands[self.board.viewer] if self.board.viewer is not None else None
        if not pairs or not hand:
            return None
        rank = pairs[0][0][0]
        same = [c for c in hand if c[0] == rank]
        return min(same, key=lambda c: _cost(c, m.trump)) if same else None

    def pass_on_action(self, legal: list[dict]) -> dict:
        return {"type": "transfer", "card": self.pass_on_card(legal), "shown": False}

    @staticmethod
    def shown_transfer(legal: list[dict]) -> dict | None:
        return next((a for a in legal if a["type"] == "transfer" and a["shown"]), None)

    def pass_on_prompt(self, legal: list[dict], kind: str, keys: bool) -> str:
        """The offer to pass the attack on and what the next player then faces, then the other
        answers."""
        m = self.model
        me = self.cues.to_act()
        laid = [a for a in legal if a["type"] == "transfer" and not a["shown"]]
        shown = self.shown_transfer(legal)
        nxt = m.passes_to(me)
        name = self.board.name(nxt) if nxt is not None and nxt >= 0 else ""
        rank = rule_words.a_rank(m.pairs[0][0][0]) if laid else ""
        faced = len(m.pairs) + (1 if laid else 0)
        offer = durak_words.pass_on_offer(rank, name, faced,
                                          self.board.card_text([shown["card"]]) if shown else None)
        return offer + " " + durak_words.pass_on_rest(kind, keys, shown is not None)

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
        if "transfer" in types and kind in ("defend", "must_take"):
            return self.pass_on_prompt(legal, kind, keys)
        if keys and "swap" in types:       # the six of trumps may be swapped now too: Tab reaches it
            return durak_words.keys_with_swap(kind)
        return durak_words.prompt(kind, keys)
