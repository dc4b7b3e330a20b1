"""The Durak table's sentences: the move log, the announcements and the prompts.

Names stay the subject; the player at the screen gets sentences of their own.
"""

from __future__ import annotations

from ...i18n import _, ngettext
from .. import tool_keys


def attacks(name: str, you: bool, cards: str, opening: bool) -> str:
    if opening:
        if you:
            # TRANSLATORS: Durak, the move log; {cards} such as "7♠" or "7♠ 7♥"
            return _("You attack with {cards}").format(cards=cards)
        # TRANSLATORS: Durak, the move log; {name} is a name, {cards} such as "7♠ 7♥"
        return _("{name} attacks with {cards}").format(name=name, cards=cards)
    if you:
        # TRANSLATORS: Durak, the move log: cards thrown in; {cards} such as "7♣"
        return _("You throw in {cards}").format(cards=cards)
    # TRANSLATORS: Durak, the move log: cards thrown in; {name} is a name, {cards} such as "7♣"
    return _("{name} throws in {cards}").format(name=name, cards=cards)


def beats(name: str, you: bool, attack: str, card: str) -> str:
    if you:
        # TRANSLATORS: Durak, the move log: {card} beats {attack} (cards such as "9♠", "7♠")
        return _("You beat {attack} with {card}").format(attack=attack, card=card)
    # TRANSLATORS: Durak, the move log; {name} is a name; {card} beats {attack}
    return _("{name} beats {attack} with {card}").format(name=name, attack=attack, card=card)


def passes_on(name: str, you: bool, card: str, shown: bool, to: str, to_you: bool) -> str:
    """Transfer Durak, the move log: the defender passes the attack on to the next player,
    laying ``card`` with the attack or (``shown``) showing that trump and keeping it."""
    if shown:
        if you:
            # TRANSLATORS: transfer Durak, the move log: the player shows the trump {card} (kept
            # in the hand) and so passes the attack on to {to}, a name
            return _("You show {card} and pass the attack on to {to}").format(card=card, to=to)
        if to_you:
            # TRANSLATORS: transfer Durak, the move log: {name} shows the trump {card} and passes
            # the attack on to the player at the screen
            return _("{name} shows {card} and passes the attack on to you").format(name=name, card=card)
        # TRANSLATORS: transfer Durak, the move log: {name} shows the trump {card} and passes the
        # attack on to {to}
        return _("{name} shows {card} and passes the attack on to {to}").format(name=name, card=card, to=to)
    if you:
        # TRANSLATORS: transfer Durak, the move log: the player lays {card} (of the attacking
        # rank) and so passes the attack on to {to}, a name
        return _("You pass the attack on to {to} with {card}").format(card=card, to=to)
    if to_you:
        # TRANSLATORS: transfer Durak, the move log: {name} passes the attack on to the player at
        # the screen with {card}
        return _("{name} passes the attack on to you with {card}").format(name=name, card=card)
    # TRANSLATORS: transfer Durak, the move log: {name} passes the attack on to {to} with {card}
    return _("{name} passes the attack on to {to} with {card}").format(name=name, card=card, to=to)


def passed_on(names: list[str]) -> str:
    """The look back's note of a bout passed on: who passed it on, in order."""
    # TRANSLATORS: transfer Durak, the look back at the previous bout; {names} such as "Björn,
    # Karin": the defenders who passed the attack on, in order
    return _("passed on by {names}").format(names=", ".join(names))


def pass_on_offer(a_rank: str, name: str, faced: int, show: str | None = None) -> str:
    """The prompt's line when the defender may pass the attack on: with what, and what the
    next player then faces ("Pass it on with a seven: Björn must then answer both");
    ``show``: the trump that may be shown instead (such as "7♥")."""
    if show and not a_rank:
        # TRANSLATORS: transfer Durak, the defender's prompt: only showing the trump {card} can
        # pass the attack on; {name} is the next player; {n} how many attacking cards
        return ngettext("Show {card} to pass it on: {name} must then answer {n} card.",
                        "Show {card} to pass it on: {name} must then answer all {n}.", faced).format(
            card=show, name=name, n=faced)
    if faced == 2:
        # TRANSLATORS: transfer Durak, the defender's prompt; {a_rank} a card of a rank in words
        # ("a seven"), {name} the next player, who then has to answer both attacking cards
        text = _("Pass it on with {a_rank}: {name} must then answer both.")
    else:
        # TRANSLATORS: transfer Durak, the defender's prompt; {a_rank} a card of a rank in words
        # ("a seven"), {name} the next player, {n} how many attacking cards they then face (3 or
        # more; with two the sentence above says "both")
        text = ngettext("Pass it on with {a_rank}: {name} must then answer {n} card.",
                        "Pass it on with {a_rank}: {name} must then answer all {n}.", faced)
    text = text.format(a_rank=a_rank, name=name, n=faced)
    if show:
        # TRANSLATORS: transfer Durak: added to the line above when the trump {card} may be shown
        # instead of laid
        text += " " + _("Or show {card} and keep it.").format(card=show)
    return text


