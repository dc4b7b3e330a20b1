"""The middle of a Gurka table, and its look back.

Every card of the trick lies towards its owner; on a crowded table (six seats and more)
the trick lies in rows in playing order and every card carries its owner's name.  The
card to reach is marked while the trick is under way (a set to match: each of its cards with
its place in it, 1 for its lowest); when it is over, the cards that
won it (green) and, in the last trick, the cards that scored (red).  Icelandic score piles
lie beside their owners' panels.
"""

from __future__ import annotations

from .. import theme
from . import gurka_words
from .marks import name_tag, set_place
from .part_base import LED, TOOK, LookBack


#: how many cards the dealer's deck beside its panel shows (what is left after dealing)
DECK_LEFT = 12


def draw_centre(part, surface) -> None:
    m = part.model
    d = part.draw
    lay = part.lay
    timeline = part.timeline
    if m.options.get("score_piles"):
        pw = int(lay.small_w * 1.1)
        for s in range(part.board.n):
            px, py, step = lay.pile_pos(s)
            for i, c in enumerate(m.piles[s][-4:]):
                d.card(surface, c, True, (px + step * i * pw * 0.35, py), pw, shadow=False)
    now = timeline.now
    flying = {f.card for f in timeline.flights if not f.vanish and f.seat is None}
    for f in timeline.flights:
        if f.vanish and f.face_up and not f.started(now):
            d.card(surface, f.card, True, (f.src[0] * lay.size[0], f.src[1] * lay.size[1]), lay.table_w)
    if not (m.trick_over() and part.swept):
        over = m.trick_over()
        ref = None if over else m.reference_card()
        won = set(part.winning(m.tricks[-1])) if over and m.tricks else set()
        slots = part.slots()
        # a lead of several cards: the set to match is marked, each card with its place in
        # it (1 = its lowest), as the chosen cards in the hand are (:meth:`GurkaPart.hand_marks`)
        best = m.set_to_match()
        places = {c: k + 1 for k, c in enumerate(m.by_strength(m.trick[best][1]))} if best is not None else {}
        for i, (seat, cs) in enumerate(m.trick):
            shown = [(c, lay.trick_pos(seat, j, len(cs), i, slots)) for j, c in enumerate(cs) if c not in flying]
            # the marks first, then the cards: a set's frames show round it, never across
            # the card laid over the one before
            for c, pos in shown:
                if (seat, c) in part.losers:
                    d.mark(surface, pos[:2], pos[2], theme.ERROR, strong=True)
                elif c in won and seat == m.trick_winner:
                    d.mark(surface, pos[:2], pos[2], theme.GOOD, strong=True)
                elif c == ref or (i == best and c in places):
                    d.mark(surface, pos[:2], pos[2], theme.ACCENT, strong=True)
            for c, pos in shown:
                d.card(surface, c, True, pos[:2], pos[2])
            if i == best and not any(c in flying for c in cs):
                for j, c in enumerate(cs):
                    set_place(surface, lay, lay.trick_pos(seat, j, len(cs), i, slots), places[c], theme.TEXT)
            if lay.crowded and not any(c in flying for c in cs):
                name_tag(surface, lay, lay.trick_pos(seat, 0, 1, i, slots), part.name(seat))
    if m.dealer is not None and any(m.counts):
        d.stack(surface, lay.deck_pos(m.dealer), lay.small_w, DECK_LEFT)


def lookback(part) -> LookBack | None:
    """The previous finished trick: this deal's last one, or the last of the deal before."""
    m = part.model
    if m.tricks:
        trick, number, total = m.tricks[-1], len(m.tricks), m.tricks_in_deal()
    elif part.prev_trick is not None:
        trick, number = part.prev_trick, None
        total = None
    else:
        return None
    lay = part.lay
    slots = len(trick.plays)
    last = total is not None and number == total
    cards_won = part.winning(trick)
    leader = trick.plays[0][0]
    title = gurka_words.led(part.name(leader), part.you(leader)) + " · " + gurka_words.takes_trick(
        part.name(trick.winner), part.you(trick.winner), part.card_text(cards_won), last)
    if number is not None:
        title = gurka_words.trick_counter(number, total) + ":  " + title
    out = LookBack(title)
    for i, (seat, cs) in enumerate(trick.plays):
        for j, c in enumerate(cs):
            pos = lay.trick_pos(seat, j, len(cs), i, slots)
            out.cards.append((c, pos, theme.GOOD if seat == trick.winner else None))
        role = TOOK if seat == trick.winner else LED if i == 0 else None
        out.tags.append((lay.trick_pos(seat, 0, 1, i, slots), part.name(seat), role))   # who played it
    return out
