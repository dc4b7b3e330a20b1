"""What the table shows, rebuilt from the game record's events one at a time.

The table scene feeds every engine event through :meth:`apply` after the
previous one has been animated, so the picture lags the engine by exactly the
events still to be shown.  The model decides no rule: it only mirrors events.
No pygame here (tests use it directly).
"""

from __future__ import annotations

from ..engine.cards import RANKS


def strength_key(card: str, top_card=None) -> tuple:
    """Sort key for showing a hand: rank (with the Icelandic top card) then suit."""
    r = RANKS.index(card[0]) + 2
    if top_card == "6C" and card == "6C" or top_card == "7" and card[0] == "7":
        r = 15
    return (r, "CDHS".index(card[1]))


def durak_key(card: str, trump: str | None) -> tuple:
    r = RANKS.index(card[0])
    return (card[1] == trump, "CDHS".index(card[1]) if card[1] != trump else 0, r)


class GurkaModel:
    family = "gurka"

    def __init__(self, rules: str, options: dict, players: list[dict]):
        self.rules = rules
        self.options = options
        self.players = players
        n = self.n = len(players)
        self.hands: list[list[str] | None] = [[] for _ in range(n)]
        self.dealer: int | None = None
        self.trick: list[tuple[int, list[str]]] = []
        self.last_trick: list[tuple[int, list[str]]] = []
        self.trick_winner: int | None = None
        self.totals = [0] * n
        self.penalties: list = [None] * n
        self.out = [False] * n
        self.bought = [False] * n
        self.piles: list[list[str]] = [[] for _ in range(n)]
        self.deals = 0
        self.tricks_in_deal = 0
        self.winners: list[int] | None = None
        self.pot = options.get("stake", 0) * n
        self.exchanged: dict[int, int] = {}
        self.history: list[list] = []   # totals after each deal (scoreboard)
        self.last_losers: list[int] = []

    # -- helpers ---------------------------------------------------------------
    def sort_hand(self, hand: list[str]) -> list[str]:
        return sorted(hand, key=lambda c: strength_key(c, self.options.get("top_card")))

    def card_value(self, card: str) -> int:
        o = self.options
        top = o.get("top_card")
        if (top == "6C" and card == "6C") or (top == "7" and card[0] == "7"):
            return o.get("top_value", 21)
        r = RANKS.index(card[0]) + 2
        if r == 14:
            return o.get("ace_value", 14)
        return r

    def in_game(self, seat: int) -> bool:
        return not self.out[seat]

    # -- events ----------------------------------------------------------------
    def apply(self, ev: dict) -> None:
        kind = ev["type"]
        if kind == "deal":
            self.deals += 1
            self.tricks_in_deal = 0
            self.dealer = ev["dealer"]
            self.hands = [list(h) if h is not None else None for h in ev["hands"]]
            self.trick = []
            self.last_trick = []
            self.trick_winner = None
            self.penalties = [None] * self.n
            self.exchanged = {}
            self.last_losers = []
        elif kind == "exchange":
            hand = self.hands[ev["player"]]
            for c in ev["discard"]:
                hand.remove(c)
            hand.extend(ev["draw"])
            self.exchanged[ev["player"]] = len(ev["discard"])
        elif kind == "play":
            hand = self.hands[ev["player"]]
            for c in ev["cards"]:
                hand.remove(c)
            if self.trick_winner is not None:
                self.trick = []
                self.trick_winner = None
            self.trick.append((ev["player"], list(ev["cards"])))
        elif kind == "trick":
            self.trick_winner = ev["winner"]
            self.tricks_in_deal += 1
            self.last_trick = list(self.trick)
        elif kind == "score":
            self.penalties = list(ev["penalties"])
            self.last_losers = [s for s, p in enumerate(self.penalties) if p]
            for s, t in enumerate(ev["totals"]):
                if t is not None:
                    self.totals[s] = t
            if self.options.get("score_piles"):
                for seat, cards in self.last_trick:
                    if self.penalties[seat]:
                        self.piles[seat].append(cards[0])
                for s in range(self.n):
                    if ev["totals"][s] == 0 and self.piles[s]:
                        self.piles[s] = []
            self.history.append(list(ev["totals"]))
        elif kind == "out":
            self.out[ev["player"]] = True
            self.piles[ev["player"]] = []
        elif kind == "buyback":
            s = ev["player"]
            self.out[s] = False
            self.bought[s] = True
            self.totals[s] = ev["points"]
            if self.options.get("buyback") == "stake":
                self.pot += self.options.get("stake", 0)
        elif kind == "game_over":
            self.winners = list(ev["winners"])

    def clear_trick(self) -> None:
        self.trick = []
        self.trick_winner = None

    def trick_over(self) -> bool:
        return self.trick_winner is not None


