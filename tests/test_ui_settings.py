"""The Settings scene (headless): every setting changes, applies at once and persists."""

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import sound  # noqa: E402

LANGS = ("en", "sv", "da", "nb", "is")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "sv_FI.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    pygame.init()
    from game.ui.app import App
    a = App(size=(1024, 640))
    a.home = tmp_path
    yield a
    i18n.set_language("en")
    sound.set_enabled(True)


def saved(app):
    return json.loads((app.home / "settings.json").read_text(encoding="utf-8"))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def click(rect):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)]


def open_settings(app):
    from game.ui.settings_scene import SettingsScene
    sc = app.manager.push(SettingsScene(app))
    app.step([], 16)
    return sc


def test_language_switches_at_once_and_persists(app):
    sc = open_settings(app)
    assert i18n.current_language() == "sv"            # detected from LANG=sv_FI
    assert sc.w_language.value is None and "Svenska" in sc.w_language.value_text
    for code in ("sv", "da", "nb", "is", "en"):
        sc.w_language.set_value(code)
        app.step([], 16)
        assert i18n.current_language() == code
        assert saved(app)["language"] == code
    sc.w_language.set_value(None)
    app.step([], 16)
    assert i18n.current_language() == "sv" and saved(app)["language"] is None


def test_keyboard_changes_speed(app):
    sc = open_settings(app)
    app.step([key(pygame.K_TAB), key(pygame.K_RIGHT)], 16)    # focus: language -> speed
    assert sc.widgets.focused is sc.w_speed
    assert app.settings.speed == "fast" and saved(app)["speed"] == "fast"
    app.step([key(pygame.K_RIGHT)], 16)
    assert saved(app)["speed"] == "instant" and app.speed == 0


def test_toggles_and_choices_by_mouse(app):
    sc = open_settings(app)
    app.step(click(sc.w_sound.rect), 16)
    assert saved(app)["sound"] is False and not sound.enabled() and not sc.w_volume.enabled
    app.step(click(sc.w_sound.rect), 16)
    assert saved(app)["sound"] is True and sound.enabled() and sc.w_volume.enabled
    right = (sc.w_volume.rect.right - 5, sc.w_volume.rect.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=right, button=1)], 16)
    assert saved(app)["volume"] == pytest.approx(0.4) and sound.volume() == pytest.approx(0.4)
    app.step(click(sc.w_motion.rect), 16)
    assert saved(app)["reduced_motion"] is True
    app.step(click(sc.w_four.rect), 16)                 # on the other page: not there to click
    assert saved(app)["four_colour"] is False and sc.page == "game"
    app.step(click(sc.w_tab_look.rect), 16)
    assert sc.page == "look" and not sc.w_language.visible and sc.w_felt.visible
    app.step(click(sc.w_four.rect), 16)
    assert saved(app)["four_colour"] is True
    for w, key, value in ((sc.w_felt, "felt", "blue"), (sc.w_back_style, "card_back", "blue"),
                          (sc.w_size, "card_size", "125")):
        right = (w.rect.right - 5, w.rect.centery)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=right, button=1)], 16)
        assert saved(app)[key] == value and getattr(app.settings, key) == value
    right = (sc.w_indices.rect.right - 5, sc.w_indices.rect.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=right, button=1)], 16)
    assert saved(app)["card_indices"] == "international"
    app.step(click(sc.w_tab_game.rect), 16)
    app.step(click(sc.w_fullscreen.rect), 16)
    assert saved(app)["fullscreen"] is True
    app.step(click(sc.w_defaults.rect), 16)
    app.step(click(app.manager.top.widgets.by_name("yes").rect), 16)     # Restore (asked first)
    data = saved(app)
    assert data["four_colour"] is False and data["card_indices"] == "native"
    assert (data["felt"], data["card_back"], data["card_size"], data["reduced_motion"]) == \
        ("green", "red", "100", False)
    assert (sc.w_felt.value, sc.w_back_style.value, sc.w_size.value, sc.w_motion.value) == \
        ("green", "red", "100", False)
    assert data["fullscreen"] is False and data["volume"] == pytest.approx(0.3)
    app.step(click(sc.w_back.rect), 16)
    assert app.manager.top is not sc


