"""The tutorials played to their end on the real table scene, by clicks, in every language.

The test clicks the cards each callout asks for (and Play / the pair to beat where the
move needs it), reads on with Next, tries one other legal move (answered with "try the
one shown", nothing played) and one illegal card (answered with the engine's own reason),
and ends on the offer of a real game, which opens the setup screen on that ruleset.
"""

import pygame
import pytest
from tutorial_helpers import click, frames, record_text_sizes

from game.engine import IllegalActionError
from game.i18n import LANGUAGES, set_language
from game.ui import messages as M
from game.ui import theme as T
from game.ui.table.input import Selection
from game.ui.tutorial.beats import same_action
from game.ui.tutorial.callout import target_rects
from game.ui.tutorial.coach import try_the_one_shown
from game.ui.tutorial.scripts import TUTORIAL_IDS


def wait_for_callout(app, scene, limit=3000):
    coach = scene.coach
    for _ in range(limit):
        if coach.finished or coach.showing(scene) is not None:
            return
        frames(app)
    raise AssertionError(f"no callout came (beat {coach.step}: {coach.beat})")


def hand_rect(scene, card):
    return dict(scene.hand_layout())[card]


def make_move(app, scene, action):
    """Click what the player would click for ``action``."""
    n = len(scene.host.state.events)
    kind = action["type"]
    if kind in ("take", "pass"):
        click(app, scene.widgets.by_name(kind).rect.center)
        return
    cards = action["cards"] if "cards" in action else [action["card"]]
    for c in cards:
        click(app, hand_rect(scene, c).center)
    if len(scene.host.state.events) > n:
        return
    if kind == "defend" and scene.sel.defend_with is not None:
        pairs = scene.model.pairs
        i = next(k for k, p in enumerate(pairs) if p[0] == action["attack"])
        x, y, _w = scene.lay.pair_pos(i, 0, len(pairs))
        click(app, (x, y))
        return
    button = scene.widgets.by_name("play") or scene.widgets.by_name("attack")
    click(app, button.rect.center)


def single_click_action(scene, card):
    """The action a click on ``card`` makes, by the table's own click model."""
    return Selection().click_card(card, scene.host.state.legal_actions())


def other_legal_card(scene, expected):
    """A card whose click alone plays a legal move other than the one asked for."""
    legal = scene.host.state.legal_actions()
    for c, _r in scene.hand_layout():
        a = single_click_action(scene, c)
        if a and not same_action(a, expected) and any(same_action(a, x) for x in legal):
            return c
    return None


def illegal_card(scene):
    legal = scene.host.state.legal_actions()
    for c, _r in scene.hand_layout():
        a = single_click_action(scene, c)
        if a and not any(same_action(a, x) for x in legal):
            return c, a
    return None, None


def engine_reason(scene, action):
    try:
        scene.host.state.copy().apply(action)
    except IllegalActionError as e:
        return M.illegal_reason(e, scene.app.settings)
    raise AssertionError(f"{action} is legal")


def play_through(app, rid):
    scene = app.nav.push("tutorial", rules=rid)
    coach = scene.coach
    tried_other = tried_illegal = False
    notes = asks = 0
    for _ in range(400):
        wait_for_callout(app, scene)
        if coach.finished:
            break
        assert coach.callout.box is not None and coach.callout.box.width > 0
        shown = coach.showing(scene) or coach.beat
        for spec in shown.point:            # every callout points at something on screen
            assert target_rects(scene, spec), (rid, coach.step, spec)
        if coach.note is not None:
            notes += 1
            click(app, coach.callout.next_button.rect.center)
            continue
        asked = coach.asking(scene)
        asks += 1
        n = len(scene.host.state.events)
        if not tried_other:
            card = other_legal_card(scene, asked.action)
            if card is not None:
                click(app, hand_rect(scene, card).center)
                assert len(scene.host.state.events) == n, "another legal move was played"
                assert scene.message == try_the_one_shown() and scene.message_color == T.ACCENT
                tried_other = True
        if not tried_illegal:
            card, action = illegal_card(scene)
            if card is not None:
                want = engine_reason(scene, action)
                click(app, hand_rect(scene, card).center)
                assert len(scene.host.state.events) == n, "an illegal card was played"
                assert scene.message == want and scene.message_color == T.ERROR
                assert want != try_the_one_shown()
                tried_illegal = True
        make_move(app, scene, asked.action)
        assert len(scene.host.state.events) > n, f"the asked move {asked.action} was not made"
    assert coach.finished and not coach.broken
    assert tried_other and tried_illegal
    assert notes and asks
    assert scene.shown == len(scene.host.state.events)
    return scene


@pytest.fixture()
def text_sizes(monkeypatch):
    return record_text_sizes(monkeypatch)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rid", TUTORIAL_IDS)
def test_tutorial_played_to_its_end_by_clicks(app, rid, lang, text_sizes):
    app.lang = set_language(lang)
    try:
        scene = play_through(app, rid)
        real = scene.coach.callout.widgets.by_name("real")
        assert real is not None and real.rect.width > 0
        click(app, real.rect.center)
        assert app.nav.top_is("setup") and app.manager.top.rules == rid
    finally:
        set_language("en")
    assert text_sizes, "the callouts drew no text"
    small = sorted({(px, t) for px, t in text_sizes if px < 12})
    assert not small, small


