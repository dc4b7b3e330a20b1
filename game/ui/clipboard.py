"""The system clipboard (SDL's, through pygame-ce): copy an invitation, paste one.

Both answer quietly when there is no clipboard (a window-less test, a system without one):
:func:`copy` says whether it worked, :func:`paste` gives ``""``.
"""

from __future__ import annotations

import pygame

#: the most of the clipboard a paste takes (an invitation is under 100 characters)
MAX_PASTE = 400


def copy(text: str) -> bool:
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError, RuntimeError):
        return False


def paste() -> str:
    try:
        text = pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, RuntimeError):
        return ""
    text = text if isinstance(text, str) else ""
    return "".join(c for c in text[:MAX_PASTE] if c.isprintable() or c in "\n\t").strip()
