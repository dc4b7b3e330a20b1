"""Variants, scoring, knock-outs, buy-backs and the exchange, one rule at a time."""

import pytest

from game.engine import CHANCE, IllegalActionError, new_game
from gurka_helpers import dealt, legal_cards, play


def test_twos_rule_forces_a_two():
    s = dealt("agurk-dk", [["2H", "5C"], ["2S", "KD"], ["9C", "3D"]], dealer=2, twos_rule=True)
    play(s, "2H")
    assert legal_cards(s) == ["2S"]
    s = dealt("agurk-dk", [["2H", "5C"], ["2S", "KD"], ["9C", "3D"]], dealer=2)
    play(s, "2H")
    assert legal_cards(s) == ["2S", "KD"]


def test_no_ace_on_ace_highest_reference():
    hands = [["AH", "5C"], ["AS", "KD"], ["9C", "3D"]]
    s = dealt("agurk-dk", hands, dealer=2)                 # no_ace_on_ace is on in Danish
    play(s, "AH")
    assert legal_cards(s) == ["KD"]                        # lowest card, not the ace
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "play", "cards": ["AS"]})
    assert e.value.code == "no_ace_on_ace"
    play(s, "KD")
    assert legal_cards(s) == ["3D"]                        # an ace is in the trick
    s = dealt("agurk-dk", hands, dealer=2, no_ace_on_ace=False)
    play(s, "AH")
    assert legal_cards(s) == ["AS"]


def test_no_ace_on_ace_previous_reference_and_all_aces_hand():
    s = dealt("gurka-se", [["AH", "5C"], ["AS", "AD"], ["KC", "3D"]], dealer=2,
              no_ace_on_ace=True)
    play(s, "AH")
    assert legal_cards(s) == ["AD", "AS"]                  # only aces: an ace is played
    play(s, "AS")
    assert legal_cards(s) == ["3D"]


def test_nearest_above():
    s = dealt("agurk-dk", [["7H", "5C", "4C"], ["8S", "QD", "TC"], ["9C", "3D", "2D"]],
              dealer=2, nearest_above=True)
    play(s, "7H")
    assert legal_cards(s) == ["8S"]
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "play", "cards": ["QD"]})
    assert e.value.code == "must_reach_nearest"


def test_lead_lowest():
    s = dealt("gurka-se", [["7H", "5C", "5D"], ["8S", "QD", "TC"], ["9C", "3D", "2D"]],
              dealer=2, lead_lowest=True)
    assert legal_cards(s) == ["5C", "5D"]
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "play", "cards": ["7H"]})
    assert e.value.code == "lead_lowest"


def test_ace_scores_one():
    s = dealt("agurk-dk", [["AH"], ["5C"], ["9D"]], dealer=2, ace_value=1)
    play(s, "AH", "5C", "9D")
    assert [e for e in s.events if e["type"] == "score"][0]["penalties"] == [1, 0, 0]


def test_lives_each_lost_deal_costs_one():
    s = dealt("agurk-dk", [["AH"], ["AC"], ["9D"]], dealer=2, lives=3)
    play(s, "AH", "AC", "9D")
    score = [e for e in s.events if e["type"] == "score"][0]
    assert score["penalties"] == [1, 1, 0] and score["totals"] == [1, 1, 0]


def test_reach_limit_knocks_out_and_game_ends_with_last_player():
    s = dealt("agurk-no", [["AH"], ["5C"], ["9D"]], dealer=2)
    s.totals[:] = [20, 29, 0]
    play(s, "AH", "5C", "9D")
    assert {"type": "out", "player": 0} in s.events
    assert s.to_act() == CHANCE and s.out == [True, False, False]


def test_house_default_everyone_knocked_out():
    s = dealt("agurk-no", [["AH"], ["AC"], ["AD"]], dealer=2)
    s.totals[:] = [20, 25, 16]
    play(s, "AH", "AC", "AD")
    assert s.events[-1] == {"type": "game_over", "winners": [2]}
    outs = [e["player"] for e in s.events if e["type"] == "out"]
    assert sorted(outs) == [0, 1]


def test_swedish_buyback_offered_to_knocked_out_player():
    s = dealt("gurka-se", [["AH"], ["5C"], ["9D"], ["3S"]], dealer=3)
    s.totals[:] = [20, 5, 7, 3]
    play(s, "AH", "5C", "9D", "3S")
    assert s.out[0] and s.to_act() == 0
    assert s.legal_actions() == [{"type": "buyback"}, {"type": "pass"}]
    s.apply({"type": "buyback"})
    assert s.events[-1] == {"type": "buyback", "player": 0, "points": 7}
    assert not s.out[0] and s.pot == 50
    assert s.to_act() == CHANCE


