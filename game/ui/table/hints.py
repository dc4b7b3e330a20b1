"""Hints at the table: the Hard AI's choice for the player at the screen, from their view
only, asked of the AI worker (off the UI thread; the table keeps animating meanwhile).

The advised card(s) are ringed in the hand (a Durak defence: the attack card on the
table too; a take, a pass or a swap: its button) and one line above the prompt says
why, from the search's own figures (the family part words it,
:mod:`.hint_words`).  A hint belongs to one decision: it goes when the player moves.
Every hint shown is counted in the session (and so in the statistics).
"""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import cards as card_faces
from .. import theme
from .input import cards_of

#: action type -> the name of the button that makes it
BUTTONS = {"take": "take", "pass": "pass", "swap": "swap", "buyback": "buyback", "exchange": "exchange"}


class Hints:
    def __init__(self, scene):
        """Sets the scene's hover card, focus and selection to the hint and saves it: handed the scene."""
        self.scene = scene
        self.ticket: int | None = None
        self.key: tuple | None = None
        self.shown: tuple[tuple | None, dict] | None = None

    # -- asking --------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        return self.ticket is not None

    def available(self) -> bool:
        s = self.scene
        return bool(s.humans) and s.coach is None and s.my_turn() and not self.thinking

    def ask(self) -> bool:
        """Ask for a hint on the current decision; False when none can be asked now."""
        s = self.scene
        if not self.available():
            return self.current() is not None
        if self.current() is not None:
            return True
        self.key = s.decision_key
        self.ticket = s.ai.ask_hint(s.stream.view(), s.stream.legal_actions())
        s.invalidate()
        return True

    def poll(self) -> None:
        s = self.scene
        if self.ticket is None:
            return
        if self.key != s.decision_key or not s.my_turn():
            self.cancel()
            return
        result = s.ai.hint_result(self.ticket)
        if result is None:
            return
        self.ticket = None
        if not (isinstance(result, dict) and "action" in result and "figures" in result):
            # the worker's fallback (the hint failed: Normal's choice, or the first legal
            # move): a plain action, which must not be presented as Hard's
            result = {"action": result, "figures": [], "fallback": True}
        self.shown = (self.key, result)
        self._pick(result["action"] if isinstance(result["action"], dict) else {})
        s.app.access.say(self.line())          # the hint and its reasons, said as shown
        s.books.hint_used(s.stream.to_act())
        s.save()
        s.invalidate()

    def _pick(self, action: dict) -> None:
        """The keyboard goes on from the hint: Enter plays it.  A single card is picked; the
        cards of a set or of an exchange are chosen together (none, to keep the hand)."""
        s = self.scene
        try:
            cards = cards_of(action)
        except (KeyError, TypeError):
            return
        hinted = [c for c in s.visible_hand() if c in cards]
        button = self.button()
        if button is not None:               # Take, Done, Swap …: the keyboard's focus goes there
            s.widgets.set_focus(button)
            s.hover_card = None
        elif action.get("type") == "exchange" or len(cards) > 1:
            s.sel.clear()
            s.sel.cards = hinted
            s.hover_card = hinted[0] if hinted else None
            s.sync_buttons()
        elif hinted:
            s.hover_card = hinted[0]

    def cancel(self) -> None:
        if self.ticket is not None:
            self.scene.ai.drop_hint(self.ticket)
        self.ticket = None

    def forget(self) -> None:
        """Drop the hint shown too (the game was replayed after an undo: the decision
        keys start again, and a later one may have the hint's key in another position)."""
        self.cancel()
        self.shown = None

    def current(self) -> dict | None:
        """The hint for the decision on screen now, if one was asked for."""
        s = self.scene
        if self.shown and self.shown[0] == s.decision_key and s.my_turn():
            return self.shown[1]
        return None

    def button(self):
        """The button the hint for this decision points at (Take, Done, Swap trump six …), or
        None (a hint of cards, or no hint)."""
        hint = self.current()
        action = hint.get("action") if hint else None
        if not isinstance(action, dict) or action.get("type") not in BUTTONS:
            return None
        if action["type"] == "exchange" and action.get("discard"):
            return None                      # an exchange of cards: the cards are chosen
        button = self.scene.widgets.by_name(BUTTONS[action["type"]])
        return button if button is not None and button.enabled and button.visible else None

    def line(self) -> str:
        hint = self.current()
        return self.scene.part.hint_line(hint) if hint else ""

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface) -> list[pygame.Rect]:
        """The rings and the line; the rectangles they cover (for the frame's dirty areas)."""
        s = self.scene
        lay = s.lay
        if lay is None:
            return []
        if self.thinking:
            return [self._text(surface, _("Looking for a hint…"), theme.TEXT_DIM)]
        hint = self.current()
        if hint is None:
            return []
        u = lay.u
        rects = []
        action = hint["action"]
        cards = set(action.get("cards") or action.get("discard") or
                    ([action["card"]] if "card" in action else []))
        ring = max(2, int(3 * u))
        for c, r in s.hand_layout():
            if c in cards:
                rects.append(pygame.draw.rect(surface, theme.FOCUS, r.inflate(int(8 * u), int(8 * u)), ring,
                                              border_radius=int(8 * u)))
        if action["type"] == "defend":
            pairs = s.model.pairs
            for i, pair in enumerate(pairs):
                if pair[0] == action["attack"]:
                    x, y, w = lay.pair_pos(i, 0, len(pairs))
                    r = pygame.Rect(0, 0, w, card_faces.height_for(w))
                    r.center = (int(x), int(y))
                    rects.append(pygame.draw.rect(surface, theme.FOCUS, r.inflate(int(8 * u), int(8 * u)),
                                                  ring, border_radius=int(8 * u)))
        name = BUTTONS.get(action["type"])
        if action["type"] == "exchange" and action.get("discard"):
            name = None
        if name and len(action.get("cards", ())) <= 1:
            b = s.widgets.by_name(name)
            if b is not None:
                rects.append(pygame.draw.rect(surface, theme.FOCUS, b.rect.inflate(int(10 * u), int(10 * u)),
                                              ring, border_radius=int(10 * u)))
        rects.append(self._text(surface, self.line(), theme.FOCUS))
        return [r.inflate(4, 4) for r in rects]

    def _text(self, surface, text: str, color) -> pygame.Rect:
        """Where the table's announcements go (above the prompt; above a showing
        announcement), in the same box: up to two lines, never under 12 px."""
        return self.scene.renderer.news(surface, text, color, above_news=True)

