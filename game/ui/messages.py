"""Player-facing texts for engine results: illegal-move reasons by code, names of
rulesets, AI levels and seat summaries.  Every string is marked for translation."""

from __future__ import annotations

from ..engine.rulesets import NATIVE_NAMES
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
        return _("Play {rank} or higher, or one of your lowest cards.").format(rank=rank)
    if code == "must_reach_nearest":
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
        return _("You do not hold {card}.").format(card=card)
    if code == "exchange_too_many":
        return ngettext("You may exchange at most {n} card.", "You may exchange at most {n} cards.",
                        count).format(n=count)
    if code == "no_buyback":
        return _("You cannot buy back now.")
    if code == "not_your_turn":
        return _("It is not your turn.")
    # Durak
    if code in ("cannot_beat", "does_not_beat"):
        return _("That card does not beat it: use a higher card of the same suit or a trump.")
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


def ruleset_name(rules: str) -> str:
    return NATIVE_NAMES.get(rules, rules)


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


def level_name(level: str) -> str:
    return {
        "random": pgettext("AI level", "Random"),
        "easy": pgettext("AI level", "Easy"),
        "normal": pgettext("AI level", "Normal"),
        "hard": pgettext("AI level", "Hard"),
    }.get(level, level)


def cards_count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)
