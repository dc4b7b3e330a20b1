"""A joiner against a hostile host (127.0.0.1): garbage, lines over the limit, events the rules
do not allow, views that contradict each other, silence, another protocol version.  The
joiner ends with one line (``problem``) and its own files are untouched."""

from __future__ import annotations

import json
import time

import pytest
from net_fakes import SHORT, FakeHost

from game.engine import new_game
from game.net import protocol as P
from game.net.client import NetStream
from game.net.tokens import TokenStore


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    files = {"settings.json": '{"language": "sv"}\n', "savegame.json": '{"format": "gurka-save/1"}\n',
             "stats.sqlite3": "not touched"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    yield tmp_path
    for name, text in files.items():          # the player's own files are as they were
        assert (tmp_path / name).read_text() == text
    assert {p.name for p in tmp_path.iterdir()} <= set(files) | {"net_seats.json"}


GAME = new_game("gurka-se", [{"name": "Host", "seat": "human"}, {"name": "Anna", "seat": "net"},
                             {"name": "P2", "seat": "ai:easy"}], None, seed=11)
SEAT = 1
for _ in range(8):                      # a few cards into the first deal
    GAME.apply(GAME.legal_actions()[0])


def line(message: dict) -> bytes:
    return P.encode(message)


def welcome(**change) -> bytes:
    msg = P.welcome("0123456789abcdef", SEAT, "T" * 32, "Host", GAME)
    msg.update(change)
    return line(msg)


def status(started=True) -> bytes:
    seats = [{"name": p["name"], "who": "net" if s == SEAT else "host", "link": "connected" if s == SEAT else None,
              "ai": False} for s, p in enumerate(GAME.players)]
    return line({"type": "status", "started": started, "seats": seats, "thinking": None})


def update(start: int, events: list, to_act=0, legal=()) -> bytes:
    return line(P.update(start, events, to_act, list(legal)))


def my_view() -> list:
    return GAME.view(SEAT)["events"]


def run(script, seconds: float = 4.0, **kw) -> NetStream:
    fake = FakeHost(script)
    stream = NetStream("127.0.0.1", fake.port, "Anna", "1234", limits=SHORT, tokens=TokenStore(), **kw)
    end = time.monotonic() + seconds
    while time.monotonic() < end and stream.state not in ("refused", "closed", "broken", "lost", "over"):
        stream.poll()
        time.sleep(0.01)
    stream.close()
    fake.close()
    return stream


def test_an_honest_script_is_accepted(home):
    """The fake host itself is honest when told to be (so the refusals below are the checks')."""
    s = run(lambda h: [welcome(), status(), update(0, my_view()[:4])], seconds=1.0)
    assert s.state == "joined" and s.problem is None and len(s.events) == 4


@pytest.mark.parametrize("garbage", [b"\x00\xff garbage\n", b"[1,2,3]\n", b'{"type":"welcome"}\n',
                                     b'{"type":"update","from":0}\n'])
def test_garbage_breaks_the_link(home, garbage):
    s = run(lambda h: [garbage])
    assert s.state == "broken" and s.problem.startswith("The host sent something")


def test_a_line_over_the_limit(home):
    s = run(lambda h: [welcome(), b'{"type":"ping","x":"' + b"A" * (SHORT.host_line + 10) + b'"}\n'])
    assert s.state == "broken"


def test_another_protocol_version_names_both(home):
    s = run(lambda h: [line({"type": "refused", "reason": "protocol", "protocol": "gurka-net/9",
                             "text": "no"})])
    assert s.state == "refused" and "gurka-net/9" in s.problem and P.PROTOCOL in s.problem
    s = run(lambda h: [welcome(protocol="gurka-net/7")])
    assert s.state == "refused" and "gurka-net/7" in s.problem and P.PROTOCOL in s.problem


def test_a_wrong_code_is_one_line(home):
    s = run(lambda h: [line(P.refused("wrong_code", "wrong"))])
    assert s.state == "refused" and s.problem == "Wrong table code."


def _with(events: list) -> bytes:
    return update(0, events)


def _others_card() -> str:
    deal = GAME.events[0]
    return deal["hands"][0][0]


@pytest.mark.parametrize("name,events", [
    ("another seat's hand shown", lambda v: [GAME.events[0]]),
    ("a play of a card this seat holds", lambda v: [v[0], {"type": "play", "player": 0,
                                                          "cards": [v[0]["hands"][SEAT][0]]}]),
    ("a card played twice", lambda v: [v[0], {"type": "play", "player": 0, "cards": [_others_card()]},
                                       {"type": "play", "player": 2, "cards": [_others_card()]}]),
    ("a seat not at the table", lambda v: [v[0], {"type": "play", "player": 7, "cards": ["2C"]}]),
    ("a play before the deal", lambda v: [{"type": "play", "player": 0, "cards": ["2C"]}]),
    ("a trick won by a seat that did not play", lambda v: [v[0], {"type": "play", "player": 0,
                                                                 "cards": [_others_card()]},
                                                          {"type": "trick", "winner": 2}]),
    ("an event of another game", lambda v: [v[0], {"type": "attack", "player": 0, "cards": ["6C"]}]),
])
def test_events_that_break_the_rules(home, name, events):
    s = run(lambda h: [welcome(), status(), _with(events(my_view()))])
    assert s.state == "broken", name
    assert s.problem.startswith("The host sent something")


def test_views_that_contradict_each_other(home):
    v = my_view()
    s = run(lambda h: [welcome(), status(), update(0, v[:2]), update(5, v[5:7])])
    assert s.state == "broken" and "events from 5" in s.problem
    hand = v[0]["hands"][SEAT]
    other = next(c for c in ("2C", "3C", "4C", "5C", "6C", "AS") if c not in hand)
    s = run(lambda h: [welcome(), status(), update(0, v[:1], to_act=SEAT,
                                                    legal=[{"type": "play", "cards": [other]}])])
    assert s.state == "broken" and "does not hold" in s.problem
    s = run(lambda h: [welcome(), status(), update(0, v[:1], to_act=0, legal=[{"type": "play", "cards": [hand[0]]}])])
    assert s.state == "broken" and "not this seat's turn" in s.problem


def test_an_end_record_that_differs_from_what_was_sent(home):
    from game.ai.seats import make_player
    state = new_game("gurka-se", GAME.players, None, seed=11)
    agents = [make_player("ai:random", seed=i) for i in range(3)]
    while not state.is_over():
        seat = state.to_act()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    record = state.record()
    mine = state.view(SEAT)["events"]
    honest = run(lambda h: [welcome(), status(), update(0, mine, to_act=None), line({"type": "end", "record": record})])
    assert honest.state == "over" and honest.record() == record
    bent = json.loads(json.dumps(record))
    bent["events"][-1] = {"type": "game_over", "winners": [0]} if bent["events"][-1].get("winners") != [0] \
        else {"type": "game_over", "winners": [2]}
    s = run(lambda h: [welcome(), status(), update(0, mine, to_act=None), line({"type": "end", "record": bent})])
    assert s.state == "broken" and s.record() is None
    s = run(lambda h: [welcome(), status(), update(0, mine[:-3], to_act=None), line({"type": "end", "record": record})])
    assert s.state == "broken" and "differs" in s.problem


def test_silence_before_the_welcome(home):
    started = time.monotonic()
    s = run(lambda h: [])
    assert s.state == "lost" and s.problem == "The connection to the host was lost."
    assert time.monotonic() - started < SHORT.connect + 2


def test_silence_after_the_welcome(home):
    s = run(lambda h: [welcome(), status()], seconds=SHORT.silence + 2)
    assert s.state == "lost"


def test_nobody_at_the_address(home):
    import socket
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()                   # a port nobody listens on
    s = NetStream("127.0.0.1", port, "Anna", "1234", limits=SHORT)
    end = time.monotonic() + 3
    while time.monotonic() < end and s.state == "connecting":
        s.poll()
        time.sleep(0.01)
    s.close()
    assert s.state == "lost" and s.problem == f"No table answers at 127.0.0.1:{port}."


def test_the_host_leaving_is_one_clear_line(home):
    s = run(lambda h: [welcome(), status(), line(P.closed("host_left", "bye"))])
    assert s.state == "closed" and s.problem == "The host has left: the table is closed."
