"""The table's helpers that draw or decide are handed the board and a narrow view, never the
scene: the renderer (:class:`game.ui.table.view.TableView`) and the forced card
(:class:`game.ui.table.forced.Deciding`) built from those alone draw a hand and play a card."""

from __future__ import annotations

import pygame

from game.engine import new_game
from game.engine.public import new_table
from game.ui.table.board import Board, Cues
from game.ui.table.draw import Renderer
from game.ui.table.forced import AutoPlay
from game.ui.table.gurka_decision import GurkaDecision
from game.ui.table.gurka_part import GurkaPart
from game.ui.table.layout import Layout
from game.ui.table.timeline import Timeline
from game.ui.widgets import WidgetGroup


def _board(app, hand: list[str]) -> Board:
    players = [{"name": f"P{i}", "seat": "human" if i == 0 else "ai:normal"} for i in range(3)]
    board = Board(rules="gurka-se", players=players, humans=[0], viewer=0, session={"game": 1},
                  settings=app.settings, timeline=Timeline(),
                  model=new_table("gurka-se", new_game("gurka-se", 3, seed=3).options, players, 1))
    board.model.hands[0] = list(hand)
    board.model.counts[0] = len(hand)
    board.lay = Layout((1024, 640), 3, 0)
    return board


class View:
    """A table view as plain data: what the renderer reads besides the board."""

    coach = None
    hover_card = None
    hidden = False
    open_hands = False
    shown = 0
    message = ""
    message_color = (255, 255, 255)
    error_until = 0.0
    windows = 0

    def __init__(self, board: Board, hand: list[str]):
        self.part = GurkaPart(board, Cues(), None)
        self.decision = GurkaDecision(board, Cues())
        self.stream = self
        self.action_buttons: list = []
        self.widgets = WidgetGroup([])
        self.hand = hand

    def to_act(self):
        return 1

    def seat_note(self, seat: int) -> str:
        return ""

    def on_top(self) -> bool:
        return True

    def visible_hand(self) -> list[str]:
        return list(self.hand)

    def my_turn(self) -> bool:
        return False

    def busy(self) -> bool:
        return False

    def legal(self) -> list[dict]:
        return []

    def legal_cards(self) -> set[str]:
        return set()

    def prompt(self) -> str:
        return "P1 is thinking"

    def draw_extras(self, surface) -> list:
        return []


def test_the_renderer_draws_a_hand_from_a_board_and_a_view(app):
    hand = ["7S", "KH", "AD"]
    board = _board(app, hand)
    renderer = Renderer(board, View(board, hand))
    fan = renderer.hand_layout()
    assert [c for c, _r in fan] == hand
    surface = pygame.Surface(board.lay.size)
    renderer.draw(surface)
    empty = _board(app, [])
    bare = pygame.Surface(empty.lay.size)
    Renderer(empty, View(empty, [])).draw(bare)
    for _c, r in fan:                       # the cards lie where the fan says, on the felt
        assert surface.get_at(r.center) != bare.get_at(r.center)


class Deciding:
    """The decision up, as plain data: one card that must be played."""

    coach = None
    decision_key = (5, 0)

    def __init__(self, legal: list[dict]):
        self.stream = self
        self.legal = legal
        self.sent: list[dict] = []

    def legal_actions(self) -> list[dict]:
        return self.legal

    def speed(self) -> float:
        return 1.0

    def my_turn(self) -> bool:
        return True

    def do(self, action: dict, seat: int | None = None) -> bool:
        self.sent.append(action)
        return True


def test_a_forced_card_is_played_from_the_board_and_the_decision(app):
    board = _board(app, ["7S"])
    only = [{"type": "play", "cards": ["7S"]}]
    table = Deciding(only)
    board.settings.auto_play = True
    auto = AutoPlay(board, table)
    auto.arm(table.decision_key)
    auto.poll()
    assert auto.pending and table.sent == []          # it waits a moment first
    board.timeline.advance(10_000)
    auto.poll()
    assert table.sent == only and not auto.pending
    board.settings.auto_play = False              # the setting off: the player plays it
    auto.arm(table.decision_key)
    assert not auto.pending
