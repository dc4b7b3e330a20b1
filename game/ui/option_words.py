"""The words of every rule option: its name, its values and what it does.

Keyed by the option keys of the record format (the family defaults in
:mod:`game.engine.registry`), never by a ruleset: what one preset says of an option its own
way is in that preset's entry of :mod:`game.ui.rules_text`.  The setup screen and the
rules texts show the same strings.
"""

from __future__ import annotations

from typing import Mapping

from ..i18n import _, ngettext, pgettext

#: Variant names that are not option keys, each a value of a record option (free buy-back,
#: the Danish buy-in, an ace worth one point).
ALIASES = {"free_buyback": "buyback", "buy_in": "buyback", "ace_scores_one": "ace_value"}


def option_label(key: str) -> str:
    """A short name for an option, for a toggle or choice on the setup screen."""
    key = ALIASES.get(key, key)
    labels = {
        "hand_size": _("Cards per player"),
        "descending": _("Shrinking hands"),
        "rounds": _("Number of deals"),
        "reference": _("Card to match"),
        "optional_lowest": _("Lowest card always allowed"),
        "no_ace_on_ace": _("No ace on an ace"),
        "lead_lowest": _("Lead your lowest"),
        "nearest_above": _("Nearest card above"),
        "twos_rule": _("Twos rule"),
        "multi_lead": _("Lead several cards"),
        "top_card": _("Top card"),
        "top_value": _("Value of the top card"),
        "ace_value": _("Ace costs 1 point"),
        "tie_rule": _("Tie in the last trick"),
        "limit": _("Points limit"),
        "out_rule": _("Going out"),
        "score_piles": _("Penalty piles"),
        "lives": _("Lives"),
        "buyback": _("Buying back in"),
        "stake": _("Stake"),
        "exchange": _("Card exchange"),
        "teams": _("Teams"),
        "neighbours_only": _("Only neighbours attack"),
        "max_attack": _("Attack limit"),
    }
    return labels.get(key, key)


def option_value_label(key: str, value: object) -> str:
    """How a value of an option is shown (numbers and on/off as they are)."""
    key = ALIASES.get(key, key)
    if isinstance(value, bool):
        return pgettext("option", "On") if value else pgettext("option", "Off")
    table = {
        ("reference", "previous"): _("The card just before"),
        ("reference", "highest"): _("The highest in the trick"),
        ("tie_rule", "all"): _("All tied players score"),
        ("tie_rule", "last"): _("Only the last one scores"),
        ("out_rule", "reach"): _("At the limit or above"),
        ("out_rule", "exceed"): _("Above the limit"),
        ("buyback", "none"): _("Not allowed"),
        ("buyback", "stake"): _("For a new stake"),
        ("buyback", "free"): _("Free"),
        ("buyback", "worst"): _("Danish buy-in"),
        ("top_card", None): pgettext("top card", "None"),
        ("top_card", "6C"): _("Six of clubs"),
        ("top_card", "7"): _("Sevens"),
        ("teams", None): _("Everyone for themselves"),
        ("teams", "2v2"): _("Two against two"),
        ("teams", "3v3"): _("Three against three"),
        ("lives", 0): _("Play for points"),
        ("rounds", None): _("Until one is left"),
    }
    if (key, value) in table:
        return table[(key, value)]
    if isinstance(value, int):
        if key == "stake":
            return ngettext("{n} chip", "{n} chips", value).format(n=value)
        if key == "lives":
            # TRANSLATORS: {n} is a number of lives
            return ngettext("{n} life", "{n} lives", value).format(n=value)
        if key in ("hand_size", "max_attack"):
            return ngettext("{n} card", "{n} cards", value).format(n=value)
        if key in ("limit", "top_value", "ace_value"):
            return ngettext("{n} point", "{n} points", value).format(n=value)
    return str(value)


