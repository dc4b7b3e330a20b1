"""The public fold (game.engine.public) against the state machines' own state.

Random legal games of every ruleset: after every event the folded table of the full record
and of each seat's view agrees with the engine on everything public, and a view's table
never holds another seat's hidden cards."""

import random

import pytest

from game.engine import CHANCE, DURAK, find_ruleset, new_game, rulesets
from game.engine.cards import NAMES
from game.engine.public import new_table, table_of

GURKA_IDS = [r.id for r in rulesets() if r.family is not DURAK]
DURAK_IDS = [r.id for r in rulesets() if r.family is DURAK]


def _games(rules, count, seed0=0):
    entry = find_ruleset(rules)
    for g in range(count):
        rng = random.Random(seed0 + g)
        n = rng.randint(*entry.players)
        if entry.family is not DURAK:
            n = min(n, 52 // entry.options["hand_size"])
        opts = {"limit": 12} if "limit" in entry.options and not entry.options["rounds"] else {}
        st = new_game(rules, n, opts, seed=seed0 + g, game=1 + g % 2)
        yield st, rng


def _check_gurka(st, table, seat=None):
    assert table.totals == [st.totals[s] for s in range(st.n)]
    assert table.out == st.out
    assert table.pot == st.pot
    assert table.deals == st.deals
    for s in range(st.n):
        if s in st.in_deal:
            assert table.counts[s] == len(st.hands[s])
        if s not in st.in_deal:
            assert table.hands[s] is None and not table.in_deal[s]
        elif seat is None or s == seat:
            assert sorted(table.hands[s]) == sorted(NAMES[c] for c in st.hands[s])
        else:
            assert table.hands[s] is None
    if st.options["score_piles"]:
        assert [sorted(p) for p in table.piles] == [sorted(NAMES[c] for c in p) for p in st.piles]
    live = [] if table.trick_over() else table.trick
    assert [(s, cs) for s, cs in live] == [(s, [NAMES[c] for c in cs]) for s, cs in st.trick]
    best = table.set_to_match()
    if st.trick and len(st.trick[0][1]) > 1:
        # the set the table marks to match is the engine's strongest so far
        assert live[best][0] == st.best_seat
        assert table.set_key(live[best][1]) == st.best_key
    else:
        assert best is None


@pytest.mark.parametrize("rules", GURKA_IDS)
def test_gurka_fold_matches_engine(rules):
    for st, rng in _games(rules, 6):
        full = new_table(st.rules, st.options, st.players)
        views = {s: new_table(st.rules, st.options, st.players) for s in range(st.n)}
        shown = 0
        while True:
            while shown < len(st.events):
                full.apply(st.events[shown])
                shown += 1
            _check_gurka(st, full)
            seat = st.to_act()
            if seat is None:
                break
            if seat >= 0 and rng.random() < 0.3:
                v = st.view(seat)
                vt = table_of(v)
                _check_gurka(st, vt, seat)
                if st.phase == "play":
                    req = vt.requirement()
                    trick = st.trick
                    if trick and len(trick[0][1]) == 1:
                        assert req.card is not None
                    elif not trick:
                        assert req.code in ("lead", "lead_lowest")
            st.random_step(rng)
        assert full.winners == st.winners
        assert len(full.sheet) == st.deals
        assert all(len(r.penalties) == st.n for r in full.sheet)
        del views


def test_gurka_sheet_rows_follow_score_events():
    st = new_game("gurka-is", 3, {}, seed=5)
    rng = random.Random(5)
    while not st.is_over():
        st.random_step(rng)
    table = table_of(st.record())
    scores = [e for e in st.events if e["type"] == "score"]
    assert [r.penalties for r in table.sheet] == [e["penalties"] for e in scores]
    assert [r.totals for r in table.sheet] == [e["totals"] for e in scores]
    for row in table.sheet:
        assert sum(1 for p in row.penalties if p) == len(row.losers)


def _check_durak(st, table, seat=None):
    assert table.stock == len(st.stock)
    assert table.discard == len(st.discard)
    assert table.out == st.out
    for s in range(st.n):
        assert table.counts[s] == len(st.hands[s])
        for c in table.known[s]:
            assert c in [NAMES[x] for x in st.hands[s]]
        if seat is not None and s != seat:
            assert table.hands[s] is None
        else:
            assert sorted(table.hands[s]) == sorted(NAMES[c] for c in st.hands[s])
    on_table = [(NAMES[a], NAMES[b] if b >= 0 else None) for a, b in zip(st.att, st.beat)]
    assert [tuple(p) for p in table.pairs] == on_table
    if st.phase in ("bout", "lead") and st.att:
        assert table.attacker == st.opener
        assert table.defender == st.defender
    if st.phase == "lead":
        nb = table.next_bout()
        if nb is not None:
            assert nb == (st.opener, st.defender)
        else:
            assert st.game == 1 and not table.bouts


@pytest.mark.parametrize("rules", DURAK_IDS)
def test_durak_fold_matches_engine(rules):
    predicted = 0
    for st, rng in _games(rules, 12):
        full = new_table(st.rules, st.options, st.players, game=st.game)
        shown = 0
        while True:
            while shown < len(st.events):
                full.apply(st.events[shown])
                shown += 1
            seat = st.to_act()
            if seat != CHANCE:
                _check_durak(st, full)
                if st.phase == "lead" and full.next_bout() is not None:
                    predicted += 1
            if seat is None:
                break
            if seat >= 0 and rng.random() < 0.3:
                _check_durak(st, table_of(st.view(seat)), seat)
            st.random_step(rng)
        assert full.over and (full.loser == st.loser)
    assert predicted > 20
