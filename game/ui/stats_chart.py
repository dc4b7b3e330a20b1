"""The statistics screen's small line chart, drawn with pygame.draw.

One series (:class:`game.stats.queries.Series`): the player's average penalty
per deal in each of the last games, or the win rate so far after each game.
A caption above, a few grid lines with their values on the left, the game
numbers at both ends below.
"""

from __future__ import annotations

import math

import pygame

from ..i18n import ngettext
from . import theme
from .stats_table import decimal, percent

LABEL_PX = 13
CAPTION_PX = 15
LINE = (246, 206, 98)
GRID = (255, 255, 255, 34)


def caption(series) -> str:
    n = len(series.values)
    if series.kind == "penalty":
        # TRANSLATORS: the chart's caption; {n} is how many games it shows
        return ngettext("Your average penalty per deal, game by game ({n} game)",
                        "Your average penalty per deal, game by game (last {n} games)", n).format(n=n)
    # TRANSLATORS: the chart's caption; {n} is how many games it shows
    return ngettext("Your win rate so far, game by game ({n} game)",
                    "Your win rate so far, game by game (last {n} games)", n).format(n=n)


def nice_top(v: float) -> tuple[float, float]:
    """A round top for the y axis at or above ``v`` and the step between grid lines."""
    if v <= 0:
        return 1.0, 0.25
    raw = v / 4
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return step * math.ceil(v / step - 1e-9), step


def step_places(step: float) -> int:
    """The decimals that show every multiple of ``step`` as it is (2.5 -> 1, 0.25 -> 2)."""
    for places in range(3):
        scaled = step * 10 ** places
        if abs(scaled - round(scaled)) < 1e-9:
            return places
    return 3


def axis(series) -> tuple[float, list[tuple[float, str]]]:
    """The y axis: its top and each grid line's value with its label."""
    if series.kind == "penalty":
        top, step = nice_top(max(series.values, default=0))
        places = step_places(step)
        return top, [(step * k, decimal(step * k, places)) for k in range(round(top / step) + 1)]
    return 1.0, [(t, percent(t)) for t in (0.0, 0.25, 0.5, 0.75, 1.0)]


def points(series, plot: pygame.Rect) -> list[tuple[int, int]]:
    """Screen positions of the values inside ``plot``."""
    vals = series.values
    if series.kind == "penalty":
        top, _step = nice_top(max(vals, default=0))
    else:
        top = 1.0
    n = len(vals)
    out = []
    for i, v in enumerate(vals):
        x = plot.centerx if n == 1 else plot.left + round(i * plot.width / (n - 1))
        y = plot.bottom - round(min(max(v, 0.0), top) / top * plot.height)
        out.append((x, y))
    return out


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series, u: float) -> None:
    """Caption, grid, axis labels and the line of ``series`` inside ``rect``."""
    if not series.values:
        return
    theme.blit_text(surface, caption(series), CAPTION_PX * u, (rect.left, rect.top), theme.TEXT, bold=True,
                max_width=rect.width)
    label_px = LABEL_PX * u
    lab_h = theme.font(label_px).get_linesize()
    top, labelled = axis(series)
    ticks = [t for t, _text in labelled]
    texts = dict(labelled)
    fmt = texts.__getitem__
    label_w = max(theme.font(label_px).size(fmt(t))[0] for t in ticks) + int(10 * u)
    plot = pygame.Rect(rect.left + label_w, rect.top + int(CAPTION_PX * u * 1.6) + lab_h // 2,
                       rect.width - label_w - int(12 * u), 0)
    plot.height = max(10, rect.bottom - plot.top - lab_h - int(6 * u))
    grid = pygame.Surface(plot.size, pygame.SRCALPHA)
    for t in ticks:
        y = plot.bottom - round(t / top * plot.height)
        pygame.draw.line(grid, GRID, (0, y - plot.top), (plot.width, y - plot.top), max(1, int(u)))
        theme.blit_text(surface, fmt(t), label_px, (plot.left - int(6 * u), y), theme.TEXT_DIM, anchor="midright")
    surface.blit(grid, plot.topleft)
    pygame.draw.line(surface, theme.PANEL_BORDER, plot.bottomleft, plot.bottomright, max(1, int(u)))
    pts = points(series, plot)
    if len(pts) > 1:
        pygame.draw.lines(surface, LINE, False, pts, max(2, int(2.5 * u)))
    for p in pts:
        pygame.draw.circle(surface, LINE, p, max(2, int(3.5 * u)))
        pygame.draw.circle(surface, theme.PANEL, p, max(1, int(1.5 * u)))
    first, last = series.first, series.last
    below = plot.bottom + int(4 * u)
    theme.blit_text(surface, str(first), label_px, (pts[0][0], below), theme.TEXT_DIM, anchor="midtop")
    if last != first:
        theme.blit_text(surface, str(last), label_px, (pts[-1][0], below), theme.TEXT_DIM, anchor="midtop")
