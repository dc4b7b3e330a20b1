"""The backs of the cards, the project's own patterns (the ``card_back`` setting): a red or a
blue lattice with the cucumber medallion, and a Nordic knitted pattern, an eight-petal
Selbu star among lice stitches.  :func:`draw` paints one inside a card's border;
:func:`game.ui.cards.back` makes and keeps the card."""

from __future__ import annotations

import pygame


def draw(surf: pygame.Surface, inner: pygame.Rect, w: int, style: str, radius: int) -> None:
    """The pattern ``style`` inside ``inner`` of a card ``w`` pixels wide (corners ``radius``)."""
    if style == "nordic":
        _nordic(surf, inner, w, radius)
    else:
        _lattice(surf, inner, w, style, radius)


def _rounded(pat: pygame.Surface, radius: int) -> None:
    """Cut ``pat``'s corners round (its alpha)."""
    mask = pygame.Surface(pat.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _lattice(surf, inner: pygame.Rect, w: int, style: str, r: int) -> None:
    """A deep red (or blue) lattice inside a white border, a medallion with a cucumber leaf."""
    body = (128, 24, 36) if style == "red" else (28, 54, 120)
    line = (176, 52, 62) if style == "red" else (64, 96, 170)
    pat = pygame.Surface(inner.size, pygame.SRCALPHA)
    pat.fill(body)
    step = max(4, int(w * 0.09))
    lw = max(1, int(w * 0.012))
    for k in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(pat, line, (k, 0), (k + inner.height, inner.height), lw)
        pygame.draw.line(pat, line, (k, inner.height), (k + inner.height, 0), lw)
    _rounded(pat, max(2, r - 2))
    surf.blit(pat, inner)
    pygame.draw.rect(surf, (226, 190, 96), inner, max(1, int(w * 0.018)), border_radius=max(2, r - 2))
    m = max(4, int(w * 0.2))
    pygame.draw.circle(surf, (246, 236, 206), inner.center, m)
    pygame.draw.circle(surf, (226, 190, 96), inner.center, m, max(1, int(w * 0.018)))
    leaf = pygame.Rect(0, 0, int(m * 1.3), int(m * 0.62))
    leaf.center = inner.center
    pygame.draw.ellipse(surf, (60, 130, 60), leaf)
    pygame.draw.ellipse(surf, (30, 80, 30), leaf, max(1, int(w * 0.012)))
    for i in range(3):
        x = leaf.left + leaf.width * (0.3 + 0.2 * i)
        pygame.draw.circle(surf, (150, 200, 120), (int(x), leaf.centery - int(leaf.height * 0.12)),
                           max(1, int(w * 0.012)))


#: the eight-petal Selbu star of the Nordic back, a knitting chart (X: a light stitch)
SELBU_STAR = (
    ".......X.......",
    "..XXX.XXX.XXX..",
    ".X.XX.XXX.XX.X.",
    ".XX.X.XXX.X.XX.",
    ".XXX..XXX..XXX.",
    "......XXX......",
    ".XXXXX...XXXXX.",
    "XXXXXX.X.XXXXXX",
    ".XXXXX...XXXXX.",
    "......XXX......",
    ".XXX..XXX..XXX.",
    ".XX.X.XXX.X.XX.",
    ".X.XX.XXX.XX.X.",
    "..XXX.XXX.XXX..",
    ".......X.......",
)
NORDIC_DARK = (22, 40, 86)
NORDIC_LIGHT = (240, 236, 224)
NORDIC_RED = (176, 36, 44)


def nordic_chart(cols: int = 25, rows: int = 35) -> list[str]:
    """The Nordic back as a knitting chart, ``rows`` strings of ``cols`` stitches: ``X`` light,
    ``r`` red, ``.`` dark.  A Selbu star in the middle, a red and light band of small
    crosses above and below, lice stitches (single light stitches) over the rest."""
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    for y in range(rows):                         # lice: every fourth stitch, offset by row
        for x in range(cols):
            if y % 4 == 1 and (x + (y // 4) * 2) % 4 == 1:
                grid[y][x] = "X"
    cy, cx = rows // 2, cols // 2
    star = SELBU_STAR
    sy, sx = cy - len(star) // 2, cx - len(star[0]) // 2
    for y in range(sy - 2, sy + len(star) + 2):   # a clear field round the star
        for x in range(sx - 2, sx + len(star[0]) + 2):
            if 0 <= y < rows and 0 <= x < cols:
                grid[y][x] = "."
    for dy, line in enumerate(star):
        for dx, c in enumerate(line):
            if c == "X":
                grid[sy + dy][sx + dx] = "X"
    for band in (sy - 6, sy + len(star) + 3):      # bands: a red line, crosses, a red line
        for x in range(cols):
            for y, c in ((band, "r"), (band + 2, "r")):
                if 0 <= y < rows:
                    grid[y][x] = c
            if 0 <= band + 1 < rows:
                grid[band + 1][x] = "X" if x % 3 == 1 else "."
    return ["".join(row) for row in grid]


def _nordic(surf, inner: pygame.Rect, w: int, r: int) -> None:
    """The knitted Nordic back: its chart drawn a stitch at a time on a small surface, each
    stitch a shaded "V", then scaled smoothly to the card."""
    chart = nordic_chart()
    rows, cols = len(chart), len(chart[0])
    k = 6                                               # pixels per stitch before scaling
    small = pygame.Surface((cols * k, rows * k), pygame.SRCALPHA)
    colours = {".": NORDIC_DARK, "X": NORDIC_LIGHT, "r": NORDIC_RED}
    for y, line in enumerate(chart):
        for x, c in enumerate(line):
            base = colours[c]
            shade = tuple(max(0, v - 38) for v in base)
            cell = pygame.Rect(x * k, y * k, k, k)
            small.fill(shade, cell)
            # a knit stitch: two slanted halves, lighter at the top
            pygame.draw.polygon(small, base, [(cell.left, cell.top), (cell.centerx, cell.bottom - 1),
                                              (cell.centerx - 1, cell.top + 1)])
            pygame.draw.polygon(small, base, [(cell.right - 1, cell.top), (cell.centerx, cell.bottom - 1),
                                              (cell.centerx, cell.top + 1)])
    pat = pygame.transform.smoothscale(small, inner.size)
    _rounded(pat, max(2, r - 2))
    surf.blit(pat, inner)
    pygame.draw.rect(surf, NORDIC_RED, inner, max(1, int(w * 0.02)), border_radius=max(2, r - 2))
