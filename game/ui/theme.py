"""Colours, the bundled fonts, and text helpers shared by every scene.

Sizes scale with the window: :func:`unit` gives one "design pixel" for the
current surface (1.0 at 1024x640), so a scene lays itself out in design
pixels times ``unit`` and stays crisp at any size (fonts are loaded at the
pixel size they are drawn at, never scaled bitmaps).
"""

from __future__ import annotations

import pygame

from ..paths import asset

# -- colours -------------------------------------------------------------------
FELT = (22, 92, 58)
FELT_DARK = (12, 60, 38)
FELT_LIGHT = (34, 118, 76)
PANEL = (18, 32, 28)
PANEL_BORDER = (190, 160, 90)
TEXT = (240, 236, 222)
TEXT_DIM = (170, 176, 168)
TEXT_DARK = (30, 30, 30)
ACCENT = (232, 190, 80)
ACCENT_DARK = (150, 112, 30)
BUTTON = (44, 70, 60)
BUTTON_HOVER = (62, 98, 82)
BUTTON_DOWN = (30, 50, 42)
BUTTON_DISABLED = (46, 52, 50)
FOCUS = (255, 214, 102)
ERROR = (236, 96, 84)
GOOD = (130, 220, 140)
SHADOW = (0, 0, 0, 90)

#: Design size: one unit is one pixel at this window size.
DESIGN_W, DESIGN_H = 1024, 640
#: The smallest window the layouts are made for.
MIN_W, MIN_H = 1024, 640


def unit(size: tuple[int, int]) -> float:
    """Design pixels -> real pixels for a surface of ``size``."""
    w, h = size
    return max(0.5, min(w / DESIGN_W, h / DESIGN_H))


# -- fonts ------------------------------------------------------------------------
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
FONT_FILES = tuple(_FONT_FILES.values())
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_text_cache: dict[tuple, pygame.Surface] = {}


def reset_fonts() -> None:
    """Forget loaded fonts and rendered texts (after pygame.quit() / init())."""
    _fonts.clear()
    _text_cache.clear()
    _panel_cache.clear()
    _shade_cache.clear()


