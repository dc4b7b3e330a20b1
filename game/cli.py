"""Command line: ``python -m game`` starts the window; ``simulate`` and ``replay``
work with game records (RECORDS.md); ``stats`` prints the player's statistics."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .engine import RULESETS, RecordError, dumps, load_records, replay
from .engine.rulesets import effective_options, parse_option_value


def _parse_options(rules: str, items: list[str]) -> dict:
    opts = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"--option takes KEY=VALUE, not {item!r}")
        key, value = item.split("=", 1)
        opts[key.strip()] = parse_option_value(key.strip(), value)
    return opts


def cmd_simulate(args) -> int:
    from .ai.seats import make_player
    from .engine.session import play_session

    options = _parse_options(args.rules, args.option or [])
    specs = (args.seats.split(",") if args.seats else ["ai:normal"] * args.players)
    if len(specs) == 1 and args.players > 1:
        specs = specs * args.players
    if len(specs) != args.players:
        raise ValueError(f"--seats lists {len(specs)} seats for {args.players} players")
    effective_options(args.rules, options, args.players)
    players = [{"name": f"P{i}", "seat": spec} for i, spec in enumerate(specs)]
    agents = [make_player(spec, seed=args.seed * 100 + i, reproducible=True)
              for i, spec in enumerate(specs)]
    out = Path(args.out)
    tmp = out.with_name(out.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for state in play_session(args.rules, players, agents, options, seed=args.seed,
                                  games=args.games):
            fh.write(dumps(state.record()) + "\n")
    tmp.replace(out)
    print(f"wrote {args.games} game(s) to {out}")
    return 0


def cmd_replay(args) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    try:
        records = load_records(text)
    except RecordError as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    bad = 0
    for n, record in enumerate(records, 1):
        label = record.get("game", n) if isinstance(record, dict) else n
        try:
            state = replay(record)
        except RecordError as e:
            where = f"record {n}" if len(records) > 1 else args.file
            print(f"{where}: {e}", file=sys.stderr)
            bad += 1
            continue
        out = state.outcome()
        if out is None:
            end = "unfinished (a saved game)"
        elif out.draw:
            end = "a draw"
        else:
            end = "winners " + ", ".join(str(s) for s in out.winners)
        print(f"game {label}: {len(record['events'])} events OK, {end}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description="Gurka card games")
    parser.add_argument("--demo", action="store_true",
                        help="play one game of AI seats in the window and exit")
    parser.add_argument("--lang", help="interface language (sv, da, nb, is, en)")
    parser.add_argument("--rules", choices=RULESETS, help="with --demo: the ruleset to show")
    parser.add_argument("--seed", type=int, help="with --demo: the deal seed")
    parser.add_argument("--frames", type=int, help="with --demo: stop after this many frames")
    parser.add_argument("--screenshots", metavar="FOLDER", help="with --demo: save screenshots there")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1024x640")
    parser.add_argument("--tour", metavar="DIR",
                        help="save a screenshot of every screen into DIR and exit")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play games with AI seats and write their records")
    sim.add_argument("--rules", required=True, choices=RULESETS)
    sim.add_argument("--option", action="append", metavar="KEY=VALUE")
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--seats", help="comma-separated seat specs, e.g. ai:hard,ai:random")
    sim.add_argument("--out", required=True, metavar="FILE.jsonl")
    rep = sub.add_parser("replay", help="replay and check game records")
    rep.add_argument("file")
    sta = sub.add_parser("stats", help="print the statistics of your finished games")
    sta.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    sta.add_argument("--rules", choices=RULESETS, help="only this ruleset")
    args = parser.parse_args(argv)
    if args.command == "stats":
        from .stats.cli import run as run_stats
        return run_stats(as_json=args.json, rules=args.rules)
    try:
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "replay":
            return cmd_replay(args)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    size = None
    if args.size:
        try:
            w, h = (int(x) for x in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print(f"error: --size takes WxH, e.g. 1024x640, not {args.size!r}", file=sys.stderr)
            return 2
    if args.tour:
        import os
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from .ui.tour import run_tour
        return run_tour(args.tour, lang=args.lang, size=size)
    from .ui.app import run
    return run(demo=args.demo, lang=args.lang, rules=args.rules, seed=args.seed,
               frames=args.frames, screenshots=args.screenshots, size=size)
