"""The protocol's checks: exact messages pass, anything else is a ProtocolError (never another
exception), and random input never changes anything at the table but what is set aside."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import match_action
from game.engine import new_game
from game.net import protocol as P
from game.net.server import NetHost
from game.net.view_check import ViewChecker, ViewError
from game.play.host import TableHost

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 40, 2 ** 40) | st.text(max_size=20)
                    | st.sampled_from(["hello", "act", "seen", "ping", "bye", "welcome", "update", "AS",
                                       "play", "pass", P.PROTOCOL, "1234", "again", "say", "next", "said",
                                       "good_luck", "oops", "take"]),
                    lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.sampled_from(["type", "id", "at", "action", "events", "name", "code",
                                                       "protocol", "cards", "player", "token", "seat",
                                                       "from", "legal", "to_act", "x", "phrase", "game"]),
                                    inner, max_size=6),
                    max_leaves=20)


def test_every_joiner_message_passes_as_written():
    for m in (P.hello("Anna", "1234"), P.hello("Anna", "0042", "t" * 32, "0123456789abcdef", 12, 2),
              P.act(1, 5, {"type": "play", "cards": ["AS", "AH"]}), P.act(2, 0, {"type": "defend", "attack": "6C",
                                                                                 "card": "7C"}),
              P.seen(3), P.PING, P.BYE, P.again(2), P.say("well_played"),
              P.hello("Anna", "0042", "t" * 32, "0123456789abcdef", 12, 2, 3),
              P.hello("Anna", "k3J9-xQ2pLm8aB7cZt")):
        parsed = P.parse_line(P.encode(m), 4096, P.JOINER_DEPTH)
        assert P.check_from_joiner(parsed, m["type"] != "hello") == m


def test_every_host_message_passes_as_written():
    state = new_game("durak", 3, None, seed=1)
    w = P.welcome("0123456789abcdef", 1, "x" * 32, "Host", state)
    assert "seed" not in json.dumps(w)
    assert P.check_from_host(json.loads(P.encode(w)), False) == w
    for m in (P.refused("full", "no seat"), P.closed("host_left", "bye"),
              P.update(0, state.view(1)["events"], 1, state.legal_actions() if state.to_act() == 1 else []),
              P.refusal(3, "must_reach", {"card": "KS", "count": 2}, "reach the king"),
              {"type": "status", "started": True, "thinking": None,
               "seats": [{"name": "A", "who": "net", "link": "asked", "ai": False}] * 3},
              P.next_game(new_game("durak", 3, None, seed=2, game=2)), P.said(2, "thanks")):
        assert P.check_from_host(json.loads(P.encode(m)), True) == m


@pytest.mark.parametrize("bad", [
    {"type": "hello", "protocol": P.PROTOCOL, "name": "", "code": "1234"},
    {"type": "hello", "protocol": P.PROTOCOL, "name": "A" * 41, "code": "1234"},
    {"type": "hello", "protocol": P.PROTOCOL, "name": "A\x1b[31m", "code": "1234"},
    {"type": "hello", "protocol": P.PROTOCOL, "name": "A", "code": "123"},
    {"type": "hello", "protocol": P.PROTOCOL, "name": "A", "code": "1234", "token": "short"},
    {"type": "act", "id": 1, "at": 0, "action": {"type": "play", "cards": ["AS", "AS"]}},
    {"type": "act", "id": 1, "at": 0, "action": {"type": "play", "cards": ["ZZ"]}},
    {"type": "act", "id": 1, "at": 0, "action": {"type": "shoot"}},
    {"type": "act", "id": True, "at": 0, "action": {"type": "pass"}},
    {"type": "act", "id": 1, "at": 0, "action": {"type": "pass", "cards": []}},
    {"type": "seen", "events": -1},
    {"type": "seen", "events": 1.5},
    {"type": "ping", "extra": 1},
    {"type": "status"},
    {"type": "say", "phrase": "free text here"},
    {"type": "say", "phrase": "oops", "to": 1},
    {"type": "again", "game": 1},
    {"type": "again"},
])
def test_wrong_shapes_are_refused(bad):
    with pytest.raises(P.ProtocolError):
        P.check_from_joiner(bad, bad["type"] != "hello")


def test_another_version_is_named():
    with pytest.raises(P.ProtocolError) as e:
        P.check_from_joiner({"type": "hello", "protocol": "gurka-net/7", "anything": [1]}, False)
    assert e.value.code == "protocol" and e.value.theirs == "gurka-net/7"


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_are_a_protocol_error_or_a_checked_message(data):
    for handshaken in (False, True):
        try:
            msg = P.check_from_joiner(P.parse_line(data, 2048, P.JOINER_DEPTH), handshaken)
        except P.ProtocolError:
            continue
        assert isinstance(msg, dict) and msg["type"] in ("hello", "act", "seen", "ping", "bye", "again", "say")
    for welcomed in (False, True):
        try:
            P.check_from_host(P.parse_line(data, 2048, P.HOST_DEPTH), welcomed)
        except P.ProtocolError:
            pass


@SETTINGS
@given(JSON)
def test_random_json_is_a_protocol_error_or_a_checked_message(value):
    line = json.dumps(value).encode()
    for check in (P.check_from_joiner, P.check_from_host):
        for flag in (False, True):
            try:
                msg = check(P.parse_line(line, 1 << 16, P.HOST_DEPTH), flag)
            except P.ProtocolError:
                continue
            assert msg == value


class _Conn:
    """A seated connection without a network (the host's message handling alone)."""

    def __init__(self, seat):
        self.seat, self.closed, self.sent, self.address = seat, False, [], "127.0.0.1"

    def send(self, m):
        self.sent.append(m)

    def close(self, final=None):
        self.closed = True


@pytest.fixture(scope="module")
def seated():
    state = new_game("gurka-se", [{"name": "H", "seat": "ai:easy"}, {"name": "A", "seat": "net"},
                                  {"name": "B", "seat": "net"}], None, seed=4)
    while state.to_act() != 1:
        state.apply(state.legal_actions()[0])
    host = TableHost(state, ["ai", "remote", "remote"])
    table = NetHost(host, "H", code="1234")
    conns = {s: _Conn(s) for s in (1, 2)}
    for s, c in conns.items():
        table.links[s].conn, table.links[s].link = c, "connected"
    table.started = True
    return host, table, conns


@SETTINGS
@given(st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode())
       | st.builds(lambda s, i, at, a: P.encode(P.act(i, at, a)), st.just(0), st.integers(0, 10),
                   st.integers(0, 40), st.sampled_from([{"type": "pass"}, {"type": "buyback"},
                                                        {"type": "play", "cards": ["AS"]},
                                                        {"type": "play", "cards": ["2C", "2D"]},
                                                        {"type": "exchange", "discard": []}]))
       | st.sampled_from(P.PHRASES).map(lambda p: P.encode(P.say(p)))
       | st.integers(-1, 5).map(lambda g: P.encode({"type": "again", "game": g})),
       st.sampled_from([1, 2]))
