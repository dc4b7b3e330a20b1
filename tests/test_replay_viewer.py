"""The replay viewer: golden records stepped forward and back event by event (the table
shown equals the public fold of the record's prefix), deals and bouts, playing, an
unfinished game seen from its player's seat, and bad files refused as the command line
refuses them."""

import json
from pathlib import Path

import pygame
import pytest

from game.engine import load_records
from game.engine.public import table_of
from game.ui.replay_open import open_games

GOLDEN = Path(__file__).parent / "fixtures" / "golden"


def _key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _viewer(app, path):
    games, problems = open_games(path)
    assert games and not problems
    viewer = app.nav.push("replay", games=games)
    app.step([], 16)
    return viewer


def _same(a, b):
    assert a.hands == b.hands and a.counts == b.counts
    for attr in ("trick", "totals", "sheet", "pairs", "stock", "discard", "out", "bought"):
        if hasattr(b, attr):
            assert getattr(a, attr) == getattr(b, attr), attr


@pytest.mark.parametrize("name", ["gurka-se-4p.jsonl", "durak-3p.jsonl", "gurka-is7-4p.jsonl"])
def test_stepping_forward_and_back_through_a_golden_record(app, name):
    record = load_records((GOLDEN / name).read_text(encoding="utf-8"))[0]
    viewer = _viewer(app, GOLDEN / name)
    assert viewer.open_hands and viewer.events == record["events"]
    n = len(record["events"])
    assert viewer.shown == 0
    for k in range(1, n + 1):
        app.step([_key(pygame.K_RIGHT)], 16)
        assert viewer.shown == k
        _same(viewer.model, table_of(record, upto=k))
    assert viewer.finished
    app.step([_key(pygame.K_RIGHT)], 16)
    assert viewer.shown == n
    for k in range(n - 1, -1, -1):
        app.step([_key(pygame.K_LEFT)], 16)
        assert viewer.shown == k
        _same(viewer.model, table_of(record, upto=k))
    assert not viewer.finished
    app.step([_key(pygame.K_END)], 16)
    assert viewer.shown == n
    app.step([_key(pygame.K_HOME)], 16)
    assert viewer.shown == 0


def test_jumping_from_deal_to_deal_and_bout_to_bout(app):
    record = load_records((GOLDEN / "gurka-se-4p.jsonl").read_text(encoding="utf-8"))[0]
    deals = [i for i, e in enumerate(record["events"]) if e["type"] == "deal"]
    viewer = _viewer(app, GOLDEN / "gurka-se-4p.jsonl")
    for i in deals:
        app.step([_key(pygame.K_PAGEDOWN)], 16)
        assert viewer.shown == i + 1 and viewer.model.deals == deals.index(i) + 1
    app.step([_key(pygame.K_PAGEUP)], 16)
    assert viewer.shown == deals[-2] + 1
    app.manager.clear()
    durak = _viewer(app, GOLDEN / "durak-2p.jsonl")
    bouts = durak.starts
    assert len(bouts) > 3
    for b in bouts[:3]:
        durak.chapter(1)
        assert durak.shown == b + 1 and durak.events[b]["type"] == "attack"
        assert durak.model.bouts and len(durak.model.bouts) == bouts.index(b) + 1


def test_playing_at_a_chosen_speed_to_the_end(app):
    viewer = _viewer(app, GOLDEN / "agurk-no-3p-optional.jsonl")
    for _ in range(4):
        app.step([_key(pygame.K_PLUS)], 16)
    assert viewer.speed() == pytest.approx(0.25)
    app.step([_key(pygame.K_SPACE)], 16)
    assert viewer.playing
    for _ in range(20000):
        if not viewer.playing:
            break
        app.step([], 50)
    assert viewer.shown == len(viewer.events) and viewer.finished
    click = viewer.b_back.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click, button=1)], 16)
    assert viewer.shown == len(viewer.events) - 1


def test_an_unfinished_game_is_seen_from_its_players_seat(app, tmp_path):
    from game.engine import new_game
    players = [{"name": "Me", "seat": "human"}, {"name": "A", "seat": "ai:easy"},
               {"name": "B", "seat": "ai:easy"}]
    state = new_game("agurk-no", players, seed=5)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"format": "gurka-save/1", "record": state.record(), "session": {}}),
                    encoding="utf-8")
    viewer = _viewer(app, path)
    assert not viewer.open_hands and viewer.viewer == 0
    assert viewer.events == state.view(0)["events"]
    viewer.goto(len(viewer.events))
    assert sorted(viewer.model.hands[0]) == sorted(state.view(0)["hand"])
    assert viewer.model.hands[1] is None and viewer.model.hands[2] is None
    assert "Me" in viewer.prompt()


