"""Finding tables on the local network: DNS-SD over multicast DNS (python-zeroconf).

While a table is open its host advertises the service ``_gurka._tcp`` (:class:`Advertiser`):
the ruleset, the host's name, the free seats, the port and the protocol version, never the
table code.  The join screen browses for it (:class:`Browser`) and lists what it finds.
Discovery is never required: on a network that blocks multicast (or without zeroconf, or
when anything in it fails) nothing is found and nothing breaks; the address typed by hand
(``HOST:PORT``) always works.  What other computers advertise is hostile like everything
from the network: :func:`parse_properties` takes only well-formed, short values.
"""

from __future__ import annotations

import re
import socket
import threading
from typing import TYPE_CHECKING, Any, Mapping
from dataclasses import dataclass

if TYPE_CHECKING:       # (zeroconf is imported only when a table is advertised or looked for)
    from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from ..engine.records import MAX_NAME, clean_name
from ..engine.registry import ruleset_ids
from .protocol import MAX_SEATS, PROTOCOL, TABLE_ID

SERVICE = "_gurka._tcp.local."
#: tables a browser keeps (a network flooding the service cannot grow it further)
MAX_FOUND = 32
RESOLVE_TIMEOUT_MS = 3000


@dataclass(frozen=True)
class FoundTable:
    """A table advertised on the local network."""

    address: str
    port: int
    rules: str
    host: str
    free: int
    seats: int
    protocol: str
    table: str

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other computers may reach (not 127.x), for the host's
    waiting table to show; empty when none can be found."""
    found: list[str] = []
    try:
        import ifaddr                         # optional: without it, the addresses of the host name
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and not ip.ip.startswith("169.254."):
                    found.append(ip.ip)
    except Exception:  # noqa: BLE001 - no ifaddr, or an adapter it cannot read: the host's name then
        try:
            found = [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")]
        except OSError:
            found = []
    return list(dict.fromkeys(found))


def service_properties(rules: str, host: str, free: int, seats: int, table: str) -> dict[str, str]:
    """The TXT record of a table (what a browser learns besides the address and port)."""
    return {"v": PROTOCOL, "rules": rules, "host": clean_name(host)[:MAX_NAME] or "Host",
            "free": str(free), "seats": str(seats), "table": table}


def instance_name(host: str, table: str) -> str:
    """A unique, short service instance name (DNS labels are at most 63 bytes)."""
    base = re.sub(r"[^0-9A-Za-z _-]", "", clean_name(host))[:30].strip() or "Gurka"
    return f"{base} {table[:6]}.{SERVICE}"


def parse_properties(props: Mapping[Any, Any], address: str, port: int) -> FoundTable | None:
    """A table from an advertisement's TXT record, or None when anything in it is not what a
    Gurka host advertises."""
    try:
        values: dict[str, str] = {}
        for k, v in props.items():
            key = k.decode("ascii") if isinstance(k, bytes) else k
            if not isinstance(v, (bytes, str)) or len(v) > 64:
                return None
            values[key] = v.decode("utf-8") if isinstance(v, bytes) else v
        rules, host = values["rules"], clean_name(values["host"])
        free, seats = int(values["free"]), int(values["seats"])
        if (rules not in ruleset_ids() or not host or not 0 <= free <= seats <= MAX_SEATS
                or not TABLE_ID.fullmatch(values["table"]) or len(values["v"]) > 40
                or not 1 <= int(port) <= 65535):
            return None
        return FoundTable(address, int(port), rules, host, free, seats, values["v"], values["table"])
    except (KeyError, ValueError, TypeError, UnicodeDecodeError, AttributeError):
        return None


class Advertiser:
    """Advertise one open table; :meth:`update` as seats fill, :meth:`stop` when it closes.
    Never raises: :attr:`problem` says why nothing is advertised."""

    def __init__(self, port: int, rules: str, host: str, free: int, seats: int, table: str,
                 addresses: list[str] | None = None):
        self.port = port
        self.rules, self.host, self.free, self.seats, self.table = rules, host, free, seats, table
        self.addresses = addresses
        self.problem: str | None = None
        self._zc: Any = None                  # (zeroconf's, imported when it starts)
        self._info: Any = None
        self._lock = threading.Lock()
        self._stopped = False

    def _make_info(self) -> ServiceInfo:
        from zeroconf import ServiceInfo      # lazy: zeroconf only when a table is advertised
        addresses = self.addresses if self.addresses is not None else lan_addresses()
        return ServiceInfo(SERVICE, instance_name(self.host, self.table),
                           addresses=[socket.inet_aton(a) for a in addresses], port=self.port,
                           properties=service_properties(self.rules, self.host, self.free,
                                                         self.seats, self.table))

    def start(self) -> None:
        try:
            from zeroconf import Zeroconf     # lazy and optional: zeroconf only when a table is advertised
            with self._lock:
                if self._stopped:
                    return
                self._info = self._make_info()
                self._zc = Zeroconf()
            self._zc.register_service(self._info)
        except Exception as e:  # noqa: BLE001 - discovery is never required: the typed address works
            self.problem = f"{type(e).__name__}: {e}"[:200]
            self.stop()
            return
        if self._stopped:          # the table closed while registering
            self.stop()

    def update(self, free: int) -> None:
        if free == self.free:
            return
        self.free = free
        if self._zc is None:
            return
        try:
            self._info = self._make_info()
            self._zc.update_service(self._info)
        except Exception as e:  # noqa: BLE001 - discovery is never required
            self.problem = f"{type(e).__name__}: {e}"[:200]

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                zc.unregister_service(self._info)
        except Exception:  # noqa: BLE001 - closing must never fail
            pass
        try:
            zc.close()
        except Exception:  # noqa: BLE001 - closing must never fail
            pass


class Browser:
    """Look for tables while the join screen is shown; :meth:`tables` is safe to call every
    frame.  Never raises: :attr:`problem` says why nothing can be found."""

    def __init__(self) -> None:
        self.problem: str | None = None
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}

    def start(self) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf  # lazy, optional: when tables are looked for
            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._on_change])
        except Exception as e:  # noqa: BLE001 - discovery is never required: the typed address works
            self.problem = f"{type(e).__name__}: {e}"[:200]
            self.stop()

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        kind = getattr(state_change, "name", str(state_change))
        if kind == "Removed":
            with self._lock:
                self._found.pop(name, None)
            return
        with self._lock:
            if name not in self._found and len(self._found) >= MAX_FOUND:
                return
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name), daemon=True,
                         name="gurka-resolve").start()

    def _resolve(self, zc: Zeroconf, service_type: str, name: str) -> None:
        try:
            info = zc.get_service_info(service_type, name, RESOLVE_TIMEOUT_MS)
            if info is None or info.port is None:     # (no port: parse_properties refused it too)
                return
            addresses = [a for a in info.parsed_addresses() if ":" not in a]
            if not addresses:
                return
            table = parse_properties(info.properties or {}, addresses[0], info.port)
        except Exception:  # noqa: BLE001 - a bad advertisement is simply not listed
            return
        if table is None:
            return
        with self._lock:
            if name in self._found or len(self._found) < MAX_FOUND:
                self._found[name] = table

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.host.lower(), t.where))

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if self._browser is not None:
            try:
                self._browser.cancel()
            except Exception:  # noqa: BLE001 - closing must never fail
                pass
            self._browser = None
        if zc is not None:
            try:
                zc.close()
            except Exception:  # noqa: BLE001 - closing must never fail
                pass
