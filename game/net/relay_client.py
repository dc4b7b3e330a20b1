"""Both ends' side of a relay (:mod:`.relay`): a joiner connects through it, a host keeps a room
open on it and accepts each joiner; between them runs TLS (:mod:`.tls`), inside which the
table speaks ``gurka-net/2`` exactly as on the local network.

- :func:`join_through` (a joiner): the relay pairs it with the host; TLS as the client; the
  host's certificate must carry the invitation's pin before a byte of the game is sent.
- :class:`RelayDoor` (a host): the room's control connection, kept open (again after a lost
  connection, with the same room: the invitation stays good); for every joiner the relay
  announces, a connection of its own with TLS as the server, handed to the table like a
  connection from the local network.

Everything runs on the table's network thread (:class:`.link.NetThread`).
"""

from __future__ import annotations

import asyncio
import re
import ssl
import sys
from typing import Awaitable, Callable

from . import tls
from .invitation import Invitation
from .relay import VERSION, owner_of

_PAIR = re.compile(rb"[0-9a-f]{32}")
_TAG = re.compile(rb"[0-9a-f]{8}")

#: seconds to reach the relay, and for a TLS handshake through it
CONNECT = 10.0
HANDSHAKE = 10.0
#: seconds a joiner waits for the relay's answer (the relay gives the host 10 s to accept)
ANSWER = 15.0
#: a host's control connection: ping this often, and count the relay gone after this silence
PING = 15.0
SILENCE = 45.0
#: seconds between a host's attempts to reach the relay again (growing to the last)
RETRY = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)


class RelayError(ConnectionError):
    """The relay cannot be reached or said no.  ``code``: ``unreachable``, the relay's reason
    (``no_room``, ``busy``, ``full``, ``slow_down``, ``host_slow``, ``host_left``, ``taken``,
    ``version``, ``bad``), ``not_the_table`` (the certificate does not carry the pin) or
    ``tls`` (the encrypted handshake failed)."""

    def __init__(self, code: str, text: str = ""):
        super().__init__(text or code)
        self.code = code


