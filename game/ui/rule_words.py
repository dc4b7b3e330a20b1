"""The rules' words: one sentence for every rule code of the engine.

The engine explains a rule as data, a stable code with its parameters: a
:class:`~game.engine.gurka.moves.Requirement` (what the next play must be) or an
:class:`~game.engine.errors.IllegalActionError` (why a move was refused).  This module is the
one place that words them, so the prompt under the hand, the refusal of a move and the
tutorial's answer to an illegal card say the same sentence for the same rule.  The
parameters: ``rank`` (a card rank such as ``K``: the card to reach), ``count`` (how many
cards), ``card`` (a card such as ``TH``), ``trump_attack`` (Durak: the card to beat is a
trump).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.cards import INDEX
from ..i18n import _, ngettext, pgettext
from . import cards as card_faces

if TYPE_CHECKING:
    from ..storage.settings import Settings

_RANKS = "23456789TJQKA"


def a_rank(rank: str) -> str:
    """A card of ``rank`` in words, as a player says it ("a nine", "a king")."""
    # TRANSLATORS: a card of a rank in words, as in "play at least a nine" (your language's case)
    return {
        "2": pgettext("rank noun", "a two"),
        "3": pgettext("rank noun", "a three"),
        "4": pgettext("rank noun", "a four"),
        "5": pgettext("rank noun", "a five"),
        "6": pgettext("rank noun", "a six"),
        "7": pgettext("rank noun", "a seven"),
        "8": pgettext("rank noun", "an eight"),
        "9": pgettext("rank noun", "a nine"),
        "T": pgettext("rank noun", "a ten"),
        "J": pgettext("rank noun", "a jack"),
        "Q": pgettext("rank noun", "a queen"),
        "K": pgettext("rank noun", "a king"),
        "A": pgettext("rank noun", "an ace"),
    }.get(rank, rank)


def words(code: str, params: dict | None = None, settings: Settings | None = None) -> str:
    """The sentence for the rule ``code`` with its ``params`` (``settings``: the player's
    card letters); a code this game does not know gets a plain "not allowed"."""
    p = params or {}
    # the parameters may come from another computer (a host's refusal): only what they can be
    # is used, anything else is left out
    rank = a_rank(p["rank"]) if isinstance(p.get("rank"), str) and len(p["rank"]) == 1 \
        and p["rank"] in _RANKS else ""
    count = p["count"] if isinstance(p.get("count"), int) and not isinstance(p["count"], bool) \
        and 0 <= p["count"] <= 52 else 1
    card = card_faces.card_text(p["card"], settings) if isinstance(p.get("card"), str) and p["card"] in INDEX \
        else ""
    # -- what the next card must be (the prompt, and the refusal of a card that breaks it)
    if code == "lead":
        return _("Your lead: any card.")
    if code == "lead_lowest":
        return _("Your lead: lead one of your lowest cards.")
    if code == "lead_lowest_set":
        # TRANSLATORS: Icelandic leads of several cards with "lead your lowest": the player
        # holds more than one card of their lowest rank
        return _("Your lead: one of your lowest cards, or several of them.")
    if code == "must_play_two":
        return _("A 2 was led: play a 2 if you hold one.")
    if code == "no_ace_on_ace":
        return _("No ace on an ace: play one of your lowest cards.")
    if code == "must_reach_or_lowest":
        # TRANSLATORS: {a_rank} is a card of a rank, in words ("a nine", "a king"): the card to reach
        return _("Play at least {a_rank}, or one of your lowest cards.").format(a_rank=rank)
    if code == "must_reach_nearest_or_lowest":
        # TRANSLATORS: {a_rank} is a card of a rank, in words ("a nine", "a king"): the card to
        # reach; the lowest card that reaches it, or instead one of the player's lowest cards
        return _("Play your lowest card that reaches {a_rank}, or one of your lowest cards.").format(
            a_rank=rank)
    if code == "must_reach_nearest":
        # TRANSLATORS: {a_rank} is a card of a rank, in words ("a nine", "a king"): the card to reach
        return _("Play your lowest card that reaches {a_rank}; if none does, play one of your lowest "
                 "cards.").format(a_rank=rank)
    if code == "must_reach":
        # TRANSLATORS: {a_rank} is a card of a rank, in words ("a nine", "a king"): the card to reach
        return _("Play at least {a_rank} if you can; if not, play one of your lowest cards.").format(
            a_rank=rank)
    if code == "must_play_lowest":
        return _("You cannot reach the card to beat, so you must play one of your lowest cards.")
    if code == "must_match_or_lowest":
        # TRANSLATORS: following a lead of several cards; the set to match is marked on the table,
        # its cards numbered from the lowest (1) up, as the chosen cards in the hand are; {n} is
        # how many cards to play
        return ngettext("Play {n} card as high as the marked one, or your lowest.",
                        "Match the marked set card for card, or play your {n} lowest.",
                        count).format(n=count)
    # -- refusals of the Gurka family
    if code == "wrong_count":
        # TRANSLATORS: {n} is the number of cards led
        return ngettext("Play {n} card, as many as were led.", "Play {n} cards, as many as were led.",
                        count).format(n=count)
    if code == "multi_not_allowed":
        return _("Lead one card.")
    if code == "multi_same_rank":
        return _("A lead of several cards must all be of one rank.")
    if code == "keep_last_card":
        return _("Keep a card for the last trick: you cannot lead your whole hand.")
    if code == "not_held" and card:
        # TRANSLATORS: {card} is a card such as 10♥
        return _("You do not hold {card}.").format(card=card)
    if code == "exchange_too_many":
        # TRANSLATORS: {n} is the most cards this player may exchange
        return ngettext("You may exchange at most {n} card.", "You may exchange at most {n} cards.",
                        count).format(n=count)
    if code == "no_buyback":
        return _("You cannot buy back now.")
    if code == "not_your_turn":
        return _("It is not your turn.")
    # -- Durak
    if code in ("cannot_beat", "does_not_beat"):
        if p.get("trump_attack") is True:
            return _("That card does not beat it: only a higher trump beats a trump.")
        return _("That card does not beat it: use a higher card of the same suit or a trump.")
    if code == "nothing_beaten":
        return _("Cards can be added once the defender has beaten a card.")
    if code in ("rank_not_on_table", "wrong_rank"):
        return _("You can only add ranks that are already on the table.")
    if code in ("too_many_attack", "attack_limit", "max_attack"):
        return _("No more cards can be added to this attack.")
    if code in ("not_attacker", "cannot_attack"):
        return _("You may not attack now.")
    if code in ("not_defender",):
        return _("Only the defender can beat cards.")
    if code == "not_on_table":
        return _("That card is not on the table.")
    if code == "already_beaten":
        return _("That card is already beaten.")
    if code == "already_taken":
        return _("The defender is taking: you can only give more cards.")
    if code in ("cannot_take", "all_beaten"):
        return _("Everything is beaten: you cannot take now.")
    if code in ("one_rank", "same_rank"):
        return _("Cards played together must be of one rank.")
    if code in ("no_swap", "cannot_swap"):
        return _("You cannot swap the trump six now.")
    # -- transfer Durak: passing the attack on
    if code == "no_transfer":
        return _("In this game the attack cannot be passed on.")
    if code == "transfer_beaten":
        # TRANSLATORS: transfer Durak: why the defender may no longer pass the attack on
        return _("A card is already beaten: the attack can no longer be passed on.")
    if code == "transfer_rank":
        # TRANSLATORS: transfer Durak; {a_rank} is a card of a rank, in words ("a seven")
        return _("Pass the attack on with a card of its rank: {a_rank}.").format(a_rank=rank)
    if code == "transfer_few_cards":
        # TRANSLATORS: transfer Durak: the next defender must hold a card for every attacking
        # card it would face; {n} is how many it would face
        return ngettext("The next player holds too few cards to answer {n} card.",
                        "The next player holds too few cards to answer {n} cards.",
                        count).format(n=count)
    if code == "transfer_limit":
        limit = p["limit"] if isinstance(p.get("limit"), int) and not isinstance(p["limit"], bool) else 6
        # TRANSLATORS: transfer Durak: passing the attack on would make more attacking cards
        # than a bout may hold; {n} is that limit
        return ngettext("Passing it on would make more than {n} attacking card.",
                        "Passing it on would make more than {n} attacking cards.",
                        limit).format(n=limit)
    if code == "transfer_nobody":
        return _("There is nobody to pass the attack on to.")
    if code == "no_show":
        # TRANSLATORS: transfer Durak without the variant "Show a trump to pass on"
        return _("In this game a trump cannot just be shown: lay a card to pass the attack on.")
    if code == "show_not_trump":
        # TRANSLATORS: transfer Durak: only the trump of the attacking rank may be shown
        return _("Only a trump of the attacking rank can be shown to pass it on.")
    if code == "already_shown":
        # TRANSLATORS: transfer Durak: each trump may be shown once in a bout; {card} such as 7♥
        return _("{card} has been shown in this bout already.").format(card=card)
    return _("That move is not allowed now.")


def refusal(err, settings: Settings | None = None) -> str:
    """Why a move was refused: an :class:`~game.engine.errors.IllegalActionError` by its code."""
    return words(getattr(err, "code", "illegal"), getattr(err, "params", None), settings)
