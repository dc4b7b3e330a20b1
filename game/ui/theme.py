"""Colours, the bundled fonts, and text helpers shared by every scene.

Sizes scale with the window: :func:`unit` gives one "design pixel" for the
current surface (1.0 at 1024x640), so a scene lays itself out in design
pixels times ``unit`` and stays crisp at any size (fonts are loaded at the
pixel size they are drawn at, never scaled bitmaps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..paths import asset
from . import panels, tabletop

if TYPE_CHECKING:
    from ..storage.settings import Settings

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
    panels.forget()


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


def _plate_colours(fill) -> tuple[tuple, tuple]:
    """A panel's colours at its top and its bottom (lit from above; in high contrast one plain
    colour, nothing lit)."""
    if _contrast[0]:
        return tuple(fill[:3]), tuple(fill[:3])
    if tuple(fill[:3]) == PANEL:
        return panels.PLATE_TOP, panels.PLATE_BOTTOM
    return panels.shade(fill, 16), panels.shade(fill, -6)


#: translucent panels at least this opaque are drawn solid (nothing shows through them anyway)
SOLID_FROM = 235


def panel_image(size: tuple[int, int], u: float, alpha: int = 255, border=THEME,
                fill=THEME) -> tuple[pygame.Surface, tuple[int, int]]:
    """A panel (:mod:`game.ui.panels`: a lit plate in a brass rim) with its soft shadow, as an
    image with its own alpha (cached), and where the panel's top left lies in it.  Solid
    unless ``alpha`` says otherwise: a panel holds text, and nothing behind it may show
    through the text."""
    border = PANEL_BORDER if border is THEME else border
    fill = PANEL if fill is THEME else fill
    top, bottom = _plate_colours(fill)
    return panels.plate_image((size[0], size[1]), u, alpha, top, bottom, panels.rim_for(border))


def panel(surface: pygame.Surface, rect: pygame.Rect, u: float, alpha: int = 255,
          border=THEME, fill=THEME) -> None:
    """A panel: a plate of dark leather lit from above in a two-tone brass rim, with a soft
    shadow on what lies under it (:mod:`game.ui.panels`).  A large solid one is drawn in
    place (no image of its size to make: a score sheet grows every deal), a translucent or a
    small one from a cached image."""
    border = PANEL_BORDER if border is THEME else border
    fill = PANEL if fill is THEME else fill
    rect = pygame.Rect(rect)
    if alpha >= SOLID_FROM and not panels.cached(rect.size):
        top, bottom = _plate_colours(fill)
        panels.cast(surface, rect, u)
        panels.plate(surface, rect, u, top, bottom, panels.rim_for(border))
    else:
        img, (mx, my) = panel_image(rect.size, u, 255 if alpha >= SOLID_FROM else alpha, border, fill)
        surface.blit(img, (rect.left - mx, rect.top - my))
    note_box(surface, "panel", rect, opaque=alpha >= 200)


def panel_reach(u: float) -> int:
    """How far a panel's shadow (or the glow of the seat to act) reaches beyond it."""
    return panels.reach(u)


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


def configure(settings: Settings) -> None:
    """Take the table's surface from the settings (an unknown one: the green felt), and the
    colours: the high-contrast ones when the player chose them."""
    name = settings.felt
    _felt_name[0] = name if name in FELT_NAMES else "green"
    high = settings.high_contrast
    if high != _contrast[0]:
        _contrast[0] = high
        globals().update(HIGH_CONTRAST if high else _USUAL)
        _text_cache.clear()


def high_contrast() -> bool:
    return _contrast[0]


def felt_name() -> str:
    return _felt_name[0]


def felt(size: tuple[int, int], name: str | None = None) -> pygame.Surface:
    """The table's surface for ``size`` (cached): a felt lit in the middle, or a wooden table
    top (``name``: which; None: the one chosen), made at that resolution
    (:mod:`game.ui.tabletop`: a 4K table is a few frames' work, not a stall)."""
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
        surf = tabletop.wood(size, unit(size)) if name == "wood" else tabletop.cloth(size, *FELT_TONES[name])
    if len(_felt_cache) > 4:
        _felt_cache.clear()
    _felt_cache[key] = surf
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
        self.color: tuple[int, ...] | None = None
        self.ink: tuple[pygame.Surface, tuple[int, int]] | None = None

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
    if _recorder is not None and _on_screen(surface) and text.strip():
        ink = surf.get_bounding_rect()
        box = Box("text", ink.move(rect.left, rect.top), text, px)
        box.color = tuple(color)[:3] if color is not None else None
        box.ink = (surf, rect.topleft)
        _recorder.add(box)


def note_box(surface, kind: str, rect, opaque: bool = True) -> None:
    """A panel, a button or a card was drawn at ``rect`` on ``surface``."""
    if _recorder is not None and _on_screen(surface):
        _recorder.add(Box(kind, pygame.Rect(rect), opaque=opaque))
