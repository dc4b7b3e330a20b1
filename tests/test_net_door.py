"""The table's door against strangers (issue 63, findings 1-3): guessers and silent
connections keep out only themselves, never the table's own players; a seat left before the
start is open again.  Strangers come through a side door that names each of them as the relay
does (:class:`net_fakes.SideDoor`), or from 127.0.0.1 as a joiner on this computer would.
Each test fails on the door as it was (one limit for all addresses, checked before the token;
sixteen connection places held by whoever opened them; a seat kept for a player who left
before the start)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest
from net_fakes import SHORT, FakeHost, Raw, SideDoor, joined, make_table, pump
from net_helpers import env

from game.net import protocol as P
from game.net.gate import Tries


@pytest.fixture
def table():
    host, table = make_table()
    yield host, table, table.port
    table.close()
    host.close()


def _answer(t, peer) -> str:
    """The reason of the answer to a hello: ``welcome`` or the refusal's reason."""
    assert pump(t, 3, lambda: peer.first("welcome") or peer.first("refused")), peer.messages()
    return "welcome" if peer.first("welcome") else peer.first("refused")["reason"]


def _guess(t, door, address: str, code: str = "0000") -> str:
    peer = door.peer(address)
    peer.send(P.hello("Eve", code))
    reason = _answer(t, peer)
    peer.close()
    return reason


# -- finding 1: a stranger cannot lock everyone out without the code -------------------------

def test_wrong_codes_from_many_addresses_lock_out_neither_a_seated_player_nor_a_newcomer(table):
    host, t, port = table
    door = SideDoor(t)
    anna, welcome = joined(t, port, "Anna")
    anna.close()
    assert pump(t, 3, lambda: t.links[welcome["seat"]].link == "lost")
    # 25 wrong codes, each from an address of its own (more than every limit in all)
    reasons = [_guess(t, door, f"10.0.0.{i}") for i in range(25)]
    assert set(reasons) <= {"wrong_code", "too_many_tries"}
    # the seated player comes back with her token
    back = Raw(port)
    back.send(P.hello("Anna", "1234", token=welcome["token"], table=welcome["table"]))
    assert _answer(t, back) == "welcome"
    # a new player with the right code, from an address that never guessed
    assert _answer(t, (lambda p: (p.send(P.hello("Bo", "1234")), p)[1])(door.peer("10.1.1.1"))) == "welcome"


def test_a_guesser_is_kept_out_even_with_the_right_code_and_others_are_not(table):
    host, t, port = table
    door = SideDoor(t)
    reasons = [_guess(t, door, "10.0.0.66") for _ in range(SHORT.tries_per_address)]
    assert reasons == ["wrong_code"] * SHORT.tries_per_address
    assert _guess(t, door, "10.0.0.66", "1234") == "too_many_tries"       # its code is not looked at
    assert _guess(t, door, "10.0.0.67", "1234") == "welcome"


def test_a_valid_token_is_never_held_up_by_the_limit_on_codes(table):
    host, t, port = table
    door = SideDoor(t)
    peer = door.peer("10.0.0.5")
    peer.send(P.hello("Anna", "1234"))
    assert _answer(t, peer) == "welcome"
    welcome = peer.first("welcome")
    peer.close()
    assert pump(t, 3, lambda: t.links[welcome["seat"]].link == "lost")
    for _ in range(SHORT.tries_per_address + 2):       # the same address guesses wrong (a sibling's laptop)
        _guess(t, door, "10.0.0.5")
    back = door.peer("10.0.0.5")
    back.send(P.hello("Anna", "0000", token=welcome["token"], table=welcome["table"]))
    assert _answer(t, back) == "welcome"


def test_the_codes_strength_against_one_address():
    """What one address can try: 5 guesses, then locked out for a minute, then twice as long
    each time, up to an hour (the numbers game/net/README.md gives)."""
    def guesses(seconds: float) -> int:
        tries, now, n = Tries(P.LIMITS), 0.0, 0
        while now < seconds:
            if tries.blocked("10.0.0.9", now):
                now += 1.0
                continue
            tries.fail("10.0.0.9", now)
            n += 1
            now += 0.2
        return n
    assert guesses(3 * 3600) == 40          # an evening: 0.4 % of the 10,000 codes
    assert guesses(24 * 3600) == 145        # a day: 1.5 %


def test_an_ipv6_guesser_is_one_guesser_for_its_whole_network():
    tries = Tries(P.LIMITS)
    for i in range(P.LIMITS.tries_per_address):
        tries.fail(f"2001:db8:1:2::{i + 1:x}", 0.0)
    assert tries.blocked("2001:db8:1:2::ffff", 1.0)
    assert not tries.blocked("2001:db8:1:3::1", 1.0)


# -- finding 2: silent connections do not shut the door --------------------------------------

def _silent(port: int, n: int) -> list[socket.socket]:
    out = []
    for _ in range(n):
        try:
            out.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        except OSError:
            pass
    return out


