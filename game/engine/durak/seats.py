"""Who sits where in Durak: substitutes for seats that are out, defenders, attackers.

Seats are 0..n-1 clockwise; "left of s" is ``s + 1``.  With ``teams`` (2v2
partners opposite, 3v3 every other seat) a seat's team is ``s % 2``.
``out[s]`` is true once a seat has gone out.
"""

from __future__ import annotations

from typing import Sequence

#: ``out[s]``: seat ``s`` has gone out
Out = Sequence[bool]


def team_of(seat: int, teams: str | None) -> int | None:
    """``seat``'s team (0 or 1) in team play, None without teams."""
    return seat % 2 if teams else None


def substitute(seat: int, n: int, out: Out, teams: str | None) -> int:
    """The player who takes ``seat``'s turn: the seat itself while it has cards;
    otherwise, in team play, the next teammate with cards clockwise (the
    partner in 2v2), and without teams the next active player clockwise.
    -1 when nobody qualifies."""
    step = 2 if teams else 1
    for i in range(0, n, step):
        s = (seat + i) % n
        if not out[s]:
            return s
    return -1


def defender_for(attacker: int, n: int, out: Out, teams: str | None) -> int:
    """The defender against ``attacker``: the seat to the attacker's left, or its substitute."""
    if teams:
        return substitute((attacker + 1) % n, n, out, teams)
    for i in range(1, n):
        s = (attacker + i) % n
        if not out[s]:
            return s
    return -1


def opponents(defender: int, n: int, out: Out, teams: str | None) -> list[int]:
    """Active players who may attack ``defender``, clockwise from the defender's left."""
    res = []
    for i in range(1, n):
        s = (defender + i) % n
        if out[s] or (teams and (s & 1) == (defender & 1)):
            continue
        res.append(s)
    return res


def attackers(opener: int, defender: int, n: int, out: Out, teams: str | None,
              neighbours_only: bool) -> tuple[int, ...]:
    """The bout's attackers in priority order: the opening attacker, then the
    defender's other opponents clockwise from the defender's left.  With
    ``neighbours_only`` only the nearest opponent on each side of the defender
    (fixed now, when the bout starts) may join the opening attacker."""
    opp = opponents(defender, n, out, teams)
    if neighbours_only and opp:
        allowed = {opp[0], opp[-1], opener}
        opp = [s for s in opp if s in allowed]
    return tuple([opener] + [s for s in opp if s != opener])


def first_opener(dealer: int, n: int, game: int, hands: Sequence[Sequence[int]] | None = None,
                 trump: int | None = None) -> int | None:
    """Who opens a game's first bout: in a session's first game the holder of the lowest
    trump dealt (``hands``: card ints; None when they are not known: None then), and when
    nobody holds a trump or in a later game, the player to the dealer's left."""
    if game == 1:
        if hands is None:
            return None
        first = lowest_trump_holder(hands, trump if trump is not None else -1)   # (-1: no suit)
        if first >= 0:
            return first
    return (dealer + 1) % n


def next_opener(defender: int, result: str | None, n: int, out: Out, teams: str | None) -> int:
    """Who opens the bout after one that ended with ``result`` (``beaten``: the defender,
    or its substitute; ``taken``: the player to the defender's left, in team play the next
    of the other team); -1 when nobody qualifies."""
    if result == "beaten":
        return substitute(defender, n, out, teams)
    if teams:
        return substitute((defender + 1) % n, n, out, teams)
    return defender_for(defender, n, out, None)


def lowest_trump(hands: Sequence[Sequence[int]], trump: int) -> tuple[int, int] | None:
    """(seat, card) of the lowest trump in the dealt hands, or None when nobody was dealt one.
    In a first game its holder opens, showing it: a fact every player learns."""
    best, seat = 99, -1
    for s, hand in enumerate(hands):
        for c in hand:
            if (c & 3) == trump and c < best:
                best, seat = c, s
    return (seat, best) if seat >= 0 else None


def lowest_trump_holder(hands: Sequence[Sequence[int]], trump: int) -> int:
    """Seat holding the lowest trump in the dealt hands, or -1."""
    found = lowest_trump(hands, trump)
    return found[0] if found else -1
