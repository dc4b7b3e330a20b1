"""The ``host`` and ``join`` commands: a network table without a window.

``python -m game host``: a table whose seats are AI levels, bots and network seats; it prints
where it listens and its code, waits for the network seats (or ``--start-after`` seconds,
then the AI fills the empty ones), plays to the end and writes the record (``--out``, JSON
Lines as ``simulate`` writes them).  ``python -m game join HOST:PORT``: one network seat
played by an AI level or a bot program from its own view; it exits 0 at the game's end, and
when refused or dropped prints one line saying why and exits 1.  Both loops poll the network
and never wait on it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from typing import Any, Callable, NoReturn
from pathlib import Path

from ..engine.records import new_game
from ..engine.records import MAX_NAME, clean_name, seat_problem
from ..engine.rulesets import effective_options
from ..play.decider import PlayerDecider
from ..play.host import AI, REMOTE, TableHost
from ..safe_json import clip
from ..ai.seats import make_player
from ..ui.names import ai_name
from . import protocol
from .client import FINAL, JOINED, LOST, OVER, NetStream
from .discovery import lan_addresses
from .invitation import Invitation, InvitationError, relay_address
from .invitation import parse as parse_invitation
from .names import distinct_name, shown_name
from .server import NetHost
from .tls import IdentityError
from .tokens import TokenStore

#: seconds the host keeps sending after the end (the record goes out), and its loop's nap
END_GRACE = 1.0
NAP = 0.004
#: a joiner tries again this often after a lost connection
RETRY_EVERY = 1.0
#: games at one table without a window, at most
MAX_GAMES = 1000


def _say(text: str) -> None:
    print(text, flush=True)


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


#: the command's refusal of its arguments: one line (it raises)
Refuse = Callable[[str], NoReturn]
#: writes the records to the ``--out`` file
WriteOut = Callable[[Path, list[dict[str, Any]]], None]


def check_host_args(args: argparse.Namespace, options: dict[str, Any], refuse: Refuse) -> list[str]:
    """The seat specs of ``host`` (its ``--option`` values parsed into ``options``), or
    ``refuse(text)`` (raises)."""
    effective_options(args.rules, options, args.players)
    specs = args.seats.split(",") if args.seats else ["net"]
    if len(specs) == 1:
        specs = specs * args.players
    if len(specs) != args.players:
        refuse(f"--seats lists {len(specs)} seats for {args.players} players")
    for spec in specs:
        if spec == "human":
            refuse("--seats: a table without a window has no human seat (use net, ai:LEVEL or ext:PATH)")
        problem = seat_problem(spec)
        if problem:
            refuse(f"--seats: {problem}")
        if spec.startswith("ext:") and not Path(spec[4:]).is_file():
            refuse(f"--seats: {clip(spec, 80)}: no such file")
    if args.code is not None and not protocol.CODE.fullmatch(args.code):
        refuse("--code takes four digits, e.g. 4821")
    if not 0 <= args.port <= 65535:
        refuse("--port takes 0 to 65535 (0: any free port)")
    for name, value in (("--start-after", args.start_after), ("--lost-wait", args.lost_wait)):
        if value is not None and not 0 <= value <= 86_400:
            refuse(f"{name} takes 0 to 86,400 seconds")
    if seat_problem(args.fill) or not args.fill.startswith("ai:"):
        refuse("--fill takes an AI level, e.g. ai:normal")
    if args.relay is not None:
        try:
            relay_address(args.relay)
        except InvitationError as e:
            refuse(f"--relay: {e}")
    if not 1 <= getattr(args, "games", 1) <= MAX_GAMES:
        refuse(f"--games takes 1 to {MAX_GAMES:,}")
    return specs


def seat_names(specs: list[str]) -> list[str]:
    """The players' names of a table without a window: the AI seats named as the game names
    its AI players, a bot by its file's name, a network seat "Seat N" until a player sits
    down; no two alike."""
    names: list[str] = []
    for i, spec in enumerate(specs):
        if spec == "net":
            name = f"Seat {i + 1}"
        elif spec.startswith("ext:"):
            name = shown_name(Path(spec[4:]).stem, f"Bot {i + 1}")
        else:
            name = ai_name(i)
        names.append(distinct_name(name, names))
    return names


def run_host(args: argparse.Namespace, options: dict[str, Any], specs: list[str], write_out: WriteOut) -> int:
    """Host ``--games`` games at one table (arguments checked by :func:`check_host_args`): the
    players stay seated from game to game and say yes to each next one."""
    players = [{"name": name, "seat": spec} for name, spec in zip(seat_names(specs), specs)]
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    state = new_game(args.rules, players, options, seed=seed)
    control = [REMOTE if spec == "net" else AI for spec in specs]
    decider = PlayerDecider(seed, bot={"budget": args.bot_time})
    host = TableHost(state, control, decider=decider)
    table = NetHost(host, args.name, code=args.code, address=args.address, port=args.port,
                    advertise=True)     # (never on loopback)
    try:
        address, port = table.open()
    except OSError as e:
        host.close()
        _err(f"error: {e}")
        return 1
    if address in ("0.0.0.0", ""):
        shown = ", ".join(f"{a}:{port}" for a in lan_addresses()) or f"this computer's address:{port}"
    else:
        shown = f"{address}:{port}"
    _say(f"table open at {shown}, code {table.code}, {len(table.links)} network seat(s) ({protocol.PROTOCOL})")
    relay_told: list[str | None] = [None]
    if args.relay:
        try:
            invitation = table.invite(args.relay)
        except IdentityError as e:
            table.close()
            host.close()
            _err(f"error: {e}")
            return 1
        _say(invitation.link())         # a line of its own, for a script to pass on
        _say(f"to read aloud: {invitation.spoken()}")
    table.lost_to_ai = (args.lost_wait, args.fill) if args.lost_wait is not None else None
    games = getattr(args, "games", 1) or 1
    records = []
    try:
        for number in range(1, games + 1):
            if number > 1:
                state = new_game(args.rules, [dict(p) for p in host.players], options,
                                 seed=seed + number - 1, game=number, **state.session_next())
                host = TableHost(state, control, decider=decider)
                table.next_game(host)
                _say(f"game {number} of {games}: the players are asked to play again")
            _play_one(args, table, host, relay_told)
            records.append(host.state.record())
            out = state.outcome()       # (never None here: _play_one returns once the game is over)
            result = ("" if out is None else ", a draw" if out.draw
                      else ", winners " + ", ".join(str(s + 1) for s in out.winners))
            _say(f"game over: {len(state.events)} events{result}")
    except KeyboardInterrupt:
        table.close("host_left")
        host.close()
        _err("interrupted: the table is closed")
        return 130
    table.close("game_over")
    host.close()
    if args.out:
        write_out(Path(args.out), records)
        _say(f"wrote {len(records)} record(s) to {args.out}")
    return 0


def relay_line(table: NetHost) -> str:
    """The relay's state in one line (the host command's log)."""
    inv, door = table.invitation, table.door
    if inv is None or door is None:
        return "the table is not open to the internet"
    if table.relay_state == "open":
        return f"the relay {inv.relay} has the table: the invitation works"
    if table.relay_state == "refused":
        return f"the relay {inv.relay} refused the table ({door.reason})"
    return f"the relay {inv.relay} cannot be reached now ({door.reason}); trying again"


def _play_one(args: argparse.Namespace, table: NetHost, host: TableHost, relay_told: list[str | None]) -> None:
    """One game at the table: wait for the network seats (or ``--start-after``), play it to the
    end, and keep serving for END_GRACE (the record goes out).  ``relay_told``: the relay's
    state last said (a table open to the internet says when it changes)."""
    opened = time.monotonic()
    ended_at = None
    while True:
        now = time.monotonic()
        table.poll(now)
        if table.relay_state != relay_told[0] and table.relay_state in ("open", "retrying", "refused"):
            relay_told[0] = table.relay_state
            _say(relay_line(table))
        for notice in table.take_notices():
            _say(notice.text)
        if not table.started:
            all_in = all(lk.link == "connected" for lk in table.links.values())
            waited = args.start_after is not None and now - opened >= args.start_after
            if all_in or waited:
                table.start(args.fill)
                _say("the game starts: " + ", ".join(p["name"] for p in host.players))
        else:
            host.step(now * 1000.0, 0.0)
        if host.is_over():
            ended_at = ended_at or now
            if now - ended_at >= END_GRACE:
                return
        time.sleep(NAP)


_ADDRESS = re.compile(r"\[([0-9a-fA-F:.]+)\]:(\d{1,5})|([^:\s\[\]]{1,253}):(\d{1,5})")


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``[IPv6]:PORT``; ValueError (one line) otherwise."""
    m = _ADDRESS.fullmatch(text.strip())
    if not m:
        raise ValueError(f"an address is HOST:PORT, e.g. 192.168.1.23:{protocol.DEFAULT_PORT}, not {clip(text, 60)!r}")
    host, port = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    if not 1 <= int(port) <= 65535:
        raise ValueError("a port is from 1 to 65535")
    return host, int(port)


