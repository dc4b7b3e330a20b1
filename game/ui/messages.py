"""Player-facing texts for engine results: illegal-move reasons by code, names of AI
levels and seat summaries, and the sentences about players (the rulesets' names and
texts are in :mod:`.rules_text`).  Every string is marked for translation.

Names are names, never pronouns: in a game with exactly one human seat that seat is the
player at the screen ("you", :func:`is_you`), and the sentences about them are their own
("You win!", "You are out"), not a name put into "{name} wins!".  Sentences with a name
keep it the subject or after a colon, so that no language has to inflect it (no "{name}s
tur", which breaks on names ending in -s).  Counts of chips, cards and points go through
``ngettext``."""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext
from . import cards as C


def rank_name(rank: str, settings: dict | None = None) -> str:
    return C.rank_label(rank, settings)


def illegal_reason(err, settings: dict | None = None) -> str:
    """Translate an IllegalActionError by its ``code`` and ``params``."""
    code = getattr(err, "code", "illegal")
    p = getattr(err, "params", {}) or {}
    rank = rank_name(p["rank"], settings) if isinstance(p.get("rank"), str) else ""
    count = p.get("count", 1) if isinstance(p.get("count"), int) else 1
    card = C.card_text(p["card"], settings) if isinstance(p.get("card"), str) and len(p["card"]) == 2 \
        else ""
    if code == "must_reach":
        # TRANSLATORS: {rank} is a card rank such as K or 10
        return _("You can reach {rank}, so you must play {rank} or higher.").format(rank=rank)
    if code == "must_reach_or_lowest":
        # TRANSLATORS: {rank} is a card rank such as K or 10
        return _("Play {rank} or higher, or one of your lowest cards.").format(rank=rank)
    if code == "must_reach_nearest_or_lowest":
        # TRANSLATORS: {rank} is a card rank such as K or 10
        return _("Play your lowest card that reaches {rank}, or one of your lowest cards.").format(
            rank=rank)
    if code == "must_reach_nearest":
        # TRANSLATORS: {rank} is a card rank such as K or 10
        return _("You must play your lowest card that reaches {rank}.").format(rank=rank)
    if code == "must_play_lowest":
        return _("You cannot reach the card to beat, so you must play one of your lowest cards.")
    if code == "no_ace_on_ace":
        return _("No ace on an ace: you must play one of your lowest cards.")
    if code == "must_play_two":
        return _("A 2 was led and you hold a 2: you must play a 2.")
    if code == "must_match_or_lowest":
        return _("Play a set that matches the strongest set card by card, or that many of your "
                 "lowest cards.")
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
    if code == "lead_lowest":
        return _("You must lead one of your lowest cards.")
    if code == "not_held":
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
    # Durak
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
    return _("That move is not allowed now.")


def level_name(level: str) -> str:
    return {
        "random": pgettext("AI level", "Random"),
        "easy": pgettext("AI level", "Easy"),
        "normal": pgettext("AI level", "Normal"),
        "hard": pgettext("AI level", "Hard"),
    }.get(level, level)


def level_short(level: str) -> str:
    """An AI level's short form on a seat's box beside a long name (the whole word shows
    when the pointer rests on the box)."""
    return {
        # TRANSLATORS: the short form of the AI level "Random" on a seat's box beside a long
        # name: at most five letters, a full stop for a cut word
        "random": pgettext("AI level, short", "Rand."),
        # TRANSLATORS: the short form of the AI level "Easy" (at most five letters)
        "easy": pgettext("AI level, short", "Easy"),
        # TRANSLATORS: the short form of the AI level "Normal" (at most five letters)
        "normal": pgettext("AI level, short", "Norm."),
        # TRANSLATORS: the short form of the AI level "Hard" (at most five letters)
        "hard": pgettext("AI level, short", "Hard"),
    }.get(level, level[:4])


def cards_count(n: int) -> str:
    # TRANSLATORS: {n} is a number of cards
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def points(n: int) -> str:
    # TRANSLATORS: {n} is a number of (penalty) points
    return ngettext("{n} point", "{n} points", n).format(n=n)


def chips(n: int) -> str:
    # TRANSLATORS: {n} is a number of chips (gaming counters for the pot)
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


def pot(n: int) -> str:
    # TRANSLATORS: the pot in the table header; {n} is a number of chips
    return ngettext("Pot: {n} chip", "Pot: {n} chips", n).format(n=n)


