"""A player with the keyboard only: the line under the hand says how to play with what
the player uses (the mouse, or the keys as they work, ``game/ui/table/keys.py``) and
switches when the player switches; Tab goes through the table's buttons as they stand and
keeps its place; a window made anew (fullscreen) keeps the focus ring."""

import pygame
import pytest

from game.ui import theme as T


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def motion(pos=(7, 9), rel=(3, 2)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0))


def drawn_texts(app, events=()) -> list[str]:
    """The texts a frame of ``events`` draws (only what changed is drawn again)."""
    rec = T.record_boxes(True)
    try:
        app.step(list(events), 16)
    finally:
        T.record_boxes(False)
    return [b.text for b in rec.boxes if b.kind == "text"]


def test_the_gurka_prompt_says_the_keys_after_a_key_and_the_click_after_the_mouse(app, tmp_path):
    from game.ui.tour.runner import Tour, mid_deal
    state = Tour(app, tmp_path).game("gurka-se", mid_deal)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([motion()], 16)
    assert table.my_turn()
    assert "Click a card" in table.prompt()
    shown = " ".join(drawn_texts(app, [key(pygame.K_DOWN)]))   # Down: nothing to put back
    assert "Click" not in table.prompt() and "←" in table.prompt() and "Enter" in table.prompt()
    assert "←" in shown                                          # drawn at once, not on the next move
    shown = " ".join(drawn_texts(app, [motion((40, 40))]))
    assert "Click a card" in table.prompt() and "Click a card" in shown


def test_the_durak_prompts_say_the_keys_as_they_work(app):
    from game.ui.table import durak_words as W
    for kind in ("defend", "open", "add", "must_take"):
        mouse, keys = W.prompt(kind), W.prompt(kind, keys=True)
        assert mouse != keys and "click" not in keys.lower()
    assert "Enter" in W.prompt("must_take", keys=True)          # Enter presses Take then
    assert "Tab" in W.prompt("add", keys=True) and "Tab" in W.prompt("defend", keys=True)


def test_a_durak_defender_reads_the_keys_after_a_key(app, tmp_path):
    from game.ui.tour.runner import Tour
    table = Tour(app, tmp_path).table(
        "durak", lambda s: s.to_act() == 0 and any(a["type"] == "defend" for a in s.legal_actions()),
        players=2)
    app.step([motion()], 16)
    assert table.prompt().startswith("Defend: click")
    app.step([key(pygame.K_RIGHT)], 16)
    assert table.prompt().startswith("Defend: ← → picks a card")


def test_tab_goes_through_the_table_buttons_from_the_decision_to_undo_and_keeps_its_place(app, tmp_path):
    # Tab went Undo → Hint → … as the row stands: Tab then Enter took the last move back; now
    # the decision's own buttons come first, the tools after, Undo and the Menu last
    from game.ui.tour.runner import Tour, mid_deal
    state = Tour(app, tmp_path).game("gurka-se", mid_deal)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    seen = []
    for _ in range(12):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")], 16)
        name = table.widgets.focused.name
        if name in seen:
            break
        seen.append(name)
    assert {"hint", "scores", "menu", "movelog", "lookback"} <= set(seen)
    assert seen == [n for n in ("hint", "scores", "lookback", "movelog", "undo", "menu") if n in seen]
    while table.widgets.focused.name != "scores":
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")], 16)
    old = table.widgets
    table.do(next(a for a in table.host.state.legal_actions()))
    for _ in range(3000):
        if table.my_turn() and table.widgets is not old:
            break
        app.step([], 16)
    assert table.widgets is not old                      # the buttons were made anew
    assert table.widgets.keyboard and table.widgets.focused.name == "scores"


def _durak_at(app, tmp_path, wanted, players=2):
    from game.ui.tour.runner import Tour
    table = Tour(app, tmp_path).table(
        "durak", lambda s: s.to_act() == 0 and wanted({a["type"] for a in s.legal_actions()}),
        players=players)
    table.fast_forward()
    app.step([], 16)
    assert table.my_turn()
    return table


