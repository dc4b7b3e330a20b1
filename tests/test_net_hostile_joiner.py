"""The host against hostile joiners (127.0.0.1, short limits): each gets a clear refusal or
is dropped, nothing in the game changes but what an honest seat does, and the game goes on
with the other seats.  Each test fails when its defence is taken away."""

from __future__ import annotations

import socket
import sys
import time

import pytest
from net_fakes import SHORT, FirstLegal, Raw, joined, make_table, pump

from game.net import protocol as P
from game.net.client import NetStream


@pytest.fixture
def table():
    host, table = make_table()
    yield host, table, table.port
    table.close()
    host.close()


def _events(host) -> int:
    return len(host.state.events)


def test_garbage_bytes_are_refused_and_dropped(table):
    host, t, port = table
    peer = Raw(port)
    peer.send(b"\x00\xff\xfe garbage \x1b[31m\n")
    assert pump(t, 2, lambda: peer.first("refused"))
    assert peer.first("refused")["reason"] == "bad_message"
    pump(t, 0.2, lambda: peer.eof)
    assert peer.eof                       # dropped
    assert [lk.link for lk in t.links.values()] == ["open", "open"]


def test_a_line_over_the_limit_is_dropped_unread(table):
    host, t, port = table
    peer = Raw(port)
    peer.send(b'{"type":"hello","name":"' + b"A" * (SHORT.joiner_line * 4) + b'"}\n')
    assert pump(t, 2, lambda: peer.first("refused"))
    assert peer.first("refused")["reason"] == "too_long"
    assert t.counts["messages"] == 0      # nothing of it reached the main loop


@pytest.mark.parametrize("message", [
    {"type": "hello", "protocol": P.PROTOCOL, "name": 5, "code": "1234"},
    {"type": "hello", "protocol": P.PROTOCOL, "name": "Anna", "code": "1234", "admin": True},
    {"type": "hello", "protocol": P.PROTOCOL, "name": "Anna", "code": 1234},
    {"type": "act", "id": 1, "at": 0, "action": {"type": "play", "cards": ["AS"]}},
    ["hello"],
])
def test_a_valid_line_of_the_wrong_shape_is_refused(table, message):
    host, t, port = table
    peer = Raw(port)
    peer.send((__import__("json").dumps(message) + "\n").encode())
    assert pump(t, 2, lambda: peer.first("refused"))
    assert peer.first("refused")["reason"] == "bad_message"
    assert all(lk.link == "open" for lk in t.links.values())


def test_a_seated_joiner_sending_a_bad_message_is_dropped_and_its_seat_kept(table):
    host, t, port = table
    peer, welcome = joined(t, port)
    peer.send({"type": "act", "id": "one", "at": 0, "action": {"type": "pass"}})
    assert pump(t, 2, lambda: peer.first("closed"))
    assert peer.first("closed")["reason"] == "bad_message"
    assert pump(t, 2, lambda: t.links[welcome["seat"]].link == "lost")
    assert [n.kind for n in t.take_notices()] == ["joined", "lost"]


def test_a_slow_sender_is_dropped_after_the_handshake_time(table):
    host, t, port = table
    peer = Raw(port)
    started = time.monotonic()
    for ch in b'{"type":"hello"':
        peer.send(bytes([ch]))
        pump(t, 0.1)
        if peer.eof or peer.first("refused"):
            break
    assert peer.first("refused")["reason"] == "too_slow"
    assert time.monotonic() - started < SHORT.handshake + 1.0


def test_two_hundred_connections_at_once(table):
    """The connections over the limit are turned away at once; the seated joiner plays on."""
    host, t, port = table
    player = NetStream("127.0.0.1", port, "Anna", "1234", limits=SHORT)   # pings by itself
    assert pump(t, 3, lambda: player.poll() or player.state == "joined")
    seat = player.seat
    junk = []
    for _ in range(200):
        try:
            junk.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        except OSError:
            pass
    worst = 0.0
    end = time.monotonic() + 0.5
    while time.monotonic() < end:
        t0 = time.perf_counter()
        t.poll()
        worst = max(worst, time.perf_counter() - t0)
        time.sleep(0.005)
    assert t.counts["refused"] >= 150          # busy: the oldest silent ones make room for newer
    assert len([c for c in t._conns if not c.proven and not c.closed]) <= SHORT.connections
    assert worst < 0.25
    for s in junk:
        s.close()
    pump(t, SHORT.handshake + 0.3)
    assert t.links[seat].link == "connected"        # the seated joiner is still there
    other, w2 = joined(t, port, "Bo")               # and the door works again
    assert w2["seat"] != seat
    player.close()


def _start_and_wait_turn(t, peers):
    t.start("ai:easy")
    pump(t, 2, lambda: any(p.first("update") for p in peers))


def _last_update(peer) -> dict:
    return [m for m in peer.messages() if m["type"] == "update"][-1]


