"""The statistics screen's table: its columns, the texts of its cells, and drawing it.

Columns without a single value for the rows shown are left out (no "penalty per
deal" for Durak, no "times as durak" for the Gurka family).  Numbers follow the
language (decimal comma in the Nordic languages, "67 %").
"""

from __future__ import annotations

import pygame

from ..engine.registry import ruleset_ids
from ..i18n import _, ngettext, pgettext
from . import theme
from .messages import level_name
from .rules_text import ruleset_country, ruleset_name

HEAD_PX = 14
ROW_PX = 16
MIN_PX = 12
DASH = "–"


def rules_label(rules: str) -> str:
    """A ruleset's name; with its country when another ruleset has the same name (Agurk).
    A ruleset this version does not know (stored by a newer one) shows its id as it is."""
    ids = ruleset_ids()
    if rules not in ids:
        return rules
    name = ruleset_name(rules)
    if [ruleset_name(r) for r in ids].count(name) > 1:
        return f"{name} ({ruleset_country(rules)})"
    return name


def opponents_label(level: str) -> str:
    if level == "mixed":
        # TRANSLATORS: opponents in the statistics: other people or outside bots at the table
        return pgettext("AI level", "Mixed")
    return level_name(level)


def decimal(v: float, places: int = 1) -> str:
    # TRANSLATORS: the decimal separator in numbers such as 4.5 (a comma in most Nordic languages)
    return f"{v:.{places}f}".replace(".", pgettext("decimal separator", "."))


def percent(rate: float) -> str:
    """A whole percentage; never 100 % for a rate below 1 or 0 % above 0 (one game lost in
    250 is 99 %, not 100 %: that would say every game was won)."""
    whole = round(rate * 100)
    if whole >= 100 and rate < 1:
        whole = 99
    elif whole <= 0 and rate > 0:
        whole = 1
    return _("{percent} %").format(percent=whole)


class Column:
    def __init__(self, key: str, head, value, align: str = "right"):
        self.key, self.head, self.value, self.align = key, head, value, align


def columns(by_rules: bool) -> list[Column]:
    """Every possible column; ``by_rules``: the first column names rulesets, else opponents."""
    def first(f) -> str:
        if by_rules:
            return rules_label(f.rules) if f.rules else pgettext("stats", "Total")
        return opponents_label(f.opponents) if f.opponents else pgettext("stats", "Total")

    return [
        Column("name", (lambda: pgettext("stats column", "Game")) if by_rules
               else (lambda: pgettext("stats column", "Opponents")), first, "left"),
        Column("games", lambda: pgettext("stats column", "Games"), lambda f: str(f.games)),
        Column("wins", lambda: pgettext("stats column", "Wins"), lambda f: str(f.wins)),
        Column("win_rate", lambda: pgettext("stats column", "Win rate"),
               lambda f: percent(f.win_rate) if f.win_rate is not None else DASH),
        Column("penalty", lambda: pgettext("stats column", "Penalty per deal"),
               lambda f: decimal(f.avg_penalty) if f.avg_penalty is not None else DASH),
        Column("streak", lambda: pgettext("stats column", "Best streak"), lambda f: str(f.best_streak)),
        Column("times_durak", lambda: pgettext("stats column", "Times as durak"),
               lambda f: str(f.times_durak) if f.times_durak is not None else DASH),
    ]


def visible_columns(rows: list, by_rules: bool) -> list[Column]:
    cols = columns(by_rules)
    if not any(f.avg_penalty is not None for f in rows):
        cols = [c for c in cols if c.key != "penalty"]
    if not any(f.times_durak is not None for f in rows):
        cols = [c for c in cols if c.key != "times_durak"]
    return cols


def spoken_rows(rows: list, total, by_rules: bool) -> list[str]:
    """The table as a screen reader reads it: a line a row, each figure with its column's name
    ("Gurka (Swedish): Games 12, Wins 5, Win rate 42 %, …")."""
    cols = visible_columns(rows, by_rules)
    shown = list(rows) + ([total] if len(rows) > 1 else [])
    return [cols[0].value(f) + ": " + ", ".join(f"{c.head()} {c.value(f)}" for c in cols[1:]) for f in shown]


def _fit_lines(text: str, px: float, width: int, max_lines: int = 2) -> tuple[list[str], float]:
    """Wrap ``text`` into at most ``max_lines`` lines at the largest size ≥ MIN_PX that fits."""
    size = px
    while True:
        lines = theme.wrap(text, size, width, bold=True)
        fits = len(lines) <= max_lines and all(theme.font(size, True).size(s)[0] <= width for s in lines)
        if fits or size <= MIN_PX:
            return lines, size
        size -= 1


