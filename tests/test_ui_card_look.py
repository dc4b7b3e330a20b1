"""The look of the cards and the table: faces from the card art with the game's own indices
over it, large print, the backs, the felts, the painter process, a damaged install, and
the looks' settings."""

import time

import pygame
import pytest

from game import i18n
from game.engine.cards import NAMES
from game.storage.settings import Settings
from game.ui import cards as C
from game.ui import theme as T


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    C.clear_cache()
    yield
    C.configure(Settings())
    T.configure(Settings())
    C.clear_cache()


def colours(surface: pygame.Surface, rect) -> int:
    sub = surface.subsurface(rect)
    data = pygame.image.tobytes(sub, "RGB")
    return len({data[i:i + 3] for i in range(0, len(data), 3)})


def ink(surface: pygame.Surface, rect) -> pygame.Rect:
    """Where ``rect`` of the face is not the card's white (its bounding box), its edge and
    rounded corners left out."""
    rect = pygame.Rect(rect).clip(surface.get_rect().inflate(-8, -8))
    sub = surface.subsurface(rect).copy()
    mask = pygame.mask.from_threshold(sub, C.CARD_FILL, (40, 40, 40, 255))
    mask.invert()
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]).move(rect.left, rect.top) if boxes else pygame.Rect(0, 0, 0, 0)


def test_the_art_is_there_for_every_card_and_has_no_indices_of_its_own():
    from game.paths import asset
    for card in NAMES:
        text = asset("cards", f"{card}.svg").read_text(encoding="utf-8")
        lines = text.splitlines()
        assert lines[1].startswith("<svg ") and lines[-1] == "</svg>", card
        assert all(ln.startswith("<g") for ln in lines[2:-1]), card
        assert "SUIT" in text, card                    # the suits' colour is the game's
        assert "<use" not in text and "<symbol" not in text, card
        assert "translate(-114.4 -156)" not in text, card          # the corner indices
        assert "translate(-111.784 -119)" not in text, card
    assert "www.me.uk" not in asset("cards", "AS.svg").read_text(encoding="utf-8")
    licence = asset("cards", "LICENSE-cards.txt").read_text(encoding="utf-8")
    assert "Adrian Kennard" in licence and "CC0 1.0 Universal" in licence


def test_court_cards_show_their_figures_and_the_games_letters():
    i18n.set_language("sv")
    try:
        settings = Settings(card_indices="native")
        w = 120
        king = C.face("KH", w, settings)
        h = king.get_height()
        # the figure: many colours in the middle of the card (the drawn court had a handful)
        assert colours(king, (int(w * 0.3), int(h * 0.3), int(w * 0.4), int(h * 0.4))) > 200
        # the index in the corner column, in the suit's colour, as tall as the art's was
        box = ink(king, (0, 0, int(w * 0.155), int(h * 0.14)))
        assert box.height > h * 0.06 and box.right <= w * 0.16
        red = C.suit_color("H", settings)
        assert any(all(abs(king.get_at((x, y))[k] - red[k]) < 40 for k in range(3))
                   for x in range(box.left, box.right) for y in range(box.top, box.bottom))
        # the same corner turned round at the bottom right
        low = ink(king, (w - int(w * 0.155), h - int(h * 0.14), int(w * 0.155), int(h * 0.14)))
        assert abs(low.height - box.height) <= 2
        # Swedish letters: Kn is wider than J, squeezed into the same column
        knave = C.face("JS", w, settings)
        jack = C.face("JS", w, Settings(card_indices="international"))
        kn = ink(knave, (0, 0, int(w * 0.155), int(h * 0.1)))
        j = ink(jack, (0, 0, int(w * 0.155), int(h * 0.1)))
        assert kn.width > j.width and kn.right <= w * 0.16
    finally:
        i18n.set_language("en")


def test_four_colour_suits_reach_the_art():
    two = C.face("9D", 100, Settings(four_colour=False))
    four = C.face("9D", 100, Settings(four_colour=True))
    # a pip in the middle of the nine: red in two colours, blue in four
    h = two.get_height()
    spot = ink(two, (int(100 * 0.3), int(h * 0.3), 40, int(h * 0.4))).center
    assert two.get_at(spot)[:3] == pytest.approx(C.TWO["D"], abs=30)
    assert four.get_at(spot)[:3] == pytest.approx(C.FOUR["D"], abs=30)


def test_large_print_has_a_big_index_and_no_pictures():
    settings = Settings(card_size="large-print")
    w = 100
    face = C.face("KS", w, settings)
    h = face.get_height()
    box = ink(face, (0, 0, int(w * 0.5), int(h * 0.3)))
    assert box.height > w * 0.3                       # the rank alone: a third of the card wide
    art_blue = (68, 68, 255)                            # the figures' blue
    assert not any(all(abs(face.get_at((x, y))[k] - art_blue[k]) < 50 for k in range(3))
                   for x in range(0, w, 2) for y in range(0, h, 2))
    assert any(all(abs(C.face("KS", w).get_at((x, y))[k] - art_blue[k]) < 50 for k in range(3))
               for x in range(0, w, 2) for y in range(0, h, 2))
    plain = C.face("KS", w)
    assert ink(plain, (0, 0, int(w * 0.155), int(h * 0.135))).height * 2 < box.height


