"""A whole game of every ruleset (transfer Durak too) by the keyboard alone, from the main menu (New game →
setup → Start) to the result screen, following the prompts (``key_player.py``): no mouse
event, every decision made with the keys the prompt of that moment names."""

import random

import pytest
from conftest import answer_at_once
from key_player import KeyPlayer

#: (ruleset, players, teams): every ruleset, Durak heads-up and two against two
GAMES = [("gurka-se", None, None), ("agurk-dk", None, None), ("agurk-no", None, None),
         ("gurka-is", None, None), ("gurka-is7", None, None), ("durak", 2, None), ("durak", 4, "2v2"),
         ("durak-transfer", 3, None)]


@pytest.mark.parametrize("rules, players, teams", GAMES,
                         ids=[f"{r}{'-' + str(n) if n else ''}{'-' + t if t else ''}" for r, n, t in GAMES])
def test_a_whole_game_by_the_keyboard_alone(app, monkeypatch, rules, players, teams):
    from game.ui.widget_base import InputMode
    random.seed(11)             # the deal the table draws (scene.py): the same game every run
    rng = random.Random(7)
    answer_at_once(monkeypatch, lambda state: rng.choice(state.legal_actions()))
    InputMode.key = True
    try:
        player = KeyPlayer(app, seed=3, prefer=("transfer",) if rules == "durak-transfer" else ())
        table = player.start(rules, players, teams)
        assert table.rules == rules and (teams is None or table.model.options.get("teams") == teams)
        player.play(table)
    finally:
        InputMode.key = False
    assert type(app.manager.top).__name__ == "ResultScene"
    assert table.finished
    made = player.decisions
    assert sum(made.values()) >= 10, made
    if rules == "gurka-is7":
        assert made.get("exchange", 0) + made.get("exchange several", 0) >= 2, made     # every round
    if rules.startswith("durak"):
        assert made.get("attack", 0) + made.get("attack several", 0) and (made.get("defend") or made.get("take"))
    if rules == "durak-transfer":
        assert made.get("transfer", 0) >= 2, str(made)    # the attack passed on, by P
    print(rules, made, sorted(player.keys_used))


# -- the dead ends the keyboard player found, each on its own ---------------------------------

def _keys_table(app, rules, n, stop, options=None):
    import scene_states as S
    from game.ui.widget_base import InputMode
    for seed in range(1, 60):
        table = S.table_at(app, rules, n, stop, options, seed=seed)
        S.settle(app)
        if table.my_turn() and stop(table.host.state):
            InputMode.key = True
            return table
        app.manager.clear()
    raise AssertionError(f"no {rules} game reached the moment")


@pytest.fixture
def keys_mode():
    from game.ui.widget_base import InputMode
    yield
    InputMode.key = False


def _press(app, key):
    import pygame
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 16)


def _tab_to(app, table, name):
    import pygame
    for _ in range(12):
        if table.widgets.focused is not None and table.widgets.focused.name == name:
            return
        _press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {name}")


def _made(table, before):
    return table.host.state.events[before:]


@pytest.mark.usefixtures("keys_mode")
def test_a_buy_back_is_answered_by_the_keys_the_prompt_names(app, tmp_path):
    """"You are out. Buy back in with 24 points?": the line named no key; Enter buys back,
    Tab reaches Pass, and the line says so now."""
    import pygame

    from game.ui.tour.runner import Tour
    from game.ui.widget_base import InputMode

    def buying(state):
        return state.to_act() == 0 and {a["type"] for a in state.legal_actions()} == {"buyback", "pass"}
    state = Tour(app, tmp_path).game("gurka-se", buying, players=4)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    InputMode.key = True
    prompt = table.prompt()
    assert "Enter" in prompt and "Tab" in prompt, prompt
    before = len(table.host.state.events)
    _tab_to(app, table, "pass")
    _press(app, pygame.K_RETURN)
    assert not any(e["type"] == "buyback" for e in _made(table, before))
    assert not table.my_turn() or not any(a["type"] == "buyback" for a in table.stream.legal_actions())


@pytest.mark.usefixtures("keys_mode")
def test_an_exchange_is_chosen_and_kept_by_the_keys_the_prompt_names(app):
    """Seven-round Gúrka's exchange said "Choose up to 4 cards to exchange, then confirm":
    no key; and Enter with a card picked (→) and none chosen chose that card instead of
    keeping the hand.  The line names ← → Space Enter now, and Enter with none chosen keeps."""
    import pygame

    def exchanging(state):
        return state.to_act() == 0 and any(a["type"] == "exchange" for a in state.legal_actions())
    table = _keys_table(app, "gurka-is7", 4, exchanging)
    prompt = table.prompt()
    assert all(k in prompt for k in ("←", "Space", "Enter")), prompt
    before = len(table.host.state.events)
    _press(app, pygame.K_RIGHT)                 # a card picked, none chosen
    assert table.hover_card is not None and not table.selected
    _press(app, pygame.K_RETURN)
    made = _made(table, before)
    assert made and made[0]["type"] == "exchange" and not made[0]["discard"], made[:1]


