"""Hostile statistics files: a foreign database, a link in place of the file, a tampered
schema, wrong-typed values.  Each is set aside (or left alone when only read) with a
one-line notice; nothing is written into a file that is not ours, never a traceback."""

import os
import sqlite3

import pytest
from stats_helpers import GURKA, gurka, known, meta, seats

from game.cli import main
from game.stats import SCHEMA_VERSION, load, record_game
from game.stats import db as D

NORMAL = seats("human", "ai:normal", "ai:normal")


def a_game(pen: int = 5) -> dict:
    return gurka(NORMAL, [[pen, 0, 14]], [1])


def foreign_db(path) -> bytes:
    """Somebody else's database (user_version 0, a table of its own); its bytes."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO notes (body) VALUES ('keep me')")
    conn.commit()
    conn.close()
    return path.read_bytes()


def good_db(path, games: int = 2) -> None:
    for i in range(games):
        assert record_game(a_game(i + 1), meta(), path=path) is None


def asides(folder) -> list:
    return sorted(p for p in folder.glob("stats.sqlite.corrupt-*") if not p.name.endswith("-wal"))


def untouched_foreign(path, data: bytes) -> None:
    assert path.read_bytes() == data
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA user_version").fetchone() == (0,)
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert names == {"notes"}
    finally:
        conn.close()


# -- a foreign database ------------------------------------------------------------------

def test_a_foreign_database_is_set_aside_not_migrated(tmp_path):
    path = tmp_path / "stats.sqlite"
    data = foreign_db(path)
    notice = record_game(a_game(7), meta(), path=path)
    assert notice and "could not be read" in str(notice)
    [aside] = asides(tmp_path)
    assert aside.name in str(notice)
    untouched_foreign(aside, data)
    st = load(path=path)
    assert st.games == 1 and st.notice is None and st.total.avg_penalty == 7


def test_the_command_line_does_not_migrate_a_foreign_database(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    data = foreign_db(tmp_path / "stats.sqlite")
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert out.out.strip() == "no games yet" and "could not be read" in out.err
    assert len(out.err.strip().splitlines()) == 1
    [aside] = asides(tmp_path)
    untouched_foreign(aside, data)
    assert not (tmp_path / "stats.sqlite").exists()        # reading creates nothing


def test_reading_writes_nothing_into_our_own_file(tmp_path):
    """An older (version 1) database is read as it is: not migrated, not switched to WAL."""
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    D.migrate(conn, upto=1)
    conn.execute("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, "
                 "place, deals, deals_played, penalty, was_durak, finished) VALUES "
                 "('gurka-se', '{}', 3, 0, 'normal', 'points', 'won', 1, 2, 2, 7, 0, '2024-01-01')")
    conn.close()
    data = path.read_bytes()
    st = load(path=path)
    assert st.games == 1 and st.notice is None
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite"]


# -- links ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["foreign", "ours"])
@pytest.mark.parametrize("how", ["write", "read"])
def test_a_link_is_set_aside_and_its_target_untouched(tmp_path, monkeypatch, capsys, kind, how):
    home, outside = tmp_path / "home", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    target = outside / "app.db"
    if kind == "foreign":
        foreign_db(target)
    else:
        good_db(target)
    data = target.read_bytes()
    before = sorted(p.name for p in outside.iterdir())
    link = home / "stats.sqlite"
    link.symlink_to(target)
    monkeypatch.setenv("GURKA_HOME", str(home))
    if how == "write":
        notice = record_game(a_game(), meta())
        assert notice and "could not be read" in str(notice)
        assert load().games == 1 and not link.is_symlink()
    else:
        assert main(["stats"]) == 0
        assert "could not be read" in capsys.readouterr().err
        assert not link.exists() and not link.is_symlink()
    [aside] = asides(home)
    assert aside.is_symlink() and os.readlink(aside) == str(target)    # the link itself moved
    assert target.read_bytes() == data
    assert sorted(p.name for p in outside.iterdir()) == before


def test_a_linked_journal_is_never_written_through(tmp_path):
    path = tmp_path / "stats.sqlite"
    good_db(path)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    (tmp_path / "stats.sqlite-wal").symlink_to(victim)
    notice = record_game(a_game(), meta(), path=path)
    assert notice and "could not be read" in str(notice)
    assert victim.read_bytes() == b"precious"
    assert load(path=path).games == 1


# -- a tampered schema ------------------------------------------------------------------------

@pytest.mark.parametrize("tamper", [
    lambda sql: sql.rstrip()[:-1] + ", CHECK (rules = 'never'))" if "CREATE TABLE games" in sql else sql,
    lambda sql: sql.replace("lost INTEGER NOT NULL DEFAULT 0", "lost INTEGER NOT NULL DEFAULT 0 CHECK (lost < 0)"),
    lambda sql: sql.replace("CREATE INDEX games_in_order ON games (id,",
                            "CREATE UNIQUE INDEX games_in_order ON games (id,"),
    lambda sql: sql.replace("'mixed')", "'mixed', 'cheat')"),
])
def test_a_tampered_schema_is_set_aside(tmp_path, tamper):
    path = tmp_path / "stats.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    for step in D.MIGRATIONS:
        for sql in step:
            conn.execute(tamper(sql))
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.close()
    notice = record_game(a_game(7), meta(), path=path)
    assert notice and "could not be read" in str(notice)
    assert len(asides(tmp_path)) == 1
    assert load(path=path).games == 1


def test_an_extra_table_is_set_aside(tmp_path):
    path = tmp_path / "stats.sqlite"
    good_db(path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.commit()
    conn.close()
    assert "could not be read" in str(record_game(a_game(), meta(), path=path))
    assert load(path=path).games == 1


def test_our_own_files_are_never_set_aside(tmp_path):
    path = tmp_path / "stats.sqlite"
    for record, m in known():
        assert record_game(record, m, path=path) is None
    assert load(path=path).games == 10 and not asides(tmp_path)
    assert GURKA in load(path=path).rulesets


# -- wrong-typed values ------------------------------------------------------------------------

BAD_VALUES = ["penalty = 'abc'", "deals_played = 'x'", "penalty = 9e999", "penalty = 2.5",
              "rules = X'00ff'", "opponents = X'ff'", "opponents = 'a' || char(10) || 'b'",
              "result = 'maybe'", "scoring = 7", "was_durak = 'yes'", "rules = ''"]


def spoil(path, assignment: str) -> None:
    """Our own database with the known games, one of them given a value we never write."""
    for record, m in known():
        assert record_game(record, m, path=path) is None
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE games SET {assignment} WHERE id = 1")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("assignment", BAD_VALUES)
def test_a_wrong_typed_value_leaves_that_game_out(tmp_path, monkeypatch, capsys, assignment):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    path = tmp_path / "stats.sqlite"
    spoil(path, assignment)
    st = load()
    assert st.games == 9 and str(st.notice) == "1 game in your statistics could not be read and is left out."
    assert main(["stats"]) == 0 and main(["stats", "--json"]) == 0
    out = capsys.readouterr()
    assert "statistics: 9 games" in out.out and "Traceback" not in out.err
    assert out.err.strip().splitlines() == [str(st.notice)] * 2
    # the file is sound: it stays, and the next game is added to it
    assert record_game(a_game(), meta(), path=path) is None
    assert load().games == 10 and not asides(tmp_path)
