"""Bad input never reaches the player as a traceback: corrupt saves and settings, missing
assets; a clean shutdown of the AI worker; the pause menu's rules; keyboard-only play."""

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    return tmp_path


def make_app(lang="en"):
    from game.ui.app import App
    pygame.init()
    app = App(size=(1024, 640), lang=lang)
    app.settings.speed = "instant"
    app.settings.tutorial_offered = True   # the first-start offer has tests of its own
    return app


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def frames(app, n=1, events=()):
    for _ in range(n):
        app.step(list(events), 16)
        events = ()


def top_name(app):
    return type(app.manager.top).__name__


def test_corrupt_save_gives_a_message_and_keeps_the_settings(home):
    from game.storage import saves
    from game.storage import settings
    from game.ui.menu import MainMenu
    settings.save(settings.Settings(language="da", speed="fast"))
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text("{ not json", encoding="utf-8")
    app = make_app()
    app.manager.push(MainMenu(app))
    frames(app, 2)
    assert top_name(app) == "MessageScene"         # the menu reads the save for its label
    assert "saved game" in app.manager.top.text
    assert not saves.save_path().exists()                       # set aside, not deleted
    assert list(saves.save_path().parent.glob("savegame.json.corrupt-*"))
    assert settings.load().speed == "fast"                   # nothing else lost
    app.manager.top.close()
    frames(app, 2)
    assert top_name(app) == "MainMenu" and app.manager.top.widgets.by_name("continue") is None
    app.shutdown()


def test_tampered_save_record_is_set_aside(home):
    from game.storage import saves
    from game.engine import new_game
    from game.ui.menu import MainMenu
    state = new_game("agurk-no", [{"name": f"P{i}", "seat": "ai:random"} for i in range(3)], {}, seed=4)
    record = state.record()
    record["events"] = record["events"][:3] + [{"type": "play", "seat": 7, "cards": ["ZZ"]}]
    saves.save_game(record, {})
    app = make_app()
    app.manager.push(MainMenu(app))
    frames(app, 2)
    app.manager.top.on_continue()
    frames(app, 2)
    assert top_name(app) == "MessageScene"
    assert not saves.has_save()
    app.shutdown()


def test_corrupt_settings_file_is_reported_once_on_the_menu(home):
    from game.storage import settings
    from game.ui.app import _saved_size
    from game.ui.menu import MainMenu
    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_bytes(b"\xff\xfe garbage")
    _saved_size()                       # what run() does first: reads (and sets aside) the file
    app = make_app()
    app.manager.push(MainMenu(app))
    frames(app, 2)
    assert top_name(app) == "MessageScene"
    assert "settings" in app.manager.top.text.lower()
    app.shutdown()


def test_missing_assets_degrade_with_a_message(home, tmp_path, monkeypatch):
    import shutil

    from game import paths
    from game.ui import sound, theme
    from game.ui.menu import MainMenu
    assets = tmp_path / "copy" / "assets"
    shutil.copytree(paths.data_dir("assets"), assets)
    (assets / "sounds" / "deal.wav").unlink()
    (assets / "fonts" / "DejaVuSans.ttf").unlink()
    real = paths.data_dir
    monkeypatch.setattr(paths, "data_dir", lambda name: assets if name == "assets" else real(name))
    theme.reset_fonts()
    sound.shutdown()
    app = make_app()
    app.manager.push(MainMenu(app))
    frames(app, 3)
    assert top_name(app) == "MessageScene"
    assert "deal.wav" in app.manager.top.text and "DejaVuSans.ttf" in app.manager.top.text
    sound.set_enabled(True)
    sound.play("deal")                  # missing: silent, no exception
    app.manager.top.close()
    frames(app, 2)
    theme.reset_fonts()
    sound.shutdown()
    app.shutdown()


def test_closing_the_window_stops_the_ai_worker(home):
    from game.ui.table.scene import TableScene
    app = make_app()
    table = TableScene.new(app, "gurka-se", [{"name": f"P{i}", "seat": "ai:easy"} for i in range(3)],
                           {}, seed=2)
    app.manager.push(table)
    for _ in range(400):
        frames(app)
        if table.ai.thinking:
            break
    assert table.ai.thinking
    proc = table.ai.worker._proc           # the worker's process, while it thinks
    assert proc is not None and proc.is_alive()
    app.step([pygame.event.Event(pygame.QUIT)], 16)
    assert not app.running
    assert table.ai.worker is None
    proc.join(3)
    assert not proc.is_alive()
    app.shutdown()


