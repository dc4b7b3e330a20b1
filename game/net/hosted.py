"""A network table at a screen: the host's stream, and what both sides' screens show of the
table (who sits where, who is connected, the code and the address to type).

The host's own screen reads a :class:`HostedStream`: the ordinary stream of a game hosted in
this process (:class:`game.play.stream.LocalStream`) that also serves the network every frame
(:meth:`HostedStream.serve`: the joiners' moves come in, the news goes out, the AI seats
decide), also while the host reads the score sheet or the pause menu: the others play on.
Until the host starts the game nobody moves.

Both screens ask their stream's :attr:`network` (a :class:`TableNetwork`) what to show of
the table: its seats and their state, the table code and this computer's addresses (the
host), and what happened at the door ("Anna lost the connection").
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence

from ..engine import IllegalActionError
from ..engine.actions import Action
from ..engine.base import GameState
from ..play.protocols import Decider
from ..play.host import AI, LOCAL, REMOTE, TableHost
from ..play.stream import LocalStream
from ..i18n import _
from . import protocol
from .keepsake import checked
from .discovery import lan_addresses
from .server import NetHost
from .invitation import Invitation
from .texts import seat_again_text, seat_back_text, seat_joined_text, seat_left_text, seat_lost_text



def clock_ms() -> float:
    return time.monotonic() * 1000.0


@dataclass
class SeatNews:
    """Something that happened at a network seat: ``kind`` is ``joined``, ``back``, ``lost``,
    ``left`` (before the start) or ``again`` (plays the next game at the table)."""

    kind: str
    seat: int
    name: str
    text: str


class TableNetwork:
    """What a screen shows of a network table (the host's side; :class:`JoinedNetwork` is a
    joiner's)."""

    hosting = True

    def __init__(self, net: NetHost, addresses: list[str]):
        self.net = net
        #: where others reach this table ("192.168.1.23:47411"), most likely first
        self.addresses = [f"{a}:{net.port}" for a in addresses]
        self.fill = "ai:normal"

    @property
    def code(self) -> str:
        return self.net.code

    @property
    def started(self) -> bool:
        return self.net.started

    @property
    def host_name(self) -> str:
        return self.net.name

    def seats(self) -> list[dict[str, Any]]:
        """Per seat: ``name``, ``who`` (host, ai, net), ``link`` (open, connected, lost or None)
        and ``ai`` (the AI plays it now)."""
        return self.net.seat_status()

    def waiting_for(self) -> list[int]:
        """The network seats nobody holds now."""
        return [s for s, st in enumerate(self.seats()) if st["who"] == "net" and st["link"] != "connected"]

    def start(self, fill: str | None = None) -> None:
        """The game begins; the network seats nobody holds are played by ``fill`` meanwhile."""
        self.fill = fill or self.fill
        self.net.start(self.fill)

    def hand_to_ai(self, seat: int, spec: str | None = None) -> None:
        self.net.hand_to_ai(seat, spec or self.fill)

    def news(self) -> list[SeatNews]:
        return [SeatNews(n.kind, n.seat, n.name, n.text) for n in self.net.take_notices()]

    # -- the internet ----------------------------------------------------------------------------
    def invite(self, relay: str) -> Invitation:
        """Open the table to the internet through ``relay`` (the host's Settings): the
        :class:`~game.net.invitation.Invitation` to hand out (InvitationError: no address)."""
        return self.net.invite(relay)

    @property
    def invitation(self) -> Invitation | None:
        return self.net.invitation

    @property
    def relay_state(self) -> str | None:
        """None (not open to the internet), ``connecting``, ``open``, ``retrying``, ``refused``."""
        return self.net.relay_state

    def keep(self) -> dict[str, Any]:
        """What the host's save keeps to open this table again (Continue): the same table, code
        and port, and each seat's token, so the same players take their seats back; for a table
        open to the internet, its relay, certificate and key: the same invitation works again."""
        keep: dict[str, Any] = {"table": self.net.table_id, "code": self.net.code, "port": self.net.port,
                "tokens": {str(s): t for s, t in self.net.tokens().items()}}
        relay = self.net.relay_keep()
        if relay is not None:
            keep["relay"] = relay
        return keep


class JoinerStream(Protocol):
    """What :class:`JoinedNetwork` reads of a joiner's stream (:class:`game.net.client.NetStream`,
    which imports this module: its shape named here keeps the import one way)."""

    @property
    def offer(self) -> protocol.Message | None: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def where(self) -> str: ...
    @property
    def started(self) -> bool: ...
    @property
    def host_name(self) -> str: ...
    @property
    def seat_status(self) -> list[dict[str, Any]]: ...
    @property
    def seat(self) -> int: ...


class JoinedNetwork:
    """What a joiner's screen shows of the network table it sits at (from the host's status)."""

    hosting = False
    code = None

    @property
    def offer(self) -> protocol.Message | None:
        """The next game the host dealt at this table, until this player says yes."""
        return self.stream.offer

    @property
    def closed(self) -> bool:
        """The host has closed the table (after the game, or leaving)."""
        return self.stream.reason in ("game_over", "host_left")

    def __init__(self, stream: JoinerStream):
        self.stream = stream
        self.addresses = [stream.where]
        inv = getattr(stream, "invitation", None)
        #: the relay an internet table is reached through (None: the local network)
        self.relay = inv.relay if inv is not None else None
        self._links: dict[int, str | None] = {}
        self._names: dict[int, str] = {}

    @property
    def started(self) -> bool:
        return self.stream.started

    @property
    def host_name(self) -> str:
        return self.stream.host_name

    def seats(self) -> list[dict[str, Any]]:
        return [dict(s) for s in self.stream.seat_status]

    def waiting_for(self) -> list[int]:
        return [s for s, st in enumerate(self.seats()) if st["who"] == "net" and st["link"] != "connected"]

    def news(self) -> list[SeatNews]:
        """The other network seats that came, went or came back since the last call."""
        out: list[SeatNews] = []
        for seat, st in enumerate(self.seats()):
            before, now = self._links.get(seat), st.get("link")
            before_name = self._names.get(seat, st["name"])
            self._links[seat], self._names[seat] = now, st["name"]
            if seat == self.stream.seat or before is None or before == now:
                continue
            if now == "lost":
                out.append(SeatNews("lost", seat, st["name"], seat_lost_text(st["name"])))
            elif now == "open" and before in ("connected", "asked"):
                out.append(SeatNews("left", seat, before_name, seat_left_text(before_name)))
            elif now == "connected" and before == "asked":
                out.append(SeatNews("again", seat, st["name"], seat_again_text(st["name"])))
            elif now == "connected":
                kind = "back" if before == "lost" else "joined"
                text = seat_back_text(st["name"]) if kind == "back" else seat_joined_text(st["name"])
                out.append(SeatNews(kind, seat, st["name"], text))
        return out


class HostedStream(LocalStream):
    """The host's screen at a network table: a local stream that serves the network too."""

    def __init__(self, host: TableHost, net: NetHost, addresses: list[str], seat: int | None = None):
        super().__init__(host, seat)
        self.net = net
        self._addresses = list(addresses)
        self.network = TableNetwork(net, addresses)
        self._delay = 0.0
        #: the table went on into the next game's stream: closing this one leaves it open
        self.handed_on = False

    def next_stream(self, state: GameState, decider: Decider | None) -> HostedStream:
        """Play again at the same table: ``state`` (the next game, the same players) is hosted
        on this table's network; its players are asked to stay (:meth:`NetHost.next_game`)."""
        host = TableHost(state, network_control([p["seat"] for p in state.players]), decider=decider)
        self.net.next_game(host)
        self.handed_on = True
        stream = HostedStream(host, self.net, self._addresses, self.seat)
        stream.network.fill = self.network.fill
        return stream

    def take_phrases(self) -> list[tuple[int, str]]:
        return self.net.take_phrases()

    def say(self, phrase: str) -> None:
        if self.seat is not None:
            self.net.say(self.seat, phrase)

    def legal_actions(self) -> list[Action]:
        return super().legal_actions() if self.net.started else []

    def send(self, action: Action) -> None:
        if not self.net.started:
            raise IllegalActionError("the game has not started", "not_started")
        super().send(action)

    def tick(self, now: float, shown: int, min_delay: float) -> None:
        self._delay = min_delay
        self.host.seen(self, shown, clock_ms())

    def serve(self) -> None:
        self.net.poll()
        if self.net.started:
            self.host.step(clock_ms(), self._delay)

    def seat_note(self, seat: int) -> str:
        return seat_words(self.network.seats(), seat, self.net.started)

    def close(self) -> None:
        if not self.handed_on:
            self.net.close()
        super().close()


def seat_words(seats: Sequence[Mapping[str, Any]], seat: int, started: bool) -> str:
    """A network seat's state in words for its panel ("" when there is nothing to say)."""
    st = seats[seat] if 0 <= seat < len(seats) else None
    if st is None or st.get("who") != "net":
        return ""
    if st.get("link") == "lost":
        return _("lost the connection")
    if st.get("link") == "open" and not started:
        return _("waiting for a player")
    return ""


def loopback_only() -> bool:
    """``GURKA_NET_LOOPBACK=1`` (tests, two windows on one computer): tables are opened on
    127.0.0.1 only, never advertised, and the join screen does not look for tables: nothing
    leaves this computer."""
    return os.environ.get("GURKA_NET_LOOPBACK") == "1"


def open_table(state: GameState, control: list[str], host_name: str, decider: Decider | None,
               port: int = protocol.DEFAULT_PORT, keep: object = None) -> HostedStream:
    """Host ``state`` on the network: its ``remote`` seats are taken by players who join.
    ``keep``: a reopened table's :meth:`TableNetwork.keep` (same table, code and port; its
    players rejoin with their tokens).  OSError (one line) when no port can be had."""
    address = "127.0.0.1" if loopback_only() else "0.0.0.0"
    advertise = not loopback_only()
    host = TableHost(state, control, decider=decider)
    keep = checked(keep, len(state.players)) or {}
    wanted = keep.get("port") or port
    for attempt in (wanted, 0):          # the usual port, else any free one
        net = NetHost(host, host_name, code=keep.get("code"), address=address, port=attempt,
                      table_id=keep.get("table"), tokens=keep.get("tokens"), advertise=advertise)
        try:
            net.open()
            break
        except OSError:
            if attempt == 0:
                host.close()
                raise
    if isinstance(keep.get("relay"), dict):       # the same invitation as before
        try:
            net.invite(keep["relay"]["relay"], kept=keep["relay"])
        except ValueError:
            pass
    addresses = lan_addresses() if address in ("0.0.0.0", "") else [address]
    local = host.seats(LOCAL)
    return HostedStream(host, net, addresses or ["127.0.0.1"], local[0] if local else None)


def host_name(players: Sequence[Mapping[str, Any]]) -> str:
    """The host's name as joiners see it: the first person at the host's screen."""
    return next((p["name"] for p in players if p.get("seat") == "human"), "") or "Host"


def network_control(specs: list[str]) -> list[str]:
    """The control of each seat of a network table: this screen's people, the network seats,
    the AI."""
    return [LOCAL if s == "human" else REMOTE if s == "net" else AI for s in specs]
