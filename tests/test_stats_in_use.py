"""Another program holds the statistics file while a game ends (issue 68): an open write
transaction, an exclusive lock (``PRAGMA locking_mode=EXCLUSIVE``, kept after its
transaction), or a WAL writer that never commits, each held by a real second process.

The game's frame loop keeps running, the player is told in one line within 5 s that the
game will be added later, the game waits in ``stats-pending/``, and it reaches the
statistics once the lock is gone: in the same session, or at the next start.  A waiting
game is never counted twice, and a waiting file that is no game of ours is set aside."""

import json
import subprocess
import sys
import textwrap
import time

import pytest
from stats_helpers import gurka, known, meta, seats
from test_save_game_end import instant_ai, play_to_the_last_move  # noqa: F401

from game.stats import load, record_game

#: how soon the player must hear of it (the issue's "within a few seconds")
NOTICE_SECONDS = 5.0
#: how long a test waits for the game to reach the statistics once the file is free
FREE_SECONDS = 30.0

HOLDER = textwrap.dedent("""
    import sqlite3, sys
    path, kind = sys.argv[1], sys.argv[2]
    conn = sqlite3.connect(path, isolation_level=None)
    if kind == "write-transaction":          # begun, written to, never committed
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE games SET hints = hints")
    elif kind == "exclusive-mode":           # the lock stays after the transaction
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("UPDATE games SET hints = hints")
        conn.execute("COMMIT")
    elif kind == "wal-writer":               # its pages spill into the -wal, never committed
        conn.execute("PRAGMA cache_size = 2")
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO seats (game_id, seat, kind, name) VALUES (1, ?, 'ai', ?)",
                         [(100 + i, "x" * 2000) for i in range(300)])
    print("holding", flush=True)
    sys.stdin.read()
""")
KINDS = ("write-transaction", "exclusive-mode", "wal-writer")


def hold(path, kind: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), kind], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding"
    return proc


def let_go(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.stdin.close()
        proc.wait(30)


def top(app) -> str:
    return type(app.manager.top).__name__


def notice_on_screen(app) -> str | None:
    return next((s.text for s in app.manager.stack if type(s).__name__ == "MessageScene"), None)


def end_the_game(app, table, seconds: float) -> tuple[str | None, int, float]:
    """Frames, as the window's loop runs them, from the game's last move for ``seconds`` or
    until a notice shows: (the notice, frames run, the slowest frame in seconds).  Held
    tricks go on and overlays other than the result are passed, as a player would."""
    end = time.monotonic() + seconds
    frames, slowest = 0, 0.0
    while time.monotonic() < end:
        text = notice_on_screen(app)
        if text is not None:
            return text, frames, slowest
        if top(app) == "TableScene" and table.timeline.held is not None:
            table.flow.go_on()
        elif top(app) not in ("TableScene", "ResultScene"):
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        t0 = time.monotonic()
        app.step([], 16)
        slowest = max(slowest, time.monotonic() - t0)
        frames += 1
        time.sleep(0.01)
    return notice_on_screen(app), frames, slowest


def until(cond, seconds: float = FREE_SECONDS) -> bool:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            return False
        time.sleep(0.1)
    return True


@pytest.fixture
def three_games(app, tmp_path):
    for record, m in known()[:3]:
        assert record_game(record, m) is None
    assert load().games == 3
    return tmp_path / "stats.sqlite"


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_ends_while_another_program_holds_the_file(app, instant_ai, three_games, tmp_path,  # noqa: F811
                                                          kind):
    holder = hold(three_games, kind)
    try:
        table = play_to_the_last_move(app, "gurka-is", 3, {"limit": 5})
        text, frames, slowest = end_the_game(app, table, NOTICE_SECONDS)
        assert text is not None, f"no notice within {NOTICE_SECONDS} s"
        assert "This game will be added to your statistics later" in text
        assert "another copy of the game or another program is using the file" in text
        assert frames >= 20 and slowest < 1.0, (frames, slowest)     # the frames went on meanwhile
        from game.stats import pending
        assert pending.waiting() == 1
        t0 = time.monotonic()
        app.nav.back_to("menu")                  # leaving the table waits for nothing held
        assert time.monotonic() - t0 < 1.0
    finally:
        let_go(holder)
    assert until(lambda: load().games == 4), "the waiting game never reached the statistics"
    assert pending.waiting() == 0 and not list(tmp_path.glob("*.corrupt-*"))
    assert load().notice is None


def test_a_waiting_game_is_added_at_the_next_start(app, instant_ai, three_games, tmp_path):  # noqa: F811
    from game.ui.app import App
    holder = hold(three_games, "exclusive-mode")
    try:
        table = play_to_the_last_move(app, "durak", 2, {})
        text, _frames, _slowest = end_the_game(app, table, NOTICE_SECONDS)
        assert text is not None and "added to your statistics later" in text
        app.on_close()
        app.shutdown()                          # the window closes: the tries stop
    finally:
        let_go(holder)
    from game.stats import pending, retry
    time.sleep(retry.RETRY_SECONDS + 0.5)
    assert pending.waiting() == 1 and load().games == 3     # nothing added it since
    App(size=(1024, 640), lang="en")            # the next start
    assert until(lambda: load().games == 4), "not added at the next start"
    assert pending.waiting() == 0


def test_the_statistics_screen_counts_the_waiting_games_and_adds_them_when_free(app, three_games):
    from game.stats import pending, retry
    from game.ui.stats_scene import StatsScene
    holder = hold(three_games, "write-transaction")
    try:
        notice = record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[2, 0, 3]], [1]), meta())
        assert notice.kind == "stats-pending"
        retry.stop()
        sc = app.manager.push(StatsScene(app))
        sc.wait()
        assert sc.stats.games == 3 and "1 finished game will be added to your statistics" in sc.status
    finally:
        let_go(holder)
    sc.reload()                                 # the file is free: opening the screen adds it
    sc.wait()
    assert sc.stats.games == 4 and not sc.status and pending.waiting() == 0