def picks_up(name: str, you: bool, n: int) -> str:
    if you:
        # TRANSLATORS: Durak: the defender takes every card of the bout; {n} is how many
        return ngettext("You pick up {n} card", "You pick up {n} cards", n).format(n=n)
    # TRANSLATORS: Durak: the defender takes every card of the bout; {name} is a name, {n} how many
    return ngettext("{name} picks up {n} card", "{name} picks up {n} cards", n).format(name=name, n=n)


def held(name: str, you: bool) -> str:
    """The defence held: every attack was beaten."""
    if you:
        return _("You beat off the attack")
    # TRANSLATORS: Durak: the defender beat every attacking card; {name} is the defender's name
    return _("{name} beats off the attack").format(name=name)


def takes(name: str, you: bool) -> str:
    if you:
        return _("You take the cards")
    # TRANSLATORS: Durak: the defender gives up and will pick up the bout; {name} is a name
    return _("{name} takes the cards").format(name=name)


def opens(name: str, you: bool, lowest_trump: bool) -> str:
    """Who attacks first in the game, and why."""
    if lowest_trump:
        if you:
            return _("You attack first: you hold the lowest trump")
        # TRANSLATORS: Durak: the first attack of a session's first game; {name} is a name
        return _("{name} attacks first: the lowest trump").format(name=name)
    if you:
        return _("You attack first, from the dealer's left")
    # TRANSLATORS: Durak: later games start from the dealer's left; {name} is a name
    return _("{name} attacks first, from the dealer's left").format(name=name)


def swaps(name: str, you: bool, card: str) -> str:
    if you:
        # TRANSLATORS: Durak: the six of trumps is swapped for the trump card {card} (such as "K♠")
        return _("You swap the six of trumps for {card}").format(card=card)
    # TRANSLATORS: Durak: {name} is a name; the six of trumps is swapped for the trump card {card}
    return _("{name} swaps the six of trumps for {card}").format(name=name, card=card)


def draws(name: str, you: bool, n: int) -> str:
    if you:
        # TRANSLATORS: Durak: cards drawn from the stock; {n} is how many
        return ngettext("You draw {n} card", "You draw {n} cards", n).format(n=n)
    # TRANSLATORS: Durak: cards drawn from the stock; {name} is a name, {n} how many
    return ngettext("{name} draws {n} card", "{name} draws {n} cards", n).format(name=name, n=n)


def safe(name: str, you: bool, teams: bool = False) -> str:
    """A player out of cards (the stock empty): safe, except in team play, where the team
    still holding cards at the end loses, whoever of it went out."""
    if teams:
        if you:
            # TRANSLATORS: team Durak: out of cards, but the team can still lose
            return _("You have no cards left")
        # TRANSLATORS: team Durak: out of cards, but the team can still lose; {name} is a name
        return _("{name} has no cards left").format(name=name)
    if you:
        return _("You have no cards left: you are safe")
    # TRANSLATORS: Durak: a player without cards (the stock empty) is out of the game and safe
    return _("{name} has no cards left and is safe").format(name=name)


def opened(name: str, you: bool) -> str:
    """Who opened a bout (the look back's caption)."""
    if you:
        # TRANSLATORS: Durak, the look back at the previous bout: the player at the screen
        # made its first attack
        return _("You opened")
    # TRANSLATORS: Durak, the look back at the previous bout: {name} made its first attack
    return _("{name} opened").format(name=name)


def bout_heading(n: int, opener: str, you_opened: bool, outcome: str | None = None) -> str:
    """The move log's heading of a bout: its number, who opened it and, once it is over, how
    it ended ("Bout 4: Anna opened · Björn picks up 3 cards")."""
    # TRANSLATORS: Durak, the move log: the heading of the {n}th bout of a game
    words = _("Bout {n}").format(n=n) + ": " + opened(opener, you_opened)
    return words + " · " + outcome if outcome else words


def bout_title(result: str, name: str, you: bool, n: int) -> str:
    """The look back's caption of a finished bout."""
    return held(name, you) if result == "beaten" else picks_up(name, you, n)


# -- prompts -----------------------------------------------------------------------------------

def claim(card: str, name: str) -> str:
    """The six of trumps drawn in the refill that emptied the stock, the trump card drawn by
    another player: the swap takes it from their hand."""
    # TRANSLATORS: Durak: the stock is empty and {name} drew the trump card {card}; the player
    # may still swap their six of trumps for it
    return _("You hold the six of trumps: take {card} from {name} in exchange for it?").format(
        card=card, name=name)


def swap_keys(offer: bool = False) -> str:
    """Keyboard play at the offer to swap the six of trumps: how the keys answer it (Enter
    presses the first button, Keep the six; Tab reaches Swap trump six)."""
    # TRANSLATORS: Durak, keyboard play, after the question whether to swap the six of
    # trumps; Enter and Tab are keys, "Swap trump six" the button's name
    return _("Enter keeps it, Tab to Swap trump six.")


