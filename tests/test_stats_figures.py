"""The statistics figures against games whose records are known (tests/stats_helpers.py),
and the facts one record gives; every expected number is worked out by hand."""

import sqlite3

import pytest
from stats_helpers import DURAK, GURKA, durak, gurka, known, meta, seats

from game.stats import load, record_game
from game.stats.facts import game_facts


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    for record, m in known():
        assert record_game(record, m) is None
    return tmp_path / "stats.sqlite"


def fig(stats, **key):
    rows = [r for r in stats.rows + stats.detail
            if all(getattr(r, k) == v for k, v in key.items())]
    assert rows, key
    return rows[0]


def check(f, games, wins, shared=0, draws=0, streak=0, durak=None, avg=None):
    assert (f.games, f.wins, f.shared, f.draws, f.best_streak, f.times_durak) == \
        (games, wins, shared, draws, streak, durak)
    if avg is None:
        assert f.avg_penalty is None
    else:
        assert f.avg_penalty == pytest.approx(avg)
    assert f.win_rate == pytest.approx(wins / games)


def test_only_games_with_a_human_and_no_demo_are_stored(db):
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (10,)
    assert conn.execute("SELECT COUNT(*) FROM seats").fetchone() == (3 * 5 + 2 + 3 + 4 + 2 + 3,)
    conn.close()


def test_all_rulesets(db):
    st = load()
    assert st.games == 10 and st.rulesets == [GURKA, DURAK]
    assert [r.rules for r in st.rows] == [GURKA, DURAK]
    # W S W L L | L W W D | W
    check(st.total, 10, 6, shared=1, draws=1, streak=3, durak=1, avg=45 / 9)
    check(fig(st, rules=GURKA, opponents=None), 6, 4, shared=1, streak=3, avg=45 / 9)
    check(fig(st, rules=DURAK, opponents=None), 4, 2, draws=1, streak=2, durak=1)
    assert st.series.kind == "win_rate" and st.series.first == 1
    assert st.series.values == pytest.approx([1, 1, 1, 3 / 4, 3 / 5, 3 / 6, 4 / 7, 5 / 8, 5 / 9, 6 / 10])


def test_per_opponent_level(db):
    st = load(GURKA)
    assert [r.opponents for r in st.rows] == ["normal", "hard", "mixed"]
    check(fig(st, opponents="normal"), 4, 2, streak=2, avg=36 / 6)     # lives game left out
    check(fig(st, opponents="hard"), 1, 1, shared=1, streak=1, avg=3.0)
    check(fig(st, opponents="mixed"), 1, 1, streak=1, avg=3.0)
    check(st.total, 6, 4, shared=1, streak=3, avg=5.0)
    assert st.series.kind == "penalty"
    assert st.series.values == pytest.approx([5.0, 3.0, 2.0, 8.0, 3.0])
    st = load(DURAK)
    assert [r.opponents for r in st.rows] == ["easy", "normal", "hard"]
    check(fig(st, opponents="easy"), 2, 1, streak=1, durak=1)
    check(fig(st, opponents="normal"), 1, 0, draws=1, durak=0)
    check(fig(st, opponents="hard"), 1, 1, streak=1, durak=0)
    assert st.series.kind == "win_rate"
    assert st.series.values == pytest.approx([0, 1 / 2, 2 / 3, 2 / 4])
    assert [(r.rules, r.opponents) for r in st.detail] == [
        (GURKA, "normal"), (GURKA, "hard"), (GURKA, "mixed"),
        (DURAK, "easy"), (DURAK, "normal"), (DURAK, "hard")]


def test_results_places_and_meta_are_stored(db):
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT result, place, deals, penalty, was_durak, scoring, undo_used, hints "
                        "FROM games ORDER BY id").fetchall()
    conn.close()
    assert rows == [
        ("won", 1, 2, 10, 0, "points", 0, 0), ("shared", 1, 2, 6, 0, "points", 0, 2),
        ("won", 1, 1, 2, 0, "points", 1, 0), ("lost", 2, 3, 24, 0, "points", 0, 0),
        ("lost", 3, 3, None, 0, "lives", 0, 0), ("lost", 2, 1, None, 1, "loser", 0, 0),
        ("won", 2, 1, None, 0, "loser", 0, 0), ("won", 1, 1, None, 0, "loser", 0, 0),
        ("draw", None, 1, None, 0, "loser", 0, 0), ("won", 1, 1, 3, 0, "points", 0, 0)]


def test_each_deal_is_stored_per_seat(db):
    conn = sqlite3.connect(db)
    first = conn.execute("SELECT deal, seat, penalty, total, lost FROM deals WHERE game_id = 4 "
                         "ORDER BY deal, seat").fetchall()
    losers = conn.execute("SELECT seat FROM deals WHERE game_id = 8 AND lost = 1").fetchall()
    conn.close()
    assert first == [(1, 0, 4, 4, 1), (1, 1, 20, 20, 1), (1, 2, 0, 0, 0), (2, 0, 8, 12, 1),
                     (2, 1, 14, 34, 1), (2, 2, 0, 0, 0), (3, 0, 12, 24, 1), (3, 2, 0, 0, 0)]
    assert sorted(losers) == [(1,), (3,)]


