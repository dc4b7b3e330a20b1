"""Tables and screens in telling states, for the layout tests and for looking at screens.

Every state is reached by playing the engine's own legal actions (a seeded random
choice), then shown on a table scene without animation (``fast_forward``).  Nothing here
decides a rule.
"""

from __future__ import annotations

import random

from game.engine import new_game

NAMES = ["Björn", "Freja", "Sigríður", "Åsa", "Þórhildur", "Lars", "Ingrid", "Kristoffer"]


def players(n: int, human=(0,)) -> list[dict]:
    return [{"name": NAMES[i], "seat": "human" if i in human else "ai:normal"} for i in range(n)]


def play_until(state, stop, seed: int = 1, limit: int = 5000, prefer=None):
    """Apply random legal actions until ``stop(state)``; ``prefer(legal)`` may pick one."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or state.is_over():
            return state
        legal = state.legal_actions()
        if not legal:
            return state
        choice = prefer(legal) if prefer else None
        state.apply(choice if choice is not None else rng.choice(legal))
    return state


def table_at(app, rules: str, n: int, stop, options=None, seed: int = 1, human=(0,), prefer=None,
             session=None):
    """A table scene pushed on ``app`` with its game played until ``stop(state)``."""
    from game.ui.table import TableScene
    state = new_game(rules, players(n, human), options, seed=seed)
    play_until(state, stop, seed, prefer=prefer)
    scene = TableScene(app, state, session)
    app.manager.push(scene)
    scene.fast_forward()
    return scene


def count(state, kind: str) -> int:
    return sum(1 for e in state.events if e["type"] == kind)


def trick_full(n_plays: int):
    """Stop when the current trick holds ``n_plays`` plays (after at least one deal)."""
    def stop(state):
        ev = state.events
        k = 0
        for e in reversed(ev):
            if e["type"] == "play":
                k += 1
            else:
                break
        return k >= n_plays
    return stop


def after(kind: str, times: int = 1):
    def stop(state):
        return count(state, kind) >= times
    return stop


def most_pairs(state) -> bool:
    """Durak: an attack of many pairs is on the table."""
    ev = [e for e in state.events]
    pairs = 0
    for e in reversed(ev):
        if e["type"] == "attack":
            pairs += len(e["cards"])
        elif e["type"] in ("bout_end", "deal"):
            break
    return pairs >= 6


def prefer_long_bouts(legal):
    """Durak: attack and throw in while possible, defend rather than take."""
    for kind in ("defend", "attack"):
        moves = [a for a in legal if a["type"] == kind]
        if moves:
            return max(moves, key=lambda a: len(a.get("cards", [a.get("card")])))
    return None


# -- every screen, for the layout tests ------------------------------------------------------

def _table(rules, n, stop, options=None, seed=1, human=(0,), prefer=None):
    return lambda app: table_at(app, rules, n, stop, options, seed, human, prefer)


def _over(app, make, route, **kw):
    """A table made by ``make`` with the overlay ``route`` on it."""
    table = make(app)
    app.nav.push(route, table=table.handle, **kw)
    return table


def _last_trick(state) -> bool:
    return bool(state.events) and state.events[-1]["type"] == "score"


TABLES = {
    "gurka-se mid-trick": _table("gurka-se", 4, trick_full(2), seed=2),
    "gurka-se last trick": _table("gurka-se", 4, _last_trick, seed=2),
    "agurk-dk 8 seats": _table("agurk-dk", 8, trick_full(7), {"hand_size": 6}, seed=3),
    "agurk-no 5 seats": _table("agurk-no", 5, trick_full(4), seed=4),
    "gurka-is score piles": _table("gurka-is", 4, after("score", 3), seed=4),
    "gurka-is7 exchange": _table("gurka-is7", 5, after("deal"), seed=5),
    "durak 6 pairs": _table("durak", 2, most_pairs, seed=5, prefer=prefer_long_bouts),
    "durak 6 seats": _table("durak", 6, after("attack", 3), seed=6),
}


def screens() -> dict:
    """label -> a function that puts the screen on an app."""
    from game.engine.registry import RULESET_IDS
    from game.ui import menu, rules_scene, settings_scene, setup, stats_scene
    out = {
        "menu": lambda app: app.manager.push(menu.MainMenu(app)),
        "message": lambda app: app.manager.push(menu.MessageScene(
            app, "A saved game could not be read and was set aside; the game goes on without it.")),
        "settings": lambda app: app.manager.push(settings_scene.SettingsScene(app)),
        "stats": lambda app: app.manager.push(stats_scene.StatsScene(app)),
    }
    for r in RULESET_IDS:
        out[f"setup {r}"] = lambda app, r=r: app.manager.push(setup.SetupScene(app, rules=r))
        out[f"rules {r}"] = lambda app, r=r: app.manager.push(rules_scene.RulesScene(app, rules=r))
    out.update(TABLES)
    out["handoff"] = lambda app: _over(app, _table("gurka-se", 3, trick_full(1), human=(0, 1, 2)),
                                       "handoff", seat=1)
    out["scoreboard"] = lambda app: _over(app, _table("agurk-dk", 8, _last_trick, {"hand_size": 6}),
                                          "scoreboard")
    out["result gurka"] = lambda app: _over(app, _table("gurka-is7", 3, lambda s: False,
                                                        {"rounds": 2}), "result")
    out["result durak"] = lambda app: _over(app, _table("durak", 3, lambda s: False), "result")
    out["pause"] = lambda app: _over(app, TABLES["durak 6 pairs"], "pause")
    return out
