"""Where an input event at the table goes, in order: a tutorial's coach, Esc (the pause
menu), Enter / Space on a button the keyboard focused (Tab), the toolbar's keys (scores,
hint, undo), the flow's keys (go on, skip, look back, move log), the reading keys
(:mod:`.access_table`: F1-F7), keyboard play
(:mod:`.keys`), the buttons, then the pointer: hovering a card, a click on a held trick
(go on), on a card (:mod:`.input`'s click model) or on a Durak pair.

Input steers the scene (its hover, selection, buttons and overlays): handed the scene.
"""

from __future__ import annotations

import pygame

from .access_table import reading_key
from .keys import handle_key

_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def dispatch(scene, e) -> None:
    if scene.coach is not None and scene.coach.handle_event(scene, e):
        return
    if e.type == pygame.KEYDOWN:
        if e.key == pygame.K_ESCAPE:
            scene.open_pause()
            return
        if e.key in _PRESS and scene.widgets.keyboard and scene.widgets.focused is not None:
            scene.widgets.handle_event(e)     # the focused button, not Continue or Skip
            return
        if scene.toolbar.handle_key(e) or scene.flow.key(e) or reading_key(scene, e) or handle_key(scene, e):
            return
    if scene.widgets.handle_event(e):
        return
    if e.type == pygame.MOUSEMOTION:
        card = scene.card_at(e.pos)
        seat = None if card is not None else scene.seat_at(e.pos)
        if card != scene.hover_card or seat != scene.hover_seat:
            scene.hover_card, scene.hover_seat = card, seat
            scene.invalidate()
        return
    if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
        if scene.timeline.held is not None:
            scene.flow.go_on()        # a held trick: a click on the table goes on
            return
        card = scene.card_at(e.pos)
        if card is not None:
            scene.click_card(card)
            return
        pair = scene.renderer.pair_at(e.pos)
        if pair is not None:
            scene.click_pair(pair)
