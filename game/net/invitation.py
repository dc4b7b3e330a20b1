"""An invitation to an internet table: one line that carries all a joiner needs.

    gurka://relay.example.org:47400/K7Q2M9XD4HTAW3B8NP6RVC1YFZ0S5GJE7

The relay's address (only the host had to know it), then 33 characters of Crockford's base 32
(no I, L, O or U; read aloud without confusion, typed in any case, with or without dashes and
spaces): 160 random bits and one check character.

- The first 96 bits are the **pin**: the first 12 bytes of the SHA-256 of the host's
  certificate (:mod:`.tls`).  The joiner accepts only the host whose certificate has that
  fingerprint; the relay, which never receives the certificate's private key, cannot pass for
  the host (it would need a certificate whose fingerprint starts with those 96 bits).
- The first 64 bits of the pin are the **room**: what the relay pairs the host and its joiners
  by.  The relay sees the room and nothing else of the invitation.
- The last 64 bits are the **key**: the table code the joiner says inside the encrypted
  stream, which the relay never sees.  Anyone who can reach the relay can try rooms, but
  without the key they cannot sit down, and guessing 64 bits is hopeless at any rate the
  relay and the host let through.

``gurkas://`` names a relay that speaks TLS itself (``python -m game relay --cert ...``); the
stream between host and joiner is encrypted end to end either way.

Nothing here does I/O.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

#: the port a relay listens on unless told otherwise
DEFAULT_RELAY_PORT = 47400
SCHEME, SCHEME_TLS = "gurka", "gurkas"
PIN_BYTES, KEY_BYTES = 12, 8
ROOM_BYTES = 8
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(_ALPHABET)}
_VALUE.update({c.lower(): i for c, i in list(_VALUE.items())})
for _c, _v in (("O", 0), ("o", 0), ("I", 1), ("i", 1), ("L", 1), ("l", 1)):
    _VALUE[_c] = _v
#: the secret part's length: 160 bits in 32 characters, and one check character
SECRET_CHARS = 32
_HOST = re.compile(r"\[([0-9A-Fa-f:.]{2,45})\]|([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)")
#: a room as the relay knows it: 16 hex digits
ROOM = re.compile(r"[0-9a-f]{16}")
#: a key as the joiner says it (the ``code`` of its hello): 16 hex digits
KEY = re.compile(r"[0-9a-f]{16}")
MAX_TEXT = 400


class InvitationError(ValueError):
    """Text that is not a usable invitation.  ``code``: ``empty``, ``address``, ``length``,
    ``typo`` (the check character does not fit: a character was misread)."""

    def __init__(self, text: str, code: str):
        super().__init__(text)
        self.code = code


def _encode(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    chars = len(data) * 8 // 5
    return "".join(_ALPHABET[(number >> (5 * (chars - 1 - i))) & 31] for i in range(chars))


def _check_char(data: bytes) -> str:
    return _ALPHABET[hashlib.sha256(b"gurka-invitation" + data).digest()[0] & 31]


def split_address(text: str, default_port: int = DEFAULT_RELAY_PORT) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6]:port`` of a relay; InvitationError when it is none."""
    text = text.strip()
    host, port = text, ""
    if text.startswith("["):
        end = text.find("]")
        host, port = text[:end + 1], text[end + 2:] if text[end + 1:end + 2] == ":" else text[end + 1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    m = _HOST.fullmatch(host)
    if not m or (port and not (port.isdigit() and 1 <= int(port) <= 65535)):
        raise InvitationError(f"{text[:60]!r} is not a relay address such as relay.example.org:47400",
                              "address")
    return (m.group(1) or m.group(2)).lower(), int(port) if port else default_port


def relay_address(text: str) -> tuple[str, int, bool]:
    """A relay as the host's Settings name it: ``host[:port]``, or with ``gurka://`` (plain) or
    ``gurkas://`` (the relay speaks TLS) before it; (host, port, tls).  InvitationError."""
    text = (text or "").strip()[:MAX_TEXT].rstrip("/")
    tls = False
    for scheme, is_tls in ((SCHEME_TLS, True), (SCHEME, False)):
        if text.lower().startswith(scheme + "://"):
            text, tls = text[len(scheme) + 3:], is_tls
            break
    if not text:
        raise InvitationError("no relay address", "empty")
    host, port = split_address(text)
    return host, port, tls


@dataclass(frozen=True)
class Invitation:
    relay_host: str
    relay_port: int
    pin: bytes
    key: bytes
    #: the relay itself speaks TLS (``gurkas://``)
    relay_tls: bool = False

    @classmethod
    def new(cls, relay_host: str, relay_port: int, pin: bytes, relay_tls: bool = False) -> Invitation:
        """An invitation to the table whose certificate has ``pin``, with a fresh key."""
        return cls(relay_host, relay_port, pin[:PIN_BYTES], secrets.token_bytes(KEY_BYTES), relay_tls)

    @property
    def room(self) -> str:
        return self.pin[:ROOM_BYTES].hex()

    @property
    def code(self) -> str:
        """What the joiner says as the table's code (inside the encrypted stream)."""
        return self.key.hex()

    @property
    def relay(self) -> str:
        host = f"[{self.relay_host}]" if ":" in self.relay_host else self.relay_host
        return f"{host}:{self.relay_port}"

    @property
    def secret(self) -> str:
        data = self.pin + self.key
        return _encode(data) + _check_char(data)

    def link(self) -> str:
        return f"{SCHEME_TLS if self.relay_tls else SCHEME}://{self.relay}/{self.secret}"

    def spoken(self) -> str:
        """The form to read aloud: the relay, then the secret in groups of four."""
        s = self.secret
        groups = [s[i:i + 4] for i in range(0, len(s), 4)]
        relay = f"{SCHEME_TLS}://{self.relay}" if self.relay_tls else self.relay
        return f"{relay}  " + "-".join(groups)

    def __repr__(self) -> str:          # never the key in a log or a traceback
        return f"Invitation({self.relay}, room {self.room})"


def parse(text: str) -> Invitation:
    """An invitation from what a player pasted or typed: the link, or the spoken form (the
    relay, a space, the characters in any case with dashes or spaces).  InvitationError."""
    text = (text or "").strip()[:MAX_TEXT]
    if not text:
        raise InvitationError("no invitation", "empty")
    tls = False
    low = text.lower()
    for scheme, is_tls in ((SCHEME_TLS, True), (SCHEME, False)):
        if low.startswith(scheme + "://"):
            text, tls = text[len(scheme) + 3:], is_tls
            break
    if not text.strip("/ "):
        raise InvitationError("no invitation", "empty")
    if "/" in text:
        address, _slash, rest = text.partition("/")
    else:
        parts = text.split(None, 1)
        if len(parts) != 2:
            raise InvitationError("an invitation is the relay's address and then its characters", "length")
        address, rest = parts
    host, port = split_address(address)
    chars = [c for c in rest if c not in "- \t"]
    if len(chars) != SECRET_CHARS + 1 or any(c not in _VALUE for c in chars):
        raise InvitationError(f"an invitation has {SECRET_CHARS + 1} letters and digits after the relay's address",
                              "length")
    number = 0
    for c in chars[:SECRET_CHARS]:
        number = number * 32 + _VALUE[c]
    data = number.to_bytes(PIN_BYTES + KEY_BYTES, "big")
    if _VALUE[chars[-1]] != _VALUE[_check_char(data)]:
        raise InvitationError("the invitation's last character does not fit: one was misread or mistyped", "typo")
    return Invitation(host, port, data[:PIN_BYTES], data[PIN_BYTES:], tls)
