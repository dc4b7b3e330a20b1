"""Reduced motion (the ``reduced_motion`` setting): every animation that is not needed to
follow the game is left out.  Cards appear where they land instead of flying there (still
one after the other, at the pace of the game), banners appear and go without fading,
totals show their new values at once, a won game is not celebrated with falling cards, and
a text field's cursor does not blink.  Read by the drawing code; set by the app."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..storage.settings import Settings

_reduced = [False]


def configure(settings: Settings) -> None:
    _reduced[0] = settings.reduced_motion


def reduced() -> bool:
    return _reduced[0]
