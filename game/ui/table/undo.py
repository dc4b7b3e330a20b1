"""Undo against AI seats, built on the record.

Undo takes back the last decision of the player at the screen and every AI decision
after it: the game becomes its record replayed (:func:`game.engine.replay`) without
those events, so there is never a second game state to keep in step.  It goes back one
decision at a time, as far as the start of the current deal; it is not offered in hot
seat with more than one human, once the deal is scored (or the game is over), in the
demo or a tutorial, or when the ``undo`` setting is off.  A game in which undo was used is marked in
its session (the save) and in the statistics.  The AI seats' seeds move on, so after an
undo they may decide differently.
"""

from __future__ import annotations

from ...engine import replay

#: the event types a player's decision writes
DECISIONS = ("play", "exchange", "buyback", "attack", "defend", "transfer", "take", "pass", "swap")


def deal_start(events: list[dict]) -> int:
    """Index of the current deal's ``deal`` event (0 before the first)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i]["type"] == "deal":
            return i
    return 0


def undo_point(events: list[dict], seat: int) -> int | None:
    """Where ``seat``'s last decision of the current deal begins in ``events`` (the record
    is cut there), or None: no such decision, or the deal is scored already."""
    start = deal_start(events)
    rest = events[start:]
    if any(e["type"] in ("score", "game_over") for e in rest):
        return None
    for i in range(len(events) - 1, start, -1):
        e = events[i]
        if e["type"] in DECISIONS and e.get("player") == seat:
            return i
    return None


def undone(record: dict, cut: int):
    """The game of ``record`` with its events cut back to ``cut``: a live state again."""
    cut_record = dict(record)
    cut_record["events"] = record["events"][:cut]
    state = replay(cut_record)
    state.auto_chance = True
    return state


class Undo:
    def __init__(self, scene):
        """Restarts the scene from the replayed record (``restart_from``) and saves it: handed the scene."""
        self.scene = scene

    def seat(self) -> int | None:
        """The seat whose decisions undo takes back: the only human at the table."""
        humans = self.scene.humans
        return humans[0] if len(humans) == 1 else None

    def allowed(self) -> bool:
        """Undo is on offer at this table at all (setting, one human, not the demo)."""
        s = self.scene
        return (bool(s.app.settings.undo) and not s.app.demo and s.coach is None
                and s.host is not None and s.stream.network is None and self.seat() is not None)

    def point(self) -> int | None:
        seat, host = self.seat(), self.scene.host
        if (not self.allowed() or seat is None or host is None or self.scene.finished
                or self.scene.stream.is_over()):
            return None
        return undo_point(host.events(), seat)

    def available(self) -> bool:
        return self.point() is not None

    def __call__(self) -> bool:
        """Take back one decision; False when there is none to take back."""
        cut = self.point()
        if cut is None:
            return False
        s = self.scene
        state = undone(s.stream.record(), cut)
        s.restart_from(state)
        s.books.undo_used()
        s.save()
        return True
