"""Which cards a Durak player may play: opening leads, throw-ins / gives, defences.

Pure functions over card ints (see :mod:`game.engine.cards`: ``card >> 2`` is
the rank index, 4 = six ... 12 = ace, and ``card & 3`` the suit).  Within one
suit a higher int is a higher card, so "beats" needs no rank table.
"""

from __future__ import annotations

from itertools import combinations
from typing import Collection, Iterable, Sequence

from ..errors import IllegalActionError
from ..cards import NAMES


#: ``card >> 2`` of a six, the lowest rank of the 36-card deck
SIX = 4


def trump_six(trump: int) -> int:
    """The six of trumps (``trump``: the suit, 0-3): the card that may be swapped for the
    trump card."""
    return SIX * 4 + trump


def attack_limit(max_attack: int, defender_cards: int) -> int:
    """How many cards a bout may attack with in all: ``max_attack``, and never more than
    the defender held when the bout began."""
    return min(max_attack, defender_cards)


def bout_cap(max_attack: int, first_bout_max: int | None, discarded: bool) -> int:
    """The most attack cards a bout may hold whatever the defender holds: ``max_attack``, and
    until the game's first discard (the first bout beaten off) ``first_bout_max`` where it is
    set (RULES 2.2)."""
    if first_bout_max is None or discarded:
        return max_attack
    return min(max_attack, first_bout_max)


def transfer_cards(hand: Collection[int], attacks: Sequence[int], trump: int, show: bool,
                   shown: int) -> list[tuple[int, bool]]:
    """The defender's transfers (RULES 2.1): ``(card, shown)`` for every card of ``hand`` of the
    rank of ``attacks`` (all of one rank), played onto the table (False); with ``show`` the
    trump of that rank too, shown and kept (True) unless it was shown in this bout already
    (``shown``: the bout's shown cards as bits ``1 << card``).  The caller checks that nothing
    is beaten and that the next defender can take it."""
    if not attacks:
        return []
    rank = attacks[0] >> 2
    out = [(c, False) for c in hand if c >> 2 == rank]
    if show:
        t = rank * 4 + trump
        if t in hand and not (shown >> t) & 1:
            out.append((t, True))
    return out


def beats(attack: int, card: int, trump: int) -> bool:
    """Whether ``card`` beats ``attack`` with trump suit ``trump`` (0-3)."""
    if (card & 3) == (attack & 3):
        return card > attack
    return (card & 3) == trump


def rank_bit(card: int) -> int:
    """``card``'s rank as a bit of a set of ranks (the ranks on the table of a bout)."""
    return 1 << (card >> 2)


def ranks_of(cards: Iterable[int]) -> int:
    """The ranks of ``cards`` as a set of :func:`rank_bit` bits."""
    bits = 0
    for c in cards:
        bits |= 1 << (c >> 2)
    return bits


def may_add(card: int, ranks: int) -> bool:
    """Whether ``card`` may be thrown in (or given after a take): its rank is on the table
    (``ranks``: :func:`ranks_of` the bout's attacking and beating cards)."""
    return (ranks >> (card >> 2)) & 1 == 1


def addable(hand: Iterable[int], ranks: int) -> list[int]:
    """The cards of ``hand`` that may be added to the bout (:func:`may_add`)."""
    return [c for c in hand if may_add(c, ranks)]


def opening_moves(hand: Sequence[int], limit: int) -> list[tuple[int, ...]]:
    """One card, or several of one rank, at most ``limit`` cards."""
    moves: list[tuple[int, ...]] = [(c,) for c in hand]
    if limit > 1 and len(hand) > 1:
        seen = 0
        for c in hand:
            b = 1 << (c >> 2)
            if seen & b:
                break
            seen |= b
        else:
            return moves
        groups: dict[int, list[int]] = {}
        for c in hand:
            groups.setdefault(c >> 2, []).append(c)
        for group in groups.values():
            if len(group) > 1:
                for k in range(2, min(len(group), limit) + 1):
                    moves.extend(combinations(group, k))
    return moves


def throw_moves(hand: Iterable[int], ranks: int, room: int) -> list[tuple[int, ...]]:
    """Throw-ins (or gives after a take): any cards of ranks on the table, at most ``room``."""
    if room <= 0:
        return []
    match = addable(hand, ranks)
    moves: list[tuple[int, ...]] = [(c,) for c in match]
    for k in range(2, min(len(match), room) + 1):
        moves.extend(combinations(match, k))
    return moves


def can_throw(hand: Iterable[int], ranks: int) -> bool:
    for c in hand:
        if may_add(c, ranks):
            return True
    return False


def defend_moves(hand: Sequence[int], attacks: Sequence[int], beaten: Sequence[int],
                 trump: int) -> list[tuple[int, int]]:
    """(attack card, beating card) pairs for every unbeaten attack card."""
    out = []
    for i, a in enumerate(attacks):
        if beaten[i] < 0:
            for c in hand:
                if beats(a, c, trump):
                    out.append((a, c))
    return out


def check_distinct_held(hand: Collection[int], cards: Sequence[int]) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalActionError("the same card is named twice", "bad_action")
    for c in cards:
        if c not in hand:
            raise IllegalActionError(f"you do not hold {NAMES[c]}", "not_held", card=NAMES[c])
