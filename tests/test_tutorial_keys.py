"""Under a callout the table's views open by their keys as by their buttons: M the moves
so far, L the previous trick, S the score sheet (the callout and the script wait)."""

import pygame
import pytest
from tutorial_helpers import frames

from game.ui.tutorial.build import run_to


def _key(app, key, text=""):
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)])


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_view_keys_work_while_a_callout_waits_for_next(app, lang):
    """In Swedish by the letters the buttons show (D, P, F), as by M, S, L."""
    from game import i18n
    from game.ui import tool_keys
    i18n.set_language(lang)
    try:
        _views_open_under_a_callout(app, [(ord(tool_keys.letter(tool).lower()), route) for tool, route in
                                          (("moves", "movelog"), ("scores", "scoresheet"), ("lookback", "lookback"))])
    finally:
        i18n.set_language("en")


def _views_open_under_a_callout(app, keys):
    scene = app.nav.push("tutorial", rules="gurka-se")
    coach = scene.coach
    # the callout over the second finished trick ("Two eights"): L has the first to show
    assert run_to(app, scene, lambda: coach.note is not None and coach.step == 10)
    assert coach.note.before == "trick"
    frames(app, 3)
    at = coach.step
    for key, route in keys:
        _key(app, key, chr(key))
        assert app.nav.top_is(route), (pygame.key.name(key), type(app.manager.top).__name__)
        _key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.manager.top is scene
        assert coach.step == at and coach.note is not None


def test_space_picks_the_card_the_callout_asks_for(app):
    """On a move callout Space (or Enter) with nothing picked goes to the asked card, not the
    first playable one (which the coach then refused with 'try the one shown')."""
    from game.ui.tutorial.beats import HUMAN
    for rules in ("gurka-se", "gurka-is", "durak"):
        scene = app.nav.push("tutorial", rules=rules)
        coach = scene.coach

        def asked_not_first(scene=scene, coach=coach):
            b = coach.asking(scene)
            if b is None or scene.busy():
                return False
            cards = b.action.get("cards") or [b.action.get("card")]
            lit = [c for c in scene.visible_hand() if c in scene.legal_cards()]
            return b.seat == HUMAN and lit and cards[0] in lit and lit[0] != cards[0]
        if not run_to(app, scene, asked_not_first):
            app.nav.pop()
            continue
        scene.hover_card = None
        _key(app, pygame.K_SPACE)
        b = coach.asking(scene)
        assert scene.hover_card == (b.action.get("cards") or [b.action.get("card")])[0], rules
        return
    raise AssertionError("no tutorial asks for a card other than the first it may play")


def test_the_announcement_line_gives_way_while_a_callout_is_read(app):
    """A callout's arrows ran through the announcement line's text: while a callout is read the
    line is not drawn; it is back once the player reads on."""
    scene = app.nav.push("tutorial", rules="gurka-se")
    coach = scene.coach
    assert run_to(app, scene, lambda: coach.note is not None and coach.step >= 3)
    scene.timeline.banner("Björn takes the trick with K♠", 60000.0)
    surface = app.screen.copy()
    scene.renderer.banners(surface)
    assert scene.renderer.news_box is None
    note, coach.note = coach.note, None             # read on
    scene.renderer.banners(surface)
    assert scene.renderer.news_box is not None
    coach.note = note