def option_help(key: str, options: Mapping) -> str:
    """One line explaining an option (a variant name of :data:`ALIASES` or a record option key)
    as it works with the other ``options`` of the game; "" for a key this game does not know."""
    alias = key
    key = ALIASES.get(key, key)
    if alias == "free_buyback":
        return _("Everyone may buy back in once without paying a new stake.")
    if alias == "buy_in" or (key == "buyback" and options.get("buyback") == "worst"):
        return _("Once each, right after being knocked out and while someone else is still in, "
                 "you may come back with the points of the worst-placed player still in.")
    if key == "limit":
        if options.get("rounds") is not None:
            return _("Not used: the game lasts a fixed number of deals, the points simply add up.")
        if options.get("out_rule") == "exceed":
            return _("Go above this total and you are out; land exactly on it and you drop back "
                     "to 0.")
        return _("The total of points that knocks a player out.")
    if key == "no_ace_on_ace" and options.get("reference") == "previous":
        # the Swedish card to match (the card just before) binds only the next player
        return _("Nobody may play an ace on an ace: the player right after an ace must play "
                 "their lowest card. (With the highest card in the trick as the card to match, "
                 "every later player must.)")
    if key == "optional_lowest" and options.get("multi_lead"):
        return _("After a single card is led, you may always play your lowest card, even when "
                 "you could reach the card to match. (After a lead of several cards, your lowest "
                 "cards are always allowed anyway.)")
    if key == "hand_size" and options.get("descending"):
        return _("How many cards everyone gets in the first deal; each later deal gives one "
                 "fewer.")
    helps = {
        "hand_size": _("How many cards each player is dealt: 7 is usual, 5 or 6 make shorter "
                       "deals. Eight players get at most 6."),
        "descending": _("Each deal gives one card fewer than the one before, down to a single "
                        "card."),
        "rounds": _("Play a fixed number of deals; after the last one the lowest total wins."),
        "reference": _("Which card a follower must reach: the one played just before, or the "
                       "highest card in the trick so far."),
        "optional_lowest": _("You may always play your lowest card instead, even when you could "
                             "reach the card to match."),
        "no_ace_on_ace": _("Nobody may play an ace on an ace: once an ace is in the trick, "
                           "every later player must play their lowest card."),
        "lead_lowest": _("Whoever leads a trick must lead one of their lowest cards."),
        "nearest_above": _("When you must reach the card to match, you must use the lowest card "
                           "that does it."),
        "twos_rule": _("When a 2 is led, everyone who holds a 2 must play a 2."),
        "multi_lead": _("The leader may lead several cards of one rank; everyone else then "
                        "plays that many cards."),
        "top_card": _("A special card above the ace: the six of clubs, or all four sevens."),
        "top_value": _("Penalty points for losing the last trick with the top card: 21, or 7."),
        "ace_value": _("An ace still ranks highest in play, but costs only 1 point in the last "
                       "trick."),
        "tie_rule": _("When the highest rank in the last trick is tied: everyone who played it "
                      "scores, or only the last of them."),
        "out_rule": _("Out on reaching the limit, or only above it (landing exactly on it resets "
                      "you to 0)."),
        "score_piles": _("Losing cards lie face up in front of their owner and stay out of the "
                         "deck while they count."),
        "lives": _("Play with lives instead of points: every lost deal costs a life, and with "
                   "none left you are out."),
        "buyback": _("Once per game you may buy back in while at least three others are still "
                     "in; you get the highest total among them."),
        "stake": _("Chips each player puts into the pot before the first deal; the winner "
                   "takes the pot."),
        "exchange": _("Before play, each player may swap cards with the undealt stock; the first "
                      "player sets how many anyone may swap."),
        "teams": _("Four players can play two against two, and six players three against three; "
                   "partners never sit side by side, and a team wins or loses together."),
        "neighbours_only": _("Only the defender's two neighbours and the opening attacker may "
                             "attack (usual with five or six players)."),
        "max_attack": _("The most attacking cards allowed in one bout."),
    }
    return helps.get(key, "")
