"""The statistics database: migrations from every earlier version, bad files set aside
(never a crash, never silently emptied), the reset's backup, hostile input."""

import os
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stats_helpers import GURKA, gurka, meta, seats

from game.stats import SCHEMA_VERSION, load, open_db, record_game, reset
from game.stats import db as D

NORMAL = seats("human", "ai:normal", "ai:normal")


def a_game(pen: int = 5) -> dict:
    return gurka(NORMAL, [[pen, 0, 14]], [1])


def schema(conn) -> list:
    return sorted(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall(),
                  key=lambda r: r[1])


def fresh_schema(tmp_path) -> list:
    opened = open_db(tmp_path / "fresh.sqlite")
    try:
        return schema(opened.conn)
    finally:
        opened.conn.close()


#: a game as each released schema version stored it (inserted before migrating on)
V1_GAME = ("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, place, "
           "deals, deals_played, penalty, was_durak, started, finished, duration_s, undo_used) VALUES "
           "('gurka-se', '{}', 3, 0, 'normal', 'points', 'won', 1, 2, 2, 7, 0, NULL, '2024-01-01', 60, 1)")
V1_ROWS = ["INSERT INTO seats VALUES (1, 0, 'human', NULL, 'Me')",
           "INSERT INTO deals VALUES (1, 1, 0, 3, 3, 1)", "INSERT INTO deals VALUES (1, 2, 0, 4, 7, 1)"]


@pytest.mark.parametrize("start", range(SCHEMA_VERSION))
def test_migrates_from_every_earlier_version(tmp_path, start):
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    assert D.migrate(conn, upto=start) == start and D.version(conn) == start
    if start >= 1:
        conn.execute(V1_GAME)
        for sql in V1_ROWS:
            conn.execute(sql)
    conn.close()
    opened = open_db(path)
    assert opened.notice is None and opened.aside is None
    assert D.version(opened.conn) == SCHEMA_VERSION
    assert schema(opened.conn) == fresh_schema(tmp_path)
    n = opened.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    opened.conn.close()
    st = load(path=path)
    if start >= 1:
        assert n == 1 and st.games == 1 and st.total.wins == 1
        assert st.total.avg_penalty == pytest.approx(3.5)
    else:
        assert n == 0 and st.games == 0
    assert record_game(a_game(), meta(hints=3), path=path) is None
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT hints FROM games ORDER BY id").fetchall()[-1] == (3,)
    conn.close()


def test_v1_to_v2_adds_hints_and_the_index(tmp_path):
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    D.migrate(conn, upto=1)
    conn.execute(V1_GAME)
    assert "hints" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    D.migrate(conn)
    assert conn.execute("SELECT hints FROM games").fetchall() == [(0,)]
    assert conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'games_by_rules'"
                        ).fetchone() == ("games_by_rules",)
    conn.close()


def test_a_version_1_file_is_read_as_it_is_with_its_undo_marks(tmp_path):
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path)
    for sql in D.MIGRATIONS[0]:
        conn.execute(sql)
    conn.execute(V1_GAME)
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    stats = load(path=path)
    assert stats.games == 1 and (stats.total.undo_games, stats.total.hints) == (1, 0)
    assert D.version(sqlite3.connect(path)) == 1                 # reading migrated nothing


def test_a_failing_migration_step_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    D.migrate(conn, upto=1)
    conn.execute(V1_GAME)
    monkeypatch.setattr(D, "MIGRATIONS", [D.MIGRATIONS[0], ("ALTER TABLE games ADD COLUMN hints INTEGER",
                                                            "THIS IS NOT SQL")])
    with pytest.raises(sqlite3.OperationalError):
        D.migrate(conn)
    assert D.version(conn) == 1
    assert "hints" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)
    conn.close()


def test_wal_journal(tmp_path):
    opened = open_db(tmp_path / "stats.sqlite")
    assert opened.conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    opened.conn.close()


# -- bad files are set aside ---------------------------------------------------------

