"""The pipe plumbing shared by the game's helper processes (the AI worker,
:mod:`game.ai.worker`, and the card painter, :mod:`game.ui.painter`).

**Nothing left behind.**  The parent holds the only writing end of the request pipe.  In
the child a reader thread takes requests off it and ends the process the moment it breaks
or is closed (the game is gone, whichever way it ended); the child's main thread answers.
In the parent a feeder thread sends the requests, so a large one never blocks a frame, and
closes the pipe at the end: that is what tells the child to stop.
"""

from __future__ import annotations

import os
import queue
import threading
from typing import Any, Callable


def serve(requests, results, answer: Callable[[Any], Any], name: str) -> None:
    """Child side: every request read off ``requests`` answered with ``answer(request)``
    on ``results``; the process exits when either pipe breaks or ``None`` arrives."""
    inbox: queue.Queue = queue.Queue()

    def read() -> None:
        while True:
            try:
                msg = requests.recv()
            except Exception:  # noqa: BLE001 - EOFError: the game died or closed the pipe
                os._exit(0)        # (a message that cannot be read: the game falls back)
            if msg is None:
                os._exit(0)
            inbox.put(msg)

    threading.Thread(target=read, name=name, daemon=True).start()
    while True:
        reply = answer(inbox.get())
        try:
            results.send(reply)
        except (OSError, EOFError, ValueError):
            os._exit(0)


def feed(outq: queue.Queue, conn, stop: object = None) -> None:
    """Parent side: sends what is put on ``outq`` until ``stop`` comes, then closes the
    pipe.  A broken pipe ends it quietly: the parent sees the dead child when it reads."""
    try:
        while True:
            msg = outq.get()
            if msg is stop:
                return
            conn.send(msg)
    except Exception:  # noqa: BLE001 - a broken pipe
        return
    finally:
        try:
            conn.close()
        except OSError:
            pass
