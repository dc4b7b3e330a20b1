"""Gurka family: replaying a recorded event (a mixin of :class:`game.engine.gurka.state.GurkaState`)."""

from __future__ import annotations

from typing import Any, Callable

from ..actions import Event
from ..cards import NAMES, parse_list
from ..errors import IllegalActionError


class GurkaReplay:
    # the state's fields and methods this mixin uses (GurkaState sets and defines them)
    auto_chance: bool
    n: int
    phase: str
    queue: list[int]
    stock: list[int]
    totals: list[int]
    turn: int
    _buyback: Callable[..., Any]
    _check_exchange: Callable[..., Any]
    _deal: Callable[..., Any]
    _end_pause: Callable[..., Any]
    _exchange: Callable[..., Any]
    _expecting: Callable[..., Any]
    _next_buyback: Callable[..., Any]
    apply: Callable[..., Any]
    can_buyback: Callable[..., Any]
    to_act: Callable[..., Any]

    # -- replay -------------------------------------------------------------------------
    def apply_record_event(self, event: Event) -> None:
        kind = event.get("type")
        if self.phase == "buyback" and kind != "buyback":
            # every pending buy-back decision was declined
            self.queue = []
            self._end_pause()
            if kind == "game_over" and self.phase == "over":
                return
        if kind == "deal":
            if self.phase != "deal":
                raise IllegalActionError(f"no deal is due now ({self._expecting()})", "bad_deal")
            self._deal(event.get("dealer"), event.get("hands"))
        elif kind == "buyback":
            seat = event.get("player")
            if not (isinstance(seat, int) and 0 <= seat < self.n) or not self.can_buyback(seat):
                raise IllegalActionError(f"seat {seat!r} may not buy back now", "no_buyback")
            self._buyback(seat)
            if event.get("points") != self.totals[seat]:
                raise IllegalActionError(f"a buy-back gives {self.totals[seat]} points, "
                                         f"not {event.get('points')!r}", "no_buyback")
            if self.phase == "buyback":
                if self.queue and self.queue[0] == seat:
                    self.queue.pop(0)
                self._next_buyback()
        elif kind == "exchange":
            self._replay_exchange(event)
        elif kind == "play":
            if event.get("player") != self.to_act():
                raise IllegalActionError(f"seat {self.to_act()} is to act, not seat "
                                         f"{event.get('player')!r}", "not_your_turn")
            self.auto_chance, auto = False, self.auto_chance
            try:
                self.apply({"type": "play", "cards": event.get("cards")})
            finally:
                self.auto_chance = auto
        else:
            raise IllegalActionError(f"unexpected {kind!r} event ({self._expecting()})", "bad_event")

    def _replay_exchange(self, event: Event) -> None:
        if self.phase != "exchange" or event.get("player") != self.turn:
            raise IllegalActionError(f"no exchange by seat {event.get('player')!r} is due now",
                                     "bad_event")
        try:
            discard = parse_list(event.get("discard"), "discard")
            draw = parse_list(event.get("draw"), "draw")
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_action") from None
        self._check_exchange(self.turn, discard)
        if len(draw) != len(discard) or len(set(draw)) != len(draw):
            raise IllegalActionError("an exchange draws as many cards as it discards", "bad_event")
        for c in draw:
            if c not in self.stock:
                raise IllegalActionError(f"{NAMES[c]} is not in the stock", "bad_event")
        for c in draw:
            self.stock.remove(c)
        self._exchange(self.turn, discard, draw)