def test_swedish_buyback_needs_three_others():
    s = dealt("gurka-se", [["AH"], ["5C"], ["9D"]], dealer=2)
    s.totals[:] = [20, 5, 7]
    play(s, "AH", "5C", "9D")
    assert s.out[0] and s.to_act() == CHANCE      # only two others: no offer


def test_buyback_only_once():
    s = dealt("gurka-se", [["AH"], ["5C"], ["9D"], ["3S"]], dealer=3, buyback="free")
    s.totals[:] = [20, 5, 7, 3]
    s.bought[0] = True
    play(s, "AH", "5C", "9D", "3S")
    assert s.out[0] and s.to_act() == CHANCE


def test_danish_buy_in_takes_worst_points():
    s = dealt("agurk-dk", [["AH"], ["5C"], ["9D"]], dealer=2, buyback="worst")
    s.totals[:] = [10, 15, 3]
    play(s, "AH", "5C", "9D")
    assert s.to_act() == 0
    s.apply({"type": "buyback"})
    assert s.events[-1] == {"type": "buyback", "player": 0, "points": 15}


def test_exchange_limits_follow_forehand():
    s = new_game("gurka-is7", 3, seed=4)
    first = s.to_act()
    hand = s.hands[first]
    s.apply({"type": "exchange", "discard": [s.view(first)["hand"][0]]})
    assert len(hand) == 7
    nxt = s.to_act()
    two = s.view(nxt)["hand"][:2]
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "exchange", "discard": two})
    assert e.value.code == "exchange_too_many"
    s.apply({"type": "exchange", "discard": []})
    ev = s.events[-1]
    assert ev["type"] == "exchange" and ev["discard"] == [] and ev["draw"] == []


def test_seven_rounds_then_fewest_points_win():
    s = new_game("gurka-is7", 3, seed=9)
    rng = __import__("random").Random(1)
    while not s.is_over():
        s.random_step(rng)
    deals = [e for e in s.events if e["type"] == "deal"]
    assert [len(d["hands"][0]) for d in deals] == [7, 6, 5, 4, 3, 2, 1]
    totals = [e for e in s.events if e["type"] == "score"][-1]["totals"]
    assert s.outcome().winners == tuple(i for i, t in enumerate(totals) if t == min(totals))


def test_sevens_top_in_is7():
    s = dealt("gurka-is7", [["7H"], ["AS"]], dealer=1, exchange=False)
    play(s, "7H", "AS")
    assert [e for e in s.events if e["type"] == "score"][0]["penalties"] == [21, 0]


def test_not_your_turn_and_garbage_actions_change_nothing():
    s = dealt("gurka-se", [["AH", "2C"], ["5C", "3C"], ["9D", "4C"]], dealer=2)
    before = s.record()
    for bad in [None, {}, {"type": "play"}, {"type": "play", "cards": "AH"},
                {"type": "play", "cards": ["ZZ"]}, {"type": "play", "cards": ["5C"]},
                {"type": "play", "cards": ["AH", "2C"]}, {"type": "buyback"},
                {"type": "play", "cards": ["AH"], "player": 1}]:
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        assert s.record() == before


def test_player_limits():
    with pytest.raises(ValueError):
        new_game("agurk-dk", 8, {"hand_size": 7})            # 8 x 7 > 52
    new_game("agurk-dk", 8, {"hand_size": 5})
    with pytest.raises(ValueError):
        new_game("gurka-is", 5)
    with pytest.raises(ValueError):
        new_game("gurka-se", 4, {"score_piles": True})


@pytest.mark.parametrize("rules", ["agurk-dk", "agurk-no"])
def test_eight_players_of_agurk_get_six_cards_each(rules):
    # RULES.md 1.1: at most 52 // hand size players, so eight players get six each
    assert new_game(rules, 8).options["hand_size"] == 6
    assert new_game(rules, 7).options["hand_size"] == 7
    view = new_game(rules, 8, seed=3).view(0)
    assert len(view["hand"]) == 6


def test_views_hide_other_hands():
    s = new_game("gurka-se", 4, seed=3)
    v = s.view(1)
    deal = v["events"][0]
    assert deal["hands"][1] == v["hand"]
    assert all(isinstance(h, int) for i, h in enumerate(deal["hands"]) if i != 1)
    import json
    json.dumps(v)
