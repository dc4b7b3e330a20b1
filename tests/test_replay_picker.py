"""The replay viewer's file picker and the opening of a file: a large file of records is
read and checked off the frame path with its progress shown, and only its first game is
kept replayed; a path typed or picked that is no file (missing, a pipe, a device, a folder
where a file was listed, too big) says what it is and opens nothing."""

import json
import os
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.engine import load_records
from game.ui import replay_open
from game.ui.replay_open import MAX_BYTES, open_games

GOLDEN = Path(__file__).parent / "fixtures" / "golden"


def _key(k, text=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def records_file(path, megabytes: float) -> int:
    """Valid records, one a line, until the file holds ``megabytes``; how many."""
    lines = [json.dumps(load_records((GOLDEN / n).read_text(encoding="utf-8"))[0]) + "\n"
             for n in ("gurka-se-4p.jsonl", "durak-4p.jsonl", "agurk-dk-5p-buyin-twos.jsonl")]
    n, size = 0, 0
    with open(path, "w", encoding="utf-8") as fh:
        while size < megabytes * (1 << 20):
            fh.write(lines[n % 3])
            size += len(lines[n % 3])
            n += 1
    return n


def replay_menu(app):
    app.nav.push("replays")
    app.step([], 16)
    return app.manager.top


def test_a_large_file_of_records_never_holds_up_a_frame(app, tmp_path):
    """50 MB of valid records (it took 14 s inside one event): the menu returns at once,
    frames go on showing how many records are checked, and Esc stops it."""
    path = tmp_path / "evening.jsonl"
    n = records_file(path, 50)
    menu = replay_menu(app)
    drawn = []
    real = menu.draw

    def draw(surface):
        drawn.append((menu.opening.checked, menu.opening.total) if menu.opening else None)
        real(surface)
    menu.draw = draw
    menu.open_path(path)
    opening = menu.opening
    assert opening is not None and menu.animating()
    end = time.monotonic() + 120
    while not (drawn and drawn[-1] and drawn[-1][0] >= 2) and time.monotonic() < end:
        app.step([], 16)                              # the frames go on meanwhile
        time.sleep(0.01)
    checked, total = drawn[-1]
    assert total == n and 2 <= checked < n           # counted while the window went on
    app.step([_key(pygame.K_ESCAPE)], 16)             # Esc stops the opening, not the menu
    assert menu.opening is None and app.manager.top is menu
    opening.wait()                                    # it stops at the next record
    assert opening.cancelled and opening.checked < n
    app.step([], 16)
    assert type(app.manager.top).__name__ == "ReplayMenu"


def test_only_the_first_game_is_kept_replayed(app, tmp_path, monkeypatch):
    path = tmp_path / "some.jsonl"
    n = records_file(path, 0.5)
    menu = replay_menu(app)
    gate, reached, replays = threading.Event(), threading.Event(), []
    real = replay_open.replay

    def counted(record):
        replays.append(1)
        if len(replays) == 3:
            reached.set()
            gate.wait(30)                             # the checking waits here...
        return real(record)
    monkeypatch.setattr(replay_open, "replay", counted)
    menu.open_path(path)
    assert reached.wait(30)
    for _ in range(5):
        app.step([], 16)                              # ...and the frames go on meanwhile
    assert menu.opening is not None and menu.opening.checked == 2 and menu.opening.total == n
    gate.set()
    menu.wait()
    app.step([], 16)
    viewer = app.manager.top
    assert type(viewer).__name__ == "ReplayTable"
    games = viewer.games
    assert len(games) == n and len(replays) == n
    assert games.kept == {}                           # only the first is held replayed
    assert games[n - 1].record["events"] and len(replays) == n + 1
    for i in range(1, n):
        games[i]
    assert len(games.kept) == replay_open.KEEP


# -- what is not a file ------------------------------------------------------------------------

def special(kind: str, tmp_path: Path) -> Path:
    if kind == "pipe":
        path = tmp_path / "game.jsonl"
        os.mkfifo(path)
        return path
    if kind == "device":
        return Path("/dev/zero")
    if kind == "missing":
        return tmp_path / "nowhere" / "game.jsonl"
    if kind == "too big":
        path = tmp_path / "big.jsonl"
        with open(path, "wb") as fh:
            fh.truncate(MAX_BYTES + 1)
        return path
    raise AssertionError(kind)


SAYS = {"pipe": "not a file but a device, a pipe or a socket",
        "device": "not a file but a device, a pipe or a socket",
        "missing": "no such file", "too big": "too big to open"}


@pytest.mark.parametrize("kind", list(SAYS))
def test_a_typed_path_that_is_no_file_says_what_it_is(app, tmp_path, kind):
    path = special(kind, tmp_path)
    chosen = []
    picker = app.nav.push("open-file", on_choose=chosen.append, start=str(tmp_path), max_bytes=MAX_BYTES)
    app.step([], 16)
    picker.widgets.focus = picker.widgets.widgets.index(picker.path_box)
    picker.path_box.value = str(path)
    app.step([_key(pygame.K_RETURN)], 16)
    assert chosen == [] and app.manager.top is picker
    assert picker.folder == tmp_path                  # it went up a folder without a word
    assert picker.problem and SAYS[kind] in picker.problem.lower()
    picker.go(tmp_path)
    assert picker.problem is None


def test_a_listed_file_that_became_a_pipe_or_a_folder_is_not_chosen(app, tmp_path):
    (tmp_path / "a.jsonl").write_text("{}", encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("{}", encoding="utf-8")
    chosen = []
    picker = app.nav.push("open-file", on_choose=chosen.append, start=str(tmp_path), max_bytes=10)
    app.step([], 16)
    assert [p.name for k, p in picker.entries if k == "file"] == ["a.jsonl", "b.jsonl"]
    os.unlink(tmp_path / "a.jsonl")
    os.mkfifo(tmp_path / "a.jsonl")
    os.unlink(tmp_path / "b.jsonl")
    (tmp_path / "b.jsonl").mkdir()
    for i, says in ((1, "not a file but a device, a pipe or a socket"), (2, "a folder, not a file")):
        picker.open_entry(i)
        assert chosen == [] and app.manager.top is picker and says in picker.problem


@pytest.mark.parametrize("kind,code", [("pipe", "not_file"), ("device", "not_file"), ("missing", "missing"),
                                       ("too big", "too_big"), ("folder", "folder")])
def test_opening_what_is_no_file_says_what_it_is(app, tmp_path, kind, code):
    """The viewer's own check (a path may change after the picker looked): a pipe, a device
    or a folder said "The file is too big to open"."""
    from game.ui.replays import open_in_viewer
    path = tmp_path if kind == "folder" else special(kind, tmp_path)
    games, problems = open_games(path)
    assert not games and problems[0].code == code
    assert not open_in_viewer(app, path)
    top = app.manager.top
    assert type(top).__name__ == "MessageScene"
    if code != "too_big":
        assert "too big" not in top.text