@pytest.mark.parametrize("silent", [SHORT.connections, 200])
def test_silent_connections_let_an_honest_join_and_a_rejoin_in(table, silent):
    host, t, port = table
    anna, welcome = joined(t, port, "Anna")
    anna.close()
    assert pump(t, 3, lambda: t.links[welcome["seat"]].link == "lost")
    junk = _silent(port, silent)
    pump(t, 0.2)
    try:
        bo = Raw(port)
        bo.send(P.hello("Bo", "1234"))
        assert _answer(t, bo) == "welcome"
        junk += _silent(port, SHORT.connections)       # more silence, reopened at once
        back = Raw(port)
        back.send(P.hello("Anna", "1234", token=welcome["token"], table=welcome["table"]))
        assert _answer(t, back) == "welcome"
        waiting = [c for c in t._conns if not c.proven and not c.closed]
        assert len(waiting) <= SHORT.connections
    finally:
        for s in junk:
            s.close()


def test_silent_connections_from_many_addresses_keep_to_their_own_share(table):
    host, t, port = table
    door = SideDoor(t)
    junk = [door.peer(f"10.0.{i % 7}.{i}") for i in range(84)]      # past every limit on places
    pump(t, 0.3)
    honest = door.peer("10.5.5.5")
    honest.send(P.hello("Bo", "1234"))
    assert _answer(t, honest) == "welcome"
    for peer in junk:
        peer.close()


def test_a_joiner_told_busy_tries_again_for_its_wait(tmp_path):
    """``busy`` says "try again in a moment": the headless joiner does, for ``--wait`` seconds,
    then says why in one line."""
    fake = FakeHost(lambda h: [P.encode(P.refused("busy", "the table is busy"))])
    try:
        home = tmp_path / "home"
        home.mkdir()
        out = subprocess.run([sys.executable, "-m", "game", "join", f"127.0.0.1:{fake.port}", "--name", "Anna",
                              "--code", "1234", "--play", "ai:easy", "--wait", "3"],
                             capture_output=True, text=True, env=env(home), timeout=60)
    finally:
        fake.close()
    assert out.returncode == 1
    assert len(fake.hellos) >= 2                      # it came back
    assert out.stderr.strip().splitlines() == ["The table is busy: try again in a moment."]


# -- finding 3: a seat taken and left before the start ---------------------------------------

@pytest.fixture
def one_seat():
    host, table = make_table(remote=(1,))
    yield host, table, table.port
    table.close()
    host.close()


def test_a_seat_left_before_the_start_is_open_again(one_seat):
    host, t, port = one_seat
    anna, welcome = joined(t, port, "Anna")
    anna.send(P.BYE)
    assert pump(t, 3, lambda: t.links[1].link == "open")
    assert host.players[1]["name"] == "P1"             # its own name again
    assert [n.kind for n in t.take_notices()] == ["joined", "left"]
    bo, w2 = joined(t, port, "Bo")                     # not "full"
    assert w2["seat"] == 1 and t.links[1].link == "connected"
    anna.close()


def test_a_seat_lost_before_the_start_goes_to_a_newcomer(one_seat):
    host, t, port = one_seat
    anna, welcome = joined(t, port, "Anna")
    anna.close()                                       # no bye: the connection is lost
    assert pump(t, 3, lambda: t.links[1].link == "lost")
    assert t.free_seats() == 1
    bo, w2 = joined(t, port, "Bo")
    assert w2["seat"] == 1 and host.players[1]["name"] == "Bo"
    old = Raw(port)                                    # Anna's old token holds no seat now
    old.send(P.hello("Anna", "1234", token=welcome["token"], table=welcome["table"]))
    assert _answer(t, old) == "bad_token"


def test_a_seat_lost_after_the_start_is_kept_for_its_player(one_seat):
    host, t, port = one_seat
    anna, welcome = joined(t, port, "Anna")
    t.start("ai:easy")
    anna.close()
    assert pump(t, 3, lambda: t.links[1].link == "lost")
    assert t.free_seats() == 0
    bo = Raw(port)
    bo.send(P.hello("Bo", "1234"))
    assert _answer(t, bo) == "full"


def test_the_join_screen_asks_a_busy_table_again(app):
    """The window's join screen, told "busy", says so and asks again until it gets in."""
    import pygame as pg
    answers = [P.encode(P.refused("busy", "the table is busy"))] * 2

    def script(hello):
        return [answers.pop(0)] if answers else []
    fake = FakeHost(script)
    try:
        from game.ui.menu import MainMenu
        app.manager.push(MainMenu(app))
        app.step([], 16)
        app.manager.top.widgets.by_name("join").activate()
        join = app.manager.top
        join.w_address.value = f"127.0.0.1:{fake.port}"
        join.w_name.value = "Anna"
        join.w_code.value = "1234"
        join.join_btn.activate()
        end = time.monotonic() + 10
        said = set()
        while time.monotonic() < end and len(fake.hellos) < 3:
            app.step([], 16)
            said.add(join.status)
            time.sleep(0.01)
        assert len(fake.hellos) >= 3                     # asked again after each "busy"
        assert "The table is busy: try again in a moment." in said
        assert type(app.manager.top).__name__ == "JoinScene" and pg is not None
    finally:
        fake.close()