def test_small_cards_and_a_damaged_install_are_drawn_from_the_font(monkeypatch, tmp_path):
    small = C.face("QD", 40)
    assert small.get_size() == (40, C.height_for(40))
    broken = tmp_path / "cards"
    broken.mkdir()
    (broken / "KS.svg").write_text('<?xml version="1.0"?>\n<svg width="1">\n<g>not svg</g>\n</svg>\n')
    (broken / "QS.svg").write_bytes(b"\xff\xfe\x00garbage")
    from game import paths
    real = paths.data_dir
    from game.ui import card_art as A
    monkeypatch.setattr(A, "asset", lambda *p: (tmp_path.joinpath(*p) if p[0] == "cards" else real("assets").joinpath(*p)))
    A._art.clear()
    try:
        for card in ("KS", "QS", "JS"):               # unreadable, not UTF-8, missing
            face = C.face(card, 120)
            assert face.get_size() == (120, C.height_for(120))
            assert A._art[card] is None
    finally:
        A._art.clear()


def test_faces_from_the_painter_process_match_the_ones_drawn_here():
    settings = Settings(card_indices="international")
    jobs = []
    for card in ("KH", "7C", "AS"):
        jobs += C.face_jobs(card, 96, settings)
    assert C.painter().available
    for job in jobs:
        job()
    end = time.monotonic() + 30
    while C._asked and time.monotonic() < end:
        C.collect()
        time.sleep(0.01)
    assert not C._asked
    painted = {card: C.face(card, 96, settings).copy() for card in ("KH", "7C", "AS")}
    C.clear_cache()
    for card, img in painted.items():
        here = C.face(card, 96, settings)
        assert pygame.image.tobytes(here, "RGBA") == pygame.image.tobytes(img, "RGBA"), card
    C.shutdown()
    assert C._painter is None


def test_without_a_painter_a_face_is_drawn_a_part_at_a_time(monkeypatch):
    from game.ui import painter as P
    C.shutdown()
    monkeypatch.setattr(P.Painter, "_start", lambda self: False)
    try:
        jobs = C.face_jobs("QS", 96, {})
        assert len(jobs) > 8                           # the parts of a court card, then the card
        for job in jobs:
            job()
        parts = C.face("QS", 96).copy()
        C.clear_cache()
        whole = C.face("QS", 96)
        a, b = pygame.image.tobytes(parts, "RGB"), pygame.image.tobytes(whole, "RGB")
        assert sum(abs(x - y) for x, y in zip(a, b)) / len(a) < 1.0
    finally:
        C.shutdown()


def test_three_backs_and_the_chosen_one():
    w = 90
    backs = {style: C.back(w, style) for style in ("red", "blue", "nordic")}
    raw = {k: pygame.image.tobytes(v, "RGBA") for k, v in backs.items()}
    assert len(set(raw.values())) == 3
    from game.ui.card_backs import nordic_chart
    chart = nordic_chart()
    assert len(chart) == 35 and all(len(row) == 25 for row in chart)
    assert sum(row.count("X") for row in chart) > 100 and any("r" in row for row in chart)
    C.configure(Settings(card_back="nordic"))
    assert pygame.image.tobytes(C.back(w), "RGBA") == raw["nordic"]
    C.configure(Settings(card_back="tartan"))              # unknown: the first
    assert pygame.image.tobytes(C.back(w), "RGBA") == raw["red"]


def test_three_tables():
    size = (320, 200)
    felts = {name: T.felt(size, name) for name in T.FELT_NAMES}
    middle = {name: f.get_at((160, 100))[:3] for name, f in felts.items()}
    assert middle["green"][1] > middle["green"][2]          # green
    assert middle["blue"][2] > middle["blue"][0]            # blue
    assert middle["wood"][0] > middle["wood"][2]            # brown
    T.configure(Settings(felt="wood"))
    assert T.felt(size) is felts["wood"] and T.felt_name() == "wood"
    T.configure(Settings(felt=7))
    assert T.felt_name() == "green"


def test_the_looks_are_settings_checked_like_the_others(tmp_path, monkeypatch):
    import json

    from game.storage import settings
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    good = {"felt": "wood", "card_back": "nordic", "card_size": "large-print", "reduced_motion": True}
    settings.save(settings.Settings(**good))
    loaded = settings.load()
    assert {k: getattr(loaded, k) for k in good} == good
    bad = {"felt": "plaid", "card_back": ["red"], "card_size": 150, "reduced_motion": "yes"}
    settings.settings_path().write_text(json.dumps(bad))
    s, notice = settings.load_settings()
    assert (s.felt, s.card_back, s.card_size, s.reduced_motion) == ("green", "red", "100", False)
    assert notice is not None and notice.kind == "settings-reset"
    assert set(notice.detail.split(",")) == set(bad)
    text = str(notice)
    for name in ("Table", "Card backs", "Card size", "Reduced motion"):
        assert name in text


def test_the_painter_process_ends_with_the_game(tmp_path):
    """Closed, it stops; the game killed, it stops by itself (nothing left behind)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    code = ("import os, sys; from game.ui import cards; p = cards.painter(); assert p.ready(); "
            "print(p._proc.pid, flush=True); os._exit(0)")
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    pid = int(out.stdout.split()[0])
    end = time.monotonic() + 20
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        raise AssertionError("the painter outlived the game")
    painter = C.painter()
    assert painter.ready()
    proc = painter._proc
    C.shutdown()
    assert not proc.is_alive()
