"""Findings of the hostile-file audit: a symlink planted at the temp-file name, a name with
nothing visible, a replay file of endless bad records, and a save whose header is huge."""

import json
import os
from pathlib import Path

import pytest

from game import i18n
from game.storage import saves
from game.storage import settings as store
from game.storage import user_files

FIX = Path(__file__).parent / "fixtures"
SAVES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((FIX / "saves").glob("*.json"))]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("GURKA_HOME", str(folder))
    i18n.set_language("en")
    return folder


# -- 1. a symlink at the temp-file name ------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symlinks")
@pytest.mark.parametrize("write", [
    lambda path: user_files.atomic_write_text(path, "{}\n"),
    lambda path: store.save_settings(store.Settings(), path),
    lambda path: saves.save_game(SAVES[0]["record"], {}, path),
])
def test_a_planted_temp_symlink_is_never_followed(home, tmp_path, write):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = home / "settings.json"
    for pid in range(os.getpid() - 5, os.getpid() + 6):   # every name the old code would use
        os.symlink(victim, home / f"settings.json.{pid}.tmp")
    write(target)
    assert victim.read_text() == "precious"
    assert target.is_file() and not target.is_symlink()
    assert not [p for p in home.glob("settings.json.*.tmp") if not p.is_symlink()]


def test_a_write_leaves_no_temp_file_and_stray_ones_are_still_found(home, monkeypatch):
    user_files.atomic_write_text(home / "settings.json", "{}\n")
    assert [p.name for p in home.iterdir()] == ["settings.json"]
    stray = home / "savegame.json.999999999.abc_12xy.tmp"   # the name a killed write leaves now
    stray.write_text("{half")
    monkeypatch.setattr(store, "_cleaned", False)
    store.load()
    assert not stray.exists()


