"""The network table as a player sees it (the windows, with the dummy driver), against a
headless peer in its own process on 127.0.0.1: the host's waiting table, a whole game with a
joiner, a dropped player; the join screen, a joiner's table that shows its own hand only, a
refusal in one line."""

from __future__ import annotations

import json
import random
import re
import signal
import time

import pygame
import pytest
from net_helpers import start_host, start_joiner, trace_lines

from game.engine import replay
from game.ui.menu import MainMenu

FRAME = 16


@pytest.fixture
def instant_ai(monkeypatch):
    from conftest import answer_at_once
    answer_at_once(monkeypatch, lambda state: random.Random(len(state.events)).choice(state.legal_actions()))


def top(app) -> str:
    return type(app.manager.top).__name__


def frames(app, n=1, events=()):
    for _ in range(n):
        app.step(list(events), FRAME)
        events = ()


def until(app, stop, seconds: float = 30.0, play=None) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if stop():
            return True
        if play is not None:
            play()
        frames(app)
        time.sleep(0.002)
    return stop()


def play_on(app, table, rng):
    """The person at the screen plays at random, overlays are passed, held tricks go on."""
    def step():
        name = top(app)
        if name == "TableScene":
            if table.my_turn() and table.stream.legal_actions():
                table.do(rng.choice(table.stream.legal_actions()))
            elif table.timeline.held is not None:
                table.flow.go_on()
        elif name in ("ScoreSheetScene", "HandoffScene"):
            scene = app.manager.top
            scene.go() if hasattr(scene, "go") else app.manager.pop()
    return step


def host_table(app, rules="gurka-se", options=None):
    players = [{"name": "Bo", "seat": "human"}, {"name": "Spelare 2", "seat": "net"},
               {"name": "Astrid", "seat": "ai:easy"}]
    table = app.nav.push("table", rules=rules, players=players, options=options or {"limit": 6}, seed=5)
    frames(app, 3)
    return table


def test_the_host_waits_for_a_joiner_then_plays_a_whole_game_with_them(app, instant_ai, tmp_path):
    table = host_table(app)
    assert top(app) == "LobbyScene"                       # the waiting table, before anyone moves
    net = table.stream.network
    assert net.hosting and re.fullmatch(r"\d{4}", net.code) and net.addresses == [f"127.0.0.1:{table.stream.net.port}"]
    assert net.waiting_for() == [1] and not table.stream.legal_actions()
    n = len(table.host.state.events)
    frames(app, 20)
    assert len(table.host.state.events) == n             # the AI waits for the start too
    joiner = start_joiner(tmp_path, table.stream.net.port, "Anna", code=net.code)
    try:
        assert until(app, lambda: not net.waiting_for())
        assert table.players[1]["name"] == "Anna"        # the seat under the box says it too
        assert net.seats()[1]["name"] == "Anna" and net.seats()[1]["link"] == "connected"
        app.manager.top.start()
        assert net.started and top(app) == "TableScene"
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, table, random.Random(2)))
        out = joiner.communicate(timeout=60)
    finally:
        joiner.kill()
    assert joiner.returncode == 0, out
    assert table.players[1]["name"] == "Anna"
    state = replay(table.host.state.record())
    assert state.is_over() and state.players[1]["seat"] == "net"
    result = app.manager.top
    assert [w.name for w in result.widgets.widgets] == ["again", "menu"]    # the host may deal again
    assert not table.undo.allowed()


def test_a_dropped_joiner_is_asked_about_and_the_computer_plays_on(app, instant_ai, tmp_path):
    table = host_table(app, "agurk-no")
    net = table.stream.network
    joiner = start_joiner(tmp_path, table.stream.net.port, "Anna", code=net.code)
    try:
        assert until(app, lambda: not net.waiting_for())
        app.manager.top.start()
        assert until(app, lambda: len(table.host.state.events) > 4, 30, play_on(app, table, random.Random(3)))
        joiner.send_signal(signal.SIGKILL)
        joiner.wait(10)
        assert until(app, lambda: top(app) == "SeatLostScene", 40, play_on(app, table, random.Random(3)))
        assert table.stream.seat_note(1) == "lost the connection"
        asked = app.manager.top
        asked.widgets.by_name("ai").activate()               # the computer plays for Anna
        assert net.seats()[1]["ai"]
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, table, random.Random(4)))
    finally:
        joiner.kill()
    assert replay(table.host.state.record()).is_over()


