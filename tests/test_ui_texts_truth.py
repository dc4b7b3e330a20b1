"""What the table tells the player is what happened: prompts and the move log say the
game's own measure (lives in a lives game, not points)."""

import pytest

from game.storage.settings import Settings


def _at_buyback(app, tmp_path, options):
    from game.ui.tour.runner import Tour

    def buying(state):
        return state.to_act() == 0 and {a["type"] for a in state.legal_actions()} == {"buyback", "pass"}
    state = Tour(app, tmp_path).game("agurk-dk", buying, players=4, options=options)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    return table


@pytest.mark.parametrize("options", [{"lives": 3, "buyback": "worst"}, {"lives": 4, "buyback": "free"}])
def test_a_buy_back_with_lives_is_offered_and_logged_in_lives(app, tmp_path, options):
    from game.i18n import set_language
    set_language("en")
    table = _at_buyback(app, tmp_path, options)
    state = table.host.state
    lives = options["lives"]
    left = lives - state.buyback_points(0)
    prompt = table.decision.prompt(state.legal_actions())
    word = "life" if left == 1 else "lives"
    assert f"{left} {word} left" in prompt and "point" not in prompt
    table.do({"type": "buyback"})
    app.step([], 16)
    table.fast_forward()
    entries = [e.text for e in table.log.entries if "buy back" in e.text]
    assert entries and f"{left} {word} left" in entries[-1] and "point" not in entries[-1]


def test_the_score_sheet_of_a_lives_game_marks_a_buy_back_in_lives_lost(app):
    import random

    from game.engine import new_game
    from game.engine.public import table_of
    from game.ui.table import sheet as S
    for seed in range(60):
        rng = random.Random(seed)
        state = new_game("agurk-dk", 4, options={"lives": 3, "buyback": "worst"}, seed=seed)
        while state.to_act() is not None and not any(e["type"] == "buyback" for e in state.events):
            legal = state.legal_actions()
            buy = [a for a in legal if a["type"] == "buyback"]
            state.apply(buy[0] if buy else rng.choice(legal))
        if any(e["type"] == "buyback" for e in state.events):
            break
    players = [{"name": f"P{i}"} for i in range(4)]
    sheet = S.gurka_sheet(table_of(state.record()), players)
    legend = " ".join(sheet.footer)
    assert "lives lost" in legend and "points" not in legend


