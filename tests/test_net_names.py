"""Names and paths that go to other people (issue 63, findings 4 and 6): a joiner's name
that would turn text around, a stack of combining marks, a name already at the table, a host
name of the same kind, and the host's bot path.  Each test fails when names went through as
typed and a bot's seat named its file's whole path."""

from __future__ import annotations

import json
import unicodedata

import pytest
from net_fakes import FakeHost, joined, make_table, pump
from net_helpers import start_host, start_joiner

from game.engine import new_game
from game.net import protocol as P
from game.net.client import NetStream
from game.net.server import NetHost
from game.play.host import TableHost

RLO = "\u202e"
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def plain(name: str) -> bool:
    """No control or format character, no more than two combining marks in a row."""
    marks = 0
    for c in name:
        kind = unicodedata.category(c)
        if kind[0] == "C":
            return False
        marks = marks + 1 if kind[0] == "M" else 0
        if marks > 2:
            return False
    return True


@pytest.fixture
def table():
    host, table = make_table(n=4, remote=(1, 2, 3))
    yield host, table, table.port
    table.close()
    host.close()


def test_a_joiners_name_reaches_nobody_with_a_bidi_control_or_a_tower_of_marks(table):
    host, t, port = table
    a, wa = joined(t, port, f"Eve{RLO}lapyap")
    b, wb = joined(t, port, "Z" + "\u0301" * 39)
    pump(t, 0.3)
    names = [p["name"] for p in host.players]
    assert all(plain(n) for n in names), names
    assert names[wa["seat"]] == "Evelapyap"
    status = [m for m in b.messages() if m["type"] == "status"][-1]
    assert all(plain(s["name"]) for s in status["seats"])
    notices = [n.text for n in t.take_notices()]
    assert notices and not any(set(text) & BIDI for text in notices)


def test_two_seats_never_share_a_name(table):
    host, t, port = table
    for name in ("Anna", "anna", "P0"):         # (P0 is the AI's name at this table)
        joined(t, port, name)
    pump(t, 0.3)
    names = [p["name"].casefold() for p in host.players]
    assert len(set(names)) == len(names), names


def test_a_name_of_nothing_visible_gets_the_seats_own(table):
    host, t, port = table
    a, wa = joined(t, port, "\u200b\u2066x\u2069".replace("x", "\u3164"))   # fillers and isolates
    pump(t, 0.2)
    assert host.players[wa["seat"]]["name"] == f"P{wa['seat']}"


def test_a_joiner_makes_a_hosts_names_plain_too():
    """A host that sends names with bidi controls, duplicates and stacks of marks: the joiner
    shows them plain and different."""
    game = new_game("gurka-se", [{"name": "Bo", "seat": "human"}, {"name": "Anna", "seat": "net"},
                                 {"name": "Cy", "seat": "ai:easy"}], None, seed=2)
    welcome = P.welcome("0123456789abcdef", 1, "T" * 32, f"Bo{RLO}ssoB", game)
    welcome["host"] = f"Bo{RLO}ssoB"
    welcome["players"][0]["name"] = f"Bo{RLO}ssoB"
    welcome["players"][2]["name"] = "Anna"
    seats = [{"name": n, "who": w, "link": lk, "ai": False}
             for n, w, lk in ((f"Bo{RLO}x", "host", None), ("Anna", "net", "connected"),
                              ("a" + "\u0300" * 30, "ai", None))]
    fake = FakeHost(lambda h: [P.encode(welcome), P.encode({"type": "status", "started": False, "seats": seats,
                                                             "thinking": None})])
    stream = NetStream("127.0.0.1", fake.port, "Anna", "1234")
    try:
        for _ in range(300):
            stream.poll()
            if stream.seat_status:
                break
            __import__("time").sleep(0.01)
        assert stream.state == "joined"
        assert plain(stream.host_name) and stream.host_name == "BossoB"
        names = [p["name"] for p in stream.players]
        assert all(plain(n) for n in names) and len({n.casefold() for n in names}) == len(names), names
        assert all(plain(s["name"]) for s in stream.network.seats())
    finally:
        stream.close()
        fake.close()


