"""The weighing of sampled deals by how plausible they make the others' plays (gurka_likely)."""

from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gi
from game.ai.gurka import likely as gl
from game.ai.baselines import make_baseline
from game.ai.seats import make_player
from game.engine import new_game
from game.engine.cards import names


def _run(state, agents, deals):
    while state.to_act() is not None and state.deals < deals:
        s = state.to_act()
        state.apply(agents[s].choose(state.view(s), state.legal_actions()))


def _style_at(agents, deals, seed=4):
    st = new_game("gurka-se", 3, seed=seed)
    _run(st, agents, deals)
    while st.phase != "play":
        s = st.to_act()
        st.apply(agents[s].choose(st.view(s), st.legal_actions()))
    me = st.to_act()
    view = st.view(me)
    k = gi.read_view(view)
    return me, gl.seat_style(gl.finished_plays(view), k.S, k.opts)


def test_a_field_that_plays_the_policy_is_read_as_playing_it():
    me, style = _style_at([make_player("ai:normal", s) for s in range(3)], 4)
    assert set(style) == {0, 1, 2} - {me}            # the others only, never the watcher
    plays = sum(r[1] for rows in style.values() for r in rows.values())
    assert plays >= 10
    assert all(r[0] == r[1] for rows in style.values() for r in rows.values())
    assert all(gl.share(style, s, 5) > 0.8 > gl.PRIOR for s in style), [gl.share(style, s, 5) for s in style]


def test_a_random_player_is_read_as_not_playing_it():
    agents = [make_player("ai:normal", 0), make_player("ai:random", 1), make_player("ai:normal", 2)]
    me, style = _style_at(agents, 6)
    if me == 1:
        me, style = _style_at(agents, 6, seed=5)
    assert me != 1
    normal = 2 if me == 0 else 0
    assert gl.share(style, 1, 4) < gl.share(style, normal, 4)
    assert gl.share(style, 1, 4) < 0.7


def _after_lead(lead_rank_from_top: int):
    """A state right after the first leader led its card of that rank from the top
    (0: its highest), with a real choice given up, seen by the next seat."""
    for seed in range(200):
        st = new_game("gurka-se", 3, seed=seed)
        s = st.to_act()
        hand = sorted(st.hands[s], key=lambda c: -st.S[c])
        strengths = [st.S[c] for c in hand]
        if len(set(strengths)) < len(strengths) or strengths[lead_rank_from_top] < 11:
            continue
        others = [c for o in range(3) if o != s for c in st.hands[o]]
        if not any(st.S[c] > strengths[lead_rank_from_top] for c in others):
            continue
        card = hand[lead_rank_from_top]
        st.apply({"type": "play", "cards": names([card])})
        return st, s, card
    raise AssertionError("no seed found")


def test_a_sample_where_the_lead_was_the_policy_weighs_more():
    st, leader, card = _after_lead(1)       # the leader kept a higher card
    k = gi.read_view(st.view(st.to_act()))
    plays = gl.Plays(k)
    truth = {s: list(st.hands[s]) for s in k.slots.hands}
    w_true = plays.weight(truth)
    assert w_true < 1.0                      # the policy would have led the highest card
    # the same deal with the leader's higher card swapped for a low card of another seat
    other = next(s for s in truth if s != leader)
    high = max(truth[leader], key=lambda c: k.S[c])
    low = min(truth[other], key=lambda c: k.S[c])
    assert k.S[high] > k.S[card] > k.S[low]
    swapped = {s: list(h) for s, h in truth.items()}
    swapped[leader] = [low if c == high else c for c in swapped[leader]]
    swapped[other] = [high if c == low else c for c in swapped[other]]
    assert max(k.S[c] for c in swapped[leader]) < k.S[card]
    assert plays.weight(swapped) == 1.0


def test_the_policys_own_lead_costs_nothing_and_hiding_a_higher_card_costs():
    st, leader, card = _after_lead(0)       # the leader led its highest card
    k = gi.read_view(st.view(st.to_act()))
    plays = gl.Plays(k)
    truth = {s: list(st.hands[s]) for s in k.slots.hands}
    assert plays.weight(truth) == 1.0
    # the same deal with a higher card of another seat swapped into the leader's hand
    holder, c = next((s, c) for s in truth if s != leader for c in truth[s]
                     if k.S[c] > k.S[card])
    give = min(truth[leader], key=lambda x: k.S[x])
    sample = {s: list(h) for s, h in truth.items()}
    sample[leader] = [c if x == give else x for x in sample[leader]]
    sample[holder] = [give if x == c else x for x in sample[holder]]
    assert 0 < plays.weight(sample) < 1.0


def test_hard_with_weighed_deals_still_plays_every_ruleset_to_the_end(monkeypatch):
    monkeypatch.setattr(gurka_ai, "LIKELY", True)
    drawn = []
    weigh = gl.Plays.weight
    monkeypatch.setattr(gl.Plays, "weight", lambda self, hands: drawn.append(1) or weigh(self, hands))
    for rules, n in [("gurka-is", 3), ("agurk-dk", 4), ("gurka-is7", 3)]:
        st = new_game(rules, n, seed=3)
        agents = [make_player("ai:hard:20", 0)] + [make_baseline("base:hoarder", s)
                                                   for s in range(1, n)]
        while st.to_act() is not None:
            s = st.to_act()
            st.apply(agents[s].choose(st.view(s), st.legal_actions()))
        assert st.outcome() is not None
    assert len(drawn) > 100


def _bench_sampling():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))
    import bench_sampling
    return bench_sampling


def test_the_sampling_bench_finds_the_weighted_deals_nearer_the_truth():
    """bench.py sampling, small: where the others play the heuristic's card (gurka-is,
    Normal seats), the weighted samples put more hidden cards in the right hands."""
    rows = _bench_sampling().measure("gurka-is", 3, games=2, samples=60, seed=500)
    plain = [x for r in rows.values() for x in r[0]]
    weighted = [x for r in rows.values() for x in r[1]]
    assert len(plain) == len(weighted) > 10
    assert all(0.0 <= x <= 1.0 for x in plain + weighted)
    assert sum(weighted) > sum(plain) * 1.05


def test_the_sampling_bench_finds_the_legal_only_hands_too_strong_in_agurk():
    """bench.py sampling's strength column, small: in Agurk, Normal seats shed their high
    cards, so hands dealt by legality alone hold a stronger top card than the true ones
    in the deal's last tricks, and the weighting brings them nearer."""
    rows = _bench_sampling().measure("agurk-dk", 3, games=3, samples=40, seed=500)
    late = [r for cards, r in rows.items() if cards <= 3]
    over = [x for r in late for x in r[2]]
    over_w = [x for r in late for x in r[3]]
    assert len(over) == len(over_w) > 10
    assert sum(over) / len(over) > 0.5
    assert sum(over_w) < sum(over)


def test_the_sampling_bench_weighs_by_the_learned_network_against_a_learned_field():
    """bench.py sampling --outside --field base:learned --weights model, small: deals
    weighed by the field's own network put more of the cards truly in play into the other
    hands once a deal's plays have been seen (the last three cards)."""
    bench = _bench_sampling()
    rules, options = bench.OUTSIDE
    rows = bench.measure(rules, 3, games=2, samples=60, seed=500, read_style=True,
                         options=options, field="base:learned", weights="model")
    late = [r for cards, r in rows.items() if cards <= 3]
    live, live_w = [x for r in late for x in r[4]], [x for r in late for x in r[5]]
    assert len(live) == len(live_w) > 10
    assert all(0.0 <= x <= 1.0 for x in live + live_w)
    assert sum(live_w) > sum(live) * 1.3
