"""What the table asks of the player at the screen: the line under the hand.

Nothing at all once the game is over (nor while a tutorial's coach speaks: the scene asks
for no prompt then); under a held trick, how to go on; while others play, who is thinking
(or whose turn it is in hot seat; at a network table, that a player whose turn it is lost
the connection); on the player's own turn the family decision's prompt
(:meth:`.decision_base.Decision.prompt`).  A function of the board and the facts the
scene hands it, no more.
"""

from __future__ import annotations

from ...i18n import _
from ...net.texts import seat_lost_text
from .. import messages
from ..widget_base import InputMode
from .board import Board
from .forced import forced_action


def prompt_for(board: Board, decision, seat: int | None, *, mine: bool, busy: bool, lost: bool,
               legal: list[dict]) -> str:
    """The line under the hand for ``board``: ``seat`` is the seat to act (None, or below 0
    while the game deals), ``mine`` whether it is the turn of the player at the screen,
    ``busy`` whether the table still shows earlier moves, ``lost`` whether that seat's
    network player lost the connection, ``legal`` the player's legal actions on their turn;
    ``decision`` words the player's own turn (:mod:`.decision_base`)."""
    if board.finished:
        return ""
    if board.timeline.held is not None:
        # TRANSLATORS: under a finished trick the table waits on
        return _("Click the table or press Enter to go on.")
    if seat is None or seat < 0:
        return ""
    if not mine:
        if busy:
            return ""
        name = board.name(seat)
        if lost:
            return seat_lost_text(name)        # a network table waits for them: nobody thinks
        if seat not in board.humans:
            return messages.thinking(name)
        return messages.to_play(name, board.you(seat))
    forced = forced_action(legal)
    if forced is not None:
        return forced_prompt(board, forced)
    return decision.prompt(legal)


def forced_prompt(board: Board, action: dict) -> str:
    """The one move the player may make plays cards: say so, not the rule that leaves no
    choice ("Play at least a jack if you can…" over the last card of a deal)."""
    cards = list(action.get("cards") or [action["card"]])
    hand = board.model.hands[board.viewer] or []
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
    shown = board.card_text(cards)
    if len(cards) == 1:
        if keys:
            # TRANSLATORS: the rules leave one card to play; {card} such as "7♠"; Enter is the key
            return _("Only {card} may be played: press Enter to play it.").format(card=shown)
        return _("Only {card} may be played: click it.").format(card=shown)
    if keys:
        # TRANSLATORS: the rules leave one set of cards to play together; {cards} such as "7♠ 7♥"
        return _("Only {cards} may be played, together: press Enter to play them.").format(cards=shown)
    return _("Only {cards} may be played, together: click them, then press Play.").format(cards=shown)
