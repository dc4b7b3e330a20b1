"""AI seats: every level plays every ruleset legally to the end; determinism; fairness."""

import random

import pytest

from game.ai.players import HardPlayer
from game.ai.seats import LEVELS, make_player
from game.engine import new_game, replay

GURKA = [("gurka-se", 4), ("agurk-dk", 4), ("agurk-no", 3), ("gurka-is", 3), ("gurka-is7", 3)]
RULES = GURKA + [("durak", 2), ("durak", 4)]


def _play(rules, n, specs, seed, options=None):
    agents = [make_player(specs[s % len(specs)], seed * 10 + s) for s in range(n)]
    state = new_game(rules, n, options, seed=seed)
    steps = 0
    while state.to_act() is not None:
        s = state.to_act()
        legal = state.legal_actions()
        action = agents[s].choose(state.view(s), legal)
        assert action in legal, (rules, action)
        state.apply(action)
        steps += 1
        assert steps < 20000
    return state


@pytest.mark.parametrize("rules,n", RULES, ids=lambda x: str(x))
def test_every_level_plays_to_the_end(rules, n):
    state = _play(rules, n, ["ai:hard:12", "ai:normal", "ai:easy", "ai:random"], seed=3)
    assert state.outcome() is not None
    assert replay(state.record()).events == state.events


@pytest.mark.parametrize("options", [
    {"buyback": "free"}, {"buyback": "worst", "reference": "highest"}, {"lives": 3},
    {"twos_rule": True, "nearest_above": True, "optional_lowest": True},
    {"lead_lowest": True, "no_ace_on_ace": True}])
def test_gurka_house_options(options):
    state = _play("gurka-se", 4, ["ai:hard:8", "ai:normal", "ai:easy", "ai:normal"], 5, options)
    record = state.record()
    assert {k: record["options"][k] for k in options} == options     # in force in the record
    assert record["events"][-1]["type"] == "game_over" and state.outcome().winners
    assert replay(record).events == state.events      # every decision was legal under them
    if options.get("lives"):
        pens = [p for e in record["events"] if e["type"] == "score" for p in e["penalties"]]
        assert set(pens) - {None} == {0, 1}
        assert max(t for e in record["events"] if e["type"] == "score"
                   for t in e["totals"] if t is not None) == options["lives"]


def test_levels_registered():
    assert {"random", "easy", "normal", "hard"} <= set(LEVELS)
    with pytest.raises(ValueError):
        make_player("ai:nonsense")
    assert make_player("ai:hard:50").iterations == 50


@pytest.mark.parametrize("rules,n", [("gurka-se", 4), ("gurka-is", 3), ("gurka-is7", 3), ("durak", 2)])
def test_fixed_iterations_is_deterministic(rules, n):
    a = _play(rules, n, ["ai:hard:10", "ai:normal"], seed=8)
    b = _play(rules, n, ["ai:hard:10", "ai:normal"], seed=8)
    assert a.events == b.events


def test_hard_respects_its_time_budget():
    state = new_game("gurka-se", 4, seed=1)
    p = HardPlayer(0, time_budget=0.05)
    s = state.to_act()
    p.choose(state.view(s), state.legal_actions())
    assert p.last_stats["seconds"] < 0.5


def test_hard_on_a_long_clock_stops_at_its_rollout_cap():
    from game.ai.gurka.levels import CLOCK_ROLLOUTS
    state = new_game("gurka-se", 4, seed=1)
    p = HardPlayer(0, time_budget=60.0)
    s = state.to_act()
    p.choose(state.view(s), state.legal_actions())
    assert len(p.last_stats["candidates"]) > 2           # a real choice, searched by halving
    assert CLOCK_ROLLOUTS - 2 * len(p.last_stats["candidates"]) <= p.last_stats["iterations"]
    assert p.last_stats["iterations"] <= CLOCK_ROLLOUTS
    assert p.last_stats["seconds"] < 30


