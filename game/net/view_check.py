"""A joiner's check of what its host sends: one seat's view, event by event.

A joiner cannot replay the game (it never sees the other hands), but it can hold every
event to what its own view allows: the event's shape (RECORDS.md), seats in range, its own
cards played only from its own hand, nobody else playing a card it holds or a card already
gone, hidden hands shown only as counts, a deal of equal hands from one deck, a defence
against a card that lies on the table...  Each event is then folded into the engine's public
table (:mod:`game.engine.public`), which has to take it without an error.  The legal actions
it is offered must name cards of its own hand.  :class:`ViewError` says, in one line, what the
host got wrong; the joiner then leaves the table.  At the game's end the host's whole record
is replayed by the engine and viewed from the joiner's seat: it must be what the joiner was
sent (:func:`check_end`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, TypeGuard

from ..engine import RecordError, find_ruleset
from ..engine.base import GameState
from ..engine.cards import NAMES
from ..engine.public import new_table
from ..engine.records import MAX_EVENTS, replay


#: an event as the host sent it: JSON not yet checked (the checks below read it field by field)
Raw = dict[str, Any]


class ViewError(ValueError):
    """The host sent a view no game can give (one line)."""


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class ViewChecker:
    def __init__(self, rules: str, options: dict[str, Any], players: list[dict[str, Any]], game: int,
                 seat: int):
        self.rules = rules
        family = find_ruleset(rules).family
        self.family = family.name
        self.n = len(players)
        self.seat = seat
        self.deck = frozenset(NAMES[c] for c in family.deck)
        self.actions = family.actions
        try:
            self.table = new_table(rules, options, players, game)
        except Exception as e:  # noqa: BLE001 - options no game has
            raise ViewError(f"a table the rules cannot set up ({type(e).__name__})") from None
        self.count = 0
        self.gone: set[str] = set()      # Gurka: cards played this deal; Durak: the discard pile
        self.dealt = False
        self.over = False

    # -- facts the joiner reads ---------------------------------------------------------------
    def hand(self) -> list[str]:
        hand = self.table.hands[self.seat] if self.dealt else None
        return list(hand) if isinstance(hand, list) else []

    # -- checks -----------------------------------------------------------------------------------
    def add(self, event: object) -> None:
        """Check ``event`` and fold it in; ViewError (nothing folded) when it cannot be."""
        if self.count >= MAX_EVENTS:
            raise ViewError(f"more than {MAX_EVENTS:,} events")
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise ViewError(f"event {self.count + 1} is not an event")
        if self.over:
            raise ViewError(f"event {self.count + 1} comes after the game's end")
        kind = event["type"]
        check = getattr(self, f"_{self.family}_{kind}", None)
        if check is None:
            raise ViewError(f"event {self.count + 1}: no {kind[:30]!r} event in this game")
        if kind != "deal" and not self.dealt:
            raise ViewError(f"event {self.count + 1}: {kind} before the first deal")
        try:
            check(event)
        except ViewError as e:
            raise ViewError(f"event {self.count + 1} ({kind}): {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise ViewError(f"event {self.count + 1} ({kind}) is damaged ({type(e).__name__})") from None
        try:
            self.table.apply(event)
        except Exception as e:  # noqa: BLE001 - whatever a hostile event does to the fold
            raise ViewError(f"event {self.count + 1} ({kind}) does not fit the game so far "
                            f"({type(e).__name__})") from None
        if any(c < 0 for c in self.table.counts):
            raise ViewError(f"event {self.count + 1} ({kind}) leaves a hand below no cards")
        self.count += 1
        if kind == "deal":
            self.dealt = True
        if kind == "game_over":
            self.over = True

    def check_turn(self, to_act: object, legal: Sequence[Mapping[str, Any]]) -> None:
        """The turn and the legal actions of an update: legal actions only for this seat's own
        turn, and only with cards of its hand."""
        if to_act is not None and to_act != -1 and not (_is_int(to_act) and 0 <= to_act < self.n):
            raise ViewError(f"the seat to act ({to_act}) is not at this table")
        if legal and to_act != self.seat:
            raise ViewError("legal actions offered when it is not this seat's turn")
        hand = set(self.hand())
        for action in legal:
            if action.get("type") not in self.actions:
                raise ViewError(f"a legal action of another game ({str(action.get('type'))[:20]})")
            cards = list(action.get("cards", [])) + list(action.get("discard", []))
            if "card" in action:
                cards.append(action["card"])
            if any(c not in hand for c in cards):
                raise ViewError("a legal action names a card this seat does not hold")

    # -- shared pieces ------------------------------------------------------------------------------
    def _keys(self, ev: Raw, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        missing = [k for k in required if k not in ev]
        if missing:
            raise ViewError(f"without {missing[0]!r}")
        extra = set(ev) - {"type", *required, *optional}
        if extra:
            raise ViewError(f"with an unknown field {str(sorted(extra)[0])[:30]!r}")

    def _player(self, v: object, what: str = "player") -> int:
        if not _is_int(v) or not 0 <= v < self.n:
            raise ViewError(f"{what} is not a seat at this table")
        return v

    def _cards(self, v: object, lo: int = 1) -> list[str]:
        if not isinstance(v, list) or len(v) < lo or len(v) > len(self.deck):
            raise ViewError("cards must be a list of cards")
        if any(not isinstance(c, str) or c not in self.deck for c in v) or len(set(v)) != len(v):
            raise ViewError("cards that are not different cards of the deck")
        return v

    def _count(self, v: object) -> int:
        if not _is_int(v) or not 0 <= v <= len(self.deck):
            raise ViewError("a hidden count must be a number of cards")
        return v

    def _hidden_or_mine(self, ev: Raw, field: str, lo: int = 1) -> list[str] | int:
        """A card field: this seat's cards as a list, another seat's as a count."""
        if ev["player"] == self.seat:
            return self._cards(ev[field], lo)
        if isinstance(ev[field], list):
            raise ViewError(f"another seat's {field} is shown (a view hides it)")
        return self._count(ev[field])

    def _deal_hands(self, ev: Raw, may_skip: bool) -> int:
        hands = ev["hands"]
        if not isinstance(hands, list) or len(hands) != self.n:
            raise ViewError("hands must list every seat")
        self._player(ev["dealer"], "dealer")
        total = 0
        sizes = set()
        for s, h in enumerate(hands):
            if h is None and may_skip:
                continue
            if s == self.seat:
                total += len(self._cards(h, 0))
                sizes.add(len(h))
            else:
                if isinstance(h, list):
                    raise ViewError("another seat's hand is shown (a view hides it)")
                total += self._count(h)
                sizes.add(h)
        return total

    def _not_mine(self, cards: list[str]) -> None:
        hand = set(self.hand())
        if any(c in hand for c in cards):
            raise ViewError("another seat plays a card this seat holds")

    def _mine(self, cards: list[str]) -> None:
        hand = self.hand()
        if any(c not in hand for c in cards):
            raise ViewError("this seat plays a card it does not hold")

    def _played(self, p: int, cards: list[str]) -> None:
        """``cards`` played by seat ``p``: this seat's own from its hand, another's none of
        this seat's and no more than it holds."""
        if p == self.seat:
            self._mine(cards)
        else:
            self._not_mine(cards)
            if self.table.counts[p] < len(cards):
                raise ViewError("a seat plays more cards than it holds")

    # -- Gurka family ------------------------------------------------------------------------------------
    def _gurka_deal(self, ev: Raw) -> None:
        self._keys(ev, ("dealer", "hands"))
        total = self._deal_hands(ev, may_skip=True)
        sizes = {len(h) if isinstance(h, list) else h for h in ev["hands"] if h is not None}
        if len(sizes) > 1:
            raise ViewError("hands of different sizes")
        if total > 52:
            raise ViewError("more cards dealt than the deck holds")
        self.gone = set()

    def _gurka_exchange(self, ev: Raw) -> None:
        self._keys(ev, ("player", "discard", "draw"))
        p = self._player(ev["player"])
        discard = self._hidden_or_mine(ev, "discard", 0)
        draw = self._hidden_or_mine(ev, "draw", 0)
        n_discard = discard if isinstance(discard, int) else len(discard)
        n_draw = draw if isinstance(draw, int) else len(draw)
        if n_discard != n_draw:
            raise ViewError("a different number of cards drawn than discarded")
        # this seat's own cards come as lists (_hidden_or_mine), another's as counts
        if p == self.seat and isinstance(discard, list) and isinstance(draw, list):
            self._mine(discard)
            if set(draw) & (set(self.hand()) - set(discard)) or set(draw) & self.gone:
                raise ViewError("a card drawn that this seat already holds or saw played")

    def _gurka_play(self, ev: Raw) -> None:
        self._keys(ev, ("player", "cards"))
        p = self._player(ev["player"])
        cards = self._cards(ev["cards"])
        if set(cards) & self.gone:
            raise ViewError("a card played twice in one deal")
        self._played(p, cards)
        self.gone.update(cards)

    def _gurka_trick(self, ev: Raw) -> None:
        self._keys(ev, ("winner",))
        w = self._player(ev["winner"], "winner")
        if not self.table.trick or self.table.trick_over() or w not in {s for s, _c in self.table.trick}:
            raise ViewError("a trick won by a seat that did not play to it")

    def _gurka_score(self, ev: Raw) -> None:
        self._keys(ev, ("penalties", "totals"))
        for f in ("penalties", "totals"):
            v = ev[f]
            if not isinstance(v, list) or len(v) != self.n or any(
                    x is not None and (not _is_int(x) or abs(x) > 10 ** 6) for x in v):
                raise ViewError(f"{f} must be a number (or null) per seat")

    def _gurka_out(self, ev: Raw) -> None:
        self._keys(ev, ("player",))
        self._player(ev["player"])

    def _gurka_buyback(self, ev: Raw) -> None:
        self._keys(ev, ("player", "points"))
        self._player(ev["player"])
        if not _is_int(ev["points"]) or abs(ev["points"]) > 10 ** 6:
            raise ViewError("points must be a number")

    def _gurka_game_over(self, ev: Raw) -> None:
        self._keys(ev, ("winners",))
        if not isinstance(ev["winners"], list) or len(ev["winners"]) > self.n:
            raise ViewError("winners must be a list of seats")
        for s in ev["winners"]:
            self._player(s, "a winner")

    # -- Durak ----------------------------------------------------------------------------------------------
    def _durak_deal(self, ev: Raw) -> None:
        self._keys(ev, ("dealer", "hands", "trump", "stock"), ("lowest_trump",))
        total = self._deal_hands(ev, may_skip=False)
        trump = ev["trump"]
        if not isinstance(trump, str) or trump not in self.deck:
            raise ViewError("the trump card is not a card of the deck")
        if isinstance(ev["stock"], list):
            raise ViewError("the stock is shown (a view hides it)")
        stock = self._count(ev["stock"])
        if total + stock != len(self.deck):
            raise ViewError("the hands and the stock are not one deck")
        mine = ev["hands"][self.seat]
        if trump in mine and stock:
            raise ViewError("this seat holds the trump card under the stock")
        if "lowest_trump" in ev and ev["lowest_trump"] is not None:
            low = ev["lowest_trump"]
            if not isinstance(low, list) or len(low) != 2:
                raise ViewError("lowest_trump must be [seat, card]")
            self._player(low[0], "lowest_trump's seat")
            if not isinstance(low[1], str) or low[1] not in self.deck or low[1][1] != trump[1]:
                raise ViewError("lowest_trump must be a trump card")
            if (low[0] == self.seat) != (low[1] in mine):
                raise ViewError("lowest_trump does not agree with this seat's hand")
        self.gone = set()

    def _on_table(self) -> set[str]:
        return set(self.table.bout_cards())

    def _durak_swap(self, ev: Raw) -> None:
        self._keys(ev, ("player", "from"))
        p = self._player(ev["player"])
        if ev["from"] is not None:
            self._player(ev["from"], "from")
        six = "6" + (self.table.trump or "?")
        if p == self.seat and six not in self.hand():
            raise ViewError("this seat swaps a six of trumps it does not hold")
        if p != self.seat and six in self.hand():
            raise ViewError("another seat swaps the six of trumps this seat holds")

    def _durak_attack(self, ev: Raw) -> None:
        self._keys(ev, ("player", "cards"))
        p = self._player(ev["player"])
        cards = self._cards(ev["cards"])
        if set(cards) & (self._on_table() | self.gone):
            raise ViewError("a card that lies on the table or in the discard pile")
        self._played(p, cards)

    def _durak_defend(self, ev: Raw) -> None:
        self._keys(ev, ("player", "attack", "card"))
        p = self._player(ev["player"])
        if not self.table.on_table() or ev["attack"] not in self.table.unbeaten():
            raise ViewError("a defence against a card that is not waiting on the table")
        card = self._cards([ev["card"]])[0]
        if card in self._on_table() | self.gone:
            raise ViewError("a card that lies on the table or in the discard pile")
        if p == self.seat:
            self._mine([card])
        else:
            self._not_mine([card])

    def _durak_transfer(self, ev: Raw) -> None:
        """The defender passes the attack on: a card laid on the table, or a trump of the
        attack's rank shown and kept (then every seat knows who holds it)."""
        self._keys(ev, ("player", "card", "shown"))
        p = self._player(ev["player"])
        if not isinstance(ev["shown"], bool):
            raise ViewError("shown must be true or false")
        t = self.table
        if not t.on_table() or p != t.defender or t.taking:
            raise ViewError("an attack passed on by a seat that is not defending")
        if any(d is not None for _a, d in t.pairs) or not t.pairs:
            raise ViewError("an attack passed on after a card was beaten")
        card = self._cards([ev["card"]])[0]
        if card[0] != t.pairs[0][0][0]:
            raise ViewError("an attack passed on with a card of another rank")
        if card in self._on_table() | self.gone:
            raise ViewError("a card that lies on the table or in the discard pile")
        if ev["shown"] and card[1] != t.trump:
            raise ViewError("a card shown to pass the attack on that is not a trump")
        if p == self.seat:
            self._mine([card])
        else:
            self._not_mine([card])

    def _durak_pass(self, ev: Raw) -> None:
        self._keys(ev, ("player",))
        self._player(ev["player"])

    _durak_take = _durak_pass

    def _durak_bout_end(self, ev: Raw) -> None:
        self._keys(ev, ("result",))
        if ev["result"] not in ("beaten", "taken") or not self.table.on_table():
            raise ViewError("a bout's end without a bout, or of another kind")
        if ev["result"] == "beaten":
            self.gone.update(self.table.bout_cards())

    def _durak_draw(self, ev: Raw) -> None:
        self._keys(ev, ("player", "cards"))
        p = self._player(ev["player"])
        cards = self._hidden_or_mine(ev, "cards")
        n = cards if isinstance(cards, int) else len(cards)
        if n > self.table.stock:
            raise ViewError("more cards drawn than the stock holds")
        if p == self.seat and isinstance(cards, list) and set(cards) & (set(self.hand()) | self.gone | self._on_table()):
            raise ViewError("a card drawn that this seat already holds or saw go")

    def _durak_out(self, ev: Raw) -> None:
        self._keys(ev, ("player",))
        self._player(ev["player"])

    def _durak_game_over(self, ev: Raw) -> None:
        self._keys(ev, ("loser", "losing_team"), ("reason",))
        if ev["loser"] is not None:
            self._player(ev["loser"], "loser")
        team = ev["losing_team"]
        if team is not None:
            if not isinstance(team, list) or len(team) > self.n:
                raise ViewError("losing_team must be a list of seats")
            for s in team:
                self._player(s, "a loser")
        if "reason" in ev and not (isinstance(ev["reason"], str) and len(ev["reason"]) <= 40):
            raise ViewError("reason must be a short text")


def check_end(record: object, seat: int, received: Sequence[Mapping[str, Any]],
              welcome: Mapping[str, Any]) -> GameState:
    """The engine's state of the host's finished record, after checking that it is a whole
    game that the engine replays, of the table this seat joined, and that from this seat it
    looks exactly as the events sent during the game.  ViewError otherwise."""
    try:
        state = replay(record)
    except RecordError as e:
        raise ViewError(f"the game's record does not replay ({e})") from None
    except Exception as e:  # noqa: BLE001 - a record the engine chokes on is a bad record
        raise ViewError(f"the game's record does not replay ({type(e).__name__})") from None
    if not state.is_over():
        raise ViewError("the game's record is of an unfinished game")
    if (state.rules != welcome["rules"] or len(state.players) != len(welcome["players"])
            or state.options != welcome["options"]):
        raise ViewError("the game's record is of another table")
    mine = [state.view_event(e, seat) for e in state.events]
    if mine != received:
        first = next((i for i, (a, b) in enumerate(zip(mine, received)) if a != b),
                     min(len(mine), len(received)))
        raise ViewError(f"the game's record differs from what was sent, from event {first + 1}")
    return state


__all__ = ["ViewChecker", "ViewError", "check_end"]
