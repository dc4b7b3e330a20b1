"""The table scene driven headless: whole games with AI seats, hot seat, save/resume, resize."""

import time

import pygame
import pytest

from game.engine import replay
from game.engine.public import table_of


def frames(app, n=1, events=(), dt=16):
    for _ in range(n):
        app.step(list(events), dt)
        events = ()


def click(app, pos):
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def click_widget(app, w):
    click(app, w.rect.center)


def go_on_if_held(app, table) -> bool:
    """A finished trick waits for the player: press Continue."""
    if table.timeline.held is None:
        return False
    assert table.flow.go_btn.visible
    click_widget(app, table.flow.go_btn)
    return True


#: how long a table test waits for a game to get somewhere: the AI seats answer from
#: another process, in wall time, while a headless frame costs well under a millisecond
WAIT_SECONDS = 120


def ai_frame(app):
    """One frame, then a moment for the AI process (frames alone are not time)."""
    frames(app)
    time.sleep(0.0005)


def run_until(app, cond, seconds=WAIT_SECONDS):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return True
        ai_frame(app)
        top = app.manager.top
        name = type(top).__name__
        if name == "ScoreSheetScene":
            click_widget(app, top.widgets.by_name("continue"))
        elif top is not None and hasattr(top, "flow"):
            go_on_if_held(app, top)
    return cond()


def players(n, human=()):
    return [{"name": f"P{i}", "seat": "human" if i in human else "ai:random"} for i in range(n)]


@pytest.mark.parametrize("rules,n", [("gurka-se", 4), ("agurk-dk", 3), ("agurk-no", 5), ("gurka-is", 3),
                                     ("gurka-is7", 2)])
def test_whole_ai_game_through_the_table(app, rules, n):
    from game.ui.table.scene import TableScene
    opts = {"rounds": 2} if rules == "gurka-is7" else ({"limit": 20} if rules != "gurka-is" else {})
    table = TableScene.new(app, rules, players(n), opts, seed=3)
    app.manager.push(table)
    assert run_until(app, lambda: type(app.manager.top).__name__ == "ResultScene")
    assert table.host.state.is_over()
    assert table.shown == len(table.host.state.events)
    replay(table.host.state.record())  # the game the table played is a valid record


def _human_plays(app, table):
    """Click the first legal card (or action button) for the human to act."""
    legal = table.host.state.legal_actions()
    types = {a["type"] for a in legal}
    if "play" in types:
        singles = [a["cards"][0] for a in legal if len(a["cards"]) == 1]
        lay = dict(table.hand_layout())
        if any(len(a["cards"]) > 1 for a in legal):
            click(app, lay[singles[0]].center)
            click_widget(app, table.widgets.by_name("play"))
        else:
            click(app, lay[singles[0]].center)
    elif "exchange" in types:
        click_widget(app, table.widgets.by_name("exchange"))
    elif "buyback" in types:
        click_widget(app, table.widgets.by_name("pass"))


def test_human_game_with_mouse_and_illegal_card_refused(app):
    from game.ui.table.scene import TableScene
    table = TableScene.new(app, "agurk-no", players(3, human={0}), {"limit": 20}, seed=5)
    app.manager.push(table)
    refused = False
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        top = type(app.manager.top).__name__
        if top == "ResultScene":
            break
        if top == "ScoreSheetScene":
            click_widget(app, app.manager.top.widgets.by_name("continue"))
            continue
        if go_on_if_held(app, table):
            continue
        if table.my_turn():
            legal = {a["cards"][0] for a in table.host.state.legal_actions()}
            lay = dict(table.hand_layout())
            bad = [c for c in lay if c not in legal]
            if bad and not refused:
                n = len(table.host.state.events)
                click(app, lay[bad[0]].center)
                assert len(table.host.state.events) == n       # refused
                assert table.message and table.message_color == (236, 96, 84)
                refused = True
            _human_plays(app, table)
        ai_frame(app)
    assert refused                                     # a card the rules forbid was clicked
    assert table.host.state.is_over()
    assert table.viewer == 0 and not table.hidden


