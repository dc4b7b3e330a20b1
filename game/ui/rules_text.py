"""What the interface says about each ruleset, found through its registry entry.

The catalogue (:data:`CATALOGUE`) is keyed by the registry's entries
(:mod:`game.engine.registry`), never by ruleset ids: each preset's name in the interface
language, its country and origin, the two lines on the setup screen, its rules text
(:mod:`.rules_sections`) and what it says of a variant its own way.  A preset registered
without an entry here (one made at run time from existing options) gets texts made from its
family and its options (:func:`made_texts`), never an error.  The words of the options
themselves are :mod:`.option_words`'.

Everything is built when asked for, through gettext, so it is always in the current
language.  A rules text is a list of :class:`Section` (a title and paragraphs); a
paragraph that starts with ``• `` is a bullet, and the variants section has
(label, explanation) pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from ..engine.registry import (AGURK_DK, AGURK_NO, DURAK_RU, DURAK_TRANSFER, GURKA_IS, GURKA_IS7,
                               GURKA_SE, Ruleset, find_ruleset, rulesets)
from ..i18n import _, ngettext, pgettext
from . import option_words
from . import rules_sections
from .rules_sections import Section


@dataclass(frozen=True)
class RulesetTexts:
    """Everything the interface says about one preset (each text built when asked for)."""

    #: the game's name in the interface language
    name: Callable[[], str]
    #: where the rules come from, shown under the name in lists ("Swedish")
    country: Callable[[], str]
    #: beside the name in a title ("Swedish rules")
    origin: Callable[[], str]
    #: ``options -> str``: two lines on the setup screen, for the options chosen
    blurb: Callable[[dict], str]
    #: ``variants section -> sections``: the rules text (:mod:`.rules_sections`)
    sections: Callable[[Section], list[Section]]
    #: option key -> what this preset says of that variant its own way
    option_help: Mapping[str, Callable[[], str]] = field(default_factory=lambda: MappingProxyType({}))


def _out_at(opts: dict) -> str:
    """The knock-out of a game played for points or lives, in one sentence."""
    if opts.get("lives"):
        # TRANSLATORS: Danish Agurk played with lives; {n} is 3 to 5
        return ngettext("{n} life each: every lost deal costs one.",
                        "{n} lives each: every lost deal costs one.", opts["lives"]).format(n=opts["lives"])
    # TRANSLATORS: the points limit that knocks a player out
    return _("Out at {n} points.").format(n=opts.get("limit"))


CATALOGUE: dict[Ruleset, RulesetTexts] = {
    GURKA_SE: RulesetTexts(
        # TRANSLATORS: the name of a game in the lists and titles; "Gurka", "Agurk", "Gúrka"
        # and "Durak" are the games' own names (keep them, or write them as your language does)
        lambda: pgettext("game name", "Gurka"),
        # TRANSLATORS: the ruleset's origin, shown under its name
        lambda: _("Swedish"),
        # TRANSLATORS: the origin of a ruleset, shown next to its name ("Gurka – Swedish rules")
        lambda: _("Swedish rules"),
        lambda o: _("Avoid holding the highest card in the last trick; the last player left takes "
                    "the pot.") + " " + _out_at(o),
        rules_sections.gurka_se,
        MappingProxyType({
            "limit": lambda: _("The total that knocks a player out: 30, or 20 for a shorter game."),
        })),
    AGURK_DK: RulesetTexts(
        lambda: pgettext("game name", "Agurk"),
        lambda: _("Danish"),
        lambda: _("Danish rules"),
        lambda o: _("Danish 21: the highest card so far must be matched; no ace on an ace.") + " "
        + _out_at(o),
        rules_sections.agurk_dk,
        MappingProxyType({
            "limit": lambda: _("The total that knocks a player out: 21, or 30 for a longer game. Not "
                               "used when playing with lives."),
            "buyback": lambda: _("Once each, right after being knocked out and while someone else is "
                                 "still in, you may come back with the points of the worst-placed "
                                 "player still in."),
        })),
    AGURK_NO: RulesetTexts(
        lambda: pgettext("game name", "Agurk"),
        lambda: _("Norwegian"),
        lambda: _("Norwegian rules"),
        lambda o: _("Norwegian Agurk: you must match the highest card in the trick when you can, "
                    "and play your lowest when you cannot. Out at 30."),
        rules_sections.agurk_no,
        MappingProxyType({
            "limit": lambda: _("The total that knocks a player out: 30, or 20 for a shorter game."),
        })),
    GURKA_IS: RulesetTexts(
        lambda: pgettext("game name", "Gúrka"),
        lambda: _("Icelandic"),
        lambda: _("Icelandic rules"),
        lambda o: _("Icelandic: ten cards down to one, pairs may be led, the 6 of clubs is the top "
                    "card. Exactly 21 resets to zero; above 21 is out."),
        rules_sections.gurka_is),
    GURKA_IS7: RulesetTexts(
        lambda: pgettext("game name", "Seven-round Gúrka"),
        lambda: _("Icelandic, seven rounds"),
        lambda: _("Icelandic rules, seven deals"),
        lambda o: _("Seven rounds from seven cards down to one, sevens are highest, exchange cards "
                    "before each round. Fewest points wins."),
        rules_sections.gurka_is7,
        MappingProxyType({
            "limit": lambda: _("Not used: seven-round Gúrka has no limit, the points simply add up."),
        })),
    DURAK_RU: RulesetTexts(
        lambda: pgettext("game name", "Durak"),
        lambda: _("Russian, podkidnoy"),
        lambda: _("Russian rules (Podkidnoy)"),
        lambda o: _("Get rid of all your cards. Beat attacks with higher cards of the suit or trumps; "
                    "the last player holding cards is the durak."),
        rules_sections.durak),
    DURAK_TRANSFER: RulesetTexts(
        # TRANSLATORS: the name of transfer Durak (Russian "perevodnoy durak", where the defender
        # may pass the attack on) in the lists and titles, as players in your country call it
        lambda: pgettext("game name", "Transfer Durak"),
        # TRANSLATORS: transfer Durak's origin, shown under its name ("perevodnoy" is its Russian
        # name; write it as your language spells Russian)
        lambda: _("Russian, perevodnoy"),
        lambda: _("Russian rules (Perevodnoy)"),
        lambda o: _("Durak in which the defender may pass the attack on to the next player with a "
                    "card of the same rank. The last player holding cards is the durak."),
        rules_sections.durak_transfer),
}


def texts(rules: str) -> RulesetTexts:
    """Everything the interface says about ``rules``: its catalogue entry, or for a preset
    without one, texts made from its family and options (:func:`made_texts`)."""
    entry = find_ruleset(rules)
    return CATALOGUE.get(entry) or made_texts(entry)


# -- a preset without texts of its own ---------------------------------------------------

def made_texts(entry: Ruleset) -> RulesetTexts:
    """Texts for a preset registered without an entry in :data:`CATALOGUE`: shown under its
    own name as house rules of the first preset of its family that has texts, with every
    option of the game stated and explained (:mod:`.option_words`), so that nothing is
    claimed that its options do not say."""
    base = next((r for r in rulesets(entry.family) if r in CATALOGUE), None)

    def house_game(_opts=None) -> str:
        # TRANSLATORS: a game set up from options at run time; {game} is a game's name and
        # origin, such as "Gurka – Swedish rules"
        return _("Your own variant of {game}, set up as below.").format(
            game=rules_title(base.id) if base else entry.family.name)

    def sections(variants: Section) -> list[Section]:
        every = [(f"{option_words.option_label(k)}: {option_words.option_value_label(k, v)}", option_words.option_help(k, entry.options))
                 for k, v in entry.options.items()]
        return [Section(_("Overview"), [house_game()]),
                Section(_("The rules of this game"), items=every),
                variants]

    # TRANSLATORS: where a game set up from options at run time comes from (under its name)
    return RulesetTexts(lambda: entry.native_name, lambda: _("House rules"), lambda: _("House rules"),
                        house_game, sections)


# -- names ---------------------------------------------------------------------------

def ruleset_name(rules: str) -> str:
    """The game's name in the interface language."""
    return texts(rules).name()


