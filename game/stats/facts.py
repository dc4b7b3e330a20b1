"""A finished game record (game/engine/RECORDS.md) and its meta data turned into statistics rows.

Pure: no database, no pygame.  The record is treated as hostile data: every
field used is checked, and anything unexpected is a :class:`ValueError` (the
caller turns it into a notice).  Which family a game belongs to is read from its
``game_over`` event (``winners``: the Gurka family; ``loser`` / ``losing_team``:
Durak), not from the ruleset id.

Terms:

- ``result``: ``won`` (the only winner, or not the durak), ``shared`` (a Gurka
  win shared with others), ``lost`` and ``draw`` (Durak: everyone out in the same
  bout, or the stalemate cap).
- ``place``: 1 for the winners; in the Gurka family the others by the deal they
  were knocked out in (later is better), then by their total (lower is better);
  players level on both share a place.  Durak: the order of going out, the durak
  last; in team play 1 for the winning team and 2 for the losers; None for a draw.
- ``opponents``: the strongest built-in AI level among the other seats (``random`` <
  ``easy`` < ``normal`` < ``hard``), or ``mixed`` when another human (hot seat) or
  an external bot sits at the table.
- ``scoring``: ``points``, ``lives`` (each lost deal costs a life: penalties are 1
  per loser, so they are left out of the average penalty) or ``loser`` (Durak: one
  player or team loses).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TypeGuard

from ..engine.seat_spec import AI_LEVELS, parse_seat

LEVEL_ORDER = AI_LEVELS          # easiest first
MIXED = "mixed"
RESULTS = ("won", "shared", "lost", "draw")
BIG = 10 ** 9


@dataclass
class SeatRow:
    seat: int
    kind: str            # human / ai / ext
    level: str | None    # the AI level (``hard`` for ``ai:hard:200``), None otherwise
    name: str


@dataclass
class DealRow:
    deal: int            # from 1
    seat: int
    penalty: int | None  # None: the seat was not in that deal (Durak: always None)
    total: int | None
    lost: bool           # took a penalty in that deal / was the durak or in the losing team


@dataclass
class GameFacts:
    rules: str
    options: dict
    players: int
    human_seat: int
    opponents: str
    scoring: str
    result: str
    place: int | None
    deals: int
    #: the deals the player took part in (not knocked out)
    deals_played: int
    penalty: int | None  # the player's penalty points over the whole game (points scoring)
    was_durak: bool
    started: str | None
    finished: str
    duration_s: float | None
    undo_used: bool
    hints: int
    seats: list[SeatRow] = field(default_factory=list)
    deal_rows: list[DealRow] = field(default_factory=list)

    @property
    def options_json(self) -> str:
        return json.dumps(self.options, sort_keys=True, ensure_ascii=False)


def _int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _seat_list(v, n: int, what: str) -> list[int]:
    if not isinstance(v, list) or not all(_int(s) and 0 <= s < n for s in v):
        raise ValueError(f"{what} must be a list of seats")
    return list(v)


def seat_kind(spec: str) -> tuple[str, str | None]:
    """A seat's kind and AI level for the statistics, from the record format's own reading
    (:func:`game.engine.seat_spec.parse_seat`): ``human`` -> (human, None); ``ai:hard:200`` ->
    (ai, hard); ``ext:PATH`` -> (ext, None); a network seat or anything else -> (other, None)."""
    try:
        seat = parse_seat(spec)
    except ValueError:
        return "other", None
    return (seat.kind, seat.level) if seat.kind in ("human", "ai", "ext") else ("other", None)


def opponent_level(seats: list[SeatRow], human: int) -> str:
    best = -1
    for s in seats:
        if s.seat == human:
            continue
        if s.kind != "ai" or s.level not in LEVEL_ORDER:
            return MIXED
        best = max(best, LEVEL_ORDER.index(s.level))
    return LEVEL_ORDER[best] if best >= 0 else MIXED


def _iso(v) -> str | None:
    if not isinstance(v, str) or not v or len(v) > 64:
        return None
    try:
        datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        return None
    return v


def _clean_meta(meta: dict) -> dict:
    finished = _iso(meta.get("finished")) or datetime.now(timezone.utc).isoformat(timespec="seconds")
    dur = meta.get("duration_s")
    if not (isinstance(dur, (int, float)) and not isinstance(dur, bool)
            and math.isfinite(dur) and dur >= 0):
        dur = None
    hints = meta.get("hints")
    return {"started": _iso(meta.get("started")), "finished": finished,
            "duration_s": float(dur) if dur is not None else None,
            "undo_used": meta.get("undo_used") is True,
            "hints": hints if _int(hints) and hints >= 0 else 0}


def human_seat(record: object, meta: object) -> int | None:
    """The seat to keep statistics for, or None when the game is not stored (a demo,
    no human seat, or a seat that is not a human)."""
    if not isinstance(meta, dict) or meta.get("demo"):
        return None
    seat = meta.get("human_seat")
    if not _int(seat) or not isinstance(record, dict):
        return None
    players = record.get("players")
    if not isinstance(players, list) or not 0 <= seat < len(players):
        return None
    p = players[seat]
    if not isinstance(p, dict) or p.get("seat") != "human":
        return None
    return seat


def game_facts(record: dict, meta: dict) -> GameFacts:
    """The rows for one finished game.  ValueError when the record is not a finished
    game record or the meta data names no human seat."""
    human = human_seat(record, meta)
    if human is None:
        raise ValueError("no human seat to keep statistics for")
    rules, options, players, events = (record.get(k) for k in ("rules", "options", "players", "events"))
    if not isinstance(rules, str) or not rules or len(rules) > 40:
        raise ValueError("rules must be a ruleset id")
    if not isinstance(options, dict) or not isinstance(events, list) or not isinstance(players, list):
        raise TypeError("options must be an object, events and players lists")
    n = len(players)
    seats = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("seat"), str):
            raise TypeError("players must be a list of {name, seat}")
        kind, level = seat_kind(p["seat"])
        name = p.get("name")
        seats.append(SeatRow(i, kind, level, name[:40] if isinstance(name, str) else ""))
    over = [e for e in events if isinstance(e, dict) and e.get("type") == "game_over"]
    if len(over) != 1 or events[-1] is not over[0]:
        raise ValueError("the record is not a finished game (no game_over at its end)")
    end = over[0]
    if "winners" in end:
        f = _gurka(events, end, n, human, options)
    elif "loser" in end or "losing_team" in end:
        f = _durak(events, end, n, human)
    else:
        raise ValueError("game_over names neither winners nor a loser")
    m = _clean_meta(meta)
    return GameFacts(rules=rules, options=options, players=n, human_seat=human,
                     opponents=opponent_level(seats, human), seats=seats, **f, **m)


def _gurka(events: list, end: dict, n: int, human: int, options: dict) -> dict:
    winners = _seat_list(end.get("winners"), n, "winners")
    if not winners:
        raise ValueError("a game needs a winner")
    lives = options.get("lives")
    scoring = "lives" if _int(lives) and lives > 0 and options.get("rounds") is None else "points"
    rows: list[DealRow] = []
    last_total: list[int | None] = [None] * n
    out_deal = [BIG] * n
    deal = 0
    for ev in events:
        if not isinstance(ev, dict):
            continue
        kind = ev.get("type")
        if kind == "score":
            deal += 1
            pens, tots = ev.get("penalties"), ev.get("totals")
            if not (isinstance(pens, list) and isinstance(tots, list) and len(pens) == n == len(tots)):
                raise ValueError(f"score event of deal {deal} must list every seat")
            for seat in range(n):
                pen, tot = pens[seat], tots[seat]
                if pen is not None and not _int(pen) or tot is not None and not _int(tot):
                    raise ValueError(f"score event of deal {deal} has a value that is not a number")
                if pen is None and tot is None:
                    continue
                if tot is not None:
                    last_total[seat] = tot
                rows.append(DealRow(deal, seat, pen, tot, bool(pen)))
        elif kind == "out":
            who = ev.get("player")
            if _int(who) and 0 <= who < n:
                out_deal[who] = deal
        elif kind == "buyback":
            who = ev.get("player")
            if _int(who) and 0 <= who < n:
                out_deal[who] = BIG
    if deal == 0:
        raise ValueError("a finished Gurka game has at least one scored deal")

    def key(s: int) -> tuple:
        return (0 if s in winners else 1, -out_deal[s], last_total[s] if last_total[s] is not None else BIG)

    mine = key(human)
    place = 1 + sum(1 for s in range(n) if key(s) < mine)
    if human in winners:
        result = "won" if len(winners) == 1 else "shared"
        place = 1
    else:
        result = "lost"
    pens = [r.penalty for r in rows if r.seat == human and r.penalty is not None]
    return {"scoring": scoring, "result": result, "place": place, "deals": deal, "deals_played": len(pens),
            "penalty": sum(pens) if scoring == "points" else None, "was_durak": False,
            "deal_rows": rows}


def _durak(events: list, end: dict, n: int, human: int) -> dict:
    loser, team = end.get("loser"), end.get("losing_team")
    if loser is not None and not (_int(loser) and 0 <= loser < n):
        raise ValueError("loser must be a seat or null")
    losers = _seat_list(team, n, "losing_team") if team is not None else ([loser] if loser is not None else [])
    outs: list[int] = []
    for ev in events:
        if isinstance(ev, dict) and ev.get("type") == "out":
            seat = ev.get("player")
            if _int(seat) and 0 <= seat < n and seat not in outs:
                outs.append(seat)
    if not losers:
        result, place = "draw", None
    elif human in losers:
        result = "lost"
        place = 2 if team is not None else n
    else:
        result = "won"
        place = 1 if team is not None else (outs.index(human) + 1 if human in outs else 1)
    rows = [DealRow(1, s, None, None, s in losers) for s in range(n)]
    return {"scoring": "loser", "result": result, "place": place, "deals": 1, "deals_played": 1,
            "penalty": None,
            "was_durak": human in losers, "deal_rows": rows}
