"""The table's surfaces, made at the window's own resolution: green or blue felt, or wood.

Every surface is procedural and deterministic (fixed seeds: the same table every time) and
is put together in two layers:

* the broad shapes (the light falling on the middle of the table, the felt's soft mottling,
  the planks' tones and their wide grain figure) drawn on a small surface and scaled up
  *smoothly*: nothing there has an edge, so scaling shows no steps;
* everything with an edge or a fine texture drawn at full size, so a 4K table is as sharp
  as a small one: the felt's fibres and the wood's fine grain as noise tiles added to and
  taken off the pixels (which also breaks the 8-bit bands of the smooth light), the grain
  lines antialiased and flowing round the knots, the knots themselves drawn larger and
  scaled down (antialiased), the seams between the planks and their butt joints.

A 3840x2160 table is a few frames' work, made once per size (:func:`game.ui.theme.felt`
keeps it).
"""

from __future__ import annotations

import math
import random

import pygame

#: the wooden table: planks of warm brown, each its own shade
WOOD = ((112, 68, 38), (124, 77, 43), (104, 62, 34), (118, 72, 40), (110, 66, 37), (121, 75, 42),
        (107, 64, 36))
#: the darker line between two planks, and the light edge under it
SEAM = (56, 32, 17)
SEAM_LIGHT = (146, 96, 58)
#: one noise tile's side (pixels, full size)
TILE = 256


