"""A player without a mouse: the keys do on every screen what the key lists and the scene
code say (found by playing with the keyboard only, in a real window)."""

import pygame
import pytest
import scene_states as S

from game.ui.widgets import Button, ChoiceList, TextInput, WidgetGroup


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)


def step(app, events=()):
    app.step(list(events), 16)


@pytest.mark.parametrize("focus", ["rules", "seat0:name"])
def test_enter_on_the_game_list_or_a_name_field_starts_the_game(app, focus):
    # the list and the name fields have nothing to do on Enter: it was swallowed, and the
    # setup's own Enter (Start game) never came
    from game.ui.setup import SetupScene
    from game.ui.table.scene import TableScene
    setup = app.manager.push(SetupScene(app))
    step(app)
    step(app, [key(pygame.K_TAB)] if focus == "rules" else [])
    setup.widgets.set_focus(setup.widgets.by_name(focus))
    step(app, [key(pygame.K_DOWN)] if focus == "rules" else [])     # a game picked with the keys
    assert setup.widgets.focused.name == focus
    step(app, [key(pygame.K_RETURN)])
    assert isinstance(app.manager.top, TableScene)


def test_space_in_a_name_field_is_typed_not_a_start(app):
    from game.ui.setup import SetupScene
    setup = app.manager.push(SetupScene(app))
    step(app)
    name = setup.widgets.by_name("seat0:name")
    setup.widgets.set_focus(name)
    step(app, [key(pygame.K_SPACE, unicode=" "), pygame.event.Event(pygame.TEXTINPUT, text=" ")])
    assert app.manager.top is setup and name.value.endswith(" ")


def test_left_and_right_walk_a_row_of_buttons(app):
    # the confirm box before a new game replaces the saved one: two buttons side by side
    from game.ui.menu import ConfirmScene
    yes = []
    box = app.manager.push(ConfirmScene(app, "Replace?", yes="Yes", no="No", on_yes=lambda: yes.append(1)))
    step(app)
    assert box.widgets.focused.name == "no"
    step(app, [key(pygame.K_LEFT)])
    assert box.widgets.focused.name == "yes" and box.widgets.keyboard
    step(app, [key(pygame.K_RIGHT)])
    assert box.widgets.focused.name == "no"
    step(app, [key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert yes == [1]


def test_arrows_stay_with_a_list_a_name_field_and_a_choice():
    lst = ChoiceList([("a", "A"), ("b", "B")], "a", rect=(0, 0, 100, 80))
    name = TextInput("Ann", rect=(0, 90, 100, 30))
    b = Button("OK", rect=(0, 130, 100, 30))
    g = WidgetGroup([lst, name, b])
    g.set_focus(lst)
    assert not g.handle_event(key(pygame.K_RIGHT)) and g.focused is lst
    g.set_focus(name)
    g.handle_event(key(pygame.K_LEFT))                              # the field's caret moves
    assert g.focused is name and name.caret == 2
    assert not g.handle_event(key(pygame.K_RETURN))                 # left to the scene


def test_the_move_log_scrolls_with_up_and_down(app):
    # its one button (Close) had the focus, and the group took Up / Down to move it nowhere
    S.table_at(app, "agurk-no", 4, S.after("trick", 9), seed=4)
    step(app)
    step(app, [key(pygame.K_m)])
    log = app.manager.top
    assert type(log).__name__ == "MoveLogScene" and log.max_scroll > 0
    step(app, [key(pygame.K_UP)])
    assert log.scroll is not None and log.scroll < log.max_scroll
    up = log.scroll
    step(app, [key(pygame.K_DOWN)])
    assert log.scroll > up


def test_the_score_sheet_scrolls_with_up_and_down(app):
    S.table_at(app, "agurk-no", 4, S.after("score", 3), seed=4)
    step(app)
    step(app, [key(pygame.K_s)])
    sheet = app.manager.top
    assert type(sheet).__name__ == "ScoreSheetScene"
    sheet.visible = 1                       # a small window: one deal's row at a time
    step(app, [key(pygame.K_UP)])
    assert sheet.back == 1
    step(app, [key(pygame.K_DOWN)])
    assert sheet.back == 0


def _gurka_table_at_my_turn(app, tmp_path):
    """A Swedish Gurka table at the player's decision (single cards: no Play button)."""
    from game.ui.tour.runner import Tour, mid_deal
    state = Tour(app, tmp_path).game("gurka-se", mid_deal)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    step(app)
    return table


def test_enter_with_nothing_picked_and_no_button_picks_as_space(app, tmp_path):
    # the key list: Enter plays the selection or presses the first button, "else as Space";
    # with nothing picked and no button (a Gurka lead, the tutorial's "Your move") it did nothing
    table = _gurka_table_at_my_turn(app, tmp_path)
    assert table.my_turn() and table.hover_card is None and not table.action_buttons
    n = len(table.host.state.events)
    step(app, [key(pygame.K_RETURN)])
    lit = table.legal_cards()
    assert table.hover_card == next(c for c in table.visible_hand() if c in lit)
    assert len(table.host.state.events) == n                  # picked, not played
    step(app, [key(pygame.K_RETURN)])                    # a second Enter plays it
    assert [e for e in table.host.state.events[n:] if e["type"] == "play"]


def _beats_several(state, seat=0):
    if state.to_act() != seat:
        return False
    beats: dict = {}
    for a in state.legal_actions():
        if a["type"] == "defend":
            beats.setdefault(a["card"], set()).add(a["attack"])
    return any(len(v) >= 2 for v in beats.values())


def test_durak_the_attacks_a_picked_card_can_beat_show_their_keys(app, tmp_path, monkeypatch):
    # 1-9 beat the attack at that place on the table, but nothing said which number is which
    # (and the line under the hand said only "click")
    from game.ui.table import marks
    from game.ui.tour.runner import Tour
    table = Tour(app, tmp_path).table("durak", _beats_several, players=3)
    legal = table.host.state.legal_actions()
    card = next(c for c in table.visible_hand()
                if len({a["attack"] for a in legal if a["type"] == "defend" and a["card"] == c}) >= 2)
    for _ in range(len(table.visible_hand())):
        if table.hover_card == card:
            break
        step(app, [key(pygame.K_RIGHT)])
    step(app, [key(pygame.K_UP)])
    assert table.sel.defend_with == card
    assert "press its number" in table.message
    drawn = []
    monkeypatch.setattr(marks, "key_badge", lambda surface, center, u, text: drawn.append(text))
    table.renderer.layer.invalidate()
    app.manager.dirty = True
    app.manager.draw(app.screen)
    beatable = [i for i, (att, dfn) in enumerate(table.model.pairs)
                if dfn is None and table.sel.can_beat(att, legal)]
    assert len(beatable) >= 2 and set(drawn) == {str(i + 1) for i in beatable}   # (drawn to measure, then shown)
    last = beatable[-1]
    n = len(table.host.state.events)
    step(app, [key(pygame.K_1 + last)])
    beat = [e for e in table.host.state.events[n:] if e["type"] == "defend"]
    assert beat and beat[0]["card"] == card and beat[0]["attack"] == table.model.pairs[last][0]


def test_a_box_opened_with_a_key_shows_its_focus_at_once(app):
    # "A new game replaces your saved game": Enter keeps the saved game, but with the focus
    # ring hidden until the next key the yellow Start button looked like Enter's
    from game.ui.menu import ConfirmScene, MainMenu
    menu = app.manager.push(MainMenu(app))
    step(app, [key(pygame.K_DOWN)])
    assert menu.widgets.keyboard
    menu.manager.push(ConfirmScene(app, "Replace?", yes="Yes", no="No", on_yes=lambda: None))
    box = app.manager.top
    assert box.widgets.keyboard and box.widgets.focused.name == "no"      # the ring is drawn
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))])
    box.manager.pop()
    again = app.manager.push(ConfirmScene(app, "Replace?", yes="Yes", no="No", on_yes=lambda: None))
    assert not again.widgets.keyboard                  # after the mouse: no ring until a key


