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
    from game.ui.table.scene import TableScene
    state = new_game(rules, players(n, human), options, seed=seed)
    play_until(state, stop, seed, prefer=prefer)
    scene = TableScene.hosted(app, state, session)
    app.manager.push(scene)
    scene.fast_forward()
    return scene


def table_then(app, rules: str, n: int, stop, then, options=None, seed: int = 1, human=(0,), prefer=None,
               go_on: bool = False):
    """Like :func:`table_at`, then more moves (until ``then(state)``) left for the table to
    show: the screen of a moment (a trick just won, the last trick held, a bout's end).
    ``go_on``: the player goes on past a held trick (the shout of a knock-out)."""
    scene = table_at(app, rules, n, stop, options, seed, human, prefer)
    play_until(scene.host.state, then, seed + 1, prefer=prefer)
    settle(app)
    if go_on:
        scene.flow.go_on()
        settle(app, 1)
    return scene


def settle(app, frames: int = 2) -> None:
    """Lay the scenes out and let ``frames`` frames pass without drawing them."""
    size = app.screen.get_size()
    app.manager.size = size
    for _ in range(frames):
        for scene in app.manager.stack:
            scene.ensure_layout(size)
        app.manager.update(16)


def next_is(kind: str):
    """Stop just before an event of ``kind`` would be written (when the next move makes it)."""
    def stop(state):
        trial = _copy(state)
        if trial is None or not trial.legal_actions():
            return False
        before = len(trial.events)
        trial.apply(random.Random(len(state.events)).choice(trial.legal_actions()))
        return any(e["type"] == kind for e in trial.events[before:])
    return stop


def _copy(state):
    import copy
    return copy.deepcopy(state)


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

#: moments: announcements, seat banners and held tricks on the table
MOMENTS = {
    "gurka-se trick won": lambda app: table_then(app, "gurka-se", 4, trick_full(3), after("trick", 1), seed=2),
    "gurka-se last trick held": lambda app: table_then(app, "gurka-se", 4, trick_full(3), after("score"), seed=2),
    "agurk-dk 8 seats held": lambda app: table_then(app, "agurk-dk", 8, trick_full(6), after("score"),
                                                     {"hand_size": 6}, seed=3),
    "agurk-dk knock-out": lambda app: table_then(app, "agurk-dk", 4, next_is("out"), after("out"),
                                                 {"lives": 3}, seed=7, go_on=True),
    "gurka-is held, ties": lambda app: table_then(app, "gurka-is", 3, after("score", 2), after("score", 3),
                                                  seed=4),
    "durak first attack": lambda app: table_then(app, "durak", 3, after("deal"), after("attack"), seed=8),
    "durak take": lambda app: table_then(app, "durak", 3, next_is("take"), after("take"), seed=9),
    "durak bout end": lambda app: table_then(app, "durak", 4, next_is("bout_end"), after("bout_end"), seed=10),
}


def _look(app, make, route):
    table = make(app)
    app.nav.push(route, table=table.handle)
    return table


def screens() -> dict:
    """label -> a function that puts the screen on an app."""
    from game.engine.registry import ruleset_ids
    from game.ui import menu, rules_scene, settings_scene, setup
    out = {
        "menu": lambda app: app.manager.push(menu.MainMenu(app)),
        "message": lambda app: app.manager.push(menu.MessageScene(
            app, "A saved game could not be read and was set aside; the game goes on without it.")),
        "settings": lambda app: app.manager.push(settings_scene.SettingsScene(app)),
        "stats": _stats_read,
        "stats reading": _stats_reading,
        "replays opening": _replays_opening,
        "open file, not a file": _picker_problem,
    }
    for r in ruleset_ids():
        out[f"setup {r}"] = lambda app, r=r: app.manager.push(setup.SetupScene(app, rules=r))
        out[f"rules {r}"] = lambda app, r=r: app.manager.push(rules_scene.RulesScene(app, rules=r))
    out.update(TABLES)
    out.update(MOMENTS)
    out["lookback gurka"] = lambda app: _look(app, _table("gurka-se", 4, trick_full(6), seed=2), "lookback")
    out["lookback crowded"] = lambda app: _look(app, TABLES["agurk-dk 8 seats"], "lookback")
    out["lookback durak"] = lambda app: _look(app, _table("durak", 3, after("bout_end", 2), seed=5,
                                                          prefer=prefer_long_bouts), "lookback")
    out["movelog"] = lambda app: _look(app, _table("agurk-no", 5, after("score", 1), seed=4), "movelog")
    out["settings restore asks"] = _settings_restore
    out["replay durak teams"] = _replay_durak_teams
    out["menu with a save"] = _menu_with_save
    out["menu, progress not saved"] = _menu_unsaved
    out["stats, games waiting"] = lambda app: _stats_line(app, "stats-waiting", "12")
    out["stats, newest not shown"] = lambda app: _stats_line(app, "stats-behind", "no-inodes")
    out["message, game added later"] = lambda app: app.manager.push(menu.MessageScene(app, str(
        _notice("stats-pending", "in-use"))))
    out["new game asks"] = _new_game_asks
    out["saved games"] = _saved_games
    out["finished games"] = _finished_games
    out["no finished games"] = _no_finished_games
    out["handoff"] = _handoff
    out["scoreboard"] = lambda app: _over(app, _table("agurk-dk", 8, _last_trick, {"hand_size": 6}),
                                          "scoreboard")
    out["result gurka"] = lambda app: _over(app, _table("gurka-is7", 3, lambda s: False,
                                                        {"rounds": 2}), "result")
    out["result durak"] = lambda app: _over(app, _table("durak", 3, lambda s: False), "result")
    out["pause"] = lambda app: _over(app, TABLES["durak 6 pairs"], "pause")
    return out


