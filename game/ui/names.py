"""Seat names: AI opponents named as players of the interface language would be, and the
default names of human seats.

The AI names are everyday first names of each country, mixed women and men, none longer
than the setup screen's name box; a Danish game never seats a "Björn".  Only the
nominative form is needed: every sentence a name goes into is written so that the name
stays as it is (Icelandic names inflect, so those sentences keep the name the subject).
"""

from __future__ import annotations

from .. import i18n
from ..i18n import N_, _

#: language -> first names for AI seats (seat i gets the i-th name)
AI_NAMES: dict[str, tuple[str, ...]] = {
    "sv": ("Astrid", "Björn", "Karin", "Lennart", "Maja", "Sven", "Ingrid", "Olle", "Elsa",
           "Gunnar"),
    "da": ("Freja", "Mads", "Karen", "Søren", "Mette", "Jens", "Ida", "Niels", "Lone", "Bent"),
    "nb": ("Kari", "Ola", "Solveig", "Håkon", "Ingrid", "Lars", "Guri", "Per", "Sigrid", "Odd"),
    "is": ("Guðrún", "Gunnar", "Sigríður", "Jón", "Katrín", "Baldur", "Helga", "Einar", "Sigga",
           "Ólafur"),
    "en": ("Alice", "Ben", "Clara", "Daniel", "Emma", "Frank", "Grace", "Henry", "Lucy",
           "Oliver"),
}


def ai_names(lang: str | None = None) -> list[str]:
    """The AI seat names for ``lang`` (default: the interface language; unknown: English)."""
    lang = i18n.current_language() if lang is None else i18n.normalize(lang)
    return list(AI_NAMES.get(lang or "en", AI_NAMES["en"]))


def ai_name(seat: int, lang: str | None = None) -> str:
    """The default name of an AI in ``seat`` (0-based)."""
    names = ai_names(lang)
    return names[seat % len(names)]


def is_default_ai_name(name: str) -> bool:
    """True for any language's AI name (so a renamed seat keeps what the player typed)."""
    return any(name in names for names in AI_NAMES.values())


# TRANSLATORS: the default name of a human seat; {n} is its number (1, 2, ...)
_PLAYER = N_("Player {n}")


def human_name(n: int) -> str:
    """The default name of the ``n``-th human seat (from 1): a name, never a pronoun."""
    return _(_PLAYER).format(n=n)


def default_human_number(name: object) -> int | None:
    """The number ``n`` when ``name`` is the default name of a human seat in any language
    ("Player 2", "Spelare 2", "Spilari 2"), else None."""
    if not isinstance(name, str):
        return None
    for lang in i18n.LANGUAGES:
        head, _n, tail = i18n.gettext_in(lang, _PLAYER).partition("{n}")
        middle = name[len(head):len(name) - len(tail)] if len(name) > len(head) + len(tail) else ""
        if name.startswith(head) and name.endswith(tail) and middle.isdigit() and middle.isascii():
            return int(middle)
    return None


def name_in_language(name: str, seat: int, human: bool) -> str:
    """A seat's name as the interface language gives it: a default name of any language
    (a human's "Player 2", an AI's "Björn") becomes this language's default for the seat
    (``seat`` 0-based, for an AI); a name the player typed stays as it is."""
    if human:
        n = default_human_number(name)
        return human_name(n) if n is not None else name
    return ai_name(seat) if is_default_ai_name(name) else name


def shown_names(names: list[str]) -> list[str]:
    """Seats' names as this screen shows them: a default name of a human seat in any
    language ("Spelare 2", made in Swedish and never typed) in the interface language
    ("Player 2"); a name the player typed as it is.  A default name whose new form is another
    seat's name stays as it was (two seats are never shown by one name)."""
    out = list(names)
    for i, name in enumerate(names):
        n = default_human_number(name)
        new = human_name(n) if n is not None else name
        if new != name and new not in out:
            out[i] = new
    return out


def shown_players(players: list[dict]) -> list[dict]:
    """The players (``name``, ``seat``) with their names as :func:`shown_names` shows them."""
    names = shown_names([p["name"] for p in players])
    return [dict(p, name=name) for p, name in zip(players, names)]
