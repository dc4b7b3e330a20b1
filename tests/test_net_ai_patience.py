"""The host's AI waits for the joiners' screens (issue 63, finding 7): as documented, until
every screen has shown every event or for ``patience`` ms at most, whatever a screen reports.
The host's loop counts seconds and the AI's patience milliseconds; the clock here is a fake
one (seconds, as the host's loop has it), so nothing depends on how fast this computer is.
Each test fails when ``seen`` was taken in seconds (the AI never waited) or when a screen
that says 0, 1, 0, 1 ... held the AI forever."""

from __future__ import annotations

import pytest
from net_fakes import SHORT, FirstLegal, joined, pump

from game.engine import new_game
from game.net import protocol as P
from game.net.server import NetHost
from game.play.host import TableHost

PATIENCE = 2000.0       # ms


class Clock:
    def __init__(self):
        self.now = 5000.0       # seconds, as time.monotonic() has them

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table():
    """Swedish Gurka for three: two AI seats (0 and 1, in that order) and a joiner (seat 2);
    the AI's first two decisions come once the game starts."""
    players = [{"name": "Cy", "seat": "ai:easy"}, {"name": "Di", "seat": "ai:easy"},
               {"name": "Seat 3", "seat": "net"}]
    for seed in range(50):
        state = new_game("gurka-se", players, None, seed=seed)
        if state.to_act() == 0:
            break
    clock = Clock()
    host = TableHost(state, ["ai", "ai", "remote"], decider=FirstLegal(), patience=PATIENCE)
    t = NetHost(host, "Host", code="1234", address="127.0.0.1", port=0, limits=SHORT, clock=clock)
    t.open()
    yield host, t, clock
    t.close()
    host.close()


def _step(t: NetHost, host: TableHost, clock: Clock, seconds: float) -> None:
    """Move the fake clock on and let the host serve and its AI decide."""
    clock.now += seconds
    t.poll()
    host.step(clock.now * 1000.0, 0.0)


def _seen(t: NetHost, peer, shown: int) -> None:
    before = t.counts["messages"]
    peer.send(P.seen(shown))
    assert pump(t, 3, lambda: t.counts["messages"] > before, step=False)


def test_the_ai_waits_for_a_screen_that_has_not_shown_the_deal(table):
    host, t, clock = table
    peer, _w = joined(t, t.port, "Anna")
    t.start("ai:easy")
    _seen(t, peer, 0)                       # the joiner's screen has shown nothing yet
    events = len(host.state.events)
    for _ in range(10):
        _step(t, host, clock, 0.15)         # 1.5 s in all: within the patience
    assert len(host.state.events) == events
    _seen(t, peer, events)                  # the screen has caught up: the AI plays
    _step(t, host, clock, 0.01)
    _step(t, host, clock, 0.01)
    assert len(host.state.events) > events


def test_a_screen_that_stays_behind_is_waited_for_patience_ms_and_no_longer(table):
    host, t, clock = table
    peer, _w = joined(t, t.port, "Anna")
    t.start("ai:easy")
    _seen(t, peer, 0)
    events = len(host.state.events)
    _step(t, host, clock, 0.0)
    _step(t, host, clock, PATIENCE / 1000 - 0.1)
    assert len(host.state.events) == events
    _step(t, host, clock, 0.2)
    _step(t, host, clock, 0.01)
    assert len(host.state.events) > events


def test_a_screen_that_says_0_1_0_1_does_not_hold_the_ai(table):
    host, t, clock = table
    peer, _w = joined(t, t.port, "Anna")
    t.start("ai:easy")
    _seen(t, peer, len(host.state.events))      # caught up: the first AI seat plays
    _step(t, host, clock, 0.01)
    _step(t, host, clock, 0.01)
    events = len(host.state.events)
    assert events >= 2 and host.to_act() == 1
    waited = 0.0
    while len(host.state.events) == events and waited < 20 * PATIENCE / 1000:
        _seen(t, peer, int(waited * 10) % 2)        # 0, 1, 0, 1 ... never the whole deal
        _step(t, host, clock, 0.1)
        waited += 0.1
    assert len(host.state.events) > events
    assert waited <= PATIENCE / 1000 + 0.3