def _cli_refusal(path, capsys) -> str:
    from game import cli
    cli.main(["replay", str(path)])
    return capsys.readouterr().err.strip().splitlines()[0]


@pytest.mark.parametrize("content", [None, b"", b"not json at all", b'{"format": "gurka-record/1"}',
                                     b'{"format": "gurka-save/1", "record": 3}',
                                     b'[1, 2, 3]'])
def test_bad_files_are_refused_as_the_command_line_refuses_them(tmp_path, capsys, content):
    path = tmp_path / "game.jsonl"
    if content is not None:
        path.write_bytes(content)
    games, problems = open_games(path)
    assert not games and problems
    assert problems[0].text == _cli_refusal(path, capsys)


@pytest.mark.parametrize("content, code", [
    (b"not json at all", "not_record"), (b"[1, 2]", "not_record"), (b"", "not_record"),
    (b'{"format": "gurka-record/7", "game": 1}', "newer"),
    (b'{"format": "gurka-record/1", "events": []}', "damaged"),
    (b'{"format": "gurka-record/1", "game": 0}', "out_of_range"),
])
def test_refusals_say_what_kind_of_problem_a_file_has(tmp_path, content, code):
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    games, problems = open_games(path)
    assert not games and problems[0].code == code and problems[0].file == "game.jsonl"


def test_a_record_whose_moves_do_not_replay_is_refused_for_its_moves(tmp_path):
    record = load_records((GOLDEN / "durak-3p.jsonl").read_text(encoding="utf-8"))[0]
    record["events"] = record["events"][:5] + [{"type": "nonsense"}]
    path = tmp_path / "moves.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    games, problems = open_games(path)
    assert not games and problems[0].code == "bad_moves"


def test_a_refused_file_says_so_on_screen_by_its_name_in_the_players_language(app, tmp_path):
    from game import i18n
    from game.ui.replays import open_in_viewer
    path = tmp_path / "bad.json"
    path.write_text('{"format": "gurka-record/1", "game": 0}', encoding="utf-8")
    i18n.set_language("sv")
    try:
        assert not open_in_viewer(app, path)
        top = app.manager.top
        assert type(top).__name__ == "MessageScene"
        assert "bad.json" in top.text and str(tmp_path) not in top.text
        # the engine's reason too, in the player's language (not "game must be a whole number")
        assert "game must be" not in top.text + top.detail and "Partinumret" in top.detail
        assert "kan inte" in top.text.lower() or "går inte" in top.text.lower()
    finally:
        i18n.set_language("en")


def test_the_last_finished_game_of_an_older_version_from_the_menu(app, tmp_path):
    """The last_game.json an older version kept is moved among the finished games, and the
    keys alone open it: Replays, Enter (the finished games), Enter (the game)."""
    record = load_records((GOLDEN / "durak-3p.jsonl").read_text(encoding="utf-8"))[0]
    (tmp_path / "last_game.json").write_text(json.dumps(record), encoding="utf-8")
    app.nav.push("menu")
    app.step([], 16)
    app.manager.top.widgets.by_name("replays").activate()
    app.step([], 16)
    menu = app.manager.top
    assert type(menu).__name__ == "ReplayMenu"
    app.step([_key(pygame.K_RETURN)], 16)
    listed = app.manager.top
    assert type(listed).__name__ == "HistoryScene" and len(listed.games) == 1
    assert not (tmp_path / "last_game.json").exists()
    app.step([_key(pygame.K_RETURN)], 16)
    menu.wait()                      # read and checked on a thread of its own
    app.step([], 16)
    viewer = app.manager.top
    assert type(viewer).__name__ == "ReplayTable" and viewer.events == record["events"]
    app.step([_key(pygame.K_ESCAPE)], 16)
    assert app.manager.top is listed


