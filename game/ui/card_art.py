"""The card art (``assets/cards/*.svg``, made by ``build_scripts/make_cards.py`` from Adrian
Kennard's CC0 deck): read once per card, put together as SVG documents in the suit's
colour, and rendered by SDL_image in this process a part at a time (:class:`ArtParts`) when
there is no painter process (:mod:`game.ui.painter`)."""

from __future__ import annotations

import io

import pygame

from ..paths import asset

#: the art's own height / width (240 x 336 units)
ART_RATIO = 1.4
#: the largest art file read (the biggest is about 90 KB)
MAX_ART_BYTES = 256 << 10
#: the card's colour under the art
CARD_FILL = (252, 250, 244)
#: card -> (the SVG's opening tag, [(turned, part)]), or None: no usable art for it
_art: dict[str, tuple[str, list[tuple[bool, str]]] | None] = {}


def parts(card: str):
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


def docs(card: str, suit_rgb) -> list[str]:
    """The card's art as SVG documents to render one over the other: each part, a turned
    part twice (as it is, then turned half round the card's centre), in the suit's colour."""
    head, card_parts = parts(card)
    suit = '"#%02x%02x%02x"' % tuple(suit_rgb)
    out = []
    for turned, text in card_parts:
        text = text.replace('"SUIT"', suit)
        out.append(f"{head}{text}</svg>")
        if turned:
            out.append(f'{head}<g transform="rotate(180)">{text}</g></svg>')
    return out


def doc(card: str, suit_rgb) -> str:
    """The card's whole art as one SVG document (its parts, the turned ones twice)."""
    head, card_parts = parts(card)
    suit = '"#%02x%02x%02x"' % tuple(suit_rgb)
    body = []
    for turned, text in card_parts:
        text = text.replace('"SUIT"', suit)
        body.append(text)
        if turned:
            body.append(f'<g transform="rotate(180)">{text}</g>')
    return head + "".join(body) + "</svg>"


def set_aside(card: str) -> None:
    """``card``'s art cannot be rendered (no SVG support, a damaged file): the game draws
    that card from its font from now on."""
    _art[card] = None


class ArtParts:
    """A card's art rendered in this process a part at a time (each a few milliseconds at
    most), each part laid over the card's opaque colour: :attr:`acc` once all are done,
    :attr:`failed` when one could not be rendered (the card has no usable art from now on)."""

    def __init__(self, card: str, width: int, suit_rgb):
        self.card, self.w = card, width
        self.docs = docs(card, suit_rgb)
        self.art_h = int(round(width * ART_RATIO))
        self.acc: pygame.Surface | None = None
        self.failed = False

    def part(self, i: int) -> None:
        if self.failed:
            return
        try:
            img = pygame.image.load_sized_svg(io.BytesIO(self.docs[i].encode("utf-8")), (self.w, self.art_h))
        except (pygame.error, ValueError, AttributeError):
            # no SVG support, or a damaged file: this card is drawn from the font from now on
            self.failed = True
            set_aside(self.card)
            return
        if img.get_size() != (self.w, self.art_h):
            img = pygame.transform.smoothscale(img, (self.w, self.art_h))
        if self.acc is None:
            self.acc = pygame.Surface((self.w, self.art_h))
            self.acc.fill(CARD_FILL)
        self.acc.blit(img, (0, 0))


def render_art(docs: list[bytes], size: tuple[int, int], fill) -> bytes:
    """The SVG documents ``docs`` rendered at ``size`` one over the other on ``fill``, as RGB
    bytes (row after row).  pygame.error when one cannot be rendered."""
    w, h = size
    acc = pygame.Surface((w, h))
    acc.fill(fill)
    for doc in docs:
        img = pygame.image.load_sized_svg(io.BytesIO(doc), (w, h))
        if img.get_size() != (w, h):
            img = pygame.transform.smoothscale(img, (w, h))
        acc.blit(img, (0, 0))
    return pygame.image.tobytes(acc, "RGB")
