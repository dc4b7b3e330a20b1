"""The high-contrast table measured: every text of the tour's screens against what lies under it.

    python3 build_scripts/contrast_probe.py [--lang sv] [--size 1024x640] [--only menu,table-gurka-se]

Goes through the screenshot tour (``game/ui/tour/steps.py``) with the *High contrast* setting on,
draws each screen once more with the text recorder on (``game.ui.theme.record_boxes``) and, for
every text not hidden by a panel drawn over it, compares the text's colour with the pixels under
it: those of its ink box where the text itself left nothing (WCAG 2's contrast ratio of relative
luminances).  A text fails when the worst 5 % of those pixels are under 4.5:1 (AA for normal
text).  Under an overlay (a dialog, the score sheet) only the overlay's texts count: what lies
under its shade is not to be read until it closes.  Prints one line per failing text, and the worst ratio of every screen; exits 1 on a
failure.  ``tests/test_access_contrast.py`` runs it over a few screens of each kind.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: WCAG 2.x AA for normal text
LEAST = 4.5
#: the share of a text's background pixels that may be worse (stray pixels of a neighbour)
TOLERANCE = 0.05


def luminance(c) -> float:
    def lin(v: float) -> float:
        v = v / 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = c[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ratio(a, b) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_contrast(screen, box) -> float | None:
    """The contrast of one recorded text against what lies under it (its worst 5 %), or None
    when nothing of its background shows (or its colour is not known).  What lies under it:
    the pixels next to its strokes that the text left untouched."""
    import pygame
    if box.color is None or box.ink is None:
        return None
    surf, (x0, y0) = box.ink
    ink = pygame.mask.from_surface(surf, 0)
    near = ink.convolve(pygame.mask.Mask((3, 3), fill=True), None, (-1, -1))
    near.erase(ink, (0, 0))
    found = []
    bounds = screen.get_rect()
    for sx, sy in _points(near):
        x, y = x0 + sx, y0 + sy
        if bounds.collidepoint(x, y):
            found.append(ratio(box.color, screen.get_at((x, y))))
    if not found:
        return None
    found.sort()
    return found[int(len(found) * TOLERANCE)]


def _points(mask, step: int = 1):
    w, h = mask.get_size()
    for y in range(0, h, step):
        for x in range(0, w, step):
            if mask.get_at((x, y)):
                yield x, y


def probe_screen(app) -> list[tuple[str, float]]:
    """(text, contrast) of every text on the screen now, drawn afresh with the recorder on."""
    from game.ui import theme
    rec = theme.record_boxes(True)
    try:
        screen = app.screen
        for scene in app.manager._visible():
            rec.layer()
            scene.size = (0, 0)                 # laid out and drawn whole again
            scene.ensure_layout(screen.get_size())
            scene.draw(screen)
    finally:
        theme.record_boxes(False)
    out = []
    top = max((b.layer for b in rec.texts()), default=0)
    for b in rec.texts():
        if b.layer != top:
            continue            # under an overlay's shade: not to be read until it closes
        c = text_contrast(app.screen, b)
        if c is not None:
            out.append((b.text, c))
    return out


def run(lang: str = "en", size=(1024, 640), only=None, out=print, high: bool = True) -> list[str]:
    """The failures (``step: text ratio``) over the tour's screens in high contrast (``high``;
    else in the usual colours, to compare)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.tour.runner import Tour, _init_display, private_home
    from game.ui.tour.steps import Unreachable, steps
    failures = []
    with private_home() as home:
        _init_display()
        from game.ui.app import App
        app = App(size=size, lang=lang)
        tour = Tour(app, home / "shots")
        tour.LOOK = dict(Tour.LOOK, high_contrast=high)
        try:
            for st in steps():
                if only and st.name not in only:
                    continue
                tour.fresh()
                try:
                    st.run(tour)
                except Unreachable:
                    continue
                found = probe_screen(app)
                worst = min((c for _t, c in found), default=None)
                bad = [(t, c) for t, c in found if c < LEAST]
                for t, c in bad:
                    failures.append(f"{st.name}: {t!r} {c:.2f}:1")
                    out(f"FAIL {st.name}: {t!r} {c:.2f}:1")
                out(f"{st.name}: {len(found)} texts, worst {worst:.2f}:1" if worst else f"{st.name}: no text")
        finally:
            tour.fresh()
            app.shutdown()
    return failures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="contrast_probe.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--lang", default="en")
    p.add_argument("--size", default="1024x640")
    p.add_argument("--only", default="")
    p.add_argument("--usual", action="store_true", help="the usual colours (not high contrast), to compare")
    a = p.parse_args(argv)
    w, h = (int(x) for x in a.size.lower().split("x"))
    failures = run(a.lang, (w, h), [s for s in a.only.split(",") if s] or None, high=not a.usual)
    print(f"{len(failures)} texts under {LEAST}:1")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