def test_random_lines_change_nothing_but_an_honest_move(seated, data, seat):
    host, table, conns = seated
    before = host.state.record()
    links = [(lk.link, lk.token, lk.conn) for lk in table.links.values()]
    names = [p["name"] for p in host.players]
    try:
        msg = P.check_from_joiner(P.parse_line(data, 2048, P.JOINER_DEPTH), True)
    except P.ProtocolError:
        assert host.state.record() == before
        return
    legal = host.legal_actions(seat)
    table.links[seat].last_id = -1
    table._phrase_times.clear()
    table._on_message(conns[seat], msg, 0.0)
    if host.state.record() != before:       # only ever the seat's own legal move, in its turn
        assert msg["type"] == "act" and match_action(msg["action"], legal) is not None
        assert msg["at"] == len(before["events"])
    # nobody's seat, token or name changes (a bye aside: the sender's own seat is lost)
    assert [p["name"] for p in host.players] == names
    after = [(lk.link, lk.token, lk.conn) for lk in table.links.values()]
    if msg["type"] != "bye":
        assert after == links
    # a phrase is only ever the sender's own, and what it said
    said = table.take_phrases()
    assert said == ([(seat, msg["phrase"])] if msg["type"] == "say" else [])
    for c in conns.values():
        c.sent.clear()
    if msg["type"] == "bye":           # seated again for the next example
        table.links[seat].conn, table.links[seat].link = conns[seat], "connected"
        conns[seat].closed = False


@SETTINGS
@given(st.lists(st.sampled_from(P.PHRASES), min_size=1, max_size=12),
       st.lists(st.floats(0, 30), min_size=12, max_size=12))
def test_phrases_are_rate_limited_per_seat(seated, phrases, gaps):
    host, table, conns = seated
    table._phrase_times.clear()
    table.take_phrases()
    now, times = 1000.0, []
    for phrase, gap in zip(phrases, gaps):
        now += gap
        if table.say(1, phrase, now):
            times.append(now)
    from game.net.server import PHRASE_BURST, PHRASE_WINDOW
    for i, t in enumerate(times):           # never more than the burst within the window
        assert len([u for u in times[:i + 1] if t - u <= PHRASE_WINDOW]) <= PHRASE_BURST
    assert [s for s, _p in table.take_phrases()] == [1] * len(times)


@SETTINGS
@given(st.lists(JSON, max_size=4))
def test_random_legal_actions_are_a_view_error_or_this_games_own(legal):
    from game.engine.registry import find_ruleset
    for rules in ("gurka-se", "durak"):
        state = new_game(rules, 3, None, seed=5)
        seat = state.to_act()
        checker = ViewChecker(rules, state.options, state.players, 1, seat)
        for ev in state.view(seat)["events"]:
            checker.add(ev)
        shaped = [a for a in legal if P.action_problem(a) is None]
        try:
            checker.check_turn(seat, shaped)
        except ViewError:
            continue
        hand = set(checker.hand())
        for a in shaped:
            assert a["type"] in find_ruleset(rules).family.actions
            assert set(a.get("cards", [])) | set(a.get("discard", [])) <= hand


@SETTINGS
@given(st.lists(JSON, max_size=6))
def test_random_events_are_a_view_error_or_folded(events):
    for rules in ("gurka-se", "durak"):
        checker = ViewChecker(rules, new_game(rules, 3, None).options, [{"name": "A", "seat": "net"}] * 3, 1, 0)
        for ev in events:
            try:
                checker.add(ev)
            except ViewError:
                break
