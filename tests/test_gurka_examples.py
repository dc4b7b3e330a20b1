"""The seeds' worked examples (quoted in RULES.md), each also under the variant
that changes its outcome."""

import pytest

from game.engine import IllegalActionError
from gurka_helpers import dealt, legal_cards, play

# Seed 000: P1 leads K, P2 K, P3 (no A or K) plays his lowest 3, P4 holds Q 7 2.
SE_HANDS = [["KH", "4C", "5C"], ["KS", "8D", "9D"], ["3C", "JH", "TH"], ["QD", "7S", "2H"]]


def test_swedish_example_previous_reference():
    s = dealt("gurka-se", SE_HANDS)
    play(s, "KH", "KS")
    assert legal_cards(s) == ["3C"]          # cannot reach K: lowest card
    play(s, "3C")
    assert legal_cards(s) == ["7S", "QD"]    # must reach the 3: Q or 7, not the 2
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "play", "cards": ["2H"]})
    assert e.value.code == "must_reach"
    play(s, "7S")
    assert s.events[-1] == {"type": "trick", "winner": 1}   # the later king


def test_swedish_example_highest_reference():
    s = dealt("gurka-se", SE_HANDS, reference="highest")
    play(s, "KH", "KS", "3C")
    assert legal_cards(s) == ["2H"]          # the K is still the card to reach


def test_swedish_example_optional_lowest():
    s = dealt("gurka-se", SE_HANDS, optional_lowest=True)
    play(s, "KH", "KS", "3C")
    assert legal_cards(s) == ["2H", "7S", "QD"]


# Seed 004: Anne (0), Bjørn (1), Camilla (2) clockwise.
def test_norwegian_trick_two_lowest_after_ace():
    # dealer Bjørn (1): Camilla (2) is forehand and leads
    s = dealt("agurk-no", [["AH", "5S"], ["3D", "KC"], ["QS", "9H"]], dealer=1)
    play(s, "QS", "AH")
    assert legal_cards(s) == ["3D"]          # nothing reaches the ace: lowest
    s2 = dealt("agurk-no", [["AH", "5S"], ["3D", "KC"], ["QS", "9H"]], dealer=1,
               reference="previous")
    play(s2, "QS", "AH")
    assert legal_cards(s2) == ["3D"]


def test_norwegian_trick_five_later_equal_rank_wins():
    s = dealt("agurk-no", [["8H", "4C"], ["7D", "5C"], ["8S", "TD"]], dealer=0)
    play(s, "7D", "8S", "8H")
    assert s.events[-1] == {"type": "trick", "winner": 0}   # Anne's 8 came last


def test_norwegian_last_trick_scoring():
    s = dealt("agurk-no", [["4H"], ["5C"], ["TD"]], dealer=0)
    play(s, "5C", "TD", "4H")
    score = [e for e in s.events if e["type"] == "score"][0]
    assert score["penalties"] == [0, 0, 10]
    assert score["totals"] == [0, 0, 10]


def test_last_trick_tie_all_versus_last():
    hands = [["9H"], ["9C"], ["4D"]]
    s = dealt("agurk-no", hands, dealer=2)
    play(s, "9H", "9C", "4D")
    assert [e for e in s.events if e["type"] == "score"][0]["penalties"] == [9, 9, 0]
    s = dealt("agurk-no", hands, dealer=2, tie_rule="last")
    play(s, "9H", "9C", "4D")
    assert [e for e in s.events if e["type"] == "score"][0]["penalties"] == [0, 9, 0]


# Seed 003: Icelandic multi-card leads. Anna 8-8, Baldur 9-Q, Katrín 10-K ok, 5-A not.
def test_icelandic_multi_card_example():
    s = dealt("gurka-is", [["8H", "8S", "2C", "3C"], ["9C", "QD", "3S", "4S"],
                           ["TD", "KH", "5S", "AC"]], dealer=2)
    play(s, "8H 8S", "9C QD")
    legal = legal_cards(s)
    assert "TD KH" in legal or "KH TD" in legal
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "play", "cards": ["5S", "AC"]})
    assert e.value.code == "must_match_or_lowest"
    # her two lowest cards are always allowed: 5 and 10
    assert "5S TD" in legal or "TD 5S" in legal


def test_icelandic_may_not_lead_whole_hand():
    s = dealt("gurka-is", [["8H", "8S"], ["9C", "QD"]], dealer=1)
    assert legal_cards(s) == ["8H", "8S"]
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "play", "cards": ["8H", "8S"]})
    assert e.value.code == "keep_last_card"


def test_six_of_clubs_is_top_and_costs_21():
    s = dealt("gurka-is", [["6C"], ["AS"]], dealer=1)
    play(s, "6C", "AS")
    score = [e for e in s.events if e["type"] == "score"][0]
    assert score["penalties"] == [21, 0]
    assert score["totals"] == [0, 0]          # exactly 21 resets to zero
    assert s.piles[0] == []


def test_icelandic_above_21_is_out():
    s = dealt("gurka-is", [["KC"], ["2S"]], dealer=1)
    s.totals[0] = 10
    play(s, "KC", "2S")
    assert {"type": "out", "player": 0} in s.events
    assert s.is_over() and s.outcome().winners == (1,)
