"""Podkidnoy Durak: the state machine of the Durak family (its house decisions: README.md).

Phases (``self.phase``):

``deal``    chance: the cards must be dealt
``offer``   before a bout's opening attack: the holder of the trump six (or a
            player who may claim the trump card after the last refill) is asked
            once whether to swap; declining (``pass``) writes no event
``lead``    the opening attacker leads one card or several of one rank
``bout``    throw-ins, defences, a take, gives after the take
``end``     chance: the bout is over; ``bout_end``, the refill and the next bout follow
``refill``  chance: players still to draw (a replay feeds the recorded draws)
``over``    the game has ended

**Who decides in a bout** (a live game; a replay is more lenient, below).
While a card on the table is unbeaten and the defender has not taken, the
defender decides (``defend`` one card, or ``take``).  When every card is
beaten, or after a take, the attackers decide one at a time in the rules'
priority order, fixed when the bout starts: the opening attacker, then the
defender's other opponents clockwise from the defender's left (with
``neighbours_only`` only the nearest opponent on each side joins the opening
attacker; in team play never the defender's partners).  The first attacker in
that order who has a card to add and has not passed since the table last
changed is asked: ``attack`` (one or more cards of ranks on the table) or
``pass``.  Any change on the table (an attack, a defence, a take) clears the
passes, so a player who passed is asked again when a new rank gives them a
card to add.  The bout ends when nobody is left to ask, or when the attack
limit is reached: ``min(max_attack, cards the defender held when the bout
started)`` attack cards in all (equivalently: never more unbeaten cards than
the defender holds).  The seat to act may also ``swap`` whenever the rules
allow it; the turn stays with them.

**Replay.** ``pass`` is informational (RECORDS.md, beside this file), and records made by other
programs let attackers act in other orders.  So a replay accepts every
recorded action that the *rules* allow for that player at that point, whoever
the live turn order would have asked: a throw-in by any attacker of the bout
(even one who passed, even while cards are unbeaten), a ``pass`` by any of
them, a defence or take by the defender, a ``swap`` by whoever may swap (even
between two players' draws), and a ``bout_end`` as soon as the bout may end
(everything beaten, or taken) — the attackers who were not recorded simply
declined.  The engine never emits ``bout_end`` or the refill itself in a
replay (they are chance steps there, checked against the record); ``out`` and
``game_over`` it derives itself, and they are compared.

**Transfer Durak** (``transfer``, RULES 2.1).  While no card of the bout is beaten, the
defender may answer with ``transfer`` instead: a card of the attack's rank laid on the table,
or with ``transfer_show`` the trump of that rank shown and kept (once a bout).  The bout then
goes on as if the defender had opened it against the next defender: the attackers and the
limit are fixed anew (``min(cap, cards the new defender holds)``), and the refill starts with
it.  A transfer is refused when the next defender holds fewer cards than the attack cards it
would face, or when they would be more than the cap.  **The cap** is ``max_attack``, and
``first_bout_max`` where it is set until the game's first discard (RULES 2.2).

**Error codes** (``IllegalActionError.code``, for the UI to translate):
``not_held``, ``same_rank`` (an opening lead mixes ranks), ``attack_limit``
(``limit``, ``room``), ``nothing_beaten`` (adding before a card was beaten),
``rank_not_on_table``, ``not_attacker``, ``not_defender``, ``not_on_table``,
``already_beaten``, ``already_taken``, ``cannot_beat`` (``trump_attack``: the card
to beat is a trump), ``cannot_take``,
``no_swap``, ``not_your_turn``, ``bad_deal``, ``bad_event``, ``bad_action``; a transfer's:
``no_transfer`` (not played in this game), ``transfer_beaten`` (a card is beaten already),
``transfer_rank`` (``rank``, ``card``: not of the attack's rank), ``transfer_limit``
(``limit``, ``count``), ``transfer_few_cards`` (``player``: the next defender, ``count``: the
attack cards it would face, ``held``), ``transfer_nobody``, ``no_show``, ``show_not_trump``
(``card``), ``already_shown`` (``card``).

**Termination.**  A beaten bout discards at least two cards for good, so a
game has at most 18 beaten bouts.  A taken bout keeps every card in play (the
stock need not even shrink: an opening attacker who holds more than six draws
nothing), and taken bouts can cycle forever (everybody always taking).  The
guard: ``IDLE_CAP`` taken bouts in a row end the game as a draw (``game_over``
with ``"reason": "stalemate"``), so a game has at most ``18 + 19 * IDLE_CAP``
bouts.  Within a bout at most ``max_attack`` cards are attacked and beaten,
each change on the table lets each attacker pass once, a bout is passed on at most once per
card laid and once per trump shown, and the trump six is swapped at most once, so every game
ends within a bounded number of decisions.
"""

