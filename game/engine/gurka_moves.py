"""Which cards a Gurka-family player may play: leads, single and multi-card follows.

Pure functions over card ints and a strength table ``S`` (index: card,
value: rank strength; the Icelandic top card gets a strength of its own).
"""

from __future__ import annotations

from itertools import combinations

from .cards import NAMES, rank_of
from .errors import IllegalActionError

ACE = 14
TWO = 2
_ACE_INDEX = ACE - 2     # card >> 2 for an ace


def strength_table(top_card: str | None) -> list[int]:
    table = [rank_of(c) for c in range(52)]
    if top_card == "6C":
        table[NAMES.index("6C")] = 15
    elif top_card == "7":
        for c in range(52):
            if rank_of(c) == 7:
                table[c] = 15
    return table


def value_table(opts: dict, strength: list[int]) -> list[int]:
    values = []
    for c in range(52):
        r = rank_of(c)
        if strength[c] == 15:
            values.append(opts["top_value"])
        elif r == ACE:
            values.append(opts["ace_value"])
        else:
            values.append(r)
    return values


def lowest(hand, S) -> list[int]:
    lo = min(map(S.__getitem__, hand))
    return [c for c in hand if S[c] == lo]


def lead_moves(hand, S, opts) -> list[tuple]:
    base = lowest(hand, S) if opts["lead_lowest"] else list(hand)
    moves = [(c,) for c in base]
    if opts["multi_lead"] and len(hand) >= 3:
        groups: dict[int, list[int]] = {}
        for c in base:
            groups.setdefault(S[c], []).append(c)
        for group in groups.values():
            for k in range(2, min(len(group), len(hand) - 1) + 1):
                moves.extend(combinations(group, k))
    return moves


def follow_single(hand, S, opts, trick_cards) -> list[int]:
    """Legal single cards after ``trick_cards`` (cards already in the trick, in order)."""
    return follow_rule(hand, S, opts, trick_cards)[0]


def follow_rule(hand, S, opts, trick_cards) -> tuple[list[int], str, int]:
    """(legal cards, the rule that decided them, the reference card)."""
    if opts["reference"] == "previous":
        ref_card = trick_cards[-1]
        ace_block = opts["no_ace_on_ace"] and (ref_card >> 2) == _ACE_INDEX
    else:
        ref_card = max(trick_cards, key=S.__getitem__)
        ace_block = opts["no_ace_on_ace"] and any((c >> 2) == _ACE_INDEX for c in trick_cards)
    if opts["twos_rule"] and (trick_cards[0] >> 2) == 0:
        twos = [c for c in hand if (c >> 2) == 0]
        if twos:
            return twos, "must_play_two", ref_card
    if ace_block:
        return lowest(hand, S), "no_ace_on_ace", ref_card
    ref = S[ref_card]
    above = [c for c in hand if S[c] >= ref]
    if not above:
        return lowest(hand, S), "must_play_lowest", ref_card
    code = "must_reach"
    if opts["nearest_above"]:
        m = min(S[c] for c in above)
        above = [c for c in above if S[c] == m]
        code = "must_reach_nearest"
    if opts["optional_lowest"]:
        code = "must_reach_nearest_or_lowest" if opts["nearest_above"] else "must_reach_or_lowest"
        return above + [c for c in lowest(hand, S) if c not in above], code, ref_card
    return above, code, ref_card


def set_key(cards, S) -> list[int]:
    return sorted(S[c] for c in cards)


def matches(key, best_key) -> bool:
    return all(a >= b for a, b in zip(key, best_key))


def follow_multi(hand, S, k, best_key) -> list[tuple]:
    ordered = sorted(hand, key=S.__getitem__)
    low_key = [S[c] for c in ordered[:k]]
    out = []
    for combo in combinations(ordered, k):
        key = [S[c] for c in combo]
        if key == low_key or matches(key, best_key):
            out.append(combo)
    return out


def buyback_points(totals, out, seat: int) -> int:
    """The points a player buys back in with: the highest total of the others still in."""
    return max(t for s, t in enumerate(totals) if s != seat and not out[s])


def explain(hand, S, opts, trick_cards, lead_size, cards) -> IllegalActionError:
    """Why ``cards`` is not a legal play (called only once it is known to be illegal)."""
    shown = " ".join(NAMES[c] for c in cards)
    for c in cards:
        if c not in hand:
            return IllegalActionError(f"you do not hold {NAMES[c]}", "not_held", card=NAMES[c])
    if len(set(cards)) != len(cards):
        return IllegalActionError("the same card is named twice", "bad_action")
    if not cards:
        return IllegalActionError("play at least one card", "wrong_count", count=1)
    if not trick_cards:
        if len(cards) > 1:
            if not opts["multi_lead"]:
                return IllegalActionError("lead one card", "multi_not_allowed")
            if len({S[c] for c in cards}) > 1:
                return IllegalActionError("a lead of several cards must be all of one rank",
                                          "multi_same_rank")
            if len(cards) >= len(hand):
                return IllegalActionError("keep a card for the last trick: you cannot lead your whole hand",
                                          "keep_last_card")
        if opts["lead_lowest"]:
            return IllegalActionError("you must lead one of your lowest cards", "lead_lowest")
        return IllegalActionError(f"{shown} cannot be led", "illegal")
    if len(cards) != lead_size:
        return IllegalActionError(f"play {lead_size} card(s), as many as were led", "wrong_count",
                                  count=lead_size)
    if lead_size > 1:
        return IllegalActionError("play a set that matches the strongest set so far, card by card, "
                                  "or that many of your lowest cards", "must_match_or_lowest")
    legal, code, ref_card = follow_rule(hand, S, opts, trick_cards)
    ref = NAMES[ref_card][0]
    text = {
        "must_play_two": "a 2 was led and you hold a 2: you must play a 2",
        "no_ace_on_ace": "no ace on an ace: you must play one of your lowest cards",
        "must_play_lowest": "you cannot reach the card to beat, so you must play one of your lowest cards",
        "must_reach_nearest": f"you must play your lowest card that reaches {ref}",
        "must_reach_or_lowest": f"play a card of rank {ref} or higher, or one of your lowest cards",
        "must_reach_nearest_or_lowest": f"play your lowest card that reaches {ref}, or one of your "
                                        "lowest cards",
        "must_reach": f"you can reach {ref}, so you must play a card of rank {ref} or higher",
    }[code]
    return IllegalActionError(text, code, rank=ref)
