"""The finished games (issue 47, point 7): every finished game's record kept beside the
statistics, listed (the player's own first, newest first), replayed, deleted, exported;
bounded; hostile files set aside with a notice, never a traceback, never a file opened
outside the folder, through a link or a pipe."""

import json
import os
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.storage import history
from game.engine import new_game, replay
from game.ui.replay_open import open_games


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("GURKA_HOME", str(home))
    i18n.set_language("en")
    return home


def finished(rules="durak", n=3, seed=2, humans=(0,)):
    players = [{"name": name, "seat": "human" if i in humans else "ai:easy"}
               for i, name in enumerate(["Anna", "Björn", "Karin", "Dóra", "Eiríkur"][:n])]
    state = new_game(rules, players, None, seed=seed)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    return state.record()


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


# -- kept and listed ------------------------------------------------------------------------------
def test_a_finished_game_is_kept_with_what_the_list_shows():
    record = finished("agurk-no", 4)
    assert history.add_game(record, [0], "2026-05-12T19:30:45") is None
    (game,), notices = history.list_games()
    assert notices == []
    assert (game.rules, game.players, game.mine, game.finished) == (
        "agurk-no", ("Anna", "Björn", "Karin", "Dóra"), (0,), "2026-05-12T19:30:45")
    assert game.kind == "win" and game.seats == tuple(record["events"][-1]["winners"])
    assert history.load_record(game) == (record, None)
    assert game.file.startswith("20260512-193045-")


@pytest.mark.parametrize("rules, n, kind", [("durak", 3, "loser"), ("durak", 4, "team"), ("gurka-is7", 3, "win")])
def test_every_kind_of_end_is_read_from_the_game_over_event(rules, n, kind):
    record = finished(rules, n, seed=4)
    if kind == "team":
        state = new_game("durak", record["players"], {"teams": "2v2"}, seed=4)
        while not state.is_over():
            state.apply(state.legal_actions()[0])
        record = state.record()
    assert history.end_of(record)[0] == kind


def test_the_players_own_games_come_first_each_group_newest_first():
    when = ["2026-01-01T10:00:00", "2026-03-01T10:00:00", "2026-02-01T10:00:00", "2026-04-01T10:00:00"]
    for k, (w, mine) in enumerate(zip(when, ([0], [], [1], []))):
        assert history.add_game(finished(seed=k + 1), mine, w) is None
    games, _ = history.list_games()
    assert [(g.finished[:7], g.own) for g in games] == [("2026-02", True), ("2026-01", True),
                                                       ("2026-04", False), ("2026-03", False)]


def test_the_oldest_go_beyond_the_number_kept(monkeypatch):
    monkeypatch.setattr(history, "MAX_GAMES", 3)
    for day in range(1, 6):
        assert history.add_game(finished(seed=day), [0], f"2026-01-0{day}T12:00:00") is None
    games, _ = history.list_games()
    assert [g.finished[:10] for g in games] == ["2026-01-05", "2026-01-04", "2026-01-03"]
    assert len(list(history.folder().glob("*-*-*.json"))) == 3            # the files go too


