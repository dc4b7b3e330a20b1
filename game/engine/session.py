"""Playing whole games with AI seats: the loop behind ``simulate`` and tests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping, Protocol, Sequence

from .records import new_game

if TYPE_CHECKING:       # (types only: names the annotations use)
    from .actions import Action
    from .base import GameState
    from .gurka.public import GurkaTable


class Agent(Protocol):
    """Decides a seat: one of the legal actions for the seat's view."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


def play_game(rules: str, players: list[dict[str, Any]], agents: Sequence[Agent],
              options: dict[str, Any] | None = None, seed: int = 0, game: int = 1,
              **extra: Any) -> GameState:
    """Play one game to the end; ``agents[seat].choose(view, legal)`` decides."""
    state = new_game(rules, players, options, seed=seed, game=game, **extra)
    while True:
        seat = state.to_act()
        if seat is None:
            return state
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal)
        state.apply(action)


def play_session(rules: str, players: list[dict[str, Any]], agents: Sequence[Agent],
                 options: dict[str, Any] | None = None, seed: int = 0,
                 games: int = 1) -> Iterator[GameState]:
    """Play ``games`` games as one session; yields each finished state."""
    extra: dict[str, Any] = {}
    for g in range(1, games + 1):
        state = play_game(rules, players, agents, options, seed=seed + g - 1, game=g, **extra)
        yield state
        extra = state.session_next()


# -- chips across a session (the pot: any ruleset with a ``stake``) ----------------------------
#: chips each player brings to a session
PURSE = 100


def start_chips(options: Mapping[str, Any], players: int) -> list[int] | None:
    """Every player's chips at the start of a session, or None when nothing is staked."""
    return [PURSE] * players if options.get("stake") else None


def settle_chips(chips: list[int], table: GurkaTable) -> list[int]:
    """The chips after a finished game: every seat pays what it staked (``table.staked``),
    the winners share the pot (the public table of :mod:`game.engine.public`)."""
    out = [c - table.staked(s) for s, c in enumerate(chips)]
    winners = table.winners or []
    if winners:
        share = table.pot // len(winners)
        for s in winners:
            out[s] += share
    return out
