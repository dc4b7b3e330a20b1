"""Entry point of the frozen (PyInstaller) game.

Imports the package absolutely: freezing ``game/__main__.py`` directly would
run it as a top-level script, where the package's relative imports fail.
``freeze_support()`` must come first: the AI thinks in a worker process
(started with ``spawn``), and a frozen executable started as that worker has
to become the worker, not a second copy of the game.

``GURKA_CHECK_AI_WORKER=1`` (used by ``build_scripts/test_package.py``) makes
one AI decision in the worker process instead of opening the window, prints
the result and exits 0 when the process worked: the game itself would quietly
fall back to a thread, so a broken frozen worker would go unnoticed otherwise.
``GURKA_CHECK_PAINTER=1`` does the same for the card painter process: one card's art
rendered there (SVG support bundled and the process started), compared with the same
card rendered in the game's own process.
"""

import multiprocessing
import os
import sys


def check_ai_worker() -> int:
    try:
        from game.ai.worker import AIWorker
    except ImportError:
        print("gurka: AI worker: no game.ai.worker module", flush=True)
        return 0
    from game.engine import new_game

    state = new_game("gurka-se", 4, seed=1)
    legal = state.legal_actions()
    with AIWorker() as worker:
        action = worker.wait(worker.submit(state.view(state.to_act()), legal, "normal", 1), timeout=60)
        ok = worker.mode == "process" and action in legal and not worker.errors
        print(f"gurka: AI worker: {'ok' if ok else 'FAILED'} (mode {worker.mode}) {worker.errors or ''}",
              flush=True)
    return 0 if ok else 1


def check_painter() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import time

    import pygame

    from game.ui import cards
    from game.ui.painter import Painter
    pygame.init()
    spec = ("KH", 120, {"card_indices": "international"}, "K")
    painter = Painter(cards.paint)
    ok = painter.submit("KH", spec)
    got = []
    end = time.monotonic() + 60
    while ok and not got and time.monotonic() < end:
        got = painter.take()
        time.sleep(0.02)
    size, here = cards.paint(spec)
    same = bool(got) and got[0][1] is not None and pygame.image.tobytes(got[0][1], "RGBA") == here
    painter.close()
    colours = len({here[i:i + 4] for i in range(0, len(here), 4)})
    ok = ok and same and colours > 200
    print(f"gurka: card painter: {'ok' if ok else 'FAILED'} ({colours} colours) {painter.errors or ''}",
          flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if os.environ.get("GURKA_CHECK_AI_WORKER") == "1":
        sys.exit(check_ai_worker())
    if os.environ.get("GURKA_CHECK_PAINTER") == "1":
        sys.exit(check_painter())
    if len(sys.argv) == 1:           # a double-click: the window at once, no command-line parser
        from game.ui.app import run

        sys.exit(run())
    from game.cli import main

    sys.exit(main())