def test_acting_for_another_seat_out_of_turn_and_twice_is_refused(table):
    host, t, port = table
    a, wa = joined(t, port, "Anna")
    b, wb = joined(t, port, "Bo")
    _start_and_wait_turn(t, (a, b))
    assert pump(t, 5, lambda: host.to_act() in (wa["seat"], wb["seat"]))
    pump(t, 0.2)
    me, peer = (wa, a) if host.to_act() == wa["seat"] else (wb, b)
    other_peer = b if peer is a else a
    before = _events(host)
    legal = host.legal_actions(me["seat"])
    # out of turn: the other joiner tries the same action
    other_peer.send(P.act(1, before, legal[0]))
    # for another seat: the seat to act's action, claimed with the other joiner's player field
    other_peer.send(P.act(2, before, {**legal[0], "player": me["seat"]}))
    assert pump(t, 2, lambda: len([m for m in other_peer.messages() if m["type"] == "refusal"]) == 2)
    codes = [m["code"] for m in other_peer.messages() if m["type"] == "refusal"]
    assert codes == ["not_your_turn", "not_your_seat"]
    assert _events(host) == before
    # twice: the same act (same id) sent again, and an act on a position that has moved on
    peer.send(P.act(7, before, legal[0]))
    peer.send(P.act(7, before, legal[0]))
    assert pump(t, 2, lambda: peer.first("refusal"))
    assert peer.first("refusal")["code"] == "duplicate"
    after = _events(host)
    assert after > before
    if host.to_act() == me["seat"]:
        peer.send(P.act(8, before, host.legal_actions(me["seat"])[0]))
        assert pump(t, 2, lambda: [m for m in peer.messages() if m["type"] == "refusal"][1:])
        assert [m for m in peer.messages() if m["type"] == "refusal"][1]["code"] == "stale"
    assert _events(host) >= after


def test_an_illegal_action_is_judged_on_a_copy(table):
    host, t, port = table
    a, wa = joined(t, port, "Anna")
    b, wb = joined(t, port, "Bo")
    _start_and_wait_turn(t, (a, b))
    assert pump(t, 5, lambda: host.to_act() in (wa["seat"], wb["seat"]))
    seat = host.to_act()
    peer = a if seat == wa["seat"] else b
    hand = host.state.view(seat)["hand"]
    legal = {c for act in host.legal_actions(seat) for c in act.get("cards", [])}
    other = next(c for c in ("2C", "3D", "AS", "KH", "QS", "7D", "9H") if c not in hand)
    before = host.state.record()
    peer.send(P.act(1, len(before["events"]), {"type": "play", "cards": [other]}))
    assert pump(t, 2, lambda: peer.first("refusal"))
    refusal = peer.first("refusal")
    assert refusal["code"] == "not_held"
    assert host.state.record() == before
    illegal = [c for c in hand if c not in legal]
    if illegal:
        peer.send(P.act(2, len(before["events"]), {"type": "play", "cards": [illegal[0]]}))
        assert pump(t, 2, lambda: [m for m in peer.messages() if m["type"] == "refusal"][1:])
        assert host.state.record() == before


def test_replayed_and_guessed_tokens_are_refused(table):
    host, t, port = table
    a, wa = joined(t, port, "Anna")
    seat, first_token = wa["seat"], wa["token"]
    a.close()
    assert pump(t, 2, lambda: t.links[seat].link == "lost")
    # back with the token: a new token is given, and once used the old one is dead
    b, wb = joined(t, port, "Anna", token=first_token, table=wa["table"])
    assert wb["seat"] == seat and wb["token"] != first_token
    b.send(P.seen(0))
    pump(t, 0.3)
    c = Raw(port)
    c.send(P.hello("Mallory", "1234", token=first_token, table=wa["table"]))
    assert pump(t, 2, lambda: c.first("refused"))
    assert c.first("refused")["reason"] == "bad_token"
    d = Raw(port)
    d.send(P.hello("Mallory", "1234", token="A" * 32, table=wa["table"]))
    assert pump(t, 2, lambda: d.first("refused"))
    assert d.first("refused")["reason"] == "bad_token"
    assert t.links[seat].conn is not None and t.links[seat].link == "connected"
    assert host.players[seat]["name"] == "Anna"


def test_wrong_codes_are_rate_limited(table):
    host, t, port = table
    reasons = []
    for code in ("0000", "1111", "2222", "3333", "1234"):     # the last one is right, too late
        peer = Raw(port)
        peer.send(P.hello("Eve", code))
        assert pump(t, 2, lambda p=peer: p.first("refused") or p.first("welcome"))
        reasons.append((peer.first("refused") or {"reason": "welcome"})["reason"])
    assert reasons == ["wrong_code"] * SHORT.tries_per_address + ["too_many_tries"] * 2
    assert all(lk.link == "open" for lk in t.links.values())


