"""Card faces and backs, drawn at the size they are shown.

**Faces.**  The pips and the court figures are Adrian Kennard's CC0 card art
(``assets/cards/*.svg``, made by ``build_scripts/make_cards.py``; licence and credits in
``assets/cards/LICENSE-cards.txt``), rendered by SDL_image at the exact pixel size the
layout asks for and cached per size, so a card at 4K is as sharp as at 1080p.  The art has
no corner indices: the game draws them in its own font over it, in the letters of the
``card_indices`` setting.  A court card is rendered a part at a time (:func:`face_jobs`),
so a table can draw its faces ahead of need in spare frame time without a long frame.
Very small cards, the large-print deck (the ``card_size`` setting ``large-print``: a big
index and suit, no pictures) and an install whose art is missing or unreadable are drawn
from the bundled DejaVu font's suit symbols and simple shapes instead.

**Backs** are the project's own, drawn here: a red or a blue lattice with the cucumber
medallion, and a Nordic knitted pattern (an eight-petal Selbu star and lice stitches),
chosen by the ``card_back`` setting (:func:`configure`).

Index letters follow the ``card_indices`` setting: ``international`` shows
A K Q J; ``native`` uses the letters printed on the cards of the interface
language's country: Swedish E K D Kn (ess, kung, dam, knekt), Danish E K D B
(es, konge, dame, bonde), Icelandic Á K D G (ás, kóngur, drottning, gosi).
Norway has no settled national set (its rules texts explain A K Q J), so
Norwegian, like English, shows A K Q J.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pygame

from .. import i18n
from ..engine.cards import NAMES
from ..paths import asset
from ..settings import CARD_BACKS, CARD_SCALE, CARD_SIZES
from . import theme as T

RATIO = 1.42  # height / width
#: the art's own height / width (240 x 336 units): drawn unstretched, centred on the card
ART_RATIO = 1.4
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = (200, 30, 40)
BLACK = (24, 24, 30)
FOUR = {"S": BLACK, "H": (204, 28, 38), "D": (28, 86, 196), "C": (24, 130, 52)}
TWO = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
#: below this width a face shows its index and one big suit (pictures would be a smudge)
SIMPLE_BELOW = 56
#: the largest art file read (the biggest is about 40 KB)
MAX_ART_BYTES = 256 << 10

#: language -> index letters for J Q K A (T is always "10")
NATIVE = {
    "sv": {"J": "Kn", "Q": "D", "K": "K", "A": "E"},
    "da": {"J": "B", "Q": "D", "K": "K", "A": "E"},
    "is": {"J": "G", "Q": "D", "K": "K", "A": "Á"},
    "nb": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    "en": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
}

_cache: dict[tuple, pygame.Surface] = {}
#: card -> (the SVG's opening tag, [(turned, part)]), or None: no usable art for it
_art: dict[str, tuple[str, list[tuple[bool, str]]] | None] = {}
#: the look chosen in the settings (:func:`configure`)
_look = {"back": CARD_BACKS[0], "size": CARD_SIZES[0]}


def clear_cache() -> None:
    _cache.clear()


def configure(settings: dict | None) -> None:
    """Take the card back and the card size from the settings (unknown values: the first)."""
    settings = settings or {}
    back = settings.get("card_back")
    size = settings.get("card_size")
    _look["back"] = back if back in CARD_BACKS else CARD_BACKS[0]
    _look["size"] = size if size in CARD_SIZES else CARD_SIZES[0]


def scale() -> float:
    """How much larger than at 100 % the table draws its cards (the ``card_size`` setting)."""
    return CARD_SCALE[_look["size"]]


def look_key(settings: dict | None) -> tuple:
    """Everything of the settings that changes how a card looks (a drawn layer's key)."""
    settings = settings or {}
    return (settings.get("card_indices", "native"), bool(settings.get("four_colour")),
            settings.get("card_size"), _look["back"], _look["size"])


def height_for(width: int) -> int:
    return int(round(width * RATIO))


def suit_color(suit: str, settings: dict | None) -> tuple:
    four = bool(settings and settings.get("four_colour"))
    return (FOUR if four else TWO)[suit]


def rank_label(rank: str, settings: dict | None = None) -> str:
    if rank == "T":
        return "10"
    if rank in "JQKA":
        style = (settings or {}).get("card_indices", "native")
        if style == "native":
            return NATIVE.get(i18n.current_language(), NATIVE["en"])[rank]
        return rank
    return rank


def card_text(card: str, settings: dict | None = None) -> str:
    """A short readable name such as ``10♥`` (for messages and logs)."""
    return rank_label(card[0], settings) + SUIT_GLYPH[card[1]]


def large_print(settings: dict | None) -> bool:
    return bool(settings) and settings.get("card_size") == "large-print"


# -- drawing helpers ---------------------------------------------------------------------------

def _glyph(text: str, px: float, color, bold=False) -> pygame.Surface:
    return T.font(px, bold).render(text, True, color)


def _ink(text: str, px: float, color, bold: bool = False, most_w: float | None = None) -> pygame.Surface:
    """``text`` cropped to the pixels it inks; narrowed (condensed) to ``most_w`` if wider."""
    img = _glyph(text, px, color, bold)
    box = img.get_bounding_rect()
    if box.width and box.height:
        img = img.subsurface(box).copy()
    if most_w is not None and img.get_width() > most_w >= 1:
        img = pygame.transform.smoothscale(img, (int(most_w), img.get_height()))
    return img


def _blit_center(surf, img, center, flip=False):
    if flip:
        img = pygame.transform.rotate(img, 180)
    surf.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))


