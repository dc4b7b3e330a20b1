"""States from a seat's view (game.engine.determinize) against the real states.

Random mid-game positions of every ruleset (and house variants): built from the seat's view
and the TRUE hidden cards, the state equals the real one on every rule-relevant field, gives
the same legal actions, the same view, and plays on exactly like it; built from a random
assignment that fits the hidden slots, the seat's legal actions are the real ones."""

import random

import pytest

from game.engine import DURAK, find_ruleset, new_game, rulesets
from game.engine.determinize import (Assignment, Position, check_assignment, hidden_slots,
                                     state_from_view)

#: (ruleset, options) for the positions; every ruleset plus the common house variants
CASES = [(r.id, {}) for r in rulesets()] + [
    ("gurka-se", {"limit": 12}), ("gurka-se", {"buyback": "free", "limit": 10}),
    ("gurka-se", {"lead_lowest": True, "no_ace_on_ace": True, "limit": 12}),
    ("agurk-dk", {"twos_rule": True, "nearest_above": True, "buyback": "worst", "limit": 12}),
    ("agurk-dk", {"lives": 2}), ("agurk-no", {"optional_lowest": True, "limit": 12}),
    ("gurka-is", {"lead_lowest": True}), ("gurka-is7", {"rounds": 3}),
    ("durak", {"teams": "2v2"}), ("durak", {"teams": "3v3"}), ("durak", {"max_attack": 3}),
    ("durak", {"transfer": True}), ("durak", {"transfer": True, "teams": "3v3"}),
    ("durak", {"transfer": True, "transfer_show": True, "first_bout_max": 5}),
    ("durak", {"transfer": True, "transfer_show": True, "neighbours_only": True}),
    ("durak", {"first_bout_max": 4}),
]

# fields that carry no rule: the event log (compared through the view), the RNG, scratch
# values that the engine resets before reading them, the seed and the first dealer argument
SKIP = {"events", "rng", "seed", "first_dealer", "six_drawer", "trump_drawer"}


