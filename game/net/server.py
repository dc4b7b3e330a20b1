"""The host of a network table: a :class:`~game.play.host.TableHost` whose remote seats are
played from other computers.

    host = TableHost(state, control, decider=AIDriver(seed))      # net seats: control "remote"
    table = NetHost(host, name="Bo", port=47411)
    address, port = table.open()            # listens (a background thread) while the table is open
    ...every frame / loop iteration:
    table.poll()                            # never blocks; all game work happens here
    table.start(fill="ai:normal")           # the host starts: open seats are played by the AI
    table.hand_to_ai(seat, "ai:normal")     # a lost seat is played by the AI until its player returns
    table.invite("relay.example.org:47400") # also open to the internet: the invitation to hand out
    table.close()                           # the host leaves: every joiner is told

The engine is only ever touched in :meth:`NetHost.poll` (the caller's thread).  The network
thread (:mod:`.link`) reads and checks lines, turns away a full table, a wrong table code
and a rate-limited address, and hands every checked message to :meth:`poll`.  A joiner gets
only its own seat's view of the events (:meth:`TableHost.view_events`), whose turn it is, its
legal actions when it is to act, the seats' status, refusals with the engine's code, and at
the game's end the whole record.  The host's own screen reads an ordinary
:class:`~game.play.stream.LocalStream` on the same TableHost.

An action is applied only when it is one of the seat's legal actions exactly
(:func:`game.engine.actions.match_action`); anything else is judged on a copy of the game, for the
engine's reason, and the game is left as it was.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, cast

from ..engine.actions import Action, match_action
from ..engine import IllegalActionError
from ..play.host import LOCAL, REMOTE, SCRIPT, TableHost
from . import protocol as wire
from .gate import Tries, address_key, new_code, new_table_id, new_token, same_secret
from .invitation import Invitation, relay_address
from .link import GONE, LINGER, MSG, Conn, Inbox, NetThread, drain
from .names import distinct_name, shown_name, shown_names
from .texts import seat_again_text, seat_back_text, seat_joined_text, seat_left_text, seat_lost_text
from . import tls
from .relay_client import RelayDoor
from .tls import Identity

if TYPE_CHECKING:      # (the Advertiser is looked up when a table advertises: see _start_advertising)
    from .discovery import Advertiser


#: table phrases: at most PHRASE_BURST from one seat within PHRASE_WINDOW seconds; more are
#: dropped (every screen keeps the same limit on its own player, and says so)
PHRASE_BURST = 3
PHRASE_WINDOW = 10.0


@dataclass(eq=False)
class SeatLink:
    """One network seat: who holds it, how to reach them."""

    seat: int
    #: "open" (nobody has taken it), "connected", "lost"
    link: str = "open"
    token: str | None = None
    #: the token given with the last welcome, until the joiner is heard from on it
    pending: str | None = None
    conn: Conn | None = None
    lost_since: float | None = None
    #: events sent on the current connection, and the turn last told
    sent: int = 0
    told: tuple[int, int | None, int] | None = None
    last_id: int = -1
    #: the id of this seat's act applied since the last update
    done: int | None = None
    ended: bool = False


@dataclass
class Notice:
    """Something the host's screen may show: ``kind`` is ``joined``, ``back``, ``lost``,
    ``left`` (before the start: the seat is open again) or ``again`` (plays the next game)."""

    kind: str
    seat: int
    name: str
    text: str = field(default="")


class NetHost:
    def __init__(self, host: TableHost, name: str, *, code: str | None = None,
                 address: str = "0.0.0.0", port: int = wire.DEFAULT_PORT, limits: wire.Limits = wire.LIMITS,
                 table_id: str | None = None, tokens: Mapping[str, object] | None = None,
                 advertise: bool = False, clock: Callable[[], float] = time.monotonic):
        if code is not None and not wire.HELLO_CODE.fullmatch(code):
            raise ValueError("a table code is four digits (or a long code)")
        self.host = host
        self.name = shown_name(name, "Host")
        self.code = code or new_code()
        self.table_id = table_id if table_id and wire.TABLE_ID.fullmatch(table_id) else new_table_id()
        self.bind_address = address
        self.port = port
        self.limits = limits
        self.clock = clock
        self.tries = Tries(limits)
        self.links: dict[int, SeatLink] = {s: SeatLink(s) for s in host.seats(REMOTE)}
        #: each network seat's own name (before a player sat down in it): a seat freed again
        #: gets it back
        self.seat_names = {s: host.players[s]["name"] for s in self.links}
        for key, token in (tokens or {}).items():     # a table reopened (the host's Continue)
            seat = int(key)
            if seat in self.links and isinstance(token, str) and wire.TOKEN.fullmatch(token):
                self.links[seat].token = token
                self.links[seat].link = "lost"
                self.links[seat].lost_since = clock()
        #: a table reopened with its players' tokens (the host's Continue): a game under way,
        #: whose seats are kept for their players also before the host starts again
        self.resumed = any(lk.token for lk in self.links.values())
        self.started = False
        self.inbox: Inbox = queue.SimpleQueue()
        self.net: NetThread | None = None
        self._server: asyncio.base_events.Server | None = None
        self._conns: set[Conn] = set()
        self._dirty = True
        self._status_sent: wire.Message | None = None
        self._notices: list[Notice] = []
        #: (seconds, spec): a seat lost for that long is handed to that AI (None: the host decides)
        self.lost_to_ai: tuple[float, str] | None = None
        #: advertise the table on the local network while it is open (:mod:`.discovery`; never
        #: when it listens on loopback only)
        self.advertise = advertise
        self._advertiser: Advertiser | None = None
        self._free_told: int | None = None
        #: open to the internet through a relay (:meth:`invite`)
        self.invitation: Invitation | None = None
        self.door: RelayDoor | None = None
        self._identity: Identity | None = None
        #: messages taken and connections dropped (benchmarks, tests)
        self.counts = {"messages": 0, "dropped": 0, "refused": 0, "phrases_dropped": 0}
        #: per seat, when its last table phrases were said (the rate limit)
        self._phrase_times: dict[int, deque[float]] = {}
        #: (seat, phrase id) said at the table since the host's screen last asked
        self._phrases: list[tuple[int, str]] = []
        host.listen(self._changed)

    # -- opening and closing ----------------------------------------------------------------
    def open(self) -> tuple[str, int]:
        """Start listening; the bound (address, port).  OSError (one line) when the port cannot
        be had (another program uses it)."""
        if self.net is not None:
            return self.bind_address, self.port
        self.net = NetThread("gurka-host")
        try:
            self._server = self.net.submit(self._listen()).result(10)
        except OSError as e:
            self.net.stop()
            self.net = None
            raise OSError(f"cannot open a table on port {self.port}: {e.strerror or e}") from None
        sock = self._server.sockets[0].getsockname()
        self.port = int(sock[1])
        if self.advertise and not self.bind_address.startswith("127.") and self.bind_address != "::1":
            self._start_advertising()
        return self.bind_address, self.port

    def invite(self, relay: str, kept: Mapping[str, Any] | None = None) -> Invitation:
        """Open the table to the internet through the relay at ``relay`` (``HOST[:PORT]``, as the
        host's Settings name it) as well: the invitation to hand the others.  ``kept``: what
        :meth:`relay_keep` gave before (the host's Continue): the same invitation again.
        InvitationError (one line) when ``relay`` is no address; the relay is reached in the
        background (:attr:`relay_state`)."""
        if self.net is None:
            self.open()
        host, port, tls_relay = relay_address(relay)
        if self.door is not None:
            assert self.invitation is not None      # (made with the door)
            return self.invitation
        identity = None
        if kept:
            try:
                identity = tls.identity_from(kept)
            except tls.IdentityError:
                identity = None
        key = kept.get("secret") if identity is not None and kept else None
        identity = identity or tls.new_identity()
        if isinstance(key, str) and wire.HELLO_CODE.fullmatch(key) and len(key) == 16:
            inv = Invitation(host, port, identity.pin, bytes.fromhex(key), tls_relay)
        else:
            inv = Invitation.new(host, port, identity.pin, tls_relay)
        self._identity = identity
        self.invitation = inv
        self.door = RelayDoor(inv, identity, self._accept, limit=self.limits.joiner_line + 2)
        assert self.net is not None             # (opened above)
        self.net.call(self.door.start)
        return inv

    @property
    def relay_state(self) -> str | None:
        """None (not on a relay), ``connecting``, ``open``, ``retrying`` or ``refused``."""
        return self.door.state if self.door is not None else None

    def relay_keep(self) -> dict[str, str] | None:
        """What the host's save keeps to open the same invitation again."""
        if self.invitation is None or self._identity is None:     # (both made by invite)
            return None
        return {"relay": self.invitation.relay, "cert": self._identity.cert_pem, "key": self._identity.key_pem,
                "secret": self.invitation.code}

    def free_seats(self) -> int:
        """Seats a newcomer may take: open ones, and before the start a lost one."""
        return sum(1 for lk in self.links.values() if lk.link == "open" or (lk.link == "lost" and self._fresh()))

    def _fresh(self) -> bool:
        """Before the start of a new game: a seat its player left is anybody's (after the start,
        or at a game reopened under way, it is kept for its player's token)."""
        return not self.started and not self.resumed

    def _start_advertising(self) -> None:
        """Advertise on a thread of its own (registering takes a moment; the loop never waits)."""
        # here, not at the top: looked up at each opening (tests put a fake discovery.Advertiser)
        from .discovery import Advertiser
        state = self.host.state
        adv = Advertiser(self.port, state.rules, self.name, self.free_seats(), self.host.n, self.table_id)
        self._advertiser = adv
        self._free_told = adv.free
        threading.Thread(target=adv.start, name="gurka-advertise", daemon=True).start()

    def _advertise_free(self) -> None:
        free = self.free_seats()
        if self._advertiser is not None and free != self._free_told:
            self._free_told = free
            threading.Thread(target=self._advertiser.update, args=(free,), daemon=True).start()

    async def _listen(self) -> asyncio.Server:
        return await asyncio.start_server(self._accept, self.bind_address, self.port,
                                          limit=self.limits.joiner_line + 2, reuse_address=True)

    @property
    def is_open(self) -> bool:
        return self.net is not None

    def close(self, reason: str = "host_left") -> None:
        """The host leaves (or the game is over and done): every joiner is told, the table
        stops listening, its thread ends."""
        if self.net is None:
            return
        if self.door is not None:
            self.net.call(self.door.stop)
        if self._advertiser is not None:
            adv, self._advertiser = self._advertiser, None
            threading.Thread(target=adv.stop, name="gurka-advertise", daemon=True).start()
        text = "the host has left the table" if reason == "host_left" else "the game is over"
        conns = list(self._conns)
        for conn in conns:
            conn.close(wire.closed(reason, text))
        net, self.net = self.net, None
        if threading.current_thread() is not net.thread:
            end = time.monotonic() + LINGER     # each joiner reads why, then closes its side
            for conn in conns:
                conn.done.wait(max(0.0, end - time.monotonic()))

        async def shut() -> None:
            if self._server is not None:
                self._server.close()
            await asyncio.sleep(0.05)      # the closing lines go out first
        try:
            net.submit(shut()).result(2)
        except Exception:  # noqa: BLE001 - leaving the table must never fail on the network
            pass
        net.stop()

    # -- the network thread ---------------------------------------------------------------------
    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                      address: str | None = None) -> None:
        """One connection, from the listening socket or handed in by another door (``address``:
        what that door calls the joiner; by default its IP address)."""
        assert self.net is not None             # (the table is open: this runs on its thread)
        conn = Conn(self.net, reader, writer, self.inbox, self.limits, self.limits.joiner_line,
                    wire.JOINER_DEPTH, wire.check_from_joiner, self.limits.handshake, gate=self._gate,
                    closing_message=self._closing, address=address)
        self._make_room(conn)
        self._conns.add(conn)
        try:
            await conn.run()
        finally:
            self._conns.discard(conn)

    def _make_room(self, newcomer: Conn) -> None:
        """A newcomer always gets its chance to say hello: when too many connections have not
        yet said one that the gate let through (from its address, or from everyone), the
        oldest of them (of its own address, or of the address holding the most) is dropped as
        ``busy``.  Connections that proved they know the code or hold a token hold their place."""
        waiting = [c for c in self._conns if not c.proven and not c.closed]
        key = address_key(newcomer.address)
        mine = [c for c in waiting if address_key(c.address) == key]
        victims = None
        if len(mine) >= self.limits.connections:
            victims = mine
        elif len(waiting) >= self.limits.handshakes:
            by_address: dict[str, list[Conn]] = {}
            for c in waiting:
                by_address.setdefault(address_key(c.address), []).append(c)
            victims = max(by_address.values(), key=len)
        if victims:
            self.counts["refused"] += 1
            min(victims, key=lambda c: c.opened).turn_away("busy", "the table is busy")

    @staticmethod
    def _closing(code: str, text: str, handshaken: bool) -> wire.Message:
        if code == "protocol":
            return wire.refused("protocol", f"this table speaks {wire.PROTOCOL}, not {text}")
        return wire.closed(code, text) if handshaken else wire.refused(code, text)

    def _gate(self, conn: Conn, hello: wire.Message) -> wire.Message | None:
        """The network thread's check of a hello: the rate limit, then the table code.  A hello
        with a token for this table goes on to the main loop, which looks at the token (a
        wrong one counts as a wrong guess): a seat's player is never held up by the limit."""
        if hello.get("token") is not None and hello.get("table") == self.table_id:
            return None
        now = self.clock()
        if self.tries.blocked(conn.address, now):
            return wire.refused("too_many_tries", "too many wrong codes; wait a minute")
        # through a relay only the invitation's key opens the door (the relay knows the room,
        # and four digits would not keep it out); on the local network the table's code
        code: str | None = self.invitation.code if conn.relayed and self.invitation is not None else self.code
        if conn.relayed and self.invitation is None:
            code = None
        if not same_secret(hello["code"], code):
            self.tries.fail(conn.address, now)
            return wire.refused("wrong_code", "wrong table code")
        return None

    # -- the main loop ----------------------------------------------------------------------------
    def poll(self, now: float | None = None) -> None:
        """Take what arrived, apply it, send the news.  Never blocks."""
        now = self.clock() if now is None else now
        for item in drain(self.inbox):
            if item[0] == MSG:
                _kind, conn, message = item
                conn.taken()
                self.counts["messages"] += 1
                self._on_message(conn, message, now)
            elif item[0] == GONE:
                self.counts["dropped"] += 1
                self._on_gone(item[1], now)
        if self.lost_to_ai is not None and self.started:
            wait, spec = self.lost_to_ai
            for link in self.links.values():
                if (link.link == "lost" and not self.host.handed(link.seat)
                        and link.lost_since is not None and now - link.lost_since >= wait):
                    self.host.hand_to_ai(link.seat, spec)
        self._advertise_free()
        self._send_news()

    def _changed(self) -> None:
        self._dirty = True

    def take_notices(self) -> list[Notice]:
        """What happened at the door since the last call (joined, back, lost)."""
        notices, self._notices = self._notices, []
        return notices

    # -- the host's decisions ------------------------------------------------------------------
    def start(self, fill: str = "ai:normal") -> None:
        """The game begins: every network seat nobody holds now is played by ``fill`` (an
        ``ai:LEVEL``) until a player takes it."""
        for link in self.links.values():
            if link.link != "connected" and not self.host.handed(link.seat):
                self.host.hand_to_ai(link.seat, fill)
        self.started = True
        self._dirty = True

    def next_game(self, host: TableHost) -> None:
        """Play again at this table: ``host`` holds the next game (the same seats; its network
        seats ``remote``).  Every player at the table is asked (``next``) and keeps the seat
        until they say yes (``again``) or leave; the table waits for the host's start again,
        and a seat whose player has not said yes by then is played by the AI meanwhile."""
        self.host = host
        host.listen(self._changed)
        self.started = self.resumed = False
        for link in self.links.values():
            link.sent, link.told, link.done, link.ended = 0, None, None, False
            if link.link == "open":
                host.rename(link.seat, self.seat_names[link.seat])
            if link.link == "connected" and link.conn is not None:
                link.link = "asked"
                link.conn.send(wire.next_game(host.state))
        self._status_sent = None
        self._dirty = True

    def _on_again(self, link: SeatLink, message: wire.Message) -> None:
        if link.link != "asked" or message["game"] != getattr(self.host.state, "game", 1):
            return          # not asked, or another game's answer: nothing to do
        link.link = "connected"
        link.sent, link.told, link.done = 0, None, None
        if self.host.handed(link.seat):
            self.host.hand_back(link.seat)
        name = self.host.players[link.seat]["name"]
        self._notices.append(Notice("again", link.seat, name, seat_again_text(name)))
        self._status_sent = None
        self._dirty = True

    def say(self, seat: int, phrase: str, now: float | None = None) -> bool:
        """``seat`` says a table phrase (an id of ``wire.PHRASES``) to everyone at the table;
        False when it was dropped (an unknown phrase, or over the seat's rate limit)."""
        now = self.clock() if now is None else now
        if phrase not in wire.PHRASES or not 0 <= seat < self.host.n:
            return False
        times = self._phrase_times.setdefault(seat, deque())
        while times and now - times[0] > PHRASE_WINDOW:
            times.popleft()
        if len(times) >= PHRASE_BURST:
            self.counts["phrases_dropped"] += 1
            return False
        times.append(now)
        self._phrases.append((seat, phrase))
        for link in self.links.values():
            if link.conn is not None and link.link in ("connected", "asked"):
                link.conn.send(wire.said(seat, phrase))
        return True

    def take_phrases(self) -> list[tuple[int, str]]:
        """The table phrases said since the last call: (seat, phrase id)."""
        phrases, self._phrases = self._phrases, []
        return phrases

    def hand_to_ai(self, seat: int, spec: str) -> None:
        """A network seat is played by the AI ``spec`` until its player rejoins."""
        if seat not in self.links:
            raise ValueError(f"seat {seat} is not a network seat")
        self.host.hand_to_ai(seat, spec)

    def release(self, seat: int) -> None:
        """Free a network seat (its player's token no longer holds it; before the start, say):
        it is open again under its own name."""
        link = self.links[seat]
        if link.conn is not None:
            link.conn.close(wire.closed("replaced", "the host freed this seat"))
        self.host.forget(link)
        self.links[seat] = SeatLink(seat)
        if not self.host.is_over():        # (a finished game keeps its players' names)
            self.host.rename(seat, self.seat_names[seat])
        self._status_sent = None
        self._dirty = True

    def tokens(self) -> dict[int, str]:
        """Each held seat's reconnect token: kept in the host's save, so that the same
        players can rejoin a reopened table (``NetHost(..., tokens=...)``)."""
        out = {}
        for s, link in self.links.items():
            token = link.token or link.pending
            if token:
                out[s] = token
        return out

    def seat_status(self) -> list[dict[str, Any]]:
        """Per seat: ``name``, ``who`` (``host``: a person at the host's screen, ``ai``,
        ``net``), ``link`` (network seats: ``open``, ``connected``, ``lost``; else None) and
        ``ai`` (whether the host's AI plays it now)."""
        host = self.host
        out: list[dict[str, Any]] = []
        names = shown_names([p["name"] for p in host.players])
        for s in range(host.n):
            link = self.links.get(s)
            if link is not None:
                who = "net"
            else:
                who = "host" if host.control[s] in (LOCAL, SCRIPT) else "ai"
            out.append({"name": names[s], "who": who, "link": link.link if link else None,
                        "ai": host.control[s] == "ai"})
        return out

    def thinking(self) -> int | None:
        """The seat deciding now: the host's AI at work, else the person whose turn it is (not
        a network seat whose player is away: nobody is thinking there)."""
        seat = self.host.thinking()
        if seat is not None:
            return seat
        to_act = self.host.to_act()
        if self.started and to_act is not None and to_act >= 0 and self.host.control[to_act] != "ai":
            link = self.links.get(to_act)
            return to_act if link is None or link.link == "connected" else None
        return None

    # -- messages --------------------------------------------------------------------------------
    def _on_message(self, conn: Conn, message: wire.Message, now: float) -> None:
        kind = message["type"]
        if kind == "hello":
            self._on_hello(conn, message, now)
            return
        link = self.links.get(conn.seat) if conn.seat is not None else None
        if link is None or link.conn is not conn:
            return        # a connection that was refused, replaced or released: nothing it says counts
        if link.pending is not None:          # heard from on the new token: the old one is gone
            link.token, link.pending = link.pending, None
        if kind == "act":
            if link.link == "connected":
                self._on_act(link, message)
        elif kind == "say":
            self.say(link.seat, message["phrase"], now)
        elif kind == "again":
            self._on_again(link, message)
        elif kind == "seen":
            # the host's pace counts in ms (TableHost.step is given ms), this loop's clock in s
            self.host.seen(link, min(message["events"], len(self.host.state.events)), now * 1000.0)
        elif kind == "bye":
            conn.close()
            if not self._fresh() and not self.host.is_over():
                self._lose(link, now)
            else:        # left before the start or after the end: the seat is open again for anyone
                name = self.host.players[link.seat]["name"]
                self.release(link.seat)
                self._notices.append(Notice("left", link.seat, name, seat_left_text(name)))

    def _on_hello(self, conn: Conn, hello: wire.Message, now: float) -> None:
        if conn.closed:
            return
        token = hello.get("token")
        if token is not None and hello.get("table") == self.table_id:
            link = next((lk for lk in self.links.values()
                         if same_secret(token, lk.token) or same_secret(token, lk.pending)), None)
            if link is None:
                self.tries.fail(conn.address, now)
                self._refuse(conn, "bad_token", "no seat holds this token")
                return
            have = hello.get("have", 0) if hello.get("game", 1) == getattr(self.host.state, "game", 1) else 0
            self._seat(link, conn, have, back=True)
            return
        wanted = hello.get("seat")
        free = [lk for lk in self.links.values() if lk.link == "open"]
        if not free and self._fresh():
            # before the start a seat whose player lost the connection is anybody's: the one
            # lost longest goes to the newcomer (its old token no longer holds it)
            lost = sorted((lk for lk in self.links.values() if lk.link == "lost"),
                          key=lambda lk: lk.lost_since or 0.0)
            if lost:
                self.release(lost[0].seat)
                free = [self.links[lost[0].seat]]
        if self.host.is_over():
            free = []
        link = next((lk for lk in free if lk.seat == wanted), free[0] if free else None)
        if link is None:
            self._refuse(conn, "full", "no free seat at this table")
            return
        # the name others will see: plain (no bidi control, no stack of marks) and no other
        # seat's
        others = shown_names([p["name"] for p in self.host.players])
        del others[link.seat]
        self.host.rename(link.seat, distinct_name(shown_name(hello["name"], self.seat_names[link.seat]), others))
        self._seat(link, conn, 0, back=False)

    def _refuse(self, conn: Conn, reason: str, text: str) -> None:
        self.counts["refused"] += 1
        conn.close(wire.refused(reason, text))

    def _seat(self, link: SeatLink, conn: Conn, have: int, back: bool) -> None:
        if link.conn is not None and link.conn is not conn:
            link.conn.close(wire.closed("replaced", "this seat was taken up by a new connection"))
        conn.seat = link.seat
        link.conn = conn
        link.link = "connected"
        link.lost_since = None
        link.sent = max(0, min(have, len(self.host.state.events)))
        link.told = None
        link.last_id = -1
        link.done = None
        link.ended = False
        link.pending = new_token()
        if link.token is None:
            link.token, link.pending = link.pending, None
        conn.send(wire.welcome(self.table_id, link.seat, link.pending or link.token, self.name,
                            self.host.state))
        if self.host.handed(link.seat):
            self.host.hand_back(link.seat)
        name = self.host.players[link.seat]["name"]
        text = seat_back_text(name) if back else seat_joined_text(name)
        self._notices.append(Notice("back" if back else "joined", link.seat, name, text))
        self._status_sent = None
        self._dirty = True

    def _on_act(self, link: SeatLink, message: wire.Message) -> None:
        ident, action = message["id"], message["action"]
        seat = link.seat
        host = self.host

        def refuse(code: str, text: str, **params: object) -> None:
            assert link.conn is not None        # (the message came from it)
            link.conn.send(wire.refusal(ident, code, params, text))
        if ident <= link.last_id:
            refuse("duplicate", "this action was sent before")
            return
        link.last_id = ident
        if not self.started:
            refuse("not_started", "the game has not started")
            return
        if "player" in action and action["player"] != seat:
            refuse("not_your_seat", "you play your own seat only")
            return
        if host.to_act() != seat:
            refuse("not_your_turn", "it is not your turn")
            return
        if message["at"] != len(host.state.events):
            refuse("stale", "the game has moved on since")
            return
        chosen = match_action(action, host.legal_actions(seat))
        if chosen is not None:
            try:
                host.submit(seat, chosen)
                link.done = ident
                return
            except IllegalActionError as e:      # cannot happen: a legal action is legal
                refuse(e.code, e.reason, **e.params)
                return
        try:       # not a legal action: the engine says why, on a copy (the game stays as it is)
            host.state.copy().apply(cast(Action, {k: v for k, v in action.items() if k != "player"}))
        except IllegalActionError as e:
            refuse(e.code, e.reason, **e.params)
            return
        except Exception:  # noqa: BLE001 - whatever the engine makes of it, it is refused
            pass
        refuse("bad_action", "that is not an action you may take")

    def _on_gone(self, conn: Conn | None, now: float) -> None:
        link = self.links.get(conn.seat) if conn is not None and conn.seat is not None else None
        if link is not None and link.conn is conn:
            self._lose(link, now)

    def _lose(self, link: SeatLink, now: float) -> None:
        link.conn = None
        link.link = "lost"
        link.lost_since = now
        self.host.forget(link)
        if link.ended:
            return        # gone after the game's end (its record was sent): nothing to tell
        name = self.host.players[link.seat]["name"]
        self._notices.append(Notice("lost", link.seat, name, seat_lost_text(name)))
        self._status_sent = None

    # -- news ----------------------------------------------------------------------------------------
    def _send_news(self) -> None:
        status: wire.Message = {"type": "status", "started": self.started, "seats": self.seat_status(),
                  "thinking": self.thinking()}
        if status != self._status_sent:
            self._status_sent = status
            for link in self.links.values():
                if link.conn is not None:
                    link.conn.send(status)
        if not self.started:
            return
        host = self.host
        over = host.is_over()
        total = len(host.state.events)
        to_act = host.to_act()
        record = None
        for link in self.links.values():
            conn = link.conn
            if conn is None or conn.closed or link.link != "connected":
                continue        # (asked to play the next game: nothing of it until they say yes)
            legal = host.legal_actions(link.seat) if to_act == link.seat else []
            told = (total, to_act, len(legal))
            if link.sent < total or link.told != told or link.done is not None:
                while True:
                    chunk = host.view_events(link.seat, link.sent)[:wire.MAX_UPDATE_EVENTS]
                    last = link.sent + len(chunk) >= total
                    conn.send(wire.update(link.sent, chunk, to_act, legal if last else [],
                                       link.done if last else None))
                    link.sent += len(chunk)
                    if last:
                        break
                link.told = told
                link.done = None
            if over and not link.ended:
                record = record or wire.public_record(host.state.record())
                conn.send({"type": "end", "record": record})
                link.ended = True
        self._dirty = False