def font(px: float, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at ``px`` pixels (cached)."""
    key = (max(6, int(round(px))), bool(bold))
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
            _text_cache.clear()
        path = asset("fonts", _FONT_FILES[key[1]])
        try:
            f = pygame.font.Font(str(path), key[0])
        except (OSError, FileNotFoundError):  # a broken install still shows text
            f = pygame.font.Font(None, key[0])
        _fonts[key] = f
    return f


def render(text: str, px: float, color=TEXT, bold: bool = False) -> pygame.Surface:
    """Rendered, antialiased text (cached; the cache is small and bounded)."""
    key = (text, int(round(px)), tuple(color), bold)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 2000:
            _text_cache.clear()
        try:
            surf = font(px, bold).render(text, True, color)
        except pygame.error:  # fonts loaded before a pygame.quit() / init()
            reset_fonts()
            surf = font(px, bold).render(text, True, color)
        _text_cache[key] = surf
    return surf


def fit_px(text: str, px: float, max_width: float, bold: bool = False, min_px: float = 9) -> float:
    """The largest size <= ``px`` at which ``text`` fits in ``max_width``."""
    size = px
    while size > min_px and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return size


def wrap(text: str, px: float, max_width: float, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``max_width`` (keeps explicit newlines)."""
    f = font(px, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def blit_text(surface: pygame.Surface, text: str, px: float, pos, color=TEXT, bold: bool = False,
              anchor: str = "topleft", max_width: float | None = None) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; shrinks it to ``max_width`` when given."""
    if max_width is not None:
        px = fit_px(text, px, max_width, bold)
    surf = render(text, px, color, bold)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(surf, rect)
    return rect


def blit_wrapped(surface: pygame.Surface, text: str, px: float, rect: pygame.Rect, color=TEXT,
                 bold: bool = False, align: str = "left", line_gap: float = 1.2) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    step = int(font(px, bold).get_linesize() * line_gap / 1.2)
    for line in wrap(text, px, rect.width, bold):
        surf = render(line, px, color, bold)
        if align == "center":
            x = rect.centerx - surf.get_width() // 2
        else:
            x = rect.left
        surface.blit(surf, (x, y))
        y += step
    return y - rect.top


_panel_cache: dict[tuple, pygame.Surface] = {}
_shade_cache: dict[tuple, pygame.Surface] = {}


def shade_image(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A window-sized translucent black (made once per size and alpha)."""
    key = (tuple(size), alpha)
    img = _shade_cache.get(key)
    if img is None:
        if len(_shade_cache) > 8:
            _shade_cache.clear()
        img = pygame.Surface(key[0])
        img.fill((0, 0, 0))
        img.set_alpha(alpha)
        _shade_cache[key] = img
    return img


def shade(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole of ``surface`` (under an overlay)."""
    surface.blit(shade_image(surface.get_size(), alpha), (0, 0))


def panel_image(size: tuple[int, int], u: float, alpha: int = 235, border=PANEL_BORDER,
                fill=PANEL) -> pygame.Surface:
    """A rounded dark panel with a thin gold border and a soft shadow, shadow included
    (cached: drawing panels is a blit, not a redraw)."""
    key = (size, round(u, 3), alpha, border, fill)
    img = _panel_cache.get(key)
    if img is not None:
        return img
    w, h = size
    r = max(4, int(10 * u))
    dx, dy = int(3 * u), int(4 * u)
    img = pygame.Surface((w + dx, h + dy), pygame.SRCALPHA)
    pygame.draw.rect(img, (0, 0, 0, 80), pygame.Rect(dx, dy, w, h), border_radius=r)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(body, (*fill, alpha), body.get_rect(), border_radius=r)
    if border is not None:
        pygame.draw.rect(body, border, body.get_rect(), max(1, int(2 * u)), border_radius=r)
    img.blit(body, (0, 0))
    if len(_panel_cache) > 256:
        _panel_cache.clear()
    _shade_cache.clear()
    _panel_cache[key] = img
    return img


def panel(surface: pygame.Surface, rect: pygame.Rect, u: float, alpha: int = 235,
          border=PANEL_BORDER, fill=PANEL) -> None:
    """A rounded dark panel with a thin gold border and a soft shadow."""
    surface.blit(panel_image(rect.size, u, alpha, border, fill), rect.topleft)


_felt_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green felt table background for ``size`` with a soft vignette (cached)."""
    surf = _felt_cache.get(size)
    if surf is not None:
        return surf
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(FELT_DARK)
    # radial light: concentric ellipses from dark edge to lighter centre
    steps = 28
    for i in range(steps):
        t = i / (steps - 1)
        col = tuple(int(FELT_DARK[k] + (FELT_LIGHT[k] - FELT_DARK[k]) * t) for k in range(3))
        rw, rh = int(w * (1.5 - t * 1.05)), int(h * (1.5 - t * 1.05))
        pygame.draw.ellipse(surf, col, pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh))
    # a fine woven texture, deterministic
    tex = pygame.Surface((8, 8), pygame.SRCALPHA)
    for y in range(8):
        for x in range(8):
            if (x * 3 + y * 5) % 7 == 0:
                tex.set_at((x, y), (255, 255, 255, 10))
            elif (x * 5 + y * 3) % 11 == 0:
                tex.set_at((x, y), (0, 0, 0, 14))
    big = pygame.Surface((128, 128), pygame.SRCALPHA)
    for y in range(0, 128, 8):
        for x in range(0, 128, 8):
            big.blit(tex, (x, y))
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            surf.blit(big, (x, y))
    if len(_felt_cache) > 4:
        _felt_cache.clear()
    _felt_cache[size] = surf
    return surf
