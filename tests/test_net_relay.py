"""The relay and an internet table through it (issue 62), in this process on 127.0.0.1: pairing,
the end-to-end encryption and the pin, and every limit against a hostile peer (each test fails
when its defence is taken out)."""

from __future__ import annotations

import asyncio
import os
import resource
import socket
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_fakes import SHORT as NET_SHORT
from net_fakes import make_table, pump
from relay_helpers import SHORT, RelayThread, closed, line_peer, read_line

from game.net import protocol as P
from game.net import relay as R
from game.net import relay_client
from game.net.client import BROKEN, JOINED, LOST, REFUSED, NetStream
from game.net.invitation import Invitation


@pytest.fixture
def relay():
    r = RelayThread(SHORT, capture=True)
    yield r
    r.close()


def hosted(relay, rules="gurka-se", n=3, remote=(1, 2), limits=NET_SHORT):
    """A table with network seats, open to the internet through ``relay``; (host, table, invitation)."""
    host, table = make_table(rules, n, remote, limits=limits)
    inv = table.invite(f"127.0.0.1:{relay.port}")
    assert pump(table, 5, until=lambda: table.relay_state == "open", step=False), table.relay_state
    return host, table, inv


def join(inv: Invitation, table, name="Anna", seconds=5.0) -> NetStream:
    stream = NetStream("", 0, name, "", invitation=inv)
    pump(table, seconds, until=lambda: (stream.poll(), stream.state != "connecting")[1], step=False)
    return stream


def test_a_joiner_sits_down_through_the_relay_and_nothing_crosses_it_in_clear(relay):
    host, table, inv = hosted(relay)
    try:
        stream = join(inv, table, "Sigríður")
        assert stream.state == JOINED, stream.problem
        assert stream.seat in (1, 2)
        table.start("ai:easy")
        pump(table, 3, until=lambda: (stream.poll(), len(stream.events) > 0 and stream.view()["hand"])[1])
        hand = stream.view()["hand"]
        assert hand
        seen = relay.captured()
        assert len(seen) > 2000            # the handshake and the game went through the relay
        assert b"Sigr" not in seen and "Sigríður".encode() not in seen and b"Host" not in seen
        for card in hand:                  # no card of the joiner's hand, no protocol word
            assert f'"{card}"'.encode() not in seen
        assert b"gurka-net" not in seen and b"welcome" not in seen and b'"type"' not in seen
        stream.close()
    finally:
        table.close()
        host.close()


def test_the_relay_never_receives_the_key_nor_the_code(relay):
    host, table, inv = hosted(relay)
    try:
        stream = join(inv, table)
        assert stream.state == JOINED
        seen = relay.captured()
        assert inv.code.encode() not in seen and inv.key not in seen and inv.secret.encode() not in seen
        stream.close()
    finally:
        table.close()
        host.close()


def test_a_certificate_without_the_pin_is_refused_before_anything_is_said(relay):
    host, table, inv = hosted(relay)
    try:
        impostor = Invitation(inv.relay_host, inv.relay_port, inv.pin[:8] + b"\0\0\0\0", inv.key)
        assert impostor.room == inv.room          # the same room: the relay pairs them
        stream = join(impostor, table)
        assert stream.state == BROKEN and stream.reason == "relay_not_the_table"
        assert "not the host of this invitation" in stream.problem
        assert table.free_seats() == 2             # nothing reached the table
    finally:
        table.close()
        host.close()


def test_through_the_relay_only_the_invitations_key_opens_the_door(relay):
    host, table, inv = hosted(relay)
    try:
        guess = Invitation(inv.relay_host, inv.relay_port, inv.pin, bytes(8))      # right pin, wrong key
        stream = join(guess, table)
        assert stream.state == REFUSED and stream.reason == "wrong_code"
        stream.close()

        async def four_digits():                   # the LAN code does not open an internet table
            from game.net import protocol as P
            reader, writer = await relay_client.join_through(inv, 1 << 20)
            writer.write(P.encode(P.hello("Eve", table.code)))
            line = await asyncio.wait_for(reader.readline(), 5)
            writer.close()
            return line
        fut = table.net.submit(four_digits())
        pump(table, 5, until=fut.done, step=False)
        assert b'"wrong_code"' in fut.result()
        assert table.free_seats() == 2
    finally:
        table.close()
        host.close()