def _radius(w: int) -> int:
    return max(3, int(w * 0.07))


def _base(w: int, h: int, fill=(252, 250, 244)) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = _radius(w)
    pygame.draw.rect(surf, (120, 120, 120), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, fill, surf.get_rect().inflate(-2, -2), border_radius=r - 1)
    return surf


def _keep(key: tuple, surf: pygame.Surface) -> pygame.Surface:
    if len(_cache) > 700:
        _cache.clear()
    _cache[key] = surf
    return surf


# -- faces ---------------------------------------------------------------------------------------

def _face_key(card: str, width: int, settings: dict) -> tuple:
    return ("f", card, width, settings.get("card_indices", "native"), bool(settings.get("four_colour")),
            large_print(settings), i18n.current_language())


def face(card: str, width: int, settings: dict | None = None) -> pygame.Surface:
    """The face of ``card`` (``"TD"``) drawn ``width`` pixels wide."""
    width = max(12, int(width))
    settings = settings or {}
    key = _face_key(card, width, settings)
    surf = _cache.get(key)
    if surf is None:
        for job in face_jobs(card, width, settings):
            job()
        surf = _cache.get(key)
        if surf is None:                    # the cache was full and cleared in between
            surf = _keep(key, _drawn_face(card, width, settings))
    return surf


def face_jobs(card: str, width: int, settings: dict | None = None) -> list[Callable[[], None]]:
    """The steps that draw ``card``'s face at ``width`` into the cache, each a few
    milliseconds at most (none when it is drawn already): the art's parts one by one, then
    the card.  :func:`face` does them all at once; a table does them in spare frame time."""
    width = max(12, int(width))
    settings = settings or {}
    key = _face_key(card, width, settings)
    if key in _cache:
        return []
    if len(card) != 2 or card[0] not in "23456789TJQKA" or card[1] not in SUIT_GLYPH:
        raise ValueError(f"not a card: {card!r}")
    if large_print(settings) or width < SIMPLE_BELOW or _art_parts(card) is None:
        return [lambda: key in _cache or _keep(key, _drawn_face(card, width, settings))]
    build = _ArtFace(card, width, settings, key)
    return [lambda i=i: build.part(i) for i in range(len(build.parts))] + [build.finish]


def _art_parts(card: str):
    """The card's art split into its parts (read once), or None when there is none."""
    if card in _art:
        return _art[card]
    parts = None
    try:
        path = asset("cards", f"{card}.svg")
        if path.stat().st_size <= MAX_ART_BYTES:
            lines = path.read_text(encoding="utf-8").splitlines()
            head = next((ln for ln in lines if ln.startswith("<svg ")), None)
            body = [ln for ln in lines if ln.startswith("<g")]
            if head is not None and body and lines[-1].strip() == "</svg>":
                parts = (head, [(ln.startswith('<g data-turn="1"'), ln) for ln in body])
    except (OSError, UnicodeDecodeError):
        parts = None
    _art[card] = parts
    return parts