def test_screens_opened_and_left_with_keys_show_their_focus(app):
    from game.ui.menu import MainMenu
    menu = app.manager.push(MainMenu(app))
    step(app)
    assert not menu.widgets.keyboard                   # the mouse, until a key is pressed
    menu.widgets.set_focus(menu.widgets.by_name("settings"))
    step(app, [key(pygame.K_RETURN)])
    settings = app.manager.top
    assert type(settings).__name__ == "SettingsScene"
    assert settings.widgets.keyboard and settings.widgets.focused is not None
    step(app, [key(pygame.K_ESCAPE)])
    assert app.manager.top is menu and menu.widgets.keyboard


def test_enter_presses_the_button_tab_focused_even_under_a_held_trick(app):
    # with the Menu button focused (its ring shown), Enter went on after the trick instead
    from test_ui_table_flow import frames, new_table, play_human
    app.settings.trick_pause = "every"
    table = new_table(app, "agurk-no", 3, human=(0,), speed="instant")
    for _ in range(6000):
        if table.timeline.held is not None:
            break
        if table.my_turn():
            play_human(app, table)
        frames(app)
    assert table.timeline.held is not None
    for _ in range(8):                                 # Tab goes along the top row to Menu
        frames(app, 1, [key(pygame.K_TAB)])
        if table.widgets.focused is table.menu_button:
            break
    assert table.widgets.focused is table.menu_button
    frames(app, 1, [key(pygame.K_RETURN)])
    assert type(app.manager.top).__name__ == "PauseScene"
    assert table.timeline.held is not None                   # the trick still waits


def test_durak_enter_with_nothing_picked_does_not_take_while_a_card_can_beat(app, tmp_path):
    # Take is the defender's first button: Enter before picking a card took the attack cards
    # (the prompt says to pick a card first); now it picks the first card that can beat
    from game.ui.tour.runner import Tour, defending
    table = Tour(app, tmp_path).table("durak", defending, players=2)
    table.fast_forward()
    step(app)
    assert table.my_turn() and table.hover_card is None
    assert table.action_buttons and table.action_buttons[0].name == "take"
    n = len(table.host.state.events)
    step(app, [key(pygame.K_RETURN)])
    assert not [e for e in table.host.state.events[n:] if e["type"] == "take"]
    assert table.hover_card in table.legal_cards()
