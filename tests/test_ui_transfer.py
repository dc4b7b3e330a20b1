"""Transfer Durak at the table: the offer to pass the attack on in the prompt (with what, and
what the next player then faces), the Pass on and Show trump buttons and their keys, the
refusal's reason when the attack cannot be passed on, the card that only passes it on played
by a click, the shown trump beside its holder, the move log and the look back."""

import pygame
import pytest
import scene_states as S

from game.engine.cards import parse
from game.ui.tour.runner import Tour
from game.ui.tour.steps import may_pass_on, transfer_id, trump_shown


def _table(app, tmp_path, stop, **kw):
    state = Tour(app, tmp_path).game(transfer_id(), stop, **kw)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    S.settle(app)
    app.step([], 16)
    return table


def _key(app, key):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 16)


def test_the_prompt_offers_the_pass_on_and_says_what_the_next_player_faces(app, tmp_path):
    table = _table(app, tmp_path, may_pass_on)
    m = table.model
    nxt = table.board.name(m.passes_to(0))
    prompt = table.prompt()
    assert prompt.startswith("Pass it on with a") and nxt in prompt, prompt
    faced = len(m.pairs) + 1
    assert ("both" in prompt) == (faced == 2) and (faced == 2 or f"all {faced}" in prompt), prompt
    assert [b.name for b in table.action_buttons if b.visible][:2] == ["take", "transfer"]


def test_p_passes_the_attack_on_and_the_defender_marker_moves(app, tmp_path):
    table = _table(app, tmp_path, may_pass_on)
    state = table.host.state
    before = len(state.events)
    _key(app, pygame.K_p)
    made = state.events[before:]
    assert made and made[0]["type"] == "transfer" and made[0]["player"] == 0 and not made[0]["shown"]
    for _ in range(120):
        app.step([], 16)
    assert table.model.defender != 0 or table.model.bout is None or table.model.bout.transfers
    lines = [e.text for e in table.board.log.entries]
    assert any("pass the attack on to" in line for line in lines), lines[-5:]


def _beaten_with_a_card_of_the_rank(state, seat: int = 0) -> bool:
    """``seat`` defends a bout with a card already beaten, holding a card of the opening rank."""
    if state.to_act() != seat or getattr(state, "phase", "") != "bout":
        return False
    if not state.beaten_any or state.taken or not state.unbeaten or state.defender != seat:
        return False
    return any(c >> 2 == state.att[0] >> 2 for c in state.hands[seat])


def test_pass_on_when_it_cannot_be_done_says_why(app, tmp_path):
    table = _table(app, tmp_path, _beaten_with_a_card_of_the_rank)
    button = next(b for b in table.action_buttons if b.name == "transfer")
    before = len(table.host.state.events)
    button.activate()
    app.step([], 16)
    assert len(table.host.state.events) == before
    assert table.message == "A card is already beaten: the attack can no longer be passed on."


def test_a_card_that_only_passes_it_on_passes_it_on_when_clicked(app, tmp_path):
    def only_passes(state, seat=0):
        if not may_pass_on(state, seat):
            return False
        legal = state.legal_actions()
        laid = {a["card"] for a in legal if a["type"] == "transfer" and not a["shown"]}
        beats = {a["card"] for a in legal if a["type"] == "defend"}
        return bool(laid - beats)
    table = _table(app, tmp_path, only_passes)
    legal = table.stream.legal_actions()
    beats = {a["card"] for a in legal if a["type"] == "defend"}
    card = next(a["card"] for a in legal if a["type"] == "transfer" and not a["shown"]
                and a["card"] not in beats)
    assert card in table.legal_cards()
    before = len(table.host.state.events)
    table.click_card(card)
    made = table.host.state.events[before:]
    assert made and made[0] == {"type": "transfer", "player": 0, "card": card, "shown": False}


def test_a_shown_trump_lies_beside_its_holder_named_as_shown(app, tmp_path):
    from test_ui_layout import draw_recorded
    table = _table(app, tmp_path, trump_shown, options={"transfer_show": True}, players=4)
    for _ in range(200):
        app.step([], 16)
    (holder, card), = table.model.shown_trumps()[:1]
    assert parse(card) in table.host.state.hands[holder]
    table.invalidate()
    rec = draw_recorded(app)
    assert "shown" in [b.text for b in rec.texts()]


@pytest.mark.parametrize("lang", ["sv", "is"])
def test_the_offer_is_drawn_whole_in_the_nordic_languages(app, tmp_path, lang):
    """The offer and the keys are long in Swedish and Icelandic: drawn whole, nothing cut."""
    from test_ui_layout import draw_recorded

    from game import i18n
    from game.ui.widget_base import InputMode
    table = _table(app, tmp_path, may_pass_on)
    i18n.set_language(lang)
    try:
        InputMode.key = True
        table.invalidate()
        prompt = table.prompt()
        rec = draw_recorded(app)
    finally:
        InputMode.key = False
        i18n.set_language("en")
    drawn = [b for b in rec.texts() if len(b.text) > 16 and b.text in prompt]     # its lines
    assert " ".join(b.text for b in drawn) == " ".join(prompt.split()), (prompt, [b.text for b in drawn])
    assert not rec.problems(), rec.problems()[:5]


def test_a_shown_trump_lifts_is_held_up_and_goes_back_and_a_laid_card_joins_the_attack(app, tmp_path):
    def can_show(state, seat=0):
        return state.to_act() == seat and any(a["type"] == "transfer" and a["shown"]
                                              for a in state.legal_actions())
    table = _table(app, tmp_path, can_show, options={"transfer_show": True})
    app.settings.speed = "normal"
    shown = next(a for a in table.stream.legal_actions() if a["type"] == "transfer" and a["shown"])
    table.do(shown)
    for _ in range(3):
        app.step([], 16)
    flights = [f for f in table.timeline.flights if f.card == shown["card"]]
    assert len(flights) == 3 and flights[-1].seat == 0          # up, held, back into the hand
    assert flights[1].target()[2] == table.lay.table_w          # held up at the table's size
    assert shown["card"] not in dict(table.hand_layout())        # lifted out of the fan meanwhile
    for _ in range(200):
        app.step([], 16)
    assert shown["card"] in dict(table.hand_layout())            # and back in it
    assert table.model.defender != 0
