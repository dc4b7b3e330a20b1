"""Durak: the end of a bout, the refill from the stock, going out and the end of the game
(a mixin of :class:`game.engine.durak.state.DurakState`)."""

from __future__ import annotations

from typing import Any, Callable

from ..actions import Event
from . import seats
from ..base import CHANCE
from ..cards import names
from .deal import HAND


#: taken bouts in a row that end the game as a draw (the termination guard)
IDLE_CAP = 100


class DurakRefill:
    # the state's fields and methods this mixin uses (DurakState sets and defines them)
    att: list[int]
    beat: list[int]
    bouts: int
    claim: tuple[int, int] | None
    defender: int
    discard: list[int]
    discarded: bool
    events: list[Event]
    hands: list[list[int]]
    idle: int
    is_draw: bool
    last_result: str
    loser: int | None
    losing_team: list[int] | None
    n: int
    offered: bool
    opener: int
    out: list[bool]
    phase: str
    queue: list[int]
    six: int
    six_drawer: int
    six_right: int
    stock: list[int]
    taken: bool
    teams: str | None
    trump_card: int
    trump_drawer: int
    turn: int | None
    unbeaten: int
    _start_bout: Callable[..., Any]

    # -- end of a bout, refill, end of the game ---------------------------------------
    def _end_bout(self) -> None:
        d = self.defender
        table = self.att + [b for b in self.beat if b >= 0]
        if self.taken:
            self.hands[d].extend(table)
            result = "taken"
        else:
            self.discard.extend(table)
            self.discarded = True
            result = "beaten"
        self.att = []
        self.beat = []
        self.unbeaten = 0
        self.last_result = result
        self.events.append({"type": "bout_end", "result": result})
        self.bouts += 1
        self.idle = self.idle + 1 if self.taken else 0
        n = self.n
        o = self.opener
        order = [o] + [(o + i) % n for i in range(1, n) if (o + i) % n != d] + [d]
        self.queue = [s for s in order if not self.out[s]]
        self.six_drawer = -1
        self.trump_drawer = -1
        self.phase = "refill"
        self.turn = CHANCE
        if self._next_draw() is None:
            self._after_refill()

    def _next_draw(self) -> tuple[int, int] | None:
        """(player, count) of the next draw of the refill, or None when it is done."""
        if not self.stock:
            return None
        q = self.queue
        while q:
            need = HAND - len(self.hands[q[0]])
            if need > 0:
                return q[0], min(need, len(self.stock))
            q.pop(0)
        return None

    def _draw(self, p: int, k: int) -> None:
        stock = self.stock
        cards = [stock.pop() for _ in range(k)]
        self.hands[p].extend(cards)
        self.queue.pop(0)
        if self.six in cards:
            self.six_right = p
            self.six_drawer = p
            self.offered = False
        if self.trump_card in cards:
            self.trump_drawer = p
        self.events.append({"type": "draw", "player": p, "cards": names(cards)})

    def _after_refill(self) -> None:
        n = self.n
        if not self.stock:
            x, y = self.six_drawer, self.trump_drawer
            if x >= 0 and y >= 0 and x != y:
                self.claim = (x, y)
                self.offered = False
            o = self.opener
            for i in range(n):
                s = (o + i) % n
                if not self.out[s] and not self.hands[s]:
                    self.out[s] = True
                    self.events.append({"type": "out", "player": s})
        self.queue = []
        if self._check_end():
            return
        self._start_bout(seats.next_opener(self.defender, self.last_result, n, self.out, self.teams))

    def _check_end(self) -> bool:
        out = self.out
        if self.teams:
            left = [any(not out[s] for s in range(t, self.n, 2)) for t in (0, 1)]
            if left[0] and left[1]:
                return self._idle_end()
            if not left[0] and not left[1]:
                self._game_over(None, None)
            else:
                lost = 0 if left[0] else 1
                self._game_over(None, list(range(lost, self.n, 2)))
            return True
        active = [s for s in range(self.n) if not out[s]]
        if len(active) > 1:
            return self._idle_end()
        self._game_over(active[0] if active else None, None)
        return True

    def _idle_end(self) -> bool:
        if self.idle < IDLE_CAP:
            return False
        self._game_over(None, None, "stalemate")
        return True

    def _game_over(self, loser: int | None, team: list[int] | None,
                   reason: str | None = None) -> None:
        self.loser = loser
        self.losing_team = team
        self.is_draw = loser is None and team is None
        self.phase = "over"
        self.turn = None
        ev: Event = {"type": "game_over", "loser": loser, "losing_team": team}
        if reason:
            ev["reason"] = reason
        self.events.append(ev)
