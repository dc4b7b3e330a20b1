"""Hard's follows by a learned policy (``gurka_ai.FOLLOW_BY_POLICY``): with enough cards in
hand Hard follows a trick with the policy's move and no search; it still searches its
leads, and its follows once its hand is short."""

import random

from game.ai import search
from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gurka_info
from game.ai.learned import network as learned
from game.ai.learned import table as learned_table
from game.engine import new_game
from game.engine.cards import INDEX

OUTSIDE = {"optional_lowest": True, "no_ace_on_ace": True, "hand_size": 6}


def test_hard_follows_by_the_policy_while_its_hand_is_long(monkeypatch):
    monkeypatch.setattr(gurka_ai, "FOLLOW_BY_POLICY", 4)
    searched = []
    real = search.run

    def spy(parts, cands, rng, **kw):
        searched.append(len(parts.k.hand))
        return real(parts, cands, rng, **kw)
    monkeypatch.setattr(search, "run", spy)
    follows = leads = short = 0
    for seed in (1, 2):
        state = new_game("agurk-no", 3, OUTSIDE, seed=seed)
        rng = random.Random(seed)
        while (s := state.to_act()) is not None:
            legal = state.legal_actions()
            view = state.view(s)
            k = gurka_info.read_view(view, read_style=True)
            distinct = {tuple(sorted(k.S[INDEX[c]] for c in a["cards"])) for a in legal
                        if a["type"] == "play"}
            if legal[0]["type"] == "play" and len(distinct) > 1:
                before = len(searched)
                action = gurka_ai.choose_hard(view, legal, rng, iterations=30, time_budget=None)
                if k.trick and len(k.hand) >= 4:
                    follows += 1
                    assert len(searched) == before          # no search
                    moves = [tuple(INDEX[c] for c in a["cards"]) for a in legal]
                    pick = learned_table.policy().best(learned.situation_from_knowledge(k),
                                                       learned.distinct(moves, k.S))
                    assert sorted(action["cards"]) == sorted(learned.names(pick))
                else:
                    leads += not k.trick
                    short += bool(k.trick)
                    assert len(searched) == before + 1      # searched
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
    assert follows >= 5 and leads >= 5 and short >= 3
