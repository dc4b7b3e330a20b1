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


#: The smallest interface text, in pixels, at any window size (card indices aside).
MIN_PX = 12


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
            surf = _draw(font(px, bold), text, color)
        except pygame.error:  # fonts loaded before a pygame.quit() / init()
            reset_fonts()
            surf = _draw(font(px, bold), text, color)
        _text_cache[key] = surf
    return surf


def _draw(f: pygame.font.Font, text: str, color) -> pygame.Surface:
    """``f.render`` that survives a text of zero width (only zero-width or format
    characters, which pygame refuses): a transparent surface 1 pixel wide."""
    try:
        return f.render(text, True, color)
    except pygame.error:
        if not text or f.size(text)[0] > 0:
            raise
        return pygame.Surface((1, max(1, f.get_height())), pygame.SRCALPHA)


def fit_px(text: str, px: float, max_width: float, bold: bool = False, min_px: float | None = None) -> float:
    """The largest size <= ``px`` at which ``text`` fits in ``max_width``, never below
    ``min_px`` (:data:`MIN_PX` unless given): a text that still does not fit is wrapped or
    shortened by the caller (:func:`blit_text` shortens it with an ellipsis)."""
    floor = MIN_PX if min_px is None else min_px
    size = px
    while size > floor and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return max(min(px, floor), size)


def ellipsize(text: str, px: float, max_width: float, bold: bool = False) -> str:
    """``text`` cut short with "…" so that it fits ``max_width`` (whole when it fits)."""
    f = font(px, bold)
    if f.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


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


def fit_wrapped(text: str, px: float, max_width: float, max_lines: int, bold: bool = False,
                min_px: float | None = None) -> tuple[float, list[str]]:
    """The largest size <= ``px`` (not below ``min_px``) at which ``text`` wraps into at most
    ``max_lines`` lines of ``max_width``, and those lines (the last one shortened when even
    the smallest size needs more)."""
    floor = MIN_PX if min_px is None else min_px
    size = px
    lines = wrap(text, size, max_width, bold)
    while size > floor and (len(lines) > max_lines or any(font(size, bold).size(ln)[0] > max_width
                                                          for ln in lines)):
        size -= 1
        lines = wrap(text, size, max_width, bold)
    size = max(min(px, floor), size)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return size, [ellipsize(ln, size, max_width, bold) for ln in lines]


def line_step(px: float, bold: bool = False) -> int:
    """The distance between two lines of text at ``px``."""
    return font(px, bold).get_linesize()