def test_a_room_that_does_not_exist(relay):
    stream = NetStream("", 0, "Anna", "", invitation=Invitation("127.0.0.1", relay.port, os.urandom(12), os.urandom(8)))
    end = time.monotonic() + 5
    while stream.state == "connecting" and time.monotonic() < end:
        stream.poll()
        time.sleep(0.01)
    assert stream.state == REFUSED and stream.reason == "relay_no_room"
    assert "No table is open for this invitation" in stream.problem
    stream.close()


def test_room_guesses_are_limited_per_address(relay):
    for _ in range(SHORT.guesses):
        s, answer = line_peer(relay.port, f"gurka-relay/1 join {os.urandom(8).hex()}\n".encode(), source="127.0.0.7")
        assert answer == b"no no_room\n"
        s.close()
    # a room that exists is refused too now: a guess made while refused tells nothing
    host, table, inv = hosted(relay)
    try:
        s, answer = line_peer(relay.port, f"gurka-relay/1 join {inv.room}\n".encode(), source="127.0.0.7")
        assert answer == b"no slow_down\n"
        s.close()
        # another address is not slowed down
        stream = join(inv, table)
        assert stream.state == JOINED
        stream.close()
    finally:
        table.close()
        host.close()
    assert relay.figures()["slow_down"] == 1


def test_a_first_line_over_the_limit_or_of_another_protocol_is_refused(relay):
    s, answer = line_peer(relay.port, b"x" * (SHORT.line + 50))
    assert answer == b"no bad\n" and closed(s)
    s, answer = line_peer(relay.port, b"GET / HTTP/1.1\n")
    assert answer == b"no bad\n" and closed(s)
    s, answer = line_peer(relay.port, b"gurka-relay/2 join 0123456789abcdef\n")
    assert answer == b"no version\n" and closed(s)
    s, answer = line_peer(relay.port, b"gurka-relay/1 accept 0123456789abcdef " + b"0" * 32 + b"\n")
    assert answer == b"" and closed(s)          # an unknown pair: closed without a word


def test_a_silent_connection_is_dropped_after_the_handshake_time(relay):
    s = socket.create_connection(("127.0.0.1", relay.port))
    t0 = time.monotonic()
    assert closed(s, 5)
    assert time.monotonic() - t0 >= SHORT.handshake * 0.8
    assert relay.figures()["too_slow"] >= 1


def test_a_joiner_waits_for_its_host_only_so_long(relay):
    s, answer = line_peer(relay.port, b"", timeout=0.2)
    s.close()
    control, ok = line_peer(relay.port, b"gurka-relay/1 host 0123456789abcdef 0000000000000000\n")
    assert ok == b"ok\n"
    s, answer = line_peer(relay.port, b"gurka-relay/1 join 0123456789abcdef\n", timeout=5)
    assert answer == b"no host_slow\n"
    assert read_line(control).startswith(b"join ")
    control.close()


def test_a_room_is_the_hosts_own(relay):
    control, ok = line_peer(relay.port, b"gurka-relay/1 host 0123456789abcdef 1111111111111111\n")
    assert ok == b"ok\n"
    other, answer = line_peer(relay.port, b"gurka-relay/1 host 0123456789abcdef 2222222222222222\n")
    assert answer == b"no taken\n"
    again, answer = line_peer(relay.port, b"gurka-relay/1 host 0123456789abcdef 1111111111111111\n")
    assert answer == b"ok\n"                   # the same host, back after a hiccup, takes it over
    assert closed(control)
    again.close()


def test_rooms_and_connections_per_address_are_limited(relay):
    held = []
    for i in range(SHORT.rooms_per_address):
        s, ok = line_peer(relay.port, f"gurka-relay/1 host {i:016x} {i:016x}\n".encode(), source="127.0.0.5")
        assert ok == b"ok\n"
        held.append(s)
    s, answer = line_peer(relay.port, b"gurka-relay/1 host 00000000000000ff 0000000000000000\n", source="127.0.0.5")
    assert answer == b"no full\n"
    for s in held:
        s.close()
    many = [socket.create_connection(("127.0.0.1", relay.port), source_address=("127.0.0.6", 0))
            for _ in range(SHORT.per_address)]
    time.sleep(0.2)
    s, answer = line_peer(relay.port, b"", source="127.0.0.6")
    assert answer == b"no busy\n"
    for c in many:
        c.close()


def _raise_fd_limit(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard), hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= n, "this machine allows too few open files"