def test_rules_from_the_pause_menu_and_back_never_quit(home):
    from game.ui.menu import MainMenu
    from game.ui.table.scene import TableScene
    app = make_app()
    app.manager.push(MainMenu(app))
    for rules in ("gurka-se", "gurka-is7", "durak"):
        n = 3
        players = [{"name": "Me", "seat": "human"}] + [{"name": f"P{i}", "seat": "ai:random"}
                                                       for i in range(1, n)]
        table = app.manager.push(TableScene.new(app, rules, players, {}, seed=1))
        frames(app, 5)
        frames(app, 1, [key(pygame.K_ESCAPE)])
        assert top_name(app) == "PauseScene"
        app.manager.top.widgets.by_name("rules").activate()
        frames(app, 3)
        assert top_name(app) == "RulesScene" and app.manager.top.rules == rules
        frames(app, 1, [key(pygame.K_ESCAPE)])
        assert top_name(app) == "PauseScene"
        frames(app, 1, [key(pygame.K_ESCAPE)])
        assert app.manager.top is table
        table.open_pause()
        app.manager.top.quit_to_menu()
        frames(app, 2)
        assert top_name(app) == "MainMenu"
        frames(app, 1, [key(pygame.K_ESCAPE)])     # one Esc too many: still running
        assert app.running and top_name(app) == "MainMenu"
    app.shutdown()


def test_keyboard_only_game(home):
    """Arrows pick a card, Enter plays it; Enter presses the decision buttons."""
    from game.ui.table.scene import TableScene
    app = make_app()
    players = [{"name": "Me", "seat": "human"}] + [{"name": f"P{i}", "seat": "ai:random"} for i in (1, 2)]
    table = app.manager.push(TableScene.new(app, "gurka-is", players, {}, seed=9))
    played = 0
    deadline = time.monotonic() + 120     # the AI seats answer in wall time, not in frames
    while time.monotonic() < deadline:
        name = top_name(app)
        if name == "ResultScene":
            break
        if name == "ScoreSheetScene":
            frames(app, 1, [key(pygame.K_RETURN)])
            continue
        if table.timeline.held is not None:          # the last trick waits: Enter goes on
            frames(app, 1, [key(pygame.K_RETURN)])
            assert table.timeline.held is None
            continue
        if table.my_turn():
            legal = table.host.state.legal_actions()
            before = len(table.host.state.events)
            if any(a["type"] == "play" for a in legal):
                single = [a["cards"][0] for a in legal if a["type"] == "play" and len(a["cards"]) == 1]
                cards = single[:1] or next(a["cards"] for a in legal if a["type"] == "play")
                for want in cards:
                    frames(app, 1, [key(pygame.K_RIGHT)])
                    while table.hover_card != want:
                        frames(app, 1, [key(pygame.K_RIGHT)])
                    if len(cards) > 1:
                        frames(app, 1, [key(pygame.K_SPACE)])   # select
                frames(app, 1, [key(pygame.K_RETURN)])
                assert len(table.host.state.events) > before, cards
                played += 1
            else:
                frames(app, 1, [key(pygame.K_RETURN)])
            continue
        frames(app)
        time.sleep(0.0005)
    assert top_name(app) == "ResultScene" and played >= 10
    app.shutdown()


@pytest.mark.parametrize("desk,want", [
    ((1366, 768), (1280, 668)),      # a common laptop: the default 1280x800 was taller than it
    ((1280, 800), (1240, 700)),
    ((1920, 1080), (1280, 800)),     # room enough: the default as it is
    ((1024, 640), (1024, 640)),      # a screen no bigger than the layout's least size: all of it
    ((800, 600), (800, 600)),
])
def test_the_first_window_fits_the_screen(desk, want):
    from game.ui.app import fit_to_desktop
    assert fit_to_desktop((1280, 800), desk) == want
