"""In-process pieces of the network tests: a NetHost on 127.0.0.1 with short limits, raw
socket peers that send whatever a test wants, and a loop that polls the host meanwhile."""

from __future__ import annotations

import json
import select
import socket
import threading
import time

from game.engine import new_game
from game.net import protocol as P
from game.net.server import NetHost
from game.play.host import TableHost

SHORT = P.Limits(joiner_line=2048, host_line=256 * 1024, pending=8, connections=16, handshake=0.6,
                 heartbeat=0.2, silence=1.5, tries_per_address=3, tries_total=6, tries_window=60.0,
                 unread=1 << 20, connect=1.5)


class FirstLegal:
    """A decider whose AI seats play their first legal action at once."""

    def __init__(self):
        self.seat = None
        self.thinking = False
        self._action = None

    def ask(self, state, seat, spec, now):
        self.seat, self.thinking, self._action = seat, True, state.legal_actions()[0]

    def poll(self, now, min_delay):
        action, self._action = self._action, None
        self.seat, self.thinking = None, False
        return action

    def cancel(self):
        self.seat, self.thinking, self._action = None, False, None

    def close(self):
        pass


def make_table(rules="gurka-se", n=3, remote=(1, 2), limits=SHORT, code="1234", seed=3):
    players = [{"name": f"P{i}", "seat": "net" if i in remote else "ai:easy"} for i in range(n)]
    state = new_game(rules, players, None, seed=seed)
    control = ["remote" if i in remote else "ai" for i in range(n)]
    host = TableHost(state, control, decider=FirstLegal())
    table = NetHost(host, "Host", code=code, address="127.0.0.1", port=0, limits=limits)
    table.open()
    return host, table


def pump(table: NetHost, seconds: float = 0.3, until=None, step: bool = True) -> bool:
    """Poll the host (and let its AI seats play) for ``seconds`` or until ``until()``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        table.poll()
        if step and table.started:
            table.host.step(time.monotonic() * 1000, 0)
        if until is not None and until():
            return True
        time.sleep(0.005)
    return until is None


class Raw:
    """A raw TCP peer on 127.0.0.1: sends bytes, collects the lines it gets back."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.setblocking(False)
        self.buf = b""
        self.eof = False

    def send(self, data: bytes | dict) -> None:
        if isinstance(data, dict):
            data = P.encode(data)
        try:
            self._sendall(data)
        except OSError:
            self.eof = True

    def _sendall(self, data: bytes) -> None:
        self.sock.setblocking(True)
        try:
            self.sock.sendall(data)
        finally:
            self.sock.setblocking(False)

    def read(self) -> None:
        while not self.eof:
            r, _, _ = select.select([self.sock], [], [], 0)
            if not r:
                return
            try:
                chunk = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self.eof = True
                return
            if not chunk:
                self.eof = True
                return
            self.buf += chunk

    def messages(self) -> list[dict]:
        self.read()
        return [json.loads(x) for x in self.buf.split(b"\n") if x.strip()]

    def first(self, kind: str) -> dict | None:
        return next((m for m in self.messages() if m["type"] == kind), None)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def joined(t: NetHost, port: int, name: str = "Anna", code: str = "1234", **extra) -> tuple[Raw, dict]:
    """A raw peer seated at the table: (peer, its welcome)."""
    peer = Raw(port)
    peer.send(P.hello(name, code, **extra))
    assert pump(t, 3, lambda: peer.first("welcome") or peer.first("refused")), "no answer to hello"
    welcome = peer.first("welcome")
    assert welcome is not None, peer.messages()
    return peer, welcome


class FakeHost:
    """A hostile host on 127.0.0.1: answers each connection's first line with ``script(hello)``
    (a list of bytes to send, with None for a pause of 0.2 s), then keeps it open, silent."""

    def __init__(self, script):
        self.script = script
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.port = self.server.getsockname()[1]
        self.hellos: list[dict] = []
        self.conns: list[socket.socket] = []
        self._stop = False
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
            conn.settimeout(3)
            try:
                line = b""
                while not line.endswith(b"\n"):
                    chunk = conn.recv(4096)
                    if not chunk:
                        break
                    line += chunk
                hello = json.loads(line)
                self.hellos.append(hello)
                for part in self.script(hello):
                    if part is None:
                        time.sleep(0.2)
                    else:
                        conn.sendall(part)
            except (OSError, ValueError):
                pass

    def close(self) -> None:
        self._stop = True
        self.thread.join(2)
        for c in self.conns:
            c.close()
        self.server.close()


class SideDoor:
    """A second door into a NetHost, as the relay is one: every connection through it is
    handed to ``NetHost._accept`` as another joiner's, named by the next of ``names`` (or
    ``10.9.x.y``, a new one each time) instead of 127.0.0.1.  The door itself listens on
    127.0.0.1 only."""

    def __init__(self, table: NetHost):
        import asyncio
        self.table = table
        self.names: list[str] = []
        self.count = 0

        async def handler(reader, writer):
            self.count += 1
            name = self.names.pop(0) if self.names else f"10.9.{self.count // 250}.{self.count % 250 + 1}"
            writer.transport._extra["peername"] = (name, 40000 + self.count)     # what _accept reads
            await table._accept(reader, writer)
        self.server = table.net.submit(asyncio.start_server(handler, "127.0.0.1", 0)).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    def peer(self, name: str | None = None) -> Raw:
        """A raw peer through the door (from ``name`` when given)."""
        if name is not None:
            self.names.append(name)
        return Raw(self.port)
