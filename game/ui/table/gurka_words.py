"""The Gurka table's sentences: the move log, the announcements and the prompts.

Names stay the subject (they are never inflected); the player at the screen gets sentences
of their own ("You play K♠"), never a name put into a third-person sentence.  Cards are
written as on the cards (``K♠``, ``10♥``) in the player's card letters.
"""

from __future__ import annotations

from ...i18n import _, ngettext
from .. import cards as card_faces
from .. import messages
from .. import rule_words


def cards_text(cards, settings) -> str:
    return " ".join(card_faces.card_text(c, settings) for c in cards)


def plays(name: str, you: bool, cards: str) -> str:
    if you:
        # TRANSLATORS: the move log; {cards} are cards such as "K♠" or "7♥ 7♣"
        return _("You play {cards}").format(cards=cards)
    # TRANSLATORS: the move log; {name} is a player's name, {cards} cards such as "K♠"
    return _("{name} plays {cards}").format(name=name, cards=cards)


def plays_and_takes(name: str, you: bool, cards: str) -> str:
    if you:
        # TRANSLATORS: the move log: the player's card won the trick; {cards} such as "K♠"
        return _("You play {cards} and take the trick").format(cards=cards)
    # TRANSLATORS: the move log: this card won the trick; {name} is a player's name, {cards}
    # cards such as "K♠"
    return _("{name} plays {cards} and takes the trick").format(name=name, cards=cards)


def takes_trick(name: str, you: bool, cards: str, last: bool) -> str:
    """The announcement of a finished trick."""
    if last:
        if you:
            # TRANSLATORS: the last trick of a deal was won with {cards} (such as "K♠")
            return _("You take the last trick with {cards}").format(cards=cards)
        # TRANSLATORS: {name} is a player's name, {cards} cards such as "K♠"
        return _("{name} takes the last trick with {cards}").format(name=name, cards=cards)
    if you:
        # TRANSLATORS: a trick was won with {cards} (such as "K♠")
        return _("You take the trick with {cards}").format(cards=cards)
    # TRANSLATORS: {name} is a player's name, {cards} cards such as "K♠"
    return _("{name} takes the trick with {cards}").format(name=name, cards=cards)


def penalty(name: str, you: bool, card: str, points: int, lives: bool) -> str:
    """What a card in the last trick cost its player."""
    if lives:
        if you:
            # TRANSLATORS: scoring with lives; {card} is the card in the last trick, such as "K♠"
            return _("You lose a life for {card}").format(card=card)
        # TRANSLATORS: scoring with lives; {name} is a player's name, {card} a card such as "K♠"
        return _("{name} loses a life for {card}").format(name=name, card=card)
    if you:
        # TRANSLATORS: {n} penalty points for the card {card} (such as "K♠") in the last trick
        return ngettext("You get {n} penalty point for {card}", "You get {n} penalty points for {card}",
                        points).format(n=points, card=card)
    # TRANSLATORS: {name} is a player's name; {n} penalty points for the card {card} (such as
    # "K♠") in the last trick
    return ngettext("{name} gets {n} penalty point for {card}", "{name} gets {n} penalty points for {card}",
                    points).format(name=name, n=points, card=card)


def reset(name: str, you: bool, limit: int) -> str:
    """Exactly the limit: the total goes back to 0 (Icelandic)."""
    if you:
        # TRANSLATORS: Icelandic rule: exactly {n} points puts the total back to 0
        return _("You have exactly {n}: back to 0").format(n=limit)
    # TRANSLATORS: Icelandic rule: exactly {n} points puts the total back to 0; {name} is a name
    return _("{name} has exactly {n}: back to 0").format(name=name, n=limit)


def exchanges(name: str, you: bool, n: int) -> str:
    if you:
        # TRANSLATORS: the move log, seven-round Gúrka; {n} is a number of cards
        return ngettext("You exchange {n} card", "You exchange {n} cards", n).format(n=n)
    # TRANSLATORS: the move log, seven-round Gúrka; {name} is a name, {n} a number of cards
    return ngettext("{name} exchanges {n} card", "{name} exchanges {n} cards", n).format(name=name, n=n)


def standing(total: int, lives: int) -> str:
    """A total as the game counts it: points, or with ``lives`` the lives left."""
    if not lives:
        return messages.points(total)
    left = max(0, lives - total)
    # TRANSLATORS: with lives instead of points, as in "buy back in with 2 lives left"
    return ngettext("{n} life left", "{n} lives left", left).format(n=left)