def test_other_offers_at_the_end(app):
    app.nav.push("menu")
    scene = play_through(app, "gurka-se")
    click(app, scene.coach.callout.widgets.by_name("more").rect.center)
    assert app.nav.top_is("learn")
    click(app, app.manager.top.widgets.by_name("learn:durak").rect.center)
    assert app.nav.top_is("tutorial") and app.manager.top.rules == "durak"
    assert [s.route for s in app.manager.stack] == ["menu", "tutorial"]
    scene = app.manager.top
    scene.coach.finish(scene)
    frames(app, 2)
    click(app, scene.coach.callout.widgets.by_name("menu").rect.center)
    assert [s.route for s in app.manager.stack] == ["menu"]


def test_the_tutorial_leaves_the_saved_game_alone(app):
    from game.engine import new_game
    from game.ui import savegame
    players = [{"name": "A", "seat": "human"}, {"name": "B", "seat": "ai:easy"},
               {"name": "C", "seat": "ai:easy"}]
    assert savegame.save(new_game("agurk-no", players, seed=4).record(), {}) is None
    before, _err = savegame.load("agurk-no")
    scene = play_through(app, "durak")
    scene.leave()                        # as the pause menu's "quit to menu" does
    after, _err = savegame.load("agurk-no")
    assert before is not None and after is not None and after.record == before.record
    assert [s.rules for s in savegame.saved_games()] == ["agurk-no"]     # no save of its own either


def test_a_callout_holds_the_table_until_next(app):
    """While a callout is up, nothing is played, and clicks on the hand do nothing."""
    scene = app.nav.push("tutorial", rules="gurka-se")
    wait_for_callout(app, scene)
    coach = scene.coach
    assert coach.note is not None and coach.step == 0
    n = len(scene.host.state.events)
    frames(app, 200, dt=100)
    card = scene.visible_hand()[0]
    click(app, hand_rect(scene, card).center)
    assert len(scene.host.state.events) == n and coach.step == 0
    assert scene.prompt() == ""                 # no "… is thinking" under a callout
    assert not scene.animating()
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert coach.step == 1


def test_escape_opens_the_pause_menu_over_a_callout(app):
    scene = app.nav.push("tutorial", rules="durak")
    wait_for_callout(app, scene)
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.nav.top_is("pause")


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_keyboard_only_and_a_resize(app):
    """Enter reads on, the arrows and Enter make the asked move; the callout follows a resize."""
    scene = app.nav.push("tutorial", rules="gurka-se")
    coach = scene.coach
    while True:
        wait_for_callout(app, scene)
        if coach.asking(scene) is not None:
            break
        frames(app, 1, [key(pygame.K_RETURN)])
    small = coach.callout.box.copy()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    frames(app, 2, [pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)])
    big = coach.callout.box
    assert big.width > small.width * 1.5 and big.top > small.top
    want = coach.asking(scene).action["cards"][0]
    n = len(scene.host.state.events)
    for _ in range(8):
        if scene.hover_card == want:
            break
        frames(app, 1, [key(pygame.K_RIGHT)])
    assert scene.hover_card == want
    frames(app, 1, [key(pygame.K_RETURN)])
    assert scene.host.state.events[n] == {"type": "play", "player": 0, "cards": [want]}


def test_the_window_updates_where_the_callout_is_and_was(app):
    """With changed-rectangle updates, the callout's old and new areas are in the frame's rects."""
    scene = app.nav.push("tutorial", rules="gurka-se")
    wait_for_callout(app, scene)
    frames(app, 3)
    old = scene.coach.callout.box.copy()
    click(app, scene.coach.callout.next_button.rect.center)      # on to the next callout
    rects = app.dirty                                            # that frame's rectangles
    assert rects is not None, "a steady table frame names its rectangles"
    assert scene.coach.note is not None and scene.coach.step == 1
    assert any(r.contains(old) for r in rects)                   # the old callout is wiped
    areas = scene.coach.callout.areas
    assert areas and all(any(r.contains(a) for r in rects) for a in areas)


@pytest.mark.parametrize("size,card_size", [((1024, 640), "100"), ((1280, 800), "150"), ((1920, 1080), "large-print")])
def test_no_arrow_reaches_back_over_its_callout(tmp_path, monkeypatch, size, card_size):
    """Issue 69: with larger cards a card to point at lay just under the callout, and the
    arrow's head, longer than the way to it, lay back over the callout's own text.  At every
    callout of every tutorial, each arrow starts on the box's edge and goes away from it:
    neither its head nor its line lies inside the box."""
    from game.ui.app import App
    from game.ui.tutorial.build import run_to
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    pygame.init()
    app = App(size=size, lang="sv")
    vars(app.settings).update(speed="instant", tutorial_offered=True, card_size=card_size)
    app.apply_settings(save=False)
    arrows = 0
    try:
        for rid in TUTORIAL_IDS:
            app.manager.clear()
            scene = app.nav.push("tutorial", rules=rid)
            coach, last = scene.coach, [-1]

            def fresh(coach=coach, scene=scene, last=last):
                return coach.finished or (coach.showing(scene) is not None and coach.step != last[0])
            while run_to(app, scene, fresh) and not coach.finished:
                last[0] = coach.step
                frames(app, 2)
                box = coach.callout.box
                inside = box.inflate(-4, -4)
                for start, tip, head in coach.callout.arrows:
                    arrows += 1
                    where = (rid, coach.step, box, start, tip)
                    assert not inside.collidepoint(start), where
                    assert not any(inside.collidepoint(p) for p in [tip, *head]), where
    finally:
        app.manager.clear()
        set_language("en")
    assert arrows > 20          # the callouts point at things (the check saw arrows)
