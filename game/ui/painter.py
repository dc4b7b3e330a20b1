"""Card art rendered off the frame path, in a helper process.

    painter = Painter(cards.paint)
    painter.submit(key, (card, width, settings, letters))   # never blocks
    ...                                                     # every frame:
    for key, face in painter.take(until=deadline): ...      # never blocks
    painter.close()                                         # on quit

Rendering an SVG holds Python's lock for its whole length (a court card at 4K is several
milliseconds), so a thread would stall the frames just the same: whole faces (the art, the
card's body, the corner indices: :func:`game.ui.cards.paint`) are drawn in a separate
*process* (``spawn``, as :mod:`game.ai.worker` starts the AI: the same on every platform
and in a frozen build, whose entry calls ``multiprocessing.freeze_support()``), and come
back as RGBA bytes the frame turns into a surface at the cost of a copy.

**Nothing left behind.**  The parent holds the only writing end of the request pipe: when
the game ends by any means the child's reader thread sees end-of-file and the child exits
at once.  If no process can be started, :attr:`Painter.available` turns False and the
cards are drawn in the game's own process (:mod:`game.ui.cards` does that itself).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import threading
import time

import pygame

from ..child_pipe import feed, serve


def _child_main(requests, results, paint) -> None:
    """The painter process: renders each face asked for (:mod:`game.child_pipe`)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    def answer(msg):
        key, spec = msg
        try:
            size, data = paint(spec)
            return (key, size, data)
        except Exception:  # noqa: BLE001 - a card that cannot be rendered: the game draws it itself
            return (key, None, None)
    serve(requests, results, answer, "gurka-painter-watch")


def _surface(data: bytes, size):
    """RGBA bytes as a surface in the pixel format the game's own faces have (a surface
    straight from RGBA bytes is blitted to the screen several times slower)."""
    img = pygame.image.frombytes(data, size, "RGBA")
    if pygame.display.get_surface() is not None:
        return img.convert_alpha()
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(img, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)   # copied, alpha and all
    return out


class Painter:
    """Card art rendered in a helper process: :meth:`submit` and :meth:`take` never block.
    ``paint(spec) -> (size, RGBA bytes)``: what the process does with a request (a function
    of a module, so that the process can import it)."""

    def __init__(self, paint):
        self.paint = paint
        self.available = True
        self.errors: list[str] = []
        self.pending: set = set()
        self._proc = None
        self._out: queue.Queue | None = None
        self._results = None

    def _start(self) -> bool:
        if self._proc is not None:
            return self._proc.is_alive()
        try:
            ctx = mp.get_context("spawn")
            req_r, req_w = ctx.Pipe(duplex=False)
            res_r, res_w = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child_main, args=(req_r, res_w, self.paint), name="gurka-painter",
                               daemon=True)
            try:
                proc.start()
            finally:
                req_r.close()        # the child has its own copies; ours would keep the pipes open
                res_w.close()
        except Exception as e:  # noqa: BLE001 - no process: the game renders the cards itself
            self.errors.append(f"the card painter could not start ({type(e).__name__}: {e})")
            self.available = False
            return False
        self._proc = proc
        self._results = res_r
        self._out = queue.Queue()
        threading.Thread(target=feed, args=(self._out, req_w), name="gurka-painter-feed",
                         daemon=True).start()
        return True

    def ready(self) -> bool:
        """Whether there is a painter process (started now if need be)."""
        if self.available and not self._start():
            self.available = False
        return self.available

    def submit(self, key, spec: tuple) -> bool:
        """Ask for the face ``spec`` (:func:`game.ui.cards.paint`), answered by :meth:`take`
        under ``key``; False when there is no painter (draw it yourself)."""
        if not self.available or not self._start() or self._out is None:
            self.available = False
            return False
        if key not in self.pending:
            self.pending.add(key)
            self._out.put((key, spec))
        return True

    def take(self, until: float | None = None, most: int = 64):
        """The pictures ready now, as (key, surface or None), while ``time.perf_counter()``
        is before ``until`` (one at least); None for a picture that could not be rendered."""
        out: list[tuple[object, pygame.Surface | None]] = []
        if self._results is None:
            return out
        try:
            while len(out) < most and self._results.poll():
                key, size, data = self._results.recv()
                self.pending.discard(key)
                img = _surface(data, size) if data is not None else None
                out.append((key, img))
                if until is not None and time.perf_counter() >= until:
                    break
        except (OSError, EOFError, ValueError, pygame.error):
            # the painter is gone: what it had not sent is drawn by the game itself
            self.errors.append("the card painter stopped")
            self.close()
            self.available = False
        return out

    def close(self) -> None:
        """Stop the process (it also stops by itself when the game ends)."""
        if self._out is not None:
            self._out.put(None)
            self._out = None
        if self._results is not None:
            try:
                self._results.close()
            except OSError:
                pass
            self._results = None
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.join(timeout=1.0)
            if proc.is_alive():           # busy with a face (a loaded machine): stopped, and gone
                proc.terminate()
                proc.join(timeout=2.0)
        self.pending.clear()
