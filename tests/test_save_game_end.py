"""The end of a game and its save: a game whose last move is made but whose end the player
has not seen yet (the last trick held, the last bout still on the table) keeps its save.
The game is settled the moment it ends (chips, the statistics), not when its end has been
shown; closing the window then, or killing the game, loses nothing: Continue shows the last
trick or bout again and then the result, and the game is in the statistics once."""

import random

import pytest
import scene_states as S

from game.storage import saves

FRAME = 16


@pytest.fixture
def instant_ai(monkeypatch):
    """AI seats decide at once, a legal action drawn by the record's length."""
    from conftest import answer_at_once
    answer_at_once(monkeypatch, lambda state: random.Random(len(state.events)).choice(state.legal_actions()))


def frames(app, n=1):
    for _ in range(n):
        app.step([], FRAME)


def top(app) -> str:
    return type(app.manager.top).__name__


def play_until(app, table, rng, stop, limit: int) -> None:
    """The player at seat 0 plays at random, overlays are passed, held tricks go on, until
    ``stop()`` (or ``limit`` frames)."""
    for _ in range(limit):
        if stop():
            break
        if top(app) != "TableScene":
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        elif table.my_turn():
            table.do(rng.choice(table.host.state.legal_actions()))
        elif table.timeline.held is not None:
            table.flow.go_on()
        frames(app)


def play_to_the_last_move(app, rules, n, options):
    """A game with the player at seat 0, played until its last move is made."""
    from game.ui.table.scene import TableScene
    app.settings.speed = "fast"
    table = TableScene.new(app, rules, S.players(n, (0,)), options, seed=3)
    app.manager.push(table)
    play_until(app, table, random.Random(1), table.host.state.is_over, 200000)
    assert table.host.state.is_over() and not table.finished
    return table


def games_in_statistics() -> int:
    from game.stats import load
    return load().games


@pytest.mark.parametrize("rules,n,options", [("gurka-is", 3, {"limit": 5}), ("agurk-no", 3, {"limit": 10}),
                                             ("durak", 2, {})])
def test_closing_before_the_end_is_shown_keeps_the_game(app, instant_ai, rules, n, options):
    table = play_to_the_last_move(app, rules, n, options)
    frames(app, 3)                      # the last trick or bout lands (a held trick waits)
    events = len(table.host.state.events)
    assert not table.finished
    table.exit()                        # the window is closed
    app.manager.clear()
    saved, _notice = saves.load()
    assert saved is not None and len(saved.record["events"]) == events   # the whole game, kept
    assert saved.session.get("settled") is True
    assert games_in_statistics() == 1   # settled when it ended, before its end was seen

    from game.ui.menu import MainMenu
    menu = MainMenu(app)
    app.manager.push(menu)
    frames(app, 2)
    menu.on_continue()                  # Continue: the end of the game, then the result
    resumed = app.manager.top
    assert type(resumed).__name__ == "TableScene" and not resumed.finished
    assert resumed.shown < events       # the last trick or bout is shown again
    for _ in range(3000):
        if top(app) == "ResultScene":
            break
        if resumed.timeline.held is not None:
            resumed.flow.go_on()
        elif top(app) != "TableScene":
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        frames(app)
    assert top(app) == "ResultScene" and resumed.finished
    resumed.flush()
    assert games_in_statistics() == 1   # recorded once: Continue does not settle it again
    assert not saves.save_path().exists()


def leave_at_the_score_sheet(app, rules, n, seed):
    """A game with the player at seat 0 left (Save and quit) while a deal's score sheet is up."""
    from game.ui.table.scene import TableScene
    app.settings.speed = "fast"
    table = TableScene.new(app, rules, S.players(n, (0,)), {}, seed=seed)
    app.manager.push(table)
    play_until(app, table, random.Random(seed), lambda: top(app) == "ScoreSheetScene", 100000)
    assert top(app) == "ScoreSheetScene"
    deals = table.model.deals
    table.leave()
    app.manager.clear()
    return deals


@pytest.mark.parametrize("rules,n,seed", [("gurka-se", 4, 8), ("agurk-dk", 4, 3), ("gurka-is", 3, 2),
                                          ("gurka-is7", 4, 5), ("agurk-no", 3, 4)])
