"""Card faces and backs, drawn at the size they are shown.

**Faces.**  The pips and the court figures are Adrian Kennard's CC0 card art
(:mod:`.card_art`; licence and credits in ``assets/cards/LICENSE-cards.txt``), rendered
by SDL_image at the exact pixel size the layout asks for and cached per size, so a card at
4K is as sharp as at 1080p.  The art has no corner indices: the game draws them in its own
font over it, in the letters of the ``card_indices`` setting.  A face needed now is
rendered whole (:func:`face`); faces a table needs soon are asked of the painter process
(:mod:`.painter`) and taken from it as they come (:func:`face_jobs`, :func:`collect`), or,
without one, rendered here a part at a time in spare frame time.  Very small cards, the
large-print deck (the ``card_size`` setting ``large-print``: a big index and suit, no
pictures) and an install whose art is missing or unreadable are drawn from the bundled
DejaVu font's suit symbols and simple shapes instead.

**Backs** are the project's own (:mod:`.card_backs`): a red or a blue lattice with the
cucumber medallion, and a Nordic knitted Selbu star, chosen by the ``card_back`` setting
(:func:`configure`, which also takes the card size the table lays out for: :func:`scale`).

Index letters follow the ``card_indices`` setting: ``international`` shows
A K Q J; ``native`` uses the letters printed on the cards of the interface
language's country: Swedish E K D Kn (ess, kung, dam, knekt), Danish E K D B
(es, konge, dame, bonde), Icelandic Á K D G (ás, kóngur, drottning, gosi).
Norway has no settled national set (its rules texts explain A K Q J), so
Norwegian, like English, shows A K Q J.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pygame

from .. import i18n
from ..engine.cards import NAMES
from ..storage.settings import CARD_BACKS, CARD_SCALE, CARD_SIZES, Settings
from . import card_art
from . import card_backs
from . import panels
from . import theme
from .card_art import ART_RATIO, CARD_FILL

RATIO = 1.42  # height / width (the art, 1.4, is drawn unstretched, centred on the card)
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = (200, 30, 40)
BLACK = (24, 24, 30)
FOUR = {"S": BLACK, "H": (204, 28, 38), "D": (28, 86, 196), "C": (24, 130, 52)}
TWO = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
#: below this width a face shows its index and one big suit (pictures would be a smudge)
SIMPLE_BELOW = 56

#: language -> index letters for J Q K A (T is always "10")
NATIVE = {
    "sv": {"J": "Kn", "Q": "D", "K": "K", "A": "E"},
    "da": {"J": "B", "Q": "D", "K": "K", "A": "E"},
    "is": {"J": "G", "Q": "D", "K": "K", "A": "Á"},
    "nb": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    "en": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
}

#: a surface; under a key starting "k" a stack's (surface, top card's top left, depth)
_cache: dict[tuple, Any] = {}
_Kept = TypeVar("_Kept")
CARD_EDGE = (120, 120, 120)
#: the look of a card drawn without the player's settings (the defaults)
PLAIN = Settings()
#: the look chosen in the settings (:func:`configure`)
_look = {"back": CARD_BACKS[0], "size": CARD_SIZES[0]}


def clear_cache() -> None:
    _cache.clear()


def configure(settings: Settings) -> None:
    """Take the card back and the card size from the settings (unknown values: the first)."""
    back = settings.card_back
    size = settings.card_size
    _look["back"] = back if back in CARD_BACKS else CARD_BACKS[0]
    _look["size"] = size if size in CARD_SIZES else CARD_SIZES[0]


def scale() -> float:
    """How much larger than at 100 % the table draws its cards (the ``card_size`` setting)."""
    return CARD_SCALE[_look["size"]]


def look_key(settings: Settings) -> tuple:
    """Everything of the settings that changes how a card looks (a drawn layer's key)."""
    return (settings.card_indices, settings.four_colour,
            settings.card_size, _look["back"], _look["size"])


def height_for(width: float) -> int:
    return int(round(width * RATIO))


def suit_color(suit: str, settings: Settings | None) -> tuple:
    four = settings is not None and settings.four_colour
    return (FOUR if four else TWO)[suit]


def rank_label(rank: str, settings: Settings | None = None) -> str:
    if rank == "T":
        return "10"
    if rank in "JQKA":
        style = settings.card_indices if settings is not None else "native"
        if style == "native":
            return NATIVE.get(i18n.current_language(), NATIVE["en"])[rank]
        return rank
    return rank


def card_text(card: str, settings: Settings | None = None) -> str:
    """A short readable name such as ``10♥`` (for messages and logs)."""
    return rank_label(card[0], settings) + SUIT_GLYPH[card[1]]


def large_print(settings: Settings | None) -> bool:
    return settings is not None and settings.card_size == "large-print"


# -- drawing helpers ---------------------------------------------------------------------------

def _glyph(text: str, px: float, color, bold=False) -> pygame.Surface:
    return theme.font(px, bold).render(text, True, color)


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


def _keep(key: tuple, surf: _Kept) -> _Kept:
    if len(_cache) > 700:
        _cache.clear()
    _cache[key] = surf
    return surf


# -- faces ---------------------------------------------------------------------------------------

def _face_key(card: str, width: int, settings: Settings) -> tuple:
    return ("f", card, width, settings.card_indices, settings.four_colour,
            large_print(settings), i18n.current_language())


def face(card: str, width: int, settings: Settings | None = None) -> pygame.Surface:
    """The face of ``card`` (``"TD"``) drawn ``width`` pixels wide."""
    width = max(12, int(width))
    settings = settings or PLAIN
    key = _face_key(card, width, settings)
    surf = _cache.get(key)
    if surf is None:
        if large_print(settings) or width < SIMPLE_BELOW or card_art.parts(card) is None:
            return _keep(key, _drawn_face(card, width, settings))
        surf = _keep(key, _whole_art_face(card, width, settings))
    return surf


def _whole_art_face(card: str, width: int, settings: Settings) -> pygame.Surface:
    """The face from its art rendered in one go (a face needed now, not ahead)."""
    size = (width, int(round(width * ART_RATIO)))
    try:
        data = card_art.render_art([card_art.doc(card, suit_color(card[1], settings)).encode("utf-8")], size, CARD_FILL)
    except (pygame.error, ValueError, AttributeError):
        card_art.set_aside(card)                  # no SVG support, or a damaged file: from the font
        return _drawn_face(card, width, settings)
    return _finish_art(card, width, settings, pygame.image.frombytes(data, size, "RGB"))


def drawn(card: str, width: int, settings: Settings | None = None) -> pygame.Surface | None:
    """``card``'s face at ``width`` when it is drawn already, else None (draws nothing)."""
    return _cache.get(_face_key(card, max(12, int(width)), settings or PLAIN))


def face_jobs(card: str, width: int, settings: Settings | None = None,
              here: bool = False) -> list[Callable[[], object]]:
    """The steps that draw ``card``'s face at ``width`` into the cache, each a few
    milliseconds at most (none when it is drawn already): the art's parts one by one, then
    the card.  :func:`face` does them all at once; a table does them in spare frame time.
    The painter process draws it when there is one, unless ``here``."""
    width = max(12, int(width))
    settings = settings or PLAIN
    key = _face_key(card, width, settings)
    if key in _cache:
        return []
    if len(card) != 2 or card[0] not in "23456789TJQKA" or card[1] not in SUIT_GLYPH:
        raise ValueError(f"not a card: {card!r}")
    if large_print(settings) or width < SIMPLE_BELOW or card_art.parts(card) is None:
        return [lambda: key in _cache or _keep(key, _drawn_face(card, width, settings))]
    if not here and painter().ready():
        look = _card_look(settings)    # as asked now, whatever the settings are when it is sent
        return [lambda: _request(card, width, look, key)]
    # no painter process: a part at a time here, each a few milliseconds at most
    build = card_art.ArtParts(card, width, suit_color(card[1], settings))

    def finish() -> None:
        if key in _cache:
            return
        if build.failed or build.acc is None:
            _keep(key, _drawn_face(card, width, settings))
        else:
            _keep(key, _finish_art(card, width, settings, build.acc))

    def part(i: int) -> Callable[[], object]:
        def step() -> None:
            if key not in _cache:
                build.part(i)
        return step
    return [part(i) for i in range(len(build.docs))] + [finish]


# -- faces rendered in the painter process --------------------------------------------------------

_painter = None
#: faces asked of the painter: key -> (card, width, settings)
_asked: dict[tuple, tuple] = {}


def painter():
    """The process that renders card art off the frame path (:mod:`game.ui.painter`)."""
    global _painter
    if _painter is None:
        # start-up: the painter (multiprocessing) loads once the first screen is shown
        from .painter import Painter
        _painter = Painter(paint)
    return _painter


def shutdown() -> None:
    """Stop the painter process (the app's end)."""
    global _painter
    if _painter is not None:
        _painter.close()
        _painter = None
    _asked.clear()


def _card_look(settings: Settings) -> Settings:
    """Only what of the settings changes a card's face (what the painter process is sent)."""
    return Settings(card_indices=settings.card_indices, four_colour=settings.four_colour,
                    card_size=settings.card_size)


def _request(card: str, width: int, look: Settings, key: tuple) -> None:
    if key in _cache or key in _asked:
        return
    if painter().submit(key, (card, width, look, rank_label(card[0], look))):
        _asked[key] = (card, width, look)
    else:                                   # no painter after all: drawn here, at once
        face(card, width, look)


def paint(spec: tuple) -> tuple[tuple[int, int], bytes]:
    """A face from its art, whole (in the painter process): ``spec`` is (card, width, the
    card settings, the rank's letters); its size and RGBA bytes."""
    card, width, settings, label = spec
    size = (width, int(round(width * ART_RATIO)))
    data = card_art.render_art([card_art.doc(card, suit_color(card[1], settings)).encode("utf-8")], size, CARD_FILL)
    surf = _finish_art(card, width, settings, pygame.image.frombytes(data, size, "RGB"), label)
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def pending() -> int:
    """How many faces the painter still owes."""
    return len(_asked)


def collect(until: float | None = None) -> int:
    """Take the faces the painter has finished into the cache (until ``until``, one at
    least); how many.  Never blocks."""
    if _painter is None or not _asked:
        return 0
    done = 0
    for key, img in _painter.take(until):
        asked = _asked.pop(key, None)
        if asked is None or key in _cache:
            continue
        card, width, settings = asked
        _keep(key, img if img is not None else _drawn_face(card, width, settings))
        done += 1
    if not _painter.available:              # it stopped: what it owed is drawn when needed
        _asked.clear()
    return done


def _finish_art(card: str, width: int, settings: Settings, art: pygame.Surface,
                label: str | None = None) -> pygame.Surface:
    """The face from its rendered art (opaque, the card's colour round the pictures): the
    card's rounded body, the art, the game's indices."""
    w, h = width, height_for(width)
    art_h = art.get_height()
    surf = _base(w, h)
    top = (h - art_h) // 2
    r = _radius(w)
    # the art's body everywhere but the rounded corners (the art leaves them empty)
    for area in (pygame.Rect(r, 0, w - 2 * r, art_h), pygame.Rect(0, r, w, art_h - 2 * r)):
        surf.blit(art, area.move(0, top), area)
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), 1, border_radius=r)
    _corner_indices(surf, card, settings, label)
    return surf


