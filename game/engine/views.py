"""Per-seat views: the record's events with everything that seat cannot know removed.

A view is plain JSON data: ``{"rules", "options", "game", "seat", "players", "hand",
"events"}`` (``game``: the game's number in its session).  Other hands, the stock, and other players' exchanged or drawn
cards are replaced by their counts; what was played on the table stays.
"""

from __future__ import annotations

from .actions import Event
from .cards import names


def _hide(cards):
    """A count instead of the cards (a count stays a count: filtering is idempotent)."""
    return cards if cards is None or isinstance(cards, int) else len(cards)


def seen_cards(cards) -> list:
    """A view's cards as a list: the cards themselves, or for a hidden count as many
    ``None`` (cards whose faces this seat does not see)."""
    return [None] * cards if isinstance(cards, int) else list(cards or [])


def filter_event(event: Event, seat: int) -> Event:
    kind = event["type"]
    if kind == "deal":
        ev = event.copy()
        ev["hands"] = [h if s == seat else _hide(h) for s, h in enumerate(event["hands"])]
        if "stock" in ev:
            ev["stock"] = _hide(event["stock"])
        return ev
    if kind == "exchange" and event["player"] != seat:
        return {**event, "discard": _hide(event["discard"]), "draw": _hide(event["draw"])}
    if kind == "draw" and event["player"] != seat:
        return {**event, "cards": _hide(event["cards"])}
    return event


def make_view(state, seat: int, hand) -> dict:
    return {
        "rules": state.rules,
        "options": dict(state.options),
        "game": state.game,
        "seat": seat,
        "players": [dict(p) for p in state.players],
        "hand": names(hand),
        "events": [state.view_event(e, seat) for e in state.events],
    }


def gurka_view(state, seat: int) -> dict:
    return make_view(state, seat, state.hands[seat])