def check_join_args(args: argparse.Namespace, refuse: Refuse) -> tuple[str, int] | Invitation:
    """Where to join: ``(host, port)`` with ``--code``, or an invitation (which carries its own key)."""
    address: tuple[str, int] | Invitation
    if args.address.strip().lower().startswith(("gurka://", "gurkas://")):
        try:
            address = parse_invitation(args.address)
        except InvitationError as e:
            refuse(f"the invitation: {e}")
        if args.code is not None:
            refuse("--code is for a table on the local network: an invitation carries its own key")
    else:
        try:
            address = parse_address(args.address)
        except ValueError as e:
            refuse(str(e))
        if args.code is None or not protocol.CODE.fullmatch(args.code):
            refuse("--code takes the table's four digits, e.g. 4821")
    name = clean_name(args.name)
    if not name or len(args.name) > MAX_NAME:
        refuse(f"--name takes 1 to {MAX_NAME} visible characters")
    problem = seat_problem(args.play)
    if problem or not (args.play.startswith("ai:") or args.play.startswith("ext:")):
        refuse("--play takes ai:LEVEL or ext:PATH")
    if args.play.startswith("ext:") and not Path(args.play[4:]).is_file():
        refuse(f"--play: {clip(args.play, 80)}: no such file")
    if not 0 <= args.wait <= 3600:
        refuse("--wait takes 0 to 3,600 seconds")
    if args.seat is not None and not 1 <= args.seat <= protocol.MAX_SEATS:
        refuse(f"--seat takes a seat from 1 to {protocol.MAX_SEATS}")
    if not 1 <= getattr(args, "games", 1) <= MAX_GAMES:
        refuse(f"--games takes 1 to {MAX_GAMES:,}")
    return address


