"""The steps ("beats") a tutorial script is made of, and the small words to write them.

A script is a list of beats, run in order by the coach (:mod:`.coach`):

- :func:`say` a callout the player reads and dismisses (Next); shown when the table has
  nothing left to show, or, with ``before="trick"``, just before that event is shown
  (the finished trick still lies on the table);
- :func:`you` the move the player at the screen is asked to make, with its callout;
- :func:`bot` a scripted move of another seat (played after the usual AI pause);
- :func:`chance` the engine resolves its own chance step now (Durak's end of a bout and
  the refill: no randomness after the deal);
- :func:`deal` the next deal, with fixed hands (fed to the engine as a recorded deal).

Texts are gettext msgids marked with ``N_`` and translated when drawn, so a language
switch shows at once.  Their ``{placeholders}`` are filled from ``args``: a card code
("QH") becomes the card as the player's settings write it (D♥ in Swedish), an ``int`` the
name of that seat.  ``point`` says what the callout points at: :func:`hand` cards of the
player's hand (no cards: the whole hand), :func:`table` cards on the table, :func:`seat`,
the :data:`STOCK`, the :data:`TRUMP` card, the :data:`DISCARD` pile, a :func:`pile`.
``lessons`` names the rules a beat claims to show; the tests check each claim against
the engine (``tests/test_tutorial_scripts.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Beat:
    kind: str                       # say / move / chance / deal
    seat: int | None = None         # move: whose move it is
    action: dict | None = None      # move: the engine action
    text: str = ""                  # msgid (translated when drawn)
    args: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    point: tuple = ()
    before: str | None = None       # say: show just before an event of this type
    event: dict | None = None       # deal: the deal event
    lessons: tuple[str, ...] = ()


HUMAN = 0   # the seat of the player at the screen in every tutorial


def _frozen(d: dict) -> MappingProxyType:
    return MappingProxyType(dict(d))


# -- what a callout points at ---------------------------------------------------------------
def hand(*cards: str) -> tuple:
    return ("hand", *cards)


def table(*cards: str) -> tuple:
    return ("table", *cards)


def seat(s: int) -> tuple:
    return ("seat", s)


def pile(s: int) -> tuple:
    return ("pile", s)


STOCK = ("stock",)
#: the table's header (the deal, the pot, the points that put a player out)
HEADER = ("header",)
TRUMP = ("trump",)
DISCARD = ("discard",)


# -- actions ---------------------------------------------------------------------------------
def play(*cards: str) -> dict:
    return {"type": "play", "cards": list(cards)}


def attack(*cards: str) -> dict:
    return {"type": "attack", "cards": list(cards)}


def defend(attack_card: str, card: str) -> dict:
    return {"type": "defend", "attack": attack_card, "card": card}


TAKE = {"type": "take"}
PASS = {"type": "pass"}


# -- beats -----------------------------------------------------------------------------------
def say(text: str, *point: tuple, before: str | None = None, lessons: tuple = (), **args) -> Beat:
    return Beat("say", text=text, args=_frozen(args), point=tuple(point), before=before,
                lessons=tuple(lessons))


def you(action: dict, text: str, *point: tuple, lessons: tuple = (), **args) -> Beat:
    """The player's move; the callout points at the cards it plays unless ``point`` says."""
    if not point:
        cards = action.get("cards") or ([action["card"]] if "card" in action else [])
        point = (hand(*cards),) if cards else ()
    return Beat("move", seat=HUMAN, action=action, text=text, args=_frozen(args),
                point=tuple(point), lessons=tuple(lessons))


def bot(who: int, action: dict, lessons: tuple = ()) -> Beat:
    return Beat("move", seat=who, action=action, lessons=tuple(lessons))


def chance(lessons: tuple = ()) -> Beat:
    return Beat("chance", lessons=tuple(lessons))


def deal(event: dict, lessons: tuple = ()) -> Beat:
    return Beat("deal", event=dict(event), lessons=tuple(lessons))


def same_action(a: dict, b: dict) -> bool:
    """Whether two actions are the same move (cards in any order)."""
    if a.get("type") != b.get("type"):
        return False
    if "cards" in a or "cards" in b:
        return sorted(a.get("cards") or []) == sorted(b.get("cards") or [])
    return a.get("attack") == b.get("attack") and a.get("card") == b.get("card")


@dataclass(frozen=True)
class Tutorial:
    """One guided first deal: the ruleset, the fixed deal, the script and its texts."""

    rules: str
    #: the name of this tutorial's screen in the screenshot tour
    tour: str
    #: option overrides of the ruleset's preset (a shorter first deal)
    options: MappingProxyType
    #: the first deal, with its fixed hands (a record's ``deal`` event)
    deal: dict
    beats: tuple[Beat, ...]
    #: msgid: the scoring explained, shown with the offer of a real game
    final: str
    #: msgid: one line on the chooser
    blurb: str
    #: every rule this tutorial claims to show (each is a lesson of some beat)
    lessons: tuple[str, ...]
    #: the tour's screen shows the player's first move that teaches this lesson
    tour_lesson: str
