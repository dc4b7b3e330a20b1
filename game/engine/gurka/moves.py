"""Which cards a Gurka-family player may play, and the other rules of the family that
more than the state machine needs: the public fold, the AI and the interface ask these
functions, never work a rule out again.

Pure functions over card ints and a strength table ``S`` (index: card, value: rank
strength; the Icelandic top card gets a strength of its own).  A rule's explanation is
data (:class:`Requirement`: a stable code and its parameters); the interface words it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Collection, Iterable, Mapping, Sequence

from ..cards import NAMES, rank_of
from ..errors import IllegalActionError

ACE = 14
TWO = 2
#: a family's options (the record's option table: JSON values)
Options = Mapping[str, Any]
#: a strength table: index a card int, get its rank strength
Strengths = Sequence[int]

#: ``card >> 2`` of an ace and of a two (card ints: rank index * 4 + suit), for the hot paths
_ACE_INDEX, _TWO_INDEX = ACE - 2, TWO - 2


@dataclass(frozen=True)
class Requirement:
    """What the next play must be, as a stable ``code`` and its parameters (the interface
    words it; :meth:`params` are those of the matching :class:`IllegalActionError`).

    Codes: ``lead`` (any card), ``lead_lowest``, ``lead_lowest_set`` (a lowest card or
    several of them, a multi-card lead), ``must_match_or_lowest`` (``count`` cards matching
    the strongest set, or that many lowest), ``must_play_two`` (a 2 was led: a 2 if held),
    ``no_ace_on_ace`` (a lowest card), ``must_reach`` (``card``'s rank or higher),
    ``must_reach_nearest`` (the lowest card that reaches ``card``), ``must_reach_or_lowest``
    (``card``'s rank or higher, or a lowest card), ``must_reach_nearest_or_lowest`` (the
    lowest card that reaches ``card``, or a lowest card), ``must_play_lowest`` (nothing in
    the hand reaches ``card``).  ``card``: the card on the table the rule names.
    """

    code: str
    card: str | None = None
    count: int = 1

    @property
    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.count}
        if self.card is not None:
            out["card"] = self.card
            out["rank"] = self.card[0]
        return out


def hand_size(opts: Options, deal: int) -> int:
    """How many cards each player gets in deal number ``deal`` (1-based): the hand size,
    or with ``descending`` one fewer each deal, down to one."""
    size: int = opts["hand_size"]
    return max(1, size - deal + 1) if opts["descending"] else size


def first_pot(opts: Options, players: int) -> int:
    """The pot before the first deal: everyone's stake."""
    stake: int = opts.get("stake", 0)
    return stake * players


def buyback_price(opts: Options) -> int:
    """What a buy-back adds to the pot: a new stake (``buyback=stake``), else nothing."""
    stake: int = opts.get("stake", 0)
    return stake if opts.get("buyback") == "stake" else 0


def knock_out(opts: Options, total: int) -> str | None:
    """What a deal's new ``total`` does to a player: ``"out"``, ``"reset"`` (exactly the
    limit with ``out_rule=exceed``: back to 0) or None (plays on; always with ``rounds``)."""
    if opts["rounds"] is not None:
        return None
    if opts["lives"]:
        return "out" if total >= opts["lives"] else None
    if opts["out_rule"] == "reach":
        return "out" if total >= opts["limit"] else None
    if total == opts["limit"]:
        return "reset"
    return "out" if total > opts["limit"] else None


def buyback_open(opts: Options, others_in: int) -> bool:
    """Whether the rules let a player buy back while ``others_in`` other players are still
    in: Danish buy-in (``worst``) with one other, a buy-back with three others."""
    mode = opts["buyback"]
    return mode != "none" and others_in >= (1 if mode == "worst" else 3)


def two_led(opts: Options, led: int) -> bool:
    """The twos rule binds the trick ``led`` (its first card) was led with."""
    return bool(opts["twos_rule"]) and (led >> 2) == _TWO_INDEX


def card_to_match(opts: Options, S: Strengths, trick_cards: Sequence[int]) -> tuple[int, bool]:
    """The card a single-card follower must reach (the one just before, or the strongest so
    far), and whether an ace on the table (``no_ace_on_ace``) makes them play a lowest card
    instead: only the ace just before with the previous card as the reference, any ace in the
    trick with the strongest."""
    if opts["reference"] == "previous":
        ref = trick_cards[-1]
        return ref, bool(opts["no_ace_on_ace"]) and (ref >> 2) == _ACE_INDEX
    ref = trick_cards[0]
    ace = False
    for c in trick_cards:          # one pass: the rollouts' hot path
        if S[c] > S[ref]:
            ref = c
        if (c >> 2) == _ACE_INDEX:
            ace = True
    return ref, bool(opts["no_ace_on_ace"]) and ace


def _follow_code(opts: Options, S: Strengths, trick_cards: Sequence[int],
                 hand: Collection[int] | None) -> tuple[str, int]:
    """(code, card it names) of the rule binding a single-card follow; ``hand`` (card ints)
    decides only the twos rule (None: as far as the table shows, a 2 binds)."""
    if two_led(opts, trick_cards[0]) and (hand is None or any((c >> 2) == _TWO_INDEX for c in hand)):
        return "must_play_two", trick_cards[0]
    ref, block = card_to_match(opts, S, trick_cards)
    if block:
        return "no_ace_on_ace", ref
    if opts["optional_lowest"]:
        return ("must_reach_nearest_or_lowest" if opts["nearest_above"]
                else "must_reach_or_lowest"), ref
    return ("must_reach_nearest" if opts["nearest_above"] else "must_reach"), ref


def requirement(opts: Options, S: Strengths, trick_cards: Sequence[int], lead_size: int,
                hand: Sequence[int] | None = None) -> Requirement:
    """The rule the next play of a trick must follow (``trick_cards``: the first card of each
    play so far, empty for a lead; ``lead_size``: how many cards were led).  With the
    ``hand`` of the player to act (card ints): the rule that binds that hand (after a led 2
    without a 2 in the hand the usual rule, not the 2's; a lead of several lowest cards where
    the hand allows one); without it, as far as the table shows."""
    if not trick_cards:
        if opts["lead_lowest"] and opts["multi_lead"] and hand and len(hand) >= 3 \
                and len(lowest(hand, S)) > 1:
            return Requirement("lead_lowest_set")
        return Requirement("lead_lowest" if opts["lead_lowest"] else "lead")
    if lead_size > 1:
        return Requirement("must_match_or_lowest", count=lead_size)
    code, card = _follow_code(opts, S, trick_cards, hand)
    return Requirement(code, NAMES[card])


def strength_table(top_card: str | None) -> list[int]:
    table = [rank_of(c) for c in range(52)]
    if top_card == "6C":
        table[NAMES.index("6C")] = 15
    elif top_card == "7":
        for c in range(52):
            if rank_of(c) == 7:
                table[c] = 15
    return table


def value_table(opts: Options, strength: list[int]) -> list[int]:
    values: list[int] = []
    for c in range(52):
        r = rank_of(c)
        if strength[c] == 15:
            values.append(opts["top_value"])
        elif r == ACE:
            values.append(opts["ace_value"])
        else:
            values.append(r)
    return values


def lowest(hand: Collection[int], S: Strengths) -> list[int]:
    lo = min(map(S.__getitem__, hand))
    return [c for c in hand if S[c] == lo]


def lead_moves(hand: Collection[int], S: Strengths, opts: Options) -> list[tuple[int, ...]]:
    base = lowest(hand, S) if opts["lead_lowest"] else list(hand)
    moves: list[tuple[int, ...]] = [(c,) for c in base]
    if opts["multi_lead"] and len(hand) >= 3:
        groups: dict[int, list[int]] = {}
        for c in base:
            groups.setdefault(S[c], []).append(c)
        for group in groups.values():
            for k in range(2, min(len(group), len(hand) - 1) + 1):
                moves.extend(combinations(group, k))
    return moves


def follow_single(hand: Collection[int], S: Strengths, opts: Options,
                  trick_cards: Sequence[int]) -> list[int]:
    """Legal single cards after ``trick_cards`` (cards already in the trick, in order)."""
    return follow_rule(hand, S, opts, trick_cards)[0]


def follow_rule(hand: Collection[int], S: Strengths, opts: Options,
                trick_cards: Sequence[int]) -> tuple[list[int], str, int]:
    """(legal cards, the rule that decided them, the card it names)."""
    code, ref_card = _follow_code(opts, S, trick_cards, hand)
    if code == "must_play_two":
        return [c for c in hand if (c >> 2) == _TWO_INDEX], code, ref_card
    if code == "no_ace_on_ace":
        return lowest(hand, S), code, ref_card
    ref = S[ref_card]
    above = [c for c in hand if S[c] >= ref]
    if not above:
        return lowest(hand, S), "must_play_lowest", ref_card
    if opts["nearest_above"]:
        m = min(S[c] for c in above)
        above = [c for c in above if S[c] == m]
    if opts["optional_lowest"]:
        return above + [c for c in lowest(hand, S) if c not in above], code, ref_card
    return above, code, ref_card


def set_key(cards: Iterable[int], S: Strengths) -> list[int]:
    return sorted(S[c] for c in cards)


def matches(key: Iterable[int], best_key: Iterable[int]) -> bool:
    return all(a >= b for a, b in zip(key, best_key))


def follow_multi(hand: Iterable[int], S: Strengths, k: int, best_key: Sequence[int]
                 ) -> list[tuple[int, ...]]:
    ordered = sorted(hand, key=S.__getitem__)
    low_key = [S[c] for c in ordered[:k]]
    out: list[tuple[int, ...]] = []
    for combo in combinations(ordered, k):
        key = [S[c] for c in combo]
        if key == low_key or matches(key, best_key):
            out.append(combo)
    return out


def buyback_points(totals: Sequence[int], out: Sequence[bool], seat: int) -> int:
    """The points a player buys back in with: the highest total of the others still in."""
    return max(t for s, t in enumerate(totals) if s != seat and not out[s])


def strongest_set(sets: Sequence[Iterable[int]], S: Strengths) -> list[int]:
    """The key (:func:`set_key`) of the strongest of the sets played so far in a trick, in
    order: a later set that matches the strongest card by card takes its place."""
    best = set_key(sets[0], S)
    for cards in sets[1:]:
        key = set_key(cards, S)
        if matches(key, best):
            best = key
    return best


def refusal(req: Requirement, shown: str) -> IllegalActionError:
    """The refusal of a play (``shown``: its cards) that breaks the rule ``req``: its code
    and parameters, which the interface words; the reason names them for the command line
    and bot writers."""
    where = f", {req.card} on the table" if req.card else ""
    return IllegalActionError(f"{shown} breaks the rule {req.code}{where}", req.code, **req.params)


def explain(hand: Collection[int], S: Strengths, opts: Options, trick_cards: Sequence[int],
            lead_size: int, cards: Sequence[int]) -> IllegalActionError:
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
            return refusal(Requirement("lead_lowest"), shown)
        return IllegalActionError(f"{shown} cannot be led", "illegal")
    if len(cards) != lead_size:
        return IllegalActionError(f"play {lead_size} card(s), as many as were led", "wrong_count",
                                  count=lead_size)
    if lead_size > 1:
        return refusal(Requirement("must_match_or_lowest", count=lead_size), shown)
    _legal, code, ref_card = follow_rule(hand, S, opts, trick_cards)
    return refusal(Requirement(code, NAMES[ref_card]), shown)