def test_series_holds_the_last_50_games(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    normal = seats("human", "ai:normal", "ai:normal")
    for i in range(60):
        assert record_game(gurka(normal, [[i, 0, 0]], [1]), meta()) is None
    st = load(GURKA)
    assert st.series.first == 11 and st.series.values == pytest.approx(list(range(10, 60)))
    st = load()
    assert st.series.kind == "win_rate" and st.series.first == 11 and st.series.values == [0.0] * 50


def test_opponent_level_is_the_strongest_ai_or_mixed():
    def level(*specs):
        return game_facts(gurka(seats(*specs), [[0] * len(specs)], [0]), meta()).opponents
    assert level("human", "ai:random", "ai:easy") == "easy"
    assert level("human", "ai:hard:200", "ai:easy") == "hard"
    assert level("human", "ai:normal", "ext:bot.py") == "mixed"
    assert level("human", "human", "ai:normal") == "mixed"


@pytest.mark.parametrize("bad", [
    lambda r: r["events"].pop(),                                     # unfinished
    lambda r: r["events"].append({"type": "deal"}),                  # goes on after game over
    lambda r: r["events"][1].update(penalties=[1, 2]),               # a seat missing
    lambda r: r["events"][1].update(penalties=["x", 0, 0]),
    lambda r: r["events"][-1].update(winners=[7]),
    lambda r: r.update(players="nobody"),
])
def test_a_broken_record_is_refused_with_a_notice(bad, tmp_path):
    record = gurka(seats("human", "ai:normal", "ai:normal"), [[3, 0, 0]], [1])
    bad(record)
    notice = record_game(record, meta(), path=tmp_path / "s.sqlite")
    if record.get("players") == "nobody":
        assert notice is None            # no human seat: simply not stored
    else:
        assert "could not be added" in str(notice)
    assert load(path=tmp_path / "s.sqlite").games == 0


def test_a_real_seeded_game_round_trips(tmp_path):
    from game.ai.seats import make_player
    from game.engine.session import play_game
    players = seats("human", "ai:easy", "ai:easy", "ai:easy")
    agents = [make_player("ai:easy", seed=i) for i in range(4)]
    record = play_game(GURKA, players, agents, seed=11).record()
    facts = game_facts(record, meta())
    scores = [e for e in record["events"] if e["type"] == "score"]
    mine = [e["penalties"][0] for e in scores if e["penalties"][0] is not None]
    assert facts.deals == len(scores) and facts.penalty == sum(mine)
    assert (facts.result == "won") == (record["events"][-1]["winners"] == [0])
    assert record_game(record, meta(), path=tmp_path / "s.sqlite") is None
    st = load(path=tmp_path / "s.sqlite")
    assert st.total.penalty_deals == len(mine) and st.total.penalty == sum(mine)


def test_durak_team_and_place():
    f = game_facts(durak(seats("human", "ai:hard", "ai:normal", "ai:hard"), losing_team=[0, 2],
                         outs=[1, 3], teams="2v2"), meta())
    assert (f.result, f.place, f.was_durak) == ("lost", 2, True)
    f = game_facts(durak(seats("human", "ai:easy", "ai:easy", "ai:easy"), loser=3, outs=[2, 1, 0]),
                   meta())
    assert (f.result, f.place, f.was_durak) == ("won", 3, False)


def test_the_penalty_series_numbers_its_games_among_all_the_games_shown(tmp_path):
    """A game scored in lives has no penalty per deal: the chart leaves it out, but its
    axis still numbers the games as the table counts them (it said 1-5 for games 1-6)."""
    normal = seats("human", "ai:normal", "ai:normal")

    def store(path, kinds):
        for kind in kinds:
            lives = {"lives": 3} if kind == "lives" else None
            assert record_game(gurka(normal, [[4, 0, 14], [0, 14, 0]], [1], options=lives), meta(),
                               path=path) is None
    store(tmp_path / "a.sqlite", ["points", "points", "lives", "points", "points", "points"])
    st = load(GURKA, path=tmp_path / "a.sqlite")
    assert st.series.kind == "penalty" and len(st.series.values) == 5
    assert (st.series.first, st.series.last) == (1, 6) and st.series.values == [2.0] * 5
    store(tmp_path / "b.sqlite", ["lives"] + ["points"] * 60)
    st = load(GURKA, path=tmp_path / "b.sqlite")
    assert (st.series.first, st.series.last, len(st.series.values)) == (12, 61, 50)
    store(tmp_path / "c.sqlite", ["points"] * 3)
    assert load(path=tmp_path / "c.sqlite").series.last == 3