def test_ten_thousand_connections_arriving_leave_a_table_playing():
    _raise_fd_limit(12_000)
    relay = RelayThread(R.RelayLimits(per_address=64))
    host, table, inv = hosted(relay, limits=P.LIMITS)   # the flood takes the machine: real silences
    try:
        anna = join(inv, table)
        assert anna.state == JOINED
        flood = []
        refused = 0
        for i in range(10_000):
            try:
                flood.append(socket.create_connection(("127.0.0.1", relay.port), timeout=5,
                                                      source_address=(f"127.0.{1 + i % 2}.{200 + i % 50}", 0)))
            except OSError:
                refused += 1
            if i % 500 == 0:
                table.poll()
                anna.poll()
        figures = relay.figures()
        # at most per_address held from each of the 100 flooding addresses; the rest turned away
        assert figures["connections"] <= 100 * 64 + 10
        assert figures["busy"] >= 10_000 - 100 * 64 - refused
        bo = join(inv, table, "Bo")               # the table still takes a player
        assert bo.state == JOINED, bo.problem
        assert anna.state == JOINED, (anna.reason, anna.problem)
        for s in flood:
            s.close()
        bo.close()
        anna.close()
    finally:
        table.close()
        host.close()
        relay.close()


async def _pipe(relay_port: int, room: str = "00000000000000aa"):
    """A control connection, a joiner and the host's accepted side, raw; (joiner, host side)."""
    cr, cw = await asyncio.open_connection("127.0.0.1", relay_port)
    cw.write(f"gurka-relay/1 host {room} 0000000000000000\n".encode())
    assert await cr.readline() == b"ok\n"
    jr, jw = await asyncio.open_connection("127.0.0.1", relay_port)
    jw.write(f"gurka-relay/1 join {room}\n".encode())
    words = (await cr.readline()).split()
    hr, hw = await asyncio.open_connection("127.0.0.1", relay_port)
    hw.write(f"gurka-relay/1 accept {room} ".encode() + words[1] + b"\n")
    assert await jr.readline() == b"ok\n"
    return (jr, jw), (hr, hw), (cr, cw)


def test_a_fast_sender_is_held_to_the_rate():
    relay = RelayThread(R.RelayLimits(rate=500_000, burst=100_000))
    total = 2_000_000

    async def run():
        (jr, jw), (hr, hw), _ = await _pipe(relay.port)
        t0 = time.monotonic()
        jw.write(b"x" * total)
        got = 0
        samples = []
        while got < total:
            got += len(await asyncio.wait_for(hr.read(65536), 10))
            samples.append((time.monotonic() - t0, got))
        return samples
    try:
        samples = asyncio.run(run())
        for elapsed, got in samples:     # never more than the bucket and the rate allow (and a read's worth)
            assert got <= 100_000 + 500_000 * elapsed + 256 * 1024 + 4096, (elapsed, got)
        assert relay.figures()["throttled"] >= 1
    finally:
        relay.close()


def test_a_side_that_does_not_read_pauses_the_other():
    relay = RelayThread(R.RelayLimits(buffer=64 * 1024, rate=50_000_000, burst=50_000_000))

    async def run():
        (jr, jw), (hr, hw), _ = await _pipe(relay.port)
        hw.transport.set_write_buffer_limits(high=64 << 20)
        hw.write(b"y" * (16 << 20))               # the joiner reads none of it
        await asyncio.sleep(1.5)
        pipes = [c for c in relay.relay.conns if c.state == R.PIPED]
        held = [c.transport.get_write_buffer_size() for c in pipes]
        reading = [c.transport.is_reading() for c in pipes]
        return held, reading
    try:
        held, reading = asyncio.run(run())
        # the relay holds little more than its buffer for the joiner (and a read's worth); it has
        # stopped reading from the host, whose bytes wait in its own socket
        assert max(held) <= 64 * 1024 + 256 * 1024, held
        assert reading.count(False) == 1, reading
    finally:
        relay.close()


def test_an_idle_pipe_is_closed(relay):
    async def run():
        (jr, jw), (hr, hw), _ = await _pipe(relay.port)
        t0 = time.monotonic()
        data = await asyncio.wait_for(jr.read(10), 10)
        return data, time.monotonic() - t0
    data, waited = asyncio.run(run())
    assert data == b"" and waited >= SHORT.idle * 0.8
    assert relay.figures()["idle"] >= 1


