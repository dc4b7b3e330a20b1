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
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.registry import ruleset_ids
from ..i18n import ngettext
from .db import db_path, notice_unavailable, open_db, version
from .facts import LEVEL_ORDER, MIXED

SERIES_GAMES = 50
LEVELS = LEVEL_ORDER + (MIXED,)


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
    _streak: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def avg_penalty(self) -> float | None:
        return self.penalty / self.penalty_deals if self.penalty_deals else None

    def add(self, g: dict) -> None:
        self.games += 1
        won = g["result"] in ("won", "shared")
        self.wins += won
        self.shared += g["result"] == "shared"
        self.draws += g["result"] == "draw"
        self._streak = self._streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self._streak)
        if g["scoring"] == "loser":
            self.times_durak = (self.times_durak or 0) + g["was_durak"]
        if g["scoring"] == "points":
            self.penalty += g["pen_sum"]
            self.penalty_deals += g["pen_deals"]
        self.undo_games += g["undo"]
        self.hints += g["hints"]

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
    notice: str | None = None

    @property
    def games(self) -> int:
        return self.total.games

    def to_dict(self) -> dict:
        return {"rules": self.rules, "games": self.games, "total": self.total.to_dict(),
                "rows": [r.to_dict() for r in self.rows],
                "detail": [r.to_dict() for r in self.detail],
                "series": self.series.to_dict(), "rulesets": list(self.rulesets)}


def rules_order(rules: str) -> tuple:
    ids = ruleset_ids()
    return (ids.index(rules), "") if rules in ids else (len(ids), rules)


def level_order(level: str) -> tuple:
    return (LEVELS.index(level), "") if level in LEVELS else (len(LEVELS), level)


#: the values a stored game may hold (anything else: the row cannot be read)
SCORINGS = ("points", "lives", "loser")
RESULTS = ("won", "shared", "lost", "draw")
MAX_NAME = 64
MAX_COUNT = 10 ** 9


def _name_ok(v) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_NAME and v.isprintable()


def _int_ok(v, low: int = -MAX_COUNT) -> bool:
    """None, or a plain integer in range (not text, a blob, a REAL, infinity)."""
    return v is None or type(v) is int and low <= v <= MAX_COUNT


def row_ok(gid, rules, opp, scoring, result, was_durak, pen, played, undo=0, hints=0) -> bool:
    """A games row holds what this game writes: SQLite keeps whatever type a value was
    given (text in an INTEGER column, a blob, an infinite REAL), so every value is checked."""
    return (type(gid) is int and _name_ok(rules) and _name_ok(opp) and scoring in SCORINGS
            and result in RESULTS and was_durak in (0, 1) and type(was_durak) is int
            and _int_ok(pen) and _int_ok(played, 0) and undo in (0, 1) and type(undo) is int
            and type(hints) is int and 0 <= hints <= MAX_COUNT)


def fetch_games(conn: sqlite3.Connection) -> tuple[list[dict], int]:
    """Every stored game, oldest first, with the player's penalty sum and deal count
    (points games; 0 otherwise); and how many rows were left out because a value in them
    is not one this game writes (see :func:`row_ok`)."""
    out, bad = [], 0
    columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    hints = "hints" if "hints" in columns else "0"         # a version-1 file, read as it is
    for row in conn.execute(
            "SELECT id, rules, opponents, scoring, result, was_durak, penalty, deals_played, "
            f"undo_used, {hints} FROM games ORDER BY id"):
        if not row_ok(*row):
            bad += 1
            continue
        gid, rules, opp, scoring, result, was_durak, pen, played, undo, hint_count = row
        points = scoring == "points"
        out.append({"id": gid, "rules": rules, "opponents": opp, "scoring": scoring, "result": result,
                    "was_durak": was_durak, "pen_sum": (pen or 0) if points else 0,
                    "pen_deals": (played or 0) if points else 0, "undo": undo, "hints": hint_count})
    return out, bad


def notice_left_out(n: int) -> str:
    # TRANSLATORS: some stored games held values this version cannot read; the others are shown
    return ngettext("{n} game in your statistics could not be read and is left out.",
                    "{n} games in your statistics could not be read and are left out.", n).format(n=n)


def compute(games: list[dict], rules: str | None = None) -> Stats:
    """The figures of ``games`` (as :func:`fetch_games` gives them), filtered by ``rules``."""
    st = Stats(rules=rules)
    st.rulesets = sorted({g["rules"] for g in games}, key=rules_order)
    chosen = [g for g in games if rules is None or g["rules"] == rules]
    groups: dict = {}
    detail: dict = {}
    for g in chosen:
        st.total.add(g)
        key = g["rules"] if rules is None else g["opponents"]
        if key not in groups:
            groups[key] = (Figure(rules=g["rules"]) if rules is None
                           else Figure(rules=rules, opponents=g["opponents"]))
        groups[key].add(g)
    st.total.rules = rules
    order = rules_order if rules is None else level_order
    st.rows = [groups[k] for k in sorted(groups, key=order)]
    for g in games:
        key = (g["rules"], g["opponents"])
        if key not in detail:
            detail[key] = Figure(rules=g["rules"], opponents=g["opponents"])
        detail[key].add(g)
    st.detail = [detail[k] for k in sorted(detail, key=lambda k: (rules_order(k[0]), level_order(k[1])))]
    st.series = _series(chosen, rules)
    return st


def _series(chosen: list[dict], rules: str | None) -> Series:
    pointed = [(i, g) for i, g in enumerate(chosen, 1) if g["scoring"] == "points" and g["pen_deals"]]
    if rules is not None and pointed and all(g["scoring"] != "loser" for g in chosen):
        shown = pointed[-SERIES_GAMES:]
        return Series("penalty", [g["pen_sum"] / g["pen_deals"] for _i, g in shown],
                      shown[0][0], shown[-1][0])
    values, wins = [], 0
    for i, g in enumerate(chosen, 1):
        wins += g["result"] in ("won", "shared")
        values.append(wins / i)
    shown = values[-SERIES_GAMES:]
    return Series("win_rate", shown, len(values) - len(shown) + 1, len(values))


def load_games(path: Path | None = None) -> tuple[list[dict], str | None]:
    """Every stored game (:func:`fetch_games`) and a notice, if any.  Never raises: a bad
    file is set aside (the notice says so) and there are no games.  A row holding a value
    this game never writes (text or a blob where a number belongs, an unknown result …) is
    left out with a notice and the rest is shown: that loses least, as the file itself is
    sound, stays where it is and keeps every other game and every game to come (setting
    it aside would hide all the player's figures for one bad value)."""
    path = Path(path) if path is not None else db_path()
    if not (path.exists() or path.is_symlink()):
        return [], None
    opened = open_db(path, write=False)
    if opened.conn is None:
        return [], opened.notice
    try:
        if version(opened.conn) == 0:
            return [], opened.notice            # an empty file: no games yet
        games, bad = fetch_games(opened.conn)
        notices = [n for n in (opened.notice, notice_left_out(bad) if bad else None) if n]
        return games, " ".join(notices) or None
    except sqlite3.Error as e:
        return [], notice_unavailable(str(e))
    finally:
        opened.conn.close()


def load(rules: str | None = None, path: Path | None = None) -> Stats:
    """The figures, filtered by ``rules`` (None: every ruleset).  Never raises."""
    games, notice = load_games(path)
    st = compute(games, rules)
    st.notice = notice
    return st
