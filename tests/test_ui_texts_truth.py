"""What the table tells the player is what happened: prompts and the move log say the
game's own measure (lives in a lives game, not points)."""

import pytest


def _at_buyback(app, tmp_path, options):
    from game.ui.tour import Tour

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
    prompt = table.part.prompt(state.legal_actions())
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
    text = W.requirement(req, {"card_indices": "international"})
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
    settings = {"card_indices": "international"}
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
    from game.ui.tour import Tour

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
    from game.ui.tour import Tour

    def must_take(state):
        return state.to_act() == 0 and [a["type"] for a in state.legal_actions()] == ["take"]
    state = Tour(app, tmp_path).game("durak", must_take)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    text = table.part.prompt(state.legal_actions())
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
    text = table.part.prompt(found.legal_actions())
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
    text = W.requirement(table_of(view).requirement(view["hand"]), {"card_indices": "international"})
    assert "several" in text