def test_a_lost_players_turn_is_not_said_as_thinking_while_the_table_waits(app, instant_ai, tmp_path):
    table = host_table(app, "agurk-no")
    net, server = table.stream.network, table.stream.net
    joiner = start_joiner(tmp_path, server.port, "Anna", code=net.code)
    try:
        assert until(app, lambda: not net.waiting_for())
        app.manager.top.start()
        assert until(app, lambda: len(table.host.state.events) > 4, 30, play_on(app, table, random.Random(3)))
        joiner.send_signal(signal.SIGKILL)
        joiner.wait(10)
        assert until(app, lambda: top(app) == "SeatLostScene", 40, play_on(app, table, random.Random(3)))
        app.manager.top.widgets.by_name("wait").activate()     # the table waits for Anna
        assert until(app, lambda: table.stream.to_act() == 1 and not table.busy(), 60,
                     play_on(app, table, random.Random(3)))
        frames(app, 5)
        assert top(app) in ("TableScene", "SeatLostScene")
        assert table.prompt() == "Anna lost the connection" and server.thinking() is None
        assert table.stream.to_act() == 1               # nobody plays for her
    finally:
        joiner.kill()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_waiting_table_is_as_tall_as_what_it_shows(app, size):
    app.resize(size)
    host_table(app)
    lobby = app.manager.top
    frames(app, 2)
    u = app.theme.unit(size)
    assert lobby.rows_shown == 3
    assert 0 <= lobby.fill.rect.top - lobby.rows_end <= 40 * u     # no empty half of a box


def _join(app, port: int, code: str, name: str = "Anna"):
    menu = app.manager.push(MainMenu(app))
    frames(app)
    menu.widgets.by_name("join").activate()
    join = app.manager.top
    assert top(app) == "JoinScene" and join.browser is None       # (loopback only: no looking around)
    join.w_address.value = f"127.0.0.1:{port}"
    join.w_name.value = name
    join.w_code.value = code
    join.join_btn.activate()
    return join


def test_a_joiner_sees_its_own_hand_only_and_the_game_goes_into_its_statistics(app, tmp_path):
    host, port = start_host(tmp_path, "agurk-no", 3, "net,ai:easy,ai:easy", "--seed", "3")
    try:
        _join(app, port, "1234")
        assert until(app, lambda: top(app) in ("TableScene", "LobbyScene"), 20)
        table = app.manager.stack[1]
        assert type(table).__name__ == "TableScene" and table.host is None
        assert until(app, lambda: top(app) == "TableScene" and table.shown > 0, 30)   # the deal is shown
        assert table.stream.mine == [table.viewer]
        hidden = [s for s in range(3) if s != table.viewer]
        assert all(table.model.hands[s] is None for s in hidden) and table.model.hands[table.viewer]
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, table, random.Random(5)))
        table.books.flush()
        assert host.wait(30) == 0
    finally:
        host.kill()
    from game.stats import load
    assert load().games == 1                                # the joiner's own statistics
    assert not table.undo.allowed() and not table.save_enabled


def test_a_wrong_code_is_said_in_one_line_on_the_join_screen(app, tmp_path):
    host, port = start_host(tmp_path, "agurk-no", 3, "net,ai:easy,ai:easy")
    try:
        join = _join(app, port, "9999")
        assert until(app, lambda: join.stream is None, 20)
        assert top(app) == "JoinScene" and join.status == "Wrong table code."
    finally:
        host.kill()


