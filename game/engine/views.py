"""Per-seat views: the record's events with everything that seat cannot know removed.

A view is plain JSON data: ``{"rules", "options", "game", "seat", "players", "hand",
"events"}`` (``game``: the game's number in its session).  Other hands, the stock, and other players' exchanged or drawn
cards are replaced by their counts; what was played on the table stays.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Protocol, Sequence, cast

from .actions import Event
from .cards import names


class Viewed(Protocol):
    """What a view is made from: any game state (:class:`game.engine.base.GameState`), named
    by its shape so that this module, which the states call, imports none of them."""

    @property
    def rules(self) -> str: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def game(self) -> int: ...
    @property
    def players(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def events(self) -> Sequence[Event]: ...
    def view_event(self, event: Event, seat: int) -> Event: ...


class Held(Viewed, Protocol):
    """A state that keeps every seat's hand (a Gurka deal)."""

    @property
    def hands(self) -> Sequence[Sequence[int]]: ...


def _hide(cards: list[str] | int | None) -> int | None:
    """A count instead of the cards (a count stays a count: filtering is idempotent)."""
    return cards if cards is None or isinstance(cards, int) else len(cards)


def seen_cards(cards: list[str] | int | None) -> list[str | None]:
    """A view's cards as a list: the cards themselves, or for a hidden count as many
    ``None`` (cards whose faces this seat does not see)."""
    return [None] * cards if isinstance(cards, int) else list(cards or [])


def filter_event(event: Event, seat: int) -> Event:
    # a view's event holds counts where the record's holds hidden cards (RECORDS.md), which
    # :class:`Event` (the record's types) does not say: the changed copies are cast back
    kind = event["type"]
    ev: dict[str, Any]
    if kind == "deal":
        ev = dict(event)
        ev["hands"] = [h if s == seat else _hide(h) for s, h in enumerate(event["hands"])]
        if "stock" in ev:
            ev["stock"] = _hide(event["stock"])
        return cast(Event, ev)
    if kind == "exchange" and event["player"] != seat:
        ev = {**event, "discard": _hide(event["discard"]), "draw": _hide(event["draw"])}
        return cast(Event, ev)
    if kind == "draw" and event["player"] != seat:
        ev = {**event, "cards": _hide(event["cards"])}
        return cast(Event, ev)
    return event


def make_view(state: Viewed, seat: int, hand: Iterable[int]) -> dict[str, Any]:
    return {
        "rules": state.rules,
        "options": dict(state.options),
        "game": state.game,
        "seat": seat,
        "players": [dict(p) for p in state.players],
        "hand": names(hand),
        "events": [state.view_event(e, seat) for e in state.events],
    }


def gurka_view(state: Held, seat: int) -> dict[str, Any]:
    return make_view(state, seat, state.hands[seat])
