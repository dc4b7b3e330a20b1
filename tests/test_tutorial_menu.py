"""Learn to play: the menu button, the offer on first start (once), the tour's hook."""

import pygame
import pytest
from tutorial_helpers import click, frames, record_text_sizes

from game.i18n import LANGUAGES, set_language
from game.ui.tutorial.build import tutorial_shots
from game.ui.tutorial.scripts import TUTORIAL_IDS, tutorial


def test_first_start_offers_the_tutorials_once(tmp_path, monkeypatch):
    from game.storage.settings import load_settings
    from game.ui.app import App
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    pygame.init()
    first = App(size=(1024, 640), lang="en")
    try:
        assert not first.settings.tutorial_offered
        first.nav.push("menu")
        frames(first, 2)
        assert first.nav.top_is("learn") and first.manager.top.first
        assert load_settings()[0].tutorial_offered          # remembered at once
        click(first, first.manager.top.widgets.by_name("back").rect.center)
        assert first.nav.top_is("menu")
    finally:
        first.manager.clear()
    again = App(size=(1024, 640), lang="en")
    try:
        again.nav.push("menu")
        frames(again, 2)
        assert again.nav.top_is("menu")
    finally:
        again.manager.clear()


def test_menu_button_opens_the_choice_and_a_tutorial(app):
    menu = app.nav.push("menu")
    frames(app, 2)
    assert app.nav.top_is("menu")
    click(app, menu.widgets.by_name("learn").rect.center)
    learn = app.manager.top
    assert app.nav.top_is("learn") and not learn.first
    assert [w.name for w in learn.widgets.widgets] == [f"learn:{r}" for r in TUTORIAL_IDS] + ["back"]
    click(app, learn.widgets.by_name("learn:gurka-is").rect.center)
    assert app.nav.top_is("tutorial") and app.manager.top.rules == "gurka-is"
    assert [s.route for s in app.manager.stack] == ["menu", "tutorial"]


def test_menu_buttons_clear_the_title_with_eight_buttons(app):
    from game.engine import new_game
    from game.ui import savegame
    players = [{"name": "A", "seat": "human"}, {"name": "B", "seat": "ai:easy"},
               {"name": "C", "seat": "ai:easy"}]
    assert savegame.save(new_game("agurk-no", players, seed=4).record(), {}) is None
    assert savegame.has_save()
    menu = app.nav.push("menu")
    frames(app, 2)
    buttons = menu.widgets.widgets
    assert len(buttons) == 9          # Continue, New game, Join a table, Learn to play, Rules, …
    first_top = min(b.rect.top for b in buttons)
    assert first_top > int(640 * 0.17) + 62 + 56      # below the "Gurka" title
    assert max(b.rect.bottom for b in buttons) < 640 - 30
    new, join = menu.widgets.by_name("new"), menu.widgets.by_name("join")
    assert new.rect.top == join.rect.top and new.rect.right < join.rect.left   # one row, side by side
    rows = [b for b in buttons if b is not join]
    assert all(a.rect.bottom < b.rect.top for a, b in zip(rows, rows[1:]))


def test_tour_hook_brings_each_tutorial_to_a_callout(app):
    shots = tutorial_shots(app)
    assert [name for name, _prepare in shots] == ["tutorial-gurka", "tutorial-gurka-is",
                                                  "tutorial-durak"]
    for _name, prepare in shots:
        app.manager.clear()
        scene = prepare()
        asked = scene.coach.asking(scene)
        assert asked is not None and tutorial(scene.rules).tour_lesson in asked.lessons
        assert scene.coach.callout.box is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_choice_texts_fit_without_shrinking_below_12px(app, monkeypatch, lang):
    seen = record_text_sizes(monkeypatch)
    app.lang = set_language(lang)
    try:
        for first in (True, False):
            app.manager.clear()
            app.nav.push("learn", first=first)
            frames(app, 2)
    finally:
        set_language("en")
    assert len({t for _px, t in seen}) >= 2 + 2 * len(TUTORIAL_IDS)
    small = sorted({(px, t) for px, t in seen if px < 12})
    assert not small, small
