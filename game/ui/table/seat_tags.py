"""A seat's tags on its box: the AI level beside the name (its short form where a long name
needs the room: "Norm."), the team as a coloured badge with its number on the box's lower
edge, and all of it in whole words ("team 2 · Normal") while the pointer rests on the box.

Nothing is ever left out: a crowded table (3 v 3, eight seats, long names) shows the short
forms, never a box without its level or team.
"""

from __future__ import annotations

import pygame

from .. import messages
from .. import theme

#: the teams' colours (team 1, team 2): a badge and its partners' badges alike
TEAM_COLOURS = ((96, 168, 240), (238, 132, 92))
#: the level's size on the box (design pixels)
LEVEL_PX = 12
#: the whole words' size while the pointer rests on a box
WORDS_PX = 14


def level_tag(level: str, name: str, width: float, u: float) -> str:
    """The AI level ``level`` (``normal``) as it fits beside ``name`` on a line ``width``
    wide: the whole word, else its short form (which always shows: the name gives way)."""
    if not level:
        return ""
    whole = messages.level_name(level)
    name_w = theme.font(17 * u, True).size(name)[0]
    if name_w + theme.font(LEVEL_PX * u).size(whole)[0] + int(12 * u) <= width:
        return whole
    return messages.level_short(level)


def draw_badge(surface, lay, seat: int, team: int) -> pygame.Rect:
    """The team badge on the seat's box (:meth:`.layout.Layout.badge_rect`): its colour and
    number (1 or 2)."""
    u = lay.u
    r = lay.badge_rect(seat)
    colour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
    pygame.draw.circle(surface, colour, r.center, r.width // 2)
    pygame.draw.circle(surface, theme.PANEL, r.center, r.width // 2, max(1, int(1.5 * u)))
    theme.note_box(surface, "panel", r)
    theme.blit_text(surface, str(team + 1), 13 * u, r.center, theme.TEXT_DARK, bold=True, anchor="center")
    return r


def draw_words(surface, lay, seat: int, name: str, words: str) -> pygame.Rect:
    """``name`` and the seat's tags in whole words in a box by the seat's box (below a seat
    in the upper half of the table, above one in the lower half), inside the window."""
    u = lay.u
    rect = lay.seat_rect(seat)
    text = f"{name}{' · ' if words else ''}{words}"
    px = WORDS_PX * u
    w = min(theme.font(px, True).size(text)[0] + int(20 * u), lay.size[0] - int(8 * u))
    box = pygame.Rect(0, 0, w, theme.line_step(px, True) + int(10 * u))
    gap = int(14 * u)                     # clear of a team badge on the box's edge
    if rect.centery < lay.size[1] / 2:
        box.midtop = (rect.centerx, rect.bottom + gap)
    else:
        box.midbottom = (rect.centerx, rect.top - int(6 * u))
    box.clamp_ip(pygame.Rect(0, 0, *lay.size))
    theme.panel(surface, box, u, border=theme.FOCUS)
    theme.blit_text(surface, text, px, box.center, theme.TEXT, bold=True, anchor="center", max_width=box.width - int(16 * u))
    return box.inflate(int(8 * u), int(8 * u))