# -- fairness ------------------------------------------------------------------------------
def _states_with_choices(rules, n, seed, every=5):
    """(state, seat) pairs from a random game where the seat has a real choice."""
    rng = random.Random(seed)
    state = new_game(rules, n, seed=seed)
    out = []
    i = 0
    while state.to_act() is not None:
        s = state.to_act()
        legal = state.legal_actions()
        if len(legal) > 1:
            i += 1
            if i % every == 0:
                out.append((state.copy(), s))
        state.apply(rng.choice(legal))
    return out


_CARD_FIELDS = ("hands", "stock", "cards", "card", "attack", "discard", "draw")


def _rename(value, perm):
    if isinstance(value, str):
        return perm.get(value, value)
    if isinstance(value, list):
        return [_rename(v, perm) for v in value]
    return value


def _permuted(state, seat, rng):
    """Another real game the seat cannot tell apart: the cards of the current deal that the
    seat never saw (in other hands, the stock, others' exchanges and draws) swapped among
    themselves in the record, which must still replay under the rules."""
    record = state.record()
    events = record["events"]
    start = max(i for i, e in enumerate(events) if e["type"] == "deal")
    shown = set(state.view(seat)["hand"])
    for e in state.view(seat)["events"][start:]:
        for f in _CARD_FIELDS:
            v = e.get(f)
            for x in (v if isinstance(v, list) else [v]):
                shown.update(x if isinstance(x, list) else [x] if isinstance(x, str) else [])
    pool = set()
    for e in events[start:]:
        for f in _CARD_FIELDS:
            v = e.get(f)
            for x in (v if isinstance(v, list) else [v]):
                pool.update(x if isinstance(x, list) else [x] if isinstance(x, str) else [])
    pool = sorted(pool - shown - {e.get("trump") for e in events})
    for _ in range(300):
        moved = list(pool)
        rng.shuffle(moved)
        perm = dict(zip(pool, moved, strict=True))
        rec = dict(record, events=events[:start] + [
            {k: (_rename(v, perm) if k in _CARD_FIELDS else v) for k, v in e.items()}
            for e in events[start:]])
        try:
            return replay(rec)
        except ValueError:
            continue
    raise AssertionError("no permutation found")


@pytest.mark.parametrize("rules,n", GURKA)
def test_permuting_hidden_cards_changes_neither_view_nor_choice(rules, n):
    rng = random.Random(1)
    checked = differed = 0
    for state, seat in _states_with_choices(rules, n, seed=11)[:4]:
        other = _permuted(state, seat, rng)
        hidden_a = [sorted(state.hands[s]) for s in range(n) if s != seat]
        view = state.view(seat)
        assert other.view(seat) == view
        for spec in ("ai:easy", "ai:normal", "ai:hard:16"):
            a = make_player(spec, 42).choose(view, state.legal_actions())
            b = make_player(spec, 42).choose(other.view(seat), other.legal_actions())
            assert a == b
        checked += 1
        differed += [sorted(other.hands[s]) for s in range(n) if s != seat] != hidden_a
    assert checked and differed


def test_durak_permutation_fairness():
    """A Durak game with the unseen cards dealt differently gives the same view and the
    same choices."""
    rng = random.Random(2)
    differed = checked = 0
    for state, seat in _states_with_choices("durak", 3, seed=4, every=6)[:5]:
        view = state.view(seat)
        legal = state.legal_actions()
        other = _permuted(state, seat, rng)
        assert other.view(seat) == view
        differed += [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
        for spec in ("ai:easy", "ai:normal", "ai:hard:16"):
            a = make_player(spec, 7).choose(view, legal)
            b = make_player(spec, 7).choose(other.view(seat), legal)
            assert a == b
        checked += 1
    assert checked and differed


def test_ai_code_never_imports_pygame():
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "game" / "ai"
    for path in root.rglob("*.py"):
        assert "pygame" not in path.read_text(), path
