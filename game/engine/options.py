"""Every rule option, declared once: its key, type, values, default, what it needs, its words.

A family's options are the :class:`Option` entries of its tuple here (:data:`GURKA_OPTIONS`,
:data:`DURAK_OPTIONS`); a preset (:mod:`game.engine.registry`) changes their defaults.  Everything
else reads these declarations and lists no option key or value of its own: the validation and
the command line's ``--option KEY=VALUE`` (:mod:`game.engine.rulesets`), the records' option
checks (an option a record written before it existed may leave out: :attr:`Option.absent`),
the setup screen's widgets (:attr:`Option.offered`, :meth:`Option.values_for`) and the option
words of the interface (:mod:`game.ui.option_words`).

The words are gettext message ids, marked here for the catalogues and translated by the
interface when shown: ``N_(msgid)``, ``NP_(context, msgid)`` (a message with a context) and
``NN_(singular, plural)`` (a number's words, ``{n}`` in them).  The engine itself never
translates anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping


def N_(msgid: str) -> str:
    """A message id, for the catalogues (the interface translates it when it shows it)."""
    return msgid


def NP_(context: str, msgid: str) -> tuple[str, str]:
    """A message id with its context (``pgettext``)."""
    return (context, msgid)


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """The words of a number, singular and plural (``ngettext``, ``{n}`` in them)."""
    return (singular, plural)


#: :attr:`Option.absent` of an option every record must list
REQUIRED = object()


def _frozen(d: Mapping[Any, Any] | None = None) -> Mapping[Any, Any]:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True, eq=False)
class Option:
    """One rule option of a family (a key of the record format's options)."""

    key: str
    #: ``bool``, ``int`` or ``choice``
    kind: str
    #: the family's default (a preset may change it)
    default: object
    #: the option's short name (a message id)
    name: str
    #: one line explaining what it does (a message id)
    help: str = ""
    #: ``choice``: every value it may take (``None`` among them where it may be off)
    choices: tuple[Any, ...] = ()
    #: ``int``: (least, most)
    range: tuple[int, ...] = ()
    #: ``int``: null is a value too (no such rule)
    nullable: bool = False
    #: the values the setup screen offers (a preset's own value is always offered too);
    #: None: an on/off toggle (``bool``) or every choice in order
    offered: tuple[Any, ...] | None = None
    #: value -> its words (a message id, or ``NP_`` with a context)
    value_names: Mapping[Any, str | tuple[str, str]] = field(default_factory=_frozen)
    #: ``int``: the words of a number of it (``NN_``)
    unit: tuple[str, ...] = ()
    #: options that must be on (not false, not null) while this one is
    needs: tuple[str, ...] = ()
    #: options that must be off while this one is on
    excludes: tuple[str, ...] = ()
    #: value -> the number of players that value needs (team play); other values fit any count
    players: Mapping[Any, int] = field(default_factory=_frozen)
    #: the value a record written before this option existed plays with (REQUIRED: every
    #: record lists it)
    absent: object = REQUIRED
    #: ``(options -> bool, message id)``: help that says how it works with the other options,
    #: the first that applies instead of :attr:`help`
    helps: tuple[tuple[Callable[[Mapping[str, Any]], bool], str], ...] = ()

    # -- values ----------------------------------------------------------------------
    def problem(self, value: object) -> str | None:
        """None when ``value`` is one of this option's values, else the error code
        (``not_bool``, ``not_int``, ``not_choice``)."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else "not_bool"
        if self.kind == "int":
            if value is None and self.nullable:
                return None
            lo, hi = self.range
            ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
            return None if ok else "not_int"
        return None if value in self.choices else "not_choice"

    def is_on(self, value: object) -> bool:
        """Whether ``value`` turns the rule on (anything but false, null, 0)."""
        return value is not None and value is not False and value != 0

    def parse(self, text: str) -> Any:
        """A command-line value of this option in its type (the error code when it is none)."""
        low = text.strip().lower()
        if self.kind == "bool":
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError("not_bool")
        if self.kind == "choice" and text in self.choices:
            return text                    # ``none`` is a value of buyback, not null
        if low in ("null", "none", ""):
            return None
        if self.kind == "int":
            if len(low) > 12:
                raise ValueError("not_int")
            try:
                return int(text)
            except ValueError:
                raise ValueError("not_int") from None
        return text

    def values_for(self, players: int | None) -> tuple[Any, ...]:
        """:attr:`offered` without the values that need another number of players."""
        values = self.offered if self.offered is not None else self.choices
        return tuple(v for v in values if players is None or self.players.get(v, players) == players)

    def help_for(self, options: Mapping[str, Any]) -> str:
        """The message id of the help that fits the game's ``options``."""
        for when, msgid in self.helps:
            if when(options):
                return msgid
        return self.help


def _opts(*options: Option) -> Mapping[str, Option]:
    return MappingProxyType({o.key: o for o in options})


_POINTS = NN_("{n} point", "{n} points")
_CARDS = NN_("{n} card", "{n} cards")


# -- the Gurka family (RECORDS.md beside this file: "Options of the Gurka family") -----------------
GURKA_OPTIONS = _opts(
    Option("hand_size", "int", 6, N_("Cards per player"),
           N_("How many cards each player is dealt: 7 is usual, 5 or 6 make shorter deals. Eight "
              "players get at most 6."),
           range=(1, 52), offered=(7, 6, 5), unit=_CARDS,
           helps=((lambda o: bool(o.get("descending")),
                   N_("How many cards everyone gets in the first deal; each later deal gives one "
                      "fewer.")),)),
    Option("descending", "bool", False, N_("Shrinking hands"),
           N_("Each deal gives one card fewer than the one before, down to a single card.")),
    Option("rounds", "int", None, N_("Number of deals"),
           N_("Play a fixed number of deals; after the last one the lowest total wins."),
           range=(1, 52), nullable=True, value_names={None: N_("Until one is left")}),
    Option("reference", "choice", "previous", N_("Card to match"),
           N_("Which card a follower must reach: the one played just before, or the highest card "
              "in the trick so far."),
           choices=("previous", "highest"),
           value_names={"previous": N_("The card just before"),
                        "highest": N_("The highest in the trick")}),
    Option("optional_lowest", "bool", False, N_("Lowest card always allowed"),
           N_("You may always play your lowest card instead, even when you could reach the card "
              "to match."),
           helps=((lambda o: bool(o.get("multi_lead")),
                   N_("After a single card is led, you may always play your lowest card, even when "
                      "you could reach the card to match. (After a lead of several cards, your "
                      "lowest cards are always allowed anyway.)")),)),
    Option("no_ace_on_ace", "bool", False, N_("No ace on an ace"),
           N_("Nobody may play an ace on an ace: once an ace is in the trick, every later player "
              "must play their lowest card."),
           # the Swedish card to match (the card just before) binds only the next player
           helps=((lambda o: o.get("reference") == "previous",
                   N_("Nobody may play an ace on an ace: the player right after an ace must play "
                      "their lowest card. (With the highest card in the trick as the card to match, "
                      "every later player must.)")),)),
    Option("lead_lowest", "bool", False, N_("Lead your lowest"),
           N_("Whoever leads a trick must lead one of their lowest cards.")),
    Option("nearest_above", "bool", False, N_("Nearest card above"),
           N_("When you must reach the card to match, you must use the lowest card that does "
              "it.")),
    Option("twos_rule", "bool", False, N_("Twos rule"),
           N_("When a 2 is led, everyone who holds a 2 must play a 2.")),
    Option("multi_lead", "bool", False, N_("Lead several cards"),
           N_("The leader may lead several cards of one rank; everyone else then plays that many "
              "cards.")),
    Option("top_card", "choice", None, N_("Top card"),
           N_("A special card above the ace: the six of clubs, or all four sevens."),
           choices=(None, "6C", "7"),
           value_names={None: NP_("top card", "None"), "6C": N_("Six of clubs"), "7": N_("Sevens")}),
    Option("top_value", "int", 21, N_("Value of the top card"),
           N_("Penalty points for losing the last trick with the top card: 21, or 7."),
           range=(0, 100), offered=(21, 7), unit=_POINTS),
    Option("ace_value", "int", 14, N_("Ace costs 1 point"),
           N_("An ace still ranks highest in play, but costs only 1 point in the last trick."),
           range=(0, 100), unit=_POINTS),
    Option("tie_rule", "choice", "all", N_("Tie in the last trick"),
           N_("When the highest rank in the last trick is tied: everyone who played it scores, or "
              "only the last of them."),
           choices=("all", "last"), offered=("last", "all"),
           value_names={"all": N_("All tied players score"), "last": N_("Only the last one scores")}),
    Option("limit", "int", 30, N_("Points limit"), N_("The total of points that knocks a player out."),
           range=(1, 1000), offered=(30, 20, 21), unit=_POINTS,
           helps=((lambda o: o.get("rounds") is not None,
                   N_("Not used: the game lasts a fixed number of deals, the points simply add up.")),
                  (lambda o: o.get("out_rule") == "exceed",
                   N_("Go above this total and you are out; land exactly on it and you drop back "
                      "to 0.")))),
    Option("out_rule", "choice", "reach", N_("Going out"),
           N_("Out on reaching the limit, or only above it (landing exactly on it resets you to "
              "0)."),
           choices=("reach", "exceed"),
           value_names={"reach": N_("At the limit or above"), "exceed": N_("Above the limit")}),
    Option("score_piles", "bool", False, N_("Penalty piles"),
           N_("Losing cards lie face up in front of their owner and stay out of the deck while "
              "they count."),
           needs=("descending",)),
    Option("lives", "int", 0, N_("Lives"),
           N_("Play with lives instead of points: every lost deal costs a life, and with none left "
              "you are out."),
           range=(0, 100), offered=(0, 3, 4, 5),
           # TRANSLATORS: {n} is a number of lives
           unit=NN_("{n} life", "{n} lives"), value_names={0: N_("Play for points")}),
    Option("buyback", "choice", "none", N_("Buying back in"),
           N_("Once per game you may buy back in while at least three others are still in; you "
              "get the highest total among them."),
           choices=("none", "stake", "free", "worst"), offered=("stake", "free", "none"),
           value_names={"none": N_("Not allowed"), "stake": N_("For a new stake"), "free": N_("Free"),
                        "worst": N_("Danish buy-in")},
           helps=((lambda o: o.get("buyback") == "worst",
                   N_("Once each, right after being knocked out and while someone else is still in, "
                      "you may come back with the points of the worst-placed player still in.")),
                  (lambda o: o.get("buyback") == "free",
                   N_("Everyone may buy back in once without paying a new stake.")))),
    Option("stake", "int", 0, N_("Stake"),
           N_("Chips each player puts into the pot before the first deal; the winner takes the "
              "pot."),
           range=(0, 10000), offered=(10, 5, 20, 0), unit=NN_("{n} chip", "{n} chips")),
    Option("exchange", "bool", False, N_("Card exchange"),
           N_("Before play, each player may swap cards with the undealt stock; the first player "
              "sets how many anyone may swap.")),
)


# -- Durak (RECORDS.md beside this file: "Options of Durak") --------------------------------------
DURAK_OPTIONS = _opts(
    Option("teams", "choice", None, N_("Teams"),
           N_("Four players can play two against two, and six players three against three; partners "
              "never sit side by side, and a team wins or loses together."),
           choices=(None, "2v2", "3v3"), players={"2v2": 4, "3v3": 6},
           value_names={None: N_("Everyone for themselves"), "2v2": N_("Two against two"),
                        "3v3": N_("Three against three")}),
    Option("neighbours_only", "bool", False, N_("Only neighbours attack"),
           N_("Only the defender's two neighbours and the opening attacker may attack (usual with "
              "five or six players).")),
    Option("max_attack", "int", 6, N_("Attack limit"), N_("The most attacking cards allowed in one bout."),
           range=(1, 6), offered=(6, 5, 4), unit=_CARDS),
    Option("transfer", "bool", False,
           # TRANSLATORS: Durak: the variant where the defender may pass the attack on to the
           # next player (Russian "perevodnoy")
           N_("Passing the attack on"),
           N_("Before beating anything, the defender may add a card of the attack's rank and pass "
              "the whole attack on to the next player, who must then answer every card."),
           absent=False),
    Option("transfer_show", "bool", False,
           # TRANSLATORS: Durak, a variant of passing the attack on: the defender shows a trump
           # of the attack's rank instead of playing it
           N_("Show a trump to pass on"),
           N_("The defender may pass the attack on by showing the trump of its rank and keeping "
              "it; each trump can be shown once per bout."),
           needs=("transfer",), absent=False),
    Option("first_bout_max", "int", None,
           # TRANSLATORS: Durak: a house rule, at most five attack cards in a bout until the
           # first bout whose defence held (its cards go to the discard pile)
           N_("Five cards until the first discard"),
           N_("Until a defence first holds and its cards are discarded, a bout may hold at most "
              "five attack cards; after that, the usual limit."),
           range=(1, 6), nullable=True, unit=_CARDS,
           # TRANSLATORS: Durak: the house rule of fewer cards until the first discard is off
           value_names={None: N_("No such limit")}, absent=None),
)


#: every declared option by key (keys are unique across the families)
DECLARED: Mapping[str, Option] = MappingProxyType({**GURKA_OPTIONS, **DURAK_OPTIONS})


def declared(key: object) -> Option | None:
    """The declaration of the option ``key`` in any family, or None."""
    return DECLARED.get(key) if isinstance(key, str) else None


def defaults(options: Mapping[str, Option]) -> Mapping[str, Any]:
    """Every option key of a family with its default (the record format's option table)."""
    return MappingProxyType({k: o.default for k, o in options.items()})


__all__ = ["Option", "GURKA_OPTIONS", "DURAK_OPTIONS", "DECLARED", "REQUIRED", "declared", "defaults",
           "N_", "NP_", "NN_"]
