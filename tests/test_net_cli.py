"""The ``host`` and ``join`` commands' refusals: one line, a non-zero exit (127.0.0.1 only)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from net_fakes import FakeHost, Raw, make_table, pump
from net_helpers import env

from game.net import protocol as P


def join(port: int, *extra: str, code: str = "1234", home=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game", "join", f"127.0.0.1:{port}", "--name", "Eve",
                             "--code", code, "--play", "ai:easy", "--wait", "1", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(home))


def finish(proc: subprocess.Popen, table=None, seconds: float = 30) -> tuple[int, str, str]:
    end = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < end:
        if table is not None:
            pump(table, 0.05)
        else:
            time.sleep(0.05)
    out, err = proc.communicate(timeout=5)
    return proc.returncode, out, err


@pytest.fixture
def table():
    host, t = make_table(remote=(1,))
    yield t
    t.close()
    host.close()


def test_a_wrong_code_is_one_line(table, tmp_path):
    rc, out, err = finish(join(table.port, code="9999", home=tmp_path), table)
    assert rc == 1 and err.strip() == "Wrong table code."


def test_no_free_seat_is_one_line(table, tmp_path):
    first = Raw(table.port)
    first.send(P.hello("Anna", "1234"))
    pump(table, 1, lambda: first.first("welcome"))
    rc, out, err = finish(join(table.port, home=tmp_path), table)
    assert rc == 1 and err.strip() == "There is no free seat at this table."


def test_another_protocol_version_names_both(tmp_path):
    fake = FakeHost(lambda hello: [P.encode(P.refused("protocol", "other")) .replace(
        P.PROTOCOL.encode(), b"gurka-net/7")])
    try:
        rc, out, err = finish(join(fake.port, home=tmp_path))
    finally:
        fake.close()
    assert rc == 1 and len(err.strip().splitlines()) == 1
    assert "gurka-net/7" in err and P.PROTOCOL in err


def test_the_host_refuses_another_version_naming_both(table):
    peer = Raw(table.port)
    peer.send({"type": "hello", "protocol": "gurka-net/7", "name": "Eve", "code": "1234"})
    assert pump(table, 2, lambda: peer.first("refused"))
    refused = peer.first("refused")
    assert refused["reason"] == "protocol" and refused["protocol"] == P.PROTOCOL
    assert "gurka-net/7" in refused["text"] and P.PROTOCOL in refused["text"]


def test_nobody_there_is_one_line(tmp_path):
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    rc, out, err = finish(join(port, home=tmp_path))
    assert rc == 1 and err.strip() == f"No table answers at 127.0.0.1:{port}."


@pytest.mark.parametrize("argv,needle", [
    (["host", "--rules", "durak", "--players", "3", "--seats", "human,net,net", "--port", "0"], "no human seat"),
    (["host", "--rules", "durak", "--players", "3", "--seats", "net,net", "--port", "0"], "2 seats for 3"),
    (["host", "--rules", "durak", "--players", "3", "--code", "12a4", "--port", "0"], "four digits"),
    (["host", "--rules", "durak", "--players", "3", "--port", "70000"], "--port"),
    (["host", "--rules", "durak", "--players", "3", "--fill", "ext:x.py", "--port", "0"], "--fill"),
    (["join", "nowhere", "--name", "A", "--code", "1234", "--play", "ai:easy"], "HOST:PORT"),
    (["join", "127.0.0.1:1", "--name", "A", "--code", "1234", "--play", "human"], "--play"),
    (["join", "127.0.0.1:1", "--name", "\u200b", "--code", "1234", "--play", "ai:easy"], "--name"),
    (["join", "127.0.0.1:1", "--name", "A", "--code", "x", "--play", "ai:easy"], "four digits"),
    (["simulate", "--rules", "durak", "--players", "2", "--seats", "net", "--out", "x.jsonl"], "not net"),
])
def test_bad_arguments_are_one_line(tmp_path, argv, needle):
    proc = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True, text=True,
                          env=env(tmp_path), cwd=tmp_path, timeout=60)
    assert proc.returncode == 2 and needle in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
