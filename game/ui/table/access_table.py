"""The table for a screen reader: what it shows as nodes, and the keys that read it aloud.

:func:`nodes` gives the accessibility tree of the table (:mod:`game.ui.access_tree`): the
header (the game, the deal, the trick), the player's hand as a list of cards, each with its
state and, when it may not be played, the reason (the rule of the moment, as the prompt says
it), the middle of the table (the trick, or Durak's bout and trump), the seats (name, cards
left, points or chips, whose turn, who is away at a network table), the prompt, and the
buttons.  The focus follows the card the keyboard picked, or the focused button.

:func:`reading_key` reads them on demand (F1 these keys, F2 your cards, F3 the table, F4 the
players, F5 whose turn and what you are asked, F6 the last trick or bout, F7 the last
announcement again), said through the app's announcer.  Function keys, so that no tool's letter
(which follows the words on its button in each language: ``tool_keys``) is ever taken.

Its nodes press and focus the scene's cards and buttons (a click, the hover): handed the scene.
"""

from __future__ import annotations

from functools import partial

import pygame

from ...i18n import _, ngettext
from .. import messages
from ..access_tree import Node, group_nodes, focused_key, position
from ..card_words import card_name
from . import gurka_words

KEYS = {pygame.K_F1: "keys", pygame.K_F2: "hand", pygame.K_F3: "table", pygame.K_F4: "players",
        pygame.K_F5: "turn", pygame.K_F6: "last", pygame.K_F7: "repeat"}


def key_list() -> list[tuple[str, str]]:
    """The reading keys and what each reads (the pause menu lists them too)."""
    return [("F1", _("read these keys")), ("F2", _("read your cards")),
            ("F3", _("read the cards on the table")),
            ("F4", _("read the players: cards, points, whose turn")),
            ("F5", _("read whose turn it is and what you are asked")),
            ("F6", _("read the last trick or bout")), ("F7", _("repeat the last announcement"))]


# -- words ----------------------------------------------------------------------------------------
def card_state(scene, card: str, reason: str) -> str:
    """A card's state in the hand: chosen, playable, or why it may not be played."""
    if card in scene.sel.cards:
        # TRANSLATORS: a screen reader: the card is chosen to be played
        return _("chosen")
    if not scene.my_turn():
        return ""
    if card in scene.legal_cards():
        # TRANSLATORS: a screen reader: the card may be played now
        return _("playable")
    if reason:
        # TRANSLATORS: a screen reader: the card may not be played now; {reason} is the rule
        # of the moment, as the line under the hand says it
        return _("cannot be played: {reason}").format(reason=reason)
    # TRANSLATORS: a screen reader: the card may not be played now
    return _("cannot be played now")


def reason(scene) -> str:
    """Why cards of the hand may not be played: the rule of the moment (Gurka's requirement)."""
    m = scene.model
    if not hasattr(m, "requirement") or not scene.my_turn():
        return ""
    try:
        hand = m.hands[scene.viewer]
        return gurka_words.requirement(m.requirement(hand), scene.app.settings)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return ""


def hand_words(scene) -> str:
    hand = scene.visible_hand()
    if not hand:
        # TRANSLATORS: a screen reader: the player's hand is empty
        return _("You have no cards.")
    why = reason(scene)
    cards = []
    for c in hand:
        state = card_state(scene, c, "")
        cards.append(f"{card_name(c)} ({state})" if state else card_name(c))
    # TRANSLATORS: a screen reader reads the hand; {cards} the cards, each with its state
    words = _("Your cards: {cards}.").format(cards=", ".join(cards))
    return words + (" " + why if why and scene.my_turn() else "")


def table_words(scene) -> str:
    m = scene.model
    name = scene.board.name
    if hasattr(m, "pairs"):          # Durak: the bout, the trump
        parts = []
        for a, d in m.pairs:
            if d:
                # TRANSLATORS: a screen reader, Durak: an attack card and the card that beat it
                parts.append(_("{attack} beaten by {card}").format(attack=card_name(a), card=card_name(d)))
            else:
                # TRANSLATORS: a screen reader, Durak: an attack card still to be beaten
                parts.append(_("{attack} not beaten").format(attack=card_name(a)))
        trump = getattr(m, "trump_card", None)
        # TRANSLATORS: a screen reader, Durak: the trump card; {card} such as "six of hearts"
        tail = [_("Trump: {card}").format(card=card_name(trump))] if trump else []
        if getattr(m, "stock", 0):
            # TRANSLATORS: a screen reader, Durak: how many cards are left in the stock
            tail.append(ngettext("{n} card in the stock", "{n} cards in the stock", m.stock).format(n=m.stock))
        if not parts:
            # TRANSLATORS: a screen reader: no card lies in the middle of the table
            parts = [_("No cards on the table")]
        return ". ".join(["; ".join(parts)] + tail) + "."
    trick = list(getattr(m, "trick", []) or [])
    if not trick:
        return _("No cards on the table") + "."
    parts = [f"{name(seat)}: {', '.join(card_name(c) for c in cards)}" for seat, cards in trick]
    return "; ".join(parts) + "."


