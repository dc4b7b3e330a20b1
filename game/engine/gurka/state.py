"""The Gurka family state machine: deals, exchange, tricks, scoring, buy-backs.

One class plays all five Gurka rulesets; the differences are options
(see :mod:`game.engine.rulesets`).  Phases:

``deal``     chance: cards must be dealt (CHANCE is to act)
``exchange`` seven-round Gúrka: each player in turn discards and redraws
``play``     tricks
``buyback``  between deals: a seat decides whether to buy back / buy in
``over``     the game has ended
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Mapping, Sequence

from . import moves as gm
from ..actions import Action, Event
from ..base import CHANCE, GameState, Outcome
from ..cards import FULL_DECK, NAMES, names, parse_list
from ..errors import IllegalActionError
from .replay import GurkaReplay
from ..views import gurka_view


class GurkaState(GurkaReplay, GameState):
    def __init__(self, rules: str, options: Mapping[str, Any], players: list[dict[str, Any]],
                 seed: int = 0, game: int = 1, auto_chance: bool = True, dealer: int | None = None):
        super().__init__(options, players, seed, game, auto_chance)
        self.rules = rules
        o = self.options
        self.S = gm.strength_table(o["top_card"])
        self.V = gm.value_table(o, self.S)
        n = self.n
        self.totals = [0] * n
        self.out = [False] * n
        self.bought = [False] * n
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.deals = 0
        self.dealer: int | None = None
        self.first_dealer = dealer
        self.phase = "deal"
        self.turn = CHANCE
        self.in_deal: list[int] = []
        self.nxt: dict[int, int] = {}
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.best_key: list[int] = []
        self.best_seat = -1
        self.queue: list[int] = []
        self.just_out: list[int] = []
        self.pause_open = False
        self.ex_max: int | None = None
        self.pot = gm.first_pot(o, n)
        self.winners: list[int] | None = None
        self._auto()

    # -- API ------------------------------------------------------------------
    def to_act(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "deal":
            return CHANCE
        return self.turn

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "play":
            return [{"type": "play", "cards": names(m)} for m in self.moves()]
        if ph == "exchange":
            hand = self.hands[self.turn]
            top = self.exchange_limit()
            return [{"type": "exchange", "discard": names(c)}
                    for k in range(top + 1) for c in combinations(hand, k)]
        if ph == "buyback":
            return [{"type": "buyback"}, {"type": "pass"}]
        return []

    def moves(self) -> list[tuple[int, ...]]:
        """Legal plays of the seat to act, as tuples of card ints."""
        hand = self.hands[self.turn]
        trick = self.trick
        if not trick:
            return gm.lead_moves(hand, self.S, self.options)
        k = len(trick[0][1])
        if k == 1:
            return [(c,) for c in gm.follow_single(hand, self.S, self.options,
                                                    [t[1][0] for t in trick])]
        return gm.follow_multi(hand, self.S, k, self.best_key)

    def apply(self, action: Action) -> list[Event]:
        self._check_action(action)
        start = len(self.events)
        kind = action["type"]
        seat = self.turn
        if self.phase == "play" and kind == "play":
            try:
                cards = tuple(parse_list(action.get("cards"), "cards"))
            except ValueError as e:
                raise IllegalActionError(str(e), "bad_action") from None
            legal = {tuple(sorted(m)) for m in self.moves()}
            if tuple(sorted(cards)) not in legal:
                raise self._explain(cards)
            self.play_move(seat, cards)
        elif self.phase == "exchange" and kind == "exchange":
            try:
                discard = parse_list(action.get("discard"), "discard")
            except ValueError as e:
                raise IllegalActionError(str(e), "bad_action") from None
            self._check_exchange(seat, discard)
            draw = [self.stock.pop() for _ in discard]
            self._exchange(seat, discard, draw)
        elif self.phase == "buyback" and kind in ("buyback", "pass"):
            if kind == "buyback":
                self._buyback(seat)
            self.queue.pop(0)
            self._next_buyback()
        else:
            raise IllegalActionError(f"{kind!r} is not possible now ({self._expecting()})",
                                     "bad_action")
        self._auto()
        return self.events[start:]

    def random_step(self, rng: random.Random) -> None:
        """One uniformly random legal decision (or chance step), without the
        dict round-trip: the fast path for benchmarks and AI rollouts."""
        if self.phase == "play":
            moves = self.moves()
            self.play_move(self.turn, moves[int(rng.random() * len(moves))] if len(moves) > 1 else moves[0])
        elif self.phase == "deal":
            self._deal(None, None)
        else:
            legal = self.legal_actions()
            self.apply(legal[rng.randrange(len(legal))])

    def resolve_chance(self) -> list[Event]:
        start = len(self.events)
        self._deal(None, None)
        return self.events[start:]

    def outcome(self) -> Outcome | None:
        if self.winners is None:
            return None
        w = tuple(self.winners)
        return Outcome(winners=w, losers=tuple(s for s in range(self.n) if s not in w))

    def copy(self) -> "GurkaState":
        new = object.__new__(GurkaState)
        new.__dict__.update(self.__dict__)
        new.options = self.options
        new.rng = type(self.rng)()
        new.rng.setstate(self.rng.getstate())
        new.events = list(self.events)
        new.totals = list(self.totals)
        new.out = list(self.out)
        new.bought = list(self.bought)
        new.piles = [list(p) for p in self.piles]
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.in_deal = list(self.in_deal)
        new.trick = list(self.trick)
        new.best_key = list(self.best_key)
        new.queue = list(self.queue)
        new.just_out = list(self.just_out)
        return new

    def view(self, seat: int) -> dict[str, Any]:
        return gurka_view(self, seat)

    # -- dealing ----------------------------------------------------------------
    def _next_in(self, seat: int) -> int:
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if not self.out[s]:
                return s
        raise AssertionError("nobody is left in the game")

    def _expected_dealer(self) -> int | None:
        if self.dealer is None:
            return self.first_dealer
        return self._next_in(self.dealer)

    def _deal(self, dealer: int | None, hands: object) -> None:
        """Deal with the RNG (hands None) or with recorded hands (validated)."""
        o = self.options
        self.pause_open = False
        self.just_out = []
        expected = self._expected_dealer()
        if dealer is None:
            dealer = expected if expected is not None else self.rng.randrange(self.n)
        elif expected is not None and dealer != expected:
            raise IllegalActionError(f"seat {expected} deals now, not seat {dealer}", "bad_deal")
        elif not (isinstance(dealer, int) and 0 <= dealer < self.n and not self.out[dealer]):
            raise IllegalActionError(f"dealer {dealer!r} is not a seat still in the game", "bad_deal")
        size = gm.hand_size(o, self.deals + 1)
        in_deal = [s for s in range(self.n) if not self.out[s]]
        order = [(dealer + i) % self.n for i in range(1, self.n + 1)]
        order = [s for s in order if not self.out[s]]
        piled = {c for p in self.piles for c in p}
        deck = [c for c in FULL_DECK if c not in piled]
        if hands is None:
            if size * len(in_deal) > len(deck):
                raise IllegalActionError("not enough cards left to deal", "bad_deal")
            self.rng.shuffle(deck)
            new_hands: list[list[int]] = [[] for _ in range(self.n)]
            i = 0
            for _ in range(size):
                for s in order:
                    new_hands[s].append(deck[i])
                    i += 1
            stock = deck[i:]
        else:
            new_hands = self._check_hands(hands, in_deal, size, set(deck))
            used = {c for h in new_hands for c in h}
            stock = sorted(c for c in deck if c not in used)
        self.deals += 1
        self.dealer = dealer
        self.hands = new_hands
        self.stock = stock
        self.in_deal = in_deal
        self.nxt = {s: order[(order.index(s) + 1) % len(order)] for s in order}
        self.trick = []
        self.events.append({"type": "deal", "dealer": dealer,
                            "hands": [names(h) if s in in_deal else None
                                      for s, h in enumerate(new_hands)]})
        forehand = order[0]
        self.turn = forehand
        if o["exchange"]:
            self.phase = "exchange"
            self.ex_max = None
            self.queue = list(order)
        else:
            self.phase = "play"

    def _check_hands(self, hands: object, in_deal: list[int], size: int,
                     available: set[int]) -> list[list[int]]:
        if not isinstance(hands, list) or len(hands) != self.n:
            raise IllegalActionError(f"a deal needs one hand per seat ({self.n})", "bad_deal")
        out: list[list[int]] = [[] for _ in range(self.n)]
        seen: set[int] = set()
        for s, h in enumerate(hands):
            if s not in in_deal:
                if h is not None:
                    raise IllegalActionError(f"seat {s} is out and gets no cards", "bad_deal")
                continue
            try:
                cards = parse_list(h, f"seat {s}'s hand")
            except ValueError as e:
                raise IllegalActionError(str(e), "bad_deal") from None
            if len(cards) != size:
                raise IllegalActionError(f"seat {s} must get {size} cards, not {len(cards)}",
                                         "bad_deal")
            for c in cards:
                if c in seen:
                    raise IllegalActionError(f"{NAMES[c]} is dealt twice", "bad_deal")
                if c not in available:
                    raise IllegalActionError(f"{NAMES[c]} lies in a score pile", "bad_deal")
                seen.add(c)
            out[s] = cards
        return out

    # -- exchange -----------------------------------------------------------------
    def exchange_limit(self) -> int:
        """Search API: the most cards the seat to act may exchange now."""
        top = len(self.hands[self.turn]) if self.ex_max is None else self.ex_max
        return min(top, len(self.stock))

    def _check_exchange(self, seat: int, discard: list[int]) -> None:
        hand = self.hands[seat]
        for c in discard:
            if c not in hand:
                raise IllegalActionError(f"you do not hold {NAMES[c]}", "not_held", card=NAMES[c])
        if len(set(discard)) != len(discard):
            raise IllegalActionError("the same card is named twice", "bad_action")
        top = self.exchange_limit()
        if len(discard) > top:
            raise IllegalActionError(f"you may exchange at most {top} card(s)", "exchange_too_many",
                                     count=top)

    def _exchange(self, seat: int, discard: list[int], draw: list[int]) -> None:
        hand = self.hands[seat]
        for c in discard:
            hand.remove(c)
        hand.extend(draw)
        if self.ex_max is None:
            self.ex_max = len(discard)
        self.events.append({"type": "exchange", "player": seat, "discard": names(discard),
                            "draw": names(draw)})
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
        else:
            self.phase = "play"
            assert self.dealer is not None      # (after the deal)
            self.turn = self._next_in(self.dealer)

    # -- tricks -------------------------------------------------------------------
    def play_move(self, seat: int, cards: tuple[int, ...]) -> None:
        """Search API: play ``cards`` (a tuple from :meth:`moves`, card ints) for ``seat``
        without validating it again: the fast path for rollouts and solvers."""
        hand = self.hands[seat]
        trick = self.trick
        if len(cards) == 1:
            card = cards[0]
            hand.remove(card)
            key = [self.S[card]]
            better = not trick or key[0] >= self.best_key[0]
            shown = [NAMES[card]]
        else:
            for c in cards:
                hand.remove(c)
            key = gm.set_key(cards, self.S)
            better = not trick or gm.matches(key, self.best_key)
            shown = names(cards)
        if better:
            self.best_key = key
            self.best_seat = seat
        trick.append((seat, cards))
        self.events.append({"type": "play", "player": seat, "cards": shown})
        if len(trick) < len(self.in_deal):
            self.turn = self.nxt[seat]
            return
        winner = self.best_seat
        self.events.append({"type": "trick", "winner": winner})
        if hand:
            self.trick = []
            self.turn = winner
        else:
            self._score(trick)

    def _explain(self, cards: Sequence[int]) -> IllegalActionError:
        trick = self.trick
        lead = len(trick[0][1]) if trick else 0
        return gm.explain(self.hands[self.turn], self.S, self.options,
                          [t[1][0] for t in trick], lead, cards)

    # -- scoring ------------------------------------------------------------------
    def _score(self, trick: list[tuple[int, tuple[int, ...]]]) -> None:
        o = self.options
        S = self.S
        top = max(S[t[1][0]] for t in trick)
        losers = [t for t in trick if S[t[1][0]] == top]
        if o["tie_rule"] == "last":
            losers = losers[-1:]
        penalties: list[int | None] = [None] * self.n
        for s in self.in_deal:
            penalties[s] = 0
        lives = o["lives"]
        for seat, (card,) in losers:
            pen = 1 if lives else self.V[card]
            penalties[seat] = pen
            self.totals[seat] += pen
            if o["score_piles"]:
                self.piles[seat].append(card)
        newly_out = []
        for s in self.in_deal:
            fate = gm.knock_out(o, self.totals[s])
            if fate == "reset":
                self.totals[s] = 0
                self.piles[s] = []
            elif fate == "out":
                newly_out.append(s)
                self.piles[s] = []
        self.events.append({"type": "score", "penalties": penalties,
                            "totals": [self.totals[s] if s in self.in_deal else None
                                       for s in range(self.n)]})
        self.trick = []
        if o["rounds"] is not None:
            if self.deals >= o["rounds"]:
                self._game_over(self._lowest(self.in_deal))
            else:
                self.phase = "deal"
            return
        if newly_out and len(newly_out) == len(self.in_deal):
            winners = self._lowest(self.in_deal)
            for s in newly_out:
                if s not in winners:
                    self.out[s] = True
                    self.events.append({"type": "out", "player": s})
            self._game_over(winners)
            return
        for s in newly_out:
            self.out[s] = True
            self.events.append({"type": "out", "player": s})
        self.just_out = newly_out
        self.pause_open = True
        if o["buyback"] != "none":
            start = self.dealer
            assert start is not None            # (a deal was scored)
            self.queue = [(start + i) % self.n for i in range(1, self.n + 1)]
            self.phase = "buyback"
            self._next_buyback()
        else:
            self._end_pause()

    def _lowest(self, seats: list[int]) -> list[int]:
        low = min(self.totals[s] for s in seats)
        return [s for s in seats if self.totals[s] == low]

    def _game_over(self, winners: list[int]) -> None:
        self.winners = sorted(winners)
        self.phase = "over"
        self.pause_open = False
        self.events.append({"type": "game_over", "winners": list(self.winners)})

    # -- buy-back -------------------------------------------------------------------
    def can_buyback(self, seat: int, prompt: bool = False) -> bool:
        """Whether ``seat`` may buy back now; ``prompt``: also worth offering."""
        if self.bought[seat] or not self.pause_open:
            return False
        others = [s for s in range(self.n) if s != seat and not self.out[s]]
        if not gm.buyback_open(self.options, len(others)):
            return False
        if self.out[seat] or self.options["buyback"] == "worst":
            return seat in self.just_out
        return not prompt or self.totals[seat] > max(self.totals[s] for s in others)

    def buyback_points(self, seat: int) -> int:
        return gm.buyback_points(self.totals, self.out, seat)

    def _buyback(self, seat: int) -> None:
        if not self.can_buyback(seat):
            raise IllegalActionError("you cannot buy back now", "no_buyback")
        points = self.buyback_points(seat)
        self.bought[seat] = True
        self.out[seat] = False
        self.totals[seat] = points
        self.pot += gm.buyback_price(self.options)
        self.events.append({"type": "buyback", "player": seat, "points": points})

    def _next_buyback(self) -> None:
        while self.queue and not self.can_buyback(self.queue[0], prompt=True):
            self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
        else:
            self._end_pause()

    def _end_pause(self) -> None:
        left = [s for s in range(self.n) if not self.out[s]]
        if len(left) <= 1:
            self._game_over(left)
        else:
            self.phase = "deal"

    def _expecting(self) -> str:
        return {"play": "play a card", "exchange": "exchange cards",
                "buyback": "decide whether to buy back (buyback or pass)",
                "deal": "the cards must be dealt", "over": "the game is over"}[self.phase]
