"""Card faces and backs drawn procedurally at the size they are shown.

Everything is vector-ish: rounded rectangles, polygons and glyphs of the
bundled DejaVu font (which has the suit symbols), rendered for the exact
pixel width asked for and cached per size, so cards stay crisp from a small
laptop window to 4K.

Index letters follow the ``card_indices`` setting: ``international`` shows
A K Q J; ``native`` uses the letters printed on the cards of the interface
language's country: Swedish E K D Kn (ess, kung, dam, knekt), Danish E K D B
(es, konge, dame, bonde), Icelandic Á K D G (ás, kóngur, drottning, gosi).
Norway has no settled national set (its rules texts explain A K Q J), so
Norwegian, like English, shows A K Q J.
"""

from __future__ import annotations

import pygame

from .. import i18n
from . import theme as T

RATIO = 1.42  # height / width
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = (200, 30, 40)
BLACK = (24, 24, 30)
FOUR = {"S": BLACK, "H": (204, 28, 38), "D": (28, 86, 196), "C": (24, 130, 52)}
TWO = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}

#: language -> index letters for J Q K A (T is always "10")
NATIVE = {
    "sv": {"J": "Kn", "Q": "D", "K": "K", "A": "E"},
    "da": {"J": "B", "Q": "D", "K": "K", "A": "E"},
    "is": {"J": "G", "Q": "D", "K": "K", "A": "Á"},
    "nb": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    "en": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
}

_cache: dict[tuple, pygame.Surface] = {}


def clear_cache() -> None:
    _cache.clear()


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


def _glyph(text: str, px: float, color, bold=False) -> pygame.Surface:
    return T.font(px, bold).render(text, True, color)


def _blit_center(surf, img, center, flip=False):
    if flip:
        img = pygame.transform.rotate(img, 180)
    surf.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))


def _base(w: int, h: int, fill=(252, 250, 244)) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, int(w * 0.07))
    pygame.draw.rect(surf, (120, 120, 120), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, fill, surf.get_rect().inflate(-2, -2), border_radius=r - 1)
    return surf


def face(card: str, width: int, settings: dict | None = None) -> pygame.Surface:
    """The face of ``card`` (``"TD"``) drawn ``width`` pixels wide."""
    width = max(12, int(width))
    settings = settings or {}
    key = ("f", card, width, settings.get("card_indices", "native"), bool(settings.get("four_colour")),
           i18n.current_language())
    surf = _cache.get(key)
    if surf is not None:
        return surf
    if len(_cache) > 600:
        _cache.clear()
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
    if w < 56:
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
    _cache[key] = surf
    return surf


def _court(surf, inner: pygame.Rect, rank, label, glyph, col, w):
    """A framed court card: tinted panel, a crown/cap, the letter and suit."""
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


def back(width: int, style: int = 0) -> pygame.Surface:
    """The card back: a deep red lattice inside a white border."""
    width = max(12, int(width))
    key = ("b", width, style)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = width, height_for(width)
    surf = _base(w, h)
    r = max(3, int(w * 0.07))
    inner = surf.get_rect().inflate(-int(w * 0.14), -int(w * 0.14))
    body = (128, 24, 36) if style == 0 else (28, 54, 120)
    line = (176, 52, 62) if style == 0 else (64, 96, 170)
    pat = pygame.Surface(inner.size, pygame.SRCALPHA)
    pat.fill(body)
    step = max(4, int(w * 0.09))
    lw = max(1, int(w * 0.012))
    for k in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(pat, line, (k, 0), (k + inner.height, inner.height), lw)
        pygame.draw.line(pat, line, (k, inner.height), (k + inner.height, 0), lw)
    # rounded mask
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, r - 2))
    pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pat, inner)
    pygame.draw.rect(surf, (226, 190, 96), inner, max(1, int(w * 0.018)), border_radius=max(2, r - 2))
    # a central medallion with a small cucumber-green leaf emblem
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
    _cache[key] = surf
    return surf


def outline(width: int, color=(255, 255, 255, 60)) -> pygame.Surface:
    """An empty card-sized slot (a place on the table)."""
    width = max(12, int(width))
    key = ("o", width, tuple(color))
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, color, surf.get_rect(), max(1, int(w * 0.025)),
                         border_radius=max(3, int(w * 0.07)))
        _cache[key] = surf
    return surf


def shadow(width: int) -> pygame.Surface:
    width = max(12, int(width))
    key = ("s", width)
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=max(3, int(w * 0.07)))
        _cache[key] = surf
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
                             border_radius=max(3, int(w * 0.07)) + g - i)
        _cache[key] = surf
    return surf


def dim(width: int) -> pygame.Surface:
    width = max(12, int(width))
    key = ("d", width)
    surf = _cache.get(key)
    if surf is None:
        w, h = width, height_for(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (20, 30, 30, 110), surf.get_rect(), border_radius=max(3, int(w * 0.07)))
        _cache[key] = surf
    return surf