def test_continue_between_deals_shows_the_score_sheet_again(app, instant_ai, rules, n, seed):
    deals = leave_at_the_score_sheet(app, rules, n, seed)
    from game.ui.menu import MainMenu
    menu = MainMenu(app)
    app.manager.push(menu)
    frames(app, 2)
    menu.on_continue()
    table = app.manager.top
    assert type(table).__name__ == "TableScene"
    for _ in range(3000):
        if top(app) == "ScoreSheetScene":
            break
        if table.timeline.held is not None:
            table.flow.go_on()
        frames(app)
    assert top(app) == "ScoreSheetScene"        # the deal's scores, as when the player left
    assert table.model.deals == deals


def test_continue_shows_a_held_bout_again(app, instant_ai):
    """Durak with "wait after every trick": a player who leaves while a finished bout waits
    for them finds it waiting again after Continue (as a Gurka trick does), not the next bout."""
    from game.ui.menu import MainMenu
    from game.ui.table.scene import TableScene
    app.settings.speed = "fast"
    app.settings.trick_pause = "every"
    table = TableScene.new(app, "durak", S.players(3, (0,)), {}, seed=5)
    app.manager.push(table)
    play_until(app, table, random.Random(2),
               lambda: table.timeline.held is not None and len(table.host.state.events) > 12, 100000)
    assert table.timeline.held is not None
    bout = [c for c, _p in table.part.ending]         # the bout's cards, still on the table
    news = table.timeline.shown(("news",)).text
    table.leave()
    app.manager.clear()
    menu = MainMenu(app)
    app.manager.push(menu)
    frames(app, 2)
    menu.on_continue()
    resumed = app.manager.top
    frames(app, 300)
    assert resumed.timeline.held is not None                  # the bout waits for the player again
    assert bout and [c for c, _p in resumed.part.ending] == bout and resumed.timeline.shown(("news",)).text == news


@pytest.mark.parametrize("rules,n,seed,where,how", [("gurka-se", 4, 8, "Deal 2", "save and quit"),
                                                    ("agurk-dk", 4, 3, "Deal 2", "save and quit"),
                                                    ("gurka-is7", 4, 5, "Deal 2 of 7", "save and quit"),
                                                    ("gurka-se", 4, 8, "Deal 2", "window closed")])
def test_continue_after_next_deal_opens_the_next_deal(app, instant_ai, rules, n, seed, where, how):
    """Issue 69: deal 1 scored, *Next deal* pressed, then Esc and *Save and quit* (or the
    window closed): the saved game is named by the deal the player went on to, and Continue
    opens that deal (dealt again before their eyes), not the last trick and the scores of the
    deal before."""
    from game.ui import savegame
    from game.ui.menu import MainMenu
    from game.ui.table.scene import TableScene
    app.settings.speed = "fast"
    table = TableScene.new(app, rules, S.players(n, (0,)), {}, seed=seed)
    app.manager.push(table)
    play_until(app, table, random.Random(seed), lambda: top(app) == "ScoreSheetScene", 100000)
    assert top(app) == "ScoreSheetScene" and table.model.deals == 1
    app.manager.top.go()                        # Next deal
    for _ in range(600):
        if table.model.deals == 2:
            break
        frames(app)
    assert table.model.deals == 2 and top(app) == "TableScene"
    if how == "save and quit":
        table.leave()
    else:
        app.on_close()
        app.running = True                      # the game started again
    app.manager.clear()
    assert savegame.saved_game(rules).where == where
    menu = MainMenu(app)
    app.manager.push(menu)
    frames(app, 2)
    menu.on_continue()
    resumed = app.manager.top
    assert type(resumed).__name__ == "TableScene"
    again = [ev["type"] for ev in resumed.stream.events[resumed.shown:]]
    assert again[0] == "deal" and "trick" not in again     # deal 1's last trick is not shown again
    for _ in range(600):
        assert top(app) == "TableScene"         # nor its score sheet
        if resumed.my_turn() and not resumed.animating():
            break
        frames(app)
    assert resumed.my_turn() and resumed.model.deals == 2