def assert_set_aside(tmp_path, content: bytes | None):
    """Opening sets the file aside with a notice, keeps its bytes, and a fresh DB works."""
    path = tmp_path / "stats.sqlite"
    notice = record_game(a_game(7), meta(), path=path)
    assert notice and "could not be read" in str(notice)
    asides = sorted(p for p in tmp_path.glob("stats.sqlite.corrupt-*") if not p.name.endswith("-wal"))
    assert len(asides) == 1 and asides[0].name in str(notice)
    if content is not None:
        assert asides[0].read_bytes() == content
    st = load(path=path)
    assert st.games == 1 and st.notice is None and st.total.avg_penalty == 7
    return asides[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(min_size=1, max_size=6000), header=st.booleans())
def test_random_bytes_are_set_aside(tmp_path_factory, data, header):
    tmp_path = tmp_path_factory.mktemp("rand")
    content = (D.MAGIC + data) if header else data
    (tmp_path / "stats.sqlite").write_bytes(content)
    assert_set_aside(tmp_path, content)


def test_empty_file_is_simply_a_new_database(tmp_path):
    (tmp_path / "stats.sqlite").write_bytes(b"")
    assert record_game(a_game(), meta(), path=tmp_path / "stats.sqlite") is None
    assert not list(tmp_path.glob("*.corrupt-*"))


def full_db(tmp_path, games: int = 40):
    path = tmp_path / "stats.sqlite"
    for i in range(games):
        assert record_game(a_game(i % 14), meta(), path=path) is None
    return path


@pytest.mark.parametrize("keep", [0.5, 0.25, 4096, 100])
def test_truncated_file_is_set_aside(tmp_path, keep):
    path = full_db(tmp_path)
    data = path.read_bytes()
    cut = data[:int(len(data) * keep) if keep < 1 else keep]
    path.write_bytes(cut)
    assert_set_aside(tmp_path, cut)


def test_newer_schema_is_set_aside(tmp_path):
    path = full_db(tmp_path, 2)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    aside = assert_set_aside(tmp_path, None)
    old = sqlite3.connect(aside)          # kept whole: still readable by a newer game
    assert old.execute("SELECT COUNT(*) FROM games").fetchone() == (2,)
    old.close()


@pytest.mark.parametrize("damage", ["DROP TABLE deals", "ALTER TABLE games DROP COLUMN hints",
                                    "DROP TABLE games"])
def test_missing_table_or_column_is_set_aside(tmp_path, damage):
    path = full_db(tmp_path, 2)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA foreign_keys = OFF")
    for index in ("games_by_rules", "games_figures", "games_in_order"):
        conn.execute(f"DROP INDEX IF EXISTS {index}")
    conn.execute(damage)
    conn.commit()
    conn.close()
    assert_set_aside(tmp_path, None)


def test_a_file_with_triggers_is_set_aside(tmp_path):
    path = full_db(tmp_path, 2)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM games; END")
    conn.commit()
    conn.close()
    assert_set_aside(tmp_path, None)


def test_unopenable_path_is_set_aside(tmp_path):
    (tmp_path / "stats.sqlite").mkdir()          # a folder where the file should be
    assert_set_aside(tmp_path, None)


def test_a_stale_wal_follows_the_bad_file(tmp_path):
    path = tmp_path / "stats.sqlite"
    path.write_bytes(b"garbage" * 100)
    (tmp_path / "stats.sqlite-wal").write_bytes(b"old wal")
    (tmp_path / "stats.sqlite-shm").write_bytes(b"old shm")
    aside = assert_set_aside(tmp_path, b"garbage" * 100)
    assert (tmp_path / f"{aside.name}-wal").read_bytes() == b"old wal"


def test_an_unusable_folder_gives_a_notice_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    notice = record_game(a_game(), meta(), path=blocker / "stats.sqlite")
    assert notice and "could not be added" in str(notice)
    st = load(path=blocker / "stats.sqlite")
    assert st.games == 0


