"""The saved game: atomic writes, exact resume, corrupt or tampered saves set aside."""


import pytest

from game import i18n
from game.engine import new_game, replay
from game.saves import delete_save, has_save, load, load_game, save_game, save_path


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    i18n.set_language("en")
    return tmp_path


def _game_in_progress(moves=7):
    players = [{"name": n, "seat": "human"} for n in ("Anna", "Björn", "Kåre", "Þóra")]
    state = new_game("gurka-se", players, seed=5)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def test_no_save():
    assert not has_save()
    assert load_game() == (None, None)


def test_save_and_resume_exactly(home):
    state = _game_in_progress()
    assert save_game(state.record(), {"game": 3, "chips": [10, 0, 5, 25]}) is None
    assert has_save() and save_path().parent == home
    assert "Þóra" in save_path().read_text(encoding="utf-8")
    record, notice = load_game()
    assert notice is None and record == state.record()
    back = replay(record)
    assert back.events == state.events and back.to_act() == state.to_act()
    saved, _ = load()
    assert saved.game_number == 3 and saved.chips == [10, 0, 5, 25]
    assert not list(home.glob("*.tmp"))


def test_saved_after_every_action_overwrites(home):
    state = _game_in_progress(0)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
        save_game(state.record())
    record, _ = load_game()
    assert len(record["events"]) == len(state.events)
    saved, _ = load()
    assert saved.session["game"] == 1 and saved.chips is None


def test_bad_session_values_fall_back(home):
    state = _game_in_progress(2)
    save_game(state.record(), {"game": -4, "chips": [1, 2], "losses": [0, 1, 0, 0]})
    saved, notice = load()
    assert notice is None
    assert saved.game_number == 1 and saved.chips is None and saved.session["losses"] == [0, 1, 0, 0]


@pytest.mark.parametrize("content", [b"{broken", b"\x00\x01\x02", b'{"format": "other"}',
                                     b'{"format": "gurka-save/1", "record": 7}'])
def test_corrupt_save_set_aside(home, content):
    save_path().write_bytes(content)
    record, message = load_game()
    assert record is None and isinstance(message, str)
    kept = list(home.glob("savegame.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not has_save()
    assert kept[0].name in message


def test_tampered_record_refused(home):
    state = _game_in_progress()
    rec = state.record()
    play = next(e for e in rec["events"] if e["type"] == "play")
    play["cards"] = ["AS"] if play["cards"] != ["AS"] else ["2C"]
    save_game(rec)
    saved, notice = load()
    assert saved is None and notice.kind == "save-corrupt" and "event" in notice.detail
    assert list(home.glob("savegame.json.corrupt-*"))


def test_unwritable_save_reports(home):
    save_path().mkdir()
    notice = save_game(_game_in_progress(1).record())
    assert notice is not None and notice.kind == "save-unwritable" and str(notice)


def test_ui_wrapper_names(home):
    from game import saves
    save_game(_game_in_progress(1).record())
    assert saves.has_game()
    assert saves.set_aside_game() is not None and not saves.has_game()
    save_game(_game_in_progress(1).record())
    saves.delete_game()
    assert not saves.has_game()


def test_delete_save(home):
    save_game(_game_in_progress(1).record())
    delete_save()
    assert not has_save()
    delete_save()
