"""What every player can see at a Gurka-family table, folded from the events.

:class:`GurkaTable` takes the events of a record or of a seat's view one at a time
(:meth:`GurkaTable.apply`); hidden cards (another seat's hand in a view) stay hidden
(``hands[s] is None``, only ``counts[s]`` is known).  It decides no rule: every number
comes from the events (penalties and totals from ``score``, winners from ``trick``), and
what a rule says of a public position (the requirement on the next card, a deal's hand
size, the pot) comes from the rule's one function in :mod:`.gurka_moves`, asked with
what is public.  The UI draws from it, the AI reads it, the score sheet is its
:attr:`sheet`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from . import moves as gm
from .moves import Requirement
from ..actions import Event
from ..cards import INDEX


@dataclass
class Trick:
    """One finished trick: the plays in order and who won it."""

    plays: list[tuple[int, list[str]]]
    winner: int


@dataclass
class DealRow:
    """One deal on the score sheet."""

    number: int
    dealer: int
    #: per seat: int, or None when not dealt in
    penalties: list[int | None] = field(default_factory=list)
    #: per seat after the deal (None: not dealt in)
    totals: list[int | None] = field(default_factory=list)
    #: the cards that scored: (seat, card)
    losers: list[tuple[int, str]] = field(default_factory=list)
    #: seats whose total went back to 0 (exactly the limit, Icelandic)
    resets: list[int] = field(default_factory=list)
    #: seats knocked out after this deal
    out: list[int] = field(default_factory=list)
    #: (seat, points) bought back in after this deal
    buybacks: list[tuple[int, int]] = field(default_factory=list)


class GurkaTable:
    #: the game's number in its session (set by :func:`game.engine.public.new_table`)
    game: int

    def __init__(self, rules: str, options: Mapping[str, Any], players: list[dict[str, Any]]):
        self.rules = rules
        self.options = dict(options)
        self.players = [dict(p) for p in players]
        n = self.n = len(players)
        self.S = gm.strength_table(self.options.get("top_card"))
        self.deals = 0
        self.dealer: int | None = None
        self.hands: list[list[str] | None] = [None] * n
        self.counts = [0] * n
        self.in_deal = [False] * n
        self.trick: list[tuple[int, list[str]]] = []
        self.trick_winner: int | None = None
        self.tricks: list[Trick] = []
        self.totals = [0] * n
        self.out = [False] * n
        self.bought = [False] * n
        self.piles: list[list[str]] = [[] for _ in range(n)]
        self.pot = gm.first_pot(self.options, n)
        self.exchanged: dict[int, int] = {}
        self.sheet: list[DealRow] = []
        self.winners: list[int] | None = None
        self.events = 0

    # -- facts ----------------------------------------------------------------------
    def strength(self, card: str) -> int:
        return self.S[INDEX[card]]

    def in_game(self, seat: int) -> bool:
        return not self.out[seat]

    def trick_over(self) -> bool:
        return self.trick_winner is not None

    def deal_over(self) -> bool:
        return bool(self.sheet) and self.sheet[-1].number == self.deals

    def tricks_per_deal(self) -> int:
        """How many tricks the current deal has (its hand size)."""
        return gm.hand_size(self.options, self.deals)

    def tricks_in_deal(self) -> int:
        """How many tricks this deal has, as far as the table shows: the finished ones, the
        one under way and one per card left after it.  A lead of several cards uses up as
        many cards of every hand, so the deal ends sooner than its hand size says."""
        used = sum(len(t.plays[0][1]) for t in self.tricks if t.plays)
        under_way = bool(self.trick) and self.trick_winner is None
        if under_way:
            used += len(self.trick[0][1])
        return len(self.tricks) + under_way + max(0, self.tricks_per_deal() - used)

    def buyback_points(self, seat: int) -> int:
        """What ``seat`` would buy back in with now (:func:`.gurka_moves.buyback_points`)."""
        return gm.buyback_points(self.totals, self.out, seat)

    def staked(self, seat: int) -> int:
        """Chips ``seat`` has put into this game's pot so far."""
        stake = gm.first_pot(self.options, 1)
        return stake + (gm.buyback_price(self.options) if self.bought[seat] else 0)

    def requirement(self, hand: list[str] | None = None) -> Requirement:
        """The rule the next card of the current trick must follow, from the public trick;
        with the ``hand`` of the player to act, the rule that binds that hand
        (:func:`game.engine.gurka.moves.requirement`)."""
        trick = [] if self.trick_over() else self.trick
        first = [INDEX[cs[0]] for _s, cs in trick]
        lead = len(trick[0][1]) if trick else 0
        cards = None if hand is None else [INDEX[c] for c in hand]
        return gm.requirement(self.options, self.S, first, lead, cards)

    def set_to_match(self) -> int | None:
        """While a lead of several cards is under way: which play of the trick holds the
        strongest set so far (the one the next set must match card by card, as the engine
        keeps it: a later set that matches it takes its place), else None."""
        if self.trick_over() or not self.trick or len(self.trick[0][1]) < 2:
            return None
        best = 0
        for i in range(1, len(self.trick)):
            if gm.matches(self.set_key(self.trick[i][1]), self.set_key(self.trick[best][1])):
                best = i
        return best

    def set_key(self, cards: Iterable[str]) -> list[int]:
        """A set's strengths from its lowest card up (:func:`.gurka_moves.set_key`)."""
        return gm.set_key([INDEX[c] for c in cards], self.S)

    def by_strength(self, cards: Iterable[str]) -> list[str]:
        """``cards`` from the lowest up, as a set is matched card by card."""
        return sorted(cards, key=self.strength)

    def match_pairs(self, cards: Iterable[str]) -> list[tuple[str, str, bool]]:
        """``cards`` (a set the player chooses) against the set to match, card by card from
        the lowest of each up: (card, the card of the set it stands against, whether it is
        as strong); empty when there is no set to match."""
        best = self.set_to_match()
        if best is None:
            return []
        theirs = self.by_strength(self.trick[best][1])
        return [(c, t, gm.matches([self.strength(c)], [self.strength(t)]))
                for c, t in zip(self.by_strength(cards), theirs)]

    def reference_card(self) -> str | None:
        """The card on the table the next single card must reach (None when leading)."""
        return self.requirement().card

    # -- the fold -----------------------------------------------------------------------
    def apply(self, ev: Event) -> None:
        self.events += 1
        getattr(self, "_on_" + ev["type"], _ignore)(ev)

    def _on_deal(self, ev: Event) -> None:
        self.deals += 1
        self.dealer = ev["dealer"]
        self.hands = [list(h) if isinstance(h, list) else None for h in ev["hands"]]
        self.counts = [len(h) if isinstance(h, list) else (h or 0) for h in ev["hands"]]
        self.in_deal = [h is not None for h in ev["hands"]]
        self.trick = []
        self.trick_winner = None
        self.tricks = []
        self.exchanged = {}

    def _on_exchange(self, ev: Event) -> None:
        p = ev["player"]
        hand = self.hands[p]
        if hand is not None and isinstance(ev["discard"], list):
            for c in ev["discard"]:
                hand.remove(c)
            hand.extend(ev["draw"])
        d = ev["discard"]
        self.exchanged[p] = d if isinstance(d, int) else len(d)

    def _on_play(self, ev: Event) -> None:
        p = ev["player"]
        cards = list(ev["cards"])
        hand = self.hands[p]
        if hand is not None:
            for c in cards:
                hand.remove(c)
        self.counts[p] -= len(cards)
        if self.trick_winner is not None:
            self.trick = []
            self.trick_winner = None
        self.trick.append((p, cards))

    def _on_trick(self, ev: Event) -> None:
        self.trick_winner = ev["winner"]
        self.tricks.append(Trick([(s, list(cs)) for s, cs in self.trick], ev["winner"]))

    def _on_score(self, ev: Event) -> None:
        pens, totals = list(ev["penalties"]), list(ev["totals"])
        last = self.tricks[-1].plays if self.tricks else []
        row = DealRow(self.deals, self.dealer if self.dealer is not None else 0, pens, totals)
        for s, cards in last:
            if pens[s]:
                row.losers.append((s, cards[0]))
        for s, t in enumerate(totals):
            if t is None:
                continue
            if pens[s] and t == 0:
                row.resets.append(s)
            self.totals[s] = t
        if self.options.get("score_piles"):
            for s, card in row.losers:
                self.piles[s].append(card)
            for s in row.resets:
                self.piles[s] = []
        self.sheet.append(row)

    def _on_out(self, ev: Event) -> None:
        p = ev["player"]
        self.out[p] = True
        self.piles[p] = []
        if self.sheet:
            self.sheet[-1].out.append(p)

    def _on_buyback(self, ev: Event) -> None:
        s = ev["player"]
        self.out[s] = False
        self.bought[s] = True
        self.totals[s] = ev["points"]
        self.pot += gm.buyback_price(self.options)
        if self.sheet:
            self.sheet[-1].buybacks.append((s, ev["points"]))

    def _on_game_over(self, ev: Event) -> None:
        self.winners = list(ev["winners"])


def _ignore(_ev: Event) -> None:
    return None
