"""The figures of a hint: what a player can understand of Hard's search, kept by an
observer the search calls after every play-out (:mod:`game.ai.hints` has the figures'
meaning).  One observer per family; :mod:`game.ai.families` says which."""

from __future__ import annotations

from ..engine.gurka import moves as gm
from ..engine.public import table_of


class _Observer:
    def __init__(self, view: dict):
        self.seat = view["seat"]
        self.start = len(view["events"])
        self.sums: dict[int, dict] = {}

    def add(self, i: int, **figures) -> None:
        row = self.sums.setdefault(i, {})
        for key, value in figures.items():
            if value is None:
                continue
            total, n = row.get(key, (0.0, 0))
            row[key] = (total + value, n + 1)

    def means(self, i: int) -> dict:
        return {k: t / n for k, (t, n) in self.sums.get(i, {}).items() if n}


def resets_at(options: dict) -> int | None:
    """The total that goes back to 0 (Icelandic: exactly 21), or None
    (:func:`game.engine.gurka.moves.knock_out`)."""
    limit = options["limit"]
    return limit if gm.knock_out(options, limit) == "reset" else None


class GurkaObserver(_Observer):
    """With ``lives`` a lost deal costs one life, not points: no ``points`` then.  Where a
    total of exactly the limit goes back to 0, ``change`` is what the deal did to the
    seat's total (a reset makes it negative)."""

    def __init__(self, view: dict):
        super().__init__(view)
        self.lives = bool(view["options"]["lives"])
        #: the total that goes back to 0, or None
        self.reset_at = resets_at(view["options"])
        self.reset = self.reset_at is not None
        self.before = table_of(view).totals[self.seat] if self.reset else 0

    def __call__(self, i: int, sample, played) -> None:
        for ev in played.events[self.start:]:
            if ev["type"] == "score":
                pen = ev["penalties"][self.seat] or 0
                if self.lives:
                    self.add(i, last=1.0 if pen else 0.0)
                elif self.reset:
                    after = ev["totals"][self.seat]
                    self.add(i, last=1.0 if pen else 0.0, points=float(pen),
                             change=None if after is None else float(after - self.before))
                else:
                    self.add(i, last=1.0 if pen else 0.0, points=float(pen))
                return


class DurakObserver(_Observer):
    def __init__(self, view: dict):
        super().__init__(view)
        table = table_of(view)
        self.counts = list(table.counts)
        self.out = list(table.out)
        self.on_table = len(table.bout_cards())
        # in team play the cards to compare with are the other team's, not a partner's
        mine = table.team_of(self.seat)
        self.team = mine is not None      # "lost": the seat's team lost, not the seat alone
        self.rivals = [s for s in range(len(self.counts))
                       if s != self.seat and (mine is None or table.team_of(s) != mine)]

    def __call__(self, i: int, sample, played) -> None:
        counts = list(self.counts)
        on_table = self.on_table
        taker = None
        ended = False
        for ev in played.events[self.start:]:
            kind = ev["type"]
            if ended:
                # the refill after the bout: "after this bout" is the hands the next starts with
                if kind == "draw":
                    counts[ev["player"]] += len(ev["cards"])
                elif kind != "out":
                    break
            elif kind == "attack":
                counts[ev["player"]] -= len(ev["cards"])
                on_table += len(ev["cards"])
            elif kind == "defend" or (kind == "transfer" and not ev["shown"]):
                counts[ev["player"]] -= 1
                on_table += 1
            elif kind == "take":
                taker = ev["player"]
            elif kind == "bout_end":
                if ev["result"] == "taken" and taker is not None:
                    counts[taker] += on_table
                ended = True
        others = [counts[s] for s in self.rivals if not self.out[s]]
        out = played.outcome()
        lost = None if out is None else (1.0 if self.seat in out.losers else 0.0)
        self.add(i, lost=lost, mine=float(counts[self.seat]),
                 theirs=float(min(others)) if others else None)
