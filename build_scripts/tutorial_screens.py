#!/usr/bin/env python3
"""Every callout of every tutorial, saved as a PNG (to look at them by eye).

    python3 build_scripts/tutorial_screens.py OUTDIR [--lang sv,is] [--size 1024x640] [--only ID]

Plays each tutorial on the real table (headless with the dummy video driver), making the
moves its callouts ask for, and saves ``OUTDIR/<lang>-<size>/<ruleset>-NN.png`` at each
callout and at the end.  User files go to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--lang", default="sv,is")
    ap.add_argument("--size", default="1024x640")
    ap.add_argument("--only", default="")
    a = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["GURKA_HOME"] = tempfile.mkdtemp(prefix="gurka-tutorial-")
    import pygame

    from game.ui.app import App
    from game.ui.tutorial.build import run_to
    from game.ui.tutorial.scripts import TUTORIAL_IDS

    pygame.init()
    w, h = (int(x) for x in a.size.split("x"))
    for lang in a.lang.split(","):
        app = App(size=(w, h), lang=lang)
        app.settings.speed = "instant"
        app.settings.tutorial_offered = True
        folder = Path(a.out) / f"{lang}-{w}x{h}"
        folder.mkdir(parents=True, exist_ok=True)
        for rid in TUTORIAL_IDS:
            if a.only and rid != a.only:
                continue
            app.manager.clear()
            scene = app.nav.push("tutorial", rules=rid)
            coach = scene.coach
            last = [-1]
            k = 0

            def fresh(coach=coach, scene=scene, last=last):
                return coach.finished or (coach.showing(scene) is not None and coach.step != last[0])

            while run_to(app, scene, fresh):
                for _ in range(40):      # the banners of the last moves fade as they would
                    app.step([], 50)
                app.manager.dirty = True
                app.step([], 16)
                k += 1
                pygame.image.save(app.screen, str(folder / f"{rid}-{k:02d}.png"))
                if coach.finished:
                    break
                last[0] = coach.step
            print(f"{lang} {rid}: {k} screens", flush=True)
        app.manager.clear()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
