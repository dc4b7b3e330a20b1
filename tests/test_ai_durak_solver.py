"""The heads-up Durak endgame solver agrees with a plain search over the engine."""

import random

from game.ai.durak import levels as da
from game.ai.durak import solver as ds
from game.engine import new_game


def _engine_value(st, seat, memo):
    """Exhaustive minimax over the engine's own moves (every multi-card move included)."""
    while st.phase in ("end", "refill"):
        st.resolve_chance()
    if st.phase == "over":
        out = st.outcome()
        return 0.5 if out.draw else (1.0 if seat in out.winners else 0.0)
    key = (st.phase, st.turn, tuple(tuple(sorted(h)) for h in st.hands), tuple(st.att), tuple(st.beat),
           st.taken, st.done, st.opener, st.shown, st.limit)
    if key in memo:
        return memo[key]
    vals = []
    for m in st.moves():
        if m[0] == "S":
            continue
        nxt = st.copy()
        nxt.do_move(st.turn, m)
        vals.append(_engine_value(nxt, seat, memo))
    v = max(vals) if st.turn == seat else min(vals)
    memo[key] = v
    return v


def _endgames(count, max_cards, options=None, transfers=False):
    """Heads-up positions with the stock gone and at most ``max_cards`` in each hand
    (``transfers``: only a defender's who may pass the attack on; ``"shown"``: by showing a
    trump)."""
    rng = random.Random(3)
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        st = new_game("durak", 2, options, seed=seed)
        st.auto_chance = True
        while st.phase != "over":
            if st.phase in ("deal", "end", "refill"):
                st.resolve_chance()
                continue
            if not st.stock and st.phase in ("lead", "bout") and st.claim is None \
                    and all(len(h) <= max_cards for h in st.hands) \
                    and (not transfers or any(m[0] == "R" and (m[2] or transfers != "shown")
                                              for m in st.moves())):
                found.append(st.copy())
                break
            st.do_move(st.turn, da.policy(st, st.moves(), rng, 0.3))
    return found


def test_solver_matches_exhaustive_search():
    for st in _endgames(8, 2):
        for seat in (0, 1):
            want = _engine_value(st.copy(), seat, {})
            got = ds.solve_state(st, seat, ds.Solver(st.trump, st.max_attack, budget=10 ** 6))
            assert got == want, (st.hands, st.att, st.beat, seat)


def test_solver_searches_transfers_as_the_engine_plays_them():
    """Transfer Durak (a card passed on, a trump shown): the solver's values are the
    exhaustive search's, in positions where the defender may pass the attack on."""
    for options, kind in (({"transfer": True}, True), ({"transfer": True, "transfer_show": True}, "shown")):
        for st in _endgames(8, 3, options, transfers=kind):
            for seat in (0, 1):
                want = _engine_value(st.copy(), seat, {})
                got = ds.solve_state(st, seat, ds.solver_for(st, budget=10 ** 6))
                assert got == want, (options, st.hands, st.att, st.beat, seat)


def test_hard_plays_a_winning_endgame_move():
    from game.ai.players import HardPlayer
    won = 0
    for st in _endgames(6, 5):
        seat = st.to_act()
        solver = ds.Solver(st.trump, st.max_attack, budget=10 ** 6)
        if ds.solve_state(st, seat, solver) != 1.0:
            continue
        won += 1
        p = HardPlayer(1, iterations=50)
        a = p.choose(st.view(seat), st.legal_actions())
        nxt = st.copy()
        nxt.apply(a)
        assert ds.solve_state(nxt, seat, ds.Solver(st.trump, st.max_attack, budget=10 ** 6)) == 1.0
    assert won >= 3                       # the endgames tried include winning ones (four of six)
