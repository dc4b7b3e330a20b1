"""The tour's screens of a network table (:mod:`game.ui.tour.steps` registers them).

Every table here is opened on 127.0.0.1 only and never advertised (``GURKA_NET_LOOPBACK``):
the other side is a joiner (:class:`game.net.client.NetStream`) or a host
(:class:`game.net.server.NetHost`) in this same process, served between the frames, so the
screens are the real ones without a second computer.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence

from ...engine import new_game
from ...engine.registry import DEFAULT_RULESET
from ...net.client import NetStream
from ...net.discovery import FoundTable
from ...net.hosted import network_control, open_table
from ...net.invitation import Invitation
from ...net.protocol import PROTOCOL
from ...net.relay import RelayThread
from ...net.tls import fixed_identity
from ...play.ai_seats import AIDriver
from .. import clipboard
from ..names import ai_name, human_name
from .steps import Unreachable, mid_deal, step

#: the other player's name at the tour's network tables
JOINER = "Anna"


def _after(serving: Sequence[Callable[[], None]], check: Callable[[], object]) -> Callable[[], object]:
    """A wait's condition: each stream served once, then ``check`` looked at."""
    def cond() -> object:
        for serve in serving:
            serve()
        return check()
    return cond


def _until(cond, seconds: float = 10.0) -> None:
    """Wait for ``cond()`` without a frame (no scene is on the stack yet)."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise Unreachable("timed out")
        time.sleep(0.005)


def _loopback() -> None:
    os.environ["GURKA_NET_LOOPBACK"] = "1"


def _host_table(t, started: bool = False, joined: bool = True):
    """The host's table (seats: the person at this screen, a network seat, the computer); a
    joiner in this process has taken the network seat when ``joined``."""
    _loopback()
    players = [{"name": human_name(1), "seat": "human"}, {"name": human_name(2), "seat": "net"},
               {"name": ai_name(2), "seat": "ai:normal"}]
    table = t.push("table", rules=DEFAULT_RULESET, players=players, seed=3)
    net = table.stream.network
    if net is None:
        raise Unreachable("no network table")
    joiner = None
    if joined:
        joiner = NetStream("127.0.0.1", table.stream.net.port, JOINER, net.code)
        t.wait_for(_after([joiner.serve], lambda: not net.waiting_for()))
    if started:
        t.top.start()
        t.settle()
    return table, joiner


@step("net-host-waiting")
def _net_host_waiting(t) -> None:
    table, joiner = _host_table(t)
    t.frames(2)
    if type(t.top).__name__ != "LobbyScene":
        raise Unreachable("no waiting table")
    t.keep_until_shot(joiner)


@step("net-table")
def _net_table(t) -> None:
    table, joiner = _host_table(t, started=True)

    def mid_trick():
        """Both people play their first legal card until a trick is done and it is the host's
        turn again."""
        joiner.serve()
        if joiner.to_act() == joiner.seat and joiner.legal_actions() and not joiner.pending:
            joiner.send(joiner.legal_actions()[0])
        state = table.host.state
        if mid_deal(state) and any(e["type"] == "trick" for e in state.events) and not table.busy():
            return True
        if table.my_turn() and table.stream.legal_actions():
            table.do(table.stream.legal_actions()[0])
        return False
    t.wait_for(mid_trick, 30)
    t.settle()
    t.keep_until_shot(joiner)


@step("net-seat-lost")
def _net_seat_lost(t) -> None:
    table, joiner = _host_table(t, started=True)
    joiner.close()                     # the joiner leaves: their seat is lost to the host
    t.wait_for(lambda: type(t.top).__name__ == "SeatLostScene", 30)
    t.settle()


@step("join")
def _join(t) -> None:
    _loopback()
    join = t.push("join")
    join.w_address.value = "192.168.1.23:47411"
    join.w_name.value = JOINER
    join.w_code.value = "4821"
    join.list_tables([FoundTable("192.168.1.23", 47411, DEFAULT_RULESET, "Björn", 1, 3, PROTOCOL,
                                 "0123456789abcdef")])       # as a table found on the network shows
    t.settle()


def _joiner_waiting(t, relay: str | None = None) -> None:
    """A joiner's table before the host starts: the host is a table in this process; the joiner
    comes by its address, or (``relay``) by the invitation through that relay."""
    _loopback()
    players = [{"name": "Björn", "seat": "human"}, {"name": "?", "seat": "net"},
               {"name": ai_name(2), "seat": "ai:normal"}]
    state = new_game(DEFAULT_RULESET, players, {}, seed=3)
    host = open_table(state, network_control([p["seat"] for p in players]), "Björn", AIDriver(1))
    try:
        if relay is None:
            stream = NetStream("127.0.0.1", host.net.port, JOINER, host.network.code)
        else:
            inv = host.network.invite(relay)
            _until(_after([host.serve], lambda: host.network.relay_state == "open"))
            stream = NetStream("", 0, JOINER, "", invitation=inv)
        _until(_after([host.serve, stream.serve], lambda: stream.state == "joined"))
        t.app.nav.push("table", stream=stream)
        t.wait_for(_after([host.serve], lambda: type(t.top).__name__ == "LobbyScene"))
        t.settle()
        t.keep_until_shot(host)
    except Unreachable:
        host.close()
        raise


def _joined_table(t, host_seat: bool = True, options: dict | None = None, started: bool = True):
    """A joiner's table at this screen (Anna, seat 1) and its host in this process (Björn at
    seat 0 when ``host_seat``, else nobody at the host's computer): (table, host stream)."""
    _loopback()
    first = {"name": "Björn", "seat": "human"} if host_seat else {"name": ai_name(0), "seat": "ai:normal"}
    players = [first, {"name": "?", "seat": "net"}, {"name": ai_name(2), "seat": "ai:normal"}]
    state = new_game(DEFAULT_RULESET, players, options or {}, seed=3)
    host = open_table(state, network_control([p["seat"] for p in players]), "Björn", AIDriver(1))
    stream = NetStream("127.0.0.1", host.net.port, JOINER, host.network.code)
    try:
        _until(_after([host.serve, stream.serve], lambda: stream.state == "joined"))
        t.app.nav.push("table", stream=stream)
        t.wait_for(_after([host.serve], lambda: type(t.top).__name__ == "LobbyScene"))
    except Unreachable:
        host.close()
        raise
    t.keep_until_shot(host)
    table = next(s for s in t.app.manager.stack if type(s).__name__ == "TableScene")
    if started:
        host.network.start("ai:normal")
        t.wait_for(_after([host.serve], lambda: type(t.top).__name__ == "TableScene" and table.shown > 0))
    return table, host


