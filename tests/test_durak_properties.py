"""Durak properties: random legal play keeps every invariant, illegal actions change
nothing, records replay to identical events, tampered deals are refused; with transfer Durak's
options too (a card passed on, a trump shown, five until the first discard), and the views
never show a card of another hand that the table has not made public."""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import IllegalActionError, RecordError, new_game, replay
from game.engine.cards import NAMES, SHORT_DECK

DECK = sorted(SHORT_DECK)
SETTINGS = settings(max_examples=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw):
    n = draw(st.integers(2, 6))
    teams = None
    if n == 4:
        teams = draw(st.sampled_from([None, "2v2"]))
    elif n == 6:
        teams = draw(st.sampled_from([None, "3v3"]))
    transfer = draw(st.booleans())
    options = {"teams": teams, "neighbours_only": draw(st.booleans()),
               "max_attack": draw(st.integers(1, 6)), "transfer": transfer,
               "transfer_show": transfer and draw(st.booleans()),
               "first_bout_max": draw(st.sampled_from([None, None, 5, 3]))}
    return n, options, draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6))


def key(action):
    a = dict(action)
    if "cards" in a and isinstance(a["cards"], list):
        a["cards"] = tuple(sorted(a["cards"]))
    return tuple(sorted(a.items()))


def random_illegal(rng, state):
    kind = rng.choice(["attack", "defend", "take", "pass", "swap", "attack", "transfer"])
    action = {"type": kind}
    if kind == "attack":
        action["cards"] = [NAMES[rng.choice(DECK)] for _ in range(rng.randint(1, 3))]
    elif kind == "defend":
        action["attack"] = NAMES[rng.choice(DECK)]
        action["card"] = NAMES[rng.choice(DECK)]
    elif kind == "transfer":
        action["card"] = NAMES[rng.choice(DECK)]
        action["shown"] = rng.random() < 0.3
    return action


def check_invariants(state):
    assert sorted(state.cards_in_play()) == DECK
    for s in range(state.n):
        assert state.out[s] == (state.out[s] and not state.hands[s])
    if state.phase == "bout":
        assert len(state.att) <= state.limit <= state.cap() <= state.max_attack
        assert state.unbeaten == sum(1 for b in state.beat if b < 0)
        if not state.taken:  # never more unbeaten cards than the defender can answer
            assert state.unbeaten <= len(state.hands[state.defender])
        if state.first_max is not None and not state.discarded:
            assert len(state.att) <= state.first_max
        # a trump shown in this bout is in a hand, or was played onto the table since
        for c in DECK:
            if (state.shown >> c) & 1:
                assert any(c in h for h in state.hands) or c in state.att or c in state.beat


@SETTINGS
@given(setups())
def test_random_play_invariants_illegal_actions_and_replay(setup):
    n, options, seed, pick = setup
    rng = random.Random(pick)
    state = new_game("durak", n, options, seed=seed)
    steps = 0
    while not state.is_over():
        check_invariants(state)
        legal = state.legal_actions()
        assert legal
        legal_keys = {key(a) for a in legal}
        if rng.random() < 0.3:
            bad = random_illegal(rng, state)
            if key(bad) not in legal_keys:
                before = state.record()
                with pytest.raises(IllegalActionError):
                    state.apply(bad)
                assert state.record() == before
        if rng.random() < 0.05:
            wrong = (state.to_act() + 1) % n
            before = state.record()
            with pytest.raises(IllegalActionError):
                state.apply({**legal[0], "player": wrong})
            assert state.record() == before
        action = rng.choice(legal)
        state.apply(action)
        steps += 1
        assert steps < 50_000
    check_invariants(state)
    out = state.outcome()
    assert out is not None
    last = state.events[-1]
    assert last["type"] == "game_over"
    if out.draw:
        assert last["loser"] is None and last["losing_team"] is None
    elif options["teams"]:
        assert sorted(out.losers) == last["losing_team"]
    else:
        assert out.losers == (last["loser"],)
    again = replay(state.record())
    assert again.events == state.events
    assert again.is_over()


@SETTINGS
@given(setups())
def test_copy_is_independent_and_views_hide_cards(setup):
    n, options, seed, pick = setup
    rng = random.Random(pick)
    state = new_game("durak", n, options, seed=seed)
    for _ in range(rng.randint(0, 60)):
        if state.is_over():
            break
        state.random_step(rng)
    snap = state.record()
    twin = state.copy()
    while not twin.is_over():
        twin.random_step(rng)
    assert state.record() == snap
    seat = rng.randrange(n)
    view = state.view(seat)
    assert view["hand"] == [NAMES[c] for c in state.hands[seat]]
    deal = view["events"][0]
    assert deal["trump"] == state.events[0]["trump"]
    assert isinstance(deal["stock"], int)
    for s, h in enumerate(deal["hands"]):
        assert isinstance(h, list) if s == seat else isinstance(h, int)
    for ev in view["events"]:
        if ev["type"] == "draw":
            assert isinstance(ev["cards"], list) == (ev["player"] == seat)
    assert_no_hidden_card_shown(state, view)