def native_name(rules: str) -> str:
    """The game's own name in its own country (never translated)."""
    return find_ruleset(rules).native_name


def ruleset_country(rules: str) -> str:
    return texts(rules).country()


def ruleset_blurb(rules: str, opts: dict | None = None) -> str:
    """Two lines on the setup screen: what the game is about (``opts``: the options chosen,
    for the limit or the lives they set; the ruleset's own when None)."""
    return texts(rules).blurb({**find_ruleset(rules).options, **(opts or {})})


def ruleset_origin(rules: str) -> str:
    """Where the ruleset comes from, in the current language."""
    return texts(rules).origin()


def rules_title(rules: str) -> str:
    """The rules text's title: the name, its own name beside it where that differs, and the
    origin."""
    name, native = ruleset_name(rules), native_name(rules)
    shown = name if native == name else f"{name} ({native})"
    return f"{shown} – {ruleset_origin(rules)}"


# -- variants -------------------------------------------------------------------------

def option_keys(rules: str) -> tuple[str, ...]:
    """The variants this ruleset shows first on the setup screen and in its rules text."""
    return find_ruleset(rules).variants


def option_help(rules: str, key: str) -> str:
    """One line explaining an option of ``rules`` (a variant name of
    :data:`.option_words.ALIASES` or a record option key): the preset's own words for it, else
    the option's (:mod:`.option_words`)."""
    own = texts(rules).option_help.get(key)
    return own() if own else option_words.option_help(key, find_ruleset(rules).options)


def _variants_section(rules: str) -> Section:
    items = [(option_words.option_label(k), option_help(rules, k)) for k in option_keys(rules)]
    return Section(_("Variants"), [_("These can be changed on the new-game screen:")], items)


def sections(rules: str) -> list[Section]:
    """The rules text of ``rules`` in the current language."""
    return texts(rules).sections(_variants_section(rules))


def how_to_win(rules: str) -> str:
    """The short "how to win" of a ruleset, in one paragraph."""
    return " ".join(sections(rules)[-1].paragraphs)


def plain_text(rules: str) -> str:
    """The whole rules text as plain text (for tests and copying)."""
    out = [rules_title(rules), ""]
    for sec in sections(rules):
        out.append(sec.title)
        out.extend(sec.paragraphs)
        out.extend(f"• {label}: {text}" for label, text in sec.items)
        out.append("")
    return "\n".join(out)