from __future__ import annotations

import random
from typing import Any, Literal, Mapping, Sequence

from . import moves as dm
from . import seats
from ..actions import Action, Event
from ..base import CHANCE, GameState, Outcome
from .checks import DurakChecks
from .refill import IDLE_CAP, DurakRefill
from ..cards import NAMES, names, parse, parse_list
from .deal import deal_event, deal_random
from ..views import filter_event, make_view


_CHANCE_PHASES = ("deal", "end", "refill")
_TAKE, _PASS, _SWAP = ("T",), ("P",), ("S",)


class DurakState(DurakChecks, DurakRefill, GameState):
    def __init__(self, options: Mapping[str, Any], players: list[dict[str, Any]], seed: int = 0,
                 game: int = 1, auto_chance: bool = True, dealer: int | None = None, *, rules: str):
        super().__init__(options, players, seed, game, auto_chance)
        self.rules = rules
        o = self.options
        n = self.n
        self.teams = o["teams"]
        self.nb = o["neighbours_only"]
        self.max_attack = o["max_attack"]
        # transfer Durak (RULES 2.1; a record from before these options plays without them)
        self.transfer = bool(o.get("transfer"))
        self.show = bool(o.get("transfer_show"))
        self.first_max = o.get("first_bout_max")
        self.first_dealer = dealer
        self.dealer: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: bottom first: stock[0] lies under the stock (the trump card), pop() draws the top
        self.stock: list[int] = []
        self.trump_card = -1
        self.trump = -1
        self.six = -1
        self.discard: list[int] = []
        self.out = [False] * n
        self.phase = "deal"
        self.turn = CHANCE
        # the bout
        self.opener = -1
        self.defender = -1
        self.attackers: tuple[int, ...] = ()
        self.limit = 0
        self._clear_bout()
        self.last_result = ""
        #: a bout was beaten off in this game (the first discard ends ``first_bout_max``)
        self.discarded = False
        # refill
        self.queue: list[int] = []
        self.six_drawer = -1
        self.trump_drawer = -1
        # the trump six
        self.six_right = -1
        self.claim: tuple[int, int] | None = None
        self.offered = False
        # the end
        self.bouts = 0
        self.idle = 0
        self.loser: int | None = None
        self.losing_team: list[int] | None = None
        self.is_draw = False
        self._auto()

    # -- API --------------------------------------------------------------------
    def to_act(self) -> int | None:
        ph = self.phase
        if ph == "over":
            return None
        if ph in _CHANCE_PHASES:
            return CHANCE
        return self.turn

    def moves(self) -> list[tuple[Any, ...]]:
        """The acting seat's legal moves as compact tuples:
        ``("A", cards)``, ``("D", attack, card)``, ``("R", card, shown)`` (a transfer),
        ``("T",)``, ``("P",)``, ``("S",)``."""
        ph = self.phase
        p = self.turn
        if p is None:
            return []               # the game is over
        if ph == "bout":
            hand = self.hands[p]
            out: list[tuple[Any, ...]]
            if p == self.defender and self.unbeaten and not self.taken:
                out = [("D", a, c) for a, c in dm.defend_moves(hand, self.att, self.beat, self.trump)]
                if self.transfer and not self.beaten_any:
                    out.extend(("R", c, shown) for c, shown in self.transfers(p))
                out.append(_TAKE)
            else:
                out = [("A", m) for m in dm.throw_moves(hand, self.ranks, self.limit - len(self.att))]
                out.append(_PASS)
        elif ph == "lead":
            out = [("A", m) for m in dm.opening_moves(self.hands[p], self.limit)]
        elif ph == "offer":
            return [_SWAP, _PASS]
        else:
            return []
        if (p == self.six_right or self.claim is not None) and self._swap_from(p) is not False:
            out.append(_SWAP)
        return out

    def legal_actions(self) -> list[Action]:
        return [self._to_json(m) for m in self.moves()]

    @staticmethod
    def _to_json(m: tuple[Any, ...]) -> Action:
        k = m[0]
        if k == "A":
            return {"type": "attack", "cards": names(m[1])}
        if k == "D":
            return {"type": "defend", "attack": NAMES[m[1]], "card": NAMES[m[2]]}
        if k == "R":
            return {"type": "transfer", "card": NAMES[m[1]], "shown": m[2]}
        return {"type": {"T": "take", "P": "pass", "S": "swap"}[k]}

    def apply(self, action: Action) -> list[Event]:
        self._check_action(action)
        start = len(self.events)
        seat = self.turn
        assert seat is not None         # (checked: the game is not over, nor a deal due)
        move = self._parse(action, seat)
        self.do_move(seat, move)
        self._auto()
        return self.events[start:]

    def random_step(self, rng: random.Random) -> None:
        """One uniformly random legal decision (or chance step) without the dict
        round-trip: the fast path for benchmarks and AI rollouts."""
        if self.phase in _CHANCE_PHASES:
            self.resolve_chance()
            return
        moves = self.moves()
        k = len(moves)
        assert self.turn is not None    # (not a chance step, and moves to make)
        self.do_move(self.turn, moves[int(rng.random() * k)] if k > 1 else moves[0])
        if self.auto_chance and self.phase in _CHANCE_PHASES:
            self.resolve_chance()

    def resolve_chance(self) -> list[Event]:
        start = len(self.events)
        if self.phase == "deal":
            dealer = self.first_dealer
            if dealer is None:
                dealer = self.rng.randrange(self.n)
            hands, trump, stock = deal_random(self.rng, self.n, dealer)
            self._deal(dealer, hands, trump, stock)
        elif self.phase == "end":
            self._end_bout()
        if self.phase == "refill":
            while self.phase == "refill":
                nxt = self._next_draw()
                if nxt is None:
                    self._after_refill()
                else:
                    self._draw(*nxt)
        return self.events[start:]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        if self.is_draw:
            return Outcome(winners=(), losers=(), draw=True)
        losers = (tuple(self.losing_team) if self.losing_team is not None
                  else () if self.loser is None else (self.loser,))   # (not a draw: a loser)
        return Outcome(winners=tuple(s for s in range(self.n) if s not in losers), losers=losers)

    def session_next(self) -> dict[str, Any]:
        """The next game's dealer: the durak; after a draw the same dealer; in team
        play the first player of the losing team clockwise from the dealer's left
        who still holds cards (the team "chooses"; we pick deterministically)."""
        if self.phase != "over" or self.dealer is None:
            return {}
        if self.is_draw:
            return {"dealer": self.dealer}
        if self.losing_team is None:
            return {"dealer": self.loser}
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
        team = [s for s in order if s in self.losing_team]
        holding = [s for s in team if self.hands[s]]
        return {"dealer": (holding or team)[0]}

    def copy(self) -> "DurakState":
        new = object.__new__(DurakState)
        d = new.__dict__
        d.update(self.__dict__)
        if self.phase == "deal":
            new.rng = type(self.rng)()
            new.rng.setstate(self.rng.getstate())
        # after the deal the RNG is never used again, so it may be shared
        new.events = list(self.events)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.out = list(self.out)
        new.att = list(self.att)
        new.beat = list(self.beat)
        new.queue = list(self.queue)
        if self.losing_team is not None:
            new.losing_team = list(self.losing_team)
        return new

    def view(self, seat: int) -> dict[str, Any]:
        return make_view(self, seat, self.hands[seat])

    def view_event(self, event: Event, seat: int) -> Event:
        """A first game's deal says who holds the lowest trump, and which (they show it
        when they open; ``None``: nobody was dealt a trump, forehand opens)."""
        shown = filter_event(event, seat)
        if (event["type"] == "deal" and self.game == 1 and isinstance(event.get("trump"), str)
                and "lowest_trump" not in event and all(isinstance(h, list) for h in event["hands"])):
            hands = [parse_list(h) for h in event["hands"]]
            found = seats.lowest_trump(hands, parse(event["trump"]) & 3)
            shown = {**shown, "lowest_trump": [found[0], NAMES[found[1]]] if found else None}
        return shown

    def cards_in_play(self) -> list[int]:
        """Every card: hands, table, stock, discard (tests check all 36 are here once)."""
        return ([c for h in self.hands for c in h] + self.att + [b for b in self.beat if b >= 0]
                + self.stock + self.discard)

    # -- deal and bouts -----------------------------------------------------------
    def _deal(self, dealer: int, hands: Sequence[Sequence[int]], trump: int,
              stock_top_first: Sequence[int]) -> None:
        n = self.n
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.trump_card = trump
        self.trump = trump & 3
        self.six = dm.trump_six(self.trump)
        self.stock = list(reversed(stock_top_first))
        self.events.append(deal_event(dealer, hands, trump, stock_top_first))
        self.six_right = next((s for s in range(n) if self.six in self.hands[s]), -1)
        self.offered = False
        opener = seats.first_opener(dealer, n, self.game, self.hands, self.trump)
        assert opener is not None       # (the hands are known: someone opens)
        self._start_bout(opener)

    def _clear_bout(self) -> None:
        """A bout with nothing on the table yet (who attacks and defends are set apart)."""
        self.att: list[int] = []
        self.beat: list[int] = []
        self.ranks = 0
        self.unbeaten = 0
        self.beaten_any = False
        self.taken = False
        self.done = 0
        #: the trumps shown in this bout to pass it on (bits ``1 << card``)
        self.shown = 0

    def _start_bout(self, attacker: int) -> None:
        n = self.n
        d = seats.defender_for(attacker, n, self.out, self.teams)
        self.opener = attacker
        self.defender = d
        self.attackers = seats.attackers(attacker, d, n, self.out, self.teams, self.nb)
        self._clear_bout()
        self.limit = dm.attack_limit(self.cap(), len(self.hands[d]))
        offer = self._offer_seat()
        if offer >= 0:
            self.phase = "offer"
            self.turn = offer
            self.offered = True
        else:
            self.phase = "lead"
            self.turn = attacker

    def cap(self) -> int:
        """The most attack cards a bout may hold now, whatever the defender holds."""
        return dm.bout_cap(self.max_attack, self.first_max, self.discarded)

    def transfers(self, p: int) -> list[tuple[int, bool]]:
        """The transfers the defender ``p`` may make now, ``(card, shown)`` (the caller checks
        that it is ``p``'s answer to give and nothing is beaten): a card of the attack's rank,
        or its trump shown, when the next defender holds a card for every attack card it would
        face and the bout stays within its cap."""
        nd = seats.defender_for(p, self.n, self.out, self.teams)
        if nd < 0 or nd == p:
            return []
        room = min(self.cap(), len(self.hands[nd])) - len(self.att)
        if room < 0:
            return []
        return [(c, shown) for c, shown in dm.transfer_cards(self.hands[p], self.att, self.trump,
                                                             self.show, self.shown)
                if shown or room >= 1]

    def _offer_seat(self) -> int:
        if self.offered:
            return -1
        if self.claim is not None:
            return self.claim[0] if self._swap_from(self.claim[0]) is not False else -1
        p = self.six_right
        return p if p >= 0 and self._swap_from(p) is not False else -1

    def _schedule(self) -> None:
        """Whose decision it is in a live bout (see the module docstring)."""
        if self.unbeaten and not self.taken:
            self.turn = self.defender
            return
        if len(self.att) < self.limit:
            hands = self.hands
            ranks = self.ranks
            done = self.done
            for a in self.attackers:
                if not (done >> a) & 1 and dm.can_throw(hands[a], ranks):
                    self.turn = a
                    return
        self.phase = "end"
        self.turn = CHANCE

    def _gone(self, p: int) -> None:
        """After cards left p's hand: the six's swap right, going out."""
        hand = self.hands[p]
        if p == self.six_right and self.six not in hand:
            self.six_right = -1
        if not hand and not self.stock and not self.out[p]:
            self.out[p] = True
            self.events.append({"type": "out", "player": p})

    # -- actions (validated before they get here) -------------------------------------
    def do_move(self, p: int, m: tuple[Any, ...]) -> None:
        """Search API: apply a move tuple from :meth:`moves` for seat ``p`` without
        validating it again (rollouts and solvers); chance steps are not resolved."""
        k = m[0]
        if k == "A":
            self._attack(p, m[1])
        elif k == "D":
            self._defend(p, m[1], m[2])
        elif k == "R":
            self._transfer(p, m[1], m[2])
        elif k == "T":
            self.taken = True
            self.done = 0
            self.events.append({"type": "take", "player": p})
            self._schedule()
        elif k == "P":
            if self.phase == "offer":
                self.phase = "lead"
                self.turn = self.opener
                return
            self.done |= 1 << p
            self.events.append({"type": "pass", "player": p})
            if self.phase == "bout":
                self._schedule()
        else:
            self._swap(p)

    def _attack(self, p: int, cards: Sequence[int]) -> None:
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
            self.att.append(c)
            self.beat.append(-1)
            self.ranks |= dm.rank_bit(c)
        self.unbeaten += len(cards)
        self.done = 0
        if self.phase == "lead":
            self.claim = None
        self.phase = "bout"
        self.events.append({"type": "attack", "player": p, "cards": names(cards)})
        self._gone(p)
        self._schedule()

    def _defend(self, p: int, a: int, c: int) -> None:
        self.hands[p].remove(c)
        self.beat[self.att.index(a)] = c
        self.ranks |= dm.rank_bit(c)
        self.unbeaten -= 1
        self.beaten_any = True
        self.done = 0
        self.events.append({"type": "defend", "player": p, "attack": NAMES[a], "card": NAMES[c]})
        self._gone(p)
        self._schedule()

    def _transfer(self, p: int, c: int, shown: bool) -> None:
        """The defender ``p`` passes the attack on with ``c`` (played, or a trump shown): the
        bout goes on as if ``p`` had opened it against the next defender (RULES 2.1)."""
        if shown:
            self.shown |= 1 << c
        else:
            self.hands[p].remove(c)
            self.att.append(c)
            self.beat.append(-1)
            self.unbeaten += 1
        nd = seats.defender_for(p, self.n, self.out, self.teams)
        self.events.append({"type": "transfer", "player": p, "card": NAMES[c], "shown": shown})
        self.opener = p
        self.defender = nd
        self.attackers = seats.attackers(p, nd, self.n, self.out, self.teams, self.nb)
        self.limit = dm.attack_limit(self.cap(), len(self.hands[nd]))
        self.done = 0
        self._gone(p)
        self._schedule()

    def _swap(self, p: int) -> None:
        frm = self._swap_from(p)
        hand = self.hands[p]
        hand.remove(self.six)
        hand.append(self.trump_card)
        if frm is None:
            self.stock[0] = self.six
        else:
            other = self.hands[frm]
            other.remove(self.trump_card)
            other.append(self.six)
        self.six_right = -1
        self.claim = None
        self.events.append({"type": "swap", "player": p, "from": frm})
        if self.phase == "offer":
            self.phase = "lead"
            self.turn = self.opener

    def _swap_from(self, p: int) -> int | None | Literal[False]:
        """None (the trump card lies under the stock) or the seat to take it from
        (the final-refill claim) when p may swap now; False otherwise."""
        six = self.six
        if p == self.six_right and self.stock and self.stock[0] == self.trump_card \
                and six in self.hands[p]:
            return None
        c = self.claim
        if c is not None and c[0] == p and six in self.hands[p] \
                and self.trump_card in self.hands[c[1]]:
            return c[1]
        return False


__all__ = ["DurakState", "IDLE_CAP"]
