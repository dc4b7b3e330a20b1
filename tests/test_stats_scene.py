"""The Statistics scene, headless: drawn empty and with games at 1024x640 and 1920x1080 in
every language (no text under 12 px at 1024x640), the filter, the reset that asks first and
keeps a backup, Back / Esc, and the menu's button."""

import pygame
import pytest
from stats_helpers import known

from game import i18n
from game.stats import record_game
from game.ui import theme as T

LANGS = ("sv", "da", "nb", "is", "en")


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def click(rect):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)]


def fill():
    for record, m in known():
        assert record_game(record, m) is None


@pytest.fixture
def sizes(monkeypatch):
    """Every text size the scene renders (px), with the text."""
    seen = []
    real = T.render

    def render(text, px, *a, **k):
        seen.append((round(px), text))
        return real(text, px, *a, **k)
    monkeypatch.setattr(T, "render", render)
    return seen


def open_stats(app):
    from game.ui.stats_scene import StatsScene
    sc = app.manager.push(StatsScene(app))
    sc.wait()
    app.step([], 16)
    return sc


def draw_states(app, sc):
    """Draw the scene in all its states: every filter value, the confirm step."""
    for _ in range(len(sc.w_filter.options)):
        sc.w_filter.step(1)
        app.step([], 16)
    sc.ask_reset()
    app.step([], 16)
    sc.cancel_reset()
    sc.status = "x " * 60
    app.step([], 16)


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_under_12_px_at_1024x640(app, sizes, lang):
    i18n.set_language(lang)
    try:
        sc = open_stats(app)
        assert sc.empty
        fill()
        sc.reload()
        sc.wait()
        app.step([], 16)
        assert not sc.empty and len(sc.w_filter.options) == 3
        draw_states(app, sc)
    finally:
        i18n.set_language("en")
    small = sorted({(px, t) for px, t in sizes if px < 12})
    assert not small, small[:5]
    assert sizes


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_drawn_empty_and_with_games(app, size, tmp_path):
    app.screen = pygame.display.set_mode(size)
    sc = open_stats(app)
    blank = pygame.image.tobytes(app.screen, "RGB")
    assert sc.empty and not sc.w_reset.enabled and not sc.w_filter.visible
    fill()
    sc.reload()
    sc.wait()
    app.step([], 16)
    assert pygame.image.tobytes(app.screen, "RGB") != blank
    assert sc.w_reset.enabled and sc.stats.games == 10
    for r in (sc.w_filter.rect, sc.w_reset.rect, sc.w_back.rect, sc.table_rect, sc.chart_rect):
        assert app.screen.get_rect().contains(r), r
    assert sc.chart_rect.height > 100 * T.unit(size) and sc.table_rect.bottom < sc.chart_rect.top
    draw_states(app, sc)


def test_filter_by_ruleset(app, monkeypatch):
    fill()
    sc = open_stats(app)
    from game import stats
    monkeypatch.setattr(stats, "load_figures", None)     # a filter change reads no file
    assert sc.stats.rules is None and [r.rules for r in sc.stats.rows] == ["gurka-se", "durak"]
    sc.w_filter.step(1)
    assert sc.rules == "gurka-se" and sc.stats.series.kind == "penalty"
    assert [r.opponents for r in sc.stats.rows] == ["normal", "hard", "mixed"]
    sc.w_filter.step(1)
    assert sc.rules == "durak" and sc.stats.total.times_durak == 1
    sc.w_filter.step(1)
    assert sc.rules is None and sc.stats.games == 10


def test_reset_asks_first_and_keeps_a_backup(app, tmp_path):
    fill()
    sc = open_stats(app)
    app.step(click(sc.w_reset.rect), 16)
    assert sc.confirming
    app.step([key(pygame.K_ESCAPE)], 16)               # Esc cancels the question only
    assert not sc.confirming and app.manager.top is sc and sc.stats.games == 10
    app.step(click(sc.w_reset.rect), 16)
    app.step(click(sc.w_no.rect), 16)
    assert not sc.confirming and sc.stats.games == 10
    assert not list(tmp_path.glob("stats.sqlite.backup-*"))
    app.step(click(sc.w_reset.rect), 16)
    app.step(click(sc.w_yes.rect), 16)
    sc.wait()
    backups = list(tmp_path.glob("stats.sqlite.backup-*"))
    assert len(backups) == 1 and backups[0].name in sc.status
    assert sc.empty and sc.stats.games == 0 and not sc.w_reset.enabled
    from game.stats import load
    assert load(path=backups[0]).games == 10


