"""How a panel, a button and a shadow look on every screen: things lying on a card table.

A panel is a plate of dark green leather lit from above (a soft gradient, a faint light
line along its top edge) in a two-tone brass rim, casting a soft shadow on the table; a
button is a smaller plate of the same make (the primary one polished brass); the seat to
act glows.  Everything is drawn at the size asked for, from a few cached pieces:

* the soft shadow is nine pieces of a blurred rounded rectangle (four corners, four edges
  stretched), so a panel of any size costs the same few blits, and a shadow drawn in place
  *multiplies* the pixels under it (no window-sized translucent layer);
* a plate is drawn in place (a rounded rectangle, its gradient in bands, the rims), or
  from a cached image when it is translucent.

:mod:`game.ui.theme` (``panel``, ``panel_image``) and :func:`game.ui.widget_base.box` draw
through here, so a change of look is made once.
"""

from __future__ import annotations

from typing import Any

import pygame

#: the leather of a panel at its top and its bottom
PLATE_TOP = (36, 56, 48)
PLATE_BOTTOM = (15, 27, 23)
#: the brass rim: its dark outer line and its light inner one
RIM_DARK = (104, 80, 34)
RIM_LIGHT = (214, 180, 104)
#: the light along a plate's top edge (added to the pixels)
SHEEN = (26, 26, 22)
#: the glow round the seat to act, and its plate (warmer, lighter)
GLOW = (255, 206, 90)
TO_ACT = (52, 62, 40)

#: a surface, or a plate's (surface, where its top left lies) under a key starting "plate"
_cache: dict[tuple, Any] = {}
#: the pixels of the cached images (a bound on their memory: big translucent panels at 4K)
_pixels = [0]
MOST_PIXELS = 24_000_000


def _keep(key, value):
    img = value[0] if isinstance(value, tuple) else value
    size = img.get_width() * img.get_height() if isinstance(img, pygame.Surface) else 0
    if len(_cache) > 400 or _pixels[0] + size > MOST_PIXELS:
        forget()
    _cache[key] = value
    _pixels[0] += size
    return value


def forget() -> None:
    """Drop the cached pieces (a new window, fonts loaded anew)."""
    _cache.clear()
    _pixels[0] = 0


def radius(u: float) -> int:
    return max(4, int(10 * u))


def shade(col, d: float) -> tuple[int, int, int]:
    r, g, b = (max(0, min(255, int(c + d))) for c in col[:3])
    return r, g, b


# -- soft shapes, without a blur: rings of a rising alpha ------------------------------------------------

