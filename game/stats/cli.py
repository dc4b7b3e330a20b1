"""``python -m game stats [--json] [--rules ID]``: the statistics on the command line.

Plain text: one line per ruleset and opponent level, a line per ruleset for all
levels, the overall line, and the chart's series.  ``--json``: the same figures
as one JSON object (:meth:`game.stats.queries.Stats.to_dict`).  An empty or
missing database prints "no games yet" and exits 0.  Like the other
subcommands, the output is English (it is meant for scripts and bug reports).
Nothing read from the file reaches the terminal raw: the ruleset ids shown are
printable text (others are left out as unreadable), and a notice is one line
with any control character shown as ``?`` (:func:`game.safe_json.clip`).
"""

from __future__ import annotations

import json
import sys

from ..safe_json import clip
from .queries import Figure, Stats, load

COLUMNS = ("ruleset", "opponents", "games", "wins", "shared", "win rate", "penalty/deal",
           "best streak", "times durak")


def _cells(f: Figure) -> list[str]:
    rate, avg = f.win_rate, f.avg_penalty
    return [f.rules or "all", f.opponents or "all", str(f.games), str(f.wins), str(f.shared),
            f"{rate * 100:.1f} %" if rate is not None else "-",
            f"{avg:.2f}" if avg is not None else "-", str(f.best_streak),
            str(f.times_durak) if f.times_durak is not None else "-"]


def table(stats: Stats) -> str:
    """The figures as an aligned plain-text table."""
    lines: list[list[str]] = [list(COLUMNS)]
    by_rules: dict[str, list[Figure]] = {}
    for f in stats.detail:
        if f.rules is not None and (stats.rules is None or f.rules == stats.rules):
            by_rules.setdefault(f.rules, []).append(f)
    totals = {f.rules: f for f in stats.rows} if stats.rules is None else {stats.rules: stats.total}
    for rules, rows in by_rules.items():
        lines += [_cells(f) for f in rows]
        if len(rows) > 1 and rules in totals:
            lines.append(_cells(totals[rules]))
    if stats.rules is None and len(by_rules) > 1:
        lines.append(_cells(stats.total))
    widths = [max(len(row[i]) for row in lines) for i in range(len(COLUMNS))]
    out = []
    for n, row in enumerate(lines):
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def series_line(stats: Stats) -> str:
    s = stats.series
    if not s.values:
        return ""
    last = s.last
    if s.kind == "penalty":
        vals = " ".join(f"{v:.1f}" for v in s.values)
        return f"penalty per deal, games {s.first}-{last}: {vals}"
    vals = " ".join(f"{v * 100:.0f}" for v in s.values)
    return f"win rate so far (%), games {s.first}-{last}: {vals}"


def run(as_json: bool = False, rules: str | None = None) -> int:
    stats = load(rules)
    if stats.notice:
        print(clip(str(stats.notice), 400), file=sys.stderr)
    if as_json:
        data = stats.to_dict()
        if not stats.games:
            data["message"] = "no games yet"
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    if not stats.games:
        print("no games yet" + (f" of {rules}" if rules else ""))
        return 0
    games = "1 game" if stats.games == 1 else f"{stats.games} games"
    print(f"statistics: {games}" + (f" of {rules}" if rules else ""))
    print(table(stats))
    line = series_line(stats)
    if line:
        print(line)
    t = stats.total
    if t.undo_games or t.hints:
        print(f"undo used in {t.undo_games} game(s), {t.hints} hint(s) asked for")
    return 0