def test_the_oldest_go_beyond_the_size_kept(monkeypatch):
    size = len(json.dumps(finished(seed=1), ensure_ascii=False).encode()) + 1
    monkeypatch.setattr(history, "MAX_TOTAL_BYTES", 2 * size + size // 2)
    for day in range(1, 5):
        assert history.add_game(finished(seed=1), [0], f"2026-01-0{day}T12:00:00") is None
    games, _ = history.list_games()
    assert [g.finished[:10] for g in games] == ["2026-01-04", "2026-01-03"]


def test_the_last_game_of_an_older_version_is_moved_in(home):
    record = finished("gurka-se", 3)
    old = home / "last_game.json"
    old.write_text(json.dumps(record), encoding="utf-8")
    os.utime(old, (1_700_000_000, 1_700_000_000))
    (game,), notices = history.list_games()
    assert notices == [] and not old.exists()
    assert game.mine == (0,) and game.finished.startswith("2023-11-1")      # dated when it was written
    assert history.load_record(game) == (record, None)


def test_an_unfinished_last_game_is_set_aside_with_a_notice(home):
    record = finished()
    record["events"] = record["events"][:-1]
    (home / "last_game.json").write_text(json.dumps(record), encoding="utf-8")
    games, (notice,) = history.list_games()
    assert games == [] and notice.kind == "history-game-corrupt" and "could not be read" in str(notice)
    assert list(home.glob("last_game.json.corrupt-*"))


def test_delete_forgets_the_game_and_its_file():
    for k in range(2):
        assert history.add_game(finished(seed=k + 1), [0], f"2026-01-0{k + 1}T12:00:00") is None
    games, _ = history.list_games()
    assert history.delete_game(games[0]) is None
    left, _ = history.list_games()
    assert left == games[1:] and not (history.folder() / games[0].file).exists()


def test_export_writes_a_record_file_that_replays_and_never_replaces_one(tmp_path):
    record = finished("agurk-dk", 4)
    assert history.add_game(record, [0], "2026-05-12T19:30:45") is None
    (game,), _ = history.list_games()
    out = tmp_path / "shared"
    first, notice = history.export_game(game, out)
    assert notice is None and first == out / "gurka-agurk-dk-20260512-1930.json"
    second, _ = history.export_game(game, out)
    assert second != first and second.parent == out and first.is_file()
    games, problems = open_games(second)
    assert problems == [] and games[0].record == record and games[0].finished
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    path, notice = history.export_game(game, blocked)          # a file where the folder should be
    assert path is None and notice.kind == "export-unwritable" and "could not be exported" in str(notice)


def test_a_network_games_record_arriving_at_its_end_is_kept(app):
    """A joiner's table has no host: the record arrives with the game's end (books.finish),
    and it is kept as the player's own, from the joiner's seat."""
    from game.ui.table.scene import TableScene
    kept = finished("durak", 3, humans=(0, 1, 2))
    state = replay(kept)

    class Joined:            # the face of a network joiner's stream (game.net.client.NetStream)
        authority = None
        network = problem = None

        def serve(self):
            pass

        def seat_note(self, seat):
            return ""
        rules, options, players, game = kept["rules"], kept["options"], kept["players"], 1
        mine, seat = [1], 1
        events = state.view(1)["events"]

        def is_over(self):
            return True

        def record(self):
            return kept

        def to_act(self):
            return None

        def thinking(self):
            return None

        def take_refusal(self):
            return None

        def tick(self, *a):
            pass

        def close(self):
            pass

    table = app.nav.push("table", scene=TableScene(app, Joined(), save=False))
    app.step([], 16)
    table.books.flush()
    (game,), _ = history.list_games()
    assert game.mine == (1,) and history.load_record(game)[0] == kept


# -- hostile ---------------------------------------------------------------------------------------
def test_a_bad_index_is_set_aside_and_the_list_made_again_from_the_files():
    assert history.add_game(finished(), [0], "2026-01-01T12:00:00") is None
    index = history.folder() / "index.json"
    index.write_text("[" * 100_000, encoding="utf-8")
    (game,), (notice,) = history.list_games()
    assert notice.kind == "history-index-corrupt" and "made again" in str(notice)
    assert game.mine == (0,) and list(history.folder().glob("index.json.corrupt-*"))
    assert json.loads(index.read_text(encoding="utf-8"))["games"][0]["file"] == game.file


@pytest.mark.parametrize("entry", [
    {"file": "../../secret.json"}, {"file": "/etc/passwd"}, {"file": "20260101-120000-aaaaaaaa.json/.."},
    {"players": ["x"] * 1000}, {"players": ["\u200b", "B"]}, {"mine": [7]}, {"mine": [True]},
    {"end": {"kind": "win", "seats": [9]}}, {"end": {"kind": "shrug", "seats": []}},
    {"end": {"kind": "loser", "seats": [0, 1]}}, {"rules": "../rules"}, {"bytes": -5},
    {"finished": "yesterday"}, {"file": 7}])
def test_an_index_entry_that_is_off_is_never_used(tmp_path, monkeypatch, entry):
    """Nothing the index says opens a file outside the folder or reaches the list unchecked."""
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps(finished()), encoding="utf-8")
    assert history.add_game(finished(seed=3), [0], "2026-01-01T12:00:00") is None
    index = history.folder() / "index.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    data["games"].append({**data["games"][0], **entry})
    index.write_text(json.dumps(data), encoding="utf-8")
    opened = []
    real = history.read_own_json
    monkeypatch.setattr(history, "read_own_json", lambda path, most: (opened.append(path), real(path, most))[1])
    games, notices = history.list_games()
    assert len(games) == 1 and notices == []
    assert all(p.parent == history.folder() for p in opened)
    for game in games:
        assert history.load_record(game)[0] is not None


