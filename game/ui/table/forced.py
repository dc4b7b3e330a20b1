"""A forced card played by itself (the ``auto_play`` setting, off by default).

When the player at the screen has exactly one legal action and it is a card (the last
card of a deal, the one card that may follow), it is played for them after a short
pause (:data:`pace.FORCED`), unless they play it first.  After an undo the decision
that was taken back waits for the player.
"""

from __future__ import annotations

from . import pace

#: action types that play a card from the hand
CARD_ACTIONS = ("play", "attack", "defend")


def forced_action(legal: list[dict]) -> dict | None:
    """The only legal action when it plays a card, else None."""
    if len(legal) == 1 and legal[0]["type"] in CARD_ACTIONS:
        return legal[0]
    return None


class AutoPlay:
    def __init__(self, scene):
        self.scene = scene
        self.due: tuple[float, dict, tuple] | None = None
        self.held: tuple | None = None

    def arm(self, key: tuple) -> None:
        """A new decision for the player at the screen (``key``: the scene's decision key)."""
        s = self.scene
        self.due = None
        if not s.app.settings.auto_play or key == self.held or s.coach is not None:
            return
        action = forced_action(s.stream.legal_actions())
        if action is not None:
            self.due = (s.timeline.now + pace.FORCED * s.speed(), action, key)

    def hold(self, key: tuple) -> None:
        """Leave the decision ``key`` to the player (it was just taken back)."""
        self.held = key
        self.due = None

    @property
    def pending(self) -> bool:
        return self.due is not None

    def poll(self) -> None:
        s = self.scene
        if self.due is None or s.timeline.now < self.due[0]:
            return
        _at, action, key = self.due
        self.due = None
        if key == s.decision_key and s.my_turn():
            s.do(action)
