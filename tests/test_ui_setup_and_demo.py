"""New-game setup validation, the main menu, and the --demo run."""

import pygame
import pytest


def step(app, events=()):
    app.step(list(events), 16)


def click(app, w):
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w.rect.center, button=1)])
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w.rect.center, button=1)])


def test_setup_defaults_start_in_one_click(app):
    from game.ui.menu import MainMenu
    from game.ui.table.scene import TableScene
    menu = app.manager.push(MainMenu(app))
    step(app)
    assert menu.widgets.by_name("continue") is None      # no save yet
    click(app, menu.widgets.by_name("new"))
    setup = app.manager.top
    assert type(setup).__name__ == "SetupScene"
    click(app, setup.widgets.by_name("start"))
    table = app.manager.top
    assert isinstance(table, TableScene)
    assert [p["seat"] for p in table.players][0] == "human"
    assert all(p["seat"].startswith("ai:") for p in table.players[1:])


def test_setup_validation_uses_the_engine(app):
    from game.ui.setup import SetupScene
    setup = app.manager.push(SetupScene(app))
    step(app)
    setup.set_rules("agurk-no")
    setup.set_count(8)
    assert not setup.error and setup.start_btn.enabled           # eight players get six cards
    setup.set_rules("agurk-dk")
    setup.set_count(8)
    assert setup.widgets.by_name("opt:hand_size").value == 6 and not setup.error
    setup.widgets.by_name("opt:hand_size").set_value(7)
    assert setup.error and not setup.start_btn.enabled          # 8 x 7 cards > 52
    setup.widgets.by_name("opt:hand_size").set_value(6)
    assert not setup.error and setup.start_btn.enabled           # 8 x 6 fits
    setup.set_rules("gurka-is")
    assert setup.count_choice.options[0][0] == 2 and setup.count_choice.options[-1][0] == 4
    setup.set_rules("gurka-se")
    setup.widgets.by_name("opt:limit").set_value(20)
    assert setup.overrides_for()["limit"] == 20
    setup.set_rules("agurk-dk")
    setup.widgets.by_name("opt:ace_value").set(True)
    assert setup.overrides_for()["ace_value"] == 1
    for rules in ("gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7"):
        setup.set_rules(rules)
        step(app)   # draws every variant list without error
        assert not setup.error


def test_setup_keyboard_and_names(app):
    from game.ui.setup import SetupScene
    setup = app.manager.push(SetupScene(app))
    step(app)
    setup.set_kind(1, "human")
    name = setup.widgets.by_name("seat1:name")
    setup.widgets.set_focus(name)
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")] * 20)
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text="Anna")])
    assert setup.player_list()[1] == {"name": "Anna", "seat": "human"}


def test_the_next_new_game_offers_the_last_setup_again_after_a_restart(app):
    from game.storage import settings as store
    from game.ui.setup import SetupScene
    setup = app.manager.push(SetupScene(app))
    step(app)
    setup.set_rules("agurk-dk")
    setup.set_count(4)
    setup.widgets.by_name("opt:ace_value").set(True)
    setup.set_kind(1, "human")
    setup.set_name(1, "Anna")
    setup.set_kind(3, "ai:easy")
    step(app)
    click(app, setup.widgets.by_name("start"))
    assert app.settings.last_setup["rules"] == "agurk-dk"       # the game started
    app.manager.clear()
    app.settings = store.load()                     # as the next start of the game reads it
    again = app.manager.push(SetupScene(app))
    step(app)
    assert again.rules == "agurk-dk" and again.players() == 4
    assert again.overrides_for()["ace_value"] == 1
    assert [p["seat"] for p in again.player_list()] == ["human", "human", "ai:normal", "ai:easy"]
    assert again.player_list()[1]["name"] == "Anna"
    assert SetupScene(app, rules="durak").rules == "durak"     # a ruleset asked for wins