def test_durak_the_first_tab_reaches_the_button_the_prompt_names(app, tmp_path):
    # "… or Tab to Done" / "… or Tab to Take": Done was the sixth Tab stop, and Enter then threw
    # in the raised card instead of passing
    table = _durak_at(app, tmp_path, lambda kinds: "defend" in kinds and "take" in kinds)
    app.step([key(pygame.K_RIGHT)], 16)
    assert "Tab to Take" in table.prompt()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")], 16)
    assert table.widgets.focused.name == "take"
    table = _durak_at(app, tmp_path, lambda kinds: kinds == {"attack", "pass"}, players=3)
    app.step([key(pygame.K_RIGHT)], 16)                    # a card to throw in is raised
    assert "Tab to Done" in table.prompt() and table.hover_card is not None
    n = len(table.host.state.events)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")], 16)
    assert table.widgets.focused.name == "pass"
    app.step([key(pygame.K_RETURN)], 16)
    assert [e["type"] for e in table.host.state.events[n:n + 1]] == ["pass"]


def test_durak_enter_presses_the_button_the_hint_rings(app, tmp_path):
    # H hinted "Swap trump six" and rang that button; Enter did nothing (Attack, the first
    # button, waits for its cards)
    table = _durak_at(app, tmp_path, lambda kinds: "swap" in kinds and "attack" in kinds)
    hints = table.hints
    hints.shown = (table.decision_key, {"action": {"type": "swap"}, "figures": []})
    hints._pick({"type": "swap"})
    assert hints.button() is table.widgets.by_name("swap") and table.widgets.focused.name == "swap"
    table.widgets.keyboard = False          # the hint was asked for with the mouse
    n = len(table.host.state.events)
    app.step([key(pygame.K_RETURN)], 16)
    assert table.host.state.events[n]["type"] == "swap"


def test_fullscreen_toggled_with_enter_keeps_the_focus_ring(app, monkeypatch):
    # the new window's mouse motion (the pointer still where it was) switched keyboard mode off
    from game.ui import widget_base
    from game.ui.settings_scene import SettingsScene
    settings = app.manager.push(SettingsScene(app))
    app.step([], 16)
    toggle = settings.widgets.by_name("fullscreen")
    app.step([key(pygame.K_TAB)], 16)
    settings.widgets.set_focus(toggle)
    app.step([key(pygame.K_RETURN)], 16)
    assert app.fullscreen
    app.step([motion((300, 200), (120, 80))], 16)          # the window moved under the pointer
    group = app.manager.top.widgets
    assert widget_base.InputMode.key and group.keyboard and group.focused.name == "fullscreen"
    monkeypatch.setattr(widget_base, "_desktop_pointer", lambda: (999, 999))
    app.step([motion((310, 200), (10, 0))], 16)             # the player moves the mouse
    assert not widget_base.InputMode.key and not app.manager.top.widgets.keyboard
    app.step([key(pygame.K_RETURN)], 16)
    assert not app.fullscreen


def test_a_name_is_edited_anywhere_with_a_caret(app):
    # a name could be changed only at its end (Backspace), not where the typo was
    from game.ui.setup import SetupScene
    setup = app.manager.push(SetupScene(app))
    app.step([], 16)
    name = setup.widgets.by_name("seat0:name")
    setup.widgets.set_focus(name)
    app.step([key(pygame.K_END)], 16)
    for _ in range(20):
        app.step([key(pygame.K_BACKSPACE)], 16)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Ann")], 16)

    def typed(*events):
        for e in events:
            app.step([pygame.event.Event(pygame.TEXTINPUT, text=e) if isinstance(e, str) else key(e)], 16)
        return name.value, name.caret

    assert typed(pygame.K_HOME, "J") == ("JAnn", 1)
    assert typed(pygame.K_RIGHT, pygame.K_DELETE) == ("JAn", 2)
    assert typed(pygame.K_BACKSPACE) == ("Jn", 1)
    assert typed(pygame.K_LEFT, pygame.K_LEFT, pygame.K_BACKSPACE) == ("Jn", 0)   # nothing before
    assert typed(pygame.K_END, "e") == ("Jne", 3)
    assert setup.widgets.focused is name and setup.seats[0]["name"] == "Jne"