def test_hot_seat_handoff_hides_hands(app):
    from game.ui.table.scene import TableScene
    table = TableScene.new(app, "gurka-se", players(3, human={0, 1, 2}), seed=11)
    app.manager.push(table)
    seen = []
    for _ in range(400):
        top = app.manager.top
        name = type(top).__name__
        if name == "HandoffScene":
            assert table.hidden
            assert table.card_at((table.size[0] // 2, table.hand_y + 10)) is None
            assert not table.legal_cards()
            seen.append(top.seat)
            click_widget(app, top.widgets.by_name("reveal"))
            assert not table.hidden and table.viewer == seen[-1]
            continue
        if name == "ScoreSheetScene":
            click_widget(app, top.widgets.by_name("continue"))
            continue
        if go_on_if_held(app, table):
            continue
        if table.my_turn():
            _human_plays(app, table)
        frames(app)
        if len(seen) >= 5:
            break
    assert len(seen) >= 5
    assert all(a != b for a, b in zip(seen, seen[1:]))   # a hand-off each time the human changes


def test_save_and_resume_round_trip(app):
    from game.ui import savegame
    from game.ui.menu import MainMenu
    from game.ui.table.scene import TableScene
    app.manager.push(MainMenu(app))
    frames(app)
    table = TableScene.new(app, "gurka-is", players(3, human={0}), seed=2)
    app.manager.push(table)
    for _ in range(400):
        if table.my_turn():
            _human_plays(app, table)
        if len(table.host.state.events) > 12:
            break
        frames(app)
    record = table.host.state.record()
    # quit to the menu through the pause menu
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    pause = app.manager.top
    assert type(pause).__name__ == "PauseScene"
    click_widget(app, pause.widgets.by_name("quit"))
    menu = app.manager.top
    assert isinstance(menu, MainMenu) and savegame.has_save()
    frames(app)
    click_widget(app, menu.widgets.by_name("continue"))
    resumed = app.manager.top
    assert isinstance(resumed, TableScene)
    assert resumed.host.state.record()["events"][: len(record["events"])] == record["events"]
    assert resumed.host.state.auto_chance
    shown = table_of(resumed.host.state.view(resumed.viewer))   # what the player may see so far
    assert resumed.shown == len(resumed.host.state.events)
    assert resumed.model.hands == shown.hands and resumed.model.totals == shown.totals
    assert resumed.model.trick == shown.trick


def test_resize_relayouts_the_table(app):
    from game.ui.table.scene import TableScene
    table = TableScene.new(app, "agurk-dk", players(8, human={0}), {"hand_size": 6}, seed=4)
    app.manager.push(table)
    assert run_until(app, lambda: table.my_turn())
    small = [r.copy() for _c, r in table.hand_layout()]
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    frames(app, 2, [pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)])
    big = [r for _c, r in table.hand_layout()]
    assert table.size == (1920, 1080)
    assert big[0].width > small[0].width
    for s in range(8):   # every seat panel is on screen
        x, y = table.seat_pos(s)
        assert 0 < x < 1920 and 0 < y < 1080
    for _c, r in table.hand_layout():
        assert pygame.Rect(0, 0, 1920, 1080).contains(r)


def test_durak_through_the_table(app):
    from game.ui.table.scene import TableScene
    table = TableScene.new(app, "durak", players(3), seed=7)
    app.manager.push(table)
    assert run_until(app, lambda: type(app.manager.top).__name__ == "ResultScene")
    assert table.host.state.is_over() and table.model.over
    replay(table.host.state.record())


def test_durak_human_defends_and_takes_with_clicks(app):
    from game.ui.table.scene import TableScene
    table = TableScene.new(app, "durak", players(2, human={0}), seed=3)
    app.manager.push(table)
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if type(app.manager.top).__name__ == "ResultScene":
            break
        go_on_if_held(app, table)
        if table.my_turn():
            legal = table.host.state.legal_actions()
            types = {a["type"] for a in legal}
            lay = dict(table.hand_layout())
            defends = [a for a in legal if a["type"] == "defend"]
            attacks = [a for a in legal if a["type"] == "attack"]
            if defends:
                n = len(table.host.state.events)
                click(app, lay[defends[0]["card"]].center)
                if len(table.host.state.events) == n:           # several pairs: click the one to beat
                    i = [p[0] for p in table.model.pairs].index(defends[0]["attack"])
                    x, y, _w = table._pair_target(i, 0)()
                    click(app, (int(x), int(y)))
            elif "take" in types:
                click(app, table.widgets.by_name("take").rect.center)
            elif attacks and not table.model.pairs:
                single = [a for a in attacks if len(a["cards"]) == 1][0]
                click(app, lay[single["cards"][0]].center)
                if table.selected:
                    click(app, table.widgets.by_name("attack").rect.center)
            elif "pass" in types:
                click(app, table.widgets.by_name("pass").rect.center)
        ai_frame(app)
    assert table.host.state.is_over()


def test_no_hand_over_back_to_the_player_who_just_moved(app):
    # Durak hot seat: after a human's move and only AI moves, the same human acts again;
    # "Pass to <the same player>" was asked for then
    from game.ui.table.scene import TableScene
    moves = ("attack", "defend", "take", "pass", "swap")
    again = 0
    for seed in range(1, 10):
        table = TableScene.new(app, "durak", players(3, human={0, 1}), seed=seed)
        app.manager.push(table)
        last_human, ai_since, seen = None, False, 0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and again < 2:
            for e in table.host.state.events[seen:]:
                if e["type"] in moves and e.get("player") == 2:
                    ai_since = True
            seen = len(table.host.state.events)
            top = app.manager.top
            if type(top).__name__ == "HandoffScene":
                assert not (top.seat == last_human and ai_since), "hand-over to the same player"
                click_widget(app, top.widgets.by_name("reveal"))
                continue
            if top is not table:
                app.manager.pop()
                continue
            if table.host.state.is_over():
                break
            if table.my_turn():
                seat = table.host.state.to_act()
                again += seat == last_human and ai_since
                legal = table.host.state.legal_actions()
                table.do(next((a for a in legal if a["type"] != "take"), legal[0]))
                last_human, ai_since, seen = seat, False, len(table.host.state.events)
            ai_frame(app)
        app.manager.clear()
        if again >= 2:
            break
    assert again >= 2          # the case came up, and went without a hand-over


def test_durak_team_play_shows_each_seats_team(app):
    # 2 v 2 never said who partners whom until the result
    from game.ui.table.scene import TableScene
    table = TableScene.new(app, "durak", players(4, human={0}), {"teams": "2v2"}, seed=3)
    app.manager.push(table)
    frames(app)
    marks = [table.part.seat_words(s) for s in range(4)]
    assert marks[0] == "team 1" and marks[2].startswith("team 1 · ")
    assert marks[1].startswith("team 2 · ") and marks[3].startswith("team 2 · ")
    app.manager.clear()
    table = TableScene.new(app, "durak", players(4, human={0}), seed=3)
    app.manager.push(table)
    frames(app)
    assert not any("team" in table.part.seat_words(s) for s in range(4))


@pytest.mark.parametrize("rules,n,size,options", [
    ("gurka-se", 4, (1024, 640), {}), ("agurk-no", 5, (1024, 768), {}), ("gurka-is", 3, (1920, 1080), {}),
    ("agurk-dk", 7, (1024, 768), {"hand_size": 6}), ("agurk-dk", 8, (1024, 640), {"hand_size": 6}),
    ("gurka-se", 6, (2560, 1080), {})])
def test_a_trick_swept_to_its_winner_never_covers_their_name(tmp_path, monkeypatch, rules, n, size, options):
    """Issue 69: the finished trick flew into the middle of its winner's panel, over the name,
    before it vanished.  Every trick of a deal, from every seat, each card of it all the way:
    the cards stop short of the winner's panel and never touch it."""
    import scene_states as S

    from game.ui import cards as C
    from game.ui.app import App
    from game.ui.table.scene import TableScene
    from game.engine import new_game
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    pygame.init()
    app = App(size=size, lang="en")
    app.settings.speed = "normal"
    try:
        for viewer in range(n):
            state = new_game(rules, S.players(n, human=(viewer,)), options, seed=3 + viewer)
            table = TableScene.hosted(app, state)
            app.manager.push(table)
            S.settle(app)
            swept = 0
            rng = __import__("random").Random(viewer)
            while not state.is_over() and S.count(state, "score") < 1:
                before = len(state.events)
                state.apply(rng.choice(state.legal_actions()))
                if not any(e["type"] == "trick" for e in state.events[before:]):
                    continue
                trick = next(i for i in range(before, len(state.events)) if state.events[i]["type"] == "trick")
                table.fast_forward(trick)               # the trick's cards lie on the table
                table.part.show(state.events[trick])    # taken: swept to its winner
                table.shown += 1
                winner = state.events[trick]["winner"]
                box = table.lay.seat_rect(winner)
                for f in [f for f in table.timeline.flights if f.vanish]:
                    swept += 1
                    for k in range(21):
                        x, y, w = table.renderer.flight_at(f, k / 20)
                        r = pygame.Rect(0, 0, w, C.height_for(w))
                        r.center = (int(x), int(y))
                        assert not r.colliderect(box), (viewer, winner, k, r, box)
                table.fast_forward()
            assert swept, "no trick was swept"
            app.manager.clear()
    finally:
        app.manager.clear()
