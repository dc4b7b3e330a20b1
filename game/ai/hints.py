"""Hints: the Hard AI's choice for one seat, from that seat's view only, with the figures
of its own search.

    h = hint(view, legal, seed)          # the view of the seat to act, its legal actions
    h["action"]                          # one of ``legal``: what Hard would do
    h["figures"]                         # per candidate, best first (see below)

The search is Hard's (:func:`game.ai.gurka_ai.choose_hard`,
:func:`game.ai.durak_ai.choose_hard`) on Hard's time budget, or a fixed number of
``iterations`` (deterministic under the seed).  Its shared loop
(:mod:`game.ai.search`) calls an observer after every play-out, which keeps what a
player can understand of it:

- Gurka family: ``last``, the share of the tried deals in which the seat lost the deal
  (scored: took the last trick, or tied its highest rank where all tied cards score),
  and ``points``, the mean penalty (not with lives, where a lost deal costs a life:
  ``lives`` is true in the hint then); where exactly the limit puts a total back to 0
  (``reset`` in the hint: the limit), ``change``, the mean change of the seat's total;
- Durak: ``lost``, the share of tried deals in which the seat ended as the durak (in team
  play, ``team`` in the hint: in which its team lost), and
  ``mine`` / ``theirs``, the cards the seat and the fewest-holding other player (in team
  play: of the other team) hold after the bout on the table, its refill from the stock
  included (what the next bout starts with).

Every figure has ``action`` (one of ``legal``), ``tried`` (play-outs) and ``mean`` (the
search's own score).  ``kinds`` are the types of the legal actions (the table names
a move by the button that makes it: a Durak ``pass`` is *Keep the six* when the choice
is only whether to swap); ``only`` is true when the action is the one legal move (no
search then).  ``solved`` is true when Durak's exact endgame solver chose
alone, ``alike`` when the legal plays differ only in suits (no figures then).  The hint sees only the view, like every AI seat: permuting
the hidden cards consistently with the view leaves it the same.
"""

from __future__ import annotations

import random

from ..engine.cards import names
from ..engine.public import table_of
from ..engine.registry import DURAK, GURKA, find_ruleset
from . import durak_ai, gurka_ai
from .players import HARD_TIME_BUDGET


# -- observers: the figures of every play-out ------------------------------------------------
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
    """The limit at which a total goes back to 0 (Icelandic: exactly 21), or None."""
    o = options or {}
    if o.get("lives") or o.get("rounds") is not None or o.get("out_rule") != "exceed":
        return None
    return o.get("limit")


class GurkaObserver(_Observer):
    """With ``lives`` a lost deal costs one life, not points: no ``points`` then.  Where a
    total of exactly the limit goes back to 0, ``change`` is what the deal did to the
    seat's total (a reset makes it negative)."""

    def __init__(self, view: dict):
        super().__init__(view)
        self.lives = bool((view.get("options") or {}).get("lives"))
        self.reset = resets_at(view.get("options")) is not None
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
            elif kind == "defend":
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


# -- the families -------------------------------------------------------------------------------
def _same(a: dict, b: dict) -> bool:
    """Two actions are the same move (card order inside an action does not matter)."""
    if a.get("type") != b.get("type"):
        return False
    keys = set(a) | set(b)
    return all(sorted(a.get(k)) == sorted(b.get(k)) if isinstance(a.get(k), list) else a.get(k) == b.get(k)
               for k in keys)


def _in_legal(action: dict, legal: list[dict]) -> dict:
    return next((a for a in legal if _same(a, action)), action)


def durak_action(move: tuple) -> dict:
    """A Durak search move (``("A", cards)``, ``("D", attack, card)``, ``("T",)``, ``("P",)``,
    ``("S",)``) as an action."""
    kind = move[0]
    if kind == "A":
        return {"type": "attack", "cards": names(move[1])}
    if kind == "D":
        return {"type": "defend", "attack": names([move[1]])[0], "card": names([move[2]])[0]}
    return {"type": {"T": "take", "P": "pass", "S": "swap"}[kind]}


FAMILIES = {
    GURKA: (gurka_ai.choose_hard, GurkaObserver, lambda cand: cand),
    DURAK: (durak_ai.choose_hard, DurakObserver, durak_action),
}


def hint(view: dict, legal: list[dict], seed: int = 0, iterations: int | None = None,
         time_budget: float | None = HARD_TIME_BUDGET) -> dict:
    """Hard's choice for the view's seat with the figures of its search (module docstring)."""
    if not legal:
        raise ValueError("no legal actions to choose from")
    choose, observer_cls, to_action = FAMILIES[find_ruleset(view["rules"]).family]
    observer = observer_cls(view)
    stats: dict = {"observe": observer}
    rng = random.Random(seed)
    if len(legal) == 1:
        action = legal[0]
    else:
        action = choose(view, legal, rng, iterations=iterations,
                        time_budget=None if iterations else time_budget, stats=stats)
    action = _in_legal(action, legal)
    figures = []
    cands = stats.get("candidates") or []
    for i, cand in enumerate(cands):
        figures.append({"action": _in_legal(to_action(cand), legal), "tried": stats["counts"][i],
                        "mean": stats["means"][i], **observer.means(i)})
    figures.sort(key=lambda f: (not _same(f["action"], action), -f["mean"]))
    # several legal plays, one candidate: they differ only in suits, which Gurka ignores
    alike = not figures and len(legal) > 1 and all(a["type"] == "play" for a in legal)
    return {"action": action, "figures": figures, "alike": alike,
            "solved": "solver" in stats and not figures, "samples": stats.get("samples", 0),
            "kinds": sorted({a["type"] for a in legal}), "only": len(legal) == 1,
            "lives": bool((view.get("options") or {}).get("lives")),
            "reset": resets_at(view.get("options")), "team": bool(getattr(observer, "team", False))}


__all__ = ["hint", "durak_action", "GurkaObserver", "DurakObserver"]
