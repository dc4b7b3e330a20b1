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

``GURKA_CHECK_SAVE=save`` then ``GURKA_CHECK_SAVE=continue`` (two runs, used by the Windows
packaging test) check the frozen app's user files where the player's own go: ``save`` plays
the first moves of a game with a human seat and saves it with the function the table saves
with (``game.ui.savegame.save``); ``continue`` loads it as the menu's Continue does
(``game.ui.savegame.load``), plays it to the end, adds it to the statistics as the table does
(``game.stats.record_game``) and deletes the save.  Each prints one line and exits 0 when it
worked.
``GURKA_CHECK_PAINTER=1`` does the same for the card painter process: one card's art
rendered there (SVG support bundled and the process started), compared with the same
card rendered in the game's own process.
``GURKA_CHECK_NET=1``: the network table's discovery is bundled (the game would quietly find
no table without it): zeroconf's service record of a table is made with its compiled
modules and this computer's addresses are read through ifaddr, without sending anything.
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


def check_save(phase: str) -> int:
    from game.ai.seats import make_player
    from game.engine import new_game
    from game.engine.records import replay
    from game.engine import CHANCE
    from game.storage.saves import save_path
    from game.stats import db_path, record_game
    from game.ui import savegame

    players = [{"name": "Åsa", "seat": "human"}] + [{"name": f"AI {i}", "seat": "ai:easy"} for i in (1, 2, 3)]
    agents = [make_player("ai:easy", seed) for seed in range(4)]
    if phase == "save":
        state = new_game("gurka-se", players, seed=7)
        for _ in range(12):
            seat = state.to_act()
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        problem = savegame.save(state.record(), {"game": 1})
        ok = problem is None and save_path("gurka-se").is_file()
        print(f"gurka: save: {'ok' if ok else 'FAILED'} {save_path('gurka-se')} {problem or ''}", flush=True)
        return 0 if ok else 1
    saved, problem = savegame.load("gurka-se")
    if saved is None:
        print(f"gurka: continue: FAILED no saved game ({problem})", flush=True)
        return 1
    state = replay(saved.record)
    state.auto_chance = True          # as the table does when it resumes a record
    while state.to_act() == CHANCE:
        state.resolve_chance()
    moved = len(state.record()["events"])
    while state.to_act() is not None:
        seat = state.to_act()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    notice = record_game(state.record(), {"started": "2025-01-01T10:00:00", "finished": "2025-01-01T10:20:00",
                                          "duration_s": 1200.0, "undo_used": False, "hints": 0,
                                          "human_seat": 0, "demo": False})
    savegame.delete("gurka-se")
    ok = notice is None and db_path().is_file() and not save_path("gurka-se").exists() and moved > 12
    print(f"gurka: continue: {'ok' if ok else 'FAILED'} from event {moved} to "
          f"{len(state.record()['events'])}; statistics {db_path()} {notice or ''}", flush=True)
    return 0 if ok else 1


def check_net() -> int:
    import asyncio  # noqa: F401 - the network game's streams

    import ifaddr
    import zeroconf
    from zeroconf import ServiceBrowser, Zeroconf  # noqa: F401 - what the join screen uses

    from game.net.discovery import SERVICE, Advertiser

    adapters = ifaddr.get_adapters()          # reads the interfaces; sends nothing
    info = Advertiser(47411, "gurka-se", "Åsa", 2, 4, "0123456789abcdef", ["127.0.0.1"])._make_info()
    ok = (info.type == SERVICE and info.port == 47411 and info.properties.get(b"host") == "Åsa".encode()
          and bool(adapters))
    print(f"gurka: network: {'ok' if ok else 'FAILED'} (zeroconf {zeroconf.__version__}, "
          f"{len(adapters)} network adapters)", flush=True)
    return 0 if ok else 1


def check_painter() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import time

    import pygame

    from game.storage.settings import Settings
    from game.ui import cards
    from game.ui.painter import Painter
    pygame.init()
    spec = ("KH", 120, Settings(card_indices="international"), "K")
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
    if os.environ.get("GURKA_CHECK_SAVE") in ("save", "continue"):
        sys.exit(check_save(os.environ["GURKA_CHECK_SAVE"]))
    if os.environ.get("GURKA_CHECK_PAINTER") == "1":
        sys.exit(check_painter())
    if os.environ.get("GURKA_CHECK_NET") == "1":
        sys.exit(check_net())
    if len(sys.argv) == 1:           # a double-click: the window at once, no command-line parser
        from game.ui.app import run

        sys.exit(run())
    from game.cli import main

    sys.exit(main())