def test_a_joiner_whose_tries_to_reconnect_keep_failing_stops_trying_and_keeps_the_table(monkeypatch):
    """Each try is "connecting" for a while before it fails: the wait counts from the loss,
    not from the last try (the table once waited for ever when a try outlasted a frame).  After
    the wait the table stays, with Rejoin and Leave (it used to go back to the menu, with no
    way back)."""
    import types

    from game.ui.table import network as N
    clock = [0.0]
    monkeypatch.setattr(N, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))

    class Stream:
        state, problem, network, reason = "lost", "The connection to the host was lost.", object(), None
        tries: list = []

        def reconnect(self):
            self.state, self.problem = "connecting", None
            self.tries.append(clock[0])

        def rejoin(self):
            self.reconnect()
            return True

        def quiet_for(self):
            return 0.0

        def is_over(self):
            return False

    class Scene:
        stream, left, raised = Stream(), None, []

        def leave_network(self, text):
            self.left = text

        def raise_event(self, kind, **kw):
            self.raised.append(kind)

    scene = Scene()
    table = N.NetworkTable(scene)
    while clock[0] < 2 * N.RECONNECT_FOR:
        table._problems()
        clock[0] += 0.5
        if scene.stream.state == "connecting" and clock[0] % 1.0 == 0:
            scene.stream.state = "lost"           # the try failed after a frame or two
            scene.stream.problem = "Gurka cannot reach the host."
    assert scene.left is None and scene.raised == ["reconnecting"]       # the table stays
    tries = scene.stream.tries
    assert len(tries) >= 5 and tries[-1] <= N.RECONNECT_FOR + 1
    assert not table.trying() and table.trouble_text() == "Gurka cannot reach the host."
    table.rejoin()                                                       # the player's Rejoin
    assert scene.stream.state == "connecting" and table.trying() and table.trouble_text() == "Reconnecting…"


def test_a_killed_host_keeps_the_joiners_table_with_rejoin_and_leave(app, tmp_path, monkeypatch):
    monkeypatch.setattr("game.ui.table.network.RECONNECT_FOR", 3.0)    # (a killed host: it cannot say so)
    host, port = start_host(tmp_path, "agurk-no", 3, "net,ai:easy,ai:easy")
    try:
        _join(app, port, "1234")
        assert until(app, lambda: top(app) in ("TableScene", "LobbyScene"), 20)
        assert until(app, lambda: top(app) == "TableScene", 20)
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        killed = time.monotonic()
        assert until(app, lambda: top(app) == "ReconnectScene", 10)
        noticed = time.monotonic() - killed
    finally:
        host.kill()
    assert noticed < 10                                   # (at once: the socket closed)
    names = [type(s).__name__ for s in app.manager.stack]
    assert names[-2] == "TableScene"                      # the table stays under it
    box = app.manager.top
    assert until(app, lambda: not box.side.trying(), 20)   # tried by itself for a while, then waits
    frames(app, 2)
    assert box.side.trouble_text() in ("The connection to the host was lost.", "No table answers at 127.0.0.1:%d." % port)
    assert [w.name for w in box.widgets.widgets] == ["rejoin", "leave"]
    box.widgets.by_name("leave").activate()
    frames(app, 2)
    assert isinstance(app.manager.stack[0], MainMenu) and top(app) == "MainMenu"


@pytest.mark.parametrize("keep", [{"table": "x"}, {"table": "0123456789abcdef", "code": "12", "port": 1,
                                                   "tokens": {}},
                                  {"table": "0123456789abcdef", "code": "1234", "port": 1,
                                   "tokens": {"7": "a" * 20}}])
def test_a_saved_network_table_is_checked_before_it_is_opened_again(keep):
    from game.net.keepsake import checked
    from game.storage.saves import clean_session
    assert checked(keep, 3) is None
    good = {"table": "0123456789abcdef", "code": "1234", "port": 47411, "tokens": {"1": "a" * 20}}
    assert checked(good, 3) == good
    assert clean_session({"net": good}, 3)["net"] == good
    assert "net" not in clean_session({"net": ["not", "a", "table"]}, 3)


