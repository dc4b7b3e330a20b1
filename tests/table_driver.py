"""A real game process for the kill -9 tests and benchmarks: the App with a table of AI
seats, saving after every move, in a headless window, until it is killed.

    GURKA_HOME=/tmp/x python tests/table_driver.py [RULES] [SEED]

Prints ``ready`` once the table is on screen and ``move N`` after each saved move.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str]) -> int:
    import pygame

    from game.ui.app import App
    from game.ui.table.scene import TableScene

    rules = argv[0] if argv else "gurka-se"
    seed = int(argv[1]) if len(argv) > 1 else 1
    pygame.init()
    app = App(size=(1024, 640), lang="en")
    app.settings.speed = "fast"
    n = 4 if rules != "durak" else 3
    seats = ["ai:hard", "ai:normal", "ai:hard", "ai:easy"][:n]
    players = [{"name": f"Bot {i}", "seat": s} for i, s in enumerate(seats)]
    table = TableScene.new(app, rules, players, None, seed=seed)
    app.manager.push(table)
    print("ready", flush=True)
    shown = 0
    while app.running and app.manager.stack:
        app.step(pygame.event.get(), 16.0)
        if len(table.host.state.events) != shown:
            shown = len(table.host.state.events)
            table.saver.flush()            # the saver thread has written it: "saved"
            print(f"move {shown}", flush=True)
        time.sleep(0.002)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