@pytest.mark.parametrize("last", [
    "agurk-dk", [], {"rules": "gurka-xx", "players": 3},
    {"rules": "agurk-dk", "players": 99, "seats": [], "options": {}},
    {"rules": "agurk-dk", "players": 3, "seats": [{"kind": "ext:/tmp/bot.py", "name": "Bot"}]},
    {"rules": "agurk-dk", "players": 3, "seats": [{"kind": "human", "name": "\u200b"}]},
    {"rules": "agurk-dk", "players": 3, "options": {"hand_size": 40}},
    {"rules": "agurk-dk", "players": 3, "options": {"nonsense": "x"}},
    {"rules": "agurk-dk", "players": 3, "options": {"hand_size": [[1] * 5] * 5}},
    {"rules": "agurk-dk", "players": 3, "__class__": "os.system"},
])
def test_a_bad_last_setup_in_the_settings_file_falls_back_to_the_defaults(app, last):
    import json

    from game.storage import settings as store
    from game.ui.setup import SetupScene
    data = store.load().to_dict()
    data["last_setup"] = last
    store.settings_path().write_text(json.dumps(data), encoding="utf-8")
    app.settings = store.load()
    setup = app.manager.push(SetupScene(app))
    step(app)
    assert not setup.error
    kinds = [p["seat"] for p in setup.player_list()]
    assert kinds[0] == "human" and all(k.startswith("ai:") for k in kinds[1:])
    assert all(name.strip() for name in (p["name"] for p in setup.player_list()))
    assert setup.overrides_for().get("hand_size") in (None, 7)


@pytest.mark.slow
def test_demo_runs_to_the_end(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    from game.ui.app import run
    shots = tmp_path / "shots"
    assert run(demo=True, lang="sv", screenshots=str(shots)) == 0
    names = sorted(p.name for p in shots.iterdir())
    assert any("ResultScene" in n for n in names) and names[-1].endswith("end.png")


#: (size, with a save) -> whether the subtitle has room: eight buttons (Continue among them)
#: fill a 1024x640 window, so there it is left out
SUBTITLE_SHOWN = {((1024, 640), False): True, ((800, 500), False): True, ((1920, 1080), False): True,
                  ((1024, 640), True): False, ((800, 500), True): True, ((1920, 1080), True): True}


@pytest.mark.parametrize("size, saved", list(SUBTITLE_SHOWN),
                         ids=[f"{w}x{h}-{'save' if saved else 'no-save'}" for (w, h), saved in SUBTITLE_SHOWN])
def test_the_menu_subtitle_keeps_clear_of_the_buttons(app, size, saved):
    """As drawn: the subtitle, where it is shown, lies inside the window below the title, its
    whole line with room to spare from every button; where it has no room it is not drawn."""
    from test_ui_layout import draw_recorded

    from game.engine import new_game
    from game.ui import savegame
    from game.ui import theme as T
    from game.ui.menu import MainMenu
    if saved:
        savegame.save(new_game("gurka-se", 4, seed=1).record(), {"game": 1})
    pygame.display.set_mode(size)
    app.resize(size)
    menu = app.manager.push(MainMenu(app))
    texts = draw_recorded(app).texts()
    assert (menu.widgets.by_name("continue") is not None) == saved
    title = next(t.rect for t in texts if t.text == "Gurka")
    subtitle = [t.rect for t in texts if t.text == "Nordic card games"]
    assert bool(subtitle) == SUBTITLE_SHOWN[size, saved]
    u = T.unit(size)
    for ink in subtitle:
        # its whole line (the ink may reach a pixel below the line's step)
        line = ink.union(pygame.Rect(ink.left, menu.subtitle_at[1], ink.width, T.line_step(16 * u)))
        assert title.bottom <= line.top and line.bottom <= size[1]
        for b in menu.widgets.widgets:
            assert line.bottom + 8 * u <= b.rect.top or line.top >= b.rect.bottom + 16 * u - 1, (size, b.name)


@pytest.mark.parametrize("size", [(1024, 640), (800, 500), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("join", [None, "Sätt dig vid ett bord", "Sätt dig vid ett bord på nätverket"])
def test_every_menu_label_keeps_its_full_size(app, monkeypatch, size, join):
    """Issue 69: "Gå med vid ett bord" was squeezed into half of New game's row in the Swedish
    menu.  In every language (and with longer words for Join a table, as a rewording may
    bring), every button of the main menu holds its label at full size, the two of the first
    row side by side without touching, inside the window."""
    from game import i18n
    from game.ui import theme as T
    from game.ui.menu import MainMenu
    pygame.display.set_mode(size)
    app.resize(size)
    u = T.unit(size)
    try:
        for lang in ("sv", "da", "nb", "is", "en"):
            i18n.set_language(lang)
            menu = MainMenu(app)
            if join is not None:
                monkeypatch.setattr(menu.widgets.by_name("join"), "label", join)
            menu.layout(size)
            for b in menu.widgets.widgets:
                assert T.font(b.px * u, True).size(b.text)[0] <= b.rect.width - 16 * u, (lang, b.text, b.rect)
                assert pygame.Rect(0, 0, *size).contains(b.rect), (lang, b.name, b.rect)
            new, other = menu.widgets.by_name("new").rect, menu.widgets.by_name("join").rect
            assert new.right < other.left and new.top == other.top
    finally:
        i18n.set_language("en")