@pytest.mark.parametrize("how", ["flip", "drop", "replay"])
def test_a_relay_that_tampers_with_the_stream_stops_the_joiner_with_one_line(how, monkeypatch):
    relay = RelayThread(SHORT)
    chunks = {"n": 0}
    forward = R.RelayConn._forward

    def tampering(self, data):
        chunks["n"] += 1
        if chunks["n"] == 8:          # a chunk of the game, past the handshake
            if how == "flip":
                data = bytes([data[0]]) + bytes([data[1] ^ 0x40]) + data[2:]
            elif how == "drop":
                return
            else:
                forward(self, data)
        forward(self, data)
    monkeypatch.setattr(R.RelayConn, "_forward", tampering)
    host, table, inv = hosted(relay)
    try:
        stream = join(inv, table)
        table.start("ai:easy")
        pump(table, 10, until=lambda: (stream.poll(), stream.state == BROKEN)[1])
        assert stream.state == BROKEN and stream.reason == "tampered", (stream.state, stream.problem)
        assert stream.problem == ("The connection to the table was changed on the way (by the relay or the "
                                  "network), so the game stops here.")
    finally:
        table.close()
        host.close()
        relay.close()


def test_a_host_that_vanishes_is_noticed_by_its_joiners_within_ten_seconds(relay):
    host, table, inv = hosted(relay)
    stream = join(inv, table)
    assert stream.state == JOINED
    table.start("ai:easy")
    pump(table, 1)

    async def vanish():            # every socket of the host dies at once, as when its process is killed
        for conn in list(table._conns):
            conn.writer.transport.abort()
            plain = getattr(conn.writer, "_plain", None)
            if plain is not None:
                plain.transport.abort()
        table.door.stop()
    table.net.submit(vanish()).result(5)
    t0 = time.monotonic()
    while stream.state == JOINED and time.monotonic() - t0 < 10:
        stream.poll()
        time.sleep(0.01)
    assert stream.state == LOST and time.monotonic() - t0 < 10
    table.close()
    host.close()
    stream.close()


def test_a_first_line_sent_a_byte_at_a_time_is_dropped_at_the_handshake_time(relay):
    s = socket.create_connection(("127.0.0.1", relay.port))
    t0 = time.monotonic()
    line = b"gurka-relay/1 join 0123456789abcdef"
    gone = False
    for b in line:                       # slower than the handshake allows
        try:
            s.send(bytes([b]))
        except OSError:
            gone = True
            break
        time.sleep(0.05)
    assert gone or closed(s, 5)
    assert time.monotonic() - t0 < SHORT.handshake + 2.0
    assert relay.figures()["too_slow"] >= 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(min_size=1, max_size=300))
def test_random_first_lines_open_no_room_and_pair_nothing(relay, data):
    before = relay.figures()
    s, answer = line_peer(relay.port, data + b"\n", timeout=3)
    s.close()
    assert answer in (b"", b"ok\n") or answer.startswith(b"no ")
    after = relay.figures()
    assert after["paired"] == before["paired"]
    if answer == b"ok\n":                # only a well-formed host line opens a room
        assert data.startswith(b"gurka-relay/1 host ")


def test_the_hosts_continue_opens_the_same_invitation(relay):
    from game.net.keepsake import checked
    host, table, inv = hosted(relay)
    try:
        kept = {"table": table.table_id, "code": table.code, "port": table.port, "tokens": {},
                "relay": table.relay_keep()}
        assert checked(kept, 3) == kept                  # the save keeps it as it is
        assert "relay" not in checked(dict(kept, relay=dict(kept["relay"], secret="x")), 3)
    finally:
        table.close()
        host.close()
    host2, table2 = make_table(limits=NET_SHORT)
    try:
        again = table2.invite(kept["relay"]["relay"], kept=kept["relay"])
        assert again == inv and again.link() == inv.link()
        assert pump(table2, 5, until=lambda: table2.relay_state == "open", step=False)
        stream = join(inv, table2)                       # the old invitation sits down at the new table
        assert stream.state == JOINED
        stream.close()
    finally:
        table2.close()
        host2.close()
    # a kept certificate that is not one: a new invitation, not a crash
    host3, table3 = make_table(limits=NET_SHORT)
    try:
        fresh = table3.invite(kept["relay"]["relay"], kept=dict(kept["relay"], cert="garbage"))
        assert fresh.pin != inv.pin
    finally:
        table3.close()
        host3.close()


