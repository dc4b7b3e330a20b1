"""Under a callout the table's views open by their keys as by their buttons: M the moves
so far, L the previous trick, S the score sheet (the callout and the script wait)."""

import pygame
from tutorial_helpers import frames

from game.ui.tutorial.build import run_to


def _key(app, key):
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def test_view_keys_work_while_a_callout_waits_for_next(app):
    scene = app.nav.push("tutorial", rules="gurka-se")
    coach = scene.coach
    # the callout over the second finished trick ("Two eights"): L has the first to show
    assert run_to(app, scene, lambda: coach.note is not None and coach.i == 9)
    assert coach.note.before == "trick"
    frames(app, 3)
    at = coach.i
    for key, route in ((pygame.K_m, "movelog"), (pygame.K_s, "scoresheet"), (pygame.K_l, "lookback")):
        _key(app, key)
        assert app.nav.top_is(route), (pygame.key.name(key), type(app.manager.top).__name__)
        _key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.manager.top is scene
        assert coach.i == at and coach.note is not None