def _names(value):
    """Every card name inside an event's field."""
    if isinstance(value, str) and value in NAMES:
        return {value}
    if isinstance(value, list):
        return set().union(*(_names(v) for v in value)) if value else set()
    return set()


def assert_no_hidden_card_shown(state, view):
    """The view names no card of another seat's hand that the table has not made public:
    cards picked up from the table, the trump card, a trump shown to pass an attack on (the
    public fold's ``known``), and the lowest trump its holder shows by opening."""
    from game.engine.public import table_of
    seat = view["seat"]
    table = table_of(view)
    named = set()
    for ev in view["events"]:
        for k, v in ev.items():
            if k not in ("type", "player"):
                named |= _names(v)
    lowest = {table.lowest_trump[1]} if table.lowest_trump else set()
    for s in range(state.n):
        if s == seat:
            continue
        hand = {NAMES[c] for c in state.hands[s]}
        assert table.counts[s] == len(hand)
        assert set(table.known[s]) <= hand
        assert hand & named <= set(table.known[s]) | lowest, (s, hand & named)


def test_views_in_transfer_games_show_only_public_cards():
    """Transfer Durak with trumps shown: at every decision each seat's view names no card of
    another hand but the public ones, and a trump shown stays known to be in its holder's hand
    while it is there."""
    rng = random.Random(64)
    shown_held = 0
    for seed in range(16):
        n = 2 + seed % 4
        state = new_game("durak", n, {"transfer": True, "transfer_show": True}, seed=seed)
        while not state.is_over():
            if state.to_act() >= 0 and (state.shown or rng.random() < 0.15):
                for seat in range(n):
                    assert_no_hidden_card_shown(state, state.view(seat))
                shown = [e for e in state.events if e["type"] == "transfer" and e["shown"]]
                for e in shown:
                    c = next(c for c in DECK if NAMES[c] == e["card"])
                    if c in state.hands[e["player"]]:
                        from game.engine.public import table_of
                        for seat in range(n):
                            if seat != e["player"]:
                                assert e["card"] in table_of(state.view(seat)).known[e["player"]]
                        shown_held += 1
            state.random_step(rng)
    assert shown_held > 20


def test_many_random_games_replay_fast_path():
    rng = random.Random(11)
    for seed in range(40):
        n = 2 + seed % 5
        opts = {"teams": "2v2" if n == 4 and seed % 2 else ("3v3" if n == 6 and seed % 2 else None),
                "neighbours_only": bool(seed % 3 == 0), "transfer": seed % 4 > 1,
                "transfer_show": seed % 4 == 3}
        state = new_game("durak", n, opts, seed=seed)
        while not state.is_over():
            state.random_step(rng)
        assert sorted(state.cards_in_play()) == DECK
        assert replay(state.record()).events == state.events


# -- tampered records ---------------------------------------------------------------------

def a_record(n=4, seed=3):
    rng = random.Random(seed)
    state = new_game("durak", n, seed=seed)
    while not state.is_over():
        state.random_step(rng)
    return state.record()


@pytest.mark.parametrize("tamper", ["duplicate", "short", "trump", "stock", "dealer6"])
def test_bad_deals_are_refused(tamper):
    record = a_record(6 if tamper == "dealer6" else 4)
    deal = record["events"][0]
    if tamper == "duplicate":
        deal["hands"][1][0] = deal["hands"][0][0]
    elif tamper == "short":
        deal["stock"].append(deal["hands"][0].pop())
    elif tamper == "trump":
        deal["trump"] = deal["stock"][0]
    elif tamper == "stock":
        deal["stock"] = deal["stock"][:-2] + deal["stock"][-1:]
    else:
        deal["trump"] = deal["hands"][deal["dealer"]][0]
    with pytest.raises(RecordError) as e:
        replay(record)
    assert e.value.event == 1


def test_every_single_event_change_is_refused_or_harmless():
    record = a_record(4, seed=8)
    rng = random.Random(2)
    refused = 0
    for _ in range(40):
        bad = copy.deepcopy(record)
        i = rng.randrange(1, len(bad["events"]))
        ev = bad["events"][i]
        if ev["type"] in ("attack", "draw"):
            ev["cards"] = [NAMES[rng.choice(DECK)]]
        elif ev["type"] == "defend":
            ev["card"] = NAMES[rng.choice(DECK)]
        elif ev["type"] == "bout_end":
            ev["result"] = "beaten" if ev["result"] == "taken" else "taken"
        else:
            ev["player"] = (ev.get("player", 0) or 0) + 1
        if bad == record:
            continue
        try:
            replay(bad)
        except RecordError as e:
            # refused at the changed event, or (where the change is itself a move the rules
            # allow) at the first later event that can no longer be right: all before it replays
            assert e.event is not None and e.event >= i + 1
            replay(dict(bad, events=bad["events"][:e.event - 1]))
            refused += 1
        else:  # only an informational pass by another attacker may still be valid
            assert ev["type"] == "pass"
    assert refused >= 30
