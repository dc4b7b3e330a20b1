"""The one click model: what a click on a card or a pair means, from the legal actions.

A click on a legal card plays it when that card alone is a complete legal move and no
multi-card move contains it; otherwise it selects, and the Play button (or a second
click on a selected card) plays the selection.  While selecting, only cards that can
still complete a legal move are lit, and Play is enabled only on a legal selection.
A card that can beat several attacks (Durak) is picked first, then the attack to beat.  In
transfer Durak a card that can only pass the attack on passes it on; one that can also beat
beats (the Pass on button lays the card picked).
Exchanges (seven-round Gúrka) are always a selection confirmed by the button.

Everything is decided from ``legal`` (the engine's legal actions): no rules here.
"""

from __future__ import annotations

#: action types whose ``cards`` a player picks from the hand
CARD_MOVES = ("play", "attack")


def cards_of(action: dict) -> tuple[str, ...]:
    if action["type"] in CARD_MOVES:
        return tuple(action["cards"])
    if action["type"] == "exchange":
        return tuple(action["discard"])
    if action["type"] == "defend" or action["type"] == "transfer" and not action["shown"]:
        return (action["card"],)
    return ()


class Selection:
    def __init__(self):
        self.cards: list[str] = []
        self.defend_with: str | None = None

    def clear(self) -> None:
        self.cards = []
        self.defend_with = None

    # -- what the legal actions allow --------------------------------------------------------
    @staticmethod
    def exchanging(legal: list[dict]) -> bool:
        return any(a["type"] == "exchange" for a in legal)

    @staticmethod
    def card_moves(legal: list[dict]) -> list[dict]:
        return [a for a in legal if a["type"] in CARD_MOVES]

    def complete(self, legal: list[dict]) -> dict | None:
        """The legal action the current selection makes, if it makes one."""
        want = sorted(self.cards)
        if self.exchanging(legal):
            for a in legal:
                if a["type"] == "exchange" and sorted(a["discard"]) == want:
                    return a
            return None
        if not want:
            return None
        for a in self.card_moves(legal):
            if sorted(a["cards"]) == want:
                return a
        return None

    def lit(self, legal: list[dict]) -> set[str]:
        """Cards worth lighting: those that can still complete a legal move."""
        if self.defend_with is not None:
            return {self.defend_with}
        if self.exchanging(legal):
            return {c for a in legal if a["type"] == "exchange" for c in a["discard"]}
        chosen = set(self.cards)
        out: set[str] = set()
        for a in legal:
            cs = cards_of(a)
            if chosen and a["type"] not in CARD_MOVES:
                continue
            if chosen.issubset(cs):
                out.update(cs)
        return out

    # -- clicks ----------------------------------------------------------------------------------
    def click_card(self, card: str, legal: list[dict]) -> dict | None:
        """A click on ``card`` in the hand: the action to apply now, or None (the selection
        changed).  An illegal card gives the single-card action, for the engine to refuse
        with its reason."""
        if self.exchanging(legal):
            self._toggle(card)
            return None
        defends = [a for a in legal if a["type"] == "defend" and a["card"] == card]
        passes = [a for a in legal if a["type"] == "transfer" and not a["shown"] and a["card"] == card]
        if passes and not defends:          # transfer Durak: a card that only passes it on
            self.cards = []
            self.defend_with = None
            return passes[0]
        if defends:
            self.cards = []
            if len({a["attack"] for a in defends}) == 1:
                self.defend_with = None
                return defends[0]
            self.defend_with = None if self.defend_with == card else card
            return None
        moves = self.card_moves(legal)
        if card in self.cards:
            done = self.complete(legal)
            if done is not None:
                return done
            self.cards.remove(card)
            return None
        with_card = [a for a in moves if card in a["cards"]]
        if self.cards:
            grown = set(self.cards) | {card}
            if any(grown.issubset(a["cards"]) for a in moves):
                self.cards.append(card)
                return None
            if with_card:                     # it cannot go with the selection: start again
                self.cards = []
        if not with_card:
            kind = "attack" if any(a["type"] == "attack" for a in legal) else "play"
            if any(a["type"] in ("defend", "take") for a in legal):
                # one attack to beat: name it, so the engine says why this card does not beat it
                attacks = {a["attack"] for a in legal if a["type"] == "defend"}
                return {"type": "defend", "attack": attacks.pop() if len(attacks) == 1 else "",
                        "card": card}
            return {"type": kind, "cards": [card]}
        single = [a for a in with_card if len(a["cards"]) == 1]
        if single and len(with_card) == 1:
            return single[0]
        self.cards = [card]
        return None

    def click_pair(self, attack: str, legal: list[dict]) -> dict | None:
        """A click on the attack card ``attack`` on the table while a defence card is picked."""
        if self.defend_with is None:
            return None
        for a in legal:
            if a["type"] == "defend" and a["card"] == self.defend_with and a["attack"] == attack:
                return a
        return {"type": "defend", "attack": attack, "card": self.defend_with}

    def can_beat(self, attack: str, legal: list[dict]) -> bool:
        return self.defend_with is not None and any(
            a["type"] == "defend" and a["card"] == self.defend_with and a["attack"] == attack
            for a in legal)

    def first_defence(self, legal: list[dict]) -> dict | None:
        """Keyboard: beat the first attack the picked card can beat."""
        for a in legal:
            if a["type"] == "defend" and a["card"] == self.defend_with:
                return a
        return None

    def _toggle(self, card: str) -> None:
        if card in self.cards:
            self.cards.remove(card)
        else:
            self.cards.append(card)
