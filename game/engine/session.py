"""Playing whole games with AI seats: the loop behind ``simulate`` and tests."""

from __future__ import annotations

from .records import new_game


def play_game(rules: str, players: list[dict], agents: list, options: dict | None = None,
              seed: int = 0, game: int = 1, **extra):
    """Play one game to the end; ``agents[seat].choose(view, legal)`` decides."""
    state = new_game(rules, players, options, seed=seed, game=game, **extra)
    while True:
        seat = state.to_act()
        if seat is None:
            return state
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal)
        state.apply(action)


def play_session(rules: str, players: list[dict], agents: list, options: dict | None = None,
                 seed: int = 0, games: int = 1):
    """Play ``games`` games as one session; yields each finished state."""
    extra: dict = {}
    for g in range(1, games + 1):
        state = play_game(rules, players, agents, options, seed=seed + g - 1, game=g, **extra)
        yield state
        extra = state.session_next()
