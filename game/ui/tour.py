"""``python -m game --tour DIR [--lang L] [--size WxH]``: every screen of the game, saved.

The tour drives the real app (headless with the dummy video driver, or in a window when
there is a display) through every screen and state and saves ``DIR/NAME.png`` for each
name of :data:`STEPS`, then exits 0.  It is how translators and reviewers look at the
game, and the tests run it in every language at two sizes.

Games are brought to the wanted moment in-process (every seat, the human ones too,
played by a seeded Easy AI straight on the engine), then shown by the real table scene;
no AI worker process is started.  User files go to a temporary folder
(``GURKA_HOME``): the player's settings, save and statistics are never touched.

Adding a screen: one function decorated with ``@step("name")`` (or registered with
:func:`add_step`) that brings the app to it; the tour saves what is on the screen
when the function returns.  A step that cannot reach its screen raises
:class:`Unreachable` and is reported, never fatal; names are never dropped.
"""

from __future__ import annotations

import os
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from ..engine import new_game
from ..engine.registry import DURAK, RULESET_IDS, find_ruleset

#: how many in-process decisions a game may take to reach a wanted moment
MAX_STEPS = 20000
#: how many seeds a step tries before it gives up
MAX_SEEDS = 60


class Unreachable(RuntimeError):
    """The step could not bring the app to its screen."""


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[["Tour"], None]


#: every screen of the tour, in order
STEPS: list[Step] = []


def add_step(name: str, fn: Callable[["Tour"], None]) -> None:
    if any(s.name == name for s in STEPS):
        raise ValueError(f"tour step {name!r} exists already")
    STEPS.append(Step(name, fn))


def step(name: str):
    def deco(fn):
        add_step(name, fn)
        return fn
    return deco


def names() -> list[str]:
    return [s.name for s in STEPS]


# -- the driver --------------------------------------------------------------------------
class Tour:
    def __init__(self, app, out: Path, show: bool = False):
        self.app = app
        self.out = Path(out)
        self.show = show
        self.saved: list[str] = []
        self.problems: list[str] = []

    # -- the app ------------------------------------------------------------------------
    def fresh(self) -> None:
        """An empty scene stack and the tour's settings (instant animations)."""
        self.app.manager.clear()
        self.app.settings["speed"] = "instant"

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
        import time
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
        from ..ai.seats import make_player
        from .names import ai_name, human_name
        n, demo = find_ruleset(rules).demo
        n = players or n
        opts = dict(demo) if options is None else options
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
        pygame.image.save(app.screen, str(path))
        if self.show:
            pygame.display.flip()
        self.saved.append(name)
        return path

    def run(self, only: list[str] | None = None) -> list[str]:
        self.out.mkdir(parents=True, exist_ok=True)
        for st in STEPS:
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


# -- moments of a game (predicates on the engine state) ------------------------------------
def _since_deal(state) -> list[dict]:
    evs = state.events
    last = max((i for i, e in enumerate(evs) if e["type"] == "deal"), default=-1)
    return evs[last + 1:]


def human_to_act(state, seat: int = 0) -> bool:
    return state.to_act() == seat


def mid_deal(state, seat: int = 0) -> bool:
    """``seat`` to play a card with a choice, after cards were played in this deal."""
    if state.to_act() != seat:
        return False
    legal = state.legal_actions()
    kinds = {a["type"] for a in legal}
    if len(legal) < 2 or not kinds & {"play", "attack", "defend"}:
        return False
    recent = _since_deal(state)
    if any(e["type"] == "bout_end" for e in recent):
        return True
    return sum(e["type"] == "play" for e in recent) >= 2 and any(e["type"] == "trick" for e in recent)


def defending(state, seat: int = 0) -> bool:
    if state.to_act() != seat:
        return False
    kinds = {a["type"] for a in state.legal_actions()}
    return "defend" in kinds and "take" in kinds


def leads_a_pair(state, seat: int = 0) -> bool:
    return state.to_act() == seat and any(
        a["type"] == "play" and len(a["cards"]) == 2 for a in state.legal_actions())


def buyback_offer(state, seat: int = 0) -> bool:
    return state.to_act() == seat and any(a["type"] == "buyback" for a in state.legal_actions())


def finished(state) -> bool:
    return state.is_over()


def last_scoring(state) -> int:
    """Events up to the last deal's scoring or the last bout's end (the table shows the rest)."""
    evs = state.events
    ends = [i for i, e in enumerate(evs) if e["type"] in ("score", "bout_end")]
    return ends[-1] if ends else len(evs)


# -- the steps ---------------------------------------------------------------------------
@step("menu")
def _menu(t: Tour) -> None:
    t.push("menu")


def _setup(rules: str, t: Tour) -> None:
    t.push("setup", rules=rules)


def _rules(rules: str, t: Tour) -> None:
    t.push("rules", rules=rules)


for _r in RULESET_IDS:
    add_step(f"setup-{_r}", lambda t, r=_r: _setup(r, t))
