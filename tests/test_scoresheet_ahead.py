"""The between-deals score sheet is drawn ahead, while the deal's scores count up, and
opens as one picture: the same pixels as the sheet drawn text by text."""

import pygame

from game.ui import scoresheet
from game.ui import theme as T
from game.ui.table import TableScene


def test_the_sheet_is_drawn_ahead_and_looks_as_drawn_in_place(app):
    players = [{"name": f"P{i}", "seat": "ai:random"} for i in range(4)]
    table = TableScene.new(app, "gurka-se", players, {}, seed=5)
    app.manager.push(table)
    app.settings["speed"] = "fast"
    scoresheet._bodies.clear()
    before = set()
    for _ in range(20000):
        before = set(scoresheet._bodies)
        app.step([], 50)
        if getattr(app.manager.top, "route", None) == "scoreboard":
            break
    sheet = app.manager.top
    assert getattr(sheet, "route", None) == "scoreboard"
    assert sheet.body_key(sheet.sheet()) in before, "drawn before it opened"
    app.manager.dirty = True
    app.step([], 0)
    pictured = pygame.image.tobytes(app.screen, "RGB")
    T.record_boxes(True)                 # the recorder's way: every text drawn in place
    try:
        app.manager.dirty = True
        app.step([], 0)
        in_place = pygame.image.tobytes(app.screen, "RGB")
    finally:
        T.record_boxes(False)
    assert pictured == in_place