def test_the_file_picker_lists_records_and_folders(app, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.jsonl").write_text("x", encoding="utf-8")
    (tmp_path / "b.txt").write_text("x", encoding="utf-8")
    (tmp_path / ".hidden.json").write_text("x", encoding="utf-8")
    chosen = []
    picker = app.nav.push("open-file", on_choose=chosen.append, start=str(tmp_path))
    app.step([], 16)
    assert [(k, p.name) for k, p in picker.entries] == [("up", tmp_path.parent.name), ("dir", "sub"),
                                                       ("file", "a.jsonl")]
    app.step([_key(pygame.K_DOWN)], 16)
    app.step([_key(pygame.K_RETURN)], 16)
    assert picker.folder == tmp_path / "sub"
    app.step([_key(pygame.K_BACKSPACE)], 16)
    assert picker.folder == tmp_path
    app.step([_key(pygame.K_DOWN), _key(pygame.K_DOWN)], 16)
    app.step([_key(pygame.K_RETURN)], 16)
    assert chosen == [tmp_path / "a.jsonl"] and app.manager.top is not picker


def test_the_control_bar_shows_its_buttons_over_its_panel(app):
    """The bar's panel is drawn under its buttons: drawing a button again over the frame
    changes nothing (the panel once covered them, so they were barely visible)."""
    viewer = _viewer(app, GOLDEN / "gurka-se-4p.jsonl")
    surface = pygame.Surface((1024, 640))
    viewer.draw(surface)
    u = viewer.lay.u
    from game.ui.widgets import Button
    buttons = [w for w in viewer.widgets.widgets
               if isinstance(w, Button) and w.rect is not None and w.rect.colliderect(viewer.bar_rect)]
    assert len(buttons) >= 5
    for w in buttons:
        again = surface.copy()
        w.draw(again, u, False)
        before = pygame.image.tobytes(surface.subsurface(w.rect), "RGB")
        assert pygame.image.tobytes(again.subsurface(w.rect), "RGB") == before, w


def test_a_file_of_several_records_shows_which_and_moves_between_them(app, tmp_path):
    """Every record of a file can be watched: the bar says which one is shown and
    Ctrl+Page Down / Up (or the bar's Record row) move between them (only the first
    could be seen)."""
    names = ["gurka-se-4p.jsonl", "durak-3p.jsonl", "gurka-is7-4p.jsonl"]
    records = [load_records((GOLDEN / n).read_text(encoding="utf-8"))[0] for n in names]
    path = tmp_path / "three.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    viewer = _viewer(app, path)
    assert viewer.events == records[0]["events"]
    assert viewer.w_record.value_text == "1 of 3"
    app.step([_key(pygame.K_PLUS)], 16)
    app.step([_key(pygame.K_PAGEDOWN, pygame.KMOD_LCTRL)], 16)
    second = app.manager.top
    assert type(second).__name__ == "ReplayTable" and second.events == records[1]["events"]
    assert second.w_record.value_text == "2 of 3" and second.shown == 0
    assert second.rate_index == viewer.rate_index
    app.step([_key(pygame.K_RIGHT)], 16)
    _same(second.model, table_of(records[1], upto=1))
    second.draw(pygame.Surface((1024, 640)))
    assert second.w_record.rect.bottom <= second.b_play.rect.top <= second.b_play.rect.bottom <= 640
    click = second.w_record._value_rect(second.lay.u).midright
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(click[0] - 5, click[1]), button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(click[0] - 5, click[1]), button=1)], 16)
    third = app.manager.top
    assert third.events == records[2]["events"] and third.w_record.value_text == "3 of 3"
    app.step([_key(pygame.K_PAGEDOWN, pygame.KMOD_LCTRL)], 16)
    assert app.manager.top is third
    app.step([_key(pygame.K_PAGEUP, pygame.KMOD_LCTRL)] * 2, 16)
    assert app.manager.top.events == records[0]["events"]
    app.step([_key(pygame.K_ESCAPE)], 16)
    assert type(app.manager.top).__name__ != "ReplayTable"


def test_a_file_of_one_record_has_no_record_row(app):
    viewer = _viewer(app, GOLDEN / "agurk-no-3p-optional.jsonl")
    assert viewer.w_record is None
    app.step([_key(pygame.K_PAGEDOWN, pygame.KMOD_LCTRL)], 16)
    assert app.manager.top is viewer


