"""What the table asks of the player at the screen: the line under the hand.

Nothing at all once the game is over or while a tutorial's coach speaks; under a held
trick, how to go on; while others play, who is thinking (or whose turn it is in hot
seat; at a network table, that a player whose turn it is lost the connection); on the
player's own turn the family decision's prompt (:meth:`.decision_base.Decision.prompt`).
"""

from __future__ import annotations

from ...i18n import _
from ...net.protocol import seat_lost
from ...net.texts import seat_lost_text
from .. import messages
from ..widget_base import InputMode
from .forced import forced_action


def prompt_for(scene) -> str:
    if scene.finished or (scene.coach is not None and scene.coach.quiet()):
        return ""
    if scene.timeline.held is not None:
        # TRANSLATORS: under a finished trick the table waits on
        return _("Click the table or press Enter to go on.")
    seat = scene.stream.to_act()
    if seat is None or seat < 0:
        return ""
    if not scene.my_turn():
        if scene.busy():
            return ""
        name = scene.players[seat]["name"]
        net = getattr(scene.stream, "network", None)
        if net is not None and seat_lost(net.seats(), seat):
            return seat_lost_text(name)        # a network table waits for them: nobody thinks
        if seat not in scene.humans:
            return messages.thinking(name)
        return messages.to_play(name, messages.is_you(scene.humans, seat))
    legal = scene.stream.legal_actions()
    forced = forced_action(legal)
    if forced is not None:
        return forced_prompt(scene, forced)
    return scene.decision.prompt(legal)


def forced_prompt(scene, action: dict) -> str:
    """The one move the player may make plays cards: say so, not the rule that leaves no
    choice ("Play at least a jack if you can…" over the last card of a deal)."""
    cards = list(action.get("cards") or [action["card"]])
    hand = scene.model.hands[scene.viewer] or []
    keys = InputMode.key
    if len(hand) == len(cards):
        if len(cards) == 1:
            if keys:
                # TRANSLATORS: the player holds one card and must play it; Enter is the key
                return _("Your last card: press Enter to play it.")
            return _("Your last card: click it to play it.")
        if keys:
            # TRANSLATORS: the player's last cards make the only move (several at once)
            return _("Your last cards: press Enter to play them.")
        return _("Your last cards: click them, then press Play.")
    shown = scene.board.card_text(cards)
    if len(cards) == 1:
        if keys:
            # TRANSLATORS: the rules leave one card to play; {card} such as "7♠"; Enter is the key
            return _("Only {card} may be played: press Enter to play it.").format(card=shown)
        return _("Only {card} may be played: click it.").format(card=shown)
    if keys:
        # TRANSLATORS: the rules leave one set of cards to play together; {cards} such as "7♠ 7♥"
        return _("Only {cards} may be played, together: press Enter to play them.").format(cards=shown)
    return _("Only {cards} may be played, together: click them, then press Play.").format(cards=shown)
