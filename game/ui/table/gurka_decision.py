"""The Gurka family's decision at the table: Play (a set), Exchange, the buy-back; the prompt
naming the rule the next card must follow; a chosen set's places against the set to match."""

from __future__ import annotations

from ...engine.gurka import moves as gm
from ...i18n import _, ngettext
from .. import messages
from .. import theme
from ..widget_base import InputMode
from ..widgets import Button
from . import gurka_words
from .decision_base import Decision
from .marks import set_place


class GurkaDecision(Decision):
    def buttons(self, legal: list[dict]) -> list:
        types = {a["type"] for a in legal}
        cues = self.cues
        out = []
        if "play" in types and any(len(a["cards"]) > 1 for a in legal):
            out.append(Button(self._play_label, cues.play_selection, primary=True, name="play"))
        if "exchange" in types:
            out.append(Button(self._exchange_label, cues.play_selection, primary=True, name="exchange"))
        if "buyback" in types:
            out.append(Button(self._buyback_label, lambda: cues.do({"type": "buyback"}), primary=True,
                              name="buyback"))
            out.append(Button(lambda: _("Pass"), lambda: cues.do({"type": "pass"}), name="pass"))
        return out

    def _play_label(self) -> str:
        k = len(self.board.sel.cards)
        if k <= 1:
            return _("Play")
        # TRANSLATORS: a button; {n} is the number of selected cards
        return ngettext("Play {n} card", "Play {n} cards", k).format(n=k)

    def _exchange_label(self) -> str:
        k = len(self.board.sel.cards)
        if k == 0:
            return _("Keep my cards")
        # TRANSLATORS: a button; {n} is the number of selected cards
        return ngettext("Exchange {n} card", "Exchange {n} cards", k).format(n=k)

    def _buyback_label(self) -> str:
        price = gm.buyback_price(self.model.options)
        return messages.buy_back_for(price) if price else _("Buy back")

    def prompt(self, legal: list[dict]) -> str:
        types = {a["type"] for a in legal}
        seat = self.cues.to_act()
        if "exchange" in types:
            top = max(len(a["discard"]) for a in legal)
            if InputMode.key:
                # TRANSLATORS: keyboard play at seven-round Gúrka's exchange; {n} is the most
                # cards this player may exchange; ← → Space Enter are keys
                return ngettext("Choose up to {n} card to exchange with ← → and Space, then press Enter "
                                "(Enter with none chosen keeps your cards).",
                                "Choose up to {n} cards to exchange with ← → and Space, then press Enter "
                                "(Enter with none chosen keeps your cards).", top).format(n=top)
            # TRANSLATORS: {n} is the most cards this player may exchange
            return ngettext("Choose up to {n} card to exchange, then confirm.",
                            "Choose up to {n} cards to exchange, then confirm.", top).format(n=top)
        if "buyback" in types and seat is not None:
            question = self._buyback_question(seat)
            return question + " " + gurka_words.buyback_keys() if InputMode.key else question
        plays = [a for a in legal if a["type"] == "play"]
        multi = any(len(a["cards"]) > 1 for a in plays)
        single_click = any(len(a["cards"]) == 1 for a in plays)
        settings = self.board.settings
        hand = self.model.hands[seat] if seat is not None and 0 <= seat < len(self.model.hands) else None
        req = self.model.requirement(hand)
        if req.code == "must_match_or_lowest":   # the rule, then how, shortly: the set is marked
            return gurka_words.requirement(req, settings) + " " + gurka_words.set_how_to(req.count, InputMode.key)
        return gurka_words.requirement(req, settings) + " " + gurka_words.how_to(single_click, multi, InputMode.key)

    def _buyback_question(self, seat: int) -> str:
        lives = self.model.options.get("lives") or 0
        points = gurka_words.standing(self.model.buyback_points(seat), lives)
        if self.model.out[seat]:
            # TRANSLATORS: {points} is a number of points with its word, such as "24 points",
            # or with lives the lives left, such as "2 lives left"
            return _("You are out. Buy back in with {points}?").format(points=points)
        if lives:
            # TRANSLATORS: with lives, still in but with fewer lives than everyone else: an
            # early buy-back (once a game); {lives} such as "2 lives left"
            return _("You are behind everyone: buy back now (once a game) with {lives}, the fewest "
                     "of the others?").format(lives=points)
        # TRANSLATORS: still in, but with more points than everyone else: an early buy-back
        # (once a game) brings the player down to the others' highest; {points} such as "12 points"
        return _("You are behind everyone: buy back now (once a game) with {points}, the highest "
                 "of the others?").format(points=points)

    def hand_marks(self, surface, fan: list) -> None:
        """Following a set: each chosen card with its place against the set to match (the
        same number on the table), green where it is as strong as its partner there, yellow
        where it is not (the click model keeps a choice that can still make a move: such a
        card goes only as one of the player's lowest cards)."""
        where = dict(fan)
        chosen = [c for c, _r in fan if c in self.board.sel.cards]    # in hand order: ties left first
        pairs = self.model.match_pairs(chosen) if chosen else []
        for k, (card, _theirs, holds) in enumerate(pairs):
            r = where.get(card)
            if r is not None:
                set_place(surface, self.board.lay, (r.centerx, r.centery, r.width), k + 1, theme.GOOD if holds else theme.ACCENT)