def _corner_indices(surf: pygame.Surface, card: str, settings: Settings, label: str | None = None) -> None:
    """The rank (``label``: its letters, else of the settings and the language now) and a
    small suit in the top-left corner and, turned, the bottom-right: where the art leaves
    them room (a column 0.155 of the card wide)."""
    w, h = surf.get_size()
    col = suit_color(card[1], settings)
    label = rank_label(card[0], settings) if label is None else label
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


def _drawn_face(card: str, width: int, settings: Settings) -> pygame.Surface:
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
_PIPS: dict[int, list[tuple[float, float]]] = {
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


def _large_print_face(card: str, width: int, settings: Settings) -> pygame.Surface:
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
    """The card back of ``style`` (:data:`game.storage.settings.CARD_BACKS`; None: the one chosen)."""
    width = max(12, int(width))
    style = style if style in CARD_BACKS else _look["back"]
    key = ("b", width, style)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = width, height_for(width)
    surf = _base(w, h)
    inner = surf.get_rect().inflate(-int(w * 0.14), -int(w * 0.14))
    card_backs.draw(surf, inner, w, style, _radius(w))
    return _keep(key, surf)


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


def _blur(width: int) -> int:
    """How far a card's soft shadow spreads beyond it."""
    return max(2, int(width * 0.05))


def shadow(width: int) -> pygame.Surface:
    """A card's soft shadow: the card's shape, blurred, ``_blur(width)`` larger on every side
    (:func:`cast_shadow` puts it under a card)."""
    width = max(12, int(width))
    key = ("s", width)
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        b = _blur(width)
        surf = panels.soft_rect((w + 2 * b, h + 2 * b), pygame.Rect(b, b, w, h), _radius(w), (0, 0, 0), 120, b)
        _keep(key, surf)
    return surf


def shadow_rect(rect: pygame.Rect, u: float, lift: float = 1.0, width: int | None = None) -> pygame.Rect:
    """Where the shadow of a card lying at ``rect`` falls (``lift``: how high it is held: a
    raised card's shadow falls further; ``width``: the shadow of a card that wide, centred)."""
    width = rect.width if width is None else int(width)
    b = _blur(width)
    at = pygame.Rect(0, 0, width + 2 * b, height_for(width) + 2 * b)
    at.center = pygame.Rect(rect).move(int(2 * u * lift), int(3 * u * lift)).center
    return at


def cast_shadow(surface: pygame.Surface, rect: pygame.Rect, u: float, lift: float = 1.0,
                width: int | None = None) -> pygame.Rect:
    """The soft shadow of a card lying at ``rect`` (``width``: of a card that wide, drawn
    already, for a card in flight between the table's sizes); returns where it fell."""
    at = shadow_rect(rect, u, lift, width)
    img = shadow(rect.width if width is None else width)
    # the card is drawn over it next: only what shows round the card's opaque body is
    # blended (four bands; a blend costs by the pixel)
    rect = pygame.Rect(rect)
    r = _radius(rect.width)
    body = rect.inflate(-2 * r, -2 * r).clip(at)
    if body.width <= 0 or body.height <= 0:
        surface.blit(img, at)
        return at
    for band in (pygame.Rect(at.left, at.top, at.width, body.top - at.top),
                 pygame.Rect(at.left, body.bottom, at.width, at.bottom - body.bottom),
                 pygame.Rect(at.left, body.top, body.left - at.left, body.height),
                 pygame.Rect(body.right, body.top, at.right - body.right, body.height)):
        if band.width > 0 and band.height > 0:
            surface.blit(img, band.topleft, band.move(-at.left, -at.top))
    return at


def glow(width: int) -> pygame.Surface:
    """A soft warm light round a card: the card being chosen (under the pointer or the
    keyboard's cursor); drawn behind it, ``glow_pad(width)`` larger on every side."""
    width = max(12, int(width))
    key = ("g", width)
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        g = glow_pad(width)
        surf = panels.soft_ring((w + 2 * g, h + 2 * g), pygame.Rect(g, g, w, h).inflate(g // 2, g // 2),
                                _radius(w) + g // 4, (255, 244, 210), 200, g * 3 // 4)
        _keep(key, surf)
    return surf


def glow_pad(width: int) -> int:
    return max(3, int(width * 0.07))


def reach(width: int, u: float) -> int:
    """How far beyond a card of ``width`` its glow or its shadow (held up) can reach."""
    return max(glow_pad(width), int(6 * u) + _blur(width)) + 2


def stack(width: int, count: int) -> tuple[pygame.Surface, tuple[int, int], int]:
    """A stack of ``count`` cards face down (the stock, a dealer's deck): its edges thicker
    the more cards it holds, the top card's back, a soft shadow under it all; where the top
    card's top left lies in the image, and how far the edges reach beyond the top card
    (cached)."""
    width = max(12, int(width))
    layers = max(1, min(14, (count + 2) // 3))
    key = ("k", width, layers, _look["back"])
    got = _cache.get(key)
    if got is not None:
        return got
    w, h = width, height_for(width)
    step = max(1, width * 0.012)
    depth = int(round(step * (layers - 1)))
    b = _blur(width)
    sx, sy = max(2, int(width * 0.02)), max(3, int(width * 0.035))     # the shadow's fall
    img = pygame.Surface((w + depth + 2 * b + sx, h + depth + 2 * b + sy), pygame.SRCALPHA)
    top = (b, b)                            # the top card; the ones under it lie right and down
    img.blit(shadow(width), (depth + sx, depth + sy))
    r = _radius(w)
    for i in range(layers - 1, 0, -1):
        at = pygame.Rect(top[0] + int(round(i * step)), top[1] + int(round(i * step)), w, h)
        pygame.draw.rect(img, (232, 228, 214), at, border_radius=r)
        pygame.draw.rect(img, (150, 146, 136), at, 1, border_radius=r)
    img.blit(back(width), top)
    return _keep(key, (img, top, depth))


def highlight(width: int, color=theme.ACCENT) -> pygame.Surface:
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
