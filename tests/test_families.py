"""Every family of the registry has its AI and its interface: the one family lookup of each
layer (game/ai/families.py, game/ui/table/families.py) names every family and nothing else."""

from game.engine.registry import FAMILIES, rulesets


def test_every_family_has_its_ai_and_its_interface():
    from game.ai.families import FAMILY_AI, family_ai
    from game.ui.table.families import FAMILY_UI, family_ui
    assert set(FAMILY_AI) == set(FAMILIES) == set(FAMILY_UI)
    for entry in rulesets():
        assert family_ai(entry.id) is FAMILY_AI[entry.family]
        assert family_ui(entry.id) is FAMILY_UI[entry.family]


def test_every_family_builds_its_state_public_table_and_position():
    from game.engine import new_game
    from game.engine.determinize import Position
    for family in FAMILIES:
        entry = rulesets(family)[0]
        state = new_game(entry.id, entry.players[0], seed=1)
        seat = state.to_act()
        pos = Position(state.view(seat), state.legal_actions())
        assert pos.state(pos_assignment(pos), check=True).to_act() == seat


def pos_assignment(pos):
    from game.engine.determinize import Assignment
    pool = list(pos.slots.unseen)
    hands = {}
    for s, k in pos.slots.hands.items():
        hands[s], pool = pool[:k], pool[k:]
    return Assignment(hands, pool[:pos.slots.stock])
