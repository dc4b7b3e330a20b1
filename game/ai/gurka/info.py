"""What a Gurka-family seat knows, read from its view only, and the sampling of hidden cards.

The public facts (who played what this deal, how many cards each seat holds, totals, who
is out, the trick on the table) come from the engine's one public fold of the view's
events (:mod:`game.engine.public`); which cards the seat cannot see, from the engine's
:class:`~game.engine.determinize.Position`.  This module adds only the seat's
*inferences*: the strengths a seat cannot hold, deduced from the legality of its plays (a
player who played their lowest card while unable to reach the reference holds nothing
from that lowest card up to the reference; a follower who did not play a 2 after a led 2
holds no 2; ...).

:func:`sample_hidden` deals the hidden cards consistently with those inferences as an
engine :class:`~game.engine.determinize.Assignment`; ``k.position.state(assignment)``
gives a complete state to search on.  Nothing here ever sees the real game state.
"""

from __future__ import annotations

import random

from ...engine.gurka import moves as gm
from ...engine.cards import INDEX, rank_of
from ...engine.determinize import Assignment, Position
from . import exchanges as gurka_exchanges
from . import kinds as gurka_kinds
from . import likely as gurka_likely

#: the softer inference (a follower that reaches sheds its highest card) is drawn only
#: from plays after which the player still holds at least this many cards
SOFT_MIN_LEFT = 3
#: whether Hard's sampling uses the softer inference
SOFT = True
#: whether Hard reads the others' exchanges in seven-round Gúrka (:mod:`gurka_exchanges`:
#: a seat that stopped before its limit kept only low cards) and keeps their discards,
#: strong cards, out of the hands it samples.  Off: the sampled hands come much closer
#: to the truth (the others' hands 0.2-0.7 strength steps too strong on average instead
#: of 1.4-2.8), but Hard won no more against Normal (game/ai/BENCHMARKS.md, "What was tried")
EXCHANGE_READS = False
DISCARDS = False
#: Hard reads the others' plays more closely (``Knowledge(view, read_style=True)``).
#: Where a follower may always play a lowest card (``optional_lowest``), nobody needs to
#: keep a strong card to reach a later trick, and the rollout policy's player leads its
#: strongest card; so Hard caps a leader of one card at that card.  (Under forced
#: following, in Agurk, the lead cap cost Hard 9 points of win share: players who plan
#: their last tricks keep strong cards.)  Every softer inference, the older one
#: included, is drawn only from a seat whose plays follow the rollout policy at that
#: hand size at least this often, as read from the game's finished deals
#: (:func:`game.ai.gurka.likely.share`; a seat not yet seen counts as the prior, 0.6)
STYLE_GATE = 0.5
#: Whether, besides, a softer inference is drawn only where that seat, at that hand size,
#: has been seen to play the kind of card it assumes (lead its strongest card; follow with
#: the strongest card that reaches) at least ``KIND_GATE`` of the time
#: (:func:`game.ai.gurka.kinds.top_share`; before its deals are seen, the prior 0.8: as
#: before the gate).  The learned bot leads a middle card in most leads with 5 or 6 cards,
#: so the caps put the wrong cards in its hand in 54-85% of Hard's decisions with 4 to 6
#: cards (Normal's: 0-29%).  Against two learned bots in issue 51's outside setting (150
#: games, seeds 1000-1149, 2,000 rollouts) Hard won 31.3% with the gate, 23.3% without,
#: paired +8.0 points [+3.3, +13.3]; v Normal on the same seeds gurka-is 3p is the same
#: game for game (game/ai/BENCHMARKS.md, "The learned bot")
KIND_READS = True
KIND_GATE = 0.75


