"""Hard's Durak play-outs model a seat by what it showed: the style read from the view."""

import random

from game.ai.durak import levels as da
from game.ai.baselines import LowestBot
from game.ai.seats import make_player
from game.engine import new_game


def _flags(agents, seed, watcher=0):
    """bold_seats as the watcher's view shows it before every decision of a game."""
    st = new_game("durak", 2, seed=seed)
    seen = []
    while st.to_act() is not None:
        s = st.to_act()
        seen.append(da.bold_seats(st.view(watcher), st.trump))
        st.apply(agents[s].choose(st.view(s), st.legal_actions()))
    return seen


def test_the_heuristic_never_looks_bold():
    for seed in range(10):
        flags = _flags([make_player("ai:normal", seed), make_player("ai:normal", seed + 9)], seed)
        assert all(not f for f in flags)


def test_a_player_that_plays_every_card_it_can_is_read_as_bold():
    got = [any(1 in f for f in _flags([make_player("ai:normal", s), LowestBot(s)], s))
           for s in range(4)]
    assert sum(got) >= 3
    # and the reading is of the others only: the watcher is never in its own set
    assert all(0 not in f for f in _flags([make_player("ai:normal", 1), LowestBot(1)], 1))


def test_bold_play_beats_and_throws_whenever_it_can():
    rng = random.Random(2)
    checked = 0
    for seed in range(6):
        st = new_game("durak", 2, seed=seed)
        while st.phase != "over":
            if st.phase in ("deal", "end", "refill"):
                st.resolve_chance()
                continue
            moves = st.moves()
            m = da.bold_policy(st, moves)
            if st.phase == "bout" and any(x[0] in "AD" for x in moves):
                assert m[0] in "AD", (moves, m)
                checked += 1
            st.do_move(st.turn, m if rng.random() < 0.5 else da.policy(st, moves, rng))
    assert checked > 20
