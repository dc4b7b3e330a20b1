"""Hard's tree over its own later decisions (game.ai.gurka.tree, gurka_ai.TREE)."""

import random

import pytest

from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import tree as gurka_tree
from game.engine import new_game
from game.engine.cards import INDEX

RULES = [("agurk-no", 3), ("gurka-se", 4), ("agurk-dk", 3), ("gurka-is", 3)]


def _decisions(rules, n, seed, count=4):
    """Positions where the seat to act has a choice of plays, from a game of Normal seats."""
    st = new_game(rules, n, {}, seed=seed)
    rng = random.Random(seed)
    out = []
    while st.to_act() is not None and len(out) < count:
        s = st.to_act()
        legal = st.legal_actions()
        keys = {tuple(sorted(st.S[INDEX[c]] for c in a.get("cards", []))) for a in legal}
        if legal[0]["type"] == "play" and len(keys) > 1 and len(st.hands[s]) >= 4:
            out.append((st.view(s), legal))
        st.apply(gurka_ai.choose_normal(st.view(s), legal, rng))
    return out


def _trees(monkeypatch):
    made = []
    real = gurka_tree.OwnTree.__init__

    def init(self, *a, **kw):
        real(self, *a, **kw)
        made.append(self)
    monkeypatch.setattr(gurka_tree.OwnTree, "__init__", init)
    monkeypatch.setattr(gurka_ai, "TREE", True)
    return made


@pytest.mark.parametrize("rules,n", RULES)
def test_a_tree_whose_nodes_never_open_is_the_flat_search(monkeypatch, rules, n):
    """Until a node has been reached ``TREE_VISITS`` times the seat plays the heuristic
    there, exactly as the flat search's play-outs do: with nodes that never open, the
    search gives every candidate the same values and picks the same move."""
    for view, legal in _decisions(rules, n, seed=3):
        flat, tree = {}, {}
        a = gurka_ai.choose_hard(view, legal, random.Random(5), iterations=300,
                                 time_budget=None, stats=flat)
        monkeypatch.setattr(gurka_ai, "TREE", True)
        monkeypatch.setattr(gurka_ai, "TREE_VISITS", 10 ** 9)
        b = gurka_ai.choose_hard(view, legal, random.Random(5), iterations=300,
                                 time_budget=None, stats=tree)
        monkeypatch.setattr(gurka_ai, "TREE", False)
        assert a == b
        assert flat["means"] == tree["means"] and flat["counts"] == tree["counts"]


@pytest.mark.parametrize("coarse", [False, True])
@pytest.mark.parametrize("rules,n", RULES)
def test_a_node_offers_the_same_moves_in_every_deal(monkeypatch, rules, n, coarse):
    """A node is one of the seat's later decisions known by what is public: its moves must
    not depend on the hidden cards of the deal drawn; and every pass through a node is
    counted once in the statistics of one of its moves."""
    made = _trees(monkeypatch)
    monkeypatch.setattr(gurka_ai, "TREE_COARSE", coarse)
    monkeypatch.setattr(gurka_ai, "TREE_VISITS", 3)
    offered: dict = {}
    real = gurka_tree.OwnTree._select

    def select(self, node, moves):
        keys = sorted(gurka_tree.gp.move_key(m, self.S) for m in moves)
        assert offered.setdefault(id(node), keys) == keys
        return real(self, node, moves)
    monkeypatch.setattr(gurka_tree.OwnTree, "_select", select)
    for view, legal in _decisions(rules, n, seed=7, count=3):
        gurka_ai.choose_hard(view, legal, random.Random(2), iterations=600, time_budget=None)
    assert offered
    assert made
    for tree in made:
        for visits, stats in tree.nodes.values():
            assert visits == sum(c for c, _ in stats.values())
    # a node past its visit count has tried each of its moves (untried moves first)
    tried = [len(tree.nodes[k][1]) for tree in made for k in tree.nodes
             if tree.nodes[k][0] >= 8]
    assert tried and max(tried) > 1


def test_the_tree_is_not_used_for_an_exchange(monkeypatch):
    """After an exchange the seat's own hand differs from deal to deal, so a node would
    not stand for one decision: an exchange is weighed by the flat search."""
    made = _trees(monkeypatch)
    st = new_game("gurka-is7", 3, {}, seed=2)
    while st.to_act() is not None and st.legal_actions()[0]["type"] != "exchange":
        st.apply(st.legal_actions()[0])
    s = st.to_act()
    assert s is not None
    gurka_ai.choose_hard(st.view(s), st.legal_actions(), random.Random(1), iterations=60,
                         time_budget=None)
    assert made and all(not t.nodes for t in made)