def test_a_waiting_game_is_never_counted_twice(tmp_path):
    """A copy of the game killed between adding a waiting game and deleting its file, or two
    copies adding it at once: the file's game is in the statistics once."""
    from game.stats import pending, retry
    path = tmp_path / "stats.sqlite"
    for record, m in known()[:3]:
        assert record_game(record, m, path=path) is None
    game = gurka(seats("human", "ai:easy", "ai:easy"), [[2, 0, 3]], [1])
    assert pending.keep(game, meta(finished="2024-05-01T18:21:00"), path)
    kept = pending.folder(path) / pending.names(pending.folder(path))[0]
    copy = kept.read_bytes()
    assert retry.add_waiting(path) == 0 and load(path=path).games == 4
    kept.write_bytes(copy)                      # as if the delete had not happened
    assert retry.add_waiting(path) == 0 and load(path=path).games == 4
    assert not kept.exists()


@pytest.mark.parametrize("content", [b"not json", b'{"format": "gurka-stats-pending/1"}',
                                     json.dumps({"format": "gurka-stats-pending/1", "record": {"events": 7},
                                                 "meta": {}}).encode(), b"[" * 100000])
def test_a_waiting_file_that_is_no_game_is_set_aside(tmp_path, content):
    from game.stats import pending, retry
    path = tmp_path / "stats.sqlite"
    assert record_game(*known()[0], path=path) is None
    home = pending.folder(path)
    home.mkdir()
    (home / "20240501-180000-0123abcd.json").write_bytes(content)
    assert pending.keep(gurka(seats("human", "ai:easy", "ai:easy"), [[2, 0, 3]], [1]), meta(), path)
    assert retry.add_waiting(path) == 0
    assert load(path=path).games == 2                        # the good one is added
    aside = list(home.glob("*.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    (told,) = retry.take_notices()
    assert told.kind == "stats-unsaved" and "\n" not in str(told)


def test_a_link_or_a_file_at_the_folders_name_is_never_followed(tmp_path):
    from game.stats import pending
    path = tmp_path / "stats.sqlite"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    pending.folder(path).symlink_to(elsewhere)
    assert pending.keep(gurka(seats("human", "ai:easy", "ai:easy"), [[2, 0, 3]], [1]), meta(), path)
    assert list(elsewhere.iterdir()) == [] and pending.folder(path).is_dir()
    assert not pending.folder(path).is_symlink() and pending.waiting(path) == 1