CARD_FILL = (252, 250, 244)
CARD_EDGE = (120, 120, 120)


class _ArtFace:
    """One face drawn from its art, a part at a time (see :func:`face_jobs`): each part is
    rendered on its own and laid over the card's opaque body (a turned part twice: as it is,
    then turned half round the card's centre), the corners cut round at the end."""

    def __init__(self, card: str, width: int, settings: dict, key: tuple):
        self.card, self.w, self.settings, self.key = card, width, settings, key
        head, parts = _art_parts(card)
        r, g, b = suit_color(card[1], settings)
        suit = f'"#{r:02x}{g:02x}{b:02x}"'
        self.docs = []
        for turned, text in parts:
            text = text.replace('"SUIT"', suit)
            self.docs.append(f"{head}{text}</svg>")
            if turned:
                self.docs.append(f'{head}<g transform="rotate(180)">{text}</g></svg>')
        self.parts = self.docs
        self.art_h = int(round(width * ART_RATIO))
        self.acc: pygame.Surface | None = None
        self.failed = False

    def part(self, i: int) -> None:
        if self.failed or self.key in _cache:
            return
        try:
            img = pygame.image.load_sized_svg(io.BytesIO(self.docs[i].encode("utf-8")), (self.w, self.art_h))
        except (pygame.error, ValueError, AttributeError):
            # no SVG support, or a damaged file: this card is drawn from the font from now on
            self.failed = True
            _art[self.card] = None
            return
        if img.get_size() != (self.w, self.art_h):
            img = pygame.transform.smoothscale(img, (self.w, self.art_h))
        if self.acc is None:
            self.acc = pygame.Surface((self.w, self.art_h))
            self.acc.fill(CARD_FILL)
        self.acc.blit(img, (0, 0))

    def finish(self) -> None:
        if self.key in _cache:
            return
        if self.failed or self.acc is None:
            _keep(self.key, _drawn_face(self.card, self.w, self.settings))
            return
        w, h = self.w, height_for(self.w)
        surf = _base(w, h)
        top = (h - self.art_h) // 2
        r = _radius(w)
        # the art's body everywhere but the rounded corners (the art leaves them empty)
        for area in (pygame.Rect(r, 0, w - 2 * r, self.art_h), pygame.Rect(0, r, w, self.art_h - 2 * r)):
            surf.blit(self.acc, area.move(0, top), area)
        pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), 1, border_radius=r)
        _corner_indices(surf, self.card, self.settings)
        _keep(self.key, surf)


def _corner_indices(surf: pygame.Surface, card: str, settings: dict) -> None:
    """The rank and a small suit in the top-left corner and, turned, the bottom-right: where
    the art leaves them room (a column 0.155 of the card wide)."""
    w, h = surf.get_size()
    col = suit_color(card[1], settings)
    label = rank_label(card[0], settings)
    column = w * 0.135
    cx = w * 0.088
    idx = _ink(label, w * 0.185, col, bold=True, most_w=column)
    pip = _ink(SUIT_GLYPH[card[1]], w * 0.16, col, most_w=column)
    top = int(h * 0.036)
    r1 = idx.get_rect(midtop=(int(cx), top))
    r2 = pip.get_rect(midtop=(int(cx), r1.bottom + max(1, int(h * 0.022))))
    surf.blit(idx, r1)
    surf.blit(pip, r2)
    ridx, rpip = pygame.transform.rotate(idx, 180), pygame.transform.rotate(pip, 180)
    surf.blit(ridx, ridx.get_rect(bottomright=(w - r1.left, h - r1.top)))
    surf.blit(rpip, rpip.get_rect(bottomright=(w - r2.left, h - r2.top)))


