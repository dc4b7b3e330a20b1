"""The keyboard shortcuts are listed in the pause menu and at the end of every rules text,
in every language, readable at 1024x640."""

import pygame
import pytest

from game import i18n
from game.engine.registry import DURAK, find_ruleset, ruleset_ids
from game.ui import shortcuts
from game.ui import theme as T


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_pause_menu_lists_the_table_keys(app, tmp_path, lang):
    from game.ui.overlays import KEY_W
    from game.ui.tour.runner import Tour, mid_deal
    i18n.set_language(lang)
    try:
        table = app.nav.push("table", state=Tour(app, tmp_path).game("gurka-se", mid_deal))
        table.fast_forward()
        app.step([], 16)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 16)
        pause = app.manager.top
        assert type(pause).__name__ == "PauseScene"
        keys = shortcuts.table_keys("gurka-se")
        assert [k for k, _lines, _h in pause.keys] == [k for k, _w in keys]
        assert "1–9" not in [k for k, _w in keys]          # a Durak key, not in a game of Gurka
        u = T.unit((1024, 640))
        for key, lines, _h in pause.keys:
            assert T.fit_px(key, 14 * u, KEY_W * u - 8 * u, bold=True) >= 12, (lang, key)
            assert lines and all(T.font(14 * u).size(line)[0] <= pause.box.width for line in lines)
        bottom = pause.box.top + 62 * u + sum(h for *_r, h in pause.keys)
        assert bottom <= pause.box.bottom and pause.box.bottom <= 640
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_key_of_the_legend_keeps_clear_of_its_description(app, size, tmp_path):
    """Issue 69: "U / Ctrl+Z / Backsteg" touched its description in the Swedish and Danish
    pause menu.  In every language and ruleset, each key ends 20 units or more before the
    column of descriptions, at full size."""
    from game.ui.overlays import PauseScene
    from game.ui.tour.runner import Tour, mid_deal
    u = T.unit(size)
    try:
        for rules in ("gurka-se", "durak"):
            table = app.nav.push("table", state=Tour(app, tmp_path).game(rules, mid_deal))
            table.fast_forward()
            for lang in i18n.LANGUAGES:
                i18n.set_language(lang)
                pause = PauseScene(app, table.handle)
                pause.layout(size)
                for key, _lines, _h in pause.keys:
                    width = T.font(14 * u, True).size(key)[0]
                    assert width + 20 * u <= pause.key_w, (rules, lang, key, width, pause.key_w)
            app.manager.clear()
    finally:
        i18n.set_language("en")


def test_every_rules_text_ends_with_the_keys(app):
    from game.ui.rules_scene import RulesScene
    for rules in ruleset_ids():
        scene = RulesScene(app, rules=rules)
        scene.ensure_layout((1024, 640))
        texts = [t for _x, _w, t in scene.text_lines()]
        assert shortcuts.section_title() in texts and shortcuts.replay_title() in texts
        assert shortcuts.rules_title() in texts          # the rules screen's own keys were listed nowhere
        for key, _what in shortcuts.table_keys(rules) + shortcuts.replay_keys(rules) + shortcuts.rules_keys():
            assert key in texts, (rules, key)
        family = find_ruleset(rules).family
        assert ("1–9" in texts) == (family is DURAK), rules


@pytest.mark.parametrize("rules", [None, *ruleset_ids()])
def test_each_key_is_listed_once_with_one_meaning(rules):
    for keys in (shortcuts.table_keys(rules), shortcuts.replay_keys(rules), shortcuts.rules_keys()):
        named = [part.strip() for k, _what in keys for part in k.split("/")]
        assert len(named) == len(set(named)), (rules, named)


def test_the_key_list_names_each_tool_key_by_the_button_it_presses(app):
    """The Swedish key list called S "protokollet" while the button said "Poäng": the list
    now names each key by the table's button, in every language."""
    from game import i18n
    from game.ui.table.scene import TableScene
    players = [{"name": "Me", "seat": "human"}, {"name": "A", "seat": "ai:easy"}, {"name": "B", "seat": "ai:easy"}]
    table = app.manager.push(TableScene.new(app, "gurka-se", players, {}, seed=1))
    try:
        for lang in ("sv", "da", "nb", "is", "en"):
            i18n.set_language(lang)
            from game.ui.shortcuts import table_keys
            from game.ui.tool_keys import letter
            rows = dict(table_keys("gurka-se"))
            tools = table.toolbar
            assert rows[letter("scores")].startswith(tools.scores.label() + ":"), lang
            assert rows[letter("hint")].startswith(tools.hint.label() + ":"), lang
            assert next(w for k, w in rows.items() if k.startswith(letter("undo") + " /")).startswith(
                tools.undo.label() + ":")
            assert table.flow.log_btn.label().startswith(rows[letter("moves")].split(":")[0]), lang
            assert rows[letter("lookback")] == table.part.lookback_label(), lang
    finally:
        i18n.set_language("en")