class Knowledge:
    """Public facts of the current deal and inferences, from one seat's point of view."""

    def __init__(self, view: dict, read_style: bool = False):
        self.view = view
        self.read_style = read_style
        self._style: dict | None = None
        self._kinds: dict | None = None
        self._finished: list[tuple] | None = None
        self.position = pos = Position(view)
        t = self.table = pos.table
        slots = self.slots = pos.slots
        self.opts = t.options
        self.seat = view["seat"]
        self.n = t.n
        self.S = gm.strength_table(self.opts["top_card"])
        self.V = gm.value_table(self.opts, self.S)
        self.hand = [INDEX[c] for c in view["hand"]]
        self.dealer = t.dealer
        self.in_deal = [s for s in range(t.n) if t.in_deal[s]]
        self.totals = list(t.totals)
        self.out = list(t.out)
        self.bought = list(t.bought)
        self.counts = {s: t.counts[s] for s in self.in_deal}
        self.played: dict[int, list[int]] = {s: [] for s in self.in_deal}
        self.forbidden: dict[int, set[int]] = {s: set() for s in self.in_deal}
        # a softer inference, from how players usually play: a follower who reached the card
        # to beat sheds its highest card, so it holds nothing stronger -- until it plays a
        # stronger card, which shows that this seat does not play that way (dropped for it)
        self.cap: dict[int, int] = {}
        self.no_cap: set[int] = set()
        size = t.tricks_per_deal()
        live = [] if t.trick_over() else t.trick
        for plays in [tr.plays for tr in t.tricks] + ([live] if live else []):
            so_far: list[tuple] = []
            for s, names in plays:
                cards = tuple(INDEX[c] for c in names)
                top = max(self.S[c] for c in cards)
                if top > self.cap.get(s, 99):
                    del self.cap[s]
                    self.no_cap.add(s)
                self._infer(s, cards, so_far)
                if s != self.seat and s not in self.no_cap:
                    self._soft(s, cards, so_far, size - len(self.played[s]) - len(cards))
                self.played[s].extend(cards)
                so_far.append(cards)
        # from the exchanges (seven-round Gúrka): at least n of a seat's hidden cards are
        # no stronger than a strength ({seat: (strength, n)}; gurka_exchanges)
        self.low: dict[int, tuple[int, int]] = {}
        # ... and the others' discards, out of play, were their strongest cards: at least
        # n unseen cards no weaker than a strength are in no hand ((strength, n))
        self.discarded = (0, 0)
        if read_style and self.opts["exchange"] and SOFT:
            if EXCHANGE_READS:
                self._read_exchanges()
            if DISCARDS:
                n = sum(j for s, j in self.table.exchanged.items() if s != self.seat)
                self.discarded = (gurka_exchanges.discard_floor(self.S), n)
        self.trick = [(s, tuple(INDEX[c] for c in cs)) for s, cs in live]
        self.unseen = list(slots.unseen)
        self.others = [s for s in self.in_deal if s != self.seat]
        # unseen cards that are in no other hand: the stock and others' discards
        self.sink = len(self.unseen) - sum(slots.hands.values())
        # the most constrained seats are dealt first when sampling
        self.sample_order = sorted(slots.hands, key=lambda s: (s not in self.low,
                                                               len(self.possible(s)) - slots.hands[s]))

    # -- inference ---------------------------------------------------------------
    def _infer(self, seat: int, cards: tuple, trick: list) -> None:
        """What ``seat`` playing ``cards`` after ``trick`` (the card tuples played before
        it in the trick) shows it could not hold then (its hand only shrinks in a deal)."""
        S, o, F = self.S, self.opts, self.forbidden[seat]
        if not trick:
            if o["lead_lowest"]:
                F.update(range(2, S[cards[0]]))
            return
        k = len(trick[0])
        if k > 1:
            key = gm.set_key(cards, S)
            if not gm.matches(key, gm.strongest_set(trick, S)):   # not a matching set: its lowest cards
                F.update(range(2, key[-1]))
            return
        tc = [t[0] for t in trick]
        c = cards[0]
        if gm.two_led(o, tc[0]):
            if rank_of(c) == gm.TWO:
                return
            F.add(gm.TWO)
        ref, block = self._reference(tc)
        if block or S[c] < ref:
            F.update(range(2, S[c]))                  # it was a lowest card
            if not block and not o["optional_lowest"]:
                F.update(range(ref, 16))              # ... because nothing reached ref
        elif o["nearest_above"] and not o["optional_lowest"]:
            F.update(range(ref, S[c]))

    def _read_exchanges(self) -> None:
        size = self.table.tricks_per_deal()
        for s, (strength, n) in gurka_exchanges.low_reads(self.view, self.S).items():
            if s not in self.counts:
                continue
            played = self.played[s]
            high = sum(self.S[c] > strength for c in played)
            if high > size - n:          # this deal already shows it exchanged another way
                continue
            need = min(self.counts[s], n - (len(played) - high))
            if need > 0:
                self.low[s] = (strength, need)

    def _reference(self, tc: list) -> tuple[int, bool]:
        """The strength a card on this trick must reach, and whether an ace on the table
        (``no_ace_on_ace``) frees the next player to play a lowest card instead."""
        ref, block = gm.card_to_match(self.opts, self.S, tc)
        return self.S[ref], block

    def _soft(self, seat: int, cards: tuple, trick: list, left: int) -> None:
        if len(cards) > 1 or left < SOFT_MIN_LEFT:
            return
        close = self.read_style
        if close and not self._plays_the_policy(seat, left + 1):
            return
        if close and KIND_READS and self._top_share(seat, not trick, left + 1) < KIND_GATE:
            return
        S, o = self.S, self.opts
        c = S[cards[0]]
        if not trick:
            if close and o["optional_lowest"] and not o["lead_lowest"]:
                self.cap[seat] = min(self.cap.get(seat, 99), c)
            return
        tc = [t[0] for t in trick]
        if o["nearest_above"] or gm.two_led(o, tc[0]):
            return
        ref, block = self._reference(tc)
        if not block and c >= ref:
            self.cap[seat] = min(self.cap.get(seat, 99), c)

    def finished_plays(self) -> list[tuple]:
        """The other seats' plays in the finished deals
        (:func:`game.ai.gurka.likely.finished_plays`), folded from the view once for both
        readings of them below."""
        if self._finished is None:
            self._finished = gurka_likely.finished_plays(self.view)
        return self._finished

    def style(self) -> dict:
        """How the other seats have played in the finished deals
        (:func:`game.ai.gurka.likely.seat_style`), read once."""
        if self._style is None:
            self._style = gurka_likely.seat_style(self.finished_plays(), self.S, self.opts)
        return self._style

    def _plays_the_policy(self, seat: int, size: int) -> bool:
        """Whether ``seat`` with ``size`` cards in hand has been seen to play the rollout
        policy's card often enough to read its plays by it."""
        return gurka_likely.share(self.style(), seat, size) >= STYLE_GATE

    def kinds(self) -> dict:
        """The kinds of card the other seats played in the finished deals
        (:func:`game.ai.gurka.kinds.read`), read once."""
        if self._kinds is None:
            self._kinds = gurka_kinds.read(self.finished_plays(), self.S, self.opts)
        return self._kinds

    def _top_share(self, seat: int, lead: bool, size: int) -> float:
        """How often ``seat`` with ``size`` cards in hand has been seen to lead its
        strongest card (``lead``) or follow with the strongest card that reaches."""
        return gurka_kinds.top_share(self.kinds(), seat, lead, size, SOFT_MIN_LEFT + 1)

    # -- helpers for players --------------------------------------------------------
    def likely(self, seat: int) -> list[int]:
        """Unseen cards ``seat`` could hold, also by the softer inference."""
        F = self.forbidden.get(seat, ())
        cap = self.cap.get(seat, 99)
        return [c for c in self.unseen if self.S[c] not in F and self.S[c] <= cap]

    def possible(self, seat: int) -> list[int]:
        """Unseen cards ``seat`` could hold."""
        F = self.forbidden.get(seat, ())
        return [c for c in self.unseen if self.S[c] not in F]