def test_restore_defaults_asks_first_and_says_what_changes(tmp_path, monkeypatch):
    """Issue 69: started with ``--lang is``, *Restore defaults* does not switch the language
    (nor anything else) at once: it asks, naming every setting that would change, the
    language first; *Keep my settings* keeps them, *Restore* restores them."""
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    pygame.init()
    from game.ui.app import App
    app = App(size=(1024, 640), lang="is")
    try:
        sc = open_settings(app)
        sc.w_speed.set_value("fast")
        app.step([], 16)
        app.step(click(sc.w_defaults.rect), 16)
        ask = app.manager.top
        assert ask is not sc and type(ask).__name__ == "ConfirmScene"
        assert i18n.current_language() == "is" and app.settings.language == "is"    # nothing yet
        assert app.settings.speed == "fast"
        lines = ask.text.split("\n")[1:]
        assert lines == [f"{sc.w_language.text}: Íslenska → {sc.w_language.options[0][1]()}",
                         f"{sc.w_speed.text}: {sc.w_speed.value_text} → {sc.w_speed.options[1][1]()}"]
        app.step(click(ask.widgets.by_name("no").rect), 16)
        assert app.manager.top is sc and app.settings.language == "is" and app.settings.speed == "fast"
        app.step(click(sc.w_defaults.rect), 16)
        app.step(click(app.manager.top.widgets.by_name("yes").rect), 16)
        assert app.manager.top is sc
        assert app.settings.language is None and i18n.current_language() == "en"
        assert app.settings.speed == "normal" and sc.w_language.value is None
        app.step(click(sc.w_defaults.rect), 16)                     # nothing left to restore: it says so
        assert type(app.manager.top).__name__ == "MessageScene"
        assert app.settings.language is None
    finally:
        app.manager.clear()
        i18n.set_language("en")


def test_escape_closes(app):
    sc = open_settings(app)
    app.step([key(pygame.K_ESCAPE)], 16)
    assert sc not in app.manager.stack


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (2560, 1440)])
def test_the_values_of_a_column_line_up_and_every_label_keeps_its_size(app, size):
    """Issue 69: the left edges of the settings' values were ragged (each choice as wide as
    its own values).  In every language, the choices of a column beside their labels have
    one left edge and one width, and every label and value keeps its full size."""
    from game.ui import theme as T
    from game.ui.settings_scene import SettingsScene
    from game.ui.widgets import Choice
    try:
        for lang in LANGS:
            i18n.set_language(lang)
            sc = SettingsScene(app)
            sc.ensure_layout(size)
            u = sc.u
            for page, rows in sc.pages.items():
                columns: dict[int, list] = {}
                for w in rows:
                    if isinstance(w, Choice) and not w.stacked:
                        columns.setdefault(w.rect.left, []).append(w)
                for ws in columns.values():
                    boxes = {(w._value_rect(u).left, w._value_rect(u).width) for w in ws}
                    assert len(boxes) == 1, (lang, page, [(w.name, w._value_rect(u)) for w in ws])
                    for w in ws:
                        room = w._value_rect(u).left - w.rect.left - 14 * u
                        assert T.font(18 * u).size(w.text)[0] <= room, (lang, w.name, w.text)
                        assert w._value_rect(u).width >= w.value_need(u), (lang, w.name)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_labels_fit_in_every_language(app, size):
    from game.ui import theme as T
    from game.ui.settings_scene import SettingsScene
    surf = pygame.Surface(size)
    for lang in LANGS:
        i18n.set_language(lang)
        sc = SettingsScene(app)
        sc.ensure_layout(size)
        sc.draw(surf)
        u = sc.u
        assert sc.panel.bottom <= size[1] and sc.panel.top > 0
        for w in sc.rows:
            if getattr(w, "stacked", False):          # the label on a line of its own: full size
                assert T.fit_px(w.text, 18 * u, w.rect.width - 16 * u) >= 18 * u - 0.5, (lang, w.text)
                assert w._value_rect(u).top >= w.rect.top + T.line_step(18 * u) - 1
            area = (w._value_rect(u).left - w.rect.left - 14 * u) if hasattr(w, "_value_rect") \
                and not getattr(w, "stacked", False) else w.rect.width - 64 * u
            if T.fit_px(w.text, 18 * u, area) < 14 * u:      # the widget wraps it onto two lines
                px, lines = T.fit_wrapped(w.text, 18 * u * 0.85, area, 2, True)
                assert " " in w.text and len(lines) <= 2 and px >= 13 * u, (lang, w.text, px)
            if hasattr(w, "value_text"):
                for i in range(len(w.options)):
                    w.index = i
                    assert T.fit_px(w.value_text, 18 * u, w._value_rect(u).width - 60 * u, True) \
                        >= 12 * u, (lang, w.value_text)
        for b in (sc.w_defaults, sc.w_back):
            assert T.fit_px(b.text, 20 * u, b.rect.width - 16 * u, True) >= 15 * u, (lang, b.text)
        for w in sc.rows:
            if w.tip:
                assert len(T.wrap(w.tip, 13 * u, sc.hint_rect.width)) <= 2, (lang, w.tip)