def test_enter_in_a_field_of_the_join_screen_joins(app):
    menu = app.manager.push(MainMenu(app))
    frames(app)
    menu.widgets.by_name("join").activate()
    join = app.manager.top
    join.widgets.set_focus(join.w_code)
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert join.status.startswith("Type the address")    # nothing typed yet: says what to type



def _seat_played(record_events, seat: int) -> int:
    return sum(1 for e in record_events if e.get("player") == seat and e["type"] in ("play", "exchange"))


def _acts_applied_since_last_welcome(trace) -> int:
    """The joiner's own moves the host applied on its latest connection (its trace)."""
    applied = 0
    for line in trace_lines(trace):
        msg = json.loads(line)
        if msg["type"] == "welcome":
            applied = 0
        elif msg["type"] == "update" and msg.get("done") is not None:
            applied += 1
    return applied


def _closed_by_the_host(joiner) -> None:
    out, err = joiner.communicate(timeout=30)
    assert joiner.returncode == 1 and b"The host has left" in err, err      # told, in one line


def _continue(tmp_path):
    """The host starts the game again and presses Continue: the table waits again."""
    from game.ui.app import App
    app = App(size=(1024, 640), lang="en")
    app.settings.speed = "instant"
    app.nav.push("menu")
    frames(app, 2)
    app.manager.top.widgets.by_name("continue").activate()
    frames(app, 3)
    return app


def test_the_hosts_continue_reopens_the_table_and_the_joiner_takes_its_seat_back(app, instant_ai, tmp_path):
    table = host_table(app, "agurk-no")
    net, server = table.stream.network, table.stream.net
    port, code, table_id = server.port, net.code, server.table_id
    rng = random.Random(6)
    joiner = start_joiner(tmp_path, port, "Anna", code=code)
    try:
        assert until(app, lambda: not net.waiting_for())
        app.manager.top.start()
        assert until(app, lambda: _seat_played(table.host.state.events, 1) >= 2, 60, play_on(app, table, rng))
        moves = len(table.host.state.events)
        app.on_close()                                   # the host closes the window
        _closed_by_the_host(joiner)
    finally:
        joiner.kill()
    tokens = json.loads((tmp_path / "home-Anna" / "net_seats.json").read_text())
    assert tokens[f"127.0.0.1:{port}"]["table"] == table_id     # the joiner keeps its seat's token
    apps = []
    try:
        for last in (False, True):
            again = _continue(tmp_path)
            apps.append(again)
            assert top(again) == "LobbyScene"                    # the table, waiting again
            table = again.manager.stack[1]
            net, server = table.stream.network, table.stream.net
            assert (server.port, net.code, server.table_id) == (port, code, table_id)
            assert len(table.host.state.events) == moves
            assert net.seats()[1] == {"name": "Anna", "who": "net", "link": "lost", "ai": False}
            joiner = start_joiner(tmp_path, port, "Anna", code=code)       # the same user folder
            try:
                assert until(again, lambda net=net: net.seats()[1]["link"] == "connected", 30)
                assert net.seats()[1]["name"] == "Anna" and net.waiting_for() == []
                if not last:     # the host leaves once more, before the start: the seat's new token is kept
                    assert until(again, lambda s=server: s.links[1].pending is None, 10)   # heard on its new token
                    again.on_close()
                    _closed_by_the_host(joiner)
                    continue
                again.manager.top.start()
                assert until(again, lambda a=again: top(a) == "ResultScene", 120, play_on(again, table, rng))
                out, err = joiner.communicate(timeout=60)
            finally:
                joiner.kill()
        assert joiner.returncode == 0, err
        record = table.host.state.record()
        assert replay(record).is_over() and len(record["events"]) > moves
        assert _acts_applied_since_last_welcome(tmp_path / "Anna.trace") > 0     # Anna played her seat on
        theirs = json.loads((tmp_path / "Anna.jsonl").read_text().splitlines()[0])
        assert theirs == record
    finally:
        for a in apps:
            a.manager.clear()