def run_join(args: argparse.Namespace, address: tuple[str, int] | Invitation, write_out: WriteOut) -> int:
    """Play one seat for up to ``--games`` games at the table (saying yes to each next game the
    host deals); exit 0 once they are played or the host closes the table after a game."""
    trace_fh = open(args.trace, "ab") if args.trace else None   # noqa: SIM115 - closed below
    trace: Callable[[bytes], object] | None = trace_fh.write if trace_fh else None
    wanted = args.seat - 1 if args.seat is not None else None      # the seat as the window counts it
    if isinstance(address, Invitation):
        stream = NetStream("", 0, clean_name(args.name), "", seat=wanted, tokens=TokenStore(),
                           trace=trace, invitation=address)
    else:
        stream = NetStream(address[0], address[1], clean_name(args.name), args.code, seat=wanted,
                           tokens=TokenStore(), trace=trace)
    games = getattr(args, "games", 1) or 1
    player = None
    lost_at = None
    retried = 0.0
    said_joined = False
    records: list[dict[str, Any]] = []
    recorded = None          # the game number whose record is in ``records`` last
    over_at = 0.0
    try:
        while True:
            stream.poll()
            now = time.monotonic()
            if stream.state in FINAL:
                _err(stream.problem or stream.state)
                return 1
            if stream.state == OVER:
                record = stream.record()
                if record is not None and recorded != stream.game:
                    recorded = stream.game
                    records.append(record)
                    _say(f"game over: {len(records[-1]['events'])} events")
                    over_at = now
                if len(records) >= games or stream.reason in ("game_over", "host_left"):
                    break           # played them all, or the host closed the table after a game
                if stream.offer is not None:
                    stream.play_again()
                    _say(f"game {stream.game}: playing again")
                elif now - over_at > args.wait:
                    break           # no next game offered: done
                time.sleep(0.02)
                continue
            if stream.state == LOST:
                lost_at = lost_at or now
                if now - lost_at > args.wait:
                    _err(stream.problem or "the connection was lost")
                    return 1
                if now - retried >= RETRY_EVERY:
                    retried = now
                    stream.reconnect()
                time.sleep(0.05)
                continue
            if stream.state == JOINED:
                lost_at = None
                if not said_joined:
                    said_joined = True
                    _say(f"joined {stream.host_name}'s table at seat {stream.seat + 1} ({stream.rules})")
            legal = stream.legal_actions()
            if legal:
                if player is None:
                    player = make_player(args.play, seed=args.seed * 100 + stream.seat,
                                         bot={"budget": args.bot_time})
                try:
                    choice = player.choose(stream.view(), legal)
                except Exception as e:  # noqa: BLE001 - the host's offer trips up the player
                    _err(f"the host's offered moves cannot be played ({type(e).__name__})")
                    return 1
                stream.send(choice)
            stream.tick(now * 1000.0, len(stream.events), 0.0)
            time.sleep(NAP)
    except KeyboardInterrupt:
        _err("interrupted: left the table")
        return 130
    finally:
        stream.close()
        if player is not None and hasattr(player, "close"):
            player.close()
        if trace_fh is not None:
            trace_fh.close()
    if args.out:
        write_out(Path(args.out), records)
        _say(f"wrote the record{'s' if len(records) > 1 else ''} to {args.out}")
    return 0
