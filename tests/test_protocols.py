"""The four seat streams and the two deciders have the faces written down in
game.play.protocols: every member of SeatStream and Decider, on an instance where one is
cheap to make, else on the class (members its __init__ sets are named there)."""

from __future__ import annotations

import inspect

from game.engine import new_game
from game.engine.registry import DEFAULT_RULESET
from game.net.client import NetStream
from game.net.hosted import HostedStream
from game.play.ai_seats import AIDriver
from game.play.decider import PlayerDecider
from game.play.host import TableHost
from game.play.protocols import Decider, SeatStream
from game.play.stream import LocalStream
from game.ui.table.replay import Replayed


def _members(proto) -> set[str]:
    own = set(vars(proto)) | set(vars(proto).get("__annotations__", {}))
    return {n for n in own if not n.startswith("_")}


def _missing(cls, proto) -> list[str]:
    source = "".join(inspect.getsource(c) for c in cls.__mro__ if c is not object)
    return sorted(n for n in _members(proto)
                  if not hasattr(cls, n) and f"self.{n} =" not in source and f"self.{n}:" not in source)


def _state():
    players = [{"name": "A", "seat": "human"}, {"name": "B", "seat": "ai:easy"}, {"name": "C", "seat": "ai:easy"}]
    return new_game(DEFAULT_RULESET, players, seed=3)


def test_every_stream_has_the_seat_streams_face():
    assert {"events", "send", "legal_actions", "tick", "record"} <= _members(SeatStream)
    for cls in (LocalStream, HostedStream, NetStream, Replayed):
        assert _missing(cls, SeatStream) == [], cls.__name__
    state = _state()
    assert isinstance(LocalStream(TableHost(state)), SeatStream)
    assert isinstance(Replayed(state, list(state.events), 0), SeatStream)


def test_both_deciders_have_the_deciders_face():
    assert {"ask", "poll", "cancel", "close", "thinking", "seat"} <= _members(Decider)
    driver = AIDriver(1)
    decider = PlayerDecider(1)
    try:
        assert isinstance(driver, Decider) and isinstance(decider, Decider)
    finally:
        decider.close()
        driver.cancel()


def test_a_class_without_the_face_is_told_apart():
    class Half:
        def send(self, action):
            pass
    assert _missing(Half, SeatStream) and not isinstance(Half(), SeatStream)
