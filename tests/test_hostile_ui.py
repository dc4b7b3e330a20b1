"""Hostile saves and settings through the real menu (issue 13): Continue never crashes,
never runs a file, sets a bad save aside once, and the next start is clean."""

import copy
import json
import time
from pathlib import Path

import pygame
import pytest

FIX = Path(__file__).parent / "fixtures" / "saves"
SAVE = json.loads((FIX / "gurka-se-v0.1.json").read_text(encoding="utf-8"))


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    from game.storage import settings
    monkeypatch.setattr(settings, "last_notice", None)
    return tmp_path


def make_app():
    from game.ui.app import App
    pygame.init()
    app = App(size=(1024, 640), lang="en")
    app.settings.speed = "instant"
    app.settings.tutorial_offered = True   # the first-start offer has tests of its own
    return app


def frames(app, n=2):
    for _ in range(n):
        app.step([], 16)


def _continue(app):
    from game.ui.menu import MainMenu
    app.manager.push(MainMenu(app))
    frames(app)
    if type(app.manager.top).__name__ == "MessageScene":
        return          # the menu checked the save's header and set it aside at once
    button = app.manager.top.widgets.by_name("continue")
    assert button is not None
    button.activate()
    frames(app, 3)


def _write(home, data) -> None:
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")
    (home / "savegame.json").write_bytes(raw)


@pytest.mark.parametrize("how", ["deep", "nul", "surrogate", "huge_name", "ai_ext", "bad_seat",
                                 "zero_width"])
def test_hostile_saves_are_set_aside_once_through_continue(home, how, tmp_path):
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    data = copy.deepcopy(SAVE)
    player = data["record"]["players"][1]
    if how == "deep":
        (home / "savegame.json").write_text("[" * 100_000 + "]" * 100_000)
    else:
        player.update({"nul": {"name": "Bj\x00rn"}, "surrogate": {"name": "\ud800"},
                       "huge_name": {"name": "x" * 1_000_000}, "ai_ext": {"seat": f"ai:ext:{evil}"},
                       "bad_seat": {"seat": f"python:{evil}"}, "zero_width": {"name": "\u200b"}}[how])
        _write(home, data)
    app = make_app()
    try:
        _continue(app)
        assert type(app.manager.top).__name__ == "MessageScene"
        assert "could not be read" in app.manager.top.text
        app.manager.top.close()
        frames(app)
        assert app.manager.top.widgets.by_name("continue") is None   # the next start is clean
        assert len(list(home.glob("savegame.json.corrupt-*"))) == 1
    finally:
        app.shutdown()
    assert not marker.exists()


def test_a_bot_seat_resumes_as_normal_and_the_bot_never_runs(home, tmp_path):
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    data = copy.deepcopy(SAVE)
    data["record"]["players"][1]["seat"] = f"ext:{evil}"
    data["record"]["players"][0]["seat"] = "ai:easy"        # so that the table plays on alone
    _write(home, data)
    app = make_app()
    try:
        _continue(app)
        assert type(app.manager.top).__name__ == "MessageScene"
        assert "never starts a bot" in app.manager.top.text and "Björn" in app.manager.top.text
        app.manager.top.close()
        table = app.manager.top
        assert type(table).__name__ == "TableScene"
        assert table.players[1]["seat"] == "ai:normal"
        deadline = time.monotonic() + 120        # the AI seats play on, in wall time
        while time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.01)
            if len(table.host.state.events) > len(data["record"]["events"]) + 3:
                break
        assert len(table.host.state.events) > len(data["record"]["events"])
        (slot,) = home.glob("savegame-*.json")       # moved into its ruleset's slot, saved there
        saved = json.loads(slot.read_text(encoding="utf-8"))
        assert "ext:" not in json.dumps(saved["record"]["players"])
    finally:
        app.shutdown()
    assert not marker.exists()


def test_hostile_settings_are_set_aside_with_a_notice(home):
    (home / "settings.json").write_text("[" * 100_000)
    app = make_app()
    try:
        assert any("settings could not be read" in n for n in app.notices)
    finally:
        app.shutdown()
    assert not (home / "settings.json").exists()
    assert len(list(home.glob("settings.json.corrupt-*"))) == 1


def test_setup_screen_cleans_names(home):
    from game.ui.setup import SetupScene
    app = make_app()
    try:
        setup = SetupScene(app)
        app.manager.push(setup)
        frames(app)
        setup.set_name(0, "Ann\x00a\ud800" + "x" * 100)
        name = setup.player_list()[0]["name"]
        assert name.startswith("Anna") and len(name) == 40
        from game.engine.records import name_problem
        assert name_problem(name) is None
    finally:
        app.shutdown()


def test_a_save_the_table_cannot_resume_is_set_aside_with_the_save_s_notice(home, monkeypatch):
    """The save reads and replays, but the table fails on it: Continue shows the notice
    game.storage.saves gives for that (its words, in the language of the moment) and the next start
    is clean."""
    from game import i18n
    from game.ui.table.scene import TableScene

    def fails(*args, **kwargs):
        raise ValueError("no seat to show")
    monkeypatch.setattr(TableScene, "from_record", fails)
    _write(home, SAVE)
    app = make_app()
    try:
        i18n.set_language("sv")
        _continue(app)
        top = app.manager.top
        assert type(top).__name__ == "MessageScene"
        assert top.text == "Det sparade spelet kunde inte återupptas och har lagts undan (no seat to show)."
        top.close()
        frames(app)
        assert app.manager.top.widgets.by_name("continue") is None
        assert len(list(home.glob("savegame-*.json.corrupt-*"))) == 1
    finally:
        i18n.set_language("en")
        app.shutdown()