def test_the_headless_host_and_joiner_print_no_bidi_control(tmp_path):
    """The host's own lines ("the game starts: ...") and the joiner's ("joined ...'s table")
    carry names made plain."""
    host, port = start_host(tmp_path, "gurka-is", 2, "ai:easy,net", "--name", f"Bo{RLO}ssoB")
    joiner = start_joiner(tmp_path, port, f"Eve{RLO}lapyap")
    try:
        out, err = joiner.communicate(timeout=120)
        host.wait(60)
    finally:
        joiner.kill()
        host.kill()
    log = (tmp_path / "host.log").read_text(encoding="utf-8")
    text = out.decode("utf-8") + err.decode("utf-8")
    assert joiner.returncode == 0, text
    text = "".join(line for line in text.splitlines(True) if str(tmp_path) not in line)   # (its own --out)
    assert "the game starts" in log and "Evelapyap" in log
    assert not set(log) & BIDI and not set(text) & BIDI
    assert "BossoB" in text


def test_shown_name_keeps_every_nordic_name_as_typed():
    from game.net.names import shown_name, shown_names
    for name in ("Guðrún Jónsdóttir", "Søren", "Åsa-Britt", "Þórður", "Ægir", "Nguyễn Thị", "O'Neill"):
        assert shown_name(name, "x") == unicodedata.normalize("NFC", name)
    assert shown_names(["Anna", "Anna", "ANNA"]) == ["Anna", "Anna 2", "ANNA 3"]


# -- finding 6: the host's bot path ------------------------------------------------------------

def test_a_bots_path_on_the_host_never_goes_over_the_network(tmp_path):
    secret = "/home/bjorn/private-projects/gurka-bots/mybot.py"
    players = [{"name": "Robo", "seat": f"ext:{secret}"}, {"name": "P1", "seat": "net"},
               {"name": "P2", "seat": "ai:easy"}]
    state = new_game("gurka-is", players, None, seed=4)
    from net_fakes import SHORT, FirstLegal
    host = TableHost(state, ["ai", "remote", "ai"], decider=FirstLegal())
    t = NetHost(host, "Host", code="1234", address="127.0.0.1", port=0, limits=SHORT)
    t.open()
    try:
        peer, welcome = joined(t, t.port, "Anna")
        assert welcome["players"][0]["seat"] == "ext:mybot.py"
        t.start("ai:easy")
        seat = welcome["seat"]
        ident = 0

        def play():
            nonlocal ident
            msgs = peer.messages()
            if any(m["type"] == "end" for m in msgs):
                return True
            ups = [m for m in msgs if m["type"] == "update"]
            if ups and ups[-1]["legal"] and host.to_act() == seat:
                ident += 1
                peer.send(P.act(ident, len(host.state.events), host.legal_actions(seat)[0]))
                pump(t, 0.05)
            return False
        assert pump(t, 60, play)
        raw = peer.buf.decode("utf-8")
        assert "bjorn" not in raw and "private-projects" not in raw and "/home" not in raw
        end = next(m for m in peer.messages() if m["type"] == "end")
        assert end["record"]["players"][0]["seat"] == "ext:mybot.py"
        assert host.state.record()["players"][0]["seat"] == f"ext:{secret}"     # the host's own record keeps it
    finally:
        t.close()
        host.close()


def test_the_headless_hosts_trace_names_the_bot_by_its_file_only(tmp_path):
    bot = tmp_path / "folder-of-mine" / "fastbot.py"
    bot.parent.mkdir()
    import shutil
    from pathlib import Path
    shutil.copy(Path(__file__).resolve().parent.parent / "game" / "ai" / "example_bot.py", bot)
    host, port = start_host(tmp_path, "gurka-is", 2, f"ext:{bot},net")
    joiner = start_joiner(tmp_path, port, "Anna")
    try:
        out, err = joiner.communicate(timeout=180)
        host.wait(60)
    finally:
        joiner.kill()
        host.kill()
    assert joiner.returncode == 0, err
    trace = (tmp_path / "Anna.trace").read_text(encoding="utf-8")
    assert "folder-of-mine" not in trace and str(tmp_path) not in trace
    welcome = json.loads(trace.splitlines()[0])
    assert welcome["players"][0]["seat"] == "ext:fastbot.py"
