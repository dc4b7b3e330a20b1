"""The table copies a seat's last drawing back while the seat looks the same: every frame of
a game must look exactly as a full redraw of every seat would."""

import pygame

from game.ui.table import TableScene


def _play(app, rules: str, n: int, options: dict, frames: int) -> int:
    players = [{"name": f"P{i}", "seat": "ai:random"} for i in range(n)]
    table = TableScene.new(app, rules, players, options, seed=7)
    app.manager.push(table)
    app.settings["speed"] = "fast"
    surface = app.screen                           # the surface the frames are drawn on
    checked = 0
    for i in range(frames):
        app.step([], 50)
        top = app.manager.top
        if top is not table:
            if getattr(top, "route", None) == "scoreboard":
                top.go()
            continue
        if i % 3:
            continue
        table.renderer.draw(surface)               # seats copied back where unchanged
        cached = pygame.image.tobytes(surface, "RGB")
        table.renderer._shots.clear()            # every seat drawn afresh
        table.renderer.draw(surface)
        assert pygame.image.tobytes(surface, "RGB") == cached, f"frame {i} differs"
        checked += 1
    return checked


def test_copied_seats_look_as_redrawn_ones_on_a_crowded_table(app):
    assert _play(app, "agurk-dk", 8, {"hand_size": 6}, 300) > 50


def test_copied_seats_look_as_redrawn_ones_in_durak(app):
    assert _play(app, "durak", 4, {}, 240) > 40
