"""The rules texts and the Rules scene (headless)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.engine.registry import find_ruleset, ruleset_ids  # noqa: E402
from game.ui import option_words as O  # noqa: E402
from game.ui import rules_text as R  # noqa: E402

LANGS = ("en", "sv", "da", "nb", "is")
#: the variant ids RULES.md names for each ruleset (a preset it does not describe: none)
RULES_MD_VARIANTS = {
    "gurka-se": ["optional_lowest", "reference", "no_ace_on_ace", "lead_lowest", "limit",
                 "free_buyback", "stake"],
    "agurk-dk": ["ace_scores_one", "nearest_above", "twos_rule", "buy_in", "lives", "limit",
                 "hand_size"],
    "agurk-no": ["optional_lowest", "reference"],
    "gurka-is": ["optional_lowest", "multi_lead"],
    "gurka-is7": ["top_value", "tie_rule", "multi_lead", "optional_lowest", "exchange"],
    "durak": ["teams", "neighbours_only", "max_attack"],
}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    pygame.init()
    from game.ui.app import App
    a = App(size=(1024, 640), lang="en")
    yield a


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


@pytest.mark.parametrize("rules", ruleset_ids())
def test_every_ruleset_has_the_parts(rules):
    secs = R.sections(rules)
    titles = [s.title for s in secs]
    for part in ("Overview", "Variants", "Example", "How to win"):
        assert part in titles, (rules, part)
    assert any(t in titles for t in ("Following", "A bout"))
    assert any(t in titles for t in ("Scoring", "End of the game"))
    variants = next(s for s in secs if s.title == "Variants")
    assert len(variants.items) == len(R.option_keys(rules)) >= 2
    assert all(label and text for label, text in variants.items)
    assert R.how_to_win(rules)
    assert R.ruleset_name(rules) and R.ruleset_origin(rules)
    text = R.plain_text(rules)
    assert len(text) > 1200


@pytest.mark.parametrize("rules", ruleset_ids())
def test_option_help_for_every_variant_and_option(rules):
    for key_ in RULES_MD_VARIANTS.get(rules, []) + list(R.option_keys(rules)):
        assert len(R.option_help(rules, key_)) > 15, (rules, key_)
        assert O.option_label(key_)
    for key_ in find_ruleset(rules).options:                       # every record option has a help line
        assert R.option_help(rules, key_), (rules, key_)
        assert O.option_label(key_) != key_, key_
    for key_ in R.option_keys(rules):
        assert key_ in find_ruleset(rules).options


def test_option_value_labels():
    assert O.option_value_label("reference", "highest") == "The highest in the trick"
    assert O.option_value_label("twos_rule", True) == "On"
    assert O.option_value_label("limit", 30) == "30 points"
    assert O.option_value_label("stake", 1) == "1 chip"
    assert O.option_value_label("rounds", 7) == "7"
    assert O.option_value_label("teams", "2v2") == "Two against two"


def test_rules_scene_scrolls_and_switches(app):
    from game.ui.rules_scene import RulesScene
    sc = app.manager.push(RulesScene(app, rules="agurk-no"))
    app.step([], 16)
    assert sc.rules == "agurk-no" and sc.scroll == 0 and sc.max_scroll > 0
    app.step([key(pygame.K_DOWN)], 16)
    assert sc.scroll > 0
    app.step([key(pygame.K_END)], 16)
    assert sc.scroll == sc.max_scroll
    app.step([key(pygame.K_HOME)], 16)
    assert sc.scroll == 0
    app.step([key(pygame.K_PAGEDOWN)], 16)
    page = sc.scroll
    assert page > sc.text_rect.height // 2
    pygame.mouse.set_pos(sc.text_rect.center)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0,
                                 flipped=False)], 16)
    assert sc.scroll > page
    app.step([key(pygame.K_RIGHT)], 16)
    assert sc.rules == "gurka-is" and sc.scroll == 0
    app.step([key(pygame.K_1 + ruleset_ids().index("durak"))], 16)     # its place in the list
    assert sc.rules == "durak"
    # click the first ruleset in the list
    r = sc.list.row_rect(0)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1)], 16)
    assert sc.rules == "gurka-se"
    # drag the scroll bar to the bottom
    thumb = sc._thumb()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, sc.bar_track.bottom + 50),
                                 rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, sc.bar_track.bottom + 50),
                                 button=1)], 16)
    assert sc.scroll == sc.max_scroll
    app.step([key(pygame.K_ESCAPE)], 16)
    assert app.manager.top is not sc


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_text_wraps_to_width_in_every_language(app, size):
    from game.ui.rules_scene import RulesScene
    from game.ui import theme as T
    surf = pygame.Surface(size)
    for lang in LANGS:
        i18n.set_language(lang)
        for rules in ruleset_ids():
            sc = RulesScene(app, rules=rules)
            sc.ensure_layout(size)
            sc.draw(surf)
            width = sc.text_rect.width
            for x, w, text in sc.text_lines():
                assert x + w <= width or " " not in text, (lang, rules, text)
            # the list names and the title fit
            assert T.fit_px(R.ruleset_name(rules), 17 * sc.u, sc.list.rect.width - 60 * sc.u,
                            True) >= 13 * sc.u


def test_language_switch_rebuilds_the_text(app):
    from game.ui.rules_scene import RulesScene
    sc = app.manager.push(RulesScene(app, rules="gurka-is"))
    app.step([], 16)
    english = [t for _x, _w, t in sc.text_lines()]
    i18n.set_language("is")
    app.manager.dirty = True
    app.step([], 16)
    icelandic = [t for _x, _w, t in sc.text_lines()]
    assert english != icelandic
