"""Small marks on the table: the letter on the dealer button, a name tag under a card, the
key of an attack card (Durak: 1-9 beat it), a card's place in a set to match (Gúrka)."""

from __future__ import annotations

import pygame

from ...i18n import pgettext
from .. import cards as card_faces
from .. import theme


def dealer_letter() -> str:
    # TRANSLATORS: one or two letters on the dealer button (D = dealer); not a card's letter
    # (Icelandic G is the jack)
    return pgettext("dealer button", "D")


def name_tag(surface, lay, pos, name: str, outline=None) -> None:
    """A small panel with ``name`` under the card at ``pos`` (x, y, width), outlined in
    ``outline`` when given (the look back's leader and winner)."""
    r = lay.tag_rect(*pos)
    # (high contrast: no border line touching the name; the black table needs none)
    theme.panel(surface, r, lay.u, alpha=225, border=None if theme.high_contrast() else theme.THEME)
    if outline is not None:
        pygame.draw.rect(surface, outline, r, max(2, int(2 * lay.u)), border_radius=int(6 * lay.u))
    theme.blit_text(surface, name, 12 * lay.u, r.center, theme.TEXT, anchor="center", max_width=r.width - 6 * lay.u)


def key_badge(surface, center, u: float, text: str, fill=theme.GOOD) -> pygame.Rect:
    """A round badge with ``text`` (a key's digit, a card's place in a set) centred on
    ``center``, in ``fill``; its rectangle.  Drawn on an image of its own and blitted, so
    that a layer sees all of it."""
    side = max(int(24 * u), theme.font(14 * u, True).size(text)[0] + int(10 * u))
    badge = pygame.Surface((side, side), pygame.SRCALPHA)
    mid = (side // 2, side // 2)
    pygame.draw.circle(badge, fill, mid, side // 2)
    pygame.draw.circle(badge, theme.TEXT_DARK, mid, side // 2, max(1, int(1.5 * u)))
    theme.blit_text(badge, text, 14 * u, mid, theme.TEXT_DARK, bold=True, anchor="center")
    r = badge.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(badge, r)
    return r


def attack_keys(pairs, can_beat) -> list[tuple[int, str]]:
    """The attacks on the table a picked card can beat, each with the key that beats it
    (its place on the table, 1-9: :mod:`.keys`): (index into ``pairs``, the digit)."""
    return [(i, str(i + 1)) for i, (attack, defence) in enumerate(pairs[:9])
            if defence is None and can_beat(attack)]


def set_place(surface, lay, pos, k: int, fill) -> pygame.Rect:
    """The place ``k`` (1 = its lowest card) of the card at ``pos`` (x, y, width) in a set
    matched card by card: a badge on the card's lower left corner, where a card laid over
    it on its right leaves it in view."""
    x, y, w = pos
    u = lay.u
    h = card_faces.height_for(int(w))
    return key_badge(surface, (x - w / 2 + w * 0.19, y + h / 2 - int(16 * u)), u, str(k), fill)
