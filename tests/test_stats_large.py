"""The figures of a large file: every query walks one covering index of the latest version in its
order (no sorting, no row checked one by one: the plan says so, whatever the file's size),
and what they give equals a plain reading of every row, game by game, for files of every
kind of game and of rows this game never writes.  How fast a million games are read is
measured by ``build_scripts/bench.py hostile files``, not here."""

import random
import sqlite3

import pytest

from game.stats import db as D
from game.stats import load, open_db
from game.stats import queries as Q

RULES = ["gurka-se", "agurk-dk", "durak", "gurka-is", "new-rules"]
BAD = ["penalty = 'abc'", "hints = -1", "result = 'maybe'", "opponents = 'expert'", "rules = ''",
       "rules = CAST(X'ff' AS TEXT)", "undo_used = 2", "deals_played = 2.5", "was_durak = 'yes'",
       "rules = char(27) || '[31m'", "scoring = 'both'"]


def a_file(path, n: int, seed: int, bad: int = 0) -> None:
    """``n`` games of every kind in a file of the latest version, ``bad`` of them given a value this game
    never writes."""
    opened = open_db(path)
    conn = opened.conn
    rnd = random.Random(seed)
    rows = []
    for _ in range(n):
        rules = rnd.choice(RULES)
        scoring = "loser" if rules == "durak" else rnd.choice(["points", "points", "lives"])
        result = rnd.choice(["won", "lost", "draw"] if rules == "durak" else ["won", "shared", "lost", "lost"])
        played = rnd.choice([0, 1, 2, 5])
        rows.append((rules, "{}", 3, 0, rnd.choice(Q.LEVELS), scoring, result, 1, played + 1, played,
                     rnd.choice([None, 0, 3, 17]), int(scoring == "loser" and result == "lost"),
                     "2024-01-01", rnd.randint(0, 1), rnd.randint(0, 4)))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, place, "
                     "deals, deals_played, penalty, was_durak, finished, undo_used, hints) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.execute("COMMIT")
    conn.execute("PRAGMA ignore_check_constraints = ON")
    for i in rnd.sample(range(1, n + 1), bad):
        conn.execute(f"UPDATE games SET {rnd.choice(BAD)} WHERE id = {i}")
    conn.close()


def plain_reading(path) -> dict:
    """Every row read one by one in Python (what the figures mean, without any index)."""
    conn = sqlite3.connect(path)
    conn.text_factory = bytes
    games = []
    for row in conn.execute("SELECT rules, opponents, scoring, result, was_durak, undo_used, penalty, "
                            "deals_played, hints FROM games ORDER BY id"):
        rules, opp, scoring, result, durak, undo, pen, played, hints = row
        try:
            rules, opp, scoring, result = (v.decode() if isinstance(v, bytes) else None
                                           for v in (rules, opp, scoring, result))
        except UnicodeDecodeError:
            continue
        if not (rules and len(rules) <= 64 and rules.isprintable() and opp in Q.LEVELS
                and scoring in Q.SCORINGS and result in Q.RESULTS and durak in (0, 1) and undo in (0, 1)
                and all(type(v) is int for v in (durak, undo, hints)) and 0 <= hints <= 10 ** 9
                and (pen is None or type(pen) is int) and (played is None or type(played) is int)):
            continue
        games.append(dict(rules=rules, opp=opp, scoring=scoring, won=result in Q.WON, result=result,
                          durak=durak, undo=undo, pen=pen or 0, played=played or 0, hints=hints))
    conn.close()

    def figure(chosen):
        streak = best = 0
        for g in chosen:
            streak = streak + 1 if g["won"] else 0
            best = max(best, streak)
        loser = [g for g in chosen if g["scoring"] == "loser"]
        points = [g for g in chosen if g["scoring"] == "points"]
        return dict(games=len(chosen), wins=sum(g["won"] for g in chosen),
                    shared=sum(g["result"] == "shared" for g in chosen),
                    draws=sum(g["result"] == "draw" for g in chosen),
                    times_durak=sum(g["durak"] for g in loser) if loser else None, best_streak=best,
                    penalty=sum(g["pen"] for g in points), penalty_deals=sum(g["played"] for g in points),
                    undo_games=sum(g["undo"] for g in chosen), hints=sum(g["hints"] for g in chosen))

    def series(chosen, rules):
        pointed = [(i, g) for i, g in enumerate(chosen, 1) if g["scoring"] == "points" and g["played"]]
        if rules is not None and pointed and not any(g["scoring"] == "loser" for g in chosen):
            shown = pointed[-Q.SERIES_GAMES:]
            return ("penalty", [round(g["pen"] / g["played"], 4) for _i, g in shown], shown[0][0], shown[-1][0])
        wins, values = 0, []
        for i, g in enumerate(chosen, 1):
            wins += g["won"]
            values.append(round(wins / i, 4))
        shown = values[-Q.SERIES_GAMES:]
        return ("win_rate", shown, len(values) - len(shown) + 1, len(values))

    out = {None: (figure(games), series(games, None))}
    for rules in {g["rules"] for g in games}:
        chosen = [g for g in games if g["rules"] == rules]
        out[rules] = (figure(chosen), series(chosen, rules))
        for opp in {g["opp"] for g in chosen}:
            out[(rules, opp)] = (figure([g for g in chosen if g["opp"] == opp]), None)
    return out


