"""Property tests: random legal play over rulesets x variants x player counts."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine import CHANCE, IllegalActionError, new_game, replay
from game.engine.cards import INDEX, NAMES
from game.engine.registry import find_ruleset
from game.engine.rulesets import effective_options

GURKA = ["gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7"]


@st.composite
def setups(draw):
    rules = draw(st.sampled_from(GURKA))
    lo, hi = find_ruleset(rules).players
    n = draw(st.integers(lo, hi))
    opts = {}
    for key, values in [("reference", ["previous", "highest"]), ("optional_lowest", [False, True]),
                        ("no_ace_on_ace", [False, True]), ("lead_lowest", [False, True]),
                        ("nearest_above", [False, True]), ("twos_rule", [False, True]),
                        ("multi_lead", [False, True]), ("tie_rule", ["all", "last"]),
                        ("ace_value", [14, 1]), ("lives", [0, 0, 3]),
                        ("buyback", ["none", "stake", "free", "worst"]), ("limit", [20, 21, 30])]:
        if draw(st.booleans()):
            opts[key] = draw(st.sampled_from(values))
    if rules in ("gurka-se", "agurk-dk", "agurk-no"):
        opts["hand_size"] = draw(st.sampled_from([5, 6, 7]))
    try:
        effective_options(rules, opts, n)
    except ValueError:
        assume(False)
    return rules, n, opts, draw(st.integers(0, 10_000))


def deal_cards_accounted(state):
    """Every card is in exactly one place: hand, stock, score pile, or played/discarded."""
    since = []
    for e in reversed(state.events):
        if e["type"] == "deal":
            break
        if e["type"] == "play":
            since.extend(e["cards"])
        elif e["type"] == "exchange":
            since.extend(e["discard"])
    cards = [NAMES[c] for h in state.hands for c in h] + [NAMES[c] for c in state.stock]
    piles = [NAMES[c] for p in state.piles for c in p]
    if state.phase in ("play", "exchange"):
        everything = cards + piles + since
        assert len(everything) == 52 and len(set(everything)) == 52


def check_totals(state):
    o = state.options
    totals = [0] * state.n
    for e in state.events:
        if e["type"] == "score":
            for s, pen in enumerate(e["penalties"]):
                if pen is None:
                    continue
                t = totals[s] + pen
                if o["out_rule"] == "exceed" and not o["lives"] and o["rounds"] is None and t == o["limit"]:
                    t = 0
                assert e["totals"][s] == t
                totals[s] = t
        elif e["type"] == "buyback":
            totals[e["player"]] = e["points"]


def random_bad_action(rng, state):
    kind = rng.choice(["play", "exchange", "buyback", "pass", "junk"])
    cards = rng.sample(NAMES, rng.randint(0, 3))
    if kind == "play":
        return {"type": "play", "cards": cards}
    if kind == "exchange":
        return {"type": "exchange", "discard": cards}
    if kind == "junk":
        return rng.choice([{}, {"type": 3}, {"type": "play", "cards": "AH"}, "x", None])
    return {"type": kind}


def normal(action):
    if not isinstance(action, dict):
        return None
    out = dict(action)
    for key in ("cards", "discard"):
        if isinstance(out.get(key), list):
            out[key] = sorted(out[key])
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_play_keeps_invariants(setup):
    rules, n, opts, seed = setup
    rng = random.Random(seed)
    state = new_game(rules, n, opts, seed=seed)
    steps = 0
    while not state.is_over():
        steps += 1
        assert steps < 20_000
        seat = state.to_act()
        assert seat != CHANCE  # auto_chance deals at once
        legal = state.legal_actions()
        assert legal
        if rng.random() < 0.15:
            bad = random_bad_action(rng, state)
            if normal(bad) not in [normal(a) for a in legal]:
                before = state.record()
                try:
                    state.apply(bad)
                    raise AssertionError(f"illegal action accepted: {bad}")
                except IllegalActionError:
                    pass
                assert state.record() == before
        state.apply(rng.choice(legal))
        deal_cards_accounted(state)
        if state.phase == "play" and state.trick:
            played = {s for s, _ in state.trick}
            sizes = {len(state.hands[s]) + (1 if s in played else 0) * len(state.trick[0][1])
                     for s in state.in_deal}
            assert len(sizes) == 1
    overs = [e for e in state.events if e["type"] == "game_over"]
    assert len(overs) == 1 and state.events[-1] == overs[0]
    winners = overs[0]["winners"]
    assert winners and all(0 <= w < n for w in winners)
    if opts.get("rounds", state.options["rounds"]) is None:
        assert not any(state.out[w] for w in winners)
    check_totals(state)
    again = replay(state.record())
    assert again.events == state.events


def test_cards_names_roundtrip():
    assert all(NAMES[INDEX[nm]] == nm for nm in NAMES)
