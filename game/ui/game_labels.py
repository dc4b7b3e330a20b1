"""The words that name a game on the menus: a ruleset with its country, a saved game
("Agurk (Danish) · Deal 4 · Anna, Björn, Karin"), a finished game's players, result and date.

One place for them, so that the Continue button, the list of saved games, the "replace
saved game?" question and the list of finished games say a game the same way.  A ruleset is
named as the interface names it (:func:`game.ui.rules_text.ruleset_name` with its
:func:`~game.ui.rules_text.ruleset_country`); a saved game's deal is the one Continue opens
(:mod:`game.ui.resume_point`).  Each part of a label keeps together when a text is wrapped
(no-break spaces inside it): a line breaks between the parts, never inside one.
"""

from __future__ import annotations

from ..engine.public import table_of
from ..i18n import _
from . import messages
from . import rules_text
from .names import shown_names

NBSP = "\u00a0"
#: between the parts of a label
SEP = " · "


def together(text: str) -> str:
    """``text`` that a wrapped line never breaks."""
    return text.replace(" ", NBSP)


def ruleset_label(rules: str) -> str:
    """The ruleset as the interface names it, its country included: "Agurk (Danish)"."""
    name, country = rules_text.ruleset_name(rules), rules_text.ruleset_country(rules)
    if not country:
        return name
    # TRANSLATORS: a game named on the menus with the country of its rules, e.g. "Agurk (Danish)",
    # "Gurka (Swedish)"; {country} is the word shown under the game's name in the setup's list
    return _("{game} ({country})").format(game=name, country=country)


def players_text(names: list[str]) -> str:
    """The players' names, each kept whole: "Anna, Björn, Karin" (a default name in the
    interface language, :func:`game.ui.names.shown_names`)."""
    return ", ".join(together(n) for n in shown_names(names))


def join(parts: list[str]) -> str:
    """Parts of a label, each kept whole, a line break allowed only between them."""
    return SEP.join(together(p) for p in parts if p)


def save_where(record: dict, session: dict) -> str:
    """Where a saved game stands as Continue opens it: "Deal 2", "Round 2 of 7", "Game 3"
    (Durak), or "" when there is nothing to say.  The deal is the one the table shows first
    (its family's :mod:`game.ui.resume_point` rule), not the newest of the record: a save
    made after a deal's last trick opens at that trick, so it names that deal; one made after
    the player went on to the next deal names the next."""
    # lazy: the families' table parts (~45 ms) load when a save is labelled, not with every list
    from .table.families import family_ui
    events = record["events"]
    upto = family_ui(record["rules"]).resume_from(events, session.get("seen"))
    if upto < len(events) and events[upto]["type"] == "deal":
        upto += 1           # a deal dealt again as the table opens: that deal is where it stands
    table = table_of({**record, "events": events[:upto]})
    deals = getattr(table, "deals", 0)
    rounds = table.options.get("rounds")
    game = session.get("game", 1)
    if deals and rounds:
        return _("Round {n} of {total}").format(n=deals, total=rounds)
    if deals:
        return _("Deal {n}").format(n=deals)
    if isinstance(game, int) and game > 1:
        return _("Game {n}").format(n=game)
    return ""


def network_mark(record: dict) -> str:
    """ "Network table" for a game played with others at their own computers, else ""."""
    if any(p.get("seat") == "net" for p in record["players"]):
        # TRANSLATORS: in a saved game's line on the menus: a game hosted on the network
        return _("Network table")
    return ""


def save_label(record: dict, session: dict) -> str:
    """A saved game in one line: "Agurk (Danish) · Deal 4 · Anna, Björn, Karin" (with
    "Network table" after the game when others played from their computers)."""
    return SEP.join([together(ruleset_label(record["rules"]))]
                    + [together(w) for w in [network_mark(record), save_where(record, session)] if w]
                    + [players_text([p["name"] for p in record["players"]])])


def result_text(end: dict, names: list[str], mine: list[int]) -> str:
    """A finished game's result as its end screen says it, from the seat of the player at
    this screen (``mine``: the seats played here): "You win!", "Björn is the durak!", "You and
    Clara win!".
    ``end``: ``kind`` (``win``, ``loser``: the durak, ``team``, ``draw``) and ``seats``."""
    you = messages.local_seat(mine)
    seats = end.get("seats", [])
    if end.get("kind") == "win":
        return messages.wins([names[s] for s in seats if s != you], you in seats)
    if end.get("kind") == "loser" and seats:
        return messages.is_durak(names[seats[0]], seats[0] == you)
    if end.get("kind") == "team":
        return messages.team_result(names, seats, mine)
    return _("A draw")


def when_text(iso: str) -> str:
    """When a game was finished or saved: "2026-05-12 19:30" (the ISO date every language
    here reads)."""
    return iso[:16].replace("T", " ")