# -- 2. a name with nothing visible ---------------------------------------------------------------
INVISIBLE = ["\u200b", "\ufeff", "\u2060", "\u00ad", "\U000E0001", "\u200b\u200d \u2060", "\u0301"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_with_nothing_visible_is_refused(name):
    from game.engine.records import clean_name, name_problem
    assert name_problem(name) == "a player's name must show at least one character"
    assert clean_name(name) == ""           # the setup screen then uses the seat's default name
    assert name_problem("Ann\u200ba") is None and name_problem("é") is None


@pytest.mark.parametrize("name", INVISIBLE[:5])
def test_a_save_with_an_invisible_name_is_set_aside(home, name):
    import copy
    data = copy.deepcopy(SAVES[0])
    data["record"]["players"][1]["name"] = name
    (home / "savegame.json").write_text(json.dumps(data), encoding="utf-8")
    saved, notice = saves.load()
    assert saved is None and notice.kind == "save-corrupt" and "show at least one" in notice.detail
    assert not (home / "savegame.json").exists()
    assert len(list(home.glob("savegame.json.corrupt-*"))) == 1


@pytest.mark.parametrize("text", INVISIBLE + [""])
def test_zero_width_text_renders(text, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui import theme
    pygame.init()
    surf = theme.render(text, 20)
    assert surf.get_height() > 0
    assert theme.render(text, 20, bold=True) is not None


# -- 3. a replay file of endless bad records ------------------------------------------------------
def test_the_viewer_stops_after_a_bounded_number_of_bad_records(home):
    import time

    from game.engine.records import MAX_BAD_RECORDS
    from game.ui.replay_open import open_games
    path = home / "many.jsonl"
    path.write_bytes(b"{}\n" * 1_000_000)
    start = time.perf_counter()
    games, problems = open_games(path)
    assert time.perf_counter() - start < 5
    assert not games and len(problems) == 1
    assert problems[0].text == f"{path}: stopped after {MAX_BAD_RECORDS} bad records"
    assert "\n" not in problems[0].text


def test_a_few_bad_records_are_still_listed_one_by_one(home):
    from game.ui.replay_open import open_games
    path = home / "few.jsonl"
    path.write_bytes(b"{}\n" * 3)
    games, problems = open_games(path)
    assert not games and [p.label for p in problems] == ["record 1", "record 2", "record 3"]


def _finished_games(app):
    app.nav.push("history")
    app.step([], 16)
    return next(s for s in app.manager.stack if type(s).__name__ == "HistoryScene")


@pytest.mark.parametrize("how", ["bad_records", "memory"])
def test_a_bad_finished_game_is_refused_in_one_line_and_set_aside(app, monkeypatch, how, tmp_path):
    """The last game of an older version that is no finished game's record, or a kept game
    whose replay fails (here out of memory): set aside with one line, never a traceback, and
    the list goes on without it."""
    from game.storage import history
    from game.engine import new_game
    if how == "bad_records":
        path = tmp_path / "last_game.json"
        content = b"{}\n" * 100_000
        path.write_bytes(content)
        listed = _finished_games(app)
        aside = list(tmp_path.glob("last_game.json.corrupt-*"))
    else:
        state = new_game("durak", 3, seed=2)
        while not state.is_over():
            state.apply(state.legal_actions()[0])
        assert history.add_game(state.record(), [0]) is None
        (game,) = history.list_games()[0]
        content = (history.folder() / game.file).read_bytes()

        def out_of_memory(record):
            raise MemoryError
        monkeypatch.setattr(history, "replay", out_of_memory)     # the replay the history reads with
        listed = _finished_games(app)
        listed.open(game.file)
        aside = list(history.folder().glob(f"{game.file}.corrupt-*"))
    top = app.manager.top
    assert type(top).__name__ == "MessageScene" and "could not be read" in top.text and "\n" not in top.text
    assert [p.read_bytes() for p in aside] == [content]
    top.close()
    app.step([], 16)
    assert app.manager.top is listed and listed.games == [] and not listed.open_btn.enabled


# -- 4. the menu's Continue label from an unchecked save ------------------------------------------
def _huge_header_save(home, name: str = "savegame.json") -> bytes:
    record = {"format": "gurka-record/1", "game": 1, "seed": 1, "rules": "gurka-se",
              "options": {"stake": [0] * 15800}, "players": [{}] * 10600, "events": []}
    data = {"format": saves.FORMAT, "record": record, "session": {}}
    raw = json.dumps(data, separators=(",", ":")).encode()
    assert len(raw) < 64 << 10
    (home / name).write_bytes(raw)
    return raw


@pytest.mark.parametrize("name", ["savegame.json", "savegame-gurka-se.json"])
def test_the_continue_label_checks_the_header_first(home, name):
    """The single save of older versions (moved into its slot) and a ruleset's save alike."""
    import tracemalloc

    from game.ui import savegame
    raw = _huge_header_save(home, name)
    notices = []
    tracemalloc.start()
    try:
        listed = savegame.saved_games(notices)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert listed == [] and peak < 20 << 20
    (notice,) = notices
    assert notice.kind == "save-corrupt" and "could not be read" in str(notice) and "\n" not in str(notice)
    assert not (home / name).exists()
    assert [p.read_bytes() for p in home.glob(f"{name}.corrupt-*")] == [raw]


def test_a_good_save_still_has_its_label(home):
    from game.ui import savegame
    (home / "savegame.json").write_text(json.dumps(SAVES[-1]), encoding="utf-8")
    notices = []
    (info,) = savegame.saved_games(notices)
    assert info.label.startswith("Gurka") and notices == []
    assert (home / "savegame-gurka-se.json").exists()        # moved into its ruleset's slot


def test_the_menu_sets_a_bad_save_aside_with_its_notice(app, tmp_path):
    from game.ui.menu import MainMenu
    _huge_header_save(tmp_path)
    app.manager.push(MainMenu(app))
    app.step([], 16)
    top = app.manager.top
    assert type(top).__name__ == "MessageScene" and "could not be read" in top.text
    top.close()
    app.step([], 16)
    assert app.manager.top.widgets.by_name("continue") is None
    assert len(list(tmp_path.glob("savegame.json.corrupt-*"))) == 1