def _head_width(text: str, px: float) -> int:
    """The narrowest width that holds ``text`` in at most two lines at ``px``."""
    f = theme.font(px, True)
    w = max(f.size(word)[0] for word in text.split(" "))
    full = f.size(text)[0]
    while w < full and len(theme.wrap(text, px, w, bold=True)) > 2:
        w += 4
    return w


def column_widths(cols: list[Column], shown: list, rect: pygame.Rect, u: float) -> list[int]:
    """Each column as wide as its header (two lines) and its values need; the room left
    is shared out evenly.  Too little room: the needs are scaled down (texts shrink)."""
    pad = int(8 * u)
    need = []
    for c in cols:
        values = [theme.font(ROW_PX * u, True).size(c.value(f))[0] for f in shown]
        need.append(max([_head_width(c.head(), HEAD_PX * u)] + values) + 2 * pad)
    extra = rect.width - sum(need)
    if extra >= 0:
        return [n + extra // len(cols) for n in need]
    return [int(n * rect.width / sum(need)) for n in need]


def draw_table(surface: pygame.Surface, rect: pygame.Rect, rows: list, total, by_rules: bool,
               u: float) -> int:
    """Draw the header, the rows and (with more than one row) the total; the height used."""
    cols = visible_columns(rows, by_rules)
    shown = list(rows) + ([total] if len(rows) > 1 else [])
    pad = int(8 * u)
    xs, x = [], rect.left
    for w in column_widths(cols, shown, rect, u):
        xs.append((x, w))
        x += w
    head_h = int(40 * u)
    row_h = int(max(26 * u, theme.font(ROW_PX * u).get_linesize() + 6 * u))
    for (cx, cw), c in zip(xs, cols):
        lines, px = _fit_lines(c.head(), HEAD_PX * u, cw - 2 * pad)
        step = theme.font(px, True).get_linesize()
        y = rect.top + head_h - int(6 * u) - step * len(lines)
        for line in lines[:2]:
            pos = (cx + pad, y) if c.align == "left" else (cx + cw - pad, y)
            theme.blit_text(surface, line, px, pos, theme.ACCENT, bold=True,
                        anchor="topleft" if c.align == "left" else "topright")
            y += step
    y = rect.top + head_h
    pygame.draw.line(surface, theme.PANEL_BORDER, (rect.left, y), (rect.right, y), max(1, int(u)))
    for i, f in enumerate(shown):
        is_total = f is total and len(rows) > 1
        r = pygame.Rect(rect.left, y + i * row_h, rect.width, row_h)
        if is_total:
            pygame.draw.line(surface, theme.PANEL_BORDER, r.topleft, r.topright, max(1, int(u)))
        elif i % 2:
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((255, 255, 255, 14))
            surface.blit(band, r)
        for (cx, cw), c in zip(xs, cols):
            text = c.value(f)
            px = max(MIN_PX, theme.fit_px(text, ROW_PX * u, cw - 2 * pad, bold=is_total))
            color = theme.TEXT if text != DASH else theme.TEXT_DIM
            if c.align == "left":
                theme.blit_text(surface, text, px, (cx + pad, r.centery), color, bold=is_total, anchor="midleft")
            else:
                theme.blit_text(surface, text, px, (cx + cw - pad, r.centery), color, bold=is_total,
                            anchor="midright")
    return head_h + row_h * len(shown)


def table_height(n_rows: int, u: float) -> int:
    shown = n_rows + (1 if n_rows > 1 else 0)
    row_h = int(max(26 * u, theme.font(ROW_PX * u).get_linesize() + 6 * u))
    return int(40 * u) + row_h * shown


def aids_line(total) -> str:
    """The foot of the screen: in how many of these games the player used undo, and how
    many hints they asked for (nothing when neither)."""
    parts = []
    if total.undo_games:
        # TRANSLATORS: statistics: games in which the player took a move back with undo
        parts.append(ngettext("Undo used in {n} game", "Undo used in {n} games",
                              total.undo_games).format(n=total.undo_games))
    if total.hints:
        # TRANSLATORS: statistics: how many times the player asked for a hint
        parts.append(ngettext("{n} hint", "{n} hints", total.hints).format(n=total.hints))
    return "  ·  ".join(parts)
