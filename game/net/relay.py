"""The relay: a small server that homes behind routers both connect out to, and that pipes
their bytes.  ``python -m game relay --port 47400`` (the README's "Run a relay").

It pairs a host with each of its joiners by a **room** (16 hex digits: 64 bits of the
host's certificate fingerprint, :mod:`.invitation`) and forwards the bytes between them.  What
it forwards is TLS between host and joiner (:mod:`.tls`): it cannot read the game, and it
never parses, stores or logs what goes through.  It writes nothing to disk; its log is counts.

Protocol ``gurka-relay/1``: every connection starts with one ASCII line (at most
``RelayLimits.line`` bytes, within ``handshake`` seconds):

    gurka-relay/1 host ROOM OWNER     the host's control connection for ROOM (OWNER: 16 hex
                                      digits the host derives from its invitation's key; the
                                      same OWNER may take the room over from a connection the
                                      relay still holds, after a host's network hiccup)
        <- ok | no REASON
        <- join PAIR TAG              a joiner is waiting: PAIR (32 hex digits) to accept it
                                      with, TAG (8 hex digits) names the joiner's address
                                      without telling it (the host's limits count by it)
        <-> ping                      every ``ping`` s both ways; ``control_silence`` s without
                                      a line and the connection is closed
    gurka-relay/1 join ROOM           a joiner
        <- ok                         the host accepted: from here on the bytes are piped
        <- no REASON                  and the connection closes
    gurka-relay/1 accept ROOM PAIR    the host's connection for one joiner: piped at once (the
                                      relay answers nothing on it; a PAIR it does not know is
                                      closed)

REASONs: ``version``, ``bad`` (a line that is none of these), ``busy`` (too many connections
from this address, or in all), ``full`` (tables in all, or from this address), ``taken`` (the
room is held by another host), ``no_room``, ``slow_down`` (too many joins for rooms that do
not exist from this address), ``host_slow`` (the host did not accept in time), ``host_left``.

Limits (:class:`RelayLimits`): connections per address and in all, rooms per address and in
all, the first line's size and time, how long a joiner waits for the host, idle time of a
pipe, bytes per second per connection (a token bucket: past it the relay stops reading from
that side for a moment), bytes held for a side that does not read (past it the other side
is not read from until it catches up), joins for rooms that do not exist per address.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
import signal
import ssl
import sys
import time
from typing import Any
from collections import deque
from dataclasses import dataclass

from .link import NetThread

VERSION = "gurka-relay/1"
_ROOM = re.compile(rb"[0-9a-f]{16}")
_OWNER = _ROOM
_PAIR = re.compile(rb"[0-9a-f]{32}")


@dataclass(frozen=True)
class RelayLimits:
    #: bytes of a relay line (the first line of a connection, a control line)
    line: int = 200
    #: seconds from connecting to a complete first line
    handshake: float = 5.0
    #: seconds a joiner waits for its host to accept it
    join_wait: float = 10.0
    #: seconds a pipe may carry no byte either way (a table's own pings flow every 2 s)
    idle: float = 60.0
    #: seconds between pings on a control connection, and the silence after which it is closed
    ping: float = 15.0
    control_silence: float = 45.0
    #: connections from one address at once (a home's host and joiners together)
    per_address: int = 64
    #: connections in all
    connections: int = 20_000
    #: rooms (tables) from one address, and in all
    rooms_per_address: int = 8
    rooms: int = 5_000
    #: joiners of one room waiting for the host's accept
    waiting_per_room: int = 16
    #: bytes a second one connection may send, and the bucket it may spend at once (a game
    #: sends a few KB a minute; the end's record is the largest burst)
    rate: int = 64 * 1024
    burst: int = 2 << 20
    #: bytes held for a side that does not read before the other side is paused
    buffer: int = 256 * 1024
    #: joins for rooms that do not exist, per address, within ``guess_window`` seconds
    guesses: int = 20
    guess_window: float = 60.0


LIMITS = RelayLimits()

HELLO, CONTROL, WAITING, ACCEPTING, PIPED, CLOSED = range(6)


def owner_of(key: bytes) -> str:
    """The owner proof a host sends with its room: derived from the invitation's key, which the
    relay never receives, so nobody who has not seen the invitation (or this line) has it."""
    return hashlib.sha256(b"gurka-relay-owner" + key).digest()[:8].hex()


class Room:
    __slots__ = ("room", "owner", "control", "waiting")

    def __init__(self, room: bytes, owner: bytes, control: RelayConn):
        self.room = room
        self.owner = owner
        self.control = control
        #: pair -> the joiner waiting for the host's accept
        self.waiting: dict[bytes, RelayConn] = {}


class RelayConn(asyncio.Protocol):
    __slots__ = ("relay", "transport", "address", "state", "buf", "peer", "room", "pair", "timer",
                 "last", "tokens", "stamp", "paused_rate", "paused_peer", "resume_at")

    def __init__(self, relay: Relay):
        self.relay = relay
        self.transport: Any = None             # (an asyncio transport, from connection_made)
        self.address = "?"
        self.state = HELLO
        self.buf = b""
        self.peer: RelayConn | None = None
        self.room: Room | None = None
        self.pair: bytes | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.last = time.monotonic()
        self.tokens = float(relay.limits.burst)
        self.stamp = self.last
        self.paused_rate = False
        self.paused_peer = False
        self.resume_at: asyncio.TimerHandle | None = None

    # -- the connection -------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        relay = self.relay
        relay.count["accepted"] += 1
        if len(relay.conns) >= relay.limits.connections or \
                relay.by_address.get(self.address, 0) >= relay.limits.per_address:
            relay.count["busy"] += 1
            self._say_no(b"busy")
            return
        relay.conns.add(self)
        relay.by_address[self.address] = relay.by_address.get(self.address, 0) + 1
        self.transport.set_write_buffer_limits(high=relay.limits.buffer)     # (a stream's: a write transport)
        self.timer = relay.loop.call_later(relay.limits.handshake, self._too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        self._end()

    def close(self) -> None:
        """Close this side (after what is still to be written to it) and end its part."""
        self._end()
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def _end(self) -> None:
        """Leave the relay's books once: a host's control connection takes its room with it, a
        waiting joiner leaves the room's queue, a pipe closes its other side."""
        if self.state == CLOSED:
            return
        state, self.state = self.state, CLOSED
        relay = self.relay
        if self in relay.conns:
            relay.conns.discard(self)
            n = relay.by_address.get(self.address, 1) - 1
            if n > 0:
                relay.by_address[self.address] = n
            else:
                relay.by_address.pop(self.address, None)
        for t in (self.timer, self.resume_at):
            if t is not None:
                t.cancel()
        self.timer = self.resume_at = None
        room, self.room = self.room, None
        if state == CONTROL and room is not None and room.control is self:
            relay.drop_room(room)
        elif state == WAITING and room is not None:
            if self.pair is not None:
                room.waiting.pop(self.pair, None)
        peer, self.peer = self.peer, None
        if peer is not None:
            peer.peer = None
            peer.close()

    def _say_no(self, reason: bytes) -> None:
        try:
            self.transport.write(b"no " + reason + b"\n")
        except (RuntimeError, OSError):
            pass
        self.close()

    def _too_slow(self) -> None:
        self.timer = None
        if self.state == HELLO:
            self.relay.count["too_slow"] += 1
            self.close()
        elif self.state == WAITING:
            self.relay.count["host_slow"] += 1
            self._say_no(b"host_slow")

    # -- what arrives ------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self.state == PIPED:
            self._forward(data)
            return
        if self.state == CLOSED:
            return
        self.last = time.monotonic()
        self.buf += data
        limit = self.relay.limits.line
        while self.state in (HELLO, CONTROL):
            nl = self.buf.find(b"\n")
            if nl < 0:
                if len(self.buf) > limit:
                    self.relay.count["bad"] += 1
                    self._say_no(b"bad")
                return
            line, self.buf = self.buf[:nl].rstrip(b"\r"), self.buf[nl + 1:]
            if len(line) > limit:
                self.relay.count["bad"] += 1
                self._say_no(b"bad")
                return
            if self.state == HELLO:
                self._first_line(line)
            # a control line: ``ping`` (any line counts as a sign of life)
        if self.state in (WAITING, ACCEPTING) and len(self.buf) > limit:
            self.relay.count["bad"] += 1            # a joiner that talks before it is let in
            self._say_no(b"bad")

    def _first_line(self, line: bytes) -> None:
        relay = self.relay
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        words = line.split(b" ")
        if not words or words[0] != VERSION.encode():
            relay.count["bad"] += 1
            self._say_no(b"version" if words and words[0].startswith(b"gurka-relay/") else b"bad")
            return
        kind, args = words[1:2], words[2:]
        if kind == [b"host"] and len(args) == 2 and _ROOM.fullmatch(args[0]) and _OWNER.fullmatch(args[1]):
            relay.open_room(self, args[0], args[1])
        elif kind == [b"join"] and len(args) == 1 and _ROOM.fullmatch(args[0]):
            relay.join(self, args[0])
        elif kind == [b"accept"] and len(args) == 2 and _ROOM.fullmatch(args[0]) and _PAIR.fullmatch(args[1]):
            relay.accept(self, args[0], args[1])
        else:
            relay.count["bad"] += 1
            self._say_no(b"bad")

    # -- a pipe ------------------------------------------------------------------------------------
    def _forward(self, data: bytes) -> None:
        now = time.monotonic()
        self.last = now
        limits = self.relay.limits
        self.tokens = min(float(limits.burst), self.tokens + (now - self.stamp) * limits.rate)
        self.stamp = now
        self.tokens -= len(data)
        self.relay.count["bytes"] += len(data)
        peer = self.peer
        if peer is not None and peer.transport is not None:
            peer.transport.write(data)
        if self.tokens < 0 and not self.paused_rate:        # too fast: stop reading for a moment
            self.paused_rate = True
            self.relay.count["throttled"] += 1
            self._pause()
            self.resume_at = self.relay.loop.call_later(-self.tokens / limits.rate, self._rate_ok)

    def _rate_ok(self) -> None:
        self.resume_at = None
        self.paused_rate = False
        self._resume()

    def _pause(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.pause_reading()

    def _resume(self) -> None:
        if not (self.paused_rate or self.paused_peer) and self.transport is not None \
                and not self.transport.is_closing():
            self.transport.resume_reading()

    # the other side's reading falls behind: stop reading from this side's peer
    def pause_writing(self) -> None:
        peer = self.peer
        if peer is not None:
            peer.paused_peer = True
            peer._pause()

    def resume_writing(self) -> None:
        peer = self.peer
        if peer is not None:
            peer.paused_peer = False
            peer._resume()

    def eof_received(self) -> bool:
        return False            # the transport closes; connection_lost closes the peer


class Relay:
    """The relay's state: rooms, connections by address, room guesses by address."""

    #: the protocol of each connection (a test may watch what is forwarded)
    conn_class = RelayConn

    def __init__(self, limits: RelayLimits = LIMITS, loop: asyncio.AbstractEventLoop | None = None):
        self.limits = limits
        self.loop = loop or asyncio.get_event_loop()
        self.rooms: dict[bytes, Room] = {}
        self.conns: set[RelayConn] = set()
        self.by_address: dict[str, int] = {}
        self.rooms_by_address: dict[str, int] = {}
        self.guesses: dict[str, deque[float]] = {}
        self._secret = secrets.token_bytes(16)
        self.count = {k: 0 for k in ("accepted", "busy", "bad", "too_slow", "host_slow", "no_room",
                                     "slow_down", "paired", "bytes", "throttled", "idle", "full", "taken")}
        self._sweeper: asyncio.Task[None] | None = None

    def protocol(self) -> RelayConn:
        return self.conn_class(self)

    def start(self) -> None:
        self._sweeper = self.loop.create_task(self._sweep())

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for conn in list(self.conns):
            conn.close()

    # -- rooms -----------------------------------------------------------------------------------
    def open_room(self, conn: RelayConn, room: bytes, owner: bytes) -> None:
        limits = self.limits
        held = self.rooms.get(room)
        if held is not None:
            if not hmac.compare_digest(held.owner, owner):
                self.count["taken"] += 1
                conn._say_no(b"taken")
                return
            old = held.control            # the same host again: its new connection takes over
            old.room = None
            self.drop_room(held)
            old.close()
        if len(self.rooms) >= limits.rooms or self.rooms_by_address.get(conn.address, 0) >= limits.rooms_per_address:
            self.count["full"] += 1
            conn._say_no(b"full")
            return
        r = Room(room, owner, conn)
        self.rooms[room] = r
        self.rooms_by_address[conn.address] = self.rooms_by_address.get(conn.address, 0) + 1
        conn.room = r
        conn.state = CONTROL
        conn.transport.write(b"ok\n")

    def drop_room(self, room: Room) -> None:
        if self.rooms.get(room.room) is not room:
            return
        del self.rooms[room.room]
        address = room.control.address
        n = self.rooms_by_address.get(address, 1) - 1
        if n > 0:
            self.rooms_by_address[address] = n
        else:
            self.rooms_by_address.pop(address, None)
        waiting, room.waiting = room.waiting, {}
        for joiner in waiting.values():
            joiner.room = None
            joiner._say_no(b"host_left")

    def _guessing(self, address: str, now: float) -> bool:
        times = self.guesses.get(address)
        if times is None:
            return False
        while times and now - times[0] > self.limits.guess_window:
            times.popleft()
        if not times:
            del self.guesses[address]
            return False
        return len(times) >= self.limits.guesses

    def join(self, conn: RelayConn, room_id: bytes) -> None:
        now = time.monotonic()
        if self._guessing(conn.address, now):        # refused before the room is even looked up
            self.count["slow_down"] += 1
            conn._say_no(b"slow_down")
            return
        room = self.rooms.get(room_id)
        if room is None:
            if len(self.guesses) > 65_536:
                self.guesses.clear()                 # memory stays bounded whatever arrives
            self.guesses.setdefault(conn.address, deque()).append(now)
            self.count["no_room"] += 1
            conn._say_no(b"no_room")
            return
        if len(room.waiting) >= self.limits.waiting_per_room:
            self.count["busy"] += 1
            conn._say_no(b"busy")
            return
        pair = secrets.token_hex(16).encode()
        tag = hmac.new(self._secret, conn.address.encode(), hashlib.sha256).hexdigest()[:8].encode()
        room.waiting[pair] = conn
        conn.room, conn.pair, conn.state = room, pair, WAITING
        conn.timer = self.loop.call_later(self.limits.join_wait, conn._too_slow)
        room.control.transport.write(b"join " + pair + b" " + tag + b"\n")

    def accept(self, conn: RelayConn, room_id: bytes, pair: bytes) -> None:
        room = self.rooms.get(room_id)
        joiner = room.waiting.pop(pair, None) if room is not None else None
        if joiner is None or joiner.state != WAITING:
            conn.close()             # nothing is said: the host's side is already speaking TLS
            return
        if joiner.timer is not None:
            joiner.timer.cancel()
            joiner.timer = None
        self.count["paired"] += 1
        conn.room = joiner.room = None
        conn.peer, joiner.peer = joiner, conn
        conn.state = joiner.state = PIPED
        now = time.monotonic()
        conn.last = joiner.last = conn.stamp = joiner.stamp = now
        joiner.transport.write(b"ok\n")
        for side in (conn, joiner):       # anything sent with the first line goes on
            rest, side.buf = side.buf, b""
            if rest:
                side._forward(rest)

    # -- upkeep ----------------------------------------------------------------------------------
    async def _sweep(self) -> None:
        limits = self.limits
        step = min(5.0, limits.ping / 3, limits.idle / 4)
        next_ping = time.monotonic() + limits.ping
        while True:
            await asyncio.sleep(step)
            now = time.monotonic()
            ping = now >= next_ping
            if ping:
                next_ping = now + limits.ping
            for conn in list(self.conns):
                if conn.state == PIPED:
                    peer = conn.peer
                    last = max(conn.last, peer.last if peer is not None else 0.0)
                    if now - last > limits.idle:
                        self.count["idle"] += 1
                        conn.close()
                elif conn.state == CONTROL:
                    if now - conn.last > limits.control_silence:
                        conn.close()
                    elif ping:
                        conn.transport.write(b"ping\n")

    def figures(self) -> dict[str, int]:
        """Counts for the log and the benchmark (never a room, an address or a byte of a game)."""
        return {"tables": len(self.rooms), "connections": len(self.conns), **self.count}


async def serve(address: str, port: int, limits: RelayLimits = LIMITS,
                ssl_context: ssl.SSLContext | None = None) -> tuple[asyncio.Server, Relay]:
    """Start a relay; (the asyncio server, the Relay)."""
    loop = asyncio.get_running_loop()
    relay = Relay(limits, loop)
    server = await loop.create_server(relay.protocol, address, port, ssl=ssl_context, backlog=1024,
                                      reuse_address=True)
    relay.start()
    return server, relay


def run(address: str, port: int, max_tables: int, cert: str | None = None, key: str | None = None,
        log_every: float = 300.0) -> int:
    """``python -m game relay``: serve until interrupted (SIGINT / SIGTERM); 0, or 1 with one line
    when the port or the certificate cannot be had."""
    try:
        import resource                       # the connections a process may hold (POSIX)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65_536
        if soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ImportError, ValueError, OSError):
        pass
    ctx = None
    if cert:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            ctx.load_cert_chain(cert, key)
        except (OSError, ssl.SSLError) as e:
            print(f"error: cannot use the certificate {cert}: {getattr(e, 'strerror', None) or e}",
                  file=sys.stderr, flush=True)
            return 1
    limits = RelayLimits(rooms=max_tables, connections=max(1_000, max_tables * 10))

    async def main() -> int:
        try:
            server, relay = await serve(address, port, limits, ctx)
        except OSError as e:
            print(f"error: cannot listen on {address}:{port}: {e.strerror or e}", file=sys.stderr, flush=True)
            return 1
        bound = server.sockets[0].getsockname()
        print(f"relay listening on {bound[0]}:{bound[1]} ({VERSION}{', TLS' if ctx else ''}), "
              f"up to {max_tables:,} tables", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):      # Windows: Ctrl+C ends it as usual
                pass
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), log_every)
            except asyncio.TimeoutError:
                f = relay.figures()
                print(f"tables {f['tables']}, connections {f['connections']}, paired {f['paired']}, "
                      f"refused busy {f['busy']}, rooms not found {f['no_room']}", flush=True)
        server.close()
        relay.stop()
        print("relay stopped", flush=True)
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 0


class RelayThread:
    """A relay served from a thread of this process (the tour's screens, tests, benchmarks)."""

    def __init__(self, limits: RelayLimits = LIMITS, address: str = "127.0.0.1", port: int = 0):
        self.net = NetThread("gurka-relay")
        self.server, self.relay = self.net.submit(serve(address, port, limits)).result(10)
        self.port = self.server.sockets[0].getsockname()[1]
        self.address = f"{address}:{self.port}"

    def figures(self) -> dict[str, int]:
        async def read() -> dict[str, int]:
            return self.relay.figures()
        return self.net.submit(read()).result(5)

    def close(self) -> None:
        async def stop() -> None:
            self.server.close()
            self.relay.stop()
            await asyncio.sleep(0.05)
        try:
            self.net.submit(stop()).result(5)
        except Exception:  # noqa: BLE001 - a relay that is already down is closed
            pass
        self.net.stop()