def seat_words(scene, seat: int) -> str:
    part = scene.part
    m = scene.model
    count = m.counts[seat] if seat < len(m.counts) else 0
    bits = [scene.players[seat]["name"]] + [b for b in part.seat_line(seat, count) if b]
    tags = part.seat_words(seat)
    if tags:
        bits.append(tags)
    chips = scene.board.held_chips()
    if chips:
        bits.append(messages.chips(chips[seat]))
    if scene.stream.to_act() == seat:
        # TRANSLATORS: a screen reader: this seat is to play now
        bits.append(_("to play"))
    if scene._seat_lost(seat):
        # TRANSLATORS: a screen reader: this seat's player lost the connection (a network table)
        bits.append(_("away"))
    return ", ".join(b.replace("♥", "").replace("♡", "").strip() or b for b in bits)


def players_words(scene) -> str:
    return " ".join(seat_words(scene, s) + "." for s in range(scene.n))


def turn_words(scene) -> str:
    seat = scene.stream.to_act()
    prompt = scene.prompt()
    if seat is None or seat < 0:
        return prompt
    if scene.my_turn():
        return prompt
    return " ".join(x for x in (messages.to_play(scene.players[seat]["name"], False) + ".", prompt) if x)


def last_words(scene) -> str:
    look = scene.part.lookback() if scene.part.can_look_back() else None
    if look is None:
        # TRANSLATORS: a screen reader: no trick or bout has been finished yet
        return _("Nothing has been played yet.")
    cards = [card_name(c) for c, _where, _mark in look.cards]
    return f"{look.title}: {', '.join(cards)}."


# -- the tree ----------------------------------------------------------------------------------
def nodes(scene) -> tuple[list[Node], str | None]:
    part = scene.part
    out = [Node("table/title", "heading", part.title(), description=part.header())]
    hand = scene.visible_hand() if not scene.hidden else []
    why = reason(scene)
    lst = Node("table/hand", "list", _("Your cards"))
    rects = dict(scene.hand_layout()) if scene.lay is not None and not scene.hidden else {}
    for i, c in enumerate(hand):
        state = card_state(scene, c, why)
        r = rects.get(c)
        lst.children.append(Node(f"table/hand/{c}", "option", card_name(c),
                                 description=", ".join(x for x in (state, position(i + 1, len(hand))) if x),
                                 rect=tuple(r) if r is not None else None,
                                 selected=c in scene.sel.cards or c == scene.hover_card,
                                 disabled=bool(scene.my_turn() and state and c not in scene.legal_cards()
                                               and c not in scene.sel.cards),
                                 action=partial(scene.click_card, c),
                                 focus=partial(_pick, scene, c)))
    out.append(lst)
    # TRANSLATORS: a screen reader: the middle of the table (the trick, or Durak's bout)
    out.append(Node("table/centre", "label", _("Table"), value=table_words(scene)))
    seats = Node("table/seats", "list", _("Players"))
    for s in range(scene.n):
        seats.children.append(Node(f"table/seat/{s}", "option", seat_words(scene, s),
                                   selected=scene.stream.to_act() == s))
    out.append(seats)
    prompt = scene.prompt()
    if prompt:
        out.append(Node("table/prompt", "label", prompt))
    if scene.message:
        out.append(Node("table/message", "label", scene.message))
    out += group_nodes(scene.widgets, "table/button")
    focus = focused_key(scene.widgets, "table/button") if scene.widgets.keyboard else None
    if focus is None and scene.hover_card in hand:
        focus = f"table/hand/{scene.hover_card}"
    return out, focus


def _pick(scene, card: str) -> None:
    scene.hover_card = card
    scene.widgets.focus = None
    scene.invalidate()


# -- the keys ------------------------------------------------------------------------------------
def reading_key(scene, e) -> bool:
    """F1-F7 (no modifier): read a part of the table aloud; True when used."""
    what = KEYS.get(e.key)
    if what is None or e.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return False
    access = scene.app.access
    if what == "repeat":
        access.say(access.announcer.last or turn_words(scene))
        return True
    text = {"hand": hand_words, "table": table_words, "players": players_words, "turn": turn_words,
            "last": last_words}.get(what)
    if text is not None:
        access.say(text(scene))
    else:
        access.say(" ".join(f"{k}: {v}." for k, v in key_list()))
    return True
