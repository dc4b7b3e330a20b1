#!/usr/bin/env python3
"""Two homes behind routers and an internet between them, on this one Linux machine: the
internet table through a relay, tested on a real network (issue 62).

    sudo python3 build_scripts/test_internet.py [--keep DIR]

Network namespaces joined by veth pairs (nothing leaves this machine):

    home A (host)     192.168.1.2 --- 192.168.1.1 router A 100.64.1.2 --- 100.64.1.1 \\
    home B (joiner)   192.168.1.2 --- 192.168.1.1 router B 100.64.2.2 --- 100.64.2.1  internet
    home C (joiner)   192.168.1.2 --- 192.168.1.1 router C 100.64.3.2 --- 100.64.3.1 /  relay 198.18.0.1

Every home has the same private network behind its router, which masquerades (iptables NAT)
and forwards nothing in: as at home.  The relay runs in the internet namespace.

1. A joiner in home B cannot reach the host in home A directly (neither at router A's public
   address nor at the host's private one).
2. A whole game of Durak 2 v 2 and one of Swedish Gurka, the host in home A with
   ``--relay 198.18.0.1:47400``, the two joiners in homes B and C joining by the invitation it
   prints, play to the end; the host's records pass ``python -m game replay`` and each joiner's
   record is the host's.
3. A capture of the relay's traffic (tcpdump in the internet namespace) holds no card and no
   player name in clear.

Needs root, ``ip`` (iproute2), ``iptables`` and ``tcpdump``; it fails (exit 1, one line) when
any of them is missing or the namespaces cannot be made, never skips.  Everything it makes is
removed at the end, also after a failure.  ``GURKA_FULL=1 bash .ci/run`` runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "gki"
INET, RELAY_IP, RELAY_PORT = f"{PREFIX}-inet", "198.18.0.1", 47400
HOMES = {"A": 1, "B": 2, "C": 3}
NAMES = {"B": "Sigríður", "C": "Åsa"}
GAMES = {
    "durak-2v2": ["--rules", "durak", "--players", "4", "--seats", "net,ai:easy,net,ai:easy", "--option", "teams=2v2"],
    "gurka-se": ["--rules", "gurka-se", "--players", "3", "--seats", "ai:easy,net,net", "--option", "limit=15"],
}
failures: list[str] = []


def say(text: str) -> None:
    print(text, flush=True)


def check(ok: bool, what: str) -> bool:
    say(f"  {'ok  ' if ok else 'FAIL'}  {what}")
    if not ok:
        failures.append(what)
    return ok


def sh(*args: str, ns: str | None = None, check_rc: bool = True, **kw) -> subprocess.CompletedProcess:
    cmd = (["ip", "netns", "exec", ns] if ns else []) + list(args)
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if check_rc and done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {done.stderr.strip() or done.stdout.strip()}")
    return done


def namespaces() -> list[str]:
    out = sh("ip", "netns", "list", check_rc=False).stdout
    return [line.split()[0] for line in out.splitlines() if line.startswith(PREFIX + "-")]


def teardown() -> None:
    for ns in namespaces():
        sh("ip", "netns", "del", ns, check_rc=False)


def build() -> None:
    """The homes, their routers and the internet."""
    teardown()
    sh("ip", "netns", "add", INET)
    sh("ip", "link", "set", "lo", "up", ns=INET)
    sh("ip", "addr", "add", f"{RELAY_IP}/32", "dev", "lo", ns=INET)
    sh("sysctl", "-qw", "net.ipv4.ip_forward=1", ns=INET)
    for home, n in HOMES.items():
        router, house = f"{PREFIX}-r{home}", f"{PREFIX}-h{home}"
        for ns in (router, house):
            sh("ip", "netns", "add", ns)
            sh("ip", "link", "set", "lo", "up", ns=ns)
        # the router's line to the internet
        wan, up = f"{PREFIX}w{home}", f"{PREFIX}u{home}"
        sh("ip", "link", "add", wan, "netns", router, "type", "veth", "peer", "name", up, "netns", INET)
        sh("ip", "addr", "add", f"100.64.{n}.2/30", "dev", wan, ns=router)
        sh("ip", "addr", "add", f"100.64.{n}.1/30", "dev", up, ns=INET)
        sh("ip", "link", "set", wan, "up", ns=router)
        sh("ip", "link", "set", up, "up", ns=INET)
        sh("ip", "route", "add", "default", "via", f"100.64.{n}.1", ns=router)
        # the home's own network behind it: the same private addresses in every home
        lan, nic = f"{PREFIX}l{home}", f"{PREFIX}n{home}"
        sh("ip", "link", "add", lan, "netns", router, "type", "veth", "peer", "name", nic, "netns", house)
        sh("ip", "addr", "add", "192.168.1.1/24", "dev", lan, ns=router)
        sh("ip", "addr", "add", "192.168.1.2/24", "dev", nic, ns=house)
        sh("ip", "link", "set", lan, "up", ns=router)
        sh("ip", "link", "set", nic, "up", ns=house)
        sh("ip", "route", "add", "default", "via", "192.168.1.1", ns=house)
        # a home router: out with the router's address, nothing in that was not asked for
        sh("sysctl", "-qw", "net.ipv4.ip_forward=1", ns=router)
        sh("iptables", "-t", "nat", "-A", "POSTROUTING", "-o", wan, "-j", "MASQUERADE", ns=router)
        sh("iptables", "-A", "FORWARD", "-i", wan, "-m", "state", "--state", "ESTABLISHED,RELATED", "-j", "ACCEPT",
           ns=router)
        sh("iptables", "-A", "FORWARD", "-i", wan, "-j", "DROP", ns=router)


def env(home: Path) -> dict:
    e = dict(os.environ, GURKA_HOME=str(home), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
             SDL_AUDIODRIVER="dummy")
    e.pop("GURKA_NET_LOOPBACK", None)
    return e


def popen(ns: str, args: list[str], home: Path, log: Path) -> subprocess.Popen:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, "-m", "game", *args], cwd=ROOT,
                            env=env(home), stdout=log.open("wb"), stderr=subprocess.STDOUT)


def direct_is_blocked(tmp: Path) -> None:
    """Before any relay: a table in home A, and a joiner in home B trying to reach it."""
    say("1. a home cannot reach another directly")
    host = popen(f"{PREFIX}-hA", ["host", *GAMES["gurka-se"], "--address", "192.168.1.2", "--port", "47411",
                                  "--code", "1234", "--start-after", "600"], tmp / "direct-home", tmp / "direct.log")
    try:
        time.sleep(2.0)
        probe = ("import socket,sys\n"
                 "try:\n socket.create_connection((sys.argv[1], 47411), timeout=3).close(); print('connected')\n"
                 "except OSError as e:\n print('blocked', type(e).__name__)")
        mine = sh(sys.executable, "-c", probe, "192.168.1.2", ns=f"{PREFIX}-hA").stdout.strip()
        check(mine == "connected", f"the table listens in home A (home A itself reaches it: {mine})")
        for target in ("100.64.1.2", "192.168.1.2"):
            got = sh(sys.executable, "-c", probe, target, ns=f"{PREFIX}-hB").stdout.strip()
            check(got.startswith("blocked"), f"home B cannot reach home A's table at {target}:47411 ({got})")
    finally:
        host.kill()
        host.wait()


def play(tmp: Path, key: str, args: list[str]) -> None:
    folder = tmp / key
    folder.mkdir()
    host = popen(f"{PREFIX}-hA", ["host", *args, "--address", "192.168.1.2", "--port", "0", "--name", "Gunnhildur",
                                  "--seed", "21", "--lost-wait", "10", "--relay", f"{RELAY_IP}:{RELAY_PORT}",
                                  "--out", str(folder / "host.jsonl")], folder / "home-A", folder / "host.log")
    procs = [host]
    try:
        invitation = None
        deadline = time.monotonic() + 30
        while invitation is None and time.monotonic() < deadline and host.poll() is None:
            m = re.search(r"^(gurka://\S+)$", (folder / "host.log").read_text("utf-8", "replace"), re.M)
            invitation = m.group(1) if m else None
            time.sleep(0.1)
        if not check(invitation is not None, f"{key}: the host in home A prints an invitation"):
            say((folder / "host.log").read_text("utf-8", "replace")[-2000:])
            return
        joiners = {}
        for home in ("B", "C"):
            joiners[home] = popen(f"{PREFIX}-h{home}", ["join", invitation, "--name", NAMES[home], "--play", "ai:easy",
                                                        "--out", str(folder / f"{home}.jsonl")],
                                  folder / f"home-{home}", folder / f"{home}.log")
            procs.append(joiners[home])
        codes = [p.wait(300) for p in (host, *joiners.values())]
        logs = {name: (folder / f"{name}.log").read_text("utf-8", "replace") for name in ("host", "B", "C")}
        ok = check(codes == [0, 0, 0], f"{key}: host (home A) and joiners (homes B, C) played to the end through "
                                       f"the relay, exits {codes}")
        if not ok:
            for name, text in logs.items():
                say(f"--- {name}:\n{text[-1500:]}")
            return
        check("has the table" in logs["host"], f"{key}: the relay held the host's room")
        replayed = sh(sys.executable, "-m", "game", "replay", str(folder / "host.jsonl"), check_rc=False, cwd=ROOT,
                      env=env(folder / "replay-home"))
        check(replayed.returncode == 0 and "OK" in replayed.stdout,
              f"{key}: the host's record passes python -m game replay ({replayed.stdout.strip()[:80]})")
        record = json.loads((folder / "host.jsonl").read_text("utf-8"))
        for home in ("B", "C"):
            theirs = json.loads((folder / f"{home}.jsonl").read_text("utf-8"))
            check(theirs == record, f"{key}: home {home}'s record is the host's")
        names = sorted(p["name"] for p in record["players"] if p["seat"] == "net")
        check(names == sorted(NAMES.values()), f"{key}: the joiners sat at the network seats ({names})")
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


def capture_is_clear_of_the_games(tmp: Path, pcap: Path) -> None:
    say("3. what the relay's network saw")
    data = pcap.read_bytes()
    check(len(data) > 20_000, f"the capture holds the games' traffic ({len(data):,} bytes)")
    # the capture sees what goes in clear: the relay's own first lines (rooms are no secret)
    check(b"gurka-relay/1 host " in data and b"gurka-relay/1 join " in data,
          "the capture reads payloads (the relay's own first lines are in it, in clear)")
    words = ["Gunnhildur", *NAMES.values(), "gurka-net", '"type":', '"cards":[', "welcome"]
    found = [w for w in words if w.encode("utf-8") in data]
    check(not found, f"no player name nor protocol word in clear ({found or 'none'})")
    leaked = []
    for key in GAMES:
        record = json.loads((tmp / key / "host.jsonl").read_text("utf-8"))
        deal = next(ev for ev in record["events"] if ev["type"] == "deal")
        for hand in deal["hands"]:
            head = json.dumps(hand[:2], separators=(",", ":"))[:-1].encode()
            if head in data:
                leaked.append(head.decode())
    check(not leaked, f"no hand as the deal names it ({leaked or 'none'})")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keep", metavar="DIR", help="keep the logs, records and capture there")
    args = ap.parse_args(argv)
    missing = [tool for tool in ("ip", "iptables", "tcpdump") if shutil.which(tool) is None]
    if os.geteuid() != 0 or missing:
        print(f"test_internet: needs root and {', '.join(missing) or 'ip, iptables, tcpdump'} "
              f"({'not root' if os.geteuid() != 0 else 'missing: ' + ', '.join(missing)})", file=sys.stderr)
        return 1
    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="gurka-internet-"))
    tmp.mkdir(parents=True, exist_ok=True)
    relay = dump = None
    try:
        try:
            build()
        except RuntimeError as e:
            print(f"test_internet: cannot build the homes and the internet: {e}", file=sys.stderr)
            return 1
        say("the homes A, B and C behind routers with NAT, the relay in the internet")
        direct_is_blocked(tmp)
        pcap = tmp / "relay.pcap"
        dump = subprocess.Popen(["ip", "netns", "exec", INET, "tcpdump", "-i", "any", "-U", "-s", "0", "-w", str(pcap),
                                 "tcp", "port", str(RELAY_PORT)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        relay = popen(INET, ["relay", "--address", "0.0.0.0", "--port", str(RELAY_PORT)], tmp / "relay-home",
                      tmp / "relay.log")
        time.sleep(1.5)
        check(relay.poll() is None and "relay listening" in (tmp / "relay.log").read_text(),
              "the relay listens in the internet namespace")
        say("2. whole games through the relay")
        for key, game_args in GAMES.items():
            play(tmp, key, game_args)
        time.sleep(0.5)
        dump.terminate()
        dump.wait(10)
        capture_is_clear_of_the_games(tmp, pcap)
    finally:
        for p in (relay, dump):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
        teardown()
        left = namespaces()
        check(not left, f"every namespace removed ({left or 'none left'})")
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    say(f"test_internet: {'FAILED: ' + '; '.join(failures) if failures else 'all passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
