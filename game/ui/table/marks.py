"""Small marks on the table: the letter on the dealer button, a name tag under a card."""

from __future__ import annotations

from ...i18n import pgettext
from .. import theme as T


def dealer_letter() -> str:
    # TRANSLATORS: one or two letters on the dealer button (D = dealer); not a card's letter
    # (Icelandic G is the jack)
    return pgettext("dealer button", "D")


def name_tag(surface, lay, pos, name: str) -> None:
    """A small panel with ``name`` under the card at ``pos`` (x, y, width)."""
    r = lay.tag_rect(*pos)
    T.panel(surface, r, lay.u, alpha=225)
    T.blit_text(surface, name, 12 * lay.u, r.center, T.TEXT, anchor="center", max_width=r.width - 6 * lay.u)
