"""Keyboard play at the table.

Left / Right pick a card, Up or Space clicks it (select / play, the click model of
:mod:`.input`; with no card picked yet, it picks the first card that may be played, or,
when no card may be, presses the first button; a hint picks its cards), Down unselects,
Enter plays the one move there is (a forced card: "Your last card: press Enter"), confirms
an exchange (the cards chosen, or none), plays the selection (or the picked card, or presses
the first button: Play, Take,
Exchange …, as it does whenever no card may be played; with nothing picked and no button,
or only Take while a card may beat, it picks as Space does: Enter never takes by
accident), 1-9 choose the attack to beat; Pass on's key (P in English) passes the attack on with
the card picked (or presses Pass on) and Show trump's (T) presses it (transfer Durak; each
language's letters: :func:`game.ui.tool_keys.action_letters`); Tab reaches the buttons.  At each
new decision of a player at the keyboard the cursor is on a card they may play, the one nearest
to where it was (:func:`place_cursor`).  Going on after a held trick, skipping, the look back and the
move log are the flow's keys (:mod:`.flow`).

A key moves the scene's cursor and selection and presses its buttons: handed the scene.
"""

from __future__ import annotations

import pygame

from .. import tool_keys
from .forced import forced_action

_CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: the decision buttons a key presses, by the button's name (transfer Durak: Pass on, Show trump)
BUTTON_NAMES = {"pass_on": "transfer", "show_trump": "show"}


def handle_key(scene, e) -> bool:
    """True when the key was used."""
    k = e.key
    focused = scene.widgets.focused if scene.widgets.keyboard else None
    if k == pygame.K_TAB:
        return False                      # the buttons' focus (WidgetGroup)
    if k in (*_CONFIRM, pygame.K_SPACE) and focused is not None:
        return False                      # a focused button: the group activates it
    if not scene.my_turn():
        return False
    hand = scene.visible_hand()
    sel = scene.sel
    if k in (pygame.K_LEFT, pygame.K_RIGHT):
        if hand:
            step = 1 if k == pygame.K_RIGHT else -1
            i = hand.index(scene.hover_card) if scene.hover_card in hand else (-1 if step > 0 else len(hand))
            scene.hover_card = hand[(i + step) % len(hand)]
            scene.widgets.focus = None
            scene.invalidate()
        return True
    if k == pygame.K_DOWN:
        if scene.hover_card in sel.cards:
            sel.cards.remove(scene.hover_card)
            scene.sync_buttons()
            scene.invalidate()
        return True
    if pygame.K_1 <= k <= pygame.K_9 and sel.defend_with is not None:
        scene.click_pair(k - pygame.K_1)
        return True
    action = tool_keys.action_of(e)
    if action == "pass_on" and scene.hover_card in hand:     # pass it on with the card picked
        laid = {"type": "transfer", "card": scene.hover_card, "shown": False}
        if laid in scene.stream.legal_actions():
            scene.do(laid)
            return True
    if action is not None:
        button = next((b for b in scene.action_buttons
                       if b.name == BUTTON_NAMES[action] and b.enabled and b.visible), None)
        if button is not None:
            button.activate()
            scene.invalidate()
            return True
        return False
    if k in (pygame.K_UP, pygame.K_SPACE):
        if scene.hover_card in hand:
            scene.click_card(scene.hover_card)
        else:                               # nothing picked yet: the first card it may play
            _pick_first(scene, hand)
        return True
    if k in _CONFIRM:
        legal = scene.stream.legal_actions()
        hinted = scene.hints.button()
        forced = forced_action(legal)
        if hinted is not None and not sel.cards:
            hinted.activate()                    # the hint points at a button: Enter presses it
        elif forced is not None and not sel.cards and sel.defend_with is None:
            scene.do(forced)                     # the one move there is: as the prompt says
        elif sel.exchanging(legal):
            # an exchange is confirmed: the cards chosen, or none (keep them all), never the
            # picked card chosen instead ("Enter with none chosen keeps your cards")
            if sel.complete(legal) is not None:
                scene.play_selection()
        elif sel.defend_with is not None:
            action = sel.first_defence(legal)
            if action is not None:
                scene.do(action)
        elif sel.cards and sel.complete(legal) is not None:
            scene.play_selection()
        elif _first_button(scene) is not None and not _playable(scene, hand):
            _first_button(scene).activate()      # no card may be played: the first button
        elif scene.hover_card in hand and scene.hover_card not in sel.cards:
            scene.click_card(scene.hover_card)
            if sel.cards and sel.complete(legal) is not None and not sel.exchanging(legal):
                scene.play_selection()           # a single card of a multi-card choice
        elif _first_button(scene) is not None and _first_button(scene).name != "take":
            _first_button(scene).activate()
        else:           # nothing picked, and no button or only Take while a card may beat: as Space
            _pick_first(scene, hand)
        scene.invalidate()
        return True
    return False


def place_cursor(scene) -> None:
    """A new decision of the player at the keyboard: the picked card stays where it is when
    it may be played; else the cursor goes to the card that may be played nearest to where it
    was (a card just played: where it lay in the hand; to the right first), or, when no card
    may be played, to the card in its place.  Never back to the first card of the hand."""
    hand = scene.visible_hand()
    if not hand:
        return
    old = scene.hover_card
    if old in hand:
        at = hand.index(old)
    elif isinstance(old, str):
        at = min(scene.part.sort_hand(hand + [old]).index(old), len(hand) - 1)
    else:
        at = 0
    lit = set(_playable(scene, hand))
    nearest = sorted(range(len(hand)), key=lambda i: (abs(i - at), i < at))
    pick = next((hand[i] for i in nearest if hand[i] in lit), hand[at])
    if pick != old:
        scene.hover_card = pick
        scene.invalidate()


def _pick_first(scene, hand: list[str]) -> None:
    """Pick the first card that may be played; with none, press the first button (Take,
    Keep the six …)."""
    lit = _playable(scene, hand)
    asked = [c for c in _asked_cards(scene) if c in lit]
    if lit:
        scene.hover_card = (asked or lit)[0]    # in a tutorial: the card its callout asks for
        scene.widgets.focus = None
    elif _first_button(scene) is not None:
        _first_button(scene).activate()
    scene.invalidate()


def _first_button(scene):
    """The decision's first button that can be pressed now (Attack is greyed out until its
    cards are chosen), or None."""
    return next((b for b in scene.action_buttons if b.enabled and b.visible), None)


def _asked_cards(scene) -> list[str]:
    """The cards of the move a tutorial's callout asks for now (none outside a tutorial)."""
    coach = getattr(scene, "coach", None)
    beat = coach.asking(scene) if coach is not None else None
    action = (beat.action if beat is not None else None) or {}
    return list(action.get("cards") or action.get("discard") or
                ([action["card"]] if action.get("card") else []))


def _playable(scene, hand: list[str]) -> list[str]:
    """The cards of ``hand`` that may be played now, in hand order."""
    lit = scene.legal_cards()
    return [c for c in hand if c in lit]