def buys_back(name: str, you: bool, points: str, like: str, chips: str = "") -> str:
    """A buy-back said as it happens (the announcement and the move log): what it costs (the
    stake into the pot, if any) and where it puts the player (the highest of the others)."""
    if chips:
        if you:
            # TRANSLATORS: a buy-back, said when it happens; {chips} is a number of chips with its
            # word ("10 chips"), {points} a number of points with its word ("25 points") or with
            # lives the lives left ("2 lives left"), {like} the names of the players who have as many
            return _("You buy back in: {chips} to the pot, {points} like {like}").format(
                chips=chips, points=points, like=like)
        # TRANSLATORS: a buy-back, said when it happens; {name} is a name, {chips} a number of chips
        # ("10 chips"), {points} points ("25 points") or lives left, {like} the names of the players
        # who have as many
        return _("{name} buys back in: {chips} to the pot, {points} like {like}").format(
            name=name, chips=chips, points=points, like=like)
    if you:
        # TRANSLATORS: a buy-back, said when it happens; {points} is a number of points with its word
        # ("24 points") or with lives the lives left ("2 lives left"), {like} the names of the
        # players who have as many
        return _("You buy back in with {points}, like {like}").format(points=points, like=like)
    # TRANSLATORS: a buy-back, said when it happens; {name} is a name, {points} points or lives
    # left, {like} the names of the players who have as many
    return _("{name} buys back in with {points}, like {like}").format(name=name, points=points, like=like)


def led(name: str, you: bool) -> str:
    """Who led a trick (the look back's caption)."""
    if you:
        # TRANSLATORS: the look back at the previous trick: the player at the screen led it
        return _("You led")
    # TRANSLATORS: the look back at the previous trick: {name} led it (played its first card)
    return _("{name} led").format(name=name)


def took(name: str, you: bool) -> str:
    """Who took a trick (the move log's heading of a trick)."""
    if you:
        # TRANSLATORS: the move log, the heading of a finished trick: the player at the screen took it
        return _("you took it")
    # TRANSLATORS: the move log, the heading of a finished trick: {name} took it
    return _("{name} took it").format(name=name)


def trick_heading(n: int, total: int, leader: str, you_led: bool, winner: str | None = None,
                  you_took: bool = False) -> str:
    """The move log's heading of a trick: its number, who led it and, once it is over, who
    took it ("Trick 3 of 6: Anna led · Björn took it")."""
    words = trick_counter(n, total) + ": " + led(leader, you_led)
    return words + " · " + took(winner, you_took) if winner is not None else words


def trick_counter(n: int, total: int) -> str:
    # TRANSLATORS: the table header: the trick under way, e.g. "Trick 4 of 6"
    return _("Trick {n} of {total}").format(n=n, total=total)


# -- prompts -----------------------------------------------------------------------------------

def requirement(req, settings) -> str:
    """What the card to play must be, from the public table's requirement (a
    :class:`~game.engine.gurka.moves.Requirement`; worded by :mod:`..rule_words`)."""
    return rule_words.words(req.code, req.params, settings)


def how_to(single_click: bool, multi: bool, keys: bool = False) -> str:
    """How to play, stated as the click model works: with the mouse, or with ``keys`` as the
    keys work (:mod:`.keys`) when the player's last input was a key."""
    if keys:
        if multi and not single_click:
            # TRANSLATORS: keyboard play; ← → are the arrow keys, Space and Enter the keys
            return _("Choose the cards with ← → and Space, then press Enter.")
        if multi:
            # TRANSLATORS: keyboard play; ← → are the arrow keys, Space and Enter the keys
            return _("← → picks a card, Enter plays it; several of a rank: choose them with Space first.")
        # TRANSLATORS: keyboard play; ← → are the arrow keys, Enter the key
        return _("← → picks a card, Enter plays it.")
    if multi and not single_click:
        return _("Click the cards to choose them, then press Play.")
    if multi:
        return _("A click plays a card; for several of a rank, choose them, then press Play.")
    return _("Click a card to play it.")


def set_how_to(n: int, keys: bool = False) -> str:
    """How to follow a lead of ``n`` cards (the set to match is marked on the table, each of
    its cards numbered from its lowest up, as the chosen cards are in the hand): short, after
    the rule's own words (:func:`requirement`)."""
    if keys:
        # TRANSLATORS: keyboard play, following a lead of several cards; {n} is how many cards to
        # play; ← → Space Enter are keys
        return ngettext("Pick {n} card with ← → and Space, then press Enter.",
                        "Pick {n} cards with ← → and Space, then press Enter.", n).format(n=n)
    # TRANSLATORS: following a lead of several cards; {n} is how many cards to play
    return ngettext("Click {n} card, then press Play.", "Click {n} cards, then press Play.", n).format(n=n)


def buyback_keys() -> str:
    """Keyboard play at a buy-back: how the keys answer it (:mod:`.keys`: Enter presses the
    first button, Buy back; Tab reaches Pass)."""
    # TRANSLATORS: keyboard play at the offer to buy back in; Enter and Tab are keys, "Pass" is
    # the button's name
    return _("Enter buys back, Tab to Pass.")