def test_keyboard_reset_defaults_to_cancel(app):
    fill()
    sc = open_stats(app)
    sc.ask_reset()
    app.step([key(pygame.K_RETURN)], 16)
    assert not sc.confirming and sc.stats.games == 10


def test_a_bad_file_shows_its_notice(app, tmp_path):
    (tmp_path / "stats.sqlite").write_bytes(b"not a database at all" * 10)
    sc = open_stats(app)
    assert "could not be read" in sc.status and sc.empty
    assert list(tmp_path.glob("stats.sqlite.corrupt-*"))


def fill_then(path, sql: str) -> None:
    """The known games stored, then ``sql`` run on the file (a value this game never writes)."""
    import sqlite3
    fill()
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()


def test_a_game_with_a_wrong_typed_value_is_left_out_on_the_screen(app, tmp_path):
    fill_then(tmp_path / "stats.sqlite", "UPDATE games SET penalty = 'abc' WHERE id = 1")
    sc = open_stats(app)
    assert sc.stats.games == 9 and "left out" in sc.status
    draw_states(app, sc)


def test_an_unknown_ruleset_shows_under_its_id(app, tmp_path):
    """A ruleset a newer version stored: counted, labelled by its id, filterable, no crash."""
    fill_then(tmp_path / "stats.sqlite", "UPDATE games SET rules = 'gurka-xx' WHERE id IN (1, 2)")
    sc = open_stats(app)
    assert sc.stats.games == 10 and "gurka-xx" in sc.stats.rulesets and not sc.status
    assert "gurka-xx" in [label() for _, label in sc.w_filter.options]
    draw_states(app, sc)
    sc.set_filter("gurka-xx")
    app.step([], 16)
    assert sc.stats.games == 2


def test_back_and_esc_return_to_the_menu(app):
    from game.ui.menu import MainMenu
    menu = app.manager.push(MainMenu(app))
    app.step([], 16)
    button = menu.widgets.by_name("stats")
    app.step(click(button.rect), 16)
    from game.ui.stats_scene import StatsScene
    assert isinstance(app.manager.top, StatsScene)
    app.step([key(pygame.K_ESCAPE)], 16)
    assert app.manager.top is menu
    app.step(click(menu.widgets.by_name("stats").rect), 16)
    app.step(click(app.manager.top.w_back.rect), 16)
    assert app.manager.top is menu


def test_menu_buttons_clear_the_title_with_a_save(app, tmp_path):
    from pathlib import Path
    save = Path(__file__).parent / "fixtures" / "saves" / "gurka-se-v0.1.json"
    (tmp_path / "savegame.json").write_bytes(save.read_bytes())   # "{}" is set aside by the menu
    from game.ui.menu import MainMenu
    menu = app.manager.push(MainMenu(app))
    app.step([], 16)
    rects = [w.rect for w in menu.widgets.widgets]
    assert len(rects) == 9                           # with Continue, Learn to play, Replays, Join a table
    assert rects[0].top > 640 * 0.17 + 62 + 60      # under the "Gurka" title
    assert rects[-1].bottom < 640 - 20               # above the subtitle


def test_the_foot_says_how_often_undo_and_hints_were_used(app, sizes):
    from game import i18n
    fill()
    try:
        i18n.set_language("sv")
        sc = open_stats(app)
        assert "Ångra använt i 1 parti  ·  2 tips" in [t for _px, t in sizes]
        sc.set_filter("durak")                        # none in the Durak games: no line
        sizes.clear()
        app.step([], 16)
        assert not any("Ångra" in t or "tips" in t for _px, t in sizes)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("top", [0.4, 1.0, 3.0, 6.0, 8.7, 12.0, 37.0, 140.0])
def test_the_charts_axis_labels_say_the_values_of_their_grid_lines(top):
    """Grid lines at 2.5, 7.5 (or 0.25 ...) were labelled 2, 8 (0.2 ...): rounded to whole numbers."""
    from game.stats import Series
    from game.ui.stats_chart import axis
    _top, labelled = axis(Series("penalty", [top / 2, top]))
    assert len(labelled) >= 3
    for value, text in labelled:
        assert float(text.replace(",", ".")) == pytest.approx(value), (value, text)


def test_a_win_rate_shows_100_or_0_percent_only_when_it_is():
    """249 wins in 250 games showed "100 %", 1 in 300 "0 %"."""
    from game.ui.stats_table import percent
    i18n.set_language("en")
    assert (percent(1.0), percent(0.0), percent(0.5)) == ("100 %", "0 %", "50 %")
    assert percent(249 / 250) == "99 %" and percent(1 / 300) == "1 %"
    assert percent(0.994) == "99 %" and percent(0.006) == "1 %"
