"""The ruleset registry: one frozen entry per ruleset id (python-chess's ``find_variant``).

Everything that differs between rulesets is data on its :class:`Ruleset`: the family
(the shared mechanism that plays it), the preset options, the player range, the native
name, the country, the variants shown first, and the short game the ``--demo`` plays.
Ruleset ids and family names are written here and nowhere else in the engine, the AI or
the UI (the rules texts aside): code asks the entry, never ``if rules == ...``.

Adding a preset is one :func:`register` call here (at run time too) plus, for texts of
its own, its entry in :mod:`game.ui.rules_text` (keyed by the entry this call returns).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Union

from .cards import FULL_DECK, SHORT_DECK
from .errors import OptionError
from .options import DURAK_OPTIONS, GURKA_OPTIONS, Option, defaults

if TYPE_CHECKING:       # (types only: the registry loads no family until a table of it is made)
    from .base import GameState
    from .hidden import FamilyPosition, Legal
    from .durak.public import DurakTable  # lazy: a family loads only when a table of it is made
    from .gurka.public import GurkaTable  # lazy: a family loads only when a table of it is made

#: a public table of any family (:meth:`Ruleset.new_public`; :mod:`game.engine.public` folds it)
PublicTable = Union["GurkaTable", "DurakTable"]


def _frozen(d: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True, eq=False)
class Family:
    """A shared mechanism (a state machine and its public fold) that plays several rulesets."""

    name: str
    #: every option of the family, declared once (:mod:`game.engine.options`)
    options: Mapping[str, Option]
    #: ``(ruleset, options, players, **kw) -> GameState`` (imported lazily: no cycles)
    make_state: Callable[..., GameState] = field(repr=False)
    #: ``(ruleset, options, players) -> public table`` (:mod:`game.engine.public`)
    make_public: Callable[[Ruleset, Mapping[str, Any], list[dict[str, Any]]], PublicTable] = \
        field(repr=False)
    #: ``(view, public table, legal) -> FamilyPosition`` (:mod:`game.engine.determinize`)
    make_position: Callable[[dict[str, Any], Any, Legal | None], FamilyPosition] = \
        field(repr=False)
    #: the cards the family plays with (card ints, :mod:`game.engine.cards`)
    deck: tuple[int, ...] = FULL_DECK
    #: the types of decision its legal actions can have (a network joiner refuses others)
    actions: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return f"<Family {self.name}>"

    @property
    def defaults(self) -> Mapping[str, Any]:
        """Every option key of the family with its default (the option tables of RECORDS.md)."""
        return defaults(self.options)


def _gurka_state(ruleset: Ruleset, options: Mapping[str, Any], players: list[dict[str, Any]],
                 **kw: Any) -> GameState:
    from .gurka.state import GurkaState  # lazy: a family loads only when a table of it is made
    return GurkaState(ruleset.id, options, players, **kw)


def _durak_state(ruleset: Ruleset, options: Mapping[str, Any], players: list[dict[str, Any]],
                 **kw: Any) -> GameState:
    from .durak.state import DurakState  # lazy: a family loads only when a table of it is made
    return DurakState(options, players, rules=ruleset.id, **kw)


def _gurka_public(ruleset: Ruleset, options: Mapping[str, Any],
                  players: list[dict[str, Any]]) -> GurkaTable:
    from .gurka.public import GurkaTable  # lazy: a family loads only when a table of it is made
    return GurkaTable(ruleset.id, options, players)


def _durak_public(ruleset: Ruleset, options: Mapping[str, Any],
                  players: list[dict[str, Any]]) -> DurakTable:
    from .durak.public import DurakTable  # lazy: a family loads only when a table of it is made
    return DurakTable(ruleset.id, options, players)


# (``table``: the view's public table, of this family: :class:`game.engine.determinize.Position`
# folds it with the family's own ``make_public``)
def _gurka_position(view: dict[str, Any], table: GurkaTable,
                    legal: Legal | None) -> FamilyPosition:
    from .gurka.determinize import FamilyPosition  # lazy: a family loads only when a table of it is made
    return FamilyPosition(view, table, legal)


def _durak_position(view: dict[str, Any], table: DurakTable,
                    legal: Legal | None) -> FamilyPosition:
    from .durak.determinize import FamilyPosition  # lazy: a family loads only when a table of it is made
    return FamilyPosition(view, table, legal)


GURKA = Family("gurka", GURKA_OPTIONS, _gurka_state, _gurka_public, _gurka_position,
               actions=frozenset({"play", "exchange", "buyback", "pass"}))

DURAK = Family("durak", DURAK_OPTIONS, _durak_state, _durak_public, _durak_position, SHORT_DECK,
               actions=frozenset({"attack", "defend", "take", "pass", "swap", "transfer"}))

FAMILIES = (GURKA, DURAK)


@dataclass(frozen=True, eq=False)
class Ruleset:
    id: str
    family: Family
    #: the preset: every option of the family with this ruleset's values
    options: Mapping[str, Any]
    #: (min, max) players before the hand-size limit is applied
    players: tuple[int, int]
    default_players: int
    #: the game's own name in its own country (never translated)
    native_name: str
    #: ISO 3166 code of the country the rules come from
    country: str
    #: the variants (option keys) the setup screen and the rules text show first, in order
    variants: tuple[str, ...] = ()
    #: values the setup screen offers for an option, where they differ from the usual ones
    variant_values: Mapping[str, tuple[Any, ...]] = field(default_factory=_frozen)
    #: options shown as an on/off toggle over a record value: key -> (value on, value off)
    toggles: Mapping[str, tuple[Any, Any]] = field(default_factory=_frozen)
    #: the short game of ``--demo``: (players, option overrides)
    demo: tuple[int, Mapping[str, Any]] = (0, _frozen())
    #: options whose default depends on the player count: key -> (min players, value)
    crowd_defaults: Mapping[str, tuple[int, Any]] = field(default_factory=_frozen)

    def __repr__(self) -> str:
        return f"<Ruleset {self.id}>"

    def new_state(self, options: Mapping[str, Any], players: list[dict[str, Any]],
                  **kw: Any) -> GameState:
        return self.family.make_state(self, options, players, **kw)

    def new_public(self, options: Mapping[str, Any], players: list[dict[str, Any]]) -> PublicTable:
        return self.family.make_public(self, options, players)


_REGISTRY: dict[str, Ruleset] = {}


def register(rid: str, family: Family, overrides: Mapping[str, Any], players: tuple[int, int],
             default: int, native: str, country: str, variants: tuple[str, ...] = (),
             values: Mapping[str, tuple[Any, ...]] | None = None,
             toggles: Mapping[str, tuple[Any, Any]] | None = None,
             demo: tuple[int, Mapping[str, Any] | None] = (0, None),
             crowd: Mapping[str, tuple[int, Any]] | None = None) -> Ruleset:
    """Add a preset of ``family`` (its options: the family's defaults with ``overrides``) and
    return its entry; it is shown after those registered before it.  Everything the
    interface says about it is found through the entry (:mod:`game.ui.rules_text`); a
    preset without texts of its own gets texts made from its family and options."""
    if not isinstance(rid, str) or not rid or rid in _REGISTRY:
        raise ValueError(f"ruleset id {rid!r} is empty or registered already")
    unknown = (set(overrides) | set(variants) | set(values or {}) | set(toggles or {})
               | set(crowd or {})) - set(family.defaults)
    if unknown:
        raise ValueError(f"{rid}: options {sorted(unknown)} are not {family.name} options")
    given = ([("preset", k, v) for k, v in overrides.items()]
             + [("offered", k, v) for k, vs in (values or {}).items() for v in vs]
             + [("toggle", k, v) for k, vs in (toggles or {}).items() for v in vs]
             + [("crowd", k, v) for k, (_least, v) in (crowd or {}).items()])
    for what, key, value in given:          # every value one the option's declaration allows
        if family.options[key].problem(value):
            raise ValueError(f"{rid}: the {what} value {value!r} is not one of {key}'s")
    lo, hi = players
    if not 2 <= lo <= default <= hi:
        raise ValueError(f"{rid}: players {players} and the default {default} do not fit")
    entry = Ruleset(rid, family, _frozen({**family.defaults, **overrides}), (lo, hi), default,
                    native, country, tuple(variants), _frozen(values), _frozen(toggles),
                    (demo[0] or lo, _frozen(demo[1])), _frozen(crowd))
    _REGISTRY[rid] = entry
    return entry


def unregister(rid: str) -> None:
    """Take a preset out again (one registered at run time); unknown ids are ignored."""
    _REGISTRY.pop(rid, None)


#: seven cards each would need 56 with eight players: they get six each
EIGHT_GET_SIX = {"hand_size": (8, 6)}

GURKA_SE = register("gurka-se", GURKA, {"buyback": "stake", "stake": 10}, (3, 8), 4, "Gurka", "SE",
                    ("optional_lowest", "reference", "no_ace_on_ace", "lead_lowest", "limit",
                     "buyback", "stake"),
                    values={"limit": (30, 20)}, demo=(4, {"limit": 20}))
AGURK_DK = register("agurk-dk", GURKA, {"hand_size": 7, "reference": "highest", "no_ace_on_ace": True,
                                        "limit": 21}, (3, 8), 4, "Agurk", "DK",
                    ("hand_size", "limit", "no_ace_on_ace", "ace_value", "nearest_above", "twos_rule",
                     "buyback", "lives"),
                    values={"limit": (21, 30)},
                    toggles={"ace_value": (1, 14), "buyback": ("worst", "none")}, demo=(4, {"lives": 3}),
                    crowd=EIGHT_GET_SIX)
AGURK_NO = register("agurk-no", GURKA, {"hand_size": 7, "reference": "highest"}, (3, 8), 4, "Agurk",
                    "NO", ("optional_lowest", "reference"), demo=(4, {}), crowd=EIGHT_GET_SIX)
GURKA_IS = register("gurka-is", GURKA, {"hand_size": 10, "descending": True, "reference": "highest",
                                        "optional_lowest": True, "multi_lead": True, "top_card": "6C",
                                        "tie_rule": "last", "limit": 21, "out_rule": "exceed",
                                        "score_piles": True}, (2, 4), 3, "Gúrka", "IS",
                    ("optional_lowest", "multi_lead", "lead_lowest"), demo=(3, {}))
GURKA_IS7 = register("gurka-is7", GURKA, {"hand_size": 7, "descending": True, "rounds": 7,
                                          "reference": "highest", "optional_lowest": True,
                                          "multi_lead": True, "top_card": "7", "tie_rule": "last",
                                          "limit": 21, "exchange": True},
                     (2, 5), 4, "Sjö umferða Gúrka", "IS",
                     ("top_value", "tie_rule", "multi_lead", "optional_lowest", "exchange"),
                     demo=(3, {"rounds": 3}))
#: "five until the first discard" (RULES 2.2) is a toggle over the record's value
FIRST_FIVE = {"first_bout_max": (5, None)}

DURAK_RU = register("durak", DURAK, {}, (2, 6), 3, "Durak", "RU",
                    ("teams", "neighbours_only", "max_attack", "first_bout_max"),
                    toggles=FIRST_FIVE, demo=(3, {}), crowd={"neighbours_only": (5, True)})
#: transfer Durak (perevodnoy, RULES 2.1): the defender may pass the attack on
DURAK_TRANSFER = register("durak-transfer", DURAK, {"transfer": True}, (2, 6), 3, "Переводной дурак",
                          "RU", ("transfer_show", "first_bout_max", "teams", "neighbours_only",
                                 "max_attack"),
                          toggles=FIRST_FIVE, demo=(3, {}), crowd={"neighbours_only": (5, True)})

#: the ruleset a new player is offered first
DEFAULT_RULESET = GURKA_SE.id
#: the ruleset ``--demo`` plays when none is named (its demo is the shortest)
DEMO_RULESET = GURKA_IS7.id


def ruleset_ids() -> tuple[str, ...]:
    """Every ruleset id, in the order menus show them (those registered later last)."""
    return tuple(_REGISTRY)


def find_ruleset(rid: object) -> Ruleset:
    """The registry entry for ``rid``; :class:`OptionError` (``unknown_ruleset``) otherwise."""
    entry = _REGISTRY.get(rid) if isinstance(rid, str) else None
    if entry is None:
        shown = rid if isinstance(rid, str) and len(rid) <= 40 else type(rid).__name__
        raise OptionError(f"unknown ruleset {shown!r}; choose one of {', '.join(_REGISTRY)}",
                          "unknown_ruleset", rules=str(shown))
    return entry


def rulesets(family: Family | None = None) -> tuple[Ruleset, ...]:
    """Every registered ruleset in menu order (``family``: only that family's)."""
    return tuple(r for r in _REGISTRY.values() if family is None or r.family is family)


def family_of(rid: str) -> Family:
    return find_ruleset(rid).family


__all__ = ["Family", "Ruleset", "GURKA", "DURAK", "FAMILIES", "DEFAULT_RULESET", "DEMO_RULESET",
           "GURKA_SE", "AGURK_DK", "AGURK_NO", "GURKA_IS", "GURKA_IS7", "DURAK_RU", "DURAK_TRANSFER",
           "register", "unregister", "ruleset_ids", "find_ruleset", "rulesets", "family_of"]