def as_plain(f) -> dict:
    return {k: getattr(f, k) for k in ("games", "wins", "shared", "draws", "times_durak", "best_streak",
                                       "penalty", "penalty_deals", "undo_games", "hints")}


@pytest.mark.parametrize("seed,n,bad", [(1, 300, 0), (2, 2000, 40), (3, 5, 2), (4, 1200, 300)])
def test_the_figures_equal_a_plain_reading_of_every_row(tmp_path, seed, n, bad):
    path = tmp_path / "stats.sqlite"
    a_file(path, n, seed, bad)
    want = plain_reading(path)
    figs = Q.load_figures(path)
    assert as_plain(figs.total) == want[None][0]
    for rules in figs.by_rules:
        st = Q.compute(figs, rules)
        assert as_plain(st.total) == want[rules][0], rules
        s = st.series
        assert (s.kind, [round(v, 4) for v in s.values], s.first, s.last) == want[rules][1], rules
        for f in st.rows:
            assert as_plain(f) == want[(rules, f.opponents)][0], (rules, f.opponents)
    assert sorted(k for k in want if isinstance(k, str)) == sorted(figs.by_rules)
    s = Q.compute(figs).series
    assert (s.kind, [round(v, 4) for v in s.values], s.first, s.last) == want[None][1]
    left_out = n - want[None][0]["games"]
    assert (figs.notice is None) == (left_out == 0)
    if left_out:
        assert figs.notice.detail == str(left_out)


def test_an_older_file_is_read_the_same_without_its_indexes(tmp_path):
    """A version-2 file (read before the next game migrates it): its rows copied in memory
    into a table with version 3's indexes, the file untouched."""
    path = tmp_path / "stats.sqlite"
    a_file(path, 500, 7, 20)
    want = Q.load_figures(path)
    conn = sqlite3.connect(path, isolation_level=None)
    for index in ("games_by_rules", "games_figures", "games_in_order"):
        conn.execute(f"DROP INDEX {index}")
    for sql in D.MIGRATIONS[1]:
        if sql.startswith("CREATE INDEX"):
            conn.execute(sql)
    conn.execute("PRAGMA user_version = 2")
    conn.close()
    data = path.read_bytes()
    got = Q.load_figures(path)
    assert path.read_bytes() == data
    assert as_plain(got.total) == as_plain(want.total) and got.notice == want.notice
    assert {k: as_plain(f) for k, f in got.detail.items()} == {k: as_plain(f) for k, f in want.detail.items()}
    assert got.series == want.series