def _gurka_decision(rules, options, want, n=4, seeds=range(200)):
    import random

    from game.engine import new_game
    for seed in range(*(seeds.start, seeds.stop)):
        rng = random.Random(seed)
        state = new_game(rules, n, options=options, seed=seed)
        while state.to_act() is not None:
            if state.legal_actions()[0]["type"] == "play" and want(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such decision")


def test_after_a_led_two_without_a_two_the_prompt_gives_the_rule_that_binds(app):
    """Danish twos rule: a 2 is led, someone goes over it, and the player holds no 2: the
    prompt must say what they must play (reach the highest card, else a lowest), not only
    'play a 2 if you hold one', which leaves every card looking playable."""
    from game.engine.public import table_of
    from game.ui.table import gurka_words as W

    def no_two_but_bound(state):
        view = state.view(state.to_act())
        trick = state.trick
        return (trick and len(trick) > 1 and (trick[0][1][0] >> 2) == 0
                and not any(c[0] == "2" for c in view["hand"])
                and len(state.legal_actions()) < len(view["hand"]))
    state = _gurka_decision("agurk-dk", {"twos_rule": True}, no_two_but_bound)
    seat = state.to_act()
    view = state.view(seat)
    table = table_of(view)
    req = table.requirement(view["hand"])
    assert req.code != "must_play_two"
    text = W.requirement(req, Settings(card_indices="international"))
    assert "A 2 was led" not in text and ("lowest" in text)
    assert table.requirement().code == "must_play_two"           # the table alone: the 2's rule


def test_nearest_above_with_optional_lowest_is_prompted_and_refused_as_played(app):
    """A house ruleset with both 'nearest card above' and 'lowest card instead': only the
    lowest card that reaches, or a lowest card, may be played, and the prompt and the refusal
    say so (they said 'at least a nine, or one of your lowest', which allowed any higher card)."""
    from game.engine.cards import INDEX
    from game.engine.errors import IllegalActionError
    from game.engine.public import table_of
    from game.ui import messages as M
    from game.ui.table import gurka_words as W
    opts = {"nearest_above": True, "optional_lowest": True}

    def a_higher_card_is_refused(state):
        if not state.trick:
            return False
        legal = {a["cards"][0] for a in state.legal_actions() if len(a["cards"]) == 1}
        view = state.view(state.to_act())
        ref = state.S[INDEX[table_of(view).requirement(view["hand"]).card]]
        return any(c not in legal and state.S[INDEX[c]] >= ref for c in view["hand"])
    state = _gurka_decision("agurk-dk", opts, a_higher_card_is_refused)
    view = state.view(state.to_act())
    req = table_of(view).requirement(view["hand"])
    settings = Settings(card_indices="international")
    assert W.requirement(req, settings).startswith("Play your lowest card that reaches")
    legal = {a["cards"][0] for a in state.legal_actions()}
    refused = next(c for c in view["hand"] if c not in legal and state.S[INDEX[c]] >= state.S[INDEX[req.card]])
    try:
        state.apply({"type": "play", "cards": [refused]})
    except IllegalActionError as err:
        reason = M.illegal_reason(err, settings)
    assert reason.startswith("Play your lowest card that reaches")


def test_a_first_game_with_no_trump_dealt_opens_from_the_dealers_left(app, monkeypatch):
    """Durak, first game: nobody was dealt a trump (seed 127, two players), so forehand
    attacks first (the house default); the table must not say it was the lowest trump."""
    import time

    from game.engine import new_game
    from game.ui.table import durak_part
    players = [{"name": "Me", "seat": "human"}, {"name": "Bot", "seat": "ai:normal"}]
    state = new_game("durak", players, seed=127)
    deal = state.events[0]
    assert not any(c[1] == deal["trump"][1] for h in deal["hands"] for c in h)
    assert state.to_act() == 1
    state.apply(next(a for a in state.legal_actions() if a["type"] == "attack"))
    said = []
    monkeypatch.setattr(durak_part.DurakPart, "announce",
                        lambda self, text, *a, **k: said.append(text), raising=False)
    table = app.nav.push("table", state=state)
    end = time.monotonic() + 10
    while table.shown < 2 and time.monotonic() < end:
        app.step([], 50)
    assert any("Bot attacks first" in t for t in said), said
    assert not any("lowest trump" in t for t in said), said


def test_in_team_durak_a_player_out_of_cards_is_not_called_safe(app, tmp_path):
    """2 v 2: the team still holding cards loses, whoever of it went out first, so the move
    log must not tell a player without cards that they are safe."""
    from game.ui.tour.runner import Tour

    def someone_out(state):
        return any(e["type"] == "out" for e in state.events)
    state = Tour(app, tmp_path).game("durak", someone_out, players=4, options={"teams": "2v2"})
    table = app.nav.push("table", state=state)
    table.fast_forward()
    texts = [e.text for e in table.log.entries]
    assert any("has no cards left" in t or "You have no cards left" in t for t in texts), texts
    assert not any("safe" in t for t in texts)


def test_a_defender_who_cannot_beat_is_told_to_take(app, tmp_path):
    """No card beats the attack: the prompt must not ask to click a card to beat it."""
    from game.ui.tour.runner import Tour

    def must_take(state):
        return state.to_act() == 0 and [a["type"] for a in state.legal_actions()] == ["take"]
    state = Tour(app, tmp_path).game("durak", must_take)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    text = table.decision.prompt(state.legal_actions())
    assert "Take" in text and "click a card" not in text


def test_a_claim_of_the_trump_card_after_the_last_refill_names_who_holds_it(app):
    """The six of trumps came in the refill that emptied the stock and another player drew
    the trump card: the prompt must not offer the card 'under the stock' (there is none)."""
    import random

    from game.engine import new_game
    found = None
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game("durak", 4, seed=seed)
        while state.to_act() is not None:
            legal = state.legal_actions()
            if {a["type"] for a in legal} == {"swap", "pass"} and not state.stock:
                found = state
                break
            state.apply(rng.choice(legal))
        if found:
            break
    assert found is not None
    seat = found.to_act()
    holder = next(p for p in range(4) if p != seat and found.trump_card in found.hands[p])
    table = app.nav.push("table", state=found)
    table.fast_forward()
    text = table.decision.prompt(found.legal_actions())
    assert "under the stock" not in text and f"P{holder}" in text, text


def test_a_lowest_lead_that_may_be_a_set_says_so(app):
    """Gúrka with 'lead your lowest': holding two of the lowest rank, leading both is allowed;
    the prompt must not say to lead one."""
    from game.engine.public import table_of
    from game.ui.table import gurka_words as W

    def lowest_pair_lead(state):
        return not state.trick and any(len(a["cards"]) > 1 for a in state.legal_actions())
    state = _gurka_decision("gurka-is", {"lead_lowest": True}, lowest_pair_lead, n=3)
    view = state.view(state.to_act())
    text = W.requirement(table_of(view).requirement(view["hand"]), Settings(card_indices="international"))
    assert "several" in text


def _forced(last: bool):
    """Stop where the player at seat 0 has one move and it plays cards: their last card(s)
    (``last``) or the one card the rules leave them among others."""
    from game.ui.table.forced import forced_action

    def stop(state):
        if state.to_act() != 0:
            return False
        action = forced_action(state.legal_actions())
        if action is None:
            return False
        cards = action.get("cards") or [action["card"]]
        return (len(state.hands[0]) == len(cards)) == last
    return stop


#: every ruleset (Durak alone and in teams), and whether the rules leave one card among
#: others there often enough to be found (a led 2, a set to match)
FORCED_CASES = [("gurka-se", None, True), ("agurk-dk", None, True), ("agurk-no", None, True),
                ("gurka-is", None, True), ("gurka-is7", None, True), ("durak", None, False),
                ("durak", {"teams": "2v2"}, False)]


@pytest.mark.parametrize("rules, options, among_others", FORCED_CASES,
                         ids=[f"{r}{'-' + o['teams'] if o else ''}" for r, o, _x in FORCED_CASES])
def test_a_forced_move_is_prompted_as_what_it_is_and_enter_plays_it(app, rules, options, among_others):
    """The last trick with one card left said "Play at least a jack if you can, else one of
    your lowest cards": the player has no choice.  At every forced move the prompt says so
    ("Your last card: …", "Only 7♠ may be played: …"), by mouse and by keys, and Enter plays
    it as the keys' prompt says."""
    import pygame
    import scene_states as S
    from game.ui.widget_base import InputMode
    n = 4 if options else 3
    kinds = [True, False] if among_others else [True]
    try:
        for last in kinds:
            found = False
            for seed in range(1, 40):
                table = S.table_at(app, rules, n, _forced(last), options, seed=seed)
                S.settle(app)
                if not (table.my_turn() and _forced(last)(table.host.state)):
                    app.manager.clear()
                    continue
                found = True
                legal = table.stream.legal_actions()
                cards = legal[0].get("cards") or [legal[0]["card"]]
                InputMode.key = False
                mouse = table.prompt()
                InputMode.key = True
                keys = table.prompt()
                if last:
                    assert mouse.startswith("Your last card") and keys.startswith("Your last card"), mouse
                else:
                    shown = table.part.card_text(cards)
                    assert mouse.startswith(f"Only {shown} may be played") and shown in keys, mouse
                assert "click" in mouse and "Enter" in keys and "click" not in keys, (mouse, keys)
                before = len(table.host.state.events)
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 16)
                played = table.host.state.events[before]
                assert played["type"] in ("play", "attack") and sorted(played["cards"]) == sorted(cards)
                app.manager.clear()
                break
            assert found, (rules, last)
    finally:
        InputMode.key = False