def _stats_read(app):
    from game.ui import stats_scene
    scene = app.manager.push(stats_scene.StatsScene(app))
    scene.wait()
    return scene


def _stats_reading(app):
    """The statistics screen while its figures are read (a read that takes a while)."""
    import time
    scene = _stats_read(app)
    scene.start(lambda: (time.sleep(5), None, None, scene.figures)[1:], "loading")
    return scene


def _replays_opening(app):
    """The replay menu while a file of 40 records is checked, 12 of them so far."""
    import threading
    import time

    from game.ui.replay_open import Opening
    app.nav.push("replays")
    menu = app.manager.top
    opening = Opening("evening with a long name for a file of records.jsonl", thread=False)
    opening.total, opening.checked = 40, 12
    opening._thread = threading.Thread(target=time.sleep, args=(5,), daemon=True)
    opening._thread.start()
    menu.opening = opening
    return menu


def _picker_problem(app):
    """The file picker saying a typed path is no file it can open."""
    from game.storage.user_files import data_dir
    folder = data_dir() / "records"            # the test's own user folder
    folder.mkdir(parents=True, exist_ok=True)
    picker = app.nav.push("open-file", on_choose=lambda path: None, start=str(folder))
    picker.path_box.value = str(folder / "nothing here.jsonl")
    picker.open_selected()
    return picker


def _replay_durak_teams(app):
    """The replay viewer of a finished two-against-two Durak game, every hand face up beside
    its seat's box with the team badges and the dealer's chip, in the middle of a bout."""
    from game.ui.replay_open import Game
    from game.ui.table.replay import ReplayTable
    state = play_until(new_game("durak", players(4), {"teams": "2v2"}, seed=4), lambda s: False, seed=4)
    viewer = app.manager.push(ReplayTable(app, [Game("", state.record(), state)]))
    evs = state.events
    viewer.goto(next(i for i in range(len(evs) // 3, len(evs)) if evs[i]["type"] == "defend") + 1)
    return viewer


def _settings_restore(app):
    """Restore defaults asking, with every setting changed: the longest question it asks."""
    from game.ui import settings_scene
    from game.ui.widgets import Toggle
    scene = app.manager.push(settings_scene.SettingsScene(app))
    for w in scene.rows:
        if isinstance(w, Toggle):
            w.value = not getattr(settings_scene.DEFAULTS, w.name)
        else:
            w.index = max(range(len(w.options)), key=lambda i: len(str(w.options[i][1]() if callable(w.options[i][1])
                                                                       else w.options[i][1])))
            if w.value == getattr(settings_scene.DEFAULTS, w.name):
                w.index = (w.index + 1) % len(w.options)
    scene.restore_defaults()
    return scene


def _menu_with_save(app):
    from game.ui import menu, savegame
    state = new_game("gurka-is7", players(5), {"rounds": 7}, seed=3)
    play_until(state, after("deal", 3))
    savegame.save(state.record(), {"game": 1})
    return app.manager.push(menu.MainMenu(app))


def _menu_unsaved(app):
    """A saved game offered where it cannot be saved again (the folder read-only, said so)."""
    scene = _menu_with_save(app)
    scene.unsaved = "no-permission"
    return scene


def _notice(kind: str, detail: str):
    from game.notices import Notice
    from game.stats import db_path
    return Notice(kind, db_path(), None, detail)


def _stats_line(app, kind: str, detail: str):
    """The statistics screen of a few games with a line at its foot (``kind``'s notice)."""
    from stats_helpers import known

    from game.stats import record_game
    for record, m in known()[:4]:
        record_game(record, m)
    scene = _stats_read(app)
    scene.status = str(_notice(kind, detail))
    return scene


def _new_game_asks(app):
    """The setup's Start with a saved game of the same ruleset (and of others)."""
    from game.ui import savegame
    other = new_game("agurk-dk", players(4), seed=2)
    play_until(other, after("deal", 2))
    savegame.save(other.record(), {"game": 1})
    _menu_with_save(app)
    setup = app.nav.push("setup", rules="gurka-is7")
    setup.start()


def _saved_games(app):
    """Continue with several saved games: the list of them."""
    from game.ui import savegame
    for rules, n, deal in (("agurk-dk", 8, 4), ("durak", 6, 1), ("gurka-se", 3, 2)):
        state = new_game(rules, players(n), seed=7)
        play_until(state, after("deal", deal))
        savegame.save(state.record(), {"game": 3})
    _menu_with_save(app)
    app.manager.top.widgets.by_name("continue").activate()


def _finished_games(app):
    """Replays' list of finished games: the player's own (8 seats, long names), then games
    without the player."""
    from game.storage import history
    for k, (rules, n, mine) in enumerate((("agurk-dk", 8, [0]), ("durak", 6, [2]), ("gurka-is7", 5, [0]),
                                          ("gurka-se", 3, []), ("durak", 4, []))):
        state = play_until(new_game(rules, players(n), seed=3 + k), lambda s: False)
        assert history.add_game(state.record(), mine, f"2026-11-2{k}T20:15:00") is None
    app.nav.push("history")


def _no_finished_games(app):
    import shutil

    from game.storage import history
    shutil.rmtree(history.folder(), ignore_errors=True)      # (the screens share one folder)
    app.nav.push("history")


def _handoff(app):
    """Hot seat, three humans: the hand-off to the next player, with what they missed."""
    table = table_at(app, "gurka-se", 3, trick_full(2), human=(0, 1, 2), seed=3)
    seat = table.host.state.to_act()
    app.nav.push("handoff", table=table.handle, seat=seat)
    return table
