"""A host that lies about the legal actions (issue 63, finding 5): it refuses what it offered,
offers actions of another game, or sends a refusal whose parameters collide with the
refusal's own fields.  The joiner checks every field before use, reads each refusal and acts
on it, and leaves with one line when the host keeps contradicting itself.  Each test fails on
the joiner that sent the same refused action again and again, handed another game's actions
to its AI, and built a refusal from the host's parameters as keywords."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time

import pytest
from net_fakes import SHORT
from net_helpers import env

from game.engine import new_game
from game.net import protocol as P
from game.net.client import NetStream
from game.net.tokens import TokenStore

SEAT = 1


def _position():
    """A Swedish Gurka game at seat 1's turn: (state, seat 1's view events, its legal actions)."""
    state = new_game("gurka-se", [{"name": "Host", "seat": "human"}, {"name": "Anna", "seat": "net"},
                                  {"name": "Cy", "seat": "ai:easy"}], None, seed=11)
    while state.to_act() != SEAT:
        state.apply(state.legal_actions()[0])
    return state, state.view(SEAT)["events"], state.legal_actions()


class ArguingHost:
    """A host on 127.0.0.1 that seats the joiner at seat 1 of a real position, offers
    ``legal`` and answers every act with ``answer(act)`` (a message, or None for nothing)."""

    def __init__(self, legal=None, answer=None):
        state, events, real = _position()
        self.state = state
        self.events = events
        self.legal = real if legal is None else legal
        self.answer = answer or (lambda act: P.refusal(act["id"], "must_reach", {"rank": "K"}, "no"))
        self.acts: list[dict] = []
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(4)
        self.port = self.server.getsockname()[1]
        self._stop = False
        self.conns: list[socket.socket] = []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        self.server.settimeout(0.1)
        while not self._stop:
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            self.conns.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn) -> None:
        conn.settimeout(0.2)
        buf = b""
        try:
            seats = [{"name": p["name"], "who": "net" if s == SEAT else "host",
                      "link": "connected" if s == SEAT else None, "ai": False}
                     for s, p in enumerate(self.state.players)]
            while not self._stop:
                try:
                    chunk = conn.recv(65536)
                except socket.timeout:
                    continue
                if not chunk:
                    return
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    msg = json.loads(line)
                    if msg["type"] == "hello":
                        conn.sendall(P.encode(P.welcome("0123456789abcdef", SEAT, "T" * 32, "Host", self.state))
                                     + P.encode({"type": "status", "started": True, "seats": seats,
                                                 "thinking": None})
                                     + P.encode(P.update(0, self.events, SEAT, self.legal)))
                    elif msg["type"] == "act":
                        self.acts.append(msg)
                        reply = self.answer(msg)
                        if reply is not None:
                            conn.sendall(P.encode(reply))
                    elif msg["type"] == "ping":
                        conn.sendall(P.encode(P.PING))
        except OSError:
            pass

    def close(self) -> None:
        self._stop = True
        self.thread.join(2)
        for c in self.conns:
            c.close()
        self.server.close()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    return tmp_path


def _play(fake: ArguingHost, seconds: float = 3.0) -> NetStream:
    """A joiner that plays as the headless joiner does: the first legal action, every time it
    has one."""
    stream = NetStream("127.0.0.1", fake.port, "Anna", "1234", limits=SHORT, tokens=TokenStore())
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end and stream.state not in ("broken", "closed", "refused", "lost"):
            stream.poll()
            legal = stream.legal_actions()
            if legal:
                stream.send(legal[0])
            time.sleep(0.002)
    finally:
        stream.close()
    return stream


def test_a_host_that_refuses_what_it_offered_is_left(home):
    fake = ArguingHost()
    try:
        stream = _play(fake)
    finally:
        fake.close()
    assert stream.state == "broken" and "refuses the moves it offers" in stream.problem
    assert len(fake.acts) <= 3                            # never the same action twice
    sent = [json.dumps(a["action"], sort_keys=True) for a in fake.acts]
    assert len(set(sent)) == len(sent)


def test_a_refusal_is_read_and_the_refused_action_not_offered_again(home):
    """One refusal of an offered action: the screen gets the reason, the action is no longer
    offered, the others are (an honest race would bring an update; a liar gets no second go)."""
    fake = ArguingHost(answer=lambda act: P.refusal(act["id"], "not_held", {"card": "TH"}, "no")
                       if act["id"] == 1 else None)
    stream = NetStream("127.0.0.1", fake.port, "Anna", "1234", limits=SHORT, tokens=TokenStore())
    try:
        end = time.monotonic() + 3
        while time.monotonic() < end and not stream.legal_actions():
            stream.poll()
            time.sleep(0.005)
        first = stream.legal_actions()
        assert len(first) >= 2
        stream.send(first[0])
        while time.monotonic() < end and stream.pending:
            stream.poll()
            time.sleep(0.005)
        refusal = stream.take_refusal()
        assert refusal is not None and refusal.code == "not_held" and refusal.params == {"card": "TH"}
        assert stream.legal_actions() == first[1:] and stream.state == "joined"
    finally:
        stream.close()
        fake.close()


def test_the_headless_joiner_leaves_a_contradicting_host_with_one_line(tmp_path):
    fake = ArguingHost()
    try:
        out = subprocess.run([sys.executable, "-m", "game", "join", f"127.0.0.1:{fake.port}", "--name", "Anna",
                              "--code", "1234", "--play", "ai:easy", "--wait", "2"],
                             capture_output=True, text=True, env=env(tmp_path), timeout=60)
    finally:
        fake.close()
    assert out.returncode == 1
    assert out.stderr.strip().splitlines() == [
        "The host sent something the game cannot accept: the host refuses the moves it offers"]
    assert len(fake.acts) <= 3


@pytest.mark.parametrize("legal", [[{"type": "take"}], [{"type": "swap"}, {"type": "pass"}],
                                   [{"type": "defend", "attack": "6C", "card": "7C"}]])
def test_actions_of_another_game_are_refused_as_such(home, legal):
    fake = ArguingHost(legal=legal)
    try:
        stream = _play(fake, 2.0)
    finally:
        fake.close()
    assert stream.state == "broken" and "another game" in stream.problem
    assert fake.acts == []


def test_the_headless_joiner_offered_another_games_actions_says_one_line(tmp_path):
    fake = ArguingHost(legal=[{"type": "take"}])
    try:
        out = subprocess.run([sys.executable, "-m", "game", "join", f"127.0.0.1:{fake.port}", "--name", "Anna",
                              "--code", "1234", "--play", "ai:easy", "--wait", "2"],
                             capture_output=True, text=True, env=env(tmp_path), timeout=60)
    finally:
        fake.close()
    assert out.returncode == 1 and "KeyError" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "another game" in lines[0]


def test_a_refusal_whose_params_name_its_own_fields(home):
    params = {"code": "x", "reason": "y", "card": "ZZ", "rank": "\u202eK", "count": 10 ** 6}
    fake = ArguingHost(answer=lambda act: P.refusal(act["id"], "not_held", params, "no"))
    stream = NetStream("127.0.0.1", fake.port, "Anna", "1234", limits=SHORT, tokens=TokenStore())
    try:
        end = time.monotonic() + 3
        while time.monotonic() < end and not stream.legal_actions():
            stream.poll()
            time.sleep(0.005)
        stream.send(stream.legal_actions()[0])
        refusal = None
        while time.monotonic() < end and refusal is None:
            stream.poll()                        # (raised TypeError here)
            refusal = stream.take_refusal()
            time.sleep(0.005)
    finally:
        stream.close()
        fake.close()
    assert refusal is not None and refusal.code == "not_held" and refusal.params == params
    from game.ui import rule_words
    text = rule_words.refusal(refusal)           # the screen words it without the host's texts
    assert "ZZ" not in text and "\u202e" not in text