@pytest.mark.parametrize("lang", ["is", "sv", "da", "nb", "en"])
@pytest.mark.parametrize("rules", ["gurka-is7", "gurka-is"])
def test_a_set_to_follow_is_shown_and_said_in_one_short_line(app, tmp_path, monkeypatch, rules, lang):
    """Following a lead of several cards: the prompt ("Play 2 cards that match the strongest
    set card by card, or your 2 lowest. Click the cards…") was shrunk to 12 px and cut in
    Icelandic at 1024x640.  Now it fits two lines whole at no less than 15 px, by mouse and
    by keys; the set to match is marked on the table with each card's place in it (1 =
    its lowest), and each chosen card carries the place it takes against it: green where
    it is as high as its partner, yellow where it goes only as one of the lowest."""
    import pygame
    from test_ui_layout import draw_recorded

    from game import i18n
    from game.ui import theme as T
    from game.ui.table import gurka_centre, gurka_decision
    from game.ui.tour.runner import Tour
    from game.ui.tour.steps import follows_a_set
    from game.ui.widget_base import InputMode
    places = []

    def note(module):
        real = module.set_place

        def spy(surface, lay, pos, k, fill):
            places.append((module.__name__.rsplit(".", 1)[-1], (int(pos[0]), int(pos[1])), k, fill))
            return real(surface, lay, pos, k, fill)
        monkeypatch.setattr(module, "set_place", spy)
    note(gurka_centre)
    note(gurka_decision)
    i18n.set_language(lang)
    try:
        state = Tour(app, tmp_path).game(rules, follows_a_set, players=3)
        table = app.nav.push("table", state=state)
        table.fast_forward()
        app.step([], 16)
        for keys in (False, True):
            InputMode.key = keys
            table.invalidate()
            prompt = table.prompt()
            drawn = [b for b in draw_recorded(app).texts() if b.text and b.text in prompt]
            assert " ".join(b.text for b in drawn) == prompt, (prompt, drawn)
            assert all(round(b.px) >= 15 for b in drawn), [(b.text, b.px) for b in drawn]
    finally:
        InputMode.key = False
        i18n.set_language("en")
    m = table.model
    best = m.trick[m.set_to_match()][1]
    on_table = [k for where, _pos, k, _fill in places if where == "gurka_centre"]
    assert sorted(set(on_table)) == list(range(1, len(best) + 1))
    # choose the highest cards that may go: each as high as its partner, all green
    places.clear()
    for _k in range(len(best)):
        card = next(c for c in reversed(table.visible_hand()) if c in table.legal_cards() and c not in table.selected)
        table.click_card(card)
    draw_recorded(app)
    mine = [(k, fill) for where, _pos, k, fill in places if where == "gurka_decision"]
    assert sorted(mine) == [(k, T.GOOD) for k in range(1, len(best) + 1)], mine
    assert all(holds for _c, _t, holds in m.match_pairs(table.selected))
    # the lowest cards, when they do not match: yellow where a card is below its partner
    table.sel.clear()
    low = sorted(table.visible_hand(), key=m.strength)[:len(best)]
    pairs = m.match_pairs(low)
    if not all(holds for _c, _t, holds in pairs):
        places.clear()
        for card in low:
            table.click_card(card)
        draw_recorded(app)
        fills = {k: fill for where, _pos, k, fill in places if where == "gurka_decision"}
        assert T.ACCENT in fills.values() and T.ERROR not in fills.values()
    assert pygame.get_init()