def _both_play(t, table, host):
    """One step of both people playing their first legal action (the host's Björn and the
    joiner at this screen), overlays passed."""
    host.serve()
    if host.seat is not None and host.legal_actions():
        host.send(host.legal_actions()[0])
    top = type(t.top).__name__
    if top == "TableScene":
        if table.my_turn() and table.stream.legal_actions():
            table.do(table.stream.legal_actions()[0])
        elif table.timeline.held is not None:
            table.flow.go_on()
    elif top in ("ScoreSheetScene",):
        t.app.manager.pop()


@step("net-joiner-waiting-headless")
def _net_joiner_waiting_headless(t) -> None:
    """A joiner's waiting table when nobody plays at the host's computer."""
    _joined_table(t, host_seat=False, started=False)
    t.settle()


@step("net-reconnecting")
def _net_reconnecting(t) -> None:
    """A joiner's table whose host has gone: the table stays, with Rejoin and Leave."""
    table, host = _joined_table(t)
    host.net.close()            # the host leaves (its window closed)
    t.wait_for(lambda: type(t.top).__name__ == "ReconnectScene")
    t.settle(most=10)


@step("net-pause")
def _net_pause(t) -> None:
    """The host's menu at a network table: nothing pauses for the others."""
    table, joiner = _host_table(t, started=True)
    table.open_pause()
    t.settle()
    t.keep_until_shot(joiner)


