"""``python -m game --tour DIR [--lang L] [--size WxH]``: every screen of the game, saved.

The tour drives the real app (headless with the dummy video driver, or in a window when
there is a display) through every screen and state and saves ``DIR/NAME.png`` for each
name of its steps (:func:`game.ui.tour.steps.steps`), then exits 0.  It is how translators and reviewers look at the
game, and the tests run it in every language at two sizes.

Games are brought to the wanted moment in-process (every seat, the human ones too,
played by a seeded Easy AI straight on the engine), then shown by the real table scene;
no AI worker process is started.  User files go to a temporary folder
(``GURKA_HOME``): the player's settings, save and statistics are never touched.

The screens are the steps of :mod:`game.ui.tour.steps` (add one there with
``@step("name")``); the tour saves what is on the screen when a step returns.  A step
that cannot reach its screen raises :class:`Unreachable` and is reported, never fatal.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
import time
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

import pygame

from ...ai.seats import make_player
from ...engine import new_game
from ...engine.registry import find_ruleset
from ..app import App
from ..names import ai_name, human_name
from ..widget_base import InputMode
from . import net as tour_net  # noqa: F401  (registers the network table's screens)
from .steps import (STEPS, Step, Unreachable, add_per_ruleset, add_step, buyback_offer,
                         deals_scored, decided, defending, finished, human_to_act, leads_a_pair,
                         mid_deal, names, step, steps)

#: how many in-process decisions a game may take to reach a wanted moment
MAX_STEPS = 20000
#: how many seeds a step tries before it gives up
MAX_SEEDS = 60


def save_png(surface, path) -> None:
    """The surface as an RGB PNG, compressed fast (zlib level 1: the tour saves many large
    screens; ``pygame.image.save`` compresses hard and takes a few times longer)."""
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    stride = w * 3
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


# -- the driver --------------------------------------------------------------------------
class Tour:
    def __init__(self, app, out: Path, show: bool = False):
        self.app = app
        self.out = Path(out)
        self.show = show
        self.saved: list[str] = []
        self.problems: list[str] = []
        #: what a step keeps open until its screen is saved (a network table's other side)
        self.kept: list = []

    def keep_until_shot(self, other) -> None:
        """Close ``other`` (``close()``) once the step's screen is saved."""
        if other is not None:
            self.kept.append(other)

    # -- the app ------------------------------------------------------------------------
    def fresh(self) -> None:
        """An empty scene stack and the tour's settings (instant animations); the mouse as the
        last input, so a step's key presses do not show the next steps in keyboard wording."""
        InputMode.reset()
        self.app.manager.clear()
        for other in self.kept:         # a network step's other side, in this process
            other.close()
        self.kept.clear()
        self.app.settings.speed = "instant"
        self.app.settings.relay = ""                # a network step names its own relay
        self.app.settings.tutorial_offered = True   # the menu's first-start offer has its own step
        self.look()

    #: the look of every screen but the look steps' own (:meth:`look`)
    LOOK = {"felt": "green", "card_back": "red", "card_size": "100", "four_colour": False,
            "reduced_motion": False, "high_contrast": False}

    def look(self, **look) -> None:
        """The table, backs, card size... of :data:`LOOK` with ``look`` over it (applied, not saved)."""
        want = dict(self.LOOK, **look)
        settings = self.app.settings
        if any(getattr(settings, k) != v for k, v in want.items()):
            for k, v in want.items():
                setattr(settings, k, v)
            self.app.apply_settings(save=False)

    def push(self, name: str, **kw):
        scene = self.app.nav.push(name, **kw)
        self.settle()
        return scene

    def frames(self, n: int = 1, events=(), dt: float = 16.0) -> None:
        for _ in range(n):
            self.app.step(list(events), dt)
            events = ()

    def settle(self, most: int = 100, dt: float = 100.0) -> None:
        """Frames until nothing moves any more (at most ``most`` updates of ``dt`` ms, drawn
        only at the end: the tour saves still screens)."""
        self.frames(2)
        manager = self.app.manager
        for _ in range(most):
            if not any(s.animating() for s in manager.stack[-2:]):
                break
            manager.update(dt)
        self.frames(1)

    def wait_for(self, cond: Callable[[], bool], seconds: float = 10.0) -> None:
        """Frames (on the real clock) until ``cond()``; Unreachable after ``seconds``."""
        end = time.monotonic() + seconds
        while not cond():
            if time.monotonic() > end:
                raise Unreachable("timed out")
            self.frames(1)
            time.sleep(0.005)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text,
                                           scancode=0)])
        self.settle()

    def click(self, pos) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.settle()

    @property
    def top(self):
        return self.app.manager.top

    # -- games brought to a moment ---------------------------------------------------------
    def table(self, rules: str, stop: Callable, humans=(0,), players: int | None = None,
              options: dict | None = None, upto: Callable | None = None, session=None):
        """A table of ``rules`` at the first moment ``stop(state)`` holds (tried over seeds);
        ``upto(state)``: how many events the table has shown already (the rest it shows
        itself)."""
        state = self.game(rules, stop, humans, players, options)
        scene = self.app.nav.push("table", state=state, session=session)
        scene.fast_forward(upto(state) if upto else None)
        self.settle()
        return scene

    def game(self, rules: str, stop: Callable, humans=(0,), players: int | None = None,
             options: dict | None = None):
        entry = find_ruleset(rules)
        n = players or entry.demo[0]
        opts = {} if options is None else options     # the ruleset as it is played (its preset)
        seats = [{"name": ai_name(s), "seat": "ai:normal"} for s in range(n)]
        for k, s in enumerate(sorted(humans)):
            seats[s] = {"name": human_name(k + 1), "seat": "human"}
        for seed in range(1, MAX_SEEDS + 1):
            state = new_game(rules, seats, opts, seed=seed)
            agents = [make_player("ai:easy", seed * 100 + s) for s in range(n)]
            for _ in range(MAX_STEPS):
                if stop(state):
                    return state
                seat = state.to_act()
                if seat is None:
                    break
                state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        raise Unreachable(f"no {rules} game reached the moment")

    # -- saving ---------------------------------------------------------------------------
    def shot(self, name: str) -> Path:
        app = self.app
        app.manager.dirty = True
        app.manager.draw(app.screen)
        path = self.out / f"{name}.png"
        save_png(app.screen, path)
        if self.show:
            pygame.display.flip()
        self.saved.append(name)
        return path

    def run(self, only: list[str] | None = None) -> list[str]:
        self.out.mkdir(parents=True, exist_ok=True)
        for st in steps():
            if only and st.name not in only:
                continue
            self.fresh()
            try:
                st.run(self)
            except Unreachable as e:
                self.problems.append(f"{st.name}: {e}")
                continue
            self.shot(st.name)
        self.fresh()
        return self.saved