for _r in RULESET_IDS:
    add_step(f"rules-{_r}", lambda t, r=_r: _rules(r, t))


@step("settings")
def _settings(t: Tour) -> None:
    t.push("settings")


def _table(rules: str, t: Tour) -> None:
    t.table(rules, mid_deal)


for _r in RULESET_IDS:
    add_step(f"table-{_r}", lambda t, r=_r: _table(r, t))


@step("table-durak-defend")
def _durak_defend(t: Tour) -> None:
    durak = next(r for r in RULESET_IDS if find_ruleset(r).family is DURAK)
    t.table(durak, defending)


@step("table-gurka-is-pair")
def _pair(t: Tour) -> None:
    rules = next(r for r in RULESET_IDS if find_ruleset(r).options.get("multi_lead")
                 and not find_ruleset(r).options.get("exchange"))
    table = t.table(rules, leads_a_pair)
    pair = next(a["cards"] for a in table.state.legal_actions()
                if a["type"] == "play" and len(a["cards"]) == 2)
    for card in pair:
        rects = dict(table.hand_layout())
        t.click(rects[card].center)
    if sorted(table.selected) != sorted(pair):
        raise Unreachable("the pair could not be selected")


def deals_scored(k: int):
    """``k`` deals scored, and the player at the screen to play a card with a choice."""
    def stop(state) -> bool:
        return sum(e["type"] == "score" for e in state.events) >= k and mid_deal(state)
    return stop


@step("scoresheet")
def _scoresheet(t: Tour) -> None:
    table = t.table(RULESET_IDS[0], deals_scored(4))
    t.key(pygame.K_s)
    if t.top is table:
        raise Unreachable("the score sheet did not open")


@step("scoresheet-durak")
def _scoresheet_durak(t: Tour) -> None:
    durak = next(r for r in RULESET_IDS if find_ruleset(r).family is DURAK)
    state = t.game(durak, mid_deal, players=4)
    table = t.app.nav.push("table", state=state,
                           session={"game": 4, "durak_log": [[1], [0], [1]]})
    table.fast_forward()
    t.settle()
    t.click(table.toolbar.scores.rect.center)
    if t.top is table:
        raise Unreachable("the score sheet did not open")


def decided(k: int):
    """The player at the screen has decided ``k`` times in this deal and is to play again."""
    def stop(state) -> bool:
        from .table.undo import DECISIONS, deal_start
        evs = state.events
        start = deal_start(evs)
        mine = [e for e in evs[start + 1:] if e["type"] in DECISIONS and e.get("player") == 0]
        return len(mine) >= k and mid_deal(state)
    return stop


def _hint(t: Tour, rules: str, stop) -> None:
    from ..ai.worker import AIWorker
    table = t.table(rules, stop)
    table.ai.worker = AIWorker(use_process=False)   # the tour stays in one process
    t.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)])
    t.wait_for(lambda: table.hints.current() is not None, seconds=20)
    t.settle()


@step("hint")
def _hint_gurka(t: Tour) -> None:
    _hint(t, RULESET_IDS[0], mid_deal)


@step("hint-durak")
def _hint_durak(t: Tour) -> None:
    _hint(t, next(r for r in RULESET_IDS if find_ruleset(r).family is DURAK), defending)


@step("undo")
def _undo(t: Tour) -> None:
    table = t.table(RULESET_IDS[0], decided(2))
    n = len(table.state.events)
    t.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0)])
    t.frames(2)
    if len(table.state.events) >= n:
        raise Unreachable("nothing was taken back")


@step("handoff")
def _handoff(t: Tour) -> None:
    t.table(RULESET_IDS[0], lambda s: mid_deal(s, 1), humans=(0, 1))
    if type(t.top).__name__ != "HandoffScene":
        raise Unreachable("no hand-off screen")


@step("pause")
def _pause(t: Tour) -> None:
    t.table(RULESET_IDS[0], mid_deal)
    t.key(pygame.K_ESCAPE)


@step("buyback")
def _buyback(t: Tour) -> None:
    rules = next(r for r in RULESET_IDS if find_ruleset(r).options.get("buyback") == "stake")
    t.table(rules, buyback_offer)


def _result(rules: str, t: Tour) -> None:
    t.table(rules, finished, upto=last_scoring)
    t.wait_for(lambda: type(t.top).__name__ == "ResultScene")
    t.settle()


for _r in RULESET_IDS:
    add_step(f"result-{_r}", lambda t, r=_r: _result(r, t))


@step("notice-corrupt-save")
def _corrupt_save(t: Tour) -> None:
    from .. import saves
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text('{"format": "gurka-save/1", "record": {"events": 7}}',
                                 encoding="utf-8")
    menu = t.push("menu")
    menu.widgets.by_name("continue").activate()
    t.settle()
    if type(t.top).__name__ != "MessageScene":
        raise Unreachable("no notice")


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
    from .app import App
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


__all__ = ["STEPS", "Step", "Tour", "Unreachable", "add_step", "step", "names", "tour", "run_tour"]
