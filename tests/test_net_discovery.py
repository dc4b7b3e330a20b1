"""Discovery without the network: what a table advertises (never its code), what is taken
from others' advertisements, and that discovery failing breaks nothing.  No test here sends
a multicast packet: Zeroconf is replaced where it would be started."""

from __future__ import annotations

import pytest

from game.net import discovery as D
from game.net.protocol import PROTOCOL


def test_what_a_table_advertises():
    props = D.service_properties("gurka-is", "Anna\x1b[31m", 2, 4, "0123456789abcdef")
    assert props == {"v": PROTOCOL, "rules": "gurka-is", "host": "Anna[31m", "free": "2", "seats": "4",
                     "table": "0123456789abcdef"}
    assert not any("code" in k for k in props)
    name = D.instance_name("Anna's Mac (kitchen) ✓", "0123456789abcdef")
    assert name.endswith("." + D.SERVICE) and len(name.split(".")[0].encode()) <= 63


def test_the_advertised_record_is_read_back():
    from zeroconf import ServiceInfo
    adv = D.Advertiser(47411, "durak", "Bo", 1, 3, "0123456789abcdef", addresses=["192.0.2.7"])
    info = adv._make_info()
    assert isinstance(info, ServiceInfo) and info.port == 47411 and info.type == D.SERVICE
    assert info.parsed_addresses() == ["192.0.2.7"]
    table = D.parse_properties(info.properties, "192.0.2.7", info.port)
    assert table == D.FoundTable("192.0.2.7", 47411, "durak", "Bo", 1, 3, PROTOCOL, "0123456789abcdef")
    assert table.where == "192.0.2.7:47411" and table.compatible


GOOD = {b"v": PROTOCOL.encode(), b"rules": b"durak", b"host": b"Bo", b"free": b"1", b"seats": b"3",
        b"table": b"0123456789abcdef"}


@pytest.mark.parametrize("change", [
    {b"rules": b"poker"}, {b"free": b"9"}, {b"free": b"-1"}, {b"seats": b"99"}, {b"host": b""},
    {b"table": b"../../etc"}, {b"host": b"\xff\xfe"}, {b"v": b"x" * 100}, {b"free": None},
    {b"rules": None},
])
def test_a_bad_advertisement_is_not_listed(change):
    props = {**GOOD, **change}
    assert D.parse_properties(props, "192.0.2.7", 47411) is None
    assert D.parse_properties(GOOD, "192.0.2.7", 0) is None
    assert D.parse_properties(GOOD, "192.0.2.7", 47411) is not None


class Broken:
    def __init__(self, *a, **k):
        raise OSError("multicast is blocked here")


def test_discovery_failing_breaks_nothing(monkeypatch):
    import zeroconf
    monkeypatch.setattr(zeroconf, "Zeroconf", Broken)
    adv = D.Advertiser(47411, "durak", "Bo", 1, 3, "0123456789abcdef", addresses=[])
    adv.start()
    adv.update(0)
    adv.stop()
    assert "multicast is blocked" in adv.problem
    browser = D.Browser()
    browser.start()
    assert browser.tables() == [] and "multicast is blocked" in browser.problem
    browser.stop()


def test_a_found_table_is_listed_and_removed_and_the_list_is_bounded():
    browser = D.Browser()

    class Info:
        port = 47411
        properties = GOOD

        def parsed_addresses(self):
            return ["192.0.2.7"]

    class ZC:
        def get_service_info(self, *a):
            return Info()

    for i in range(D.MAX_FOUND + 10):
        browser._resolve(ZC(), D.SERVICE, f"t{i}.{D.SERVICE}")
    assert len(browser.tables()) == D.MAX_FOUND
    browser._on_change(ZC(), D.SERVICE, f"t0.{D.SERVICE}", type("S", (), {"name": "Removed"})())
    assert len(browser.tables()) == D.MAX_FOUND - 1


def test_lan_addresses_are_not_loopback():
    assert all(not a.startswith("127.") for a in D.lan_addresses())


def test_an_open_table_advertises_its_free_seats_until_it_closes(monkeypatch):
    """NetHost advertises through discovery.Advertiser (replaced here: nothing is sent), never
    when it listens on loopback only."""
    import time

    from net_fakes import joined, make_table, pump
    calls = []

    class Fake:
        def __init__(self, port, rules, host, free, seats, table):
            self.free = free
            calls.append(("new", rules, free, seats))

        def start(self):
            calls.append(("start",))

        def update(self, free):
            calls.append(("update", free))

        def stop(self):
            calls.append(("stop",))
    monkeypatch.setattr(D, "Advertiser", Fake)
    host, table = make_table()
    assert table._advertiser is None          # 127.0.0.1 with advertise off: nothing
    table.advertise = True
    table._start_advertising()
    peer, welcome = joined(table, table.port)
    pump(table, 0.3)
    table.close()
    host.close()
    time.sleep(0.2)
    assert calls == [("new", "gurka-se", 2, 3), ("start",), ("update", 1), ("stop",)]