@step("net-host-leave")
def _net_host_leave(t) -> None:
    """The host is asked before the table closes, naming who is dropped."""
    table, joiner = _host_table(t, started=True)
    table.open_pause()
    t.settle()
    t.top.widgets.by_name("quit").activate()
    t.settle()
    if type(t.top).__name__ != "ConfirmScene":
        raise Unreachable("no question")
    t.keep_until_shot(joiner)


@step("net-phrase-said")
def _net_phrase_said(t) -> None:
    """A table phrase from the joiner, in the host's language in her seat's box."""
    table, joiner = _host_table(t, started=True)
    t.settle()
    joiner.say("well_played")
    t.wait_for(_after([joiner.serve], lambda: table.timeline.shown(("seat", 1)) is not None))
    t.frames(2)
    t.keep_until_shot(joiner)


@step("net-phrases")
def _net_phrases(t) -> None:
    """The box of table phrases, with a player muted."""
    table, joiner = _host_table(t, started=True)
    t.settle()
    table.toolbar.open_phrases()
    t.settle()
    t.top.toggle(1)
    t.settle(most=5)
    t.keep_until_shot(joiner)


@step("net-joiner-again")
def _net_joiner_again(t) -> None:
    """A joiner's result screen once the host has dealt again at the same table."""
    table, host = _joined_table(t, options={"limit": 4})
    t.wait_for(lambda: (_both_play(t, table, host), type(t.top).__name__ == "ResultScene")[1], 90)
    state = host.host.state
    nxt = new_game(state.rules, [dict(p) for p in host.host.players], dict(state.options), seed=4, game=2,
                   **state.session_next())
    again = host.next_stream(nxt, AIDriver(2))
    t.keep_until_shot(again)
    t.wait_for(_after([again.serve], lambda: t.top.offers_again))
    t.settle(most=20)


@step("net-joiner-waiting")
def _net_joiner_waiting(t) -> None:
    _joiner_waiting(t)


#: the tour's relay port (the same pictures on every run), unless another program has it
TOUR_RELAY_PORT = 47400


def _relay(t):
    """A relay in this process on 127.0.0.1, named in the tour's settings; closed after the shot."""
    try:
        relay = RelayThread(port=TOUR_RELAY_PORT)
    except OSError:
        relay = RelayThread()
    t.keep_until_shot(relay)
    t.app.settings.relay = relay.address
    return relay


@step("net-host-invite")
def _net_host_invite(t) -> None:
    """The host's waiting table opened to the internet: the invitation, its Copy button, the relay's state."""
    _relay(t)
    table, joiner = _host_table(t, joined=False)
    if type(t.top).__name__ != "LobbyScene":
        raise Unreachable("no waiting table")
    # as Invite over the internet does, with a table key that is the same on every run (the picture)
    identity = fixed_identity(b"the tour's internet table")
    table.stream.network.net.invite(t.app.settings.relay, kept={"cert": identity.cert_pem, "key": identity.key_pem,
                                                                  "secret": "0123456789abcdef"})
    t.wait_for(lambda: table.stream.network.relay_state == "open")
    t.settle()


@step("net-host-invite-no-relay")
def _net_host_invite_no_relay(t) -> None:
    """The host asks for an invitation with no relay in Settings: one line says what to do."""
    t.app.settings.relay = ""
    _host_table(t, joined=False)
    if type(t.top).__name__ != "LobbyScene":
        raise Unreachable("no waiting table")
    t.top.invite()
    t.settle()


@step("net-joined-by-invitation")
def _net_joined_by_invitation(t) -> None:
    """A joiner's table before the host starts, reached by an invitation through a relay."""
    _joiner_waiting(t, _relay(t).address)


@step("join-invitation")
def _join_invitation(t) -> None:
    """The join screen with an invitation pasted: no table code is asked for."""
    _loopback()
    join = t.push("join")
    clipboard.copy(Invitation("relay.example.org", 47400, bytes(range(12)), bytes(range(8))).link())
    join.paste()
    join.w_name.value = JOINER
    t.settle()


@step("settings-network")
def _settings_network(t) -> None:
    t.app.settings.relay = "relay.example.org:47400"
    scene = t.push("settings")
    scene.show_page("network")
    t.settle()