def blit_text(surface: pygame.Surface, text: str, px: float, pos, color=TEXT, bold: bool = False,
              anchor: str = "topleft", max_width: float | None = None,
              shadow: tuple[int, int] | None = None) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; shrinks it to ``max_width`` when given
    (never below :data:`MIN_PX`: then it is shortened with an ellipsis).  ``shadow``: a
    black copy that far down and right, drawn first (one text for the recorder)."""
    if max_width is not None:
        px = fit_px(text, px, max_width, bold)
        text = ellipsize(text, px, max_width, bold)
    surf = render(text, px, color, bold)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow:
        surface.blit(render(text, px, (0, 0, 0), bold), rect.move(shadow))
    surface.blit(surf, rect)
    note_text(surface, surf, rect, text, px, color)
    return rect


def blit_rendered(surface: pygame.Surface, surf: pygame.Surface, rect, text: str, px: float) -> None:
    """Blit a text already rendered (a faded banner, say) and tell the recorder about it."""
    surface.blit(surf, rect)
    note_text(surface, surf, pygame.Rect(rect[0], rect[1], surf.get_width(), surf.get_height()), text, px)


def blit_wrapped(surface: pygame.Surface, text: str, px: float, rect: pygame.Rect, color=TEXT,
                 bold: bool = False, align: str = "left", line_gap: float = 1.2) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    step = int(font(px, bold).get_linesize() * line_gap / 1.2)
    for line in wrap(text, px, rect.width, bold):
        line = ellipsize(line, px, rect.width, bold)
        surf = render(line, px, color, bold)
        if align == "center":
            x = rect.centerx - surf.get_width() // 2
        else:
            x = rect.left
        surface.blit(surf, (x, y))
        note_text(surface, surf, pygame.Rect(x, y, surf.get_width(), surf.get_height()), line, px, color)
        y += step
    return y - rect.top


_panel_cache: dict[tuple, pygame.Surface] = {}


def shade(surface: pygame.Surface, alpha: int, under=None, u: float = 1.0) -> None:
    """Darken the whole of ``surface`` (under an overlay): as a black layer ``alpha``/255
    opaque would, by multiplying every pixel (a fraction of the cost of blending a
    window-sized layer).  ``under``: a solid panel drawn next over that rectangle, whose
    inside (clear of its rounded corners) needs no darkening."""
    k = 255 - max(0, min(255, int(alpha)))
    dim = (k, k, k)
    if under is None:
        surface.fill(dim, special_flags=pygame.BLEND_RGB_MULT)
        return
    bounds = surface.get_rect()
    inner = pygame.Rect(under).inflate(-2 * max(4, int(10 * u)), -2 * max(4, int(10 * u))).clip(bounds)
    if inner.width <= 0 or inner.height <= 0:
        surface.fill(dim, special_flags=pygame.BLEND_RGB_MULT)
        return
    for r in (pygame.Rect(0, 0, bounds.width, inner.top),
              pygame.Rect(0, inner.bottom, bounds.width, bounds.height - inner.bottom),
              pygame.Rect(0, inner.top, inner.left, inner.height),
              pygame.Rect(inner.right, inner.top, bounds.width - inner.right, inner.height)):
        if r.width > 0 and r.height > 0:
            surface.fill(dim, r, special_flags=pygame.BLEND_RGB_MULT)


#: a panel's border and fill as the colours are now (the high-contrast ones when chosen)
THEME = "theme"


def panel_image(size: tuple[int, int], u: float, alpha: int = 255, border=THEME,
                fill=THEME) -> pygame.Surface:
    """A rounded dark panel with a thin gold border and a soft shadow, shadow included
    (cached: drawing panels is a blit, not a redraw).  Solid unless ``alpha`` says
    otherwise: a panel holds text, and nothing behind it may show through the text."""
    border = PANEL_BORDER if border is THEME else border
    fill = PANEL if fill is THEME else fill
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
    _panel_cache[key] = img
    return img


def panel(surface: pygame.Surface, rect: pygame.Rect, u: float, alpha: int = 255,
          border=THEME, fill=THEME) -> None:
    """A rounded dark panel with a thin gold border and a soft shadow.  A solid one is
    drawn in place (no image of its size to make: a score sheet grows every deal), a
    translucent one from a cached image."""
    border = PANEL_BORDER if border is THEME else border
    fill = PANEL if fill is THEME else fill
    if alpha >= 255:
        _solid_panel(surface, pygame.Rect(rect), u, border, fill)
    else:
        surface.blit(panel_image(rect.size, u, alpha, border, fill), rect.topleft)
    note_box(surface, "panel", rect, opaque=alpha >= 200)


def _solid_panel(surface, rect: pygame.Rect, u: float, border, fill) -> None:
    r = max(4, int(10 * u))
    dx, dy = int(3 * u), int(4 * u)
    # the shadow: what shows of a black, 80/255 translucent copy offset by (dx, dy)
    dim = (175, 175, 175)
    surface.fill(dim, pygame.Rect(rect.right, rect.top + dy + r // 2, dx, rect.height - r),
                 special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(dim, pygame.Rect(rect.left + dx + r // 2, rect.bottom, rect.width - r, dy),
                 special_flags=pygame.BLEND_RGB_MULT)
    pygame.draw.rect(surface, fill, rect, border_radius=r)
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(1, int(2 * u)), border_radius=r)


_felt_cache: dict[tuple, pygame.Surface] = {}
#: the table's surface chosen in the settings (:func:`configure`): ``green``, ``blue``, ``wood``
_felt_name = ["green"]
#: (dark edge, light centre) of each cloth felt
FELT_TONES = {"green": (FELT_DARK, FELT_LIGHT), "blue": ((14, 36, 70), (36, 76, 128))}
FELT_NAMES = ("green", "blue", "wood")


#: the colours the high-contrast table changes (the *High contrast* setting): a black table,
#: white texts and borders, yellow for what stands out; every text at 4.5:1 or more against
#: what lies under it (``build_scripts/contrast_probe.py`` measures the tour's screens)
HIGH_CONTRAST = {"PANEL": (0, 0, 0), "PANEL_BORDER": (255, 255, 255), "TEXT": (255, 255, 255),
                 "TEXT_DIM": (222, 222, 222), "TEXT_DARK": (0, 0, 0), "ACCENT": (255, 221, 0),
                 "ACCENT_DARK": (255, 221, 0), "BUTTON": (0, 0, 0), "BUTTON_HOVER": (44, 44, 44),
                 "BUTTON_DOWN": (60, 60, 60), "BUTTON_DISABLED": (24, 24, 24), "FOCUS": (0, 224, 255),
                 "ERROR": (255, 140, 128), "GOOD": (120, 255, 150), "FELT": (0, 0, 0),
                 "FELT_DARK": (0, 0, 0), "FELT_LIGHT": (0, 0, 0)}
#: the same colours as the game has them otherwise
_USUAL = {k: globals()[k] for k in HIGH_CONTRAST}
#: the table of the high-contrast mode: plain black
CONTRAST_FELT = "contrast"
_contrast = [False]


def configure(settings: dict | None) -> None:
    """Take the table's surface from the settings (an unknown one: the green felt), and the
    colours: the high-contrast ones when the player chose them."""
    name = (settings or {}).get("felt")
    _felt_name[0] = name if name in FELT_NAMES else "green"
    high = bool((settings or {}).get("high_contrast"))
    if high != _contrast[0]:
        _contrast[0] = high
        globals().update(HIGH_CONTRAST if high else _USUAL)
        _text_cache.clear()


def high_contrast() -> bool:
    return _contrast[0]


def felt_name() -> str:
    return _felt_name[0]


def felt(size: tuple[int, int], name: str | None = None) -> pygame.Surface:
    """The table's surface for ``size`` (cached): a felt with a soft vignette, or a wooden
    table top (``name``: which; None: the one chosen).  Drawn at a quarter of the size and
    scaled up, the felt's weave and the wood's fine grain then added and taken off the
    pixels, not blended (a 4K table is a few frames' work, not a stall)."""
    name = name if name in FELT_NAMES else _felt_name[0]
    if _contrast[0]:
        name = CONTRAST_FELT
    key = (name, tuple(size))
    surf = _felt_cache.get(key)
    if surf is not None:
        return surf
    if name == CONTRAST_FELT:
        surf = pygame.Surface(size)
        surf.fill(HIGH_CONTRAST["FELT"])
    else:
        surf = _wood(size) if name == "wood" else _cloth(size, *FELT_TONES[name])
    if len(_felt_cache) > 4:
        _felt_cache.clear()
    _felt_cache[key] = surf
    return surf


def _rings(small: pygame.Surface, dark, light, steps: int = 28) -> None:
    """Concentric ellipses from ``dark`` at the edge to ``light`` in the middle."""
    sw, sh = small.get_size()
    for i in range(steps):
        t = i / (steps - 1)
        col = tuple(int(dark[k] + (light[k] - dark[k]) * t) for k in range(3))
        rw, rh = int(sw * (1.5 - t * 1.05)), int(sh * (1.5 - t * 1.05))
        pygame.draw.ellipse(small, col, pygame.Rect(sw // 2 - rw // 2, sh // 2 - rh // 2, rw, rh))


def _tiles(size, tiles) -> pygame.Surface:
    """A 128 x 128 tile of each 8 x 8 pattern of ``tiles``."""
    out = []
    for tile in tiles:
        big = pygame.Surface((128, 128))
        for y in range(0, 128, 8):
            for x in range(0, 128, 8):
                big.blit(tile, (x, y))
        out.append(big)
    return out


def _cloth(size, dark, light) -> pygame.Surface:
    w, h = size
    sw, sh = max(1, w // 4), max(1, h // 4)
    small = pygame.Surface((sw, sh))
    small.fill(dark)
    _rings(small, dark, light)
    if pygame.display.get_surface() is not None:
        small = small.convert()                       # the screen's pixel format (scaled, kept)
    surf = pygame.transform.scale(small, size)    # its rings step by one shade: no edge to smooth
    # a fine woven texture, deterministic: light threads added, dark ones taken off
    light_t, dark_t = pygame.Surface((8, 8)), pygame.Surface((8, 8))
    for y in range(8):
        for x in range(8):
            if (x * 3 + y * 5) % 7 == 0:
                light_t.set_at((x, y), (7, 7, 7))
            elif (x * 5 + y * 3) % 11 == 0:
                dark_t.set_at((x, y), (2, 6, 4))
    add, sub = _tiles(size, (light_t, dark_t))
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            surf.blit(add, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(sub, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return surf


#: the wooden table: planks of warm brown, their grain a shade darker and lighter
WOOD = ((112, 68, 38), (124, 77, 43), (104, 62, 34), (118, 72, 40), (110, 66, 37))


def _wood(size) -> pygame.Surface:
    """A table top of long planks running across: each plank its own shade, wavy grain lines
    and a knot or two (a fixed seed: the same table every time), lit in the middle."""
    import math
    import random
    w, h = size
    sw, sh = max(8, w // 4), max(8, h // 4)
    small = pygame.Surface((sw, sh))
    rng = random.Random(7)
    planks = 7
    ph = sh / planks
    for p in range(planks):
        top, bottom = int(p * ph), int((p + 1) * ph)
        base = WOOD[p % len(WOOD)]
        small.fill(base, pygame.Rect(0, top, sw, bottom - top))
        for _ in range(9):                              # grain: long wavy lines along the plank
            y0 = rng.uniform(top + 1, bottom - 1)
            amp, freq, phase = rng.uniform(0.3, 1.6), rng.uniform(1.5, 4.0), rng.uniform(0, 6.3)
            d = rng.choice((-12, -8, 9))
            col = tuple(max(0, min(255, c + d)) for c in base)
            pts = [(x, y0 + amp * math.sin(phase + freq * x / sw * 6.28)) for x in range(0, sw + 4, 4)]
            pygame.draw.lines(small, col, False, pts, 1)
        for _ in range(rng.choice((0, 1, 1, 2))):      # a knot: rings round a dark eye
            kx, ky = rng.uniform(0.1, 0.9) * sw, rng.uniform(top + ph * 0.3, bottom - ph * 0.3)
            for i, r in enumerate((ph * 0.34, ph * 0.24, ph * 0.14)):
                col = tuple(max(0, c - 6 - 5 * i) for c in base)
                pygame.draw.ellipse(small, col, pygame.Rect(kx - r * 2.2, ky - r, r * 4.4, r * 2), 1)
            pygame.draw.ellipse(small, tuple(max(0, c - 24) for c in base),
                                pygame.Rect(kx - ph * 0.12, ky - ph * 0.05, ph * 0.24, ph * 0.1))
        pygame.draw.line(small, (58, 34, 18), (0, bottom - 1), (sw, bottom - 1), 1)   # the seam
    # light in the middle, darker at the edges: multiplied by grey rings
    shade = pygame.Surface((sw, sh))
    _rings(shade, (150, 150, 150), (255, 255, 255))
    small.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if pygame.display.get_surface() is not None:
        small = small.convert()
    surf = pygame.transform.smoothscale(small, size)
    # the fine grain at full size: thin streaks added and taken off
    streak_l, streak_d = pygame.Surface((8, 8)), pygame.Surface((8, 8))
    for x in range(8):
        streak_l.set_at((x, 2), (5, 3, 2))
        streak_d.set_at((x, 5), (6, 4, 3))
        streak_d.set_at(((x * 3) % 8, 7), (4, 3, 2))
    add, sub = _tiles(size, (streak_l, streak_d))
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            surf.blit(add, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(sub, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return surf


# -- the box recorder (layout tests) -------------------------------------------------------

class Box:
    """One thing drawn on the screen: a text (its inked pixels), a panel or a card."""

    __slots__ = ("kind", "rect", "text", "px", "opaque", "covered", "order", "layer", "color", "ink")

    def __init__(self, kind: str, rect: pygame.Rect, text: str = "", px: float = 0.0,
                 opaque: bool = True):
        self.kind = kind
        self.rect = pygame.Rect(rect)
        self.text = text
        self.px = px
        self.opaque = opaque
        self.covered = False
        self.order = 0
        self.layer = 0
        #: a text's colour and its rendered image with where it went (the contrast probe,
        #: ``build_scripts/contrast_probe.py``, compares the two with what lies under it)
        self.color = None
        self.ink = None

    def __repr__(self) -> str:
        return f"{self.kind}({self.text!r} {tuple(self.rect)} {self.px:.0f}px)"


class Recorder:
    """Every text, panel and card drawn on the display surface while it is switched on
    (:func:`record_boxes`): what a layout test checks.  Texts are recorded by the pixels
    they ink, panels and cards by their rectangles.  A later opaque panel or card hides
    what lies wholly under it; a scene drawn over another (:meth:`layer`, an overlay)
    hides with its panels whatever of the scenes below they touch."""

    def __init__(self):
        self.boxes: list[Box] = []
        self._layer = 0

    def clear(self) -> None:
        self.boxes.clear()
        self._layer = 0

    def layer(self) -> None:
        """What follows is drawn by the next scene up (an overlay)."""
        self._layer += 1

    def add(self, box: Box) -> None:
        box.order = len(self.boxes)
        box.layer = self._layer
        if box.kind != "text" and box.opaque:
            for b in self.boxes:
                if b.covered:
                    continue
                if box.rect.contains(b.rect) or (b.layer < box.layer and box.rect.colliderect(b.rect)):
                    b.covered = True
        self.boxes.append(box)

    def texts(self) -> list[Box]:
        return [b for b in self.boxes if b.kind == "text" and not b.covered]

    def problems(self, cards: bool = True) -> list[str]:
        """Texts over texts, and texts that are not wholly on the panel they lie on (over a
        card, across a panel's edge, partly under a later panel or card).  ``cards=False``
        leaves cards out (a moment with cards in flight)."""
        out = []
        texts = self.texts()
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if a.rect.colliderect(b.rect):
                    out.append(f"text over text: {a} / {b}")
        shapes = [b for b in self.boxes if b.kind != "text" and not b.covered and (cards or b.kind != "card")]
        for t in texts:
            below = [p for p in shapes if p.order < t.order and p.rect.colliderect(t.rect)]
            if below:
                top = below[-1]
                if top.kind != "panel":
                    out.append(f"text over a {top.kind}: {t} / {top}")
                elif not top.rect.contains(t.rect):
                    out.append(f"text leaves its panel: {t} / {top}")
                for c in below:
                    # a see-through box under a text still lets it hide the card beneath
                    if c.kind == "card" and c is not top and not any(
                            p.kind == "panel" and p.opaque and c.order < p.order and p.rect.contains(t.rect)
                            for p in below):
                        out.append(f"text over a card: {t} / {c}")
            for p in shapes:
                if p.order > t.order and p.opaque and p.rect.colliderect(t.rect):
                    out.append(f"text under a {p.kind}: {t} / {p}")
        return out


_recorder: Recorder | None = None
_recordings = 0
#: off-screen surfaces that are copied to the screen whole (a scene's static layer)
_screen_like: list = []


def record_boxes(on: bool = True) -> Recorder | None:
    """Switch the box recorder on (a fresh :class:`Recorder`, returned) or off."""
    global _recorder, _recordings
    _recorder = Recorder() if on else None
    _recordings += 1
    return _recorder


def recording() -> int:
    """Changes whenever the recorder is switched: a cached layer that includes it in its
    key is drawn again, so the recorder sees all of it."""
    return _recordings if _recorder is not None else 0


def screen_like(surface) -> None:
    """``surface`` is blitted whole onto the screen at (0, 0): record what is drawn on it."""
    _screen_like[:] = [s for s in _screen_like if s is not surface][-7:] + [surface]


def _on_screen(surface) -> bool:
    return _recorder is not None and (surface is pygame.display.get_surface()
                                      or any(surface is s for s in _screen_like))


def note_text(surface, surf: pygame.Surface, rect: pygame.Rect, text: str, px: float, color=None) -> None:
    if _on_screen(surface) and text.strip():
        ink = surf.get_bounding_rect()
        box = Box("text", ink.move(rect.left, rect.top), text, px)
        box.color = tuple(color)[:3] if color is not None else None
        box.ink = (surf, rect.topleft)
        _recorder.add(box)


def note_box(surface, kind: str, rect, opaque: bool = True) -> None:
    """A panel, a button or a card was drawn at ``rect`` on ``surface``."""
    if _on_screen(surface):
        _recorder.add(Box(kind, pygame.Rect(rect), opaque=opaque))