@pytest.mark.parametrize("sql", ["FIGURES_SQL", "BY_RULES_SQL", "IN_ORDER_SQL", "PENALTY_SQL"])
def test_each_query_walks_a_covering_index_in_its_order(tmp_path, sql):
    """Whatever the file's size: a covering index (no row of the table read), no sorting
    (no temporary b-tree), and the check of each row done by the index, not per row."""
    path = tmp_path / "stats.sqlite"
    a_file(path, 50, 1)
    conn = sqlite3.connect(path)
    text = getattr(Q, sql)
    args = ("gurka-se",) if "?" in text else ()
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + text, args)]
    assert len(plan) == 1 and "USING COVERING INDEX games_" in plan[0], plan
    assert not any("TEMP B-TREE" in p for p in plan)
    program = conn.execute("EXPLAIN " + text, args).fetchall()
    called = {str(row[4]) for row in program if row[1] in ("Function", "PureFunc")}
    assert not any("typeof" in c for c in called), called      # READABLE is the index's own
    conn.close()


def test_no_query_tests_a_not_null_column_for_null(tmp_path):
    """SQLite from about 3.44 drops ``col IS NULL`` on a NOT NULL column from a query's WHERE
    before matching it to a partial index's, so such a test made the figures' WHERE match no
    index: ``INDEXED BY`` failed ("no query solution") and the Windows build (SQLite 3.45)
    showed no statistics at all."""
    opened = open_db(tmp_path / "stats.sqlite")
    not_null = [row[1] for row in opened.conn.execute("PRAGMA table_info(games)") if row[3]]
    opened.conn.close()
    assert "deals_played" in not_null
    for sql in (Q.FIGURES_SQL, Q.BY_RULES_SQL, Q.IN_ORDER_SQL, Q.PENALTY_SQL):
        assert not [c for c in not_null if f"{c} IS NULL" in sql], sql


def test_a_query_no_index_matches_is_run_without_the_index(tmp_path):
    """Should an SQLite to come match none of the indexes, the figures are read all the same
    (without ``INDEXED BY``), and any other error is still raised."""
    path = tmp_path / "stats.sqlite"
    a_file(path, 30, 4)
    conn = sqlite3.connect(path)
    want = conn.execute(Q.IN_ORDER_SQL).fetchone()

    class Picky:
        asked: list = []

        def execute(self, sql, args=()):
            self.asked.append(sql)
            if "INDEXED BY" in sql:
                raise sqlite3.OperationalError("no query solution")
            return conn.execute(sql, args)

    picky = Picky()
    assert Q.query(picky, Q.IN_ORDER_SQL).fetchone() == want and want[0]
    assert "INDEXED BY" not in picky.asked[-1] and len(picky.asked) == 2
    with pytest.raises(sqlite3.OperationalError):
        Q.query(conn, "SELECT nothing FROM nowhere")
    conn.close()


def test_a_chart_reads_back_at_most_its_cap(tmp_path, monkeypatch):
    """A ruleset played in lives but for one early game in points: its chart reads back
    CHART_READ games, not all of them."""
    path = tmp_path / "stats.sqlite"
    opened = open_db(path)
    conn = opened.conn
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (rules, options, players, human_seat, opponents, scoring, result, "
                     "deals, deals_played, penalty, finished) VALUES ('gurka-se', '{}', 3, 0, 'normal', ?, "
                     "'lost', 2, 2, 4, '2024-01-01')", [("points",)] + [("lives",)] * 600)
    conn.execute("COMMIT")
    conn.close()
    monkeypatch.setattr(Q, "CHART_READ", 100)
    st = load("gurka-se", path=path)
    assert st.series.kind == "win_rate" and st.games == 601
    monkeypatch.setattr(Q, "CHART_READ", 1000)
    st = load("gurka-se", path=path)
    assert st.series.kind == "penalty" and (st.series.first, st.series.values) == (1, [2.0])
