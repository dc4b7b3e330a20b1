"""The table's saver thread: newest record wins, order kept, problems reported once."""

import json

from game import saves
from game.ui.table.saver import Saver


def _record(n):
    from game.engine import new_game
    st = new_game("gurka-se", 3, {}, seed=n)
    return st.record()


def test_latest_save_is_written_and_delete_comes_after(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    s = Saver()
    for i in range(1, 20):
        s.save(_record(i), {"game": i})
    s.flush()
    data = json.loads(saves.save_path().read_text())
    assert data["session"]["game"] == 19                 # the newest request
    s.save(_record(1), {"game": 1})
    s.delete()
    s.flush()
    assert not saves.save_path().exists()                # the delete came after the save
    assert s.take_problem() is None


def test_a_failing_write_is_reported_once(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    monkeypatch.setattr("game.ui.savegame.save", lambda record, session: "disk full")
    s = Saver()
    s.save(_record(2), {})
    s.flush()
    assert s.take_problem() == "disk full"
    assert s.take_problem() is None
