"""Durak: what the other seats' choices say about their hands, for cheapest-first players.

Most players (the heuristic that Normal and Easy play, the lowest-card bot, the usual rule
bot) play the cheapest card that does the job: they open with their cheapest card, beat
with the cheapest card that beats, throw in their cheapest card of a rank on the table
(cost: the rank, trumps above every other suit).  So each such play shows a set of cards
the seat did not hold at that moment:

- an opening attack: every card cheaper than the card led;
- a defence: every card that beats the same attack and is cheaper than the card it beat
  with;
- a throw-in or a give after a take: every card of a rank on the table that is cheaper
  than the card thrown;
- a take, by a seat read as bold (``durak_ai.bold_seats``: it never keeps a card it
  could play), every card that beat a card left unbeaten.

One read holds for every player, not only cheapest-first ones (:func:`silent`): the engine
asks an attacker to throw in only when it holds a card of a rank on the table, so an
attacker who neither threw nor passed before a bout ended, with room left on the table,
held no card of the bout's ranks then.

The seat may have drawn such cards since, so a read is a bound: of the cards of its set,
the seat's hidden hand holds at most as many as it has drawn since the play.
:func:`reads` lists them; the tracker deals hands that keep to them while it can
(``durak_ai.Tracker.sample``) and drops them after a number of tries, so a seat that plays
otherwise costs only a few rejected deals.  Only the view's public events are read.
"""

from __future__ import annotations

from ...engine.cards import INDEX
from ...engine.durak.moves import beats
from ...engine.public import new_table


def _cost(c: int, trump: int) -> int:
    return (c >> 2) + (9 if (c & 3) == trump else 0)


def reads(view: dict, trump: int, unseen, bold=frozenset()) -> dict:
    """{seat: [(cards it did not hold, cards drawn since), ...]} for the other seats, each
    set cut to the cards in ``unseen`` (what the viewing seat cannot see)."""
    me = view["seat"]
    unseen = tuple(unseen)
    t = new_table(view["rules"], view["options"], view["players"])
    raw: list = []            # (seat, frozenset, event index)
    draws: list = []          # (event index, seat, count)
    for i, e in enumerate(view["events"]):
        k = e["type"]
        p = e.get("player")
        if p is not None and p != me and k in ("attack", "defend", "take"):
            gone: set = set()
            if k == "attack":
                low = min(_cost(INDEX[c], trump) for c in e["cards"])
                if not t.on_table():
                    gone = {c for c in unseen if _cost(c, trump) < low}
                else:
                    ranks = {INDEX[c] >> 2 for c in t.bout_cards()}
                    gone = {c for c in unseen if (c >> 2) in ranks and _cost(c, trump) < low}
            elif k == "defend":
                a, d = INDEX[e["attack"]], INDEX[e["card"]]
                gone = {c for c in unseen if beats(a, c, trump)
                        and _cost(c, trump) < _cost(d, trump)}
            elif p in bold:
                left = [INDEX[c] for c in t.unbeaten()]
                gone = {c for c in unseen if any(beats(a, c, trump) for a in left)}
            if gone:
                raw.append((p, frozenset(gone), i))
        elif k == "draw" and p is not None and p != me:
            cards = e["cards"]
            draws.append((i, p, cards if isinstance(cards, int) else len(cards)))
        t.apply(e)
    return _bounds(raw, draws)


def _bounds(raw: list, draws: list) -> dict:
    """{seat: [(cards, drawn since), ...]}: the rows a seat may still break by its draws."""
    out: dict = {}
    for p, gone, i in raw:
        since = sum(n for j, s, n in draws if s == p and j > i)
        if since < len(gone):
            out.setdefault(p, []).append((gone, since))
    return out


def keeps(hands: dict, bounds: dict) -> bool:
    """Whether the dealt hidden ``hands`` keep every bound of :func:`reads`."""
    for s, rows in bounds.items():
        hand = hands.get(s)
        if not hand:
            continue
        held = set(hand)
        for gone, since in rows:
            if len(held & gone) > since:
                return False
    return True


def silent(view: dict, unseen) -> dict:
    """The reads of :func:`reads`' form that hold for any player: at the end of each past
    bout with fewer attack cards than its limit (the public table's: the rules' cap, and never
    more than the defender held at its start or when it was last passed on), every other attacker of the bout that had not
    passed since the table last changed held no card of the bout's ranks (the engine would
    have asked it)."""
    me = view["seat"]
    unseen = tuple(unseen)
    t = new_table(view["rules"], view["options"], view["players"])
    raw: list = []
    draws: list = []
    attacks = 0
    passed: set = set()
    for i, e in enumerate(view["events"]):
        k = e["type"]
        p = e.get("player")
        opening = k == "attack" and not t.on_table()
        if k == "bout_end" and t.on_table() and attacks < t.bout.limit:
            b = t.bout
            ranks = {INDEX[c] >> 2 for c in b.cards()}
            gone = frozenset(c for c in unseen if (c >> 2) in ranks)
            for a in (b.opener, *t.throwers()):
                if a != me and a != b.defender and a not in passed and gone:
                    raw.append((a, gone, i))
        elif k == "draw" and p is not None and p != me:
            cards = e["cards"]
            draws.append((i, p, cards if isinstance(cards, int) else len(cards)))
        elif k == "pass" and p is not None:
            passed.add(p)
        elif k in ("attack", "defend", "take", "transfer"):
            passed = set()
        t.apply(e)
        if opening:
            attacks = 0
        if k == "attack":
            attacks += len(e["cards"])
        elif k == "transfer" and not e.get("shown"):
            attacks += 1
    return _bounds(raw, draws)


def merged(*reads_: dict) -> dict:
    """The rows of several reads, by seat."""
    out: dict = {}
    for r in reads_:
        for s, rows in r.items():
            out.setdefault(s, []).extend(rows)
    return out
