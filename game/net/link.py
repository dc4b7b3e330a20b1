"""The network's thread and its connections: asyncio streams off the main thread.

:class:`NetThread` runs an asyncio event loop on a daemon thread.  :class:`Conn` is one TCP
connection on it: it reads lines within the limits (:class:`.protocol.Limits`), parses and
checks each one there (:mod:`.protocol`), answers nothing itself but pings, and hands every
checked message to the main loop through a thread-safe inbox; the main loop (a UI frame or
a headless loop) takes them with :func:`drain`, never waiting.  Whatever goes wrong on a
connection (a bad line, a line too long, silence, too many lines not yet taken, a peer that
does not read) ends that connection and puts one ``gone`` item in the inbox, with a code and
a one-line reason.  Nothing here touches the game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import queue
import ssl
import threading
import time
from typing import Any, Callable, Coroutine, Final, Literal, TypeVar, Union

from .protocol import PING, Limits, Message, ProtocolError, closed, encode, parse_line

#: inbox items: ("msg", conn, message) and ("gone", conn, code, text)
MSG: Final = "msg"
GONE: Final = "gone"
#: a checked message of a connection, and a connection ended (None: it never opened), its code and why
Received = tuple[Literal["msg"], "Conn", Message]
Gone = tuple[Literal["gone"], "Conn | None", str, str]
Inbox = queue.SimpleQueue[Union[Received, Gone]]
#: seconds a side that closes with a last line (why it closes) waits at most for the
#: other side to close in turn, reading and dropping what still comes: a socket closed
#: with input unread is reset, and the reset can overtake the line
LINGER = 1.0
_ids = itertools.count(1)
T = TypeVar("T")


class NetThread:
    """An asyncio event loop on its own daemon thread."""

    def __init__(self, name: str = "gurka-net"):
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()
        self._ready.wait(5.0)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self._ready.set)
        try:
            self.loop.run_forever()
        finally:
            try:
                pending = asyncio.all_tasks(self.loop)
                for task in pending:
                    task.cancel()
                if pending:
                    self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            finally:
                self.loop.close()

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run ``coro`` on the loop; a concurrent.futures.Future of its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable[..., object], *args: Any) -> None:
        """Call ``fn(*args)`` on the loop's thread soon (nothing once the loop has stopped)."""
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:     # the loop is closed: the table has ended
            pass

    @property
    def alive(self) -> bool:
        return self.thread.is_alive()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the loop (its tasks cancelled) and wait for the thread."""
        if not self.thread.is_alive():
            return
        self.call(self.loop.stop)
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout)


def drain(inbox: Inbox, limit: int = 10_000) -> list[Received | Gone]:
    """The items waiting in ``inbox`` (at most ``limit``), without waiting."""
    items: list[Received | Gone] = []
    while len(items) < limit:
        try:
            items.append(inbox.get_nowait())
        except queue.Empty:
            break
    return items


class Conn:
    """One connection: its reader on the network thread, its writes from any thread.

    ``check(message, handshaken)`` checks each parsed line (raising
    :class:`~.protocol.ProtocolError`) and returns the message to hand on, or None to keep
    it here (``gate`` may refuse a first message on the network thread: it returns a
    message to send before closing, or None to let it through)."""

    def __init__(self, net: NetThread, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 inbox: Inbox, limits: Limits, max_line: int, max_depth: int,
                 check: Callable[[Message, bool], Message], first_wait: float,
                 gate: Callable[[Conn, Message], Message | None] | None = None,
                 closing_message: Callable[[str, str, bool], Message | None] | None = None,
                 address: str | None = None):
        self.id = next(_ids)
        self.net = net
        self.reader = reader
        self.writer = writer
        self.inbox = inbox
        self.limits = limits
        self.max_line = max_line
        self.max_depth = max_depth
        self.check = check
        self.first_wait = first_wait
        self.gate = gate
        #: ``(code, text, handshaken)`` -> the message that tells the other side why it is
        #: dropped (None: nothing is said)
        self.closing_message = closing_message or (lambda code, text, handshaken: closed(code, text))
        peer = writer.get_extra_info("peername")
        #: who is at the other end, for the limits kept per address: the peer's IP address, or
        #: what the door it came through calls it (a relay names each joiner it carries: ``relay:TAG``)
        self.address = address or (str(peer[0]) if isinstance(peer, tuple) and peer else "?")
        #: the connection came through a relay (encrypted end to end; the invitation's key is its code)
        self.relayed = address is not None and address.startswith("relay:")
        self.handshaken = False
        #: its first message got through the gate (the right code, or a token to look at):
        #: until then it holds no place at the table
        self.proven = False
        self.opened = time.monotonic()
        self.closed = False
        #: closed, its last line sent and its writing ended, reading until the other side
        #: closes (at most LINGER s)
        self.lingering = False
        #: set once the socket is closed (any thread may wait on it)
        self.done = threading.Event()
        self._linger_timer: asyncio.TimerHandle | None = None
        #: lines handed to the main loop (network thread) and taken from it (main thread)
        self.queued = 0
        self.handled = 0
        self.last_sent = time.monotonic()
        self.received = 0          # complete lines read
        #: when the last complete line came (the main loop asks how long the other side is quiet)
        self.last_heard = time.monotonic()
        self._gone_told = False
        #: what the main loop keeps about this connection (the host: its seat)
        self.seat: int | None = None
        #: called with every complete line received (a transcript), on the network thread
        self.trace: Callable[[bytes], object] | None = None

    # -- any thread -----------------------------------------------------------------------
    def send(self, message: Message) -> None:
        """Send one message (encoded here, written on the network thread)."""
        if not self.closed:
            self.net.call(self._write, encode(message))

    def close(self, final: Message | None = None) -> None:
        """Close the connection, after ``final`` when given (the gone item is not sent: the
        caller knows)."""
        self._gone_told = True
        self.net.call(self._close, encode(final) if final else None)

    def taken(self) -> None:
        """The main loop has taken one of this connection's messages."""
        self.handled += 1

    # -- the network thread ------------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() + len(data) > self.limits.unread:
            self._drop("unread", "the other side does not read what it is sent")
            return
        self.last_sent = time.monotonic()
        self.writer.write(data)

    def _close(self, data: bytes | None) -> None:
        if self.closed:
            return
        self.closed = True
        if data and self._say_last(data):
            return
        self._shut()

    def _say_last(self, data: bytes) -> bool:
        """Send the last line and end the writing side; True if the connection now lingers
        (the reader drops what still comes until the other side closes, or LINGER s)."""
        try:
            self.writer.write(data)
            if not self.writer.can_write_eof() or self.writer.transport.is_closing():
                return False
            self.writer.write_eof()
        except (ConnectionError, RuntimeError, OSError):
            return False
        self.lingering = True
        self._linger_timer = self.net.loop.call_later(LINGER, self._shut)
        return True

    def _shut(self) -> None:
        """Close the socket (after what is left to write)."""
        self.lingering = False
        if self._linger_timer is not None:
            self._linger_timer.cancel()
            self._linger_timer = None
        try:
            self.writer.close()
        except (ConnectionError, RuntimeError):
            pass
        self.done.set()

    def _drop(self, code: str, text: str, tell: bool = True) -> None:
        """End the connection for ``code`` (telling the other side when ``tell``)."""
        if self.closed:
            return
        final = self.closing_message(code, text, self.handshaken) if tell else None
        self._close(encode(final) if final else None)
        self._gone(code, text)

    def turn_away(self, code: str, text: str) -> None:
        """End a connection that has not said its hello yet to make room for a newer one:
        why, then closed at once (no lingering: it holds nothing worth waiting for)."""
        if self.closed:
            return
        self.closed = True
        final = self.closing_message(code, text, self.handshaken)
        try:
            if final:
                self.writer.write(encode(final))
        except (ConnectionError, RuntimeError, OSError):
            pass
        self._shut()
        self._gone(code, text)

    def _gone(self, code: str, text: str) -> None:
        if not self._gone_told:
            self._gone_told = True
            self.inbox.put((GONE, self, code, text))

    async def run(self) -> None:
        """Read lines until the connection ends; hand each checked message on."""
        beat = asyncio.ensure_future(self._heartbeat())
        try:
            await self._read()
        except asyncio.CancelledError:
            self._drop("closed", "the table was closed", tell=False)
            raise
        finally:
            beat.cancel()
            self._close(None)
            if self.lingering:       # the other side has closed too (or is gone)
                self._shut()

    async def _read(self) -> None:
        limits = self.limits
        while not self.closed or self.lingering:
            wait = self.first_wait if not self.handshaken else limits.silence
            try:
                line = await asyncio.wait_for(self.reader.readline(), wait)
            except asyncio.TimeoutError:
                if self.handshaken:
                    self._drop("silent", f"nothing heard for {wait:g} s")
                else:
                    self._drop("too_slow", f"no greeting within {wait:g} s")
                return
            except ValueError:        # the line went past the reader's limit
                self._drop("too_long", f"a line longer than {self.max_line:,} bytes")
                return
            except ssl.SSLError:      # a byte changed, dropped, added or replayed on the way
                self._drop("tampered", "the encrypted stream was changed on the way", tell=False)
                return
            except (ConnectionError, OSError):
                self._drop("lost", "the connection was lost", tell=False)
                return
            if not line.endswith(b"\n"):      # the end of the stream (maybe mid-line)
                self._drop("lost", "the connection was closed", tell=False)
                return
            if self.closed:                   # lingering: what still comes is dropped
                continue
            self.received += 1
            self.last_heard = time.monotonic()
            if self.trace is not None:
                self.trace(line)
            try:
                message = self.check(parse_line(line, self.max_line, self.max_depth), self.handshaken)
            except ProtocolError as e:
                self._bad(e)
                return
            except Exception as e:  # noqa: BLE001 - a check that trips over a line still refuses it
                self._bad(ProtocolError(f"a message that cannot be read ({type(e).__name__})"))
                return
            if message.get("type") == "ping":
                continue
            if not self.handshaken:
                self.handshaken = True
                if self.gate is not None:
                    answer = self.gate(self, message)
                    if answer is not None:
                        self._close(encode(answer))
                        self._gone(answer.get("reason", "refused"), answer.get("text", ""))
                        continue
                self.proven = True
            if self.queued - self.handled >= limits.pending:
                self._drop("too_many_messages",
                           f"more than {limits.pending} messages waiting to be read")
                return
            self.queued += 1
            self.inbox.put((MSG, self, message))

    def _bad(self, e: ProtocolError) -> None:
        """A line that breaks the protocol ends the connection (the other side is told).  For
        another protocol version the reason's text is that version."""
        if e.code == "protocol":
            self._drop("protocol", e.theirs or "?")
        else:
            self._drop("bad_message", str(e)[:200])

    async def _heartbeat(self) -> None:
        beat = self.limits.heartbeat
        while not self.closed:
            await asyncio.sleep(beat / 2)
            if self.handshaken and time.monotonic() - self.last_sent >= beat:
                self._write(encode(PING))
