"""Setting a tutorial up: its table of three, its fixed first deal, its coach; and the
hook the screenshot tour calls (:func:`tutorial_shots`).

The state is built the way a saved game is: from a record whose ``deal`` event holds the
chosen hands, replayed by the engine with ``auto_chance`` off, then played on live at the
real table.  The coach feeds any later deal and resolves the engine's chance steps itself,
so nothing in a tutorial is random.
"""

from __future__ import annotations

from typing import Callable

from ...engine import FORMAT, replay
from ...engine.rulesets import effective_options
from ..names import ai_name, human_name
from .beats import HUMAN
from .coach import Coach
from .scripts import TUTORIAL_IDS, tutorial

#: how many frames :func:`run_to` may take to reach a callout
MAX_FRAMES = 20000


def players() -> list[dict]:
    """The player at the screen in seat 0 and two scripted seats, named as in a real game."""
    seats = [{"name": human_name(1), "seat": "human"}]
    return seats + [{"name": ai_name(s), "seat": "ai:easy"} for s in (1, 2)]


def record(rules: str) -> dict:
    """The tutorial's game record so far: the header and its fixed first deal."""
    tut = tutorial(rules)
    seats = players()
    options = effective_options(rules, dict(tut.options), len(seats))
    return {"format": FORMAT, "rules": rules, "options": options, "players": seats, "seed": 1,
            "game": 1, "events": [dict(tut.deal)]}


def tutorial_parts(rules: str):
    """(state, coach) for the tutorial of ``rules``: the table is made from them (routes)."""
    return replay(record(rules)), Coach(tutorial(rules))


# -- driving a tutorial without clicks (the tour, the screenshots) -------------------------------
def run_to(app, scene, stop: Callable[[], bool], limit: int = MAX_FRAMES) -> bool:
    """Play the tutorial on ``scene`` frame by frame, making the asked moves and reading on,
    until ``stop()``; False when it did not come (the end, or ``limit`` frames)."""
    coach = scene.coach
    for _ in range(limit):
        if stop():
            return True
        if coach.finished:
            return False
        if coach.note is not None:
            coach.next(scene)
        else:
            asked = coach.asking(scene)
            if asked is not None and not scene.busy():
                scene.do(dict(asked.action))
        app.step([], 50)
    return stop()


def first_move_with(scene, lesson: str) -> int:
    """The index of the player's first asked move that teaches ``lesson``."""
    for i, b in enumerate(scene.coach.beats):
        if b.kind == "move" and b.seat == HUMAN and lesson in b.lessons:
            return i
    return 0


def tutorial_shots(app) -> list[tuple[str, Callable[[], object]]]:
    """For the screenshot tour: ``(name, prepare)`` per tutorial (``tutorial-gurka``,
    ``tutorial-gurka-is``, ``tutorial-durak``).  ``prepare()`` opens that tutorial on
    ``app``'s scene stack and plays it up to the callout of one of its lessons (a move
    the player is asked to make, with the cards it points at); it returns the table
    scene, or raises RuntimeError when the callout did not come."""
    def prepare_for(rid: str) -> Callable[[], object]:
        def prepare():
            scene = app.nav.push("tutorial", rules=rid)
            target = first_move_with(scene, tutorial(rid).tour_lesson)
            coach = scene.coach
            if not run_to(app, scene, lambda: coach.step == target and coach.asking(scene) is not None):
                raise RuntimeError(f"the {rid} tutorial did not reach its tour callout")
            app.step([], 16)
            return scene
        return prepare
    return [(tutorial(rid).tour, prepare_for(rid)) for rid in TUTORIAL_IDS]
