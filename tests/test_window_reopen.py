"""F11 opens the window anew: pygame hands back the same surface object with its pixels
gone.  When the new window has the old size (a window as big as the screen), the table
must still draw all of it, not only what moved (else the felt, seats and header stay
black until something redraws them)."""

import pygame

from tutorial_helpers import frames

from game.ui.tutorial.build import run_to


def _black_share(surface) -> float:
    w, h = surface.get_size()
    points = [(x, y) for x in range(0, w, 16) for y in range(0, h, 16)]
    black = sum(1 for p in points if tuple(surface.get_at(p))[:3] == (0, 0, 0))
    return black / len(points)


def test_f11_at_the_screens_size_redraws_the_whole_table(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    from game.ui.app import App
    pygame.init()
    desk = pygame.display.get_desktop_sizes()[0]
    app = App(size=desk, lang="en")
    app.settings.speed = "instant"
    app.settings.tutorial_offered = True
    try:
        scene = app.nav.push("tutorial", rules="gurka-se")
        coach = scene.coach
        assert run_to(app, scene, lambda: coach.asking(scene) is not None)
        frames(app, 5)
        assert _black_share(app.screen) < 0.01
        app.toggle_fullscreen(True)
        assert app.screen.get_size() == desk            # the same size as the window was
        frames(app, 2)
        assert _black_share(app.screen) < 0.01
        assert app.dirty is None                          # and all of it is shown
        app.toggle_fullscreen(False)
        frames(app, 2)
        assert _black_share(app.screen) < 0.01
    finally:
        app.manager.clear()
