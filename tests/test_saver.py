"""The table's saver thread: newest record wins, order kept, problems reported once."""

import json

from game.storage import saves
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
    data = json.loads(saves.save_path("gurka-se").read_text())
    assert data["session"]["game"] == 19                 # the newest request
    s.save(_record(1), {"game": 1})
    s.delete("gurka-se")
    s.flush()
    assert not saves.save_path("gurka-se").exists()                # the delete came after the save
    assert s.take_problem() is None


def test_a_failing_write_is_reported_once_as_the_notice_of_the_save(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    saves.save_path("gurka-se").mkdir()                       # a folder where the file should go
    s = Saver()
    s.save(_record(2), {})
    s.flush()
    problem = s.take_problem()
    assert problem.kind == "save-unwritable" and problem.path == saves.save_path("gurka-se")
    assert str(problem).startswith("The game could not be saved: ")
    assert s.take_problem() is None
    s.save(_record(3), {})                          # a failure never stops the next writes
    s.flush()
    assert s.take_problem().kind == "save-unwritable"


def test_a_save_that_raises_inside_is_still_a_notice(tmp_path, monkeypatch):
    """Whatever goes wrong under the writer (here the encoder itself) comes back as the
    same kind of notice, never an exception on the writer's thread."""
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))

    def broken(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(saves.json, "dumps", broken)
    s = Saver()
    s.save(_record(2), {})
    s.flush()
    problem = s.take_problem()
    assert problem.kind == "save-unwritable" and "MemoryError" in str(problem)
