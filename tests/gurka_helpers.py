"""Helpers for building Gurka positions from chosen hands."""

from game.engine import IllegalActionError, new_game  # noqa: F401


def dealt(rules, hands, dealer=None, **options):
    """A state right after a deal of the given hands (list per seat, card names)."""
    n = len(hands)
    sizes = {len(h) for h in hands if h is not None}
    options.setdefault("hand_size", sizes.pop())
    state = new_game(rules, [{"name": f"P{i}", "seat": "human"} for i in range(n)], options,
                     seed=1, auto_chance=False)
    state.apply_record_event({"type": "deal", "dealer": (n - 1) if dealer is None else dealer,
                              "hands": hands})
    return state


def legal_cards(state):
    return sorted(" ".join(a["cards"]) for a in state.legal_actions())


def play(state, *cards):
    for c in cards:
        state.apply({"type": "play", "cards": c.split()})
    return state