def _display_format(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert() if pygame.display.get_surface() is not None else surf


def _noise_tile(rng: random.Random, size: tuple[int, int], tint: tuple[float, float, float],
                amount: int, grain: tuple[int, int] = (1, 1)) -> pygame.Surface:
    """A tile of grey noise from 0 to ``amount`` (times ``tint`` per channel), in cells of
    ``grain`` pixels smoothed together (1 x 1: a pixel each; 16 x 1: long streaks)."""
    w, h = size
    cw, ch = max(1, -(-w // grain[0])), max(1, -(-h // grain[1]))
    small = pygame.image.frombytes(rng.randbytes(cw * ch), (cw, ch), "P")
    small.set_palette([(int(i * amount / 255 * tint[0] + 0.5), int(i * amount / 255 * tint[1] + 0.5),
                        int(i * amount / 255 * tint[2] + 0.5)) for i in range(256)])
    small = small.convert(24) if pygame.display.get_surface() is None else small.convert()
    if (cw, ch) == (w, h):
        return small
    if grain[0] > 1 and grain[1] == 1:
        # wrapped along the streaks: the first column again after the last, so that the
        # tiles join without a seam
        wide = pygame.Surface((cw + 1, ch), 0, small)
        wide.blit(small, (0, 0))
        wide.blit(small, (cw, 0), pygame.Rect(0, 0, 1, ch))
        big = pygame.transform.smoothscale(wide, ((cw + 1) * grain[0], ch * grain[1]))
        return big.subsurface(pygame.Rect(0, 0, w, h)).copy()
    big = pygame.transform.smoothscale(small, (cw * grain[0], ch * grain[1]))
    return big.subsurface(pygame.Rect(0, 0, w, h)).copy() if big.get_size() != (w, h) else big


def _tile_over(surf: pygame.Surface, add: pygame.Surface, sub: pygame.Surface,
               stagger: int = 0) -> None:
    """``add`` added to and ``sub`` taken off the pixels of ``surf``, tiled over all of it
    (each row of tiles shifted by ``stagger``: a repeat is not seen as a grid)."""
    w, h = surf.get_size()
    tw, th = add.get_size()
    for row, y in enumerate(range(0, h, th)):
        shift = (row * stagger) % tw
        for x in range(-shift, w, tw):
            surf.blit(add, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(sub, (x, y), special_flags=pygame.BLEND_RGB_SUB)


def _light(small: pygame.Surface, dark, light, steps: int = 40) -> None:
    """Concentric ellipses from ``dark`` at the edge to ``light`` in the middle (scaled up
    smoothly afterwards, the steps between them melt)."""
    sw, sh = small.get_size()
    small.fill(dark)
    for i in range(steps):
        t = i / (steps - 1)
        col = tuple(int(dark[k] + (light[k] - dark[k]) * t) for k in range(3))
        rw, rh = int(sw * (1.5 - t * 1.05)), int(sh * (1.5 - t * 1.05))
        pygame.draw.ellipse(small, col, pygame.Rect(sw // 2 - rw // 2, sh // 2 - rh // 2, rw, rh))


def _small_size(size, scale: int) -> tuple[int, int]:
    return max(8, size[0] // scale), max(8, size[1] // scale)


# -- felt -----------------------------------------------------------------------------------------------

def cloth(size: tuple[int, int], dark, light) -> pygame.Surface:
    """A felt from ``dark`` at the edges to ``light`` in the middle: the light and a soft
    mottling scaled up smoothly, then the fibres at full size."""
    w, h = size
    rng = random.Random(11)
    small = pygame.Surface(_small_size(size, 8))
    _light(small, dark, light)
    small = _display_format(small)
    sw, sh = small.get_size()
    # the mottling: a few shades lighter and darker in soft patches
    tint = tuple(max(0.35, c / max(light)) for c in light)
    patches = _noise_tile(rng, (sw, sh), tint, 5, (6, 6))
    small.blit(patches, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    small.blit(_noise_tile(rng, (sw, sh), tint, 5, (6, 6)), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    surf = pygame.transform.smoothscale(small, size)
    # the fibres: a fine noise and a softer one, tinted by the cloth (in one tile to add and
    # one to take off)
    add = _noise_tile(rng, (TILE, TILE), tint, 7)
    add.blit(_noise_tile(rng, (TILE, TILE), tint, 6, (2, 2)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    sub = _noise_tile(rng, (TILE, TILE), tint, 7)
    sub.blit(_noise_tile(rng, (TILE, TILE), tint, 6, (2, 2)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    _tile_over(surf, add, sub, stagger=97)
    return surf


# -- wood ------------------------------------------------------------------------------------------------

def _shade(col, d: float):
    return tuple(max(0, min(255, int(c + d))) for c in col)


class _Knot:
    """A knot: an oval eye the grain flows round (full-size pixels)."""

    def __init__(self, x: float, y: float, rx: float, ry: float):
        self.x, self.y, self.rx, self.ry = x, y, rx, ry

    def bend(self, x: float, y0: float) -> float:
        """How far a grain line running at ``y0`` is pushed aside at ``x``."""
        dy = y0 - self.y
        reach = self.ry * 2.6
        if abs(dy) > reach:
            return 0.0
        side = 1.0 if dy >= 0 else -1.0
        push = self.ry * 1.15 * (1 - abs(dy) / reach) ** 1.5
        return side * push * math.exp(-((x - self.x) / (self.rx * 1.9)) ** 2)


def _knot_image(knot: _Knot) -> tuple[pygame.Surface, tuple[int, int]]:
    """The knot as a multiplying layer (white: no change): rings of darker wood round a dark
    eye, drawn three times larger and scaled down smoothly (antialiased at any size)."""
    k = 3
    pad = 4
    w, h = int(knot.rx * 2 * 1.5) + 2 * pad, int(knot.ry * 2 * 1.9) + 2 * pad
    big = pygame.Surface((w * k, h * k))
    big.fill((255, 255, 255))
    cx, cy = w * k / 2, h * k / 2
    rings = 11
    for i in range(rings):
        t = i / (rings - 1)                 # 0: the outer ring, 1: round the eye
        rx = knot.rx * k * (1.45 - 1.05 * t)
        ry = knot.ry * k * (1.8 - 1.3 * t)
        g = 250 - 70 * t ** 1.3 - (16 if i % 2 else 0)
        pygame.draw.ellipse(big, (int(g), int(g * 0.9), int(g * 0.8)),
                            pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))
    for f, g in ((0.5, 150), (0.36, 104), (0.24, 80)):
        eye = pygame.Rect(0, 0, knot.rx * k * f * 1.3, knot.ry * k * f * 1.6)
        eye.center = (int(cx), int(cy))
        pygame.draw.ellipse(big, (g, int(g * 0.82), int(g * 0.7)), eye)
    img = pygame.transform.smoothscale(big, (w, h))
    return img, (int(knot.x - w / 2), int(knot.y - h / 2))


def wood(size: tuple[int, int], u: float) -> pygame.Surface:
    """A table top of long planks running across, lit in the middle: each plank its own
    shade with a wide soft figure, a fine grain, grain lines flowing round a knot or two,
    seams between the planks and a butt joint in each (a fixed seed: the same table)."""
    w, h = size
    rng = random.Random(7)
    planks = 7
    ph = h / planks
    scale = 4
    small = pygame.Surface(_small_size(size, scale))
    sw, sh = small.get_size()
    sph = sh / planks
    for p in range(planks):
        s_top, s_bottom = int(p * sph), int((p + 1) * sph)
        base = WOOD[p % len(WOOD)]
        small.fill(base, pygame.Rect(0, s_top, sw, s_bottom - s_top))
        # the figure: wide soft bands of a lighter and a darker shade along the plank
        for _ in range(5):
            y0 = rng.uniform(s_top, s_bottom)
            amp, freq, phase = rng.uniform(0.5, 2.5), rng.uniform(0.6, 2.0), rng.uniform(0, 6.3)
            col = _shade(base, rng.choice((-9, -6, 7, 10)))
            pts = [(x, y0 + amp * math.sin(phase + freq * x / sw * 6.28)) for x in range(0, sw + 8, 8)]
            pygame.draw.lines(small, col, False, pts, max(1, int(sph * 0.12)))
        pygame.draw.rect(small, base, pygame.Rect(0, s_top, sw, 1))       # each plank starts clean
    light = pygame.Surface((sw, sh))
    _light(light, (150, 150, 150), (255, 255, 255))
    small.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    small = _display_format(small)
    surf = pygame.transform.smoothscale(small, size)
    # the fine grain: long streaks added and taken off
    tint = (1.0, 0.66, 0.42)
    add = _noise_tile(rng, (4 * TILE, TILE // 2), tint, 16, (24, 1))
    sub = _noise_tile(rng, (4 * TILE, TILE // 2), tint, 16, (24, 1))
    _tile_over(surf, add, sub, stagger=389)
    # knots, and the grain lines flowing round them
    knots: list[list[_Knot]] = []
    for p in range(planks):
        top = p * ph
        here: list[_Knot] = []
        for _ in range(rng.choice((0, 1, 1, 0, 2))):
            x = rng.uniform(0.08, 0.92) * w
            if all(abs(x - k.x) > ph * 2 for k in here):       # knots apart
                here.append(_Knot(x, rng.uniform(top + ph * 0.4, top + ph * 0.6),
                                  ph * rng.uniform(0.2, 0.28), ph * rng.uniform(0.09, 0.12)))
        knots.append(here)
    step = max(12, int(w / 96))
    gap = ph / 6
    for p in range(planks):
        top, bottom = p * ph, (p + 1) * ph
        base = WOOD[p % len(WOOD)]
        y0 = top + rng.uniform(0, gap)
        while y0 < bottom - 2:
            amp, freq, phase = rng.uniform(0.2, 1.0) * u, rng.uniform(0.5, 2.5), rng.uniform(0, 6.3)
            col = _shade(base, rng.choice((-20, -15, -11)))
            pts = []
            for x in range(-step, w + 2 * step, step):
                y = y0 + amp * math.sin(phase + freq * x / w * 6.28)
                for knot in knots[p]:
                    y += knot.bend(x, y0)
                pts.append((x, min(bottom - 2, max(top + 2, y))))
            pygame.draw.aalines(surf, col, False, pts)
            y0 += gap * rng.uniform(0.6, 1.4)
        for knot in knots[p]:           # round a knot the grain runs close and bends
            for i in range(-4, 5):
                yy = knot.y + i * knot.ry * 0.55 + (0.3 if i >= 0 else -0.3) * knot.ry
                near = [(x, min(bottom - 2, max(top + 2, yy + knot.bend(x, yy))))
                        for x in range(int(knot.x - knot.rx * 6), int(knot.x + knot.rx * 6), max(3, step // 3))]
                if len(near) > 1:
                    pygame.draw.aalines(surf, _shade(base, -14 - 2 * (4 - abs(i))), False, near)
        for knot in knots[p]:
            img, at = _knot_image(knot)
            surf.blit(img, at, special_flags=pygame.BLEND_RGB_MULT)
    # the seams between the planks, and a butt joint in each plank
    seam = max(1, int(round(1.6 * u)))
    for p in range(planks):
        top, bottom = int(p * ph), int((p + 1) * ph)
        if p:
            surf.fill(SEAM, pygame.Rect(0, top - seam // 2, w, seam))
            surf.fill(_shade(SEAM_LIGHT, -30), pygame.Rect(0, top - seam // 2 + seam, w, max(1, seam // 2)))
        x = int(rng.uniform(0.15, 0.85) * w)
        for knot in knots[p]:           # a joint does not cut through a knot
            if abs(x - knot.x) < knot.rx * 2:
                x = int(knot.x + (knot.rx * 2.5 if knot.x < w / 2 else -knot.rx * 2.5))
        surf.fill(SEAM, pygame.Rect(x, top, seam, bottom - top))
        surf.fill(_shade(SEAM_LIGHT, -30), pygame.Rect(x + seam, top, max(1, seam // 2), bottom - top))
    return surf