@pytest.mark.usefixtures("keys_mode")
def test_durak_several_cards_are_thrown_in_by_the_keys_the_prompt_names(app):
    """Throwing in said "(← →, then Enter), or Tab to Done": several cards of a rank could be
    thrown in only by keys it did not name (Space)."""
    import pygame

    def throws_several(state):
        return state.to_act() == 0 and any(
            a["type"] == "attack" and len(a["cards"]) > 1 for a in state.legal_actions()) and any(
            a["type"] == "pass" for a in state.legal_actions())
    table = _keys_table(app, "durak", 3, throws_several)
    prompt = table.prompt()
    assert "Space" in prompt and "Tab" in prompt, prompt
    want = next(a for a in table.stream.legal_actions() if a["type"] == "attack" and len(a["cards"]) > 1)
    before = len(table.host.state.events)
    for card in want["cards"]:
        while table.hover_card != card:
            _press(app, pygame.K_RIGHT)
        _press(app, pygame.K_SPACE)
    _press(app, pygame.K_RETURN)
    made = _made(table, before)
    assert made and made[0]["type"] == "attack" and sorted(made[0]["cards"]) == sorted(want["cards"])


@pytest.mark.usefixtures("keys_mode")
@pytest.mark.parametrize("offer", [True, False], ids=["offer", "beside-a-move"])
def test_durak_the_six_of_trumps_is_swapped_by_the_keys_the_prompt_names(app, offer):
    """The swap of the six of trumps: the offer ("swap it for the trump card under the
    stock?") named no key, and beside an attack or a defence nothing said the swap was there
    at all for the keys.  The line says Tab reaches Swap trump six (and, at the offer, that
    Enter keeps it)."""
    import pygame

    def swapping(state):
        if state.to_act() != 0:
            return False
        types = {a["type"] for a in state.legal_actions()}
        return "swap" in types and (types == {"swap", "pass"}) == offer
    table = _keys_table(app, "durak", 2, swapping)
    prompt = table.prompt()
    assert "Tab to" in prompt and "Swap trump six." in prompt, prompt
    if offer:
        assert "Enter keeps it" in prompt
    before = len(table.host.state.events)
    _tab_to(app, table, "swap")
    _press(app, pygame.K_RETURN)
    made = _made(table, before)
    assert made and made[0]["type"] == "swap", made[:1]


@pytest.mark.usefixtures("keys_mode")
@pytest.mark.parametrize("lang", ["is", "sv", "da", "nb", "en"])
@pytest.mark.parametrize("rules, options", [("gurka-se", None), ("agurk-dk", {"lives": 3, "buyback": "worst"})],
                         ids=["points", "lives"])
def test_a_buy_back_question_and_its_keys_are_drawn_whole(app, tmp_path, lang, rules, options):
    """The early buy-back's question with its keys is long in the Nordic languages (the
    glossary's "the highest of the others"): it was cut at 12 px on two lines; a third line
    takes the rest where no seat's box lies beside it."""
    from test_ui_layout import draw_recorded

    from game import i18n
    from game.ui.tour.runner import Tour
    from game.ui.widget_base import InputMode

    def buying(state):
        return state.to_act() == 0 and {a["type"] for a in state.legal_actions()} == {"buyback", "pass"}
    state = Tour(app, tmp_path).game(rules, buying, players=4, options=options)
    i18n.set_language(lang)
    try:
        table = app.nav.push("table", state=state)
        table.fast_forward()
        app.step([], 16)
        InputMode.key = True
        table.invalidate()
        prompt = table.prompt()
        rec = draw_recorded(app)
    finally:
        i18n.set_language("en")
    drawn = [b for b in rec.texts() if b.text and b.text in prompt]
    assert " ".join(b.text for b in drawn) == " ".join(prompt.split()), (prompt, [b.text for b in drawn])
    assert not rec.problems(), rec.problems()[:5]


@pytest.mark.usefixtures("keys_mode")
@pytest.mark.parametrize("rules, players, teams", GAMES,
                         ids=[f"{r}{'-' + str(n) if n else ''}{'-' + t if t else ''}" for r, n, t in GAMES])
def test_the_cursor_lands_on_a_card_that_may_be_played(app, monkeypatch, rules, players, teams):
    """Issue 69: after every play by the keys the cursor was on no card, and → took it to the
    first card of the hand, often one that could not be played.  At each new decision of the
    player at the keyboard the picked card is one they may play (when any may be), the one
    nearest to where the cursor was (the card just played: its place in the hand)."""
    import scene_states as S

    from game.ui.table.scene import TableScene
    from game.ui.table.input import Selection
    from game.ui.widget_base import InputMode
    rng = random.Random(5)
    answer_at_once(monkeypatch, lambda state: rng.choice(state.legal_actions()))
    InputMode.key = True
    n = players or {"gurka-is": 3}.get(rules, 4)
    table = TableScene.new(app, rules, S.players(n), {"teams": teams} if teams else {}, seed=9)
    app.manager.push(table)
    checked, last = 0, None
    for _ in range(20000):
        if table.finished or checked >= 25:
            break
        if app.manager.top is not table:
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        elif table.timeline.held is not None:
            table.flow.go_on()
        elif table.my_turn() and not table.animating():
            hand = table.visible_hand()
            lit = [c for c in hand if c in table.legal_cards()]
            if lit:
                assert table.hover_card in lit, (table.hover_card, lit, hand)
                checked += 1
            if lit and last is not None:
                at = table.part.sort_hand(hand + [last]).index(last) if last not in hand else hand.index(last)
                nearest = min(abs(hand.index(c) - at) for c in lit)
                assert abs(hand.index(table.hover_card) - at) == nearest, (last, table.hover_card, hand)
            legal = table.stream.legal_actions()
            action = Selection().click_card(table.hover_card, legal) if table.hover_card in lit else None
            last = table.hover_card if action is not None else None
            table.do(action or rng.choice(legal))
            if action is None:
                table.hover_card = last = None
        app.step([], 16)
    assert checked >= 5, checked
