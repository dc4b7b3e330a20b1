"""End-to-end encryption between a host and its joiners through a relay: TLS 1.3 from the
standard library's :mod:`ssl`, the host's self-signed certificate pinned by the invitation.

The host makes a key pair and a self-signed certificate once per table (:func:`new_identity`,
with the maintained ``cryptography`` package: the standard library cannot make certificates).
Its fingerprint's first 12 bytes are the invitation's pin (:mod:`.invitation`).  A joiner
does not check the certificate against any authority: it checks that the certificate's
fingerprint starts with the pin (:func:`pin_matches`), before it says anything.  TLS itself
then keeps every byte secret from the relay and makes any change to the stream (a flipped,
dropped, added or replayed byte) fail the connection.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import os
import ssl
import tempfile
from dataclasses import dataclass

from .invitation import PIN_BYTES


class IdentityError(ValueError):
    """A kept identity that cannot be used (made anew instead)."""


@dataclass(frozen=True)
class Identity:
    """The host's certificate and private key (PEM) and the certificate's pin."""

    cert_pem: str
    key_pem: str

    @property
    def pin(self) -> bytes:
        return pin_of(ssl.PEM_cert_to_DER_cert(self.cert_pem))

    def __repr__(self) -> str:      # never the key in a log
        return f"Identity(pin {self.pin.hex()})"


def pin_of(cert_der: bytes) -> bytes:
    return hashlib.sha256(cert_der).digest()[:PIN_BYTES]


def pin_matches(cert_der: bytes | None, pin: bytes) -> bool:
    return cert_der is not None and bool(cert_der) and hmac.compare_digest(pin_of(cert_der), pin)


def new_identity() -> Identity:
    """A fresh P-256 key and a self-signed certificate for it (a moment's work).  IdentityError
    (one line) when this installation cannot make one (``cryptography`` missing or broken)."""
    try:    # lazy and optional: cryptography only when a table opens to a relay (probed here)
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except Exception as e:  # noqa: BLE001 - a missing or broken package (a DLL, say): one line, no table
        raise IdentityError(f"this installation cannot make the table's certificate ({type(e).__name__}: "
                            f"{str(e)[:120]})") from None

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "gurka table")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .sign(key, hashes.SHA256()))
    return Identity(cert.public_bytes(serialization.Encoding.PEM).decode("ascii"),
                    key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()).decode("ascii"))


def fixed_identity(seed: bytes) -> Identity:
    """The same key and certificate on every run and every platform, from ``seed`` (an Ed25519
    key, whose signatures are deterministic, and fixed dates): for the tour's pictures of an
    internet table, which must not change between two runs.  Never for a real table."""
    # lazy: cryptography only when the tour shows an internet table
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519
    from cryptography.x509.oid import NameOID
    key = ed25519.Ed25519PrivateKey.from_private_bytes(hashlib.sha256(seed).digest())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "gurka table")])
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(start).not_valid_after(start + datetime.timedelta(days=3650))
            .sign(key, None))
    return Identity(cert.public_bytes(serialization.Encoding.PEM).decode("ascii"),
                    key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()).decode("ascii"))


def identity_from(kept: object) -> Identity:
    """An identity kept in the host's save (``{"cert", "key"}``); IdentityError when it is not
    one that :func:`server_context` can load."""
    if not (isinstance(kept, dict) and isinstance(kept.get("cert"), str) and isinstance(kept.get("key"), str)
            and len(kept["cert"]) < 8192 and len(kept["key"]) < 8192):
        raise IdentityError("not a kept identity")
    identity = Identity(kept["cert"], kept["key"])
    try:
        server_context(identity)
    except (ssl.SSLError, ValueError, OSError) as e:
        raise IdentityError(f"a kept identity that cannot be used ({type(e).__name__})") from None
    return identity


def server_context(identity: Identity) -> ssl.SSLContext:
    """The host's side: TLS 1.3 with its certificate.  ``load_cert_chain`` reads only files, so
    the PEM goes through a private temporary file that is removed at once."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    fd, path = tempfile.mkstemp(prefix="gurka-", suffix=".pem")
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:      # mkstemp: readable by this user only
            fh.write(identity.key_pem)
            fh.write(identity.cert_pem)
        ctx.load_cert_chain(path)
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
    return ctx


def client_context() -> ssl.SSLContext:
    """A joiner's side: TLS 1.3, no authority (the pin is checked after the handshake)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def relay_context() -> ssl.SSLContext:
    """Both sides' connection to a relay that speaks TLS itself (``gurkas://``): the relay's
    certificate is checked against the system's authorities and its name, as a browser would."""
    return ssl.create_default_context()
