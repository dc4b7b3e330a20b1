"""The screenshot tour (``python -m game --tour DIR``) in every language at two sizes: every
screen it lists is saved, and none is blank (a bare felt or a single colour)."""

import pygame
import pytest

from game.i18n import LANGUAGES

SIZES = [(1024, 640), (1920, 1080)]

#: the names of issue 11 that exist so far (the issue never drops one)
REQUIRED = ["menu", "settings", "table-durak-defend", "table-gurka-is-pair", "scoresheet", "hint", "undo", "handoff", "pause",
            "buyback", "replay-viewer", "notice-corrupt-save", "lookback", "log", "last-trick",
            "stats", "stats-empty", "tutorial-gurka", "tutorial-gurka-is", "tutorial-durak"]


_FELT: dict = {}


def _small(surface) -> bytes:
    return pygame.image.tobytes(pygame.transform.scale(surface, (128, 80)), "RGB")


def _blank(path, size) -> str | None:
    """Why the picture at ``path`` counts as blank, or None."""
    from game.ui import theme as T
    img = pygame.image.load(str(path))
    if img.get_size() != size:
        return f"size {img.get_size()}"
    pixels = _small(img)
    if size not in _FELT:
        _FELT[size] = _small(T.felt(size))
    felt = _FELT[size]
    colours = {pixels[i:i + 3] for i in range(0, len(pixels), 3)}
    differ = sum(1 for i in range(0, len(pixels), 3)
                 if abs(pixels[i] - felt[i]) + abs(pixels[i + 1] - felt[i + 1]) + abs(pixels[i + 2] - felt[i + 2]) > 40)
    if len(colours) < 12:
        return f"only {len(colours)} colours"
    if differ < 128 * 80 * 0.02:
        return "nothing but the felt"
    return None


#: every language at the smallest window; the large window in English and in Icelandic (the
#: longest words): a language changes the words on a screen, not whether it is drawn at a size,
#: and tests/test_ui_layout.py lays out every screen in every language at every size
CASES = [(lang, SIZES[0]) for lang in LANGUAGES] + [(lang, SIZES[1]) for lang in ("en", "is")]


@pytest.mark.slow
@pytest.mark.parametrize("lang, size", CASES, ids=lambda c: c if isinstance(c, str) else f"{c[0]}x{c[1]}")
def test_tour_saves_every_screen(tmp_path, lang, size):
    from game.engine.registry import ruleset_ids
    from game.ui.tour import runner as tour_mod
    t = tour_mod.tour(tmp_path, lang, size)
    assert not t.problems
    expected = tour_mod.names()
    for rules in ruleset_ids():
        for prefix in ("setup", "rules", "table", "result"):
            assert f"{prefix}-{rules}" in expected
    assert set(REQUIRED) <= set(expected)
    assert t.saved == expected
    for name in expected:
        path = tmp_path / f"{name}.png"
        assert path.is_file(), name
        why = _blank(path, size)
        assert why is None, f"{name}: {why}"


def test_a_blank_screen_is_caught(tmp_path):
    from game.ui import theme as T
    pygame.init()
    size = (1024, 640)
    pygame.image.save(T.felt(size), str(tmp_path / "felt.png"))
    black = pygame.Surface(size)
    pygame.image.save(black, str(tmp_path / "black.png"))
    assert _blank(tmp_path / "felt.png", size) == "nothing but the felt"
    assert _blank(tmp_path / "black.png", size).startswith("only")


def test_the_command_line_runs_the_tour(tmp_path, monkeypatch):
    from game import cli
    from game.ui.tour import runner as tour_mod
    seen = {}

    def fake(out, lang=None, size=None):
        seen.update(out=out, lang=lang, size=size)
        return 0
    monkeypatch.setattr(tour_mod, "run_tour", fake)
    assert cli.main(["--tour", str(tmp_path), "--lang", "is", "--size", "1920x1080"]) == 0
    assert seen == {"out": str(tmp_path), "lang": "is", "size": (1920, 1080)}


def test_the_tour_leaves_the_players_files_alone(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("GURKA_HOME", str(home))
    from game.ui.tour import runner as tour_mod
    t = tour_mod.tour(tmp_path / "shots", "en", (1024, 640), only=["menu", "notice-corrupt-save"])
    assert t.saved == ["menu", "notice-corrupt-save"]
    assert list(home.iterdir()) == []


def test_a_step_that_presses_keys_leaves_the_next_in_mouse_wording(tmp_path):
    """The keyboard wording of the line under the hand has its own step; the steps after it
    (and after the hint's H, the pause's Esc) show the table as a mouse player sees it."""
    from game.ui.tour import runner as tour_mod
    from game.ui.widget_base import InputMode
    t = tour_mod.tour(tmp_path, "en", (1024, 640), only=["table-durak-keys", "table-durak-teams"])
    assert t.saved == ["table-durak-keys", "table-durak-teams"]
    InputMode.key = True
    t.fresh()
    assert InputMode.key is False
