"""A hint's one line, in words a player understands, from the search's own figures.

The figures come from :func:`game.ai.hints.hint` (best candidate first); the family parts
choose the wording (:func:`gurka_line`, :func:`durak_line`).  At most :data:`SHOWN`
candidates are named: the advised one and the next best.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _, ngettext
from .. import cards as card_faces
from ..stats_table import decimal

if TYPE_CHECKING:
    from ...storage.settings import Settings

SHOWN = 3
#: Durak lines and exchanges (a list of cards each) are longer: the advised move and one
#: more, so that the line fits its two lines at the smallest size
SHOWN_DURAK = SHOWN_EXCHANGE = 2


def cards_text(cards: list[str], settings: Settings) -> str:
    return " ".join(card_faces.card_text(c, settings) for c in cards)


NBSP = "\u00a0"


def keep(text: str) -> str:
    """A short figure that never breaks across lines."""
    return text.replace(" ", NBSP)


def pct(share: float) -> int:
    return int(round(100 * share))


def signed(value: float) -> str:
    """A mean change with its sign: "+2.1", "−7.3" (a true minus), "0.0"."""
    text = decimal(abs(value))
    if text == decimal(0.0):
        return text
    return ("+" if value > 0 else "\u2212") + text


def capital(line: str) -> str:
    return line[:1].upper() + line[1:]


def first_kind(figures: list[dict]) -> str | None:
    return figures[0]["action"].get("type") if figures else None


def _tried(hint: dict) -> list[dict]:
    return [f for f in hint.get("figures", []) if f.get("tried")]


def plain(hint: dict, move: str) -> str:
    """When the search gave no figures (a single legal move, plays alike, a buy-back decision,
    or no search at all: the worker's fallback when the hint failed)."""
    if hint.get("fallback") and not hint.get("only"):
        # TRANSLATORS: a hint that could not be worked out in full; {move} is a quick choice
        # instead, such as "K♠" or "Take"
        return capital(_("{move}: a quick suggestion; the full hint could not be worked out.").format(
            move=move))
    if hint.get("only"):
        # TRANSLATORS: a hint when the rules leave the player one move; {move} is it, such
        # as "K♠", "Take" or "Keep my cards"
        return capital(_("{move}: the only move you may make here.").format(move=move))
    if hint.get("alike"):
        # TRANSLATORS: a hint when every card the player may play does the same; {move} is one
        return capital(_("{move}: any of the cards you may play does the same here.").format(move=move))
    if hint.get("solved"):
        # TRANSLATORS: a hint; {move} is a move such as "Take" or "beat 9♠ with J♠"
        return capital(_("{move}: worked out to the end, this is the best move here.").format(move=move))
    # TRANSLATORS: a hint; {move} is a move such as "K♠" or "Take"
    return capital(_("{move}: the Hard computer player would choose this.").format(move=move))


# -- the Gurka family ---------------------------------------------------------------------------
def gurka_move(action: dict, settings: Settings) -> str:
    kind = action["type"]
    if kind == "play":
        return cards_text(action["cards"], settings)
    if kind == "exchange":
        if not action["discard"]:
            return _("Keep my cards")
        # TRANSLATORS: a hint's move in seven-round Gúrka; {cards} are the cards to exchange
        return _("Exchange {cards}").format(cards=cards_text(action["discard"], settings))
    if kind == "buyback":
        return _("Buy back")
    return _("Pass")


def gurka_line(hint: dict, settings: Settings) -> str:
    """The advised card's share of tried deals in which the player loses the deal (holds
    the highest card of the last trick: with tied cards, not only who takes the trick) and
    its mean penalty (the search weighs the penalty, and the game's score, not the share
    alone), then the next cards' figures."""
    figures = [f for f in _tried(hint) if "last" in f]
    best = gurka_move(hint["action"], settings)
    if not figures:
        return plain(hint, best)
    shown = SHOWN_EXCHANGE if first_kind(figures) == "exchange" else SHOWN
    first, rest = figures[0], figures[1:shown]
    move = gurka_move(first["action"], settings)
    # exactly the limit puts a total back to 0 (Icelandic): the penalty alone would call a
    # card that lands on 21 costly; what the deal does to the total is what counts
    change = hint.get("reset") and all("change" in f for f in figures[:shown])
    if change:
        # TRANSLATORS: an Icelandic hint; {move} is the advised card(s), {p} a percentage of the
        # deals the computer tried, {change} the mean change of the player's total (such as
        # "+2.1", or "−7.3" when exactly 21 puts it back to 0); the line goes on with the other
        # cards' figures
        line = _("{move}: you lose the deal in {p} % of the deals tried, your total changes by "
                 "{change} on average").format(move=move, p=pct(first["last"]),
                                               change=signed(first["change"]))
    elif hint.get("lives"):
        # TRANSLATORS: a hint when a lost deal costs a life; {move} is the advised card(s), {p}
        # a percentage of the deals the computer tried; the line goes on with the other cards'
        # figures
        line = _("{move}: you lose a life in {p} % of the deals tried").format(move=move, p=pct(first["last"]))
    elif "points" in first:
        # TRANSLATORS: a hint; {move} is the advised card(s), {p} a percentage of the deals the
        # computer tried, {points} the mean penalty (such as "2.1"); the line goes on with the
        # other cards' figures
        line = _("{move}: you lose the deal in {p} % of the deals tried, "
                 "{points} penalty points on average").format(move=move, p=pct(first["last"]),
                                                             points=decimal(first["points"]))
    else:
        # TRANSLATORS: a hint; {move} is the advised card(s), {p} a percentage of the deals the
        # computer tried; the line goes on with the other cards' figures
        line = _("{move}: you lose the deal in {p} % of the deals tried").format(move=move, p=pct(first["last"]))
    for f in rest:
        other = gurka_move(f["action"], settings)
        if change:
            seg = _("{move}: {p} %, on average {points}").format(move=other, p=pct(f["last"]),
                                                                 points=signed(f["change"]))
        elif "points" in f and not hint.get("lives"):
            # TRANSLATORS: another card in a hint: "7♣: 41 %, on average 3.5" (penalty points)
            seg = _("{move}: {p} %, on average {points}").format(move=other, p=pct(f["last"]),
                                                                 points=decimal(f["points"]))
        else:
            # TRANSLATORS: another card in a hint: "7♣: 41 %"
            seg = _("{move}: {p} %").format(move=other, p=pct(f["last"]))
        line += " · " + keep(seg)
    return capital(line.replace(" %", NBSP + "%"))


# -- Durak ------------------------------------------------------------------------------------------
def durak_move(action: dict, settings: Settings, kinds=()) -> str:
    """A Durak move in words; a pass is named as its button is (``kinds``: the legal
    actions' types; a choice only between swapping and not is *Keep the six*)."""
    kind = action["type"]
    if kind == "attack":
        return cards_text(action["cards"], settings)
    if kind == "defend":
        # TRANSLATORS: a Durak move in a hint: beat the attacking card with one of yours
        return _("beat {attack} with {card}").format(attack=card_faces.card_text(action["attack"], settings),
                                                     card=card_faces.card_text(action["card"], settings))
    if kind == "transfer":
        card = card_faces.card_text(action["card"], settings)
        if action.get("shown"):
            # TRANSLATORS: a transfer Durak move in a hint: show the trump {card} to pass the
            # attack on
            return _("show {card} and pass it on").format(card=card)
        # TRANSLATORS: a transfer Durak move in a hint: pass the attack on by laying {card}
        return _("pass it on with {card}").format(card=card)
    if kind == "take":
        return _("Take")
    if kind == "swap":
        return _("Swap trump six")
    if set(kinds) == {"swap", "pass"}:
        # TRANSLATORS: Durak: decline to swap the six of trumps for the trump card
        return _("Keep the six")
    return _("Done")


def durak_line(hint: dict, settings: Settings) -> str:
    figures = [f for f in _tried(hint) if "lost" in f]
    kinds = hint.get("kinds", ())
    best = durak_move(hint["action"], settings, kinds)
    if not figures:
        return plain(hint, best)
    first, rest = figures[0], figures[1:SHOWN_DURAK]
    mine = int(round(first.get("mine", 0)))
    theirs = int(round(first.get("theirs", 0)))
    if hint.get("team"):
        # TRANSLATORS: a Durak hint in team play; as the one before, but {p} is how often the
        # player's team loses, and {theirs} counts the other team's cards
        line = ngettext("{move}: your team loses in {p} % of the deals tried, with {mine} card "
                        "against {theirs} after this bout",
                        "{move}: your team loses in {p} % of the deals tried, with {mine} cards "
                        "against {theirs} after this bout", mine)
    else:
        # TRANSLATORS: a Durak hint; {move} is the advised move, {p} a percentage of the deals the
        # computer tried, {mine} and {theirs} the cards you and the opponent with the fewest hold
        # after this bout and the draw from the stock that follows it
        line = ngettext("{move}: durak in {p} % of the deals tried, with {mine} card against {theirs} "
                        "after this bout",
                        "{move}: durak in {p} % of the deals tried, with {mine} cards against {theirs} "
                        "after this bout", mine)
    line = line.format(move=durak_move(first["action"], settings, kinds), p=pct(first["lost"]),
                       mine=mine, theirs=theirs)
    for f in rest:
        # TRANSLATORS: another move in a Durak hint: "Take: 41 %, 9 against 5"
        line += " · " + keep(_("{move}: {p} %, {mine} against {theirs}").format(
            move=durak_move(f["action"], settings, kinds), p=pct(f["lost"]),
            mine=int(round(f.get("mine", 0))), theirs=int(round(f.get("theirs", 0)))))
    return capital(line.replace(" %", NBSP + "%"))