def test_a_locked_database_is_not_set_aside(tmp_path, monkeypatch):
    """Told by SQLite's message alone too (Python 3.10 has no sqlite_errorcode)."""
    path = full_db(tmp_path, 1)
    monkeypatch.setattr(D, "_connect", lambda *a: (_ for _ in ()).throw(
        sqlite3.OperationalError("database is locked")))
    notice = record_game(a_game(), meta(), path=path)
    assert notice.detail == "in-use" and "another copy of the game" in str(notice)
    monkeypatch.undo()
    assert not list(tmp_path.glob("*.corrupt-*")) and load(path=path).games == 1


# -- reset ------------------------------------------------------------------------------

def test_reset_keeps_a_backup(tmp_path):
    path = full_db(tmp_path, 3)
    backup, notice = reset(path)
    assert notice is None and backup.name.startswith("stats.sqlite.backup-")
    assert load(path=path).games == 0
    assert load(path=backup).games == 3
    assert record_game(a_game(), meta(), path=path) is None and load(path=path).games == 1


def test_reset_without_a_backup_deletes_nothing(tmp_path, monkeypatch):
    path = full_db(tmp_path, 3)

    def no_room(conn, p):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(D, "backup_to", no_room)
    backup, notice = D.reset(path)
    assert backup is None and "the disk is full" in str(notice)
    assert load(path=path).games == 3


# -- hostile input -----------------------------------------------------------------------

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                           lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c,
                                                                               max_size=4),
                           max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=json_values, m=json_values, seat=st.sampled_from([0, 1, None, -1, True, "0"]))
def test_record_game_never_raises(tmp_path, record, m, seat):
    if isinstance(m, dict):
        m["human_seat"] = seat
    out = record_game(record, m, path=tmp_path / "h.sqlite")
    assert out is None or isinstance(out, str)


def test_bad_meta_values_take_defaults(tmp_path):
    path = tmp_path / "s.sqlite"
    assert record_game(a_game(), meta(duration_s=float("nan"), hints=-3, undo_used="yes",
                                      finished="yesterday", started=5), path=path) is None
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT duration_s, hints, undo_used, started, finished FROM games").fetchone()
    conn.close()
    assert row[:4] == (None, 0, 0, None) and row[4][:2] == "20"


def test_files_belong_to_gurka_home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    assert D.db_path() == tmp_path / "stats.sqlite"
    assert record_game(a_game(), meta()) is None
    assert os.path.exists(tmp_path / "stats.sqlite") and load(GURKA).games == 1


def test_quick_check_reads_the_whole_file_only_when_it_changed_since_our_own_write(tmp_path, monkeypatch):
    """PRAGMA quick_check reads every page (seconds on a million games): the next game of the
    same session skips it while the file is as this process left it, not once another
    program has written it."""
    path = tmp_path / "stats.sqlite"
    checks = []
    real = D.quick_check
    monkeypatch.setattr(D, "quick_check", lambda conn: (checks.append(1), real(conn)))
    for _ in range(3):
        assert record_game(a_game(), meta(), path=path) is None
    assert len(checks) == 1
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET hints = 1 WHERE id = 1")
    conn.commit()
    conn.close()
    assert record_game(a_game(), meta(), path=path) is None
    assert len(checks) == 2 and load(path=path).games == 4


def test_the_frozen_row_tests_know_every_ai_level_the_game_writes():
    """READABLE and READABLE_ROW are schema text, never edited, so they name the AI levels
    as a literal: a level added to the seat specs without a new schema version would have
    its games set aside as unreadable."""
    import re

    from game.engine.seat_spec import AI_LEVELS
    from game.stats.facts import MIXED
    for test in (D.READABLE, D.READABLE_ROW):
        named = re.search(r"opponents IN \(([^)]*)\)", test).group(1)
        assert {w.strip(" '") for w in named.split(",")} == set(AI_LEVELS) | {MIXED}
