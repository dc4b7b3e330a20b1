"""Hard's closer reading of the others' plays (gurka_info.Knowledge(read_style=True)).

A seat that plays the rollout policy leads its strongest card and, where a lowest card is
always allowed, plays one below the card to beat only when nothing reaches it; Hard caps
what such a seat can hold accordingly, and only for seats whose read style is the policy's.
"""

import random

from game.ai import gurka_info as gi
from game.engine import new_game
from game.engine.cards import names

RULES, OPTS = "gurka-is", {"multi_lead": False}


def _lead_highest(seed):
    st = new_game(RULES, 3, OPTS, seed=seed)
    leader = st.to_act()
    card = max(st.hands[leader], key=lambda c: st.S[c])
    st.apply({"type": "play", "cards": names([card])})
    return st, leader, card


def test_a_single_lead_caps_the_leader_at_that_card_for_hard_only():
    st, leader, card = _lead_highest(3)
    view = st.view(st.to_act())
    hard = gi.read_view(view, read_style=True)
    assert hard.cap[leader] == st.S[card]
    assert leader not in gi.read_view(view).cap          # Normal reads as before
    rng = random.Random(1)
    for _ in range(20):
        hands = gi.sample_hidden(hard, rng).hands
        assert max(st.S[c] for c in hands[leader]) <= st.S[card]


def _lowest_under_a_lead():
    """A state where the second seat played its lowest card under the lead although it
    held a card that reached it (allowed: optional lowest)."""
    for seed in range(300):
        st = new_game(RULES, 3, OPTS, seed=seed)
        leader = st.to_act()
        lead = min(st.hands[leader], key=lambda c: st.S[c] if st.S[c] >= 8 else 99)
        if st.S[lead] < 8:
            continue
        st.apply({"type": "play", "cards": names([lead])})
        follower = st.to_act()
        hand = st.hands[follower]
        low = min(hand, key=lambda c: st.S[c])
        if st.S[low] >= st.S[lead] or not any(st.S[c] >= st.S[lead] for c in hand):
            continue
        st.apply({"type": "play", "cards": names([low])})
        return st, follower, lead
    raise AssertionError("no seed found")


def test_a_lowest_card_under_the_reference_caps_the_follower_below_it():
    st, follower, lead = _lowest_under_a_lead()
    view = st.view(st.to_act())
    assert gi.read_view(view, read_style=True).cap[follower] == st.S[lead] - 1
    assert follower not in gi.read_view(view).cap


def test_no_softer_inference_from_a_seat_not_read_as_playing_the_policy(monkeypatch):
    st, leader, card = _lead_highest(3)
    view = st.view(st.to_act())
    # nobody's deals are finished yet: every seat counts as the prior (0.6)
    monkeypatch.setattr(gi, "STYLE_GATE", 0.61)
    assert gi.read_view(view, read_style=True).cap == {}
    monkeypatch.setattr(gi, "STYLE_GATE", 0.59)
    assert gi.read_view(view, read_style=True).cap[leader] == st.S[card]