def test_hand_edited_bad_value_resets_that_setting_with_a_notice(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps(
        {"language": "en", "speed": "ludicrous", "four_colour": True, "hand_sort": "suit",
         "tutorial_offered": True}))
    pygame.init()
    from game.ui.app import App
    a = App(size=(1024, 640))
    try:
        assert a.settings.speed == "normal"
        assert a.settings.four_colour is True and a.settings.hand_sort == "suit"
        assert len(a.notices) == 1 and "Animation speed" in a.notices[0]
        a.nav.push("menu")
        a.step([], 16)                                  # the menu shows it
        assert type(a.manager.stack[-1]).__name__ == "MessageScene" and not a.notices
    finally:
        i18n.set_language("en")


def test_undo_switched_off_from_the_table_hides_its_button_at_once(app):
    import sys
    sys.path.insert(0, os.path.dirname(__file__))
    from scene_states import settle, table_at
    app.settings.speed = "instant"
    moves = iter(range(6))          # the human to move: nothing else redraws the table
    sc = table_at(app, "durak", 3, lambda s: next(moves, None) is None)
    settle(app)
    assert sc.toolbar.undo.visible
    app.step([key(pygame.K_ESCAPE)], 16)                     # the pause menu
    app.nav.push("settings")
    app.step([], 16)
    st = app.manager.stack[-1]
    st.w_undo.value = False
    st.change("undo", False)
    app.step([key(pygame.K_ESCAPE)], 16)                     # back to the pause menu
    app.step([key(pygame.K_ESCAPE)], 16)                     # back to the game
    for _ in range(10):
        app.step([], 16)
    assert app.manager.stack[-1] is sc and not sc.toolbar.undo.visible
    shown = app.screen.copy()
    app.manager.dirty = True
    sc.size = (0, 0)                                          # everything drawn anew
    app.step([], 16)
    area = sc.toolbar.undo.rect.clip(shown.get_rect())         # where the button was
    assert area.w > 0
    def pixels(surface):
        return pygame.image.tobytes(surface.subsurface(area).copy(), "RGB")
    assert pixels(shown) == pixels(app.screen)


def test_every_setting_explains_itself(app):
    sc = open_settings(app)
    i18n.set_language("en")
    for w in sc.rows:
        assert w.tip, w.name                    # the line under the settings, on focus or hover


def test_the_computers_pace_is_its_own_setting_apart_from_the_animation_speed(app):
    """How long a computer player waits before it plays: the AI pace setting, whatever the
    animation speed (fast cards with calm computer players, or the other way round)."""
    from game.storage.settings import Settings
    from game.ui.table.scene import TableScene
    from game.ui.table import pace
    players = [{"name": "Me", "seat": "human"}, {"name": "A", "seat": "ai:easy"}, {"name": "B", "seat": "ai:easy"}]
    table = app.manager.push(TableScene.new(app, "agurk-no", players, {}, seed=1))
    waits = {}
    for speed in ("fast", "slow"):
        for ai_pace in ("quick", "normal", "calm"):
            app.settings.speed, app.settings.ai_pace = speed, ai_pace
            waits[speed, ai_pace] = table.ai_delay()
    assert waits["fast", "calm"] == waits["slow", "calm"] > waits["fast", "normal"] == pace.AI_MIN_DELAY
    assert waits["slow", "quick"] < pace.AI_MIN_DELAY
    app.settings.speed, app.settings.ai_pace = "instant", "calm"
    assert table.ai_delay() == 0.0                       # instant: nobody waits
    assert Settings.from_dict({"ai_pace": "sleepy"}) == (Settings(), ["ai_pace"])
    assert Settings.from_dict({"ai_pace": "calm"})[0].ai_pace == "calm"
