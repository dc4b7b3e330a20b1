"""The pause menu in a tutorial says only what is true there: nothing is saved (its quit
button does not offer to save) and no hints are on offer (H is not listed)."""

import pygame
from tutorial_helpers import frames

from game.ui.tutorial.build import run_to


def _esc():
    return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)]


def _pause(app):
    frames(app, 1, _esc())
    pause = app.manager.top
    assert type(pause).__name__ == "PauseScene"
    return pause


def test_a_tutorials_pause_menu_neither_saves_nor_offers_hints(app):
    scene = app.nav.push("tutorial", rules="gurka-se")
    coach = scene.coach
    assert run_to(app, scene, lambda: coach.asking(scene) is not None)
    pause = _pause(app)
    assert pause.widgets.by_name("quit").text == "Quit to menu"
    assert "H" not in [k for k, _lines, _h in pause.keys]
    pause.widgets.by_name("quit").on_click()
    assert app.nav.top_is("menu") and app.manager.top is not None


def test_a_real_games_pause_menu_still_saves_and_offers_hints(app, tmp_path):
    from game.ui.tour.runner import Tour, mid_deal
    table = app.nav.push("table", state=Tour(app, tmp_path).game("gurka-se", mid_deal))
    table.fast_forward()
    frames(app)
    pause = _pause(app)
    assert pause.widgets.by_name("quit").text == "Save and quit to menu"
    assert "H" in [k for k, _lines, _h in pause.keys]