def buy_back_for(n: int) -> str:
    # TRANSLATORS: a button; {n} is the number of chips buying back costs
    return ngettext("Buy back ({n} chip)", "Buy back ({n} chips)", n).format(n=n)


# -- sentences about players ---------------------------------------------------------

def local_seat(mine: list[int]) -> int | None:
    """The seat of the player at the screen, from the seats played at this screen: the only
    one, or None (nobody, or a hot-seat game where every person has a name)."""
    return mine[0] if len(mine) == 1 else None


def is_you(mine: list[int], seat) -> bool:
    return seat is not None and seat == local_seat(mine)


def join_names(names: list[str]) -> str:
    """ "Anna", "Anna and Bo", "Anna, Bo and Carl" in the interface language."""
    names = list(names)
    if len(names) <= 1:
        return names[0] if names else ""
    # TRANSLATORS: a list of player names: {names} is "Anna, Bo", {last} is "Carl"
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def takes_pot(names: list[str], you: bool, n: int) -> str:
    """Who takes the pot of ``n`` chips at the end of a Gurka game (``names``: the winners other
    than the player at the screen; several winners share it)."""
    if you and not names:
        return ngettext("You take the pot: {n} chip.", "You take the pot: {n} chips.", n).format(n=n)
    if you:
        # TRANSLATORS: {names} are the other winners, {n} the chips in the pot
        return ngettext("You share the pot with {names}: {n} chip.", "You share the pot with {names}: {n} chips.",
                        n).format(names=join_names(names), n=n)
    if len(names) == 1:
        # TRANSLATORS: {names} is the winner's name, {n} the chips in the pot
        return ngettext("{names} takes the pot: {n} chip.", "{names} takes the pot: {n} chips.", n).format(
            names=names[0], n=n)
    # TRANSLATORS: {names} are the winners' names, {n} the chips in the pot
    return ngettext("{names} share the pot: {n} chip.", "{names} share the pot: {n} chips.", n).format(
        names=join_names(names), n=n)


def wins(names: list[str], you: bool = False) -> str:
    """The result title of a Gurka game: ``names`` are the winners other than the player at
    the screen, ``you`` whether that player is among the winners."""
    if you and not names:
        return _("You win!")
    if you:
        # TRANSLATORS: you share the win with others; {names} are their names
        return _("You share the win with {names}").format(names=join_names(names))
    if len(names) == 1:
        # TRANSLATORS: {name} is the winner's name
        return _("{name} wins!").format(name=names[0])
    # TRANSLATORS: {names} are the names of two or more winners
    return _("{names} share the win").format(names=join_names(names))


def is_out(name: str, you: bool = False) -> str:
    """Knocked out of the game."""
    if you:
        return _("You are out")
    # TRANSLATORS: a player is knocked out; {name} is the player's name
    return _("{name} is out").format(name=name)


def is_durak(name: str, you: bool = False) -> str:
    """The loser of Durak."""
    if you:
        # TRANSLATORS: the loser of Durak is "the durak" (the fool)
        return _("You are the durak!")
    # TRANSLATORS: the loser of Durak is "the durak" (the fool); {name} is the loser's name
    return _("{name} is the durak!").format(name=name)


def team_loses(names: list[str], you: bool = False) -> str:
    """The losing team of team Durak: ``names`` all its players, ``you`` whether the player
    at the screen is one of them."""
    if you:
        return _("Your team loses")
    # TRANSLATORS: {names} are the names of the losing team's players
    return _("{names} lose").format(names=join_names(names))


def to_play(name: str, you: bool = False) -> str:
    """Whose turn it is (shown while the game waits for a human)."""
    if you:
        return _("Your turn")
    # TRANSLATORS: whose turn it is; {name} is the player's name. Keep the name as it is
    # (no genitive: "Lars" must not become "Larss")
    return _("{name} to play").format(name=name)


def thinking(name: str) -> str:
    # TRANSLATORS: an AI seat is choosing its move; {name} is its name
    return _("{name} is thinking…").format(name=name)


def pass_to(name: str) -> str:
    """Hot seat: the screen is handed to the next human."""
    # TRANSLATORS: hot seat, the title of the hand-over screen; {name} is the next player's
    # name. Keep the name as it is (it cannot be inflected)
    return _("Pass to {name}").format(name=name)