def pass_on_rest(kind: str, keys: bool, show: bool) -> str:
    """After the offer to pass the attack on, the defender's other answers (``kind``:
    ``defend``, ``must_take``) and, for keyboard play, the keys of all of them."""
    if keys:
        if show:
            # TRANSLATORS: transfer Durak, keyboard play: {pass_key} (Pass on's letter) passes the
            # attack on with the card picked by the arrow keys ← → (or the cheapest), {show_key}
            # (Show trump's letter) presses Show trump
            text = _("Press {pass_key} to pass it on (← → picks the card), {show_key} to show the trump.")
        else:
            # TRANSLATORS: transfer Durak, keyboard play: {pass_key} (Pass on's letter) passes the
            # attack on with the card picked by the arrow keys ← → (or the cheapest)
            text = _("Press {pass_key} to pass it on (← → picks the card).")
        letters = tool_keys.action_letters()
        text = text.format(pass_key=letters["pass_on"], show_key=letters["show_trump"])
        if kind == "defend":
            # TRANSLATORS: transfer Durak, keyboard play, after the keys that pass it on; ← → are
            # the arrow keys, Enter beats with the card picked (Space, then a number key: which
            # attacking card); Tab reaches the Take button
            return text + " " + _("Or beat it: ← → and Enter (Space, 1–9: which attack), or Tab to Take.")
        # TRANSLATORS: transfer Durak, keyboard play: nothing beats the attack; Tab reaches the
        # Take button, Enter presses it
        return text + " " + _("Otherwise Tab to Take, then Enter.")
    if kind == "defend":
        # TRANSLATORS: transfer Durak, after the offer to pass the attack on
        return _("Or beat it with a card, or press Take.")
    # TRANSLATORS: transfer Durak, after the offer to pass the attack on: nothing beats the attack
    return _("Otherwise press Take.")


def keys_with_swap(kind: str) -> str:
    """Keyboard play when the six of trumps may be swapped beside the move asked for: the
    line of ``kind`` (defend, must_take, open, add) naming the Swap button Tab reaches too."""
    if kind == "defend":
        # TRANSLATORS: Durak, keyboard play; the six of trumps may be swapped too; Tab reaches
        # the Take button, then the Swap trump six button
        return _("Defend: ← → picks a card, Enter beats with it (Space, then 1–9: which attack), or "
                 "Tab to Take or to Swap trump six.")
    if kind == "must_take":
        # TRANSLATORS: Durak, keyboard play; the six of trumps may be swapped too
        return _("None of your cards can beat the attack: press Enter to take, or Tab to Swap trump six.")
    if kind == "open":
        # TRANSLATORS: Durak, keyboard play; the six of trumps may be swapped too
        return _("Attack: ← → picks a card, Enter plays it (several of a rank: Space on each first), or "
                 "Tab to Swap trump six.")
    # TRANSLATORS: Durak, keyboard play; the six of trumps may be swapped too; Tab reaches the
    # Done button, then the Swap trump six button
    return _("Throw in a card of a rank on the table (← →, then Enter; several: Space on each first), or "
             "Tab to Done or to Swap trump six.")


def prompt(kind: str, keys: bool = False) -> str:
    """What the player is asked; with ``keys`` (the last input was a key) how to do it with
    the keys, as they work (:mod:`.keys`)."""
    if kind == "swap":
        return _("You hold the six of trumps: swap it for the trump card under the stock?")
    if kind == "must_take":
        if keys:
            # TRANSLATORS: Durak, keyboard play: no card beats an unbeaten attack card; Enter
            # presses the Take button
            return _("None of your cards can beat the attack: press Enter to take.")
        # TRANSLATORS: Durak: the defender holds no card that beats an unbeaten attack card
        return _("None of your cards can beat the attack: press Take.")
    if kind == "defend":
        if keys:
            # TRANSLATORS: Durak, keyboard play; ← → are the arrow keys; Space picks the card
            # first, then the number keys choose the attack card; Tab reaches the Take button
            return _("Defend: ← → picks a card, Enter beats an attack with it (Space, then 1–9: "
                     "which one), or Tab to Take.")
        return _("Defend: click a card to beat an attack with it (if it can beat several, click the "
                 "one to beat next), or press Take.")
    if kind == "open":
        if keys:
            # TRANSLATORS: Durak, keyboard play; ← → are the arrow keys, Space and Enter the keys
            return _("Attack: ← → picks a card, Enter plays it. Several of a rank: choose them with "
                     "Space first.")
        return _("Attack: click a card to play it. Of a rank you hold more of, choose the cards, "
                 "then press Attack.")
    if keys:
        # TRANSLATORS: Durak, keyboard play; ← → are the arrow keys; Space chooses several cards
        # first; Tab reaches the Done button
        return _("Throw in a card of a rank on the table (← →, then Enter; several: Space on each "
                 "first), or Tab to Done.")
    return _("Throw in a card of a rank on the table (click it), or press Done.")


def done(name: str, you: bool) -> str:
    """An attacker throws in nothing more (the *Done* over their seat, said aloud)."""
    if you:
        # TRANSLATORS: Durak, said to a screen reader: the player at the screen throws in no more cards
        return _("You throw in no more")
    # TRANSLATORS: Durak, said to a screen reader: {name} throws in no more cards ("Done")
    return _("{name} throws in no more").format(name=name)
