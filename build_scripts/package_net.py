"""The packaging test's network game: frozen processes host and join a table on 127.0.0.1.

    play(start, path, folder, check, label)

One frozen ``gurka host`` (Norwegian Agurk, three seats: two network seats and an Easy AI,
any free port on 127.0.0.1, code 1234) and two frozen ``gurka join`` processes, each with
a user folder of its own (``GURKA_HOME``), play one game to the end; every process must exit
0, the host's record must replay with the frozen ``gurka replay``, and each joiner's record
(``--out``: the host's end, checked by the joiner) must be the host's record.  Nothing
leaves this computer: the table listens on 127.0.0.1 only and is never advertised.

``start(args, home)`` starts the frozen app with ``args`` and the user folder ``home`` (a
process whose stdout and stderr are one pipe): the Linux app directly, the Windows one under
Wine (``test_package_windows.py``).  ``path(p)`` is how the app names the file ``p`` (Wine:
``Z:\\...``).  Used by ``test_package.py`` (Linux) and ``test_package_windows.py``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable

RULES, PLAYERS, SEATS, CODE = "agurk-no", 3, "net,ai:easy,net", "1234"
JOINERS = ("Anna", "Bo")
#: seconds the whole game may take (Wine starts a frozen app in several seconds)
TIMEOUT = 300.0


class Output:
    """A process's output, read on a thread of its own (a pipe that fills up would stop it)."""

    def __init__(self, proc: subprocess.Popen):
        self.proc = proc
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for raw in self.proc.stdout:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:       # Windows' Python writes a pipe in the ANSI code page
                line = raw.decode("cp1252", "replace")
            self.lines.append(line.rstrip("\r\n"))

    def text(self) -> str:
        return "\n".join(self.lines)

    def wait(self, deadline: float) -> int | None:
        """The exit code, or None when ``deadline`` (monotonic) passed first."""
        try:
            code = self.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return None
        self._reader.join(timeout=10)
        return code


def stop(proc: subprocess.Popen) -> None:
    """End a process and whatever it started (it runs in a session of its own)."""
    if proc.poll() is None:
        try:
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
        except (OSError, ProcessLookupError):
            pass


def _records(path: Path) -> list[dict]:
    try:
        return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def play(start: Callable[[list[str], Path], subprocess.Popen], path: Callable[[Path], str],
         folder: Path, check: Callable[[bool, str], bool], label: str, relay: bool = False) -> float | None:
    """Play the game; every finding goes to ``check(ok, what)``.  Seconds the game took from
    the host's start to the last exit, or None when it did not get that far.  ``relay``: an
    internet table instead: a frozen relay on 127.0.0.1, the host opens its table to it
    (``--relay``) and the joiners join by the invitation it prints (TLS from the bundle's ssl,
    the host's certificate made by the bundle's cryptography)."""
    folder.mkdir(parents=True, exist_ok=True)
    host_out = folder / "host.jsonl"
    began = time.monotonic()
    deadline = began + TIMEOUT
    procs = []
    extra = []
    if relay:
        relay_port = _free_port()
        server = Output(start(["relay", "--address", "127.0.0.1", "--port", str(relay_port)], folder / "home-relay"))
        procs.append(server)
        while "relay listening" not in server.text() and time.monotonic() < began + 120 and server.proc.poll() is None:
            time.sleep(0.1)
        if not check("relay listening" in server.text(), f"{label}: the frozen relay listens on 127.0.0.1: "
                                                          f"{server.text().strip()[-300:] or '(no output)'}"):
            stop(server.proc)
            return None
        extra = ["--relay", f"127.0.0.1:{relay_port}"]
    host = Output(start(["host", "--rules", RULES, "--players", str(PLAYERS), "--seats", SEATS,
                         "--port", "0", "--address", "127.0.0.1", "--code", CODE, "--name", "Host",
                         "--seed", "5", "--out", path(host_out), *extra], folder / "home-host"))
    procs.append(host)
    try:
        port = invitation = None
        while (port is None or (relay and invitation is None)) and time.monotonic() < min(deadline, began + 120) \
                and host.proc.poll() is None:
            m = re.search(r"table open at 127\.0\.0\.1:(\d+)", host.text())
            port = int(m.group(1)) if m else None
            m = re.search(r"^(gurka://\S+)$", host.text(), re.M)
            invitation = m.group(1) if m else None
            time.sleep(0.1)
        if not check(port is not None, f"{label}: the frozen host opens a table on 127.0.0.1 (asyncio in the "
                                       f"bundle): {host.text().splitlines()[0] if host.lines else '(no output)'}"):
            print(host.text()[-3000:])
            return None
        if relay and not check(invitation is not None, f"{label}: the frozen host prints an invitation"):
            print(host.text()[-3000:])
            return None
        where = [invitation] if relay else [f"127.0.0.1:{port}", "--code", CODE]
        joiners = [Output(start(["join", *where, "--name", name, "--play",
                                 "ai:easy", "--seed", str(i + 1), "--out", path(folder / f"{name}.jsonl")],
                                folder / f"home-{name}")) for i, name in enumerate(JOINERS)]
        procs += joiners
        ends = [j.wait(deadline) for j in joiners]
        # a joiner that gave up leaves the host waiting for its seat: no need to wait it out
        codes = [host.wait(deadline if ends == [0, 0] else time.monotonic() + 2), *ends]
        if relay:
            check("has the table" in host.text(), f"{label}: the relay held the frozen host's room")
        took = time.monotonic() - began
        ok = check(codes == [0, 0, 0], f"{label}: a frozen host and two frozen joiners (each its own user "
                                       f"folder) played {RULES} to the end on 127.0.0.1, exits {codes} "
                                       f"({took:.0f} s)")
        if not ok:
            for name, p in zip(("host", *JOINERS), procs[1:] if relay else procs):
                print(f"--- {name}:\n{p.text()[-2000:]}")
            return None
    finally:
        for p in procs:
            stop(p.proc)
    record = _records(host_out)
    check(len(record) == 1 and record[0].get("format") == "gurka-record/1",
          f"{label}: the host wrote the game's record ({host_out.name})")
    for name in JOINERS:
        theirs = _records(folder / f"{name}.jsonl")
        check(bool(record) and theirs == record, f"{label}: {name}'s record of the game (the host's end, "
                                                 f"checked by the joiner) is the host's record")
    replay = Output(start(["replay", path(host_out)], folder / "home-replay"))
    code = replay.wait(time.monotonic() + 120)
    stop(replay.proc)
    check(code == 0 and " OK" in replay.text(), f"{label}: the frozen replay checks the network game's "
                                                f"record: {replay.text().strip().splitlines()[-1:] or '(no output)'}")
    return took
