"""The one click model (game/ui/table/input.py) checked against the legal actions of every
ruleset at many decisions: a click plays a card only when that card alone is a complete
legal move and starts no multi-card move; otherwise it selects, and a second click on a
selected card (or Play) plays; lit cards are exactly those that can still complete a legal
move; a selection that is no legal move is never played."""

import copy
import random

import pytest

from game.engine import new_game
from game.engine.registry import find_ruleset, ruleset_ids
from game.ui.table.input import CARD_MOVES, Selection, cards_of

OPTIONS = {"gurka-is7": {"rounds": 3}}


def decisions(rules, seed, most=60):
    """(state, legal) at the decisions of one random game (a copy of each state)."""
    n = find_ruleset(rules).default_players
    state = new_game(rules, n, OPTIONS.get(rules), seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over() and len(out) < most:
        legal = state.legal_actions()
        if not legal:
            break
        out.append((copy.deepcopy(state), legal))
        state.apply(rng.choice(legal))
    return out


def same(a, b) -> bool:
    return a["type"] == b["type"] and sorted(cards_of(a)) == sorted(cards_of(b)) and \
        a.get("attack") == b.get("attack")


@pytest.mark.parametrize("rules", ruleset_ids())
def test_a_click_plays_exactly_the_complete_single_moves(rules):
    seen_select = seen_play = 0
    for seed in (1, 2):
        for _state, legal in decisions(rules, seed):
            for card in {c for a in legal for c in cards_of(a)}:
                sel = Selection()
                got = sel.click_card(card, legal)
                moves = [a for a in legal if card in cards_of(a)]
                if any(a["type"] == "exchange" for a in legal):
                    assert got is None and sel.cards == [card]      # exchanges are chosen, then confirmed
                    continue
                defends = [a for a in moves if a["type"] == "defend"]
                if defends:
                    if len({a["attack"] for a in defends}) == 1:
                        assert got is not None and same(got, defends[0])
                    else:
                        assert got is None and sel.defend_with == card
                    continue
                passes = [a for a in moves if a["type"] == "transfer"]
                if passes:        # transfer Durak: a card that only passes the attack on does it
                    assert got is not None and same(got, passes[0]), (rules, card, legal)
                    seen_play += 1
                    continue
                alone = [a for a in moves if a["type"] in CARD_MOVES and len(a["cards"]) == 1]
                multi = [a for a in moves if a["type"] in CARD_MOVES and len(a["cards"]) > 1]
                if alone and not multi:
                    assert got is not None and same(got, alone[0]), (rules, card, legal)
                    seen_play += 1
                else:
                    assert got is None and sel.cards == [card], (rules, card, legal)
                    seen_select += 1
                    # a second click on the chosen card plays it when it is a move by itself
                    again = sel.click_card(card, legal)
                    assert (again is not None) == bool(alone)
    assert seen_play
    if rules.startswith("gurka-is") or rules == "durak":
        assert seen_select            # multi-card leads / attacks exist here


@pytest.mark.parametrize("rules", ruleset_ids())
def test_every_multi_card_move_is_reachable_and_nothing_else(rules):
    rng = random.Random(5)
    checked = 0
    for state, legal in decisions(rules, 3):
        for action in [a for a in legal if a["type"] in CARD_MOVES and len(a["cards"]) > 1]:
            sel = Selection()
            for c in action["cards"]:
                assert sel.click_card(c, legal) is None          # choosing, not playing
                lit = sel.lit(legal)
                # lit: exactly the cards of the moves that contain the selection
                want = {x for a in legal if a["type"] in CARD_MOVES and set(sel.cards) <= set(a["cards"])
                        for x in a["cards"]}
                assert lit == want
            done = sel.complete(legal)
            assert done is not None and same(done, action)
            played = sel.click_card(action["cards"][0], legal)   # the second click plays
            assert played is not None and same(played, action)
            trial = copy.deepcopy(state)
            trial.apply(played)                                  # the engine takes it
            checked += 1
        # a card that goes with no chosen card starts the selection again
        cards = sorted({c for a in legal if a["type"] in CARD_MOVES for c in a["cards"]})
        if len(cards) >= 2:
            sel = Selection()
            for c in rng.sample(cards, min(3, len(cards))):
                sel.click_card(c, legal)
                if sel.cards:
                    assert any(set(sel.cards) <= set(a["cards"]) for a in legal if a["type"] in CARD_MOVES)
            if sel.cards and sel.complete(legal) is None:
                assert all(sorted(a.get("cards", [])) != sorted(sel.cards) for a in legal)
    if rules in ("gurka-is", "gurka-is7", "durak"):
        assert checked


def test_exchanges_are_a_selection_confirmed_by_the_button():
    for _state, legal in decisions("gurka-is7", 4, most=5):
        if not any(a["type"] == "exchange" for a in legal):
            continue
        sel = Selection()
        assert sel.complete(legal)["discard"] == []                     # keep every card
        first = next(a for a in legal if a["type"] == "exchange" and len(a["discard"]) == 2)
        for c in first["discard"]:
            assert sel.click_card(c, legal) is None
        assert sorted(sel.complete(legal)["discard"]) == sorted(first["discard"])
        return
    pytest.fail("no exchange decision")