async def _open(inv: Invitation, limit: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    ctx = tls.relay_context() if inv.relay_tls else None
    try:
        return await asyncio.wait_for(
            asyncio.open_connection(inv.relay_host, inv.relay_port, ssl=ctx, limit=limit,
                                    server_hostname=inv.relay_host if ctx else None), CONNECT)
    except (OSError, asyncio.TimeoutError, ValueError) as e:
        raise RelayError("unreachable", f"cannot reach the relay {inv.relay} ({type(e).__name__})") from None


async def upgrade(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, ctx: ssl.SSLContext, *,
                  server_side: bool) -> asyncio.StreamWriter:
    """TLS over an open stream (either side; also inside a relay's own TLS): the new writer.
    The reader stays the same; nothing may have arrived unread before this (the relay's lines
    are read to their end and the TLS client speaks first)."""
    loop = asyncio.get_running_loop()
    if sys.version_info < (3, 11) and writer.get_extra_info("sslcontext") is not None:
        # TLS inside TLS (a gurkas:// relay) came with Python 3.11's asyncio
        raise RelayError("old_python", "a relay that speaks TLS needs Python 3.11 or newer")
    protocol = writer.transport.get_protocol()
    transport = await loop.start_tls(writer.transport, protocol, ctx, server_side=server_side,
                                     server_hostname=None if server_side else "",
                                     ssl_handshake_timeout=HANDSHAKE)
    assert transport is not None            # (start_tls gives one or raises)
    new = asyncio.StreamWriter(transport, protocol, reader, loop)
    # the plain writer closes its transport (under the TLS) when it is collected (3.11.5+): it
    # lives as long as the new one
    new._plain = writer  # type: ignore[attr-defined]
    # the stream's protocol must write to and close the TLS transport from now on: what
    # StreamWriter.start_tls does (Python 3.11+), which cannot choose the server's side
    if hasattr(protocol, "_replace_writer"):
        protocol._replace_writer(new)
    else:                                   # Python 3.10
        protocol._stream_writer = new  # type: ignore[attr-defined]  # (asyncio's own, 3.10)
        protocol._transport = transport  # type: ignore[attr-defined]
        protocol._over_ssl = True  # type: ignore[attr-defined]
    return new


async def join_through(inv: Invitation, limit: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A joiner's stream to the host through the relay, encrypted, the host's pin checked."""
    reader, writer = await _open(inv, limit)
    try:
        writer.write(f"{VERSION} join {inv.room}\n".encode("ascii"))
        try:
            line = await asyncio.wait_for(reader.readline(), ANSWER)
        except asyncio.TimeoutError:
            raise RelayError("unreachable", "the relay does not answer") from None
        except (OSError, ValueError):
            line = b""
        if line != b"ok\n":
            words = line.decode("ascii", "replace").split()
            reason = words[1] if len(words) == 2 and words[0] == "no" and words[1].isidentifier() else "bad"
            raise RelayError(reason if line else "unreachable", f"the relay said {line[:60]!r}")
        try:
            writer = await upgrade(reader, writer, tls.client_context(), server_side=False)
        except RelayError:
            raise
        except Exception as e:  # noqa: BLE001 - whatever the handshake trips over: one line, no table
            raise RelayError("tls", f"the encrypted handshake failed ({type(e).__name__})") from None
        obj = writer.get_extra_info("ssl_object")
        if obj is None or not tls.pin_matches(obj.getpeercert(binary_form=True), inv.pin):
            raise RelayError("not_the_table", "the table's certificate is not the invitation's")
        return reader, writer
    except BaseException:
        writer.close()
        raise


class RelayDoor:
    """A host's room on a relay, kept open while the table is.

    ``accept(reader, writer, address)`` is called (on the network thread) with every joiner's
    encrypted stream; ``address`` names the joiner for the table's limits (``relay:TAG``).
    :attr:`state` is ``connecting``, ``open``, ``retrying`` (the relay could not be reached or
    was lost; tried again) or ``refused`` (the relay said no for good: :attr:`reason`)."""

    def __init__(self, inv: Invitation, identity: tls.Identity,
                 accept: Callable[[asyncio.StreamReader, asyncio.StreamWriter, str], Awaitable[None]],
                 limit: int = 1 << 16):
        self.inv = inv
        self.context = tls.server_context(identity)
        self.accept = accept
        self.limit = limit
        self.state = "connecting"
        self.reason: str | None = None
        self.accepted = 0
        self._task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Future[None]] = set()

    def start(self) -> None:
        """Call on the network thread's loop."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        for t in list(self._tasks):
            t.cancel()

    async def _run(self) -> None:
        if sys.version_info < (3, 11) and self.inv.relay_tls:
            self.state, self.reason = "refused", "old_python"     # TLS inside TLS: Python 3.11's asyncio
            return
        tries = 0
        while True:
            try:
                await self._serve()
                tries = 0
            except RelayError as e:
                if e.code in ("taken", "full", "version", "bad"):
                    self.state, self.reason = "refused", e.code
                    return
                self.state, self.reason = "retrying", e.code
            except (OSError, asyncio.TimeoutError, ValueError) as e:
                self.state, self.reason = "retrying", type(e).__name__
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1

    async def _serve(self) -> None:
        reader, writer = await _open(self.inv, 4096)
        try:
            writer.write(f"{VERSION} host {self.inv.room} {owner_of(self.inv.key)}\n".encode("ascii"))
            line = await asyncio.wait_for(reader.readline(), ANSWER)
            if line != b"ok\n":
                words = line.decode("ascii", "replace").split()
                raise RelayError(words[1] if len(words) == 2 and words[0] == "no" else "bad" if line else "lost")
            self.state, self.reason = "open", None
            beat = asyncio.ensure_future(self._ping(writer))
            try:
                while True:
                    line = await asyncio.wait_for(reader.readline(), SILENCE)
                    if not line.endswith(b"\n"):
                        raise RelayError("lost", "the relay closed the room's connection")
                    parts = line.split()
                    if len(parts) == 3 and parts[0] == b"join" and _PAIR.fullmatch(parts[1]) and _TAG.fullmatch(parts[2]):
                        task = asyncio.ensure_future(self._take(parts[1].decode("ascii"), parts[2].decode("ascii")))
                        self._tasks.add(task)
                        task.add_done_callback(self._tasks.discard)
            finally:
                beat.cancel()
        finally:
            writer.close()

    @staticmethod
    async def _ping(writer: asyncio.StreamWriter) -> None:
        while True:
            await asyncio.sleep(PING)
            writer.write(b"ping\n")

    async def _take(self, pair: str, tag: str) -> None:
        """One joiner: a connection for it, TLS as the server, then the table has it."""
        try:
            reader, writer = await _open(self.inv, self.limit)
        except RelayError:
            return
        try:
            writer.write(f"{VERSION} accept {self.inv.room} {pair}\n".encode("ascii"))
            writer = await upgrade(reader, writer, self.context, server_side=True)
        except RelayError as e:
            self.reason = e.code
            writer.close()
            return
        except Exception:  # noqa: BLE001 - a joiner whose handshake fails is not seated, the room stays open
            writer.close()
            return
        self.accepted += 1
        await self.accept(reader, writer, f"relay:{tag}")