def _smooth(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def soft_rect(size: tuple[int, int], rect: pygame.Rect, r: int, color, alpha: int, spread: int) -> pygame.Surface:
    """A rounded ``rect`` of ``color`` at ``alpha`` on a clear image of ``size``, its edge
    fading out over ``spread`` pixels on either side of it (a blurred shape, drawn as rings
    of one pixel: no blur to run, a few draws)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(rect)
    spread = max(1, spread)
    for i in range(-spread, spread):
        a = int(alpha * _smooth((spread - i - 0.5) / (2 * spread)))
        if a <= 0:
            continue
        ring = rect.inflate(2 * i, 2 * i)
        if ring.width <= 2 or ring.height <= 2:
            continue
        pygame.draw.rect(img, (*color[:3], a), ring, 2, border_radius=max(0, r + i))   # (2: no gaps)
    core = rect.inflate(-2 * spread, -2 * spread)
    if core.width > 0 and core.height > 0:
        pygame.draw.rect(img, (*color[:3], alpha), core, border_radius=max(0, r - spread))
    return img


def soft_ring(size: tuple[int, int], rect: pygame.Rect, r: int, color, alpha: int, spread: int) -> pygame.Surface:
    """A light round ``rect``: brightest on its edge, fading out over ``spread`` pixels on
    either side (rings of one pixel, no blur)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(rect)
    spread = max(1, spread)
    # from either side in towards the edge, the brightest drawn last (rings two pixels wide,
    # each over half of the one before: no gaps at the corners)
    for i in [*range(spread, 0, -1), *range(-spread, 1)]:
        a = int(alpha * _smooth(1 - abs(i) / (spread + 0.5)))
        ring = rect.inflate(2 * i, 2 * i)
        if a <= 0 or ring.width <= 4 or ring.height <= 4:
            continue
        pygame.draw.rect(img, (*color[:3], a), ring, 2, border_radius=max(0, r + i))
    return img


# -- soft shadows --------------------------------------------------------------------------------

def shadow_spread(u: float) -> tuple[int, int, int]:
    """A panel's shadow: its blur, and how far it falls right and down (pixels)."""
    return max(2, int(7 * u)), int(1 * u), max(1, int(4 * u))


def reach(u: float) -> int:
    """How far a panel's shadow (and the glow of the seat to act) reaches beyond its rect."""
    blur, dx, dy = shadow_spread(u)
    return max(blur + max(dx, dy), glow_width(u)) + 2


def _mask(r: int, blur: int, strength: int) -> pygame.Surface:
    """A blurred rounded square: the shadow of a corner of radius ``r`` (alpha)."""
    key = ("mask", r, blur, strength)
    img = _cache.get(key)
    if img is None:
        side = 2 * (r + 2 * blur) + 1
        img = _keep(key, soft_rect((side, side), pygame.Rect(blur, blur, side - 2 * blur, side - 2 * blur), r,
                                   (0, 0, 0), strength, blur))
    return img


def _source(r: int, blur: int, strength: int, mult: bool) -> pygame.Surface:
    """The shadow's mask as it is blitted: grey to multiply with (white where it is clear,
    darker where it is dense), or the alpha mask itself."""
    mask = _mask(r, blur, strength)
    if not mult:
        return mask
    key = ("mult", r, blur, strength)
    img = _cache.get(key)
    if img is None:
        img = pygame.Surface(mask.get_size())
        img.fill((255, 255, 255))
        img.blit(mask, (0, 0))              # black at the mask's alpha over white
        _keep(key, img)
    return img


def _strip(base: tuple, which: str, src: pygame.Surface, area: pygame.Rect, size: tuple[int, int]) -> pygame.Surface:
    """One edge of a shadow (a line of its mask) stretched to ``size`` (cached)."""
    key = ("strip", base, which, size)
    img = _cache.get(key)
    if img is None:
        img = _keep(key, pygame.transform.scale(src.subsurface(area), size))
    return img


def _nine(surface: pygame.Surface, rect: pygame.Rect, r: int, blur: int, strength: int, mult: bool) -> None:
    """A soft shadow of the rounded ``rect`` (corner radius ``r``) on ``surface``: multiplied
    into its pixels (``mult``) or blended as black (an image with its own alpha)."""
    base = (r, blur, strength, mult)
    src = _source(*base)
    flags = pygame.BLEND_RGB_MULT if mult else 0
    side = src.get_width()
    c = r + 2 * blur                        # a corner piece's side
    out = rect.inflate(2 * blur, 2 * blur)
    inner_w, inner_h = out.width - 2 * c, out.height - 2 * c
    if inner_w < 0 or inner_h < 0:          # too small for nine pieces: the mask stretched
        surface.blit(pygame.transform.smoothscale(src, out.size), out, special_flags=flags)
        return
    for (sx, sy), (dx, dy) in (((0, 0), (out.left, out.top)), ((side - c, 0), (out.right - c, out.top)),
                               ((0, side - c), (out.left, out.bottom - c)),
                               ((side - c, side - c), (out.right - c, out.bottom - c))):
        surface.blit(src, (dx, dy), pygame.Rect(sx, sy, c, c), special_flags=flags)
    mid = side // 2
    if inner_w:
        surface.blit(_strip(base, "top", src, pygame.Rect(mid, 0, 1, c), (inner_w, c)), (out.left + c, out.top),
                     special_flags=flags)
        surface.blit(_strip(base, "bottom", src, pygame.Rect(mid, side - c, 1, c), (inner_w, c)),
                     (out.left + c, out.bottom - c), special_flags=flags)
    if inner_h:
        surface.blit(_strip(base, "left", src, pygame.Rect(0, mid, c, 1), (c, inner_h)), (out.left, out.top + c),
                     special_flags=flags)
        surface.blit(_strip(base, "right", src, pygame.Rect(side - c, mid, c, 1), (c, inner_h)),
                     (out.right - c, out.top + c), special_flags=flags)
    if inner_w and inner_h and not mult:    # (drawn in place, the plate covers the middle)
        surface.fill(src.get_at((mid, mid)), pygame.Rect(out.left + c, out.top + c, inner_w, inner_h))


def cast(surface: pygame.Surface, rect: pygame.Rect, u: float, r: int | None = None, strength: int = 110,
         mult: bool = True, lift: float = 1.0) -> pygame.Rect:
    """The soft shadow of a panel or button at ``rect`` on the table; returns where it falls."""
    blur, dx, dy = shadow_spread(u * lift)
    at = pygame.Rect(rect).move(dx, dy)
    _nine(surface, at, radius(u) if r is None else r, blur, strength, mult)
    return at.inflate(2 * blur, 2 * blur)


# -- plates ------------------------------------------------------------------------------------------

def _bands(surface, rect: pygame.Rect, top, bottom, r: int) -> None:
    """A rounded plate from ``top`` to ``bottom`` (a gradient in bands of equal colour)."""
    pygame.draw.rect(surface, top, rect, border_radius=r)
    h = rect.height
    if h <= 2 * r:
        return
    lo, hi = rect.top + r, rect.bottom - r
    span = max(1, hi - lo)
    steps = max(abs(top[k] - bottom[k]) for k in range(3)) + 1
    prev = lo
    for i in range(1, steps + 1):
        y = lo + span * i // steps
        if y <= prev:
            continue
        t = (prev - lo + (y - prev) / 2) / span
        col = tuple(int(top[k] + (bottom[k] - top[k]) * t) for k in range(3))
        surface.fill(col, pygame.Rect(rect.left, prev, rect.width, y - prev))
        prev = y
    clip = surface.get_clip()
    low = pygame.Rect(rect.left, hi, rect.width, rect.bottom - hi)
    surface.set_clip(low.clip(clip) if clip else low)
    pygame.draw.rect(surface, bottom, rect, border_radius=r)
    surface.set_clip(clip)


def plate(surface: pygame.Surface, rect: pygame.Rect, u: float, top=PLATE_TOP, bottom=PLATE_BOTTOM,
          rim=(RIM_DARK, RIM_LIGHT), r: int | None = None, rim_w: float = 2.0) -> None:
    """A plate drawn in place: its lit body and its rim (``rim``: (outer, inner) colours, or
    None for none)."""
    rect = pygame.Rect(rect)
    r = radius(u) if r is None else r
    _bands(surface, rect, top, bottom, r)
    inner = rect.inflate(-2 * max(1, int(rim_w * u)), -2 * max(1, int(rim_w * u)))
    if inner.width > 2 * r and inner.height > 4:
        # the light along the top edge: a thin lighter line inside the rim
        sheen = pygame.Rect(inner.left + r // 2, inner.top, inner.width - r, max(1, int(u)))
        # (a fill that blends is not held to the surface's clip: clipped here)
        sheen = sheen.clip(surface.get_clip())
        if sheen.width and sheen.height:
            surface.fill(SHEEN, sheen, special_flags=pygame.BLEND_RGB_ADD)
    if rim is None:
        return
    outer, light = rim
    w = max(1, int(rim_w * u))
    pygame.draw.rect(surface, outer, rect, w, border_radius=r)
    if w >= 2 or u >= 1.5:
        pygame.draw.rect(surface, light, rect.inflate(-2 * max(1, w // 2), -2 * max(1, w // 2)), max(1, w // 2),
                         border_radius=max(1, r - w // 2))
    else:
        pygame.draw.rect(surface, light, rect, 1, border_radius=r)


def rim_for(border) -> tuple | None:
    """The two-tone rim of a border colour (the gold of a panel, the bright one of the seat
    to act)."""
    if border is None:
        return None
    return (shade(border, -86), tuple(border[:3]))


def plate_image(size: tuple[int, int], u: float, alpha: int, top, bottom, rim, shadow: bool = True,
                r: int | None = None, rim_w: float = 2.0, lift: float = 1.0,
                strength: int = 110) -> tuple[pygame.Surface, tuple[int, int]]:
    """A plate as an image with its own alpha (``alpha`` for its body), its shadow included
    (``lift``: how far it falls); and where the plate's top left lies in it (cached)."""
    key = ("plate", size, round(u, 3), alpha, top, bottom, rim, shadow, r, rim_w, lift, strength)
    got = _cache.get(key)
    if got is not None:
        return got
    w, h = size
    m = reach(u * lift) if shadow else 0
    img = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    plate(body, body.get_rect(), u, top, bottom, rim, r, rim_w)
    if alpha < 255:
        body.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    if shadow:
        cast(img, pygame.Rect(m, m, w, h), u * lift, r, strength=int(strength * alpha / 255), mult=False)
        # none of it inside the plate's own rect: a plate drawn again over itself changes nothing
        img.fill((0, 0, 0, 0), pygame.Rect(m, m, w, h))
    img.blit(body, (m, m))
    return _keep(key, (img, (m, m)))


#: a plate up to this many pixels is drawn from a cached image (one blit); a larger one (a
#: score sheet, an overlay's box) in place
CACHED_AREA = 300_000


def cached(size) -> bool:
    return size[0] * size[1] <= CACHED_AREA


# -- buttons ------------------------------------------------------------------------------------------

#: a button's shadow is a panel's, held lower
BUTTON_LIFT = 0.55


def button_reach(u: float) -> int:
    """How far a button's shadow reaches beyond it."""
    blur, dx, dy = shadow_spread(u * BUTTON_LIFT)
    return blur + max(dx, dy) + 1


def button(surface: pygame.Surface, rect: pygame.Rect, u: float, color, border=None, pressed: bool = False,
           r: int | None = None) -> None:
    """A button of ``color``: a small plate of it lit from above, in a brass rim (``border``:
    its colour), on a soft shadow (a pressed one lies flat)."""
    r = max(3, int(8 * u)) if r is None else r
    top, bottom = (shade(color, -10), shade(color, 8)) if pressed else (shade(color, 20), shade(color, -12))
    rim = rim_for(border or RIM_LIGHT)
    if cached(rect.size):
        img, (mx, my) = plate_image((rect.w, rect.h), u, 255, top, bottom, rim, not pressed, r, 1.5,
                                    BUTTON_LIFT, 120)
        surface.blit(img, (rect.left - mx, rect.top - my))
        return
    if not pressed:
        cast(surface, rect, u * BUTTON_LIFT, r, strength=120)
    plate(surface, rect, u, top, bottom, rim, r, rim_w=1.5)


# -- the glow of the seat to act ------------------------------------------------------------------------

def glow_width(u: float) -> int:
    return max(4, int(13 * u))


def glow_image(size: tuple[int, int], u: float, color=GLOW) -> pygame.Surface:
    """The light round a rect of ``size`` (cached), ``glow_width(u)`` larger on every side."""
    g = glow_width(u)
    key = ("glow", tuple(size), round(u, 3), tuple(color))
    img = _cache.get(key)
    if img is None:
        w, h = size[0] + 2 * g, size[1] + 2 * g
        img = _keep(key, soft_ring((w, h), pygame.Rect(g, g, size[0], size[1]).inflate(g // 2, g // 2),
                                   radius(u) + g // 4, color, 235, g * 3 // 4))
    return img


def glow(surface: pygame.Surface, rect: pygame.Rect, u: float, color=GLOW) -> pygame.Rect:
    """A soft light round ``rect`` (the seat to act): blended, from a cached image."""
    g = glow_width(u)
    img = glow_image(rect.size, u, color)
    at = pygame.Rect(rect.left - g, rect.top - g, img.get_width(), img.get_height())
    surface.blit(img, at)
    return at


def warm(u: float, sizes):
    """Jobs that make ahead the pieces of the shadows of panels and buttons, and the glow
    round a panel of each of ``sizes`` (the seats): none is made on a frame's path."""
    yield lambda: _source(radius(u), shadow_spread(u)[0], 110, True)
    yield lambda: _source(max(3, int(8 * u)), shadow_spread(u * BUTTON_LIFT)[0], 120, True)
    for size in sizes:
        yield lambda size=size: glow_image(size, u)