class DurakModel:
    family = "durak"

    def __init__(self, rules: str, options: dict, players: list[dict]):
        self.rules = rules
        self.options = options
        self.players = players
        n = self.n = len(players)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.dealer: int | None = None
        self.trump_card: str | None = None
        self.trump: str | None = None
        self.stock: list[str] = []
        self.pairs: list[list] = []       # [attack, defence or None]
        self.discard = 0
        self.out = [False] * n
        self.attacker: int | None = None
        self.defender: int | None = None
        self.passed: set[int] = set()
        self.taking = False
        self.loser: int | None = None
        self.losing_team: list[int] | None = None
        self.over = False
        self.last_result: str | None = None
        self.winners: list[int] | None = None

    def sort_hand(self, hand: list[str]) -> list[str]:
        return sorted(hand, key=lambda c: durak_key(c, self.trump))

    def in_game(self, seat: int) -> bool:
        return not self.out[seat]

    def apply(self, ev: dict) -> None:
        kind = ev["type"]
        if kind == "deal":
            self.dealer = ev["dealer"]
            self.hands = [list(h) if h is not None else [] for h in ev["hands"]]
            self.trump_card = ev.get("trump")
            self.trump = self.trump_card[1] if self.trump_card else None
            stock = ev.get("stock", [])
            self.stock = list(stock) if isinstance(stock, list) else [None] * int(stock or 0)
            self.pairs = []
            self.discard = 0
            self.out = [False] * self.n
            self.passed = set()
            self.taking = False
        elif kind == "swap":
            p = ev["player"]
            six = "6" + self.trump
            giver = ev.get("from")
            if six in self.hands[p]:
                self.hands[p].remove(six)
            if giver is None:
                self.hands[p].append(self.trump_card)
                if self.stock:
                    self.stock[-1] = six
                self.trump_card = six
            else:
                if self.trump_card in self.hands[giver]:
                    self.hands[giver].remove(self.trump_card)
                self.hands[giver].append(six)
                self.hands[p].append(self.trump_card)
                self.trump_card = six
        elif kind == "attack":
            p = ev["player"]
            if not self.pairs:
                self.attacker = p
                self.passed = set()
                self.taking = False
            for c in ev["cards"]:
                if c in self.hands[p]:
                    self.hands[p].remove(c)
                self.pairs.append([c, None])
        elif kind == "defend":
            p = ev["player"]
            self.defender = p
            if ev["card"] in self.hands[p]:
                self.hands[p].remove(ev["card"])
            for pair in self.pairs:
                if pair[0] == ev["attack"]:
                    pair[1] = ev["card"]
        elif kind == "pass":
            self.passed.add(ev["player"])
        elif kind == "take":
            self.defender = ev["player"]
            self.taking = True
        elif kind == "bout_end":
            self.last_result = ev["result"]
            cards = [c for pair in self.pairs for c in pair if c]
            if ev["result"] == "taken" and self.defender is not None:
                self.hands[self.defender].extend(cards)
            else:
                self.discard += len(cards)
            self.pairs = []
            self.passed = set()
            self.taking = False
        elif kind == "draw":
            p = ev["player"]
            cards = ev["cards"]
            k = len(cards) if isinstance(cards, list) else int(cards)
            self.stock = self.stock[k:]
            if isinstance(cards, list):
                self.hands[p].extend(cards)
        elif kind == "out":
            self.out[ev["player"]] = True
        elif kind == "game_over":
            self.over = True
            self.loser = ev.get("loser")
            self.losing_team = ev.get("losing_team")
            losers = set(self.losing_team or ([] if self.loser is None else [self.loser]))
            self.winners = [s for s in range(self.n) if s not in losers] if losers else []

    def bout_cards(self) -> list[str]:
        return [c for pair in self.pairs for c in pair if c]


def make_model(rules: str, options: dict, players: list[dict]):
    if rules == "durak":
        return DurakModel(rules, options, players)
    return GurkaModel(rules, options, players)
