"""Hints: the Hard AI's choice for one seat, from that seat's view only, with the figures
of its own search.

    h = hint(view, legal, seed)          # the view of the seat to act, its legal actions
    h["action"]                          # one of ``legal``: what Hard would do
    h["figures"]                         # per candidate, best first (see below)

The search is Hard's (:func:`game.ai.gurka.levels.choose_hard`,
:func:`game.ai.durak.levels.choose_hard`) on Hard's time budget, or a fixed number of
``iterations`` (deterministic under the seed).  Its shared loop
(:mod:`game.ai.search`) calls an observer after every play-out
(:mod:`game.ai.hint_figures`), which keeps what a player can understand of it:

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

from .families import family_ai
from .players import HARD_TIME_BUDGET


# -- the families -------------------------------------------------------------------------------
def _same(a: dict, b: dict) -> bool:
    """Two actions are the same move (card order inside an action does not matter)."""
    if a.get("type") != b.get("type"):
        return False
    keys = set(a) | set(b)
    return all(sorted(x) == sorted(y) if isinstance(x, list) and isinstance(y, list) else x == y
               for x, y in ((a.get(k), b.get(k)) for k in keys))


def _in_legal(action: dict, legal: list[dict]) -> dict:
    return next((a for a in legal if _same(a, action)), action)


def hint(view: dict, legal: list[dict], seed: int = 0, iterations: int | None = None,
         time_budget: float | None = HARD_TIME_BUDGET) -> dict:
    """Hard's choice for the view's seat with the figures of its search (module docstring)."""
    if not legal:
        raise ValueError("no legal actions to choose from")
    family = family_ai(view["rules"])
    choose, to_action = family.levels.choose_hard, family.candidate_action
    observer = family.observer(view)
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
            "reset": getattr(observer, "reset_at", None), "team": bool(getattr(observer, "team", False))}


__all__ = ["hint"]