def test_an_installation_that_cannot_make_certificates_says_so_in_one_line(monkeypatch):
    import sys

    from game.net import tls
    monkeypatch.setitem(sys.modules, "cryptography", None)      # as when its DLL cannot be loaded
    with pytest.raises(tls.IdentityError) as e:
        tls.new_identity()
    assert "cannot make the table's certificate" in str(e.value) and "\n" not in str(e.value)


def test_a_seated_joiner_whose_host_left_the_relay_keeps_trying(relay):
    host, table, inv = hosted(relay)
    stream = join(inv, table)
    assert stream.state == JOINED
    table.close()                          # the host's window closed: its room goes with it
    host.close()
    end = time.monotonic() + 10
    while stream.state not in (LOST, REFUSED) and time.monotonic() < end:
        stream.poll()
        time.sleep(0.01)
    assert stream.state in (LOST, "closed")
    stream.state = LOST                    # (as after the host's last word) it tries again: no room now
    stream.reconnect()
    end = time.monotonic() + 10
    while stream.state == "connecting" and time.monotonic() < end:
        stream.poll()
        time.sleep(0.01)
    assert stream.state == LOST and stream.reason == "relay_no_room"     # not refused: the host may be back
    stream.close()


def test_a_relay_that_speaks_tls_itself(tmp_path, monkeypatch):
    """``relay --cert --key``: invitations start gurkas://, both sides check the relay's
    certificate by its name, and the table's own TLS runs inside the relay's."""
    import datetime
    import ssl as _ssl

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    from game.net.invitation import parse
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    (tmp_path / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (tmp_path / "key.pem").write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                                         serialization.PrivateFormat.PKCS8,
                                                         serialization.NoEncryption()))
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "cert.pem"))       # the relay's authority
    ctx = _ssl.SSLContext(_ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
    from game.net.link import NetThread
    net = NetThread("tls-relay")
    server, _r = net.submit(R.serve("127.0.0.1", 0, SHORT, ctx)).result(10)
    port = server.sockets[0].getsockname()[1]
    host, table = make_table(limits=NET_SHORT)
    try:
        inv = table.invite(f"gurkas://localhost:{port}")
        assert inv.link().startswith("gurkas://localhost:") and parse(inv.spoken()) == inv
        if sys.version_info < (3, 11):                  # TLS inside TLS: Python 3.11's asyncio
            assert pump(table, 5, until=lambda: table.relay_state == "refused", step=False)
            assert table.door.reason == "old_python"
            return
        assert pump(table, 5, until=lambda: table.relay_state == "open", step=False), table.relay_state
        stream = join(inv, table)
        assert stream.state == JOINED, stream.problem
        stream.close()
        # the same relay reached as plain TCP: nothing works, one line
        plain = NetStream("", 0, "Bo", "", invitation=Invitation("localhost", port, inv.pin, inv.key))
        end = time.monotonic() + 10
        while plain.state == "connecting" and time.monotonic() < end:
            plain.poll()
            time.sleep(0.01)
        assert plain.state in (LOST, REFUSED) and plain.problem
        plain.close()
    finally:
        table.close()
        host.close()
        server.close()
        net.stop()


def test_an_old_python_says_so_for_a_relay_that_speaks_tls(monkeypatch, relay):
    """TLS inside TLS came with Python 3.11's asyncio: before it, one line, no hang."""
    from game.net import relay_client
    monkeypatch.setattr(relay_client.sys, "version_info", (3, 10, 13))
    stream = NetStream("", 0, "Anna", "", invitation=Invitation("127.0.0.1", relay.port, os.urandom(12),
                                                                 os.urandom(8), relay_tls=True))
    end = time.monotonic() + 10
    while stream.state == "connecting" and time.monotonic() < end:
        stream.poll()
        time.sleep(0.01)
    assert stream.state in (REFUSED, LOST)          # (the plain relay here answers the TLS hello with garbage)
    stream.close()
    assert sys.version_info >= (3, 10)
    host, table = make_table(limits=NET_SHORT)
    try:
        table.invite(f"gurkas://127.0.0.1:{relay.port}")
        assert pump(table, 3, until=lambda: table.relay_state == "refused", step=False)
        assert table.door.reason == "old_python"
    finally:
        table.close()
        host.close()