def read_view(view: dict, read_style: bool = False) -> Knowledge:
    return Knowledge(view, read_style)


# -- sampling -------------------------------------------------------------------------
class NoDeal(ValueError):
    """No deal of the hidden cards fits the view (a view this module cannot model)."""


def sample_hidden(k: Knowledge, rng: random.Random, tries: int = 50) -> Assignment:
    """The other seats' hands and the ordered stock, consistent with the inferences.

    The most constrained seats are dealt first; if no deal fits after ``tries`` attempts
    the last one ignores the inferences (the counts always fit).
    """
    S = k.S
    need = k.slots.hands
    order = k.sample_order
    soft = tries // 2 if SOFT else 0
    for attempt in range(tries):
        pool = list(k.unseen)
        rng.shuffle(pool)
        floor, n_out = k.discarded if attempt < soft else (0, 0)
        if n_out:                        # the others' discards first, out of play
            out = set([c for c in pool if S[c] >= floor][:n_out])
            pool = [c for c in pool if c not in out]
        hands: dict[int, list[int]] = {}
        ok = True
        for s in order:
            want = need[s]
            F = k.forbidden.get(s, ()) if attempt < tries - 1 else ()
            cap = k.cap.get(s, 99) if attempt < soft else 99
            got: list[int] = []
            left: list[int] = []
            low, n_low = k.low.get(s, (99, 0)) if attempt < soft else (99, 0)
            if n_low:                    # its low cards first, then the rest at random
                for c in pool:
                    if len(got) < n_low and S[c] <= low and S[c] not in F and S[c] <= cap:
                        got.append(c)
                    else:
                        left.append(c)
                pool, left = left, []
            for c in pool:
                if len(got) < want and S[c] not in F and S[c] <= cap:
                    got.append(c)
                else:
                    left.append(c)
            if len(got) < want:
                ok = False
                break
            hands[s] = got
            pool = left
        if ok:
            return Assignment(hands, pool[:k.slots.stock])
    raise NoDeal("no deal of the unseen cards fits what was observed")
