#!/usr/bin/env python3
"""Screenshots of the statistics screen, empty and with games: ``stats-empty.png`` and
``stats.png`` (the names the screen tour uses).

    python build_scripts/stats_screens.py DIR [--lang sv] [--size 1024x640] [--rules ID]

Runs headless in a temporary user folder (your own statistics are not touched),
fills it with seeded games played by AI seats (one seat marked as the human
player), and saves the screens.  ``--rules`` also saves ``stats-<ID>.png`` with the
filter set to that ruleset.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: (ruleset, players, opponent seat specs cycled, games)
SAMPLE = [("gurka-se", 4, ["ai:normal"], 24), ("gurka-se", 4, ["ai:easy"], 8),
          ("gurka-se", 3, ["ai:random", "ai:easy"], 6), ("agurk-dk", 3, ["ai:easy"], 6),
          ("gurka-is", 3, ["ai:normal"], 8), ("gurka-is7", 3, ["ai:easy"], 4),
          ("durak", 2, ["ai:normal"], 10), ("durak", 3, ["ai:easy"], 6)]


def fill(seed: int = 7) -> int:
    """Play and store the sample games; how many were stored."""
    from game.ai.seats import make_player
    from game.engine.session import play_game
    from game.stats import record_game

    n = 0
    for rules, players, specs, games in SAMPLE:
        for _g in range(games):
            seats = ["human"] + [specs[i % len(specs)] for i in range(players - 1)]
            names = [{"name": "You" if i == 0 else f"AI {i}", "seat": s} for i, s in enumerate(seats)]
            agents = [make_player("ai:easy" if s == "human" else s, seed=seed * 1000 + n * 10 + i)
                      for i, s in enumerate(seats)]
            state = play_game(rules, names, agents, seed=seed * 1000 + n)
            notice = record_game(state.record(), {"human_seat": 0, "demo": False, "hints": 0,
                                                  "undo_used": False, "duration_s": 300.0})
            if notice:
                raise SystemExit(notice)
            n += 1
    return n


def shoot(app, scene, path: Path) -> None:
    import pygame
    app.manager.push(scene)
    for _ in range(2):
        app.step([], 16.0)
    pygame.image.save(app.screen, str(path))
    app.manager.pop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dir")
    p.add_argument("--lang", default="en")
    p.add_argument("--size", default="1024x640")
    p.add_argument("--rules", help="also save the screen filtered to this ruleset")
    args = p.parse_args(argv)
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(x) for x in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as home:
        os.environ["GURKA_HOME"] = home
        import pygame

        from game.ui.app import App
        from game.ui.stats_scene import StatsScene
        pygame.init()
        app = App(size=(w, h), lang=args.lang)
        shoot(app, StatsScene(app), out / "stats-empty.png")
        fill()
        shoot(app, StatsScene(app), out / "stats.png")
        if args.rules:
            scene = StatsScene(app)
            scene.set_filter(args.rules)
            shoot(app, scene, out / f"stats-{args.rules}.png")
        app.shutdown()
        pygame.quit()
    print(f"saved the statistics screens in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