# -- running -------------------------------------------------------------------------------
@contextmanager
def private_home():
    """User files in a temporary folder for the tour's run (restored afterwards)."""
    old = os.environ.get("GURKA_HOME")
    with tempfile.TemporaryDirectory(prefix="gurka-tour-") as tmp:
        os.environ["GURKA_HOME"] = tmp
        try:
            yield Path(tmp)
        finally:
            if old is None:
                os.environ.pop("GURKA_HOME", None)
            else:
                os.environ["GURKA_HOME"] = old


def _init_display() -> bool:
    """pygame with a window if there is a display, else the dummy driver; True for a window."""
    pygame.init()
    try:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
    except pygame.error:
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
    return pygame.display.get_driver() not in ("dummy", "offscreen")


def tour(out, lang: str | None = None, size=(1024, 640), only: list[str] | None = None) -> Tour:
    """Run the tour in this process and return it (``saved`` names, ``problems``)."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with private_home():
        show = _init_display()
        app = App(size=tuple(size), lang=lang)
        try:
            t = Tour(app, Path(out), show=show)
            t.run(only)
        finally:
            app.shutdown()
    return t


def run_tour(out: str, lang: str | None = None, size=None) -> int:
    """The command line's ``--tour``: 0 when every screen was saved."""
    t = tour(out, lang, size or (1024, 640))
    pygame.quit()
    print(f"tour: saved {len(t.saved)} screen(s) to {out}")
    for p in t.problems:
        print(f"tour: {p}", file=sys.stderr)
    return 1 if t.problems else 0


__all__ = ["STEPS", "Step", "Tour", "Unreachable", "add_step", "add_per_ruleset", "step", "steps",
           "names", "tour", "run_tour",
           "buyback_offer", "deals_scored", "decided", "defending", "finished", "human_to_act",
           "leads_a_pair", "mid_deal"]
