"""A family part and a family's decision are handed a board and cues
(:mod:`game.ui.table.board`), never the scene: built from those alone, the part shows a
whole game's events from one seat's view, writes the move log and cues its sounds and
overlays; the decision builds the buttons and the prompt and sends what is chosen."""

from __future__ import annotations

import random

import pytest

from game.engine import new_game
from game.engine.public import new_table
from game.ui.table.board import Board, Cues
from game.ui.table.durak_decision import DurakDecision
from game.ui.table.durak_part import DurakPart
from game.ui.table.gurka_decision import GurkaDecision
from game.ui.table.gurka_part import GurkaPart
from game.ui.table.layout import Layout
from game.ui.table.timeline import Timeline


class Places:
    """The renderer's places, as far as an animation asks for them (every card flies
    to and from the seats' panels)."""

    def __init__(self, board: Board):
        self.board = board

    def fixed(self, pos):
        lay = self.board.lay
        fx, fy = lay.frac(pos)
        return lambda: (fx * lay.size[0], fy * lay.size[1], lay.small_w)

    def hand_target(self, seat: int, card):
        return self.fixed(self.board.lay.seat_pos(seat))

    def card_source(self, seat: int, cards):
        return [self.board.lay.seat_pos(seat) for _c in cards]


def _play(rules: str, n: int, seed: int):
    state = new_game(rules, n, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        if state.to_act() < 0:
            state.resolve_chance()
            continue
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("rules,part_type", [("gurka-se", GurkaPart), ("durak", DurakPart)])
def test_a_part_shows_a_whole_game_from_a_board_and_cues(rules, part_type, app):
    state = _play(rules, 3, seed=5)
    events = state.view(0)["events"]
    players = [{"name": f"P{i}", "seat": "human" if i == 0 else "ai:normal"} for i in range(3)]
    board = Board(rules=rules, players=players, humans=[0], viewer=0, session={"game": 1},
                  settings=app.settings, timeline=Timeline(),
                  model=new_table(rules, state.options, players, 1))
    board.lay = Layout((1024, 640), 3, 0, pairs=part_type.holds_pairs)
    shown = [0]
    said = {"sounds": [], "events": [], "over": 0, "redraws": 0}
    cues = Cues(sound=said["sounds"].append, speed=lambda: 1.0,
                redraw=lambda: said.__setitem__("redraws", said["redraws"] + 1),
                coming=lambda: events[shown[0]:shown[0] + 1],    # as played: one event ahead
                raise_event=lambda kind, **data: said["events"].append(kind),
                game_over=lambda: said.__setitem__("over", said["over"] + 1))
    part = part_type(board, cues, Places(board))
    while shown[0] < len(events):
        ev = events[shown[0]]
        shown[0] += 1
        part.show(ev)
        board.timeline.skip()
        board.timeline.advance(10_000)
        part.settled()
    assert board.model.winners is not None
    assert said["over"] == 1                  # the end of the game, once
    assert said["sounds"][:2] == ["shuffle", "deal"] and "play" in said["sounds"]
    assert said["redraws"] >= len([e for e in events if hasattr(part, "on_" + e["type"])])
    if rules == "gurka-se":
        assert "deal_scored" in said["events"]
        assert board.model.hands[1] is None or not board.model.hands[1]   # another hand: never seen
    texts = [e.text for e in board.log.entries]
    assert texts and all(isinstance(t, str) and t for t in texts)
    title, lines = part.result()
    assert title and lines


def test_a_decision_goes_through_its_cues(app):
    state = new_game("gurka-se", 3, seed=3)
    while state.to_act() < 0:
        state.resolve_chance()
    seat = state.to_act()
    players = [{"name": f"P{i}", "seat": "human"} for i in range(3)]
    board = Board(rules="gurka-se", players=players, humans=[seat], viewer=seat, session={"game": 1},
                  settings=app.settings, timeline=Timeline(),
                  model=new_table("gurka-se", state.options, players, 1))
    for ev in state.view(seat)["events"]:
        board.model.apply(ev)
    sent = []
    decision = GurkaDecision(board, Cues(to_act=lambda: seat, do=sent.append))
    legal = state.legal_actions()
    assert decision.prompt(legal)
    buyback = [{"type": "buyback"}, {"type": "pass"}]
    buttons = decision.buttons(buyback)
    assert [b.name for b in buttons] == ["buyback", "pass"]
    buttons[1].on_click()
    assert sent == [{"type": "pass"}]
    durak = DurakDecision(board, Cues(do=sent.append))
    buttons = durak.buttons([{"type": "take"}, {"type": "defend", "attack": "7S", "card": "8S"}])
    assert [b.name for b in buttons] == ["take"]
    buttons[0].on_click()
    assert sent[-1] == {"type": "take"}


def test_the_prompt_is_said_from_the_board_and_the_facts_handed_to_it(app):
    from game.ui.table.prompt import prompt_for
    players = [{"name": n, "seat": "human" if i == 0 else "net"} for i, n in enumerate(("Du", "Anna", "Bo"))]
    board = Board(rules="gurka-se", players=players, humans=[0], viewer=0, session={"game": 1},
                  settings=app.settings, timeline=Timeline(),
                  model=new_table("gurka-se", {}, players, 1))
    decision = GurkaDecision(board, Cues())
    facts = {"mine": False, "busy": False, "lost": False, "legal": []}
    assert prompt_for(board, decision, 1, **facts) == "Anna is thinking…"
    assert prompt_for(board, decision, 1, **{**facts, "lost": True}) == "Anna lost the connection"
    assert prompt_for(board, decision, 1, **{**facts, "busy": True}) == ""
    board.model.hands[0] = ["7S"]
    only = [{"type": "play", "cards": ["7S"]}]
    assert prompt_for(board, decision, 0, **{**facts, "mine": True, "legal": only}).startswith("Your last card")
    board.finished = True
    assert prompt_for(board, decision, 0, **{**facts, "mine": True, "legal": only}) == ""
