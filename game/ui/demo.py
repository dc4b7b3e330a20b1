"""``--demo``: one short all-AI game on the real table, fast, then exit 0.

Used by the packaging smoke test and benchmarks; works with the dummy video
driver.  ``frames`` stops after that many frames; ``screenshots`` saves a PNG
whenever the scene on top changes (and at the end).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..engine.registry import DEMO_RULESET, find_ruleset
from .names import ai_name

if TYPE_CHECKING:
    from .table.scene import TableScene


class DemoDirector:
    def __init__(self, app, rules: str | None = None, seed: int | None = None, frames: int | None = None,
                 screenshots: str | None = None, speed: str = "demo"):
        self.app = app
        self.rules = rules or DEMO_RULESET
        self.seed = 1 if seed is None else seed
        self.frames = frames
        self.frame = 0
        self.shots = Path(screenshots) if screenshots else None
        self.last_top: str | None = None
        self.shot_no = 0
        self.table: TableScene | None = None
        self.done_at: int | None = None
        app.settings.speed = speed

    def start(self) -> None:
        n, opts = find_ruleset(self.rules).demo
        players = [{"name": ai_name(i), "seat": "ai:easy"} for i in range(n)]
        table: TableScene = self.app.nav.make("table", rules=self.rules, players=players,
                                              options=dict(opts), seed=self.seed)
        table.on_game_over = self._over
        self.table = table
        self.app.manager.push(table)
        if self.shots:
            self.shots.mkdir(parents=True, exist_ok=True)

    def _over(self, table) -> None:
        self.done_at = self.frame

    def shot(self, label: str) -> None:
        if not self.shots:
            return
        self.shot_no += 1
        path = self.shots / f"{self.shot_no:03d}-{label}.png"
        pygame.image.save(self.app.screen, str(path))

    def after_frame(self) -> None:
        self.frame += 1
        top = self.app.manager.top
        name = type(top).__name__ if top else "none"
        if name != self.last_top:
            self.last_top = name
            if self.frame > 1:
                self.shot(name)
        if self.done_at is not None and self.frame - self.done_at > 30:
            self.shot("end")
            self.app.quit(0)
        if self.frames is not None and self.frame >= self.frames:
            self.shot("last")
            self.app.quit(0)


def seed_or_random(seed):
    return random.randrange(1, 2 ** 31) if seed is None else seed