def _drawn_face(card: str, width: int, settings: dict) -> pygame.Surface:
    """A face from the font and simple shapes: large print, a very small card, or no art."""
    if large_print(settings):
        return _large_print_face(card, width, settings)
    w, h = width, height_for(width)
    surf = _base(w, h)
    rank, suit = card[0], card[1]
    col = suit_color(suit, settings)
    label = rank_label(rank, settings)
    glyph = SUIT_GLYPH[suit]
    # corner indices
    ipx = w * (0.18 if len(label) < 2 else 0.15)
    idx = _glyph(label, ipx, col, bold=True)
    spx = w * 0.14
    pip = _glyph(glyph, spx, col)
    pad = max(2, int(w * 0.045))
    cx = pad + max(idx.get_width(), pip.get_width()) // 2 + 1
    surf.blit(idx, idx.get_rect(midtop=(cx, pad)))
    surf.blit(pip, pip.get_rect(midtop=(cx, pad + int(idx.get_height() * 0.82))))
    ridx = pygame.transform.rotate(idx, 180)
    rpip = pygame.transform.rotate(pip, 180)
    surf.blit(ridx, ridx.get_rect(midbottom=(w - cx, h - pad)))
    surf.blit(rpip, rpip.get_rect(midbottom=(w - cx, h - pad - int(idx.get_height() * 0.82))))
    # the centre
    inner = pygame.Rect(int(w * 0.24), int(h * 0.13), int(w * 0.52), int(h * 0.74))
    if w < SIMPLE_BELOW:
        big = _glyph(glyph, w * 0.5, col)
        _blit_center(surf, big, inner.center)
    elif rank in "JQK":
        _court(surf, inner, rank, label, glyph, col, w)
    elif rank == "A":
        big = _glyph(glyph, w * 0.62, col)
        _blit_center(surf, big, (w / 2, h / 2))
    else:
        n = 10 if rank == "T" else int(rank)
        ppx = w * (0.19 if n <= 8 else 0.17)
        inner = pygame.Rect(int(w * 0.33), int(h * 0.11), int(w * 0.34), int(h * 0.78))
        for (px_, py_) in _PIPS[n]:
            x = inner.left + px_ * inner.width
            y = inner.top + int(ppx * 0.55) + py_ * (inner.height - int(ppx * 1.1))
            _blit_center(surf, _glyph(glyph, ppx, col), (x, y), flip=py_ > 0.5)
    return surf


# pip positions for 2..10 on a unit box (x 0..1, y 0..1); flipped = lower half
_PIPS = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)],
}


