"""The figures the statistics screen and ``python -m game stats`` show.

Per ruleset and per opponent level (see :mod:`game.stats.facts`): games, wins
(a shared win counts as a win), win rate, average penalty per deal (games
scored in points), best streak of wins in a row, times as durak (Durak), games in
which the player used undo and the hints they asked for.  A
series for the chart: with a Gurka-family ruleset chosen, the player's average
penalty per deal in each of the last 50 games; otherwise (Durak, or all
rulesets) the win rate so far after each of the last 50 games.

Games are in the order they were stored (their id).  Reading never creates,
migrates or writes a database (it is opened read-only): without a file there are
simply no games.

How it stays fast on a million games (:func:`read_figures`, one read transaction): the
sums come from SQLite grouped by ruleset, level and kind of result, walking the covering
index ``games_figures`` in its order; the best streaks and the win-rate series from one
letter per game in the order played, concatenated by SQLite per ruleset (index
``games_by_rules``) and for all games (``games_in_order``), which Python scans as bytes;
the penalty chart reads back at most :data:`CHART_READ` games of its ruleset.  Those
indexes hold only the rows whose values this game writes (:data:`~game.stats.db.READABLE_ROW`),
so no row is checked one by one when reading.  A file of an older version has no such
indexes: its games are copied into a temporary in-memory table that has them.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.registry import ruleset_ids
from ..notices import Notice
from .db import (MIGRATIONS, READABLE_ROW, SCHEMA_VERSION, cause, db_path, is_bad_file, notice_set_aside,
                 notice_unavailable, open_db, present, set_aside_db, version)
from .facts import LEVEL_ORDER, MIXED

SERIES_GAMES = 50
#: the most games a penalty chart reads back from its ruleset's last one (games scored in
#: lives have no penalty to show: a chart of a ruleset played mostly in lives shows the
#: games in points among its last CHART_READ)
CHART_READ = 2000
#: the most rulesets read (any further ones are left out as unreadable)
MAX_RULESETS = 64
LEVELS = LEVEL_ORDER + (MIXED,)
#: the values a stored game may hold (anything else: the row cannot be read)
SCORINGS = ("points", "lives", "loser")
RESULTS = ("won", "shared", "lost", "draw")
WON = ("won", "shared")
MAX_NAME = 64
MAX_COUNT = 10 ** 9


@dataclass
class Figure:
    """The figures of one group of games (``None`` in ``rules`` / ``opponents``: all)."""

    rules: str | None = None
    opponents: str | None = None
    games: int = 0
    wins: int = 0
    shared: int = 0
    draws: int = 0
    #: times as durak, or None when the group holds no Durak game
    times_durak: int | None = None
    best_streak: int = 0
    penalty: int = 0
    penalty_deals: int = 0
    #: games in which the player took a move back, and hints the player asked for
    undo_games: int = 0
    hints: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def avg_penalty(self) -> float | None:
        return self.penalty / self.penalty_deals if self.penalty_deals else None

    def add(self, result: str, scoring: str, was_durak: int, undo: int, n: int,
            penalty: int, deals: int, hints: int) -> None:
        """``n`` games alike in result, scoring, durak and undo, with their sums."""
        self.games += n
        self.wins += n if result in WON else 0
        self.shared += n if result == "shared" else 0
        self.draws += n if result == "draw" else 0
        if scoring == "loser":
            self.times_durak = (self.times_durak or 0) + was_durak * n
        if scoring == "points":
            self.penalty += penalty
            self.penalty_deals += deals
        self.undo_games += undo * n
        self.hints += hints

    def merge(self, other: Figure) -> None:
        """Add another group's figures (not its streak: that is read in the order played)."""
        for name in ("games", "wins", "shared", "draws", "penalty", "penalty_deals", "undo_games",
                     "hints"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.times_durak is not None:
            self.times_durak = (self.times_durak or 0) + other.times_durak

    def to_dict(self) -> dict:
        rate, avg = self.win_rate, self.avg_penalty
        return {"rules": self.rules, "opponents": self.opponents, "games": self.games,
                "wins": self.wins, "shared_wins": self.shared, "draws": self.draws,
                "win_rate": round(rate, 4) if rate is not None else None,
                "avg_penalty_per_deal": round(avg, 3) if avg is not None else None,
                "deals_scored": self.penalty_deals, "best_streak": self.best_streak,
                "times_durak": self.times_durak, "games_with_undo": self.undo_games,
                "hints": self.hints}


@dataclass
class Series:
    #: ``penalty`` (average penalty per deal in each game) or ``win_rate`` (0..1 so far)
    kind: str = "win_rate"
    values: list[float] = field(default_factory=list)
    #: the numbers (from 1, among the filtered games) of the first and the last game shown
    #: (a penalty series leaves out games scored in lives: its games need not be in a row)
    first: int = 1
    last: int = 0

    def to_dict(self) -> dict:
        return {"kind": self.kind, "first_game": self.first, "last_game": self.last,
                "values": [round(v, 4) for v in self.values]}


@dataclass
class Stats:
    rules: str | None = None
    #: filter None: one row per ruleset; a ruleset: one row per opponent level
    rows: list[Figure] = field(default_factory=list)
    total: Figure = field(default_factory=Figure)
    #: one row per (ruleset, opponent level), every ruleset (the command line's table)
    detail: list[Figure] = field(default_factory=list)
    series: Series = field(default_factory=Series)
    #: rulesets that have games, in the usual order (the screen's filter)
    rulesets: list[str] = field(default_factory=list)
    notice: Notice | None = None

    @property
    def games(self) -> int:
        return self.total.games

    def to_dict(self) -> dict:
        return {"rules": self.rules, "games": self.games, "total": self.total.to_dict(),
                "rows": [r.to_dict() for r in self.rows],
                "detail": [r.to_dict() for r in self.detail],
                "series": self.series.to_dict(), "rulesets": list(self.rulesets)}


@dataclass
class Figures:
    """Everything the screen shows, read from the file at once (:func:`load_figures`);
    :func:`compute` makes the figures of a filter from it without the file."""

    detail: dict[tuple[str, str], Figure] = field(default_factory=dict)
    by_rules: dict[str, Figure] = field(default_factory=dict)
    total: Figure = field(default_factory=Figure)
    #: the chart of each filter (None: all games)
    series: dict = field(default_factory=dict)
    notice: Notice | None = None

    @property
    def games(self) -> int:
        return self.total.games

    @property
    def rulesets(self) -> list[str]:
        return sorted(self.by_rules, key=rules_order)


def rules_order(rules: str) -> tuple:
    ids = ruleset_ids()
    return (ids.index(rules), "") if rules in ids else (len(ids), rules)


def level_order(level: str) -> tuple:
    return (LEVELS.index(level), "") if level in LEVELS else (len(LEVELS), level)


def compute(figures: Figures, rules: str | None = None) -> Stats:
    """The figures of one filter (None: every ruleset), from what :func:`load_figures` read."""
    st = Stats(rules=rules, rulesets=figures.rulesets, notice=figures.notice)
    st.detail = [figures.detail[k] for k in sorted(figures.detail, key=lambda k: (rules_order(k[0]),
                                                                                   level_order(k[1])))]
    if rules is None:
        st.rows = [figures.by_rules[r] for r in st.rulesets]
        st.total = figures.total
    elif rules in figures.by_rules:
        st.rows = [f for f in st.detail if f.rules == rules]
        st.total = figures.by_rules[rules]
    else:
        st.total = Figure(rules=rules)
    st.series = figures.series.get(rules) or Series()
    return st


# -- reading ----------------------------------------------------------------------------------

def _name(v) -> str | None:
    """A ruleset id as stored (bytes), if it is one this game could have written: UTF-8,
    printable, 1 to MAX_NAME characters (no terminal escape, no invalid byte)."""
    try:
        text = v.decode("utf-8") if isinstance(v, bytes) else None
    except UnicodeDecodeError:
        return None
    return text if text and len(text) <= MAX_NAME and text.isprintable() else None


def _count(v, low: int = -MAX_COUNT * MAX_COUNT) -> bool:
    return type(v) is int and low <= v <= MAX_COUNT * MAX_COUNT


def _text(v, allowed: tuple) -> str | None:
    t = v.decode("ascii", "replace") if isinstance(v, bytes) else None
    return t if t in allowed else None


#: the one letter per game of the sequences: the level's initial, in capitals for a win
_LETTER = "CASE WHEN result IN ('won', 'shared') THEN upper(substr(opponents, 1, 1)) " \
          "ELSE substr(opponents, 1, 1) END"
_LOWER = bytes(range(97, 123))
_UPPER = bytes(range(65, 91))
#: a sequence of letters made W (a win) and L
_WIN_LOSS = bytes.maketrans(_UPPER + _LOWER, b"W" * 26 + b"L" * 26)


def best_run(seq: bytes, win: bytes) -> int:
    """The longest run of ``win`` in ``seq`` (a byte a game): searched for, doubling and
    then halving its length, so a million games take a few scans of a megabyte."""
    if win not in seq:
        return 0
    low, high = 1, 2
    while win * high in seq:
        low, high = high, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if win * mid in seq else (low, mid)
    return low


def win_rate_series(seq: bytes) -> Series:
    """The win rate so far after each of the last SERIES_GAMES games of ``seq`` (W / L)."""
    n = len(seq)
    shown = seq[-SERIES_GAMES:]
    wins = seq[:n - len(shown)].count(b"W")
    values = []
    for i, c in enumerate(shown, n - len(shown) + 1):
        wins += c == 0x57
        values.append(wins / i)
    return Series("win_rate", values, n - len(shown) + 1, n)


#: the queries of :func:`read_figures`, each walking one index of the latest version in its
#: order (tests/test_stats_large.py checks their plans: a covering index, no sorting)
FIGURES_SQL = (
    "SELECT rules, opponents, result, scoring, was_durak, undo_used, count(*), sum(penalty), "
    f"sum(deals_played), sum(hints) FROM games INDEXED BY games_figures WHERE {READABLE_ROW} "
    "GROUP BY rules, opponents, result, scoring, was_durak, undo_used")
BY_RULES_SQL = (f"SELECT rules, group_concat({_LETTER}, '') FROM games INDEXED BY games_by_rules "
                f"WHERE {READABLE_ROW} GROUP BY rules")
IN_ORDER_SQL = (f"SELECT group_concat(result IN ('won', 'shared'), '') FROM games "
                f"INDEXED BY games_in_order WHERE {READABLE_ROW}")
PENALTY_SQL = ("SELECT scoring = 'points' AND deals_played > 0, penalty, deals_played FROM games "
               f"INDEXED BY games_by_rules WHERE rules = ? AND {READABLE_ROW} ORDER BY id DESC")
_INDEXED = re.compile(r" INDEXED BY \w+")


def query(conn, sql: str, args: tuple = ()):
    """``conn.execute(sql, args)``; should an SQLite to come not match the query's WHERE to
    its index's ("no query solution"), the same query without ``INDEXED BY``: slower on a
    large file, never no figures."""
    try:
        return conn.execute(sql, args)
    except sqlite3.OperationalError as e:
        if "no query solution" not in str(e):
            raise
        return conn.execute(_INDEXED.sub("", sql), args)


def _copy_old(conn: sqlite3.Connection, v: int) -> None:
    """An older file's games in a temporary table with the latest version's indexes (in
    memory; the file is not written)."""
    hints = "hints" if v >= 2 else "0 AS hints"
    cols = "opponents, result, scoring, was_durak, undo_used, penalty, deals_played"
    conn.execute(f"CREATE TEMP TABLE games AS SELECT id, rules, {cols}, {hints} FROM main.games")
    for sql in MIGRATIONS[-1]:
        if sql.startswith("CREATE INDEX "):
            conn.execute(sql.replace("CREATE INDEX ", "CREATE INDEX temp.", 1))


def read_figures(conn: sqlite3.Connection, v: int) -> tuple[Figures, int]:
    """The figures of an open database of version ``v`` (>= 1) read in one transaction, and
    how many games were left out (a value this game never writes; a ruleset id that is not
    printable text; a ruleset beyond the first MAX_RULESETS)."""
    conn.text_factory = bytes            # nothing of the file's is decoded by SQLite's rules
    conn.execute("BEGIN")
    try:
        if v < SCHEMA_VERSION:
            _copy_old(conn, v)
        return _read(conn)
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")


def _read(conn: sqlite3.Connection) -> tuple[Figures, int]:
    figs = Figures()
    total_rows = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    keys: dict[bytes, str | None] = {}
    cursor = query(conn, FIGURES_SQL)
    for key, opp, result, scoring, durak, undo, n, pen, deals, hints in cursor:
        if key not in keys:
            if len(keys) >= MAX_RULESETS:
                break
            keys[key] = _name(key)
        rules, opp, result, scoring = keys[key], _text(opp, LEVELS), _text(result, RESULTS), \
            _text(scoring, SCORINGS)
        pen, deals, hints = pen or 0, deals or 0, hints or 0
        if not (rules and opp and result and scoring and durak in (0, 1) and undo in (0, 1)
                and type(durak) is int and type(undo) is int and _count(n, 1) and _count(pen)
                and _count(deals, 0) and _count(hints, 0)):
            continue
        f = figs.detail.get((rules, opp))
        if f is None:
            f = figs.detail[(rules, opp)] = Figure(rules=rules, opponents=opp)
        f.add(result, scoring, durak, undo, n, pen, deals, hints)
    cursor.close()
    shown = {k: r for k, r in keys.items() if r is not None}
    for (rules, _opp), f in figs.detail.items():
        if rules not in figs.by_rules:
            figs.by_rules[rules] = Figure(rules=rules)
        figs.by_rules[rules].merge(f)
    for f in figs.by_rules.values():
        figs.total.merge(f)
    # the order played: per ruleset (its levels' streaks in it) and of all games
    for key, seq in query(conn, BY_RULES_SQL):
        rules = shown.get(key)
        if rules is None or rules not in figs.by_rules or not isinstance(seq, bytes):
            continue
        wl = seq.translate(_WIN_LOSS)
        figs.by_rules[rules].best_streak = best_run(wl, b"W")
        for (r, opp), f in figs.detail.items():
            if r == rules:
                low = opp[0].encode()
                mine = seq.translate(None, (_LOWER + _UPPER).replace(low, b"").replace(low.upper(), b""))
                f.best_streak = best_run(mine, low.upper())
        figs.series[rules] = win_rate_series(wl)
    only = ""
    if len(shown) < len(keys) or len(keys) >= MAX_RULESETS:
        only = f" AND rules IN ({', '.join('?' * len(figs.by_rules))})"
    row = query(conn, IN_ORDER_SQL + only, tuple(figs.by_rules) if only else ()).fetchone()
    seq = row[0] if row and isinstance(row[0], bytes) else b""
    figs.total.best_streak = best_run(seq, b"1")
    figs.series[None] = win_rate_series(seq.replace(b"1", b"W").replace(b"0", b"L"))
    for rules, f in figs.by_rules.items():
        if f.times_durak is None and f.penalty_deals:
            figs.series[rules] = _penalty_series(conn, rules, f.games) or figs.series.get(rules)
    bad = total_rows - figs.total.games if _count(total_rows, 0) else 0
    return figs, max(0, bad)


def _penalty_series(conn: sqlite3.Connection, rules: str, games: int) -> Series | None:
    """The average penalty per deal of each of the last SERIES_GAMES games scored in points
    of ``rules`` (among its last CHART_READ games), numbered among all its games."""
    cursor = query(conn, PENALTY_SQL, (rules,))
    shown: list[tuple[int, float]] = []
    for back, (pointed, pen, deals) in enumerate(cursor):
        if back >= CHART_READ or len(shown) >= SERIES_GAMES:
            break
        if pointed and type(deals) is int and deals > 0 and (pen is None or type(pen) is int):
            shown.append((games - back, (pen or 0) / deals))
    cursor.close()
    if not shown:
        return None
    shown.reverse()
    return Series("penalty", [v for _n, v in shown], max(1, shown[0][0]), max(1, shown[-1][0]))


def load_figures(path: Path | None = None) -> Figures:
    """Everything the screen shows (:class:`Figures`), with a notice if any.  Never raises:
    a bad file is set aside (the notice says so) and there are no games.  A row holding a
    value this game never writes (text or a blob where a number belongs, an unknown result,
    a ruleset id with a byte that is no UTF-8 …) is left out with a notice and the rest is
    shown: that loses least, as the file itself is sound, stays where it is and keeps every
    other game and every game to come (setting it aside would hide all the player's figures
    for one bad value)."""
    path = Path(path) if path is not None else db_path()
    if not present(path):
        return Figures()
    opened = open_db(path, write=False)
    if opened.conn is None:
        return Figures(notice=opened.notice)
    conn = opened.conn
    # the games still in the -wal could not be read with the file: the screen says why
    behind = Notice("stats-behind", path, None, opened.behind) if opened.behind else None
    try:
        v = version(conn)
        if v == 0:
            return Figures(notice=behind)       # an empty file: no games yet
        figs, bad = read_figures(conn, v)
        if bad:
            figs.notice = Notice("stats-left-out", path, None, str(bad))
        figs.notice = figs.notice or behind
        return figs
    except sqlite3.Error as e:
        failed = e
    finally:
        conn.close()
    if is_bad_file(failed) and not opened.immutable:
        return Figures(notice=notice_set_aside(path, set_aside_db(path)))
    return Figures(notice=notice_unavailable(path, cause(failed, path)))


def load(rules: str | None = None, path: Path | None = None) -> Stats:
    """The figures, filtered by ``rules`` (None: every ruleset).  Never raises."""
    return compute(load_figures(path), rules)