# -- every screen by the keys alone (issue 67) ------------------------------------------------------
SCREENS = ("menu", "message", "settings", "stats", "setup gurka-se", "setup durak", "rules gurka-is",
           "menu with a save", "new game asks", "saved games", "finished games", "no finished games",
           "handoff", "scoreboard", "result durak", "pause", "lookback gurka", "movelog",
           "gurka-se mid-trick", "durak 6 seats", "gurka-is7 exchange")
ROUTES = ("join", "replays", "learn", "rules", "stats", "settings", "setup")


def _tab(app, shift=False):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT if shift else 0,
                                 unicode="\t")], 16)


def _ring_drawn(app, w) -> bool:
    """The focus ring's colour on the ring around ``w`` (its own pass, :mod:`game.ui.widgets_focus`)."""
    from game.ui.widgets_focus import ring_rect
    u = T.unit(app.screen.get_size())
    r = ring_rect(w, u)
    screen = app.screen.get_rect()
    spots = [(r.centerx, r.top + 1), (r.centerx, r.bottom - 2), (r.left + 1, r.centery), (r.right - 2, r.centery),
             (r.left + r.width // 4, r.top + 1), (r.right - r.width // 4, r.bottom - 2)]
    return any(screen.collidepoint(p) and tuple(app.screen.get_at(p))[:3] == T.FOCUS for p in spots)


def _walk_with_tab(app, scene) -> tuple[list, list]:
    """Every widget Tab reaches (in order, once round) and those it reached without a ring."""
    group = scene.widgets
    want = [w for w in group.widgets if w.can_focus()]
    seen, ringless = [], []
    for _ in range(2 * len(want) + 2):
        _tab(app)
        group = app.manager.top.widgets
        w = group.focused
        if w is None or w in seen:
            continue
        seen.append(w)
        app.manager.dirty = True
        app.step([], 16)
        if not _ring_drawn(app, w):
            ringless.append(w.name or type(w).__name__)
    return seen, ringless


@pytest.mark.parametrize("label", SCREENS)
def test_tab_reaches_every_control_of_the_screen_and_rings_it(app, label):
    import scene_states as S
    S.screens()[label](app)
    S.settle(app)
    app.step([], 16)
    scene = app.manager.top
    want = [w for w in scene.widgets.widgets if w.can_focus()]
    seen, ringless = _walk_with_tab(app, scene)
    missed = [w.name for w in app.manager.top.widgets.widgets if w.can_focus() and w not in seen]
    assert want and not missed, f"{label}: Tab never reached {missed}"
    assert not ringless, f"{label}: no focus ring on {ringless}"


@pytest.mark.parametrize("route", ROUTES)
def test_every_screen_from_the_menu_is_left_with_esc(app, route):
    app.nav.push("menu")
    app.step([], 16)
    app.nav.push(route)
    app.step([], 16)
    assert type(app.manager.top).__name__ != "MainMenu"
    seen, ringless = _walk_with_tab(app, app.manager.top)
    assert seen and not ringless, (route, ringless)
    for _ in range(2):                       # a list or a field may take the first Esc
        if type(app.manager.top).__name__ == "MainMenu":
            break
        app.step([key(pygame.K_ESCAPE)], 16)
    assert type(app.manager.top).__name__ == "MainMenu", route


def test_the_accessibility_settings_are_reached_and_changed_by_the_keys(app):
    app.nav.push("menu")
    app.step([], 16)
    menu = app.manager.top
    while menu.widgets.focused.name != "settings":
        _tab(app)
    app.step([key(pygame.K_RETURN)], 16)
    settings = app.manager.top
    assert type(settings).__name__ == "SettingsScene"
    while settings.widgets.focused is not settings.w_tab_access:
        _tab(app, shift=True)
    app.step([key(pygame.K_SPACE)], 16)
    assert settings.page == "access"
    _tab(app)
    assert settings.widgets.focused is settings.w_reader
    app.step([key(pygame.K_RIGHT)], 16)
    assert app.settings.screen_reader == "on"
    _tab(app)
    _tab(app)
    _tab(app)
    assert settings.widgets.focused is settings.w_contrast
    app.step([key(pygame.K_RETURN)], 16)
    assert app.settings.high_contrast is True and T.high_contrast()
    app.step([key(pygame.K_RETURN)], 16)
    assert not T.high_contrast()
