"""Player-facing texts for engine results: names of AI levels and seat summaries, and the
sentences about players (a refused move's reason is worded by :mod:`.rule_words`, the
rulesets' names and texts are in :mod:`.rules_text`).  Every string is marked for translation.

Names are names, never pronouns: in a game with exactly one human seat that seat is the
player at the screen ("you", :func:`is_you`), and the sentences about them are their own
("You win!", "You are out"), not a name put into "{name} wins!".  Sentences with a name
keep it the subject or after a colon, so that no language has to inflect it (no "{name}s
tur", which breaks on names ending in -s).  Counts of chips, cards and points go through
``ngettext``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext, pgettext
from . import rule_words

if TYPE_CHECKING:
    from ..storage.settings import Settings


def illegal_reason(err, settings: Settings | None = None) -> str:
    """Why a move was refused, by the error's code (the words are :mod:`.rule_words`')."""
    return rule_words.refusal(err, settings)


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
    """The losing team of team Durak: ``names`` its players other than the player at the
    screen, ``you`` whether that player is one of them."""
    if you and not names:
        # TRANSLATORS: team Durak, said to the player at the screen: their team loses
        return _("You lose")
    if you:
        # TRANSLATORS: team Durak, said to the player at the screen: their team loses;
        # {names} are their team-mates' names ("You and Clara lose")
        return _("You and {names} lose").format(names=join_names(names))
    # TRANSLATORS: {names} are the names of the losing team's players
    return _("{names} lose").format(names=join_names(names))


def team_wins(names: list[str], you: bool = False) -> str:
    """The winning team of team Durak: ``names`` its players other than the player at the
    screen, ``you`` whether that player is one of them."""
    if you and not names:
        return _("You win!")
    if you:
        # TRANSLATORS: team Durak, said to the player at the screen: their team wins;
        # {names} are their team-mates' names ("You and Clara win!")
        return _("You and {names} win!").format(names=join_names(names))
    # TRANSLATORS: team Durak: {names} are the names of the winning team's players
    return _("{names} win!").format(names=join_names(names))


def team_result(names: list[str], losers: list[int], mine: list[int]) -> str:
    """Team Durak's result from the side of the player at the screen (``mine``: the seats
    played at this screen; ``names``: every seat's name, ``losers``: the losing team): their
    team wins or loses ("You and Clara win!"); a hot-seat game whose people are on the
    winning team names it, any other game names the losers ("Ben and Daniel lose")."""
    you = local_seat(mine)
    winners = [s for s in range(len(names)) if s not in losers]
    if you is not None:
        side = losers if you in losers else winners
        words = team_loses if you in losers else team_wins
        return words([names[s] for s in side if s != you], True)
    if any(s in winners for s in mine):
        return team_wins([names[s] for s in winners])
    return team_loses([names[s] for s in losers])


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
