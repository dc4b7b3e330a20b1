"""Durak: validating a live action, and replaying a recorded event (a mixin of
:class:`game.engine.durak.state.DurakState`; see its docstring for the replay's leniency)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from . import moves as dm
from . import seats
from ..cards import NAMES, names, parse, parse_list
from .deal import check_deal
from ..actions import Event
from ..errors import IllegalActionError


class DurakChecks:
    # the state's fields and methods this mixin uses (DurakState sets and defines them)
    att: list[int]
    attackers: tuple[int, ...]
    beat: list[int]
    beaten_any: bool
    defender: int
    first_dealer: int | None
    hands: list[list[int]]
    limit: int
    n: int
    opener: int
    out: list[bool]
    phase: str
    ranks: int
    show: bool
    shown: int
    stock: list[int]
    taken: bool
    teams: str | None
    transfer: bool
    trump: int
    turn: int | None
    unbeaten: int
    _after_refill: Callable[..., Any]
    _attack: Callable[..., Any]
    _deal: Callable[..., Any]
    _defend: Callable[..., Any]
    _draw: Callable[..., Any]
    _end_bout: Callable[..., Any]
    _next_draw: Callable[..., Any]
    _swap: Callable[..., Any]
    _swap_from: Callable[..., Any]
    _transfer: Callable[..., Any]
    cap: Callable[..., Any]
    do_move: Callable[..., Any]

    # -- validation -----------------------------------------------------------------
    def _parse(self, action: Mapping[str, Any], p: int) -> tuple[Any, ...]:
        """The live action of the seat to act as a validated move."""
        kind = action["type"]
        ph = self.phase
        if kind == "swap":
            if self._swap_from(p) is False:
                raise IllegalActionError("you cannot swap the trump six now", "no_swap")
            return ("S",)
        if ph == "offer":
            if kind == "pass":
                return ("P",)
            raise IllegalActionError("swap the trump six or pass", "bad_action")
        if ph == "lead":
            if kind != "attack":
                raise IllegalActionError("lead one card, or several of one rank", "bad_action")
            cards = self._cards(action.get("cards"))
            self._check_open(p, cards)
            return ("A", cards)
        if p == self.defender and self.unbeaten and not self.taken:
            if kind == "defend":
                a, c = self._pair(action)
                self._check_defend(p, a, c)
                return ("D", a, c)
            if kind == "take":
                return ("T",)
            if kind == "transfer":
                c, shown = self._transfer_args(action)
                self._check_transfer(p, c, shown)
                return ("R", c, shown)
            raise IllegalActionError("beat a card, pass the attack on or take" if self.transfer
                                     else "beat a card or take", "bad_action")
        if kind == "transfer":
            raise IllegalActionError("only the defender passes the attack on, before beating",
                                     "not_defender")
        if kind == "attack":
            cards = self._cards(action.get("cards"))
            self._check_throw(p, cards)
            return ("A", cards)
        if kind == "pass":
            return ("P",)
        raise IllegalActionError("add cards or pass", "bad_action")

    @staticmethod
    def _cards(value: object) -> tuple[int, ...]:
        try:
            cards = tuple(parse_list(value, "cards"))
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_action") from None
        if not cards:
            raise IllegalActionError("name at least one card", "bad_action")
        return cards

    @staticmethod
    def _pair(action: Mapping[str, Any]) -> tuple[int, int]:
        try:
            return parse(action.get("attack")), parse(action.get("card"))
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_action") from None

    @staticmethod
    def _transfer_args(action: Mapping[str, Any]) -> tuple[int, bool]:
        shown = action.get("shown", False)
        if not isinstance(shown, bool):
            raise IllegalActionError("shown must be true or false", "bad_action")
        try:
            return parse(action.get("card")), shown
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_action") from None

    def _check_transfer(self, p: int, c: int, shown: bool) -> None:
        """Why the defender ``p`` may not pass the attack on with ``c`` now (RULES 2.1)."""
        if not self.transfer:
            raise IllegalActionError("the attack cannot be passed on in this game", "no_transfer")
        if p != self.defender:
            raise IllegalActionError("only the defender passes the attack on", "not_defender")
        if self.taken:
            raise IllegalActionError("the defender has already decided to take", "already_taken")
        if self.beaten_any:
            raise IllegalActionError("a card of this bout is beaten already: it can no longer be "
                                     "passed on", "transfer_beaten")
        dm.check_distinct_held(self.hands[p], (c,))
        rank = NAMES[self.att[0]][0]
        if NAMES[c][0] != rank or any(a >> 2 != c >> 2 for a in self.att):
            raise IllegalActionError(f"pass the attack on with a card of its rank ({rank})",
                                     "transfer_rank", rank=rank, card=NAMES[c])
        if shown:
            if not self.show:
                raise IllegalActionError("a trump cannot be shown to pass the attack on in this game",
                                         "no_show")
            if c & 3 != self.trump:
                raise IllegalActionError(f"only a trump can be shown to pass the attack on, not "
                                         f"{NAMES[c]}", "show_not_trump", card=NAMES[c])
            if (self.shown >> c) & 1:
                raise IllegalActionError(f"{NAMES[c]} was shown in this bout already",
                                         "already_shown", card=NAMES[c])
        nd = seats.defender_for(p, self.n, self.out, self.teams)
        if nd < 0 or nd == p:
            raise IllegalActionError("there is nobody to pass the attack on to", "transfer_nobody")
        faced = len(self.att) + (0 if shown else 1)
        cap = self.cap()
        if faced > cap:
            raise IllegalActionError(f"passing it on would make {faced} attack cards, more than "
                                     f"{cap}", "transfer_limit", limit=cap, count=faced)
        held = len(self.hands[nd])
        if held < faced:
            raise IllegalActionError(f"seat {nd} holds {held} card(s), too few to answer {faced}",
                                     "transfer_few_cards", player=nd, count=faced, held=held)

    def _check_open(self, p: int, cards: Sequence[int]) -> None:
        dm.check_distinct_held(self.hands[p], cards)
        if len({c >> 2 for c in cards}) != 1:
            raise IllegalActionError("an opening attack is one card or several of one rank",
                                     "same_rank")
        if len(cards) > self.limit:
            raise IllegalActionError(f"at most {self.limit} attack card(s) in this bout",
                                     "attack_limit", limit=self.limit)

    def _check_throw(self, p: int, cards: Sequence[int]) -> None:
        if p not in self.attackers or self.out[p]:
            raise IllegalActionError(f"seat {p} may not attack in this bout", "not_attacker")
        if not (self.beaten_any or self.taken):
            raise IllegalActionError("cards may be added once a card of the bout is beaten",
                                     "nothing_beaten")
        dm.check_distinct_held(self.hands[p], cards)
        for c in cards:
            if not dm.may_add(c, self.ranks):
                raise IllegalActionError(f"no {NAMES[c][0]} lies on the table", "rank_not_on_table",
                                         card=NAMES[c])
        if len(self.att) + len(cards) > self.limit:
            room = self.limit - len(self.att)
            raise IllegalActionError(f"only {room} more attack card(s) are allowed in this bout",
                                     "attack_limit", limit=self.limit, room=room)

    def _check_defend(self, p: int, a: int, c: int) -> None:
        if p != self.defender:
            raise IllegalActionError("only the defender beats cards", "not_defender")
        if self.taken:
            raise IllegalActionError("the defender has already decided to take", "already_taken")
        if a not in self.att:
            raise IllegalActionError(f"{NAMES[a]} is not an attack card on the table", "not_on_table",
                                     card=NAMES[a])
        if self.beat[self.att.index(a)] >= 0:
            raise IllegalActionError(f"{NAMES[a]} is already beaten", "already_beaten", card=NAMES[a])
        dm.check_distinct_held(self.hands[p], (c,))
        if not dm.beats(a, c, self.trump):
            raise IllegalActionError(f"{NAMES[c]} does not beat {NAMES[a]}", "cannot_beat",
                                     attack=NAMES[a], card=NAMES[c],
                                     trump_attack=(a & 3) == self.trump)

    # -- replay -----------------------------------------------------------------------
    def apply_record_event(self, event: Event) -> None:
        kind = event.get("type")
        ph = self.phase
        if kind == "deal":
            if ph != "deal":
                raise IllegalActionError("no deal is due now", "bad_deal")
            dealer, hands, trump, stock = check_deal(event, self.n, self.first_dealer)
            self._deal(dealer, hands, trump, stock)
            return
        if kind == "draw":
            nxt = self._next_draw() if ph == "refill" else None
            if nxt is None:
                raise IllegalActionError("no draw is due now", "bad_event")
            p, k = nxt
            want = names(self.stock[-1:-k - 1:-1])
            if event.get("player") != p or event.get("cards") != want:
                raise IllegalActionError(f"seat {p} draws {want} now", "bad_event")
            self._draw(p, k)
            if self._next_draw() is None:
                self._after_refill()
            return
        if kind == "bout_end":
            if ph not in ("bout", "end"):
                raise IllegalActionError("no bout is in progress", "bad_event")
            if self.unbeaten and not self.taken:
                raise IllegalActionError("the bout cannot end while a card is unbeaten",
                                         "bad_event")
            result = "taken" if self.taken else "beaten"
            if event.get("result") != result:
                raise IllegalActionError(f"the bout ends {result}, not {event.get('result')!r}",
                                         "bad_event")
            self._end_bout()
            return
        if kind not in ("attack", "defend", "take", "pass", "swap", "transfer"):
            raise IllegalActionError(f"unexpected {kind!r} event", "bad_event")
        p = event.get("player")
        if not (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < self.n):
            raise IllegalActionError(f"player {p!r} is not a seat", "bad_event")
        if ph in ("over", "deal"):
            raise IllegalActionError(f"unexpected {kind!r} event", "bad_event")
        if ph == "offer":  # the offer was declined (a decline writes no event)
            self.phase = ph = "lead"
            self.turn = self.opener
        if kind == "swap":
            frm = self._swap_from(p)
            if frm is False or event.get("from") != frm:
                raise IllegalActionError(f"seat {p} cannot swap the trump six now", "no_swap")
            self._swap(p)
            return
        if ph == "refill":
            raise IllegalActionError(f"the refill is not finished ({kind!r})", "bad_event")
        if kind == "attack":
            cards = self._cards(event.get("cards"))
            if ph == "lead":
                if p != self.opener:
                    raise IllegalActionError(f"seat {self.opener} opens the bout, not seat {p}",
                                             "not_your_turn")
                self._check_open(p, cards)
            else:
                self._check_throw(p, cards)
            self._attack(p, cards)
        elif kind == "pass":
            if ph == "lead" or p not in self.attackers or self.out[p]:
                raise IllegalActionError(f"seat {p} is not an attacker of this bout", "not_attacker")
            self.do_move(p, ("P",))
        else:
            if ph != "bout" or p != self.defender:
                raise IllegalActionError(f"seat {p} is not defending now", "not_defender")
            if kind == "take":
                if self.taken or not self.unbeaten:
                    raise IllegalActionError("nothing to take now", "cannot_take")
                self.do_move(p, ("T",))
            elif kind == "transfer":
                c, shown = self._transfer_args(event)
                self._check_transfer(p, c, shown)
                self._transfer(p, c, shown)
            else:
                a, c = self._pair(event)
                self._check_defend(p, a, c)
                self._defend(p, a, c)
