"""Saves written by v0.1 (tests/fixtures/saves, committed before the table rebuild) still
resume: the menu's Continue puts them on the table, and the game plays on from there."""

import shutil
from pathlib import Path

import pytest

SAVES = sorted((Path(__file__).parent / "fixtures" / "saves").glob("*-v0.1.json"))


def frames(app, n=1):
    for _ in range(n):
        app.step([], 16)


def test_there_are_old_saves():
    assert len(SAVES) >= 3


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_old_save_resumes_and_plays_on(app, tmp_path, path):
    from game.storage import saves
    from game.engine.public import table_of
    shutil.copy(path, saves.save_path())
    menu = app.nav.push("menu")
    frames(app)
    menu.widgets.by_name("continue").activate()
    table = app.manager.top
    assert table.route == "table"
    saved, _notice = saves.load(path)
    assert table.host.state.events[: len(saved.record["events"])] == saved.record["events"]
    assert table.session["game"] == saved.session["game"]
    for _ in range(300):      # the moves of the trick under way are shown again first
        if table.shown == len(table.host.state.events) and not table.busy():
            break
        frames(app)
    assert table.model.counts == table_of(table.host.state.record()).counts
    # the human is to act: one legal move goes through, and the game is saved again
    assert table.my_turn()
    before = len(table.host.state.events)
    assert table.do(table.host.state.legal_actions()[0])
    assert len(table.host.state.events) > before
    table.saver.flush()
    again, notice = saves.load()
    assert notice is None and again.record["events"] == table.host.state.events
