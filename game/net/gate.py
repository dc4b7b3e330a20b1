"""The door of a table: its 4-digit code, reconnect tokens, and the limit on wrong guesses.

A stranger on the same network cannot join without the table code; guessing it is slowed
down by :class:`Tries`: an address that gave ``tries_per_address`` wrong codes (or reconnect
tokens) within ``tries_window`` seconds, or everyone together ``tries_total``, is refused
without its code even being looked at until the window has passed (so a guess made while
refused tells nothing).  Tokens are long random secrets (:func:`new_token`) compared in
constant time.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import deque

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


class Tries:
    """Wrong codes and tokens per address and in total, within a sliding window (thread-safe:
    the network thread checks codes, the main loop checks tokens)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._lock = threading.Lock()
        self._by_address: dict[str, deque] = {}
        self._all: deque = deque()
        #: how many hellos were refused because of the limit (benchmarks, tests)
        self.blocked_count = 0

    def _trim(self, times: deque, now: float) -> None:
        while times and now - times[0] > self.limits.tries_window:
            times.popleft()

    def blocked(self, address: str, now: float) -> bool:
        with self._lock:
            self._trim(self._all, now)
            mine = self._by_address.get(address)
            if mine is not None:
                self._trim(mine, now)
                if not mine:
                    del self._by_address[address]
            over = (len(self._all) >= self.limits.tries_total
                    or (mine is not None and len(mine) >= self.limits.tries_per_address))
            if over:
                self.blocked_count += 1
            return over

    def fail(self, address: str, now: float) -> None:
        with self._lock:
            if len(self._by_address) > 4096:      # memory stays bounded whatever arrives
                self._by_address.clear()
            self._by_address.setdefault(address, deque()).append(now)
            self._all.append(now)
            self._trim(self._all, now)