def test_a_disconnect_mid_message_changes_nothing(table):
    host, t, port = table
    a, wa = joined(t, port, "Anna")
    b, wb = joined(t, port, "Bo")
    _start_and_wait_turn(t, (a, b))
    assert pump(t, 5, lambda: host.to_act() in (wa["seat"], wb["seat"]))
    seat = host.to_act()
    peer = a if seat == wa["seat"] else b
    before = host.state.record()
    line = P.encode(P.act(1, len(before["events"]), host.legal_actions(seat)[0]))
    peer.send(line[: len(line) // 2])
    peer.close()
    assert pump(t, 2, lambda: t.links[seat].link == "lost")
    assert host.state.record() == before


def test_the_game_goes_on_with_the_other_seats(table):
    """Hostile joiners come and go; an honest joiner and a seat handed to the AI finish."""
    host, t, port = table
    honest = NetStream("127.0.0.1", port, "Anna", "1234", limits=SHORT)
    pump(t, 3, lambda: honest.poll() or honest.state == "joined")
    for junk in (b"garbage\n", b"{}\n", b'{"type":"act"}\n'):
        Raw(port).send(junk)
    t.start("ai:easy")
    end = time.monotonic() + 30
    while time.monotonic() < end and honest.state != "over":
        t.poll()
        host.step(time.monotonic() * 1000, 0)
        honest.tick(0, len(honest.events), 0)
        legal = honest.legal_actions()
        if legal:
            honest.send(legal[-1])
        time.sleep(0.002)
    assert honest.state == "over", honest.problem
    assert host.is_over() and honest.record() == host.state.record()
    honest.close()


def test_no_message_opens_a_file_imports_or_runs_anything(table, tmp_path, monkeypatch):
    """Audit hooks watch the host's process while hostile lines arrive: no file is opened, no
    module imported, no program run."""
    host, t, port = table
    monkeypatch.chdir(tmp_path)
    a, wa = joined(t, port, "Anna")
    t.start("ai:easy")
    pump(t, 0.3)
    seen = []
    watching = [True]

    def hook(event, args):
        if watching[0] and (event in ("open", "import", "exec", "compile", "os.system", "subprocess.Popen",
                                      "os.posix_spawn", "os.exec", "os.fork", "ctypes.dlopen")
                            or event.startswith("os.spawn")):
            seen.append((event, str(args)[:100]))
    sys.addaudithook(hook)
    try:
        hostile = [
            {"type": "hello", "protocol": P.PROTOCOL, "name": "/etc/passwd", "code": "1234"},
            {"type": "hello", "protocol": P.PROTOCOL, "name": "__import__('os')", "code": "9999"},
            {"type": "hello", "protocol": "../../etc/passwd", "name": "x", "code": "1234"},
        ]
        peers = []
        for m in hostile:
            p = Raw(port)
            p.send(m)
            peers.append(p)
        a.send({"type": "act", "id": 1, "at": 0,
                "action": {"type": "play", "cards": ["AS"], "player": wa["seat"]}})
        a.send(b'{"type":"seen","events":1e308}\n')
        pump(t, 1.0)
    finally:
        watching[0] = False
    assert seen == []
    assert list(tmp_path.iterdir()) == []


def test_a_flood_of_lines_is_dropped_past_the_pending_limit(table):
    """Lines the main loop has not taken yet are bounded: a joiner that floods is dropped."""
    host, t, port = table
    a, wa = joined(t, port, "Anna")
    a.send(b"".join(P.encode(P.seen(0)) for _ in range(SHORT.pending * 4)))
    time.sleep(0.5)          # the main loop is busy elsewhere: nothing is taken meanwhile
    assert pump(t, 2, lambda: a.first("closed"))
    assert a.first("closed")["reason"] == "too_many_messages"
    assert t.counts["messages"] <= 1 + SHORT.pending


def test_an_action_that_writes_no_event_is_answered():
    """Declining a buy-back writes no event: the host still says the act was applied, and the
    joiner may act again (it used to wait for an event forever)."""
    from game.engine import new_game
    from game.net.server import NetHost
    from game.play.host import TableHost
    import random

    class Silent(FirstLegal):      # the AI seats never answer: no event but the joiner's
        def poll(self, now, min_delay):
            return None
    rng = random.Random(1)
    for seed in range(100):
        state = new_game("gurka-se", 5, None, seed=seed)
        while not state.is_over() and not ({"type": "buyback"} in state.legal_actions()
                                           and not state.copy().apply({"type": "pass"})):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_over():
            break       # a buy-back question whose "no" writes nothing (another seat is asked next)
    seat = state.to_act()
    host = TableHost(state, ["remote" if s == seat else "ai" for s in range(5)], decider=Silent())
    t = NetHost(host, "Host", code="1234", address="127.0.0.1", port=0, limits=SHORT)
    t.open()
    stream = NetStream("127.0.0.1", t.port, "Anna", "1234", limits=SHORT)
    try:
        assert pump(t, 3, lambda: stream.poll() or stream.state == "joined")
        t.start("ai:easy")
        assert pump(t, 3, lambda: stream.poll() or stream.legal_actions())
        before = len(host.state.events)
        stream.send({"type": "pass"})
        assert stream.pending
        assert pump(t, 3, lambda: stream.poll() or not stream.pending)
        assert len(host.state.events) == before and stream.state == "joined"
    finally:
        stream.close()
        t.close()
        host.close()