def _court(surf, inner: pygame.Rect, rank, label, glyph, col, w):
    """A framed court card without art: tinted panel, a crown/cap, the letter and suit."""
    tint = {"K": (250, 232, 188), "Q": (246, 220, 226), "J": (214, 230, 246)}[rank]
    lw = max(1, int(w * 0.02))
    pygame.draw.rect(surf, tint, inner, border_radius=max(2, int(w * 0.04)))
    pygame.draw.rect(surf, col, inner, lw, border_radius=max(2, int(w * 0.04)))
    gold = (214, 164, 40)
    cx = inner.centerx
    top = inner.top + int(inner.height * 0.12)
    cw = inner.width * 0.62
    chh = inner.height * 0.16
    if rank == "K":
        pts = [(cx - cw / 2, top + chh), (cx - cw / 2, top + chh * 0.2), (cx - cw / 4, top + chh * 0.6),
               (cx, top), (cx + cw / 4, top + chh * 0.6), (cx + cw / 2, top + chh * 0.2),
               (cx + cw / 2, top + chh)]
    elif rank == "Q":
        pts = [(cx - cw / 2.4, top + chh), (cx - cw / 2.2, top + chh * 0.35), (cx - cw / 6, top + chh * 0.7),
               (cx, top + chh * 0.1), (cx + cw / 6, top + chh * 0.7), (cx + cw / 2.2, top + chh * 0.35),
               (cx + cw / 2.4, top + chh)]
    else:  # knave: a cap with a feather
        pts = [(cx - cw / 2.4, top + chh), (cx - cw / 3, top + chh * 0.35), (cx + cw / 4, top + chh * 0.25),
               (cx + cw / 2.2, top - chh * 0.2), (cx + cw / 3, top + chh * 0.55), (cx + cw / 2.4, top + chh)]
    pygame.draw.polygon(surf, gold, pts)
    pygame.draw.polygon(surf, (120, 84, 10), pts, max(1, lw // 2 + 1))
    letter = _glyph(label, inner.width * (0.55 if len(label) < 2 else 0.42), col, bold=True)
    _blit_center(surf, letter, (cx, inner.top + inner.height * 0.50))
    pip = _glyph(glyph, inner.width * 0.34, col)
    _blit_center(surf, pip, (cx, inner.top + inner.height * 0.80))


def _large_print_face(card: str, width: int, settings: dict) -> pygame.Surface:
    """Large print: the rank and suit as big as the card's left side holds (what shows of a
    card in a fanned hand), a big suit low on the right, no pictures."""
    w, h = width, height_for(width)
    surf = _base(w, h, fill=(255, 255, 252))
    col = suit_color(card[1], settings)
    label = rank_label(card[0], settings)
    glyph = SUIT_GLYPH[card[1]]
    column = w * 0.42
    left = max(2, int(w * 0.06))
    idx = _ink(label, w * 0.56, col, bold=True, most_w=column)
    pip = _ink(glyph, w * 0.44, col, most_w=column)
    r1 = idx.get_rect(topleft=(left, max(2, int(h * 0.045))))
    r2 = pip.get_rect(midtop=(r1.centerx if idx.get_width() > pip.get_width() else left + pip.get_width() // 2,
                              r1.bottom + max(2, int(h * 0.04))))
    r2.left = max(left, r2.left)
    surf.blit(idx, r1)
    surf.blit(pip, r2)
    big = _ink(glyph, w * 0.62, col)
    surf.blit(big, big.get_rect(bottomright=(w - max(2, int(w * 0.08)), h - max(2, int(h * 0.06)))))
    return surf


# -- backs -----------------------------------------------------------------------------------------

def back(width: int, style: str | None = None) -> pygame.Surface:
    """The card back of ``style`` (:data:`game.settings.CARD_BACKS`; None: the one chosen)."""
    width = max(12, int(width))
    style = style if style in CARD_BACKS else _look["back"]
    key = ("b", width, style)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = width, height_for(width)
    surf = _base(w, h)
    inner = surf.get_rect().inflate(-int(w * 0.14), -int(w * 0.14))
    if style == "nordic":
        _nordic(surf, inner, w)
    else:
        _lattice(surf, inner, w, style)
    return _keep(key, surf)


def _rounded(pat: pygame.Surface, radius: int) -> None:
    """Cut ``pat``'s corners round (its alpha)."""
    mask = pygame.Surface(pat.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _lattice(surf, inner: pygame.Rect, w: int, style: str) -> None:
    """A deep red (or blue) lattice inside a white border, a medallion with a cucumber leaf."""
    r = _radius(w)
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


def _nordic(surf, inner: pygame.Rect, w: int) -> None:
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
    r = _radius(w)
    _rounded(pat, max(2, r - 2))
    surf.blit(pat, inner)
    pygame.draw.rect(surf, NORDIC_RED, inner, max(1, int(w * 0.02)), border_radius=max(2, r - 2))


# -- the rest: slots, shadows, glows -------------------------------------------------------------

def outline(width: int, color=(255, 255, 255, 60)) -> pygame.Surface:
    """An empty card-sized slot (a place on the table)."""
    width = max(12, int(width))
    key = ("o", width, tuple(color))
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, color, surf.get_rect(), max(1, int(w * 0.025)),
                         border_radius=_radius(w))
        _keep(key, surf)
    return surf


def shadow(width: int) -> pygame.Surface:
    width = max(12, int(width))
    key = ("s", width)
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=_radius(w))
        _keep(key, surf)
    return surf


def highlight(width: int, color=T.ACCENT) -> pygame.Surface:
    """A glowing frame drawn around a playable card."""
    width = max(12, int(width))
    key = ("h", width, tuple(color))
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        g = max(2, int(w * 0.05))
        surf = pygame.Surface((w + 2 * g, h + 2 * g), pygame.SRCALPHA)
        for i in range(g):
            a = int(200 * (i + 1) / g)
            pygame.draw.rect(surf, (*color[:3], a), surf.get_rect().inflate(-2 * i, -2 * i), 1,
                             border_radius=_radius(w) + g - i)
        _keep(key, surf)
    return surf


def dim(width: int) -> pygame.Surface:
    width = max(12, int(width))
    key = ("d", width)
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (20, 30, 30, 110), surf.get_rect(), border_radius=_radius(w))
        _keep(key, surf)
    return surf


#: every card, for drawing them all ahead of need
ALL_CARDS = NAMES
