"""Undo against AI seats: the game becomes its record replayed without the undone events,
one decision of the player at a time, back to the start of the deal."""

import json
import time

import pygame
import pytest

from game.engine import replay
from game.engine.public import table_of
from game.engine.registry import ruleset_ids
from game.ui.table.undo import DECISIONS, deal_start, undo_point


def _decisions_in_deal(state, seat=0):
    ev = state.events
    start = deal_start(ev)
    return [i for i in range(start + 1, len(ev)) if ev[i]["type"] in DECISIONS and ev[i].get("player") == seat]


def _moment(k):
    def stop(state):
        if state.to_act() != 0 or len(state.legal_actions()) < 2:
            return False
        if any(e["type"] in ("score", "game_over") for e in state.events[deal_start(state.events):]):
            return False
        return len(_decisions_in_deal(state)) >= k
    return stop


def _table(app, tmp_path, rules, stop, humans=(0,)):
    from game.ui.tour.runner import Tour
    state = Tour(app, tmp_path).game(rules, stop, humans=humans)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    return table


def _key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _same_table(a, b):
    assert a.hands == b.hands and a.counts == b.counts
    for attr in ("trick", "totals", "pairs", "stock", "discard", "out"):
        if hasattr(b, attr):
            assert getattr(a, attr) == getattr(b, attr), attr


@pytest.mark.parametrize("rules", ruleset_ids())
def test_a_deal_undone_to_its_start_equals_the_records_prefix(app, tmp_path, rules):
    table = _table(app, tmp_path, rules, _moment(3))
    record = table.host.state.record()
    events = record["events"]
    cuts = _decisions_in_deal(table.host.state)
    assert len(cuts) >= 3
    for cut in reversed(cuts):
        assert table.toolbar.undo.enabled
        app.step([_key(pygame.K_u)], 16)
        app.step([], 16)
        assert table.host.state.events == events[:cut]
        fresh = replay({**record, "events": events[:cut]})
        assert table.host.state.to_act() == fresh.to_act() == 0
        assert table.host.state.legal_actions() == fresh.legal_actions()
        _same_table(table.model, table_of(table.host.state.view(0)))   # what seat 0 may see
        assert table.shown == cut and table.my_turn()
    # back at the first decision of the deal: nothing more to take back
    assert undo_point(table.host.state.events, 0) is None
    assert not table.toolbar.undo.enabled
    app.step([_key(pygame.K_u)], 16)
    assert table.host.state.events == events[:cuts[0]]
    assert table.session["undo_used"] is True


def test_the_game_goes_on_after_an_undo_and_the_save_is_marked(app, tmp_path):
    from game.storage import saves
    table = _table(app, tmp_path, "agurk-no", _moment(2))
    click = table.toolbar.undo.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click, button=1)], 16)
    assert table.session["undo_used"] is True
    table.saver.flush()
    data = json.loads(saves.save_path("agurk-no").read_text(encoding="utf-8"))
    assert data["session"]["undo_used"] is True
    assert "undo" not in json.dumps(data["record"])
    n = len(table.host.state.events)
    legal = table.host.state.legal_actions()
    assert table.do(legal[-1])
    assert len(table.host.state.events) > n
    replay(table.host.state.record())


def test_ctrl_z_and_backspace_undo_too(app, tmp_path):
    table = _table(app, tmp_path, "durak", _moment(3))
    n = len(_decisions_in_deal(table.host.state))
    app.step([_key(pygame.K_z, pygame.KMOD_CTRL)], 16)
    app.step([_key(pygame.K_BACKSPACE)], 16)
    assert len(_decisions_in_deal(table.host.state)) == n - 2


def test_no_undo_in_hot_seat_with_two_humans(app, tmp_path):
    table = _table(app, tmp_path, "gurka-se", _moment(2), humans=(0, 1))
    app.step([], 16)
    assert not table.undo.allowed() and not table.toolbar.undo.visible
    n = len(table.host.state.events)
    table.undo()
    assert len(table.host.state.events) == n
    pause = app.nav.push("pause", table=table.handle)     # nor does its key list offer it
    app.step([], 16)
    assert pause.keys and not any("undo" in str(row) for row in pause.keys)


def test_the_pause_menu_lists_undo_where_it_is_offered(app, tmp_path):
    table = _table(app, tmp_path, "gurka-se", _moment(2))
    app.step([], 16)
    pause = app.nav.push("pause", table=table.handle)
    app.step([], 16)
    assert any("undo" in str(row) for row in pause.keys)


def test_no_undo_when_the_setting_is_off(app, tmp_path):
    app.settings.undo = False
    table = _table(app, tmp_path, "gurka-se", _moment(2))
    app.step([], 16)
    assert not table.toolbar.undo.visible and not table.undo.available()


def test_no_undo_once_the_deal_is_scored(app, tmp_path):
    from game.ui.tour.runner import buyback_offer
    table = _table(app, tmp_path, "gurka-se", buyback_offer)
    assert any(e["type"] == "play" and e["player"] == 0 for e in table.host.state.events)
    assert undo_point(table.host.state.events, 0) is None
    assert not table.undo.available()


