"""What every player can see at a Durak table, folded from the events.

:class:`DurakTable` takes the events of a record or of a seat's view one at a time.
Hidden hands stay hidden (``hands[s] is None``); what is public about them is kept:
how many cards each seat holds and which cards are known to be in it (cards picked
up from the table, the trump card taken by a swap or drawn last from the stock).
Who opens the next bout and who defends follow from the seat rules
(:mod:`game.engine.durak.seats`), the same functions the state machine uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from . import moves as dm
from . import seats
from ..actions import Event
from ..cards import NAMES, SUITS, parse, parse_list


@dataclass
class Bout:
    """One bout: who attacked whom, the pairs on the table, how it ended."""

    #: the bout's attacker: who opened it, or who last passed it on (RULES 2.1)
    opener: int
    defender: int
    #: [attack card, beating card or None, the attacker who played it]
    pairs: list[list[Any]] = field(default_factory=list)
    #: "beaten" or "taken" once over, else None
    result: str | None = None
    #: who passed, in order
    passes: list[int] = field(default_factory=list)
    #: the attack passed on: (the defender who passed it on, the card, shown: a trump shown
    #: and kept), in order
    transfers: list[tuple[int, str, bool]] = field(default_factory=list)
    #: who made the opening attack (``opener`` once the attack is passed on)
    led_by: int = -1
    #: the most attack cards the bout may hold: the cap, and the defender's hand when the bout
    #: began or was last passed on
    limit: int = 0

    def __post_init__(self) -> None:
        if self.led_by < 0:
            self.led_by = self.opener

    def cards(self) -> list[str]:
        return [c for a, d, _p in self.pairs for c in (a, d) if c]


class DurakTable:
    def __init__(self, rules: str, options: Mapping[str, Any], players: list[dict[str, Any]],
                 game: int = 1):
        self.rules = rules
        self.options = dict(options)
        self.players = [dict(p) for p in players]
        n = self.n = len(players)
        self.teams = self.options.get("teams")
        self.game = game
        self.dealer: int | None = None
        self.trump_card: str | None = None
        self.trump: str | None = None
        self.stock = 0
        self.bottom: str | None = None     # the face-up card under the stock, while it lies there
        self.hands: list[list[str] | None] = [None] * n
        self.counts = [0] * n
        self.known: list[list[str]] = [[] for _ in range(n)]   # public cards in each hand
        self.discard = 0
        self.out = [False] * n
        self.out_order: list[int] = []    # who went out (safe), in order
        self.bout: Bout | None = None
        self.bouts: list[Bout] = []
        self.taking = False
        self.last_result: str | None = None
        #: trump-six swaps of the game: (player, who gave the trump card or None for the
        #: stock's bottom card, the card the six was swapped for)
        self.swaps: list[tuple[int, int | None, str]] = []
        self.loser: int | None = None
        self.losing_team: list[int] | None = None
        #: a bout was beaten off in this game (``first_bout_max`` no longer holds)
        self.discarded_once = False
        #: why the game ended when the record says (``stalemate``: too many bouts taken in a row)
        self.end_reason: str | None = None
        self.winners: list[int] | None = None
        self.draw_game = False
        self.over = False
        self.events = 0

    # -- facts ----------------------------------------------------------------------
    def on_table(self) -> bool:
        """A bout is under way (its cards lie on the table)."""
        return self.bout is not None and self.bout.result is None

    def _live(self) -> Bout:
        """The bout an event or a question speaks of (AttributeError without one, as before:
        the check of a hostile view reports it)."""
        if self.bout is None:
            raise AttributeError("no bout on the table")
        return self.bout

    @property
    def pairs(self) -> list[list[str | None]]:
        """The pairs on the table: [attack, beating card or None]."""
        return [[a, d] for a, d, _p in self._live().pairs] if self.on_table() else []

    @property
    def attacker(self) -> int | None:
        return self.bout.opener if self.bout else None

    @property
    def defender(self) -> int | None:
        return self.bout.defender if self.bout else None

    def throwers(self) -> tuple[int, ...]:
        """The seats besides the opening attacker that may throw in to the bout on the table
        (clockwise from the defender's left; ``neighbours_only``: the defender's neighbours)."""
        if not self.on_table():
            return ()
        b = self._live()
        return seats.attackers(b.opener, b.defender, self.n, self.out, self.teams,
                               bool(self.options.get("neighbours_only")))[1:]

    def cap(self) -> int:
        """The most attack cards a bout may hold now, whatever the defender holds (RULES 2.2)."""
        o = self.options
        return dm.bout_cap(o.get("max_attack", 6), o.get("first_bout_max"), self.discarded_once)

    def passes_to(self, seat: int) -> int:
        """Who defends when ``seat`` passes the attack on (the next active player to its left;
        in team play the next opponent)."""
        return seats.defender_for(seat, self.n, self.out, self.teams)

    def shown_trumps(self) -> list[tuple[int, str]]:
        """(seat, card) of every trump shown to pass on the bout on the table and still in the
        hand that showed it."""
        if not self.on_table():
            return []
        return [(p, c) for p, c, shown in self._live().transfers if shown and c in self.known[p]]

    def team_of(self, seat: int) -> int | None:
        """``seat``'s team (0 or 1) in team play, None without teams."""
        return seats.team_of(seat, self.teams)

    def in_game(self, seat: int) -> bool:
        return not self.out[seat]

    def bout_cards(self) -> list[str]:
        return self._live().cards() if self.on_table() else []

    def unbeaten(self) -> list[str]:
        return [a for a, d, _p in self._live().pairs if d is None] if self.on_table() else []

    def next_bout(self) -> tuple[int, int] | None:
        """(opener, defender) of the bout to come, when the table shows it (not before the
        first lead of a first game: the lowest trump decides, and it is shown by leading)."""
        if self.bout is not None and self.bout.result is None:
            return self.bout.opener, self.bout.defender
        n, out, teams = self.n, self.out, self.teams
        if not self.bouts:
            if self.dealer is None:
                return None
            opener = seats.first_opener(self.dealer, n, self.game)   # hands unseen: game 1 None
        else:
            last = self.bouts[-1]
            opener = seats.next_opener(last.defender, last.result, n, out, teams)
        if opener is None or opener < 0:
            return None
        return opener, seats.defender_for(opener, n, out, teams)

    # -- the fold -----------------------------------------------------------------------
    def apply(self, ev: Event) -> None:
        self.events += 1
        getattr(self, "_on_" + ev["type"], _ignore)(ev)

    def _give(self, seat: int, cards: list[str], public: bool) -> None:
        self.counts[seat] += len(cards)
        hand = self.hands[seat]
        if hand is not None:
            hand.extend(cards)
        if public:
            self.known[seat].extend(cards)

    def _lose(self, seat: int, card: str) -> None:
        self.counts[seat] -= 1
        hand = self.hands[seat]
        if hand is not None and card in hand:
            hand.remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _on_deal(self, ev: Event) -> None:
        self.dealer = ev["dealer"]
        self.hands = [list(h) if isinstance(h, list) else None for h in ev["hands"]]
        self.counts = [len(h) if isinstance(h, list) else int(h or 0) for h in ev["hands"]]
        self.known = [[] for _ in range(self.n)]
        self.trump_card = ev.get("trump")
        self.trump = self.trump_card[1] if self.trump_card else None
        stock = ev.get("stock", 0)
        self.stock = len(stock) if isinstance(stock, list) else int(stock or 0)
        self.bottom = self.trump_card if self.stock else None
        if not self.stock and self.trump_card:
            # six players: the trump card is the dealer's last card, shown to all
            self.known[self.dealer].append(self.trump_card)
        self.discard = 0
        self.out = [False] * self.n
        self.bout = None
        self.bouts = []
        self.taking = False
        self.discarded_once = False
        self.lowest_trump = self._lowest_trump(ev)

    def _lowest_trump(self, ev: Event) -> tuple[Any, Any] | None:
        """A first game's (seat, card) of the lowest trump dealt, shown by its holder when they
        open; None when nobody was dealt a trump (or in a later game, where it decides nothing).
        A view's deal says it (``lowest_trump``: a peer's, as sent; :mod:`game.net.view_check`
        checks it); a whole record's deal shows every hand."""
        if self.game != 1 or not self.trump_card:
            return None
        if "lowest_trump" in ev:
            found = ev["lowest_trump"]
            return (found[0], found[1]) if isinstance(found, list) and len(found) == 2 else None
        if not all(isinstance(h, list) for h in ev["hands"]):
            return None
        held = seats.lowest_trump([parse_list(h) for h in ev["hands"]], parse(self.trump_card) & 3)
        return (held[0], NAMES[held[1]]) if held else None

    def _on_swap(self, ev: Event) -> None:
        p, giver = ev["player"], ev.get("from")
        if self.trump is None or self.trump_card is None:
            raise AttributeError("a swap before the deal")     # (as before: the check reports it)
        six = NAMES[dm.trump_six(SUITS.index(self.trump))]
        taken = self.trump_card
        self._lose(p, six)
        if giver is None:
            self._give(p, [self.trump_card], True)
            self.bottom = six
        else:
            self._lose(giver, self.trump_card)
            self._give(giver, [six], True)
            self._give(p, [self.trump_card], True)
        self.trump_card = six
        self.swaps.append((p, giver, taken))

    def _on_attack(self, ev: Event) -> None:
        p = ev["player"]
        if self.bout is None or self.bout.result is not None:
            d = seats.defender_for(p, self.n, self.out, self.teams)
            self.bout = Bout(p, d, limit=dm.attack_limit(self.cap(), self.counts[d]))
            self.bouts.append(self.bout)
            self.taking = False
        bout = self._live()
        for c in ev["cards"]:
            self._lose(p, c)
            bout.pairs.append([c, None, p])

    def _on_defend(self, ev: Event) -> None:
        p = ev["player"]
        self._lose(p, ev["card"])
        bout = self._live()
        for pair in bout.pairs:
            if pair[0] == ev["attack"]:
                pair[1] = ev["card"]
        bout.defender = p

    def _on_transfer(self, ev: Event) -> None:
        """The defender passes the attack on: a card onto the table, or a trump shown, which
        every seat now knows to be in that hand (until it is played)."""
        p, card, shown = ev["player"], ev["card"], bool(ev.get("shown"))
        b = self._live()
        if shown:
            if card not in self.known[p]:
                self.known[p].append(card)
        else:
            self._lose(p, card)
            b.pairs.append([card, None, p])
        b.transfers.append((p, card, shown))
        b.opener = p
        b.defender = d = seats.defender_for(p, self.n, self.out, self.teams)
        b.limit = dm.attack_limit(self.cap(), self.counts[d])

    def _on_pass(self, ev: Event) -> None:
        if self.bout is not None:
            self.bout.passes.append(ev["player"])

    def _on_take(self, ev: Event) -> None:
        self.taking = True
        if self.bout is not None:
            self.bout.defender = ev["player"]

    def _on_bout_end(self, ev: Event) -> None:
        b = self._live()
        self.last_result = b.result = ev["result"]
        cards = b.cards()
        if b.result == "taken":
            self._give(b.defender, cards, True)
        else:
            self.discard += len(cards)
            self.discarded_once = True
        self.taking = False

    def _on_draw(self, ev: Event) -> None:
        p, cards = ev["player"], ev["cards"]
        k = len(cards) if isinstance(cards, list) else int(cards)
        self.counts[p] += k
        self.stock -= k
        hand = self.hands[p]
        if isinstance(cards, list) and hand is not None:
            hand.extend(cards)
        if self.stock == 0 and self.bottom is not None:
            self.known[p].append(self.bottom)     # the last card drawn is the face-up one
            self.bottom = None

    def _on_out(self, ev: Event) -> None:
        self.out[ev["player"]] = True
        self.out_order.append(ev["player"])

    def _on_game_over(self, ev: Event) -> None:
        self.over = True
        self.loser = ev.get("loser")
        self.losing_team = ev.get("losing_team")
        self.end_reason = ev.get("reason")
        losers = set(self.losing_team or ([] if self.loser is None else [self.loser]))
        self.draw_game = not losers
        self.winners = [s for s in range(self.n) if s not in losers] if losers else []


def _ignore(_ev: Event) -> None:
    return None
