"""Command line: ``python -m game`` starts the window; ``simulate`` and ``replay``
work with game records (game/engine/RECORDS.md); ``stats`` prints the player's statistics; ``host`` and
``join`` play a network table without a window (game/net/README.md).

Every command checks everything it is given before doing anything and says what is wrong
in one line (exit code 2 for a bad argument, 1 for a bad record), never a traceback.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from .engine import RecordError, dumps, replay, ruleset_ids
from .engine.records import (MAX_BAD_RECORDS, MAX_EVENTS, MAX_RECORD_BYTES, load_records, parse_record,
                             seat_problem)
from .engine.rulesets import effective_options, parse_option_value
from .safe_json import JSONLimitError, clip, iter_lines

#: simulate: games per run, |seed|, seconds a bot may think per decision
MAX_GAMES = 10_000
MAX_SEED = 10 ** 12
BOT_TIME = (0.05, 600.0)
#: replay: the whole input, its lines, and how many bad records are listed before stopping
MAX_REPLAY_BYTES = 4 << 30
MAX_REPLAY_LINES = 1_000_000
MAX_BAD_SHOWN = MAX_BAD_RECORDS
SAVE_FORMAT = "gurka-save/1"


class Refusal(ValueError):
    """A command-line argument that cannot be used (exit code 2)."""


def _parse_options(rules: str, items: list[str]) -> dict:
    opts = {}
    for item in items:
        if "=" not in item:
            raise Refusal(f"--option takes KEY=VALUE, not {clip(item, 60)!r}")
        key, value = item.split("=", 1)
        opts[key.strip()] = parse_option_value(key.strip(), value)
    return opts


def _check_out(out: Path) -> None:
    """Refuse an output path that cannot take the records, before any game is played."""
    if out.is_symlink():
        raise Refusal(f"--out {out} is a symbolic link; name the file itself")
    if out.exists() and not out.is_file():
        raise Refusal(f"--out {out} is not a regular file (a folder or a device)")
    folder = out.parent
    if not folder.is_dir():
        raise Refusal(f"--out {out}: the folder {folder} does not exist")


def _open_tmp(out: Path):
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except OSError as e:
        raise Refusal(f"--out {out}: cannot write in {out.parent} ({e.strerror or e})") from None
    return tmp, os.fdopen(fd, "w", encoding="utf-8")


def _check_simulate(args) -> tuple[dict, list[str]]:
    if not 1 <= args.games <= MAX_GAMES:
        raise Refusal(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    if not -MAX_SEED <= args.seed <= MAX_SEED:
        raise Refusal(f"--seed must be a whole number from {-MAX_SEED:,} to {MAX_SEED:,}")
    lo, hi = BOT_TIME
    if not lo <= args.bot_time <= hi:
        raise Refusal(f"--bot-time must be from {lo:g} to {hi:g} seconds")
    options = _parse_options(args.rules, args.option or [])
    effective_options(args.rules, options, args.players)    # player count and option ranges
    specs = args.seats.split(",") if args.seats else ["ai:normal"]
    if len(specs) == 1:
        specs = specs * args.players
    if len(specs) != args.players:
        raise Refusal(f"--seats lists {len(specs)} seats for {args.players} players")
    for spec in specs:
        problem = seat_problem(spec)
        if problem:
            raise Refusal(f"--seats: {problem}")
        if spec in ("human", "net"):
            raise Refusal(f"--seats: simulate plays AI seats and bots only, not {spec}")
        if spec.startswith("ext:") and not Path(spec[4:]).is_file():
            raise Refusal(f"--seats: {clip(spec, 80)}: no such file")
    return options, specs


def cmd_simulate(args) -> int:
    from .ai.seats import make_player  # start-up: the AI loads only for simulate
    from .engine.session import play_session  # start-up: the session runner only for simulate

    options, specs = _check_simulate(args)
    out = Path(args.out)
    _check_out(out)
    players = [{"name": f"P{i}", "seat": spec} for i, spec in enumerate(specs)]
    bot = {"budget": args.bot_time, "show_stderr": args.bot_stderr}
    tmp, fh = _open_tmp(out)
    agents = []
    written = 0
    stopped = None
    try:
        agents = [make_player(spec, seed=args.seed * 100 + i, reproducible=True, bot=bot)
                  for i, spec in enumerate(specs)]
        with fh:
            for state in play_session(args.rules, players, agents, options, seed=args.seed,
                                      games=args.games):
                line = dumps(state.record())
                if len(state.events) > MAX_EVENTS or len(line.encode()) > MAX_RECORD_BYTES:
                    stopped = (f"game {written + 1} ran past the limits of a record "
                               f"({len(state.events):,} events); stopped")
                    break
                fh.write(line + "\n")
                written += 1
        os.replace(tmp, out)
    finally:
        for agent in agents:
            close = getattr(agent, "close", None)
            if close:
                close()
        if tmp.exists():
            tmp.unlink()
    print(f"wrote {written} game(s) to {out}")
    if stopped:                # every record written is one its replay accepts
        print(f"error: {stopped}", file=sys.stderr)
        return 1
    return 0


def _write_records(out: Path, records: list[dict]) -> None:
    """Write ``records`` to ``out`` as JSON Lines, atomically (checked with _check_out first)."""
    tmp, fh = _open_tmp(out)
    try:
        with fh:
            for record in records:
                fh.write(dumps(record) + "\n")
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()


def cmd_host(args) -> int:
    from .net.headless import check_host_args, run_host  # start-up: asyncio and the network only for host

    def refuse(text):
        raise Refusal(text)
    options = _parse_options(args.rules, args.option or [])
    specs = check_host_args(args, options, refuse)
    if args.out:
        _check_out(Path(args.out))
    return run_host(args, options, specs, _write_records)


def cmd_join(args) -> int:
    from .net.headless import check_join_args, run_join  # start-up: asyncio and the network only for join

    def refuse(text):
        raise Refusal(text)
    address = check_join_args(args, refuse)
    if args.out:
        _check_out(Path(args.out))
    if args.trace:
        _check_out(Path(args.trace))
    if not -MAX_SEED <= args.seed <= MAX_SEED:
        raise Refusal(f"--seed must be a whole number from {-MAX_SEED:,} to {MAX_SEED:,}")
    lo, hi = BOT_TIME
    if not lo <= args.bot_time <= hi:
        raise Refusal(f"--bot-time must be from {lo:g} to {hi:g} seconds")
    return run_join(args, address, _write_records)


def cmd_relay(args) -> int:
    from .net.relay import run  # start-up: asyncio and the relay only for relay
    if not 1 <= args.port <= 65535:
        raise Refusal("--port takes 1 to 65535")
    if not 1 <= args.max_tables <= 1_000_000:
        raise Refusal("--max-tables takes 1 to 1,000,000")
    if bool(args.cert) != bool(args.key):
        raise Refusal("--cert and --key go together")
    return run(args.address, args.port, args.max_tables, args.cert, args.key)


def _records(path: str):
    """``(label, parsed JSON or RecordError)`` for each record of the file; a file that
    cannot be read or goes past a limit ends with ``(None, error)``."""
    try:
        fh = open(path, "rb")
    except OSError as e:
        yield None, OSError(f"cannot read {path}: {e.strerror or clip(e)}")
        return
    with fh:
        try:
            regular = stat.S_ISREG(os.fstat(fh.fileno()).st_mode)
            size = os.fstat(fh.fileno()).st_size
        except OSError:
            regular, size = False, 0
        if regular and size <= MAX_RECORD_BYTES:   # small: maybe one pretty-printed record
            try:
                items = load_records(fh.read(MAX_RECORD_BYTES + 1))
            except RecordError as e:
                yield None, e
                return
            for n, item in enumerate(items, 1):
                yield (n if len(items) > 1 else None), item
            return
        try:
            for n, line in iter_lines(fh, MAX_RECORD_BYTES, MAX_REPLAY_BYTES, MAX_REPLAY_LINES):
                try:
                    yield f"line {n}", parse_record(line)
                except RecordError as e:
                    yield f"line {n}", e
        except JSONLimitError as e:
            yield None, RecordError(str(e))
        except OSError as e:
            yield None, RecordError(f"cannot read on: {e.strerror or clip(e)}")


def cmd_replay(args) -> int:
    bad = 0
    seen = 0
    for label, item in _records(args.file):
        where = f"{args.file}: {label}" if label else args.file
        if isinstance(item, OSError):
            print(item, file=sys.stderr)
            return 2
        seen += 1
        saved = isinstance(item, dict) and item.get("format") == SAVE_FORMAT
        record = item.get("record") if saved else item
        try:
            if isinstance(item, Exception):
                raise item
            state = replay(record)
        except RecordError as e:
            print(f"{where}: {'saved game: ' if saved else ''}{e}", file=sys.stderr)
            bad += 1
        except Exception as e:  # noqa: BLE001 - a record the engine chokes on is still just a bad record
            print(f"{where}: the engine could not replay it ({type(e).__name__})", file=sys.stderr)
            bad += 1
        else:
            out = state.outcome()
            if out is None:
                end = "unfinished (a saved game)"
            elif out.draw:
                end = "a draw"
            else:
                end = "winners " + ", ".join(str(s) for s in out.winners)
            print(f"game {state.game}: {len(state.events)} events OK, {end}")
        if bad >= MAX_BAD_SHOWN:
            print(f"{args.file}: stopped after {bad} bad records", file=sys.stderr)
            break
    if not seen:
        print(f"{args.file}: no records", file=sys.stderr)
        return 1
    return 1 if bad else 0


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description="Gurka card games")
    parser.add_argument("--demo", action="store_true",
                        help="play one game of AI seats in the window and exit")
    parser.add_argument("--lang", help="interface language (sv, da, nb, is, en)")
    parser.add_argument("--rules", choices=ruleset_ids(), help="with --demo: the ruleset to show")
    parser.add_argument("--seed", type=int, help="with --demo: the deal seed")
    parser.add_argument("--frames", type=int, help="with --demo: stop after this many frames")
    parser.add_argument("--screenshots", metavar="FOLDER", help="with --demo: save screenshots there")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1024x640")
    parser.add_argument("--tour", metavar="DIR",
                        help="save a screenshot of every screen into DIR and exit")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play games with AI seats and write their records")
    sim.add_argument("--rules", required=True, choices=ruleset_ids())
    sim.add_argument("--option", action="append", metavar="KEY=VALUE")
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=1, help=f"1 to {MAX_GAMES:,}")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--seats", help="comma-separated seat specs, e.g. ai:hard,ai:random,"
                                     "ext:bot.py (a bot is a program running with your rights)")
    sim.add_argument("--bot-time", type=float, default=5.0, metavar="SECONDS",
                     help="time a bot may think per decision (default 5)")
    sim.add_argument("--bot-stderr", action="store_true",
                     help="show what bots write on stderr (otherwise only their last line, "
                          "when they fail)")
    sim.add_argument("--out", required=True, metavar="FILE.jsonl")
    rep = sub.add_parser("replay", help="replay and check game records (or a saved game)")
    rep.add_argument("file")
    host = sub.add_parser("host", help="host a network table without a window (game/net/README.md)")
    host.add_argument("--rules", required=True, choices=ruleset_ids())
    host.add_argument("--option", action="append", metavar="KEY=VALUE")
    host.add_argument("--players", type=int, required=True)
    host.add_argument("--seats", help="comma-separated: net (a player on the network), ai:LEVEL, "
                                      "ext:PATH (a bot is a program running with your rights)")
    host.add_argument("--port", type=int, default=47411, help="default 47411; 0: any free port")
    host.add_argument("--address", default="0.0.0.0",
                      help="the address to listen on (default: every address of this computer)")
    host.add_argument("--code", metavar="NNNN", help="the table code (default: a random one)")
    host.add_argument("--name", default="Host", help="the host's name shown to joiners")
    host.add_argument("--out", metavar="FILE.jsonl", help="write the game's record there")
    host.add_argument("--start-after", type=float, metavar="SECONDS",
                      help="start then even if network seats are empty (the AI plays them)")
    host.add_argument("--fill", default="ai:normal", metavar="ai:LEVEL",
                      help="the AI that plays an empty or dropped network seat (default ai:normal)")
    host.add_argument("--lost-wait", type=float, metavar="SECONDS",
                      help="hand a dropped seat to the AI after this long (default: wait for its player)")
    host.add_argument("--seed", type=int, help="the deal seed (default: a random one)")
    host.add_argument("--bot-time", type=float, default=5.0, metavar="SECONDS")
    host.add_argument("--relay", metavar="HOST:PORT",
                      help="also open the table to the internet through this relay; prints the invitation")
    host.add_argument("--games", type=int, default=1, metavar="N",
                      help="games at the same table, the players staying seated (default 1)")
    join = sub.add_parser("join", help="join a network table without a window, playing with an AI or a bot")
    join.add_argument("address", metavar="HOST:PORT|INVITATION",
                      help="the host's address on the local network, or an invitation (gurka://...)")
    join.add_argument("--name", required=True)
    join.add_argument("--code", metavar="NNNN", help="the table code (not with an invitation)")
    join.add_argument("--play", required=True, metavar="ai:LEVEL|ext:PATH",
                      help="who plays the seat: an AI level or a bot program (runs with your rights)")
    join.add_argument("--seat", type=int, help="the seat wanted, counted from 1 (default: the first free one)")
    join.add_argument("--games", type=int, default=1, metavar="N",
                      help="play on for up to N games when the host deals again (default 1)")
    join.add_argument("--out", metavar="FILE.jsonl", help="write the finished game's record there")
    join.add_argument("--trace", metavar="FILE", help="append every line received from the host there")
    join.add_argument("--wait", type=float, default=30.0, metavar="SECONDS",
                      help="how long to keep trying after a lost connection (default 30)")
    join.add_argument("--seed", type=int, default=0)
    join.add_argument("--bot-time", type=float, default=5.0, metavar="SECONDS")
    rel = sub.add_parser("relay", help="run a relay for internet tables (README: Run a relay)")
    rel.add_argument("--port", type=int, default=47400, help="default 47400")
    rel.add_argument("--address", default="0.0.0.0", help="the address to listen on (default: every one)")
    rel.add_argument("--max-tables", type=int, default=5000, help="tables at once (default 5,000)")
    rel.add_argument("--cert", metavar="FILE", help="speak TLS with this certificate (PEM; invitations "
                                                    "then start gurkas://)")
    rel.add_argument("--key", metavar="FILE", help="the certificate's private key (PEM)")
    sta = sub.add_parser("stats", help="print the statistics of your finished games")
    sta.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    sta.add_argument("--rules", choices=ruleset_ids(), help="only this ruleset")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    if args.command == "stats":
        from .stats.cli import run as run_stats  # start-up: sqlite3 and the statistics only for stats
        return run_stats(as_json=args.json, rules=args.rules)
    try:
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "host":
            return cmd_host(args)
        if args.command == "join":
            return cmd_join(args)
        if args.command == "relay":
            return cmd_relay(args)
    except ValueError as e:          # Refusal, OptionError: a bad argument
        print(f"error: {clip(e, 300)}", file=sys.stderr)
        return 2
    except OSError as e:             # e.g. the disk filled up while writing
        print(f"error: {e.strerror or clip(e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001 - never a traceback at the player, whatever a file holds
        print(f"error: {type(e).__name__}: {clip(e, 200)}", file=sys.stderr)
        return 1
    size = None
    if args.size:
        try:
            w, h = (int(x) for x in args.size.lower().split("x") if len(x) <= 6)
            if not (320 <= w <= 7680 and 240 <= h <= 4320):
                raise ValueError
            size = (w, h)
        except ValueError:
            print(f"error: --size takes WxH from 320x240 to 7680x4320, e.g. 1024x640, not "
                  f"{clip(args.size, 40)!r}", file=sys.stderr)
            return 2
    if args.tour:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # start-up: the tour (pygame, every scene) only with --tour; test_tour patches run_tour
        from .ui.tour.runner import run_tour
        return run_tour(args.tour, lang=args.lang, size=size)
    from .ui.app import run  # start-up: the window's modules only when it opens (not for --help or a command)
    return run(demo=args.demo, lang=args.lang, rules=args.rules, seed=args.seed,
               frames=args.frames, screenshots=args.screenshots, size=size)
