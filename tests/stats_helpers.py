"""Hand-made finished game records for the statistics tests, with known figures.

Only the events the statistics read are written (``score``, ``out``, ``buyback``,
``game_over``); the human player is always seat 0.  KNOWN is a set of ten
games in the order they are stored, and the figures they must give are worked
out by hand in test_stats_figures.py.
"""

from __future__ import annotations

GURKA = "gurka-se"
DURAK = "durak"


def meta(**kw) -> dict:
    m = {"started": "2024-05-01T18:00:00", "finished": "2024-05-01T18:20:00", "duration_s": 1200.0,
         "undo_used": False, "hints": 0, "human_seat": 0, "demo": False}
    m.update(kw)
    return m


def seats(*specs: str, name: str = "Me") -> list[dict]:
    return [{"name": name if i == 0 else f"Bot {i}", "seat": s} for i, s in enumerate(specs)]


def gurka(players: list[dict], deals: list[list], winners: list[int], outs=(), options=None,
          rules: str = GURKA) -> dict:
    """A Gurka-family record: ``deals`` is a list of per-seat penalties (None: not in the
    deal); totals are summed; ``outs`` are (deal number, seat) pairs."""
    n = len(players)
    totals = [0] * n
    events: list[dict] = []
    for d, pens in enumerate(deals, 1):
        tots = []
        for s in range(n):
            if pens[s] is None:
                tots.append(None)
            else:
                totals[s] += pens[s]
                tots.append(totals[s])
        events.append({"type": "deal", "dealer": 0, "hands": [[] for _ in range(n)]})
        events.append({"type": "score", "penalties": list(pens), "totals": tots})
        events += [{"type": "out", "player": s} for dd, s in outs if dd == d]
    events.append({"type": "game_over", "winners": list(winners)})
    return {"format": "gurka-record/1", "rules": rules, "options": dict(options or {"lives": 0}),
            "players": players, "seed": 1, "game": 1, "events": events}


def durak(players: list[dict], loser=None, losing_team=None, outs=(), teams=None) -> dict:
    events = [{"type": "deal", "dealer": 0, "hands": [], "trump": "6S", "stock": []}]
    events += [{"type": "out", "player": s} for s in outs]
    events.append({"type": "game_over", "loser": loser, "losing_team": losing_team})
    return {"format": "gurka-record/1", "rules": DURAK,
            "options": {"teams": teams, "neighbours_only": False, "max_attack": 6},
            "players": players, "seed": 1, "game": 1, "events": events}


def known() -> list[tuple[dict, dict]]:
    """Ten stored games (plus two that must not be stored), in order."""
    normal3 = seats("human", "ai:normal", "ai:normal")
    return [
        # G1 gurka-se vs normal: won alone; penalties 10 + 0 over 2 deals
        (gurka(normal3, [[10, 14, 0], [0, 20, 0]], [0], outs=[(2, 1)]), meta()),
        # G3 gurka-se vs normal + hard -> "hard": shared win; 0 + 6 over 2 deals
        (gurka(seats("human", "ai:normal", "ai:hard"), [[0, 0, 14], [6, 0, 0]], [0, 1]), meta(hints=2)),
        # G4 gurka-se vs normal: won; 2 over 1 deal
        (gurka(normal3, [[2, 30, 30]], [0], outs=[(1, 1), (1, 2)]), meta(undo_used=True)),
        # G2 gurka-se vs normal: lost, seat 1 out at deal 2, me at deal 3 -> place 2;
        #    4 + 8 + 12 over 3 deals
        (gurka(normal3, [[4, 20, 0], [8, 14, 0], [12, None, 0]], [2], outs=[(2, 1), (3, 0)]), meta()),
        # G5 gurka-se vs normal with lives: lost, penalties left out of the average
        (gurka(normal3, [[1, 0, 0], [1, 0, 0], [1, 0, 1]], [1], outs=[(3, 0)], options={"lives": 3}),
         meta()),
        # G6 durak vs easy: I am the durak
        (durak(seats("human", "ai:easy"), loser=0, outs=[1]), meta()),
        # G7 durak, 3 players vs easy: seat 1 out first, then me -> place 2; seat 2 the durak
        (durak(seats("human", "ai:easy", "ai:easy"), loser=2, outs=[1, 0]), meta()),
        # G8 durak 2 v 2 vs hard (partner seat 2): the other team loses
        (durak(seats("human", "ai:hard", "ai:normal", "ai:hard"), losing_team=[1, 3], outs=[0, 2],
               teams="2v2"), meta()),
        # G9 durak vs normal: a draw
        (durak(seats("human", "ai:normal"), outs=[0, 1]), meta()),
        # not stored: a demo, and a game without a human seat
        (gurka(normal3, [[0, 14, 0]], [0]), meta(demo=True)),
        (gurka(normal3, [[0, 14, 0]], [0]), meta(human_seat=None)),
        # G10 gurka-se hot seat (two people) + hard -> "mixed": won; 3 over 1 deal
        (gurka(seats("human", "human", "ai:hard"), [[3, 14, 14]], [0]), meta()),
    ]
