"""Play again at the same network table (issue 63): the host deals the next game, its players
stay seated and say yes, the next game follows its rules (Durak: who deals next), and each
side keeps every game's record; nothing hidden reaches a seat in any of the games."""

from __future__ import annotations

import json
import random

import pytest
from net_helpers import known_cards, leaks, start_host, start_joiner, trace_lines
from test_net_table_ui import FRAME, frames, host_table, instant_ai, play_on, top, until  # noqa: F401

from game.engine import new_game, replay
from game.net.protocol import public_record


def _games_of(trace) -> list[list[bytes]]:
    """A joiner's trace cut into its games: a ``next`` starts the next one."""
    games: list[list[bytes]] = [[]]
    for line in trace_lines(trace):
        if json.loads(line)["type"] == "next":
            games.append([])
        games[-1].append(line)
    return games


def _seen_of(lines: list[bytes], seat: int) -> list[tuple[bytes, int]]:
    """Each line before the game's end, with how many of the game's events had come by then."""
    events = 0
    out = []
    for line in lines:
        msg = json.loads(line)
        if msg["type"] == "end":
            break
        if msg["type"] == "update":
            events += len(msg["events"])
        out.append((line, events))
    return out


def _table(app):
    return next(s for s in app.manager.stack if type(s).__name__ == "TableScene")


def test_a_headless_session_of_three_durak_games(tmp_path):
    host, port = start_host(tmp_path, "durak", 3, "ai:normal,net,net", "--games", "3", "--seed", "8")
    a = start_joiner(tmp_path, port, "Anna", "ai:easy", "--games", "3")
    b = start_joiner(tmp_path, port, "Bo", "ai:easy", "--games", "3", "--seat", "3")
    try:
        outs = [j.communicate(timeout=240) for j in (a, b)]
        assert host.wait(60) == 0
    finally:
        for p in (a, b, host):
            p.kill()
    for j, (_out, err) in zip((a, b), outs):
        assert j.returncode == 0, err
    records = [json.loads(x) for x in (tmp_path / "host.jsonl").read_text().splitlines()]
    assert [r["game"] for r in records] == [1, 2, 3]
    assert b"at seat 3" in outs[1][0]                       # the seat as the window counts it
    for before, after in zip(records, records[1:]):
        state = replay(before)
        nxt = new_game("durak", before["players"], before["options"], seed=after["seed"], game=after["game"],
                       **state.session_next())
        assert nxt.events[0] == after["events"][0]           # who deals, as the rules say
    for name, seat in (("Anna", 1), ("Bo", 2)):
        theirs = [json.loads(x) for x in (tmp_path / f"{name}.jsonl").read_text().splitlines()]
        assert theirs == [public_record(r) for r in records]
        games = _games_of(tmp_path / f"{name}.trace")
        assert len(games) == 3
        for record, lines in zip(records, games):
            assert leaks(record, seat, _seen_of(lines, seat)) == []
            assert known_cards(record, seat)


@pytest.mark.usefixtures("instant_ai")
def test_the_window_host_deals_again_and_the_joiner_stays(app, tmp_path):
    table = host_table(app, "agurk-no")
    net = table.stream.network
    joiner = start_joiner(tmp_path, table.stream.net.port, "Anna", "ai:easy", "--games", "2", code=net.code)
    rng = random.Random(7)
    try:
        assert until(app, lambda: not net.waiting_for())
        app.manager.top.start()
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, table, rng))
        first = table.host.state.record()
        result = app.manager.top
        assert [w.name for w in result.widgets.widgets] == ["again", "menu"]
        result.widgets.by_name("again").activate()
        frames(app, 3)
        second = _table(app)
        assert second is not table and top(app) == "LobbyScene"
        assert second.stream.net is table.stream.net           # the same table, still open
        assert second.session["game"] == 2 and second.host.state.game == 2
        assert until(app, lambda: second.stream.network.seats()[1]["link"] == "connected", 20)   # she said yes
        assert second.stream.network.seats()[1]["name"] == "Anna"
        app.manager.top.start()
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, second, rng))
        out, err = joiner.communicate(timeout=60)
    finally:
        joiner.kill()
    assert joiner.returncode == 0, err
    theirs = [json.loads(x) for x in (tmp_path / "Anna.jsonl").read_text().splitlines()]
    assert theirs == [public_record(first), public_record(second.host.state.record())]


def test_the_window_joiner_is_offered_the_next_game_and_plays_it(app, tmp_path):
    host, port = start_host(tmp_path, "gurka-is", 2, "ai:easy,net", "--games", "2", "--seed", "4")
    from test_net_table_ui import _join
    rng = random.Random(3)
    try:
        _join(app, port, "1234")
        assert until(app, lambda: top(app) in ("TableScene", "LobbyScene"), 20)
        table = _table(app)
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, table, rng))
        result = app.manager.top
        assert until(app, lambda: [w.name for w in result.widgets.widgets] == ["again", "menu"], 20)
        assert "deals again" in result.table_line()
        result.widgets.by_name("again").activate()
        frames(app, 3)
        second = _table(app)
        assert second is not table and second.stream is table.stream and second.session["game"] == 2
        assert until(app, lambda: top(app) == "ResultScene", 120, play_on(app, second, rng))
        assert host.wait(30) == 0
        frames(app, 5)
        assert "closed the table" in app.manager.top.table_line()
        assert [w.name for w in app.manager.top.widgets.widgets] == ["menu"]
    finally:
        host.kill()
    records = [json.loads(x) for x in (tmp_path / "host.jsonl").read_text().splitlines()]
    assert second.stream.record() == public_record(records[1])


def test_a_player_who_leaves_between_games_frees_the_seat(tmp_path):
    """A joiner that plays one game of a session leaves: the next game's seat is open again
    and the computer fills it after the wait."""
    host, port = start_host(tmp_path, "gurka-is", 2, "ai:easy,net", "--games", "2", "--start-after", "2")
    joiner = start_joiner(tmp_path, port, "Anna", "ai:easy")       # one game only
    try:
        out, err = joiner.communicate(timeout=120)
        assert joiner.returncode == 0, err
        assert host.wait(120) == 0
    finally:
        joiner.kill()
        host.kill()
    log = (tmp_path / "host.log").read_text()
    assert "Anna left the table" in log
    records = [json.loads(x) for x in (tmp_path / "host.jsonl").read_text().splitlines()]
    assert [r["game"] for r in records] == [1, 2]
    assert [r["players"][1]["name"] for r in records] == ["Anna", "Seat 2"]    # her game keeps her name
