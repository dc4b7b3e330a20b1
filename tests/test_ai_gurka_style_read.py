"""Hard's closer reading of the others' plays (gurka_info.Knowledge(read_style=True)).

Where a lowest card is always allowed, a seat that plays the rollout policy leads its
strongest card; Hard caps what such a seat can hold accordingly, and draws its softer
inferences only from seats whose read style is the policy's.
"""

import random

from game.ai.gurka import info as gi
from game.engine import new_game
from game.engine.cards import names

RULES, OPTS = "gurka-is", {"multi_lead": False}


def _lead_highest(seed):
    st = new_game(RULES, 3, OPTS, seed=seed)
    leader = st.to_act()
    card = max(st.hands[leader], key=lambda c: st.S[c])
    st.apply({"type": "play", "cards": names([card])})
    return st, leader, card


def test_a_single_lead_caps_the_leader_at_that_card_for_hard_only(monkeypatch):
    # a fresh game: no kinds seen yet, so the kind gate (test_ai_gurka_kinds) is set aside
    monkeypatch.setattr(gi, "KIND_GATE", 0.0)
    st, leader, card = _lead_highest(3)
    view = st.view(st.to_act())
    hard = gi.read_view(view, read_style=True)
    assert hard.cap[leader] == st.S[card]
    assert leader not in gi.read_view(view).cap          # Normal reads as before
    rng = random.Random(1)
    for _ in range(20):
        hands = gi.sample_hidden(hard, rng).hands
        assert max(st.S[c] for c in hands[leader]) <= st.S[card]


def test_no_softer_inference_from_a_seat_not_read_as_playing_the_policy(monkeypatch):
    st, leader, card = _lead_highest(3)
    view = st.view(st.to_act())
    # nobody's deals are finished yet: every seat counts as the prior (0.6)
    monkeypatch.setattr(gi, "KIND_GATE", 0.0)
    monkeypatch.setattr(gi, "STYLE_GATE", 0.61)
    assert gi.read_view(view, read_style=True).cap == {}
    monkeypatch.setattr(gi, "STYLE_GATE", 0.59)
    assert gi.read_view(view, read_style=True).cap[leader] == st.S[card]
