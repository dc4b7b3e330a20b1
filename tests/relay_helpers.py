"""A relay (:mod:`game.net.relay`) on a thread of the test process, on 127.0.0.1, with a record
of every byte it forwards; and raw peers that speak its first line."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

from game.net import relay as R

#: limits short enough for tests to reach them
SHORT = R.RelayLimits(handshake=0.5, join_wait=1.0, idle=1.5, ping=0.6, control_silence=2.0, per_address=12,
                      connections=20_000, rooms_per_address=3, rooms=6, waiting_per_room=4, rate=200_000,
                      burst=200_000, buffer=64 * 1024, guesses=5, guess_window=60.0)


class RelayThread(R.RelayThread):
    """A relay on a thread of the test process.  ``capture``: every chunk it forwards is kept
    (what someone watching the relay would see of the games)."""

    def __init__(self, limits: R.RelayLimits = R.LIMITS, capture: bool = False, address: str = "127.0.0.1"):
        super().__init__(limits, address)
        self.chunks: list[bytes] = []
        if capture:
            chunks = self.chunks

            class Capturing(R.RelayConn):
                __slots__ = ()

                def _forward(self, data):
                    chunks.append(bytes(data))
                    super()._forward(data)
            self.relay.conn_class = Capturing

    def captured(self) -> bytes:
        return b"".join(self.chunks)


def line_peer(port: int, first: bytes, source: str = "127.0.0.1", timeout: float = 5.0) -> tuple[socket.socket, bytes]:
    """Connect (from ``source``), send ``first``, and read what comes until a newline or the end."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    if first:
        s.sendall(first)
    return s, read_line(s, timeout)


def read_line(s: socket.socket, timeout: float = 5.0) -> bytes:
    s.settimeout(timeout)
    data = b""
    end = time.monotonic() + timeout
    while not data.endswith(b"\n") and time.monotonic() < end:
        try:
            chunk = s.recv(4096)
        except (socket.timeout, ConnectionError):
            break
        if not chunk:
            break
        data += chunk
    return data


def closed(s: socket.socket, timeout: float = 5.0) -> bool:
    """Whether the other side closes ``s`` within ``timeout`` (what it still sends is read)."""
    s.settimeout(timeout)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if not s.recv(65536):
                return True
        except socket.timeout:
            return False
        except ConnectionError:
            return True
    return False


def run_async(coro, timeout: float = 30.0):
    """Run ``coro`` on a loop of its own (in this thread) and return its result."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def in_thread(fn, *args) -> threading.Thread:
    t = threading.Thread(target=fn, args=args, daemon=True)
    t.start()
    return t