def _players(rules, rng):
    entry = find_ruleset(rules)
    lo, hi = entry.players
    if entry.family is DURAK:
        teams = entry.options["teams"]
        return {"2v2": 4, "3v3": 6}.get(teams, rng.randint(lo, hi))
    return rng.randint(lo, min(hi, 52 // entry.options["hand_size"], 5))


def _positions(rules, options, games, per_game, seed):
    """(real state, seat) at random decision points of random games."""
    for g in range(games):
        rng = random.Random(seed * 100 + g)
        n = _players(rules, rng)
        if options.get("teams"):
            n = {"2v2": 4, "3v3": 6}[options["teams"]]
        st = new_game(rules, n, options, seed=seed * 100 + g, game=1 + g % 2)
        picks = 0
        while st.to_act() is not None and picks < per_game:
            seat = st.to_act()
            if seat >= 0 and len(st.legal_actions()) > 1 and rng.random() < 0.08:
                picks += 1
                yield st.copy(), seat
            st.random_step(rng)


def _true_assignment(st, slots):
    hands = {}
    for s in slots.hands:
        known = list(slots.known.get(s, ()))
        hidden = []
        for c in st.hands[s]:
            if c in known:
                known.remove(c)
            else:
                hidden.append(c)
        hands[s] = hidden
    if find_ruleset(st.rules).family is DURAK:
        stock = list(reversed(st.stock[1:]))
    else:
        stock = list(reversed(st.stock)) if slots.stock else []
    return Assignment(hands, stock)


def _random_assignment(slots, rng):
    pool = list(slots.unseen)
    rng.shuffle(pool)
    hands = {}
    for s, k in slots.hands.items():
        hands[s], pool = pool[:k], pool[k:]
    return Assignment(hands, pool[:slots.stock])


def _legal_key(st):
    return sorted(repr(sorted((k, sorted(v) if isinstance(v, list) else v) for k, v in a.items()))
                  for a in st.legal_actions())


def _fields(st):
    """The state's rule-relevant fields, normalised where order carries no rule."""
    d = {k: v for k, v in vars(st).items() if k not in SKIP}
    d["hands"] = [sorted(h) for h in st.hands]
    durak = find_ruleset(st.rules).family is DURAK
    if durak:
        d["discard"] = sorted(st.discard)
        swap_possible = any(p >= 0 and st._swap_from(p) is not False
                            for p in (st.six_right, st.claim[0] if st.claim else -1))
        if not swap_possible:
            del d["offered"]      # read only when someone may be offered the swap
    else:
        if st.phase != "exchange":
            del d["stock"]        # the next deal shuffles the whole deck again
        if not st.trick:
            del d["best_key"], d["best_seat"]   # the next play sets them
        if st.phase == "play":
            del d["queue"]
    return d


def _check(real, seat, rng):
    view = real.view(seat)
    legal = real.legal_actions()
    pos = Position(view, legal)
    slots = pos.slots
    truth = _true_assignment(real, slots)
    check_assignment(slots, truth)
    built = pos.state(truth)
    assert _fields(built) == _fields(real)
    assert _legal_key(built) == _legal_key(real)
    assert built.view(seat) == view
    other = pos.state(_random_assignment(slots, rng))
    assert other.to_act() == seat
    assert _legal_key(other) == _legal_key(real)
    # and it plays on like the real state: the same decisions give the same events
    a, b = real.copy(), built
    start = len(a.events)
    for _ in range(400):
        if a.to_act() is None or a.to_act() < 0:
            break
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
        new = [e["type"] for e in a.events[start:]]
        if "deal" in new:        # a new deal comes from each state's own RNG
            cut = start + new.index("deal")
            assert a.events[start:cut] == b.events[start:cut]
            break
        assert a.events[start:] == b.events[start:]
        assert _legal_key(a) == _legal_key(b)


@pytest.mark.parametrize("rules,options", CASES, ids=lambda x: str(x))
def test_state_from_view_matches_the_real_state(rules, options):
    rng = random.Random(7)
    checked = 0
    for real, seat in _positions(rules, options, games=5, per_game=6, seed=len(rules)):
        _check(real, seat, rng)
        checked += 1
    assert checked >= 10


def _walk(rules, options, seeds, players):
    """(state, seat, kind of decision) over whole random games."""
    for g in seeds:
        grng = random.Random(g)
        n = players(grng)
        st = new_game(rules, n, options, seed=g)
        while st.to_act() is not None:
            seat = st.to_act()
            if seat >= 0:
                kind = st.phase
                if kind == "bout" and seat not in (st.defender, st.opener):
                    kind = "later attacker"
                if getattr(st, "claim", None) and kind in ("offer", "lead"):
                    kind = "claim"
                yield st, seat, kind
            st.random_step(grng)


def test_special_phases_are_covered():
    """Buy-back pauses, the exchange, Durak throw-ins by a later attacker, offers and the
    final-refill claim (seeds of random games in which one happens)."""
    rng = random.Random(3)
    seen: dict = {}
    walks = [_walk("gurka-se", {"limit": 8}, range(12), lambda r: 4),
             _walk("gurka-is7", {}, range(4), lambda r: 4),
             _walk("durak", {}, [*range(6), 197, 198, 219, 330, 422], lambda r: r.choice([2, 3, 4]))]
    for walk in walks:
        for st, seat, kind in walk:
            if seen.get(kind, 0) < 12 and (kind != "play" or rng.random() < 0.05):
                seen[kind] = seen.get(kind, 0) + 1
                _check(st.copy(), seat, rng)
    assert {"buyback", "exchange", "offer", "later attacker", "claim"} <= set(seen)


def test_slots_count_every_hidden_card():
    st = new_game("gurka-is7", 4, seed=2)
    seat = st.to_act()
    slots = hidden_slots(st.view(seat))
    assert slots.seat == seat
    assert set(slots.hands) == {s for s in range(4) if s != seat}
    assert all(k == 7 for k in slots.hands.values())
    assert slots.stock == 52 - 28 and slots.out_of_play == 0
    d = new_game("durak", 3, seed=2)
    ds = hidden_slots(d.view(d.to_act()))
    assert sum(ds.hands.values()) + ds.stock == len(ds.unseen) == 36 - 6 - 1


def test_assignments_that_do_not_fit_are_refused():
    st = new_game("gurka-se", 4, seed=1)
    seat = st.to_act()
    view = st.view(seat)
    slots = hidden_slots(view)
    good = _random_assignment(slots, random.Random(1))
    state_from_view(view, good)
    s0 = next(iter(slots.hands))
    short = Assignment({**good.hands, s0: list(good.hands[s0])[1:]}, good.stock)
    twice = Assignment({**good.hands, s0: [view_card for view_card in good.hands[s0][:-1]]
                        + [good.hands[s0][0]]}, good.stock)
    mine = Assignment({**good.hands, s0: [st.hands[seat][0]] + list(good.hands[s0][1:])},
                      good.stock)
    for bad in (short, twice, mine):
        with pytest.raises(ValueError):
            state_from_view(view, bad)


def test_a_view_of_a_seat_not_to_act_is_refused():
    st = new_game("gurka-se", 4, seed=1)
    other = (st.to_act() + 1) % 4
    with pytest.raises(ValueError):
        Position(st.view(other))


def test_declined_offer_passes_through_to_the_lead():
    """The holder of the trump six who is also the opener, after declining the offer
    (no event), leads: the legal actions tell the two positions apart."""
    for seed in range(400):
        st = new_game("durak", 2, seed=seed)
        if st.phase == "offer" and st.turn == st.opener:
            break
    else:
        raise AssertionError("no deal with the opener holding the trump six in 400 seeds")
    seat = st.turn
    view = st.view(seat)
    rng = random.Random(0)

    def phase(pos):
        return pos.state(_random_assignment(pos.slots, rng)).phase

    assert phase(Position(view, st.legal_actions())) == "offer"
    assert phase(Position(view)) == "offer"             # without legal: taken as pending
    st.apply({"type": "pass"})
    assert st.view(seat) == view                         # nothing shows the decline
    declined = Position(view, st.legal_actions())
    assert phase(declined) == "lead"
    built = declined.state(_true_assignment(st, declined.slots))
    assert _fields(built) == _fields(st)
    assert _legal_key(built) == _legal_key(st)


@pytest.mark.parametrize("options", [{"transfer": True, "transfer_show": True},
                                     {"transfer": True, "first_bout_max": 5, "neighbours_only": True}],
                         ids=["show", "first-five"])
def test_positions_after_the_attack_was_passed_on(options):
    """Transfer Durak: every decision in a bout that was passed on (a card played or a trump
    shown) rebuilds from the view as the real state: the new attackers and their limit, the
    trump shown, the first discard's limit."""
    rng = random.Random(11)
    checked = shown = 0
    for g in range(40):
        n = 2 + g % 5
        st = new_game("durak", n, options, seed=900 + g)
        while st.to_act() is not None and checked < 60 * (g + 1):
            seat = st.to_act()
            bout = [e for e in st.events[max(i for i, e in enumerate(st.events)
                                             if e["type"] in ("deal", "bout_end")):]]
            if seat >= 0 and any(e["type"] == "transfer" for e in bout) and len(st.legal_actions()) > 1:
                _check(st.copy(), seat, rng)
                checked += 1
                shown += any(e["type"] == "transfer" and e["shown"] for e in bout)
            st.random_step(rng)
    assert checked >= 100 and (shown >= 10 or not options.get("transfer_show"))
