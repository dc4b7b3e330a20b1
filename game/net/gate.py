"""The door of a table: its code, reconnect tokens, and the limit on wrong guesses.

A stranger cannot join without the table code (four digits on the local network; over the
relay a long random code); guessing it is slowed down by :class:`Tries`, **per address**
(a joiner's IP address, an IPv6 address by its /64 network, or the tag the relay gives a
joiner that comes through it): an address that gave ``tries_per_address`` wrong codes within
``tries_window`` seconds is refused without its code even being looked at (so a guess made
while refused tells nothing) for ``tries_window`` seconds, twice as long each time it comes
back for more, up to :data:`MAX_LOCK`.  When everyone together gave ``tries_total`` wrong codes
within the window (many addresses guessing at once), an address that already guessed wrong
in the window waits too, while an address that has not may still try: a player who types the
right code gets in whatever others do, and a player with a reconnect token is never held up
by the limit at all (its token is looked at instead of its code).

What a guesser gets, measured (``tests/test_net_door.py``): one address, five guesses, then
locked out for 1, 2, 4, 8, 16, 32 minutes and then an hour at a time: 40 guesses in the
first three hours (0.4 % of the 10,000 codes), 145 in a day (1.5 %).  Tokens are long random
secrets (:func:`new_token`, 192 bits) compared in constant time.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import threading
from collections import OrderedDict, deque

from .protocol import Limits


def new_code() -> str:
    """A random 4-digit table code."""
    return f"{secrets.randbelow(10_000):04d}"


def new_token() -> str:
    """A reconnect token: 32 random URL-safe characters (192 bits)."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_hex(8)


def same_secret(given: str, kept: str | None) -> bool:
    """Whether ``given`` is ``kept``, in constant time."""
    return kept is not None and hmac.compare_digest(given.encode(), kept.encode())


#: the longest an address is locked out after guessing wrong again and again (seconds)
MAX_LOCK = 3600.0
#: addresses remembered at most (the least recently heard are forgotten first)
MAX_ADDRESSES = 4096


def address_key(address: str) -> str:
    """The key an address is limited by: an IPv6 address by its /64 network (one computer can
    have as many addresses in its network as it likes), an IPv4-mapped one as IPv4; anything
    else (IPv4, a relay's tag for a joiner) as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class _Guesser:
    __slots__ = ("times", "strikes", "until")

    def __init__(self) -> None:
        self.times: deque[float] = deque()     # wrong guesses within the window
        self.strikes = 0                # times locked out so far
        self.until = 0.0                # locked out until then


class Tries:
    """Wrong codes and tokens per address, within a sliding window, and the lockouts they
    bring (thread-safe: the network thread checks codes, the main loop checks tokens)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._lock = threading.Lock()
        self._by_address: OrderedDict[str, _Guesser] = OrderedDict()
        self._all: deque[float] = deque()
        #: how many hellos were refused because of the limit (benchmarks, tests)
        self.blocked_count = 0

    def _trim(self, times: deque[float], now: float) -> None:
        while times and now - times[0] > self.limits.tries_window:
            times.popleft()

    def blocked(self, address: str, now: float) -> bool:
        """Whether a hello from ``address`` is refused without its code being looked at."""
        with self._lock:
            self._trim(self._all, now)
            mine = self._by_address.get(address_key(address))
            over = False
            if mine is not None:
                self._trim(mine.times, now)
                crowd = len(self._all) >= self.limits.tries_total and bool(mine.times)
                over = now < mine.until or crowd
            if over:
                self.blocked_count += 1
            return over

    def fail(self, address: str, now: float) -> None:
        """A wrong code (or token) from ``address``."""
        key = address_key(address)
        with self._lock:
            mine = self._by_address.pop(key, None) or _Guesser()
            self._by_address[key] = mine        # the most recently heard last
            while len(self._by_address) > MAX_ADDRESSES:
                self._by_address.popitem(last=False)
            self._trim(mine.times, now)
            mine.times.append(now)
            self._all.append(now)
            self._trim(self._all, now)
            if len(mine.times) >= self.limits.tries_per_address:
                mine.until = now + min(MAX_LOCK, self.limits.tries_window * 2 ** mine.strikes)
                mine.strikes += 1
                mine.times.clear()