@pytest.mark.parametrize("what", ["link", "fifo", "huge", "junk", "unfinished"])
def test_a_record_file_that_is_no_record_is_set_aside_never_followed(tmp_path, what):
    if what == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    assert history.add_game(finished(seed=1), [0], "2026-01-01T12:00:00") is None
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(finished(seed=2)), encoding="utf-8")
    before = outside.read_bytes()
    bad = history.folder() / "20260202-120000-0badf00d.json"
    if what == "link":
        bad.symlink_to(outside)
    elif what == "fifo":
        os.mkfifo(bad)
    elif what == "huge":
        bad.write_bytes(b" " * (history.MAX_RECORD_BYTES + 1))
    elif what == "junk":
        bad.write_bytes(b"\x00\xff{")
    else:
        record = finished(seed=2)
        record["events"].pop()
        bad.write_text(json.dumps(record), encoding="utf-8")
    games, (notice,) = history.list_games()
    assert [g.finished for g in games] == ["2026-01-01T12:00:00"]
    assert notice.kind == "history-game-corrupt" and str(notice) == "1 finished game could not be read and was set aside."
    assert not os.path.lexists(bad) and list(history.folder().glob(f"{bad.name}.corrupt-*"))
    assert outside.read_bytes() == before


def test_a_history_that_is_a_link_is_set_aside_and_made_anew(home, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "history").symlink_to(elsewhere, target_is_directory=True)
    notice = history.add_game(finished(), [0])
    assert notice is not None and notice.kind == "history-folder" and "set aside" in str(notice)
    assert history.folder().is_dir() and not history.folder().is_symlink()
    assert list(elsewhere.iterdir()) == []                     # nothing written through the link
    assert len(history.list_games()[0]) == 1


def test_a_record_that_does_not_replay_is_set_aside_when_opened():
    assert history.add_game(finished(), [0], "2026-01-01T12:00:00") is None
    (game,), _ = history.list_games()
    path = history.folder() / game.file
    record = json.loads(path.read_text(encoding="utf-8"))
    record["events"][3] = {"type": "attack", "player": 0, "cards": ["AS", "AS"]}
    path.write_text(json.dumps(record), encoding="utf-8")
    loaded, notice = history.load_record(game)
    assert loaded is None and notice.kind == "history-game-corrupt" and not path.exists()
    assert history.list_games()[0] == []


def test_a_folder_that_cannot_be_written_is_a_notice_not_a_crash(home):
    (home / "history").write_text("a file where the folder should be")
    notice = history.add_game(finished(), [0])
    assert notice is not None and notice.kind == "history-folder"
    assert len(history.list_games()[0]) == 1 and list(home.glob("history.corrupt-*"))


# -- the screen -------------------------------------------------------------------------------------
def test_the_list_opens_exports_and_deletes_by_keys_and_buttons(app, home):
    for k, (rules, mine) in enumerate((("durak", [0]), ("agurk-no", []), ("gurka-is", [0]))):
        n = 4 if rules == "agurk-no" else 3
        assert history.add_game(finished(rules, n, seed=k + 1), mine, f"2026-01-0{k + 1}T12:00:00") is None
    listed = app.nav.push("history")
    app.step([], 16)
    rows = listed.list.rows
    assert [r.title for r in rows if r.key is None] == ["Your games", "Games without you"]
    assert [r.key is None for r in rows] == [True, False, False, True, False]
    first = rows[1]
    assert first.title == "Gúrka\u00a0(Icelandic)" and first.right == "2026-01-03 12:00"
    assert first.sub == "Anna, Björn, Karin" and first.sub_right.endswith(("wins!", "win!"))
    app.step([_key(pygame.K_DOWN), _key(pygame.K_DOWN)], 16)       # over the heading, to the other group
    assert listed.list.selected == rows[4].key
    app.step([_key(pygame.K_RETURN)], 16)
    viewer = app.manager.top
    assert type(viewer).__name__ == "ReplayTable" and viewer.complete
    app.step([_key(pygame.K_ESCAPE)], 16)
    assert app.manager.top is listed
    listed.export_btn.activate()
    told = app.manager.top
    assert type(told).__name__ == "MessageScene"
    path = Path(told.text.split("\n")[-1])                      # it says where the file went
    assert path.parent == history.export_folder() and path.suffix == ".json"
    assert open_games(path)[0][0].record == history.load_record(listed.selected())[0]
    told.close()
    app.step([_key(pygame.K_DELETE)], 16)
    app.manager.top.widgets.by_name("yes").activate()
    assert [r.key for r in listed.list.rows if r.key] == [rows[1].key, rows[2].key]
    assert len(history.list_games()[0]) == 2