def test_undo_point_stops_at_the_deal():
    events = [{"type": "deal", "dealer": 1, "hands": [[], []]},
              {"type": "play", "player": 0, "cards": ["2S"]},
              {"type": "play", "player": 1, "cards": ["3S"]},
              {"type": "trick", "winner": 1},
              {"type": "deal", "dealer": 0, "hands": [[], []]},
              {"type": "play", "player": 1, "cards": ["4S"]}]
    assert undo_point(events, 1) == 5
    assert undo_point(events, 0) is None
    assert undo_point(events[:4], 0) == 1
    assert undo_point(events[:4] + [{"type": "score", "penalties": [0, 1], "totals": [0, 1]}], 0) is None


def test_finished_games_go_into_the_statistics_with_their_marks(app, tmp_path):
    import sqlite3

    from game.storage import history
    from game.stats import db_path, load
    from game.ui.tour.runner import finished
    table = _table(app, tmp_path, "agurk-no", lambda s: len(_decisions_in_deal(s)) >= 2 and _moment(2)(s))
    table.undo()
    table.session["hints"] = 2
    # play the game out in-process, then show it to the end
    from game.ai.seats import make_player
    agents = [make_player("ai:easy", 40 + i) for i in range(table.n)]
    state = table.host.state
    while not finished(state):
        seat = state.to_act()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    for _ in range(400):
        if table.finished:
            break
        app.step([], 16)
        top = app.manager.top
        if type(top).__name__ == "ScoreSheetScene":
            top.go()
        elif table.timeline.held is not None:
            table.flow.go_on()          # the deal's last trick waits for the player
    assert table.finished
    table.books.flush()                 # the writer thread has kept it
    stats = load()
    assert stats.notice is None and stats.games == 1 and stats.rulesets == ["agurk-no"]
    with sqlite3.connect(db_path()) as conn:
        rows = conn.execute("SELECT undo_used, hints, duration_s, started, finished FROM games").fetchall()
    (undo_used, hints, duration, started, ended), = rows
    assert (undo_used, hints) == (1, 2)
    assert duration >= 0 and started and ended
    (kept,), notices = history.list_games()        # and among the finished games, as the player's own
    assert notices == [] and kept.mine == tuple(table.humans) and kept.rules == "agurk-no"
    assert history.load_record(kept) == (table.host.state.record(), None)


def test_the_demo_never_records(tmp_path, monkeypatch):
    from game.storage import history
    from game.stats import db_path
    from game.ui.app import App
    from game.ui.tour.runner import Tour, finished
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    pygame.init()
    demo = App(size=(1024, 640), lang="en", demo=True)
    try:
        state = Tour(demo, tmp_path).game("agurk-no", finished)
        table = demo.nav.push("table", state=state)
        table.fast_forward()
        table.game_over()
        assert table.finished
        table.books.flush()
        assert not db_path().exists() and not history.folder().exists()
    finally:
        demo.manager.clear()


def test_a_tutorial_offers_no_undo_and_no_hint_and_records_nothing(app):
    from game.storage import history
    from game.stats import db_path
    from game.ui.tutorial.scripts import TUTORIAL_IDS
    table = app.nav.push("tutorial", rules=TUTORIAL_IDS[0])
    for _ in range(3):
        app.step([], 16)
    assert not table.undo.allowed() and not table.toolbar.undo.visible
    assert not table.toolbar.hint.visible and not table.hints.available()
    table.books.finish(table.stream.record())
    table.books.flush()
    assert not db_path().exists() and not history.folder().exists()


def _texts(table):
    return [(e.seat, e.text, e.head) for e in table.log.entries]


def test_the_move_log_after_an_undo_ends_where_the_undo_went_back_to(app, tmp_path):
    table = _table(app, tmp_path, "gurka-se", _moment(3))
    record = table.host.state.record()
    app.step([_key(pygame.K_u)], 16)
    app.step([_key(pygame.K_u)], 16)
    app.step([], 16)
    cut = len(table.host.state.events)
    undone_log = _texts(table)
    app.manager.clear()
    fresh = app.nav.push("table", state=replay({**record, "events": record["events"][:cut]}))
    fresh.fast_forward()
    assert undone_log == _texts(fresh)


def test_an_undo_while_a_finished_trick_waits_goes_straight_back_to_the_players_turn(app, tmp_path):
    app.settings.trick_pause = "every"
    table = _table(app, tmp_path, "gurka-se", _moment(1))
    for _ in range(2000):           # play on until a finished trick waits for the player
        if table.flow.held():
            break
        if table.my_turn():
            table.do(table.host.state.legal_actions()[0])
        app.step([], 50)
        time.sleep(0.002)           # the AI seats think on the worker's thread
    assert table.flow.held()
    assert table.undo.available()
    app.step([_key(pygame.K_u)], 16)
    app.step([], 16)
    assert not table.flow.held()
    assert table.my_turn() and table.host.state.to_act() == 0
