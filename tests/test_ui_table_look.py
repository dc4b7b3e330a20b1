"""The table's look: surfaces made at the window's resolution, soft shadows, the card being
chosen lit, stacks that look like stacks, one make of panel and button, the seat to act
marked, and no card face drawn on a frame's path for a card in flight."""

import time

import pygame
import pytest

from game.ui import cards as C
from game.ui import panels as P
from game.ui import theme as T
from game.ui.table.scene import TableScene
from game.ui.widgets import Button


@pytest.fixture()
def display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    C.clear_cache()
    T.reset_fonts()
    yield
    C.clear_cache()


def grey(c) -> int:
    return c[0] + c[1] + c[2]


def test_the_wood_is_made_at_the_windows_resolution(display):
    """The seams between the planks are crisp at 4K: a dark line with a sharp edge, not a
    line drawn small and scaled up (a soft ramp over several rows)."""
    for size in ((1280, 800), (3840, 2160)):
        wood = T.felt(size, "wood")
        w, h = size
        steps = []
        for p in range(1, 7):
            y = int(p * h / 7)
            for x in (w // 7, w // 3 + 5, w // 2 + 11):
                col = [grey(wood.get_at((x, yy))) for yy in range(y - 12, y + 12)]
                steps.append(max(abs(b - a) for a, b in zip(col, col[1:])))
        assert min(steps) >= 60, (size, steps)


def test_the_felt_has_its_fibres_at_the_pixel(display):
    """A 4K felt is textured pixel by pixel (the smooth light under it shows no bands), not a
    small felt scaled up."""
    for name in ("green", "blue"):
        felt = T.felt((3840, 2160), name)
        y = 1080
        row = [tuple(felt.get_at((x, y))[:3]) for x in range(0, 3840)]
        differ = sum(a != b for a, b in zip(row, row[1:])) / (len(row) - 1)
        assert differ > 0.8, (name, differ)
        # and the light: darker at the edge than in the middle
        assert grey(felt.get_at((20, 20))) < grey(felt.get_at((1920, 1080)))


def test_a_card_casts_a_soft_shadow(display):
    surf = pygame.Surface((400, 400))
    surf.fill((60, 120, 80))
    rect = pygame.Rect(100, 100, 120, C.height_for(120))
    C.cast_shadow(surf, rect, 1.0)
    surf.blit(C.face("AS", 120), rect)
    y = rect.centery
    beyond = [grey(surf.get_at((x, y))) for x in range(rect.right, rect.right + 12)]
    felt = grey((60, 120, 80))
    assert beyond[0] < felt - 20                      # dark close to the card
    assert beyond[-1] == felt                         # none further out
    assert all(a <= b for a, b in zip(beyond, beyond[1:]))   # fading, not a hard edge
    assert len(set(beyond)) >= 4


def _table(app, rules="gurka-se", n=4, human=True, seed=3, options=None):
    players = [{"name": f"P{i}", "seat": "human" if (human and i == 0) else "ai:random"} for i in range(n)]
    table = TableScene.new(app, rules, players, options or {}, seed=seed)
    app.manager.push(table)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (table.my_turn() and not table.timeline.moving()):
        app.step([], 50)
    assert table.my_turn()
    return table


def test_the_card_being_chosen_is_lit(app):
    table = _table(app)
    chosen = table.hand_layout()[-1][0]

    def light_above(card) -> int:
        r = dict(table.hand_layout())[card]
        return sum(grey(app.screen.get_at((x, r.top - 3))) for x in range(r.right - 12, r.right - 4))

    table.hover_card = chosen
    table.invalidate()
    app.step([], 16)
    lit = light_above(chosen)
    table.hover_card = None
    table.invalidate()
    app.step([], 16)
    assert lit > light_above(chosen) + 8 * 60         # the light round it is gone with the pointer


def test_the_seat_to_act_glows(app):
    table = _table(app)
    g = P.glow_width(table.lay.u) // 2

    def beside(seat) -> float:
        r = table.lay.seat_rect(seat)
        ys = range(r.top + 12, r.bottom - 12, 3)
        return sum(grey(app.screen.get_at((r.left - g, y))) for y in ys) / len(ys)

    table.invalidate()
    app.step([], 16)
    assert table.renderer.lit(0) and not table.renderer.lit(1)
    assert beside(0) > beside(1) + 150
    rect = table.lay.seat_rect(0)
    assert app.screen.get_at((rect.centerx, rect.top + 1))[:3] == T.FOCUS


def test_the_stock_is_a_stack_as_thick_as_it_is_high(display):
    thin, top, thin_depth = C.stack(100, 3)
    thick, top2, thick_depth = C.stack(100, 30)
    assert thick_depth > thin_depth >= 0 and top == top2
    assert thick.get_width() > thin.get_width()
    # the edges of the cards under the top one show below it
    x = top[0] + 50
    below = [thick.get_at((x, top[1] + C.height_for(100) + k)) for k in range(1, thick_depth)]
    assert all(c.a == 255 and grey(c) > 400 for c in below[:-1])     # light card edges


def test_panels_and_buttons_are_of_one_make(display):
    surf = pygame.Surface((500, 300))
    surf.fill((30, 90, 60))
    T.panel(surf, pygame.Rect(20, 20, 200, 120), 1.0)
    Button("Go", rect=(260, 20, 180, 44)).draw(surf, 1.0, False)
    for r in (pygame.Rect(20, 20, 200, 120), pygame.Rect(260, 20, 180, 44)):
        inside_top = grey(surf.get_at((r.centerx, r.top + 4)))
        inside_bottom = grey(surf.get_at((r.centerx, r.bottom - 4)))
        assert inside_top > inside_bottom + 15       # lit from above
        rim = [surf.get_at((r.centerx, r.top + k))[:3] for k in (0, 1)]
        assert any(c[0] > c[2] + 40 and grey(c) > 300 for c in rim)     # a light brass line in the rim
        shadow = min(grey(surf.get_at((r.centerx, r.bottom + k))) for k in (1, 2))
        assert shadow < grey((30, 90, 60)) - 10       # a shadow on the table under it


def test_cards_in_flight_are_drawn_from_faces_drawn_already(app, monkeypatch):
    """A sweeping trick passes through the table's small sizes: drawn from the faces at the
    table's sizes (scaled), never drawn anew (from the art or the font) on a frame's path."""
    players = [{"name": f"P{i}", "seat": "ai:random"} for i in range(8)]
    table = TableScene.new(app, "agurk-dk", players, {"hand_size": 6}, seed=11)
    app.manager.push(table)
    app.settings.speed = "normal"
    app.step([], 16)
    for card in C.ALL_CARDS:                 # what the warm-up draws ahead
        for w in (table.lay.hand_w, table.lay.table_w):
            C.face(card, w, app.settings)
    rendered = []
    for name in ("_whole_art_face", "_drawn_face"):          # from the art, or from the font
        real = getattr(C, name)
        monkeypatch.setattr(C, name, lambda card, width, settings, real=real: rendered.append((card, width))
                            or real(card, width, settings))
    swept = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and swept < 2:
        app.step([], 40)
        top = app.manager.top
        if top is not table and getattr(top, "route", None) == "scoreboard":
            top.go()
        if any(f.vanish and f.face_up and f.started(table.timeline.now) and f.progress(table.timeline.now) > 0.9
               for f in table.timeline.flights):
            swept += 1
    assert swept, "no trick swept"
    assert rendered == []
