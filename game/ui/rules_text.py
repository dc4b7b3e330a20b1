"""The in-game rules of the six rulesets, written for this game in our own words.

Everything is built when asked for, through gettext, so it is always in the
current language.  The setup screen reuses the short explanations of the
variants through :func:`option_keys`, :func:`option_label`,
:func:`option_value_label` and :func:`option_help`.

A rules text is a list of :class:`Section` (a title and paragraphs); a
paragraph that starts with ``• `` is a bullet, and the variants section has
(label, explanation) pairs.
"""

from __future__ import annotations

from ..engine.registry import RULESET_IDS, find_ruleset
from ..i18n import _, ngettext, pgettext
from . import rules_sections as S
from .rules_sections import Section

#: every ruleset, in the order the lists show them (the registry's)
RULESETS = RULESET_IDS

#: Variant names that are not option keys, each a value of a record option (free buy-back,
#: the Danish buy-in, an ace worth one point).
ALIASES = {"free_buyback": "buyback", "buy_in": "buyback", "ace_scores_one": "ace_value"}

#: Every Gurka-family option key (game/engine/RECORDS.md), for house rules beyond a ruleset's own variants.
GURKA_KEYS = ("hand_size", "descending", "rounds", "reference", "optional_lowest", "no_ace_on_ace",
              "lead_lowest", "nearest_above", "twos_rule", "multi_lead", "top_card", "top_value",
              "ace_value", "tie_rule", "limit", "out_rule", "score_piles", "lives", "buyback",
              "stake", "exchange")
DURAK_KEYS = ("teams", "neighbours_only", "max_attack")


# -- names ---------------------------------------------------------------------------

def ruleset_name(rules: str) -> str:
    """The game's own name in its own country (not translated)."""
    return find_ruleset(rules).native_name


def ruleset_country(rules: str) -> str:
    return {
        # TRANSLATORS: the ruleset's origin, shown under its native name
        "gurka-se": _("Swedish"),
        "agurk-dk": _("Danish"),
        "agurk-no": _("Norwegian"),
        "gurka-is": _("Icelandic"),
        "gurka-is7": _("Icelandic, seven rounds"),
        "durak": _("Russian, podkidnoy"),
    }.get(rules, "")


def ruleset_blurb(rules: str, opts: dict | None = None) -> str:
    """Two lines on the setup screen: what the game is about (``opts``: the options chosen,
    for the limit or the lives they set; the ruleset's own when None)."""
    opts = {**find_ruleset(rules).options, **(opts or {})}
    if opts.get("lives"):
        # TRANSLATORS: Danish Agurk played with lives; {n} is 3 to 5
        out = ngettext("{n} life each: every lost deal costs one.",
                       "{n} lives each: every lost deal costs one.", opts["lives"]).format(n=opts["lives"])
    else:
        # TRANSLATORS: the points limit that knocks a player out
        out = _("Out at {n} points.").format(n=opts.get("limit"))
    return {
        "gurka-se": _("Avoid holding the highest card in the last trick; the last player left takes "
                      "the pot.") + " " + out,
        "agurk-dk": _("Danish 21: the highest card so far must be matched; no ace on an ace.") + " " + out,
        "agurk-no": _("Norwegian Agurk: you must match the highest card in the trick when you "
                      "can, and play your lowest when you cannot. Out at 30."),
        "gurka-is": _("Icelandic: ten cards down to one, pairs may be led, the 6 of clubs is the top "
                      "card. Exactly 21 resets to zero; above 21 is out."),
        "gurka-is7": _("Seven rounds from seven cards down to one, sevens are highest, exchange cards "
                       "before each round. Fewest points wins."),
        "durak": _("Get rid of all your cards. Beat attacks with higher cards of the suit or trumps; "
                   "the last player holding cards is the durak."),
    }[rules]


def ruleset_origin(rules: str) -> str:
    """Where the ruleset comes from, in the current language."""
    return {
        # TRANSLATORS: the origin of a ruleset, shown next to its name ("Gurka – Swedish rules")
        "gurka-se": _("Swedish rules"),
        "agurk-dk": _("Danish rules"),
        "agurk-no": _("Norwegian rules"),
        "gurka-is": _("Icelandic rules"),
        "gurka-is7": _("Icelandic rules, seven deals"),
        "durak": _("Russian rules (Podkidnoy)"),
    }.get(rules, "")


def rules_title(rules: str) -> str:
    return f"{ruleset_name(rules)} – {ruleset_origin(rules)}"


# -- variants -------------------------------------------------------------------------

def option_keys(rules: str) -> tuple[str, ...]:
    """The variants this ruleset shows first on the setup screen and in its rules text."""
    return find_ruleset(rules).variants


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


def option_help(rules: str, key: str) -> str:
    """One line explaining an option (a variant name of :data:`ALIASES` or a record option key)."""
    alias = key
    key = ALIASES.get(key, key)
    if alias == "free_buyback":
        return _("Everyone may buy back in once without paying a new stake.")
    if alias == "buy_in" or (key == "buyback" and rules == "agurk-dk"):
        return _("Once each, right after being knocked out and while someone else is still in, "
                 "you may come back with the points of the worst-placed player still in.")
    if key == "limit":
        if rules == "agurk-dk":
            return _("The total that knocks a player out: 21, or 30 for a longer game. Not "
                     "used when playing with lives.")
        if rules in ("gurka-is",):
            return _("Go above this total and you are out; land exactly on it and you drop back "
                     "to 0.")
        if rules == "gurka-is7":
            return _("Not used: seven-round Gúrka has no limit, the points simply add up.")
        return _("The total that knocks a player out: 30, or 20 for a shorter game.")
    if key == "no_ace_on_ace" and find_ruleset(rules).options.get("reference") == "previous":
        # the Swedish card to match (the card just before) binds only the next player
        return _("Nobody may play an ace on an ace: the player right after an ace must play "
                 "their lowest card. (With the highest card in the trick as the card to match, "
                 "every later player must.)")
    if key == "optional_lowest" and find_ruleset(rules).options.get("multi_lead"):
        return _("After a single card is led, you may always play your lowest card, even when "
                 "you could reach the card to match. (After a lead of several cards, your lowest "
                 "cards are always allowed anyway.)")
    if key == "hand_size" and rules in ("gurka-is", "gurka-is7"):
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
        "teams": _("Four players can play two against two, six three against three, partners "
                   "never side by side; a team wins or loses together."),
        "neighbours_only": _("Only the defender's two neighbours and the opening attacker may "
                             "attack (usual with five or six players)."),
        "max_attack": _("The most attacking cards allowed in one bout."),
    }
    return helps.get(key, "")


# -- shared paragraphs ------------------------------------------------------------------

# -- the variants section ------------------------------------------------------------------

def _variants_section(rules: str) -> Section:
    items = [(option_label(k), option_help(rules, k)) for k in option_keys(rules)]
    return Section(_("Variants"), [_("These can be changed on the new-game screen:")], items)


_TEXTS = {"gurka-se": S.gurka_se, "agurk-dk": S.agurk_dk, "agurk-no": S.agurk_no,
          "gurka-is": S.gurka_is, "gurka-is7": S.gurka_is7, "durak": S.durak}


def sections(rules: str) -> list[Section]:
    """The rules text of ``rules`` in the current language."""
    if rules not in _TEXTS:
        raise ValueError(f"unknown ruleset {rules!r}")
    return _TEXTS[rules](_variants_section(rules))


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
