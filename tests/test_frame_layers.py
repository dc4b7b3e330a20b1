"""The table draws a frame over the last one: only where something moved or a part of its
static layer changed is drawn again.  Every frame of a game must look exactly as a frame
drawn from scratch."""

import time

import pygame

from game.ui.table.scene import TableScene
from game.ui.table.layers import disjoint


def _play(app, rules: str, n: int, options: dict, frames: int, viewer_human: bool = False) -> int:
    players = [{"name": f"P{i}", "seat": "human" if (viewer_human and i == 0) else "ai:random"}
               for i in range(n)]
    table = TableScene.new(app, rules, players, options, seed=7)
    app.manager.push(table)
    app.settings.speed = "fast"
    fresh = pygame.Surface(app.screen.get_size())
    checked = partial = 0
    for i in range(frames):
        if viewer_human and table.my_turn():
            # move the mouse over the hand and click now and then: hover lifts and plays
            cards = table.hand_layout()
            if cards:
                c, r = cards[i % len(cards)]
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))], 50)
                if i % 7 == 0:
                    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                        app.step([pygame.event.Event(kind, pos=r.center, button=1)], 50)
        app.step([], 50)
        top = app.manager.top
        if top is not table:
            if getattr(top, "route", None) == "scoreboard":
                top.go()
            continue
        if i % 3 or not app.drew:
            continue
        partial += table.renderer.dirty is not None
        drawn = pygame.image.tobytes(app.screen, "RGB")
        table.renderer.layer.invalidate()           # everything drawn from scratch
        table.renderer.draw(fresh)
        assert pygame.image.tobytes(fresh, "RGB") == drawn, f"frame {i} differs"
        checked += 1
    assert partial > checked // 2, "most frames should be drawn over the last one"
    return checked


def _same_as_afresh(app, scene, fresh, i) -> None:
    """The frame on the screen equals ``scene`` drawn from scratch on ``fresh``."""
    drawn = pygame.image.tobytes(app.screen, "RGB")
    scene.renderer.layer.invalidate()
    scene.draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == drawn, f"frame {i} differs"


def test_frames_drawn_over_the_last_look_as_drawn_afresh_on_a_crowded_table(app):
    assert _play(app, "agurk-dk", 8, {"hand_size": 6}, 300) > 50


def test_frames_drawn_over_the_last_look_as_drawn_afresh_in_durak(app):
    assert _play(app, "durak", 4, {}, 240) > 40


def test_hover_and_plays_of_a_human_hand_look_as_drawn_afresh(app):
    assert _play(app, "gurka-se", 4, {}, 300, viewer_human=True) > 40


def test_a_human_durak_hand_looks_as_drawn_afresh(app):
    assert _play(app, "durak", 3, {}, 300, viewer_human=True) > 40


def test_disjoint_merges_until_no_two_rectangles_overlap():
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(40, 0, 5, 5),
             pygame.Rect(14, 14, 20, 2), pygame.Rect(0, 0, 0, 5)]
    out = disjoint(rects)
    assert all(a.collidelist([b for b in out if b is not a]) < 0 for a in out)
    covered = {(x, y) for r in rects for x in range(r.left, r.right) for y in range(r.top, r.bottom)}
    assert all(any(o.collidepoint(p) for o in out) for p in covered)
    assert len(out) == 2


def test_a_tutorial_callout_drawn_over_the_table_is_wiped_where_it_was(app):
    scene = app.nav.push("tutorial", rules="gurka-se")
    fresh = pygame.Surface(app.screen.get_size())
    checked = 0
    for i in range(240):
        keys = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")] if i % 5 == 0 else []
        app.step(keys, 50)
        if app.manager.top is not scene or not app.drew or scene.renderer.dirty is None:
            continue
        _same_as_afresh(app, scene, fresh, i)
        checked += 1
    assert checked > 20


def test_a_still_table_under_the_score_sheet_is_not_drawn_again_every_frame(app):
    players = [{"name": "P0", "seat": "human"}] + [{"name": f"P{i}", "seat": "ai:random"} for i in (1, 2, 3)]
    table = TableScene.new(app, "gurka-se", players, {}, seed=3)
    app.manager.push(table)
    app.settings.speed = "fast"
    deadline = time.monotonic() + 120     # the AI seats answer in wall time, not in frames
    while time.monotonic() < deadline:
        app.step([], 50)
        if table.my_turn() and not table.timeline.moving():
            break
        time.sleep(0.0005)
    assert table.my_turn()
    app.nav.push("scoresheet", table=table.handle)
    for _ in range(5):
        app.step([], 50)
    drawn = 0
    for _ in range(20):
        app.step([], 50)
        drawn += app.drew
    assert drawn == 0, "nothing moves: nothing is drawn"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))], 50)
    assert app.drew                       # the pointer moved: the sheet is drawn again


def test_the_replay_viewer_playing_and_stepping_back_looks_as_drawn_afresh(app):
    from pathlib import Path

    from game.ui.replay_open import open_games
    games, problems = open_games(Path(__file__).parent / "fixtures" / "golden" / "gurka-is7-4p.jsonl")
    assert games and not problems
    viewer = app.nav.push("replay", games=games)
    app.step([], 16)
    viewer.toggle_play()
    fresh = pygame.Surface(app.screen.get_size())
    checked = 0
    for i in range(400):
        keys = []
        if i % 40 == 39:        # a step back now and then, by the keyboard
            keys = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)]
        if not viewer.playing:
            viewer.toggle_play()
        app.step(keys, 50)
        if app.manager.top is not viewer or not app.drew or viewer.renderer.dirty is None or i % 3:
            continue
        _same_as_afresh(app, viewer, fresh, i)
        checked += 1
    assert checked > 30