def test_the_end_of_a_record_says_its_result_and_the_score_sheet_has_the_game(app):
    """At the end of a replayed game the line under the table names the winner (Durak: the
    durak) and the score sheet counts the game once, however often the end is reached;
    a step back and neither is there (the sheet said no game had ended yet)."""
    from game.ui.table.sheet import durak_log
    record = load_records((GOLDEN / "durak-3p.jsonl").read_text(encoding="utf-8"))[0]
    end = record["events"][-1]
    losers = end["losing_team"] or [end["loser"]]
    viewer = _viewer(app, GOLDEN / "durak-3p.jsonl")
    for _ in range(2):
        app.step([_key(pygame.K_END)], 16)
        assert viewer.finished and durak_log(viewer.session, viewer.n) == [losers]
        assert viewer.prompt() and viewer.prompt() == viewer.part.result()[0]
        assert viewer.players[losers[0]]["name"] in viewer.prompt()       # no seat is "You" here
        sheet = viewer.handle.score_sheet()
        assert len(sheet.rows) == 1
        app.step([_key(pygame.K_LEFT)], 16)
        assert not viewer.finished and viewer.prompt() == ""
        assert durak_log(viewer.session, viewer.n) == [] and not viewer.handle.score_sheet().rows
    for _ in range(2):
        app.step([_key(pygame.K_RIGHT)], 16)
    assert viewer.finished and durak_log(viewer.session, viewer.n) == [losers]
    gurka = _viewer(app, GOLDEN / "gurka-is7-4p.jsonl")
    app.step([_key(pygame.K_END)], 16)
    assert gurka.prompt() == gurka.part.result()[0] and gurka.prompt()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_open_hands_of_the_lower_side_seats_keep_clear_of_the_discard_pile(app, size):
    """A seat low beside the middle shows its cards below its panel: above it, a row of six
    cards lay over the Durak discard pile and its name (6 players at 1024x640)."""
    from game.ui import theme as T
    viewer = _viewer(app, GOLDEN / "durak-6p-3v3-nb.jsonl")
    viewer.layout(size)
    lay = viewer.lay
    dx, dy = lay.discard_pos()
    pile = pygame.Rect(0, 0, int(lay.table_h * 1.2), int(lay.table_h * 1.2))
    pile.center = (dx, dy)
    pile.union_ip(pygame.Rect(dx - int(30 * lay.u), dy + lay.table_h // 2, int(60 * lay.u), int(30 * lay.u)))
    surface = pygame.Surface(size)
    lower = [s for s in range(1, viewer.n) if lay.seat_rect(s).top > lay.center[1]]
    assert lower
    for s in lower:
        area = viewer.renderer.open_fan(surface, lay.seat_rect(s), ["6S", "6C", "7D", "QS", "AS", "8H", "9H"])
        assert not area.colliderect(pile), (s, area, pile)
        assert lay.seat_rect(s).bottom < area.bottom <= size[1] - int(64 * T.unit(size))


@pytest.mark.parametrize("name", ["durak-5p-nb-max5.jsonl", "durak-6p-3v3-nb.jsonl"])
@pytest.mark.parametrize("lang", ["da", "is", "en"])
def test_the_discard_piles_name_is_not_under_a_seats_panel(app, name, lang):
    """With 5-6 players at 1024x640 the panel of the seat beside the discard pile covered
    the end of its name ("Kastebunke", "Kastbunki"), in the viewer and at the table."""
    from game import i18n
    i18n.set_language(lang)
    try:
        viewer = _viewer(app, GOLDEN / name)
        for size in [(1024, 640), (1920, 1080), (1280, 720)]:
            viewer.layout(size)
            lay = viewer.lay
            dx, dy = lay.discard_pos()
            r = viewer.part.discard_label(pygame.Surface(size), (dx, dy + lay.table_h // 2 + int(10 * lay.u)))
            assert r.width > 20
            assert not any(r.colliderect(lay.seat_rect(s)) for s in range(viewer.n)), (size, r)
    finally:
        i18n.set_language("en")


def test_a_record_left_out_of_a_file_is_named_by_its_place(app, tmp_path):
    """The note on a file's records left out says which record (the engine's reason alone
    named the record's game number, "game 1", which every record of the file may have)."""
    from game.ui.replays import open_in_viewer
    good = load_records((GOLDEN / "durak-3p.jsonl").read_text(encoding="utf-8"))[0]
    bad = json.loads(json.dumps(good))
    bad["events"] = bad["events"][:5] + [{"type": "nonsense"}]
    path = tmp_path / "some.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (good, good, bad)), encoding="utf-8")
    assert open_in_viewer(app, path)
    note = app.manager.top
    assert type(note).__name__ == "MessageScene" and note.detail.startswith("Record 3: Event 6: ")
