"""Helpers for the tutorial tests: frames, clicks, and the sizes of the texts drawn."""

import sys
from pathlib import Path

import pygame

from game.ui import theme as T


def frames(app, n=1, events=(), dt=16):
    for _ in range(n):
        app.step(list(events), dt)
        events = ()


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def record_text_sizes(monkeypatch) -> list:
    """(pixel size, text) of every text drawn from a module of game/ui/tutorial from now on."""
    seen = []
    render = T.render

    def recording(text, px, *a, **k):
        frame = sys._getframe(1)
        while frame is not None:
            if "tutorial" in Path(frame.f_code.co_filename).parts:
                seen.append((int(round(px)), text))
                break
            frame = frame.f_back
        return render(text, px, *a, **k)
    monkeypatch.setattr(T, "render", recording)
    return seen
