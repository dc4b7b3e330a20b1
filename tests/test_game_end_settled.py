"""The end of a game is settled by the game, the moment its host says it is over, not by
the animation that shows it: the chips are paid out into the session at once (the table
keeps showing the stakes taken until the end is shown), and a Durak evening's tally counts
the game once."""

import scene_states as S
from test_save_game_end import frames, instant_ai, play_to_the_last_move, top  # noqa: F401

from game.engine import session as sessions
from game.engine.public import table_of


def test_chips_are_settled_when_the_game_ends_and_shown_when_its_end_is(app, instant_ai):  # noqa: F811
    table = play_to_the_last_move(app, "gurka-se", 3, {"limit": 10})
    frames(app, 2)
    purse = table.session["purse"]
    final = table_of(table.host.state.record())
    assert final.pot > 0 and final.winners
    assert not table.finished
    assert table.session["chips"] == sessions.settle_chips(purse, final)   # settled already
    assert table.held_chips() == [c - table.model.staked(s) for s, c in enumerate(purse)]
    for _ in range(5000):           # on to the result
        if top(app) == "ResultScene":
            break
        if table.timeline.held is not None:
            table.flow.go_on()
        elif top(app) != "TableScene":
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        frames(app)
    assert table.finished
    assert table.held_chips() == table.session["chips"] == sessions.settle_chips(purse, final)


def test_a_durak_game_is_on_the_evenings_tally_once(app, instant_ai):  # noqa: F811
    table = play_to_the_last_move(app, "durak", 2, {})
    for _ in range(5000):
        if top(app) == "ResultScene":
            break
        if table.timeline.held is not None:
            table.flow.go_on()
        elif top(app) != "TableScene":
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        frames(app)
    assert table.finished
    assert len(table.session["durak_log"]) == 1
    table._settle()
    table.game_over()
    assert len(table.session["durak_log"]) == 1


def test_a_saved_session_cannot_claim_an_unfinished_game_is_settled(app):
    from game.ui.table.scene import TableScene
    from game.engine import new_game
    state = new_game("gurka-se", S.players(3, (0,)), {}, seed=2)
    table = TableScene.hosted(app, state, {"settled": True, "chips": [100, 100, 100]})
    assert "settled" not in table.session
