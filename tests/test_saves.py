"""The saved game: atomic writes, exact resume, corrupt or tampered saves set aside."""


import pytest

from game import i18n
from game.engine import new_game, replay
from game.storage import saves
from game.storage.saves import clean_session, delete_save, has_save, load, save_game, save_path


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    i18n.set_language("en")
    return tmp_path


#: the save of the games these tests play (one save per ruleset)
def SE():
    return save_path("gurka-se")


def _game_in_progress(moves=7):
    players = [{"name": n, "seat": "human"} for n in ("Anna", "Björn", "Kåre", "Þóra")]
    state = new_game("gurka-se", players, seed=5)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def test_no_save():
    assert not has_save()
    assert load() == (None, None)


def test_save_and_resume_exactly(home):
    state = _game_in_progress()
    assert save_game(state.record(), {"game": 3, "chips": [10, 0, 5, 25]}) is None
    assert has_save() and SE().parent == home and SE().name == "savegame-gurka-se.json"
    assert "Þóra" in SE().read_text(encoding="utf-8")
    saved, notice = load()
    assert notice is None and saved.record == state.record()
    back = replay(saved.record)
    assert back.events == state.events and back.to_act() == state.to_act()
    saved, _ = load()
    assert saved.game_number == 3 and saved.chips == [10, 0, 5, 25]
    assert not list(home.glob("*.tmp"))


def test_saved_after_every_action_overwrites(home):
    state = _game_in_progress(0)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
        save_game(state.record())
    saved, _ = load()
    assert len(saved.record["events"]) == len(state.events)
    saved, _ = load()
    assert saved.session["game"] == 1 and saved.chips is None


def test_bad_session_values_fall_back(home):
    state = _game_in_progress(2)
    save_game(state.record(), {"game": -4, "chips": [1, 2], "losses": [0, 1, 0, 0]})
    saved, notice = load()
    assert notice is None
    assert saved.game_number == 1 and saved.chips is None and saved.session["losses"] == [0, 1, 0, 0]


def test_a_hostile_session_in_the_file_is_checked_once_on_loading(home):
    """Every session value the game reads, written straight into the file (not through
    save_game, which checks it too), comes back checked: a bad one replaced by its default."""
    import json
    state = _game_in_progress(2)
    bad = {"game": True, "chips": [1, 2, 3, True], "started": "x" * 41, "played_s": -5,
           "hints": -1, "undo_used": "yes", "durak_log": [[9], "x", [0, True], [1], [2, 0]],
           "next": {"dealer": 1}}
    SE().write_text(json.dumps({"format": saves.FORMAT, "record": state.record(),
                                       "session": bad}), encoding="utf-8")
    saved, notice = load()
    assert notice is None
    session = saved.session
    assert (session["game"], session["chips"], session["hints"], session["undo_used"]) == (1, None, 0, False)
    assert session["played_s"] == 0.0 and len(session["started"]) == 19
    assert session["durak_log"] == [[1], [2, 0]] and session["next"] == {"dealer": 1}


@pytest.mark.parametrize("session, players, kept", [
    ({"durak_log": "all"}, 3, []),
    ({"durak_log": [[0, 1, 2, 0]]}, 3, []),                   # more losers than seats
    ({"durak_log": [[0]] * 300_000 + [[1]] * saves.MAX_DURAK_GAMES}, 3, [[1]] * saves.MAX_DURAK_GAMES),
])
def test_the_durak_tally_keeps_only_good_and_latest_games(session, players, kept):
    """300,000 games in a saved session once made the score sheet take seconds to open."""
    assert clean_session(session, players)["durak_log"] == kept


def test_a_new_game_gets_every_mark(home):
    fresh = clean_session({}, 4, game=3)
    assert (fresh["game"], fresh["chips"], fresh["played_s"], fresh["hints"], fresh["undo_used"]) == \
        (3, None, 0.0, 0, False)
    # the purse and the settled mark come with chips and with a game's end, how far the table
    # had shown the game with its first save, not before
    assert "durak_log" not in fresh and set(saves.PER_GAME) - {"purse", "settled", "seen"} <= set(fresh)
    assert "purse" not in fresh and "settled" not in fresh and "seen" not in fresh


@pytest.mark.parametrize("seen,kept", [(12, True), (0, True), (-1, False), ("12", False), (True, False),
                                       (1.5, False), (10 ** 12, False)])
def test_a_saved_seen_mark_is_checked(home, seen, kept):
    assert ("seen" in clean_session({"seen": seen}, 3)) is kept


def test_a_saved_purse_and_settled_mark_are_checked(home):
    ok = clean_session({"chips": [90, 90, 90], "purse": [100, 100, 100], "settled": True}, 3)
    assert ok["purse"] == [100, 100, 100] and ok["settled"] is True
    bad = clean_session({"chips": [90, 90, 90], "purse": [100, "x", 100], "settled": "yes"}, 3)
    assert "purse" not in bad and "settled" not in bad
    assert "purse" not in clean_session({"purse": [1, 2]}, 3)        # one number per player


@pytest.mark.parametrize("content", [b"{broken", b"\x00\x01\x02", b'{"format": "other"}',
                                     b'{"format": "gurka-save/1", "record": 7}'])
def test_corrupt_save_set_aside(home, content):
    save_path().write_bytes(content)
    saved, notice = load()
    assert saved is None and notice.kind == "save-corrupt"
    kept = list(home.glob("savegame.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and notice.aside == kept[0]
    assert not has_save()
    assert kept[0].name in str(notice)


def test_tampered_record_refused(home):
    state = _game_in_progress()
    rec = state.record()
    play = next(e for e in rec["events"] if e["type"] == "play")
    play["cards"] = ["AS"] if play["cards"] != ["AS"] else ["2C"]
    save_game(rec)
    saved, notice = load()
    assert saved is None and notice.kind == "save-corrupt" and "event" in notice.detail
    assert list(home.glob("savegame-gurka-se.json.corrupt-*"))


def test_unwritable_save_reports(home):
    SE().mkdir()
    notice = save_game(_game_in_progress(1).record())
    assert notice is not None and notice.kind == "save-unwritable" and str(notice)


def test_a_save_the_table_cannot_resume_is_set_aside_with_its_reason(home):
    save_game(_game_in_progress(1).record())
    notice = saves.set_aside_game("no seat to show", SE())
    kept = list(home.glob("savegame-gurka-se.json.corrupt-*"))
    assert not has_save() and notice.kind == "save-unresumable" and notice.aside == kept[0]
    assert str(notice) == "The saved game could not be resumed and was set aside (no seat to show)."
    notice = saves.set_aside_game("gone", SE())                       # nothing left to move
    assert notice.aside is None and str(notice) == "The saved game could not be resumed (gone)."


def test_delete_save(home):
    save_game(_game_in_progress(1).record())
    delete_save(SE())
    assert not has_save()
    delete_save(SE())
