"""Two copies of the game at once: processes storing finished games into the same statistics
at the same instant (the first game ever stored, the upgrade of a version-1 file) lose no
game and never set a sound file aside; a file another program holds locked never holds up
the statistics screen, and is not set aside either."""

import multiprocessing
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from stats_helpers import gurka, meta, seats

from game.stats import db as D
from game.stats import load

WRITERS = 3
ROUNDS = 4


def _writer(path: str, who: int, barrier, out) -> None:
    from game.stats import record_game
    players = seats("human", "ai:normal", "ai:hard", name=f"w{who}")
    barrier.wait()
    notices = []
    for k in range(2):
        notice = record_game(gurka(players, [[k, 3, 0]], [1]), meta(), path=path)
        if notice is not None:
            notices.append(str(notice))
    out.put((who, notices))


def race(path) -> list:
    """WRITERS processes, released at the same instant, each storing two games."""
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(WRITERS), ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(str(path), i, barrier, out)) for i in range(WRITERS)]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    return [n for _who, notices in results for n in notices]


def v1_file(path, games: int = 3) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    D.migrate(conn, upto=1)
    for i in range(games):
        conn.execute("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, "
                     "place, deals, deals_played, penalty, was_durak, finished) VALUES "
                     f"('gurka-se', '{{}}', 3, 0, 'normal', 'points', 'won', 1, 2, 2, {i}, 0, '2024-01-01')")
    conn.close()


@pytest.mark.parametrize("start", ["new", "version 1"])
def test_writers_racing_lose_no_game_and_set_nothing_aside(tmp_path, start):
    for r in range(ROUNDS):
        folder = tmp_path / f"round{r}"
        folder.mkdir()
        path = folder / "stats.sqlite"
        before = 0
        if start == "version 1":
            v1_file(path)
            before = 3
        notices = race(path)
        assert notices == [], (r, notices)
        assert sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name) == []
        st = load(path=path)
        assert st.notice is None and st.games == before + 2 * WRITERS, r
        conn = sqlite3.connect(path)
        assert D.version(conn) == D.SCHEMA_VERSION
        names = {n for (n,) in conn.execute("SELECT name FROM seats WHERE seat = 0")}
        conn.close()
        assert names >= {f"w{i}" for i in range(WRITERS)}


def test_an_opener_sees_one_snapshot_and_reads_the_version_again_to_migrate(tmp_path, monkeypatch):
    """Another copy migrates the file just after this one read its version 1: the schema this
    one then compares is still version 1's (one read transaction), and its migration finds
    version 3 once it holds the write lock (it ran the steps again, or compared version 3's
    tables with version 1's, and called the file bad)."""
    from game.stats import record_game
    path = tmp_path / "stats.sqlite"
    v1_file(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    real = D.version
    calls = []

    def version(conn):
        v = real(conn)
        if not calls:
            calls.append(v)
            other = sqlite3.connect(path, isolation_level=None)
            assert D.migrate(other) == D.SCHEMA_VERSION
            other.close()
        return v
    monkeypatch.setattr(D, "version", version)
    assert record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[1, 0, 3]], [1]), meta(),
                       path=path) is None
    assert calls == [1] and not list(tmp_path.glob("*.corrupt-*"))
    monkeypatch.undo()
    assert load(path=path).games == 4


LOCKER = textwrap.dedent("""
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("UPDATE games SET hints = hints")
    print("locked", flush=True)
    sys.stdin.read()
""")


@pytest.fixture
def locked(tmp_path, monkeypatch):
    """The statistics (one game) held under an exclusive lock by another process."""
    from game.stats import record_game
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    monkeypatch.setattr(D, "BUSY_SECONDS", 0.3)
    assert record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[1, 0, 3]], [1]), meta()) is None
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(tmp_path / "stats.sqlite")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "locked"
    yield proc
    proc.stdin.close()
    proc.wait(30)


def test_a_locked_file_never_holds_up_the_screen(app, locked, tmp_path, monkeypatch):
    import threading

    from game import stats
    from game.ui.stats_scene import StatsScene
    release = threading.Event()
    real = stats.load_figures

    def slow_read(*a, **k):
        release.wait(30)
        return real(*a, **k)
    monkeypatch.setattr(stats, "load_figures", slow_read)
    sc = app.manager.push(StatsScene(app))          # returns at once: the reading waits elsewhere
    for _ in range(3):
        app.step([], 16)
    assert sc.busy and sc.empty and sc.w_back.enabled and not sc.w_reset.enabled
    release.set()
    sc.wait()
    app.step([], 16)
    assert "another copy of the game or another program" in sc.status and sc.empty
    assert not list(tmp_path.glob("*.corrupt-*"))
    locked.stdin.close()
    locked.wait(30)
    sc.reload()
    sc.wait()
    assert sc.stats.games == 1 and not sc.empty


def test_a_locked_file_is_a_notice_for_a_writer_and_a_reader(locked, tmp_path):
    """The writer keeps the game to add it later (issue 68: it was not stored at all)."""
    from game.stats import pending, record_game, retry
    notice = record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[2, 0, 3]], [1]), meta())
    assert notice is not None and notice.kind == "stats-pending" and notice.detail == "in-use"
    assert "will be added to your statistics later" in str(notice) and pending.waiting() == 1
    st = load()
    assert st.games == 0 and st.notice.kind == "stats-unavailable" and st.notice.detail == "in-use"
    assert not list(tmp_path.glob("*.corrupt-*"))
    locked.stdin.close()
    locked.wait(30)
    assert retry.add_waiting() == 0 and load().games == 2
