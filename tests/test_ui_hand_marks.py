"""The glow of a chosen (or playable) card in the hand shows round that card only: with two
cards chosen, the second one's frame was drawn across the face of the first."""

from game.ui import cards as C
from game.ui.tour.runner import Tour, leads_a_pair


def test_a_chosen_cards_glow_never_lies_over_the_card_beside_it(app, tmp_path):
    table = Tour(app, tmp_path).table("gurka-is", leads_a_pair)
    for _ in range(3):
        app.step([], 16)
    pair = next(a["cards"] for a in table.stream.legal_actions() if a["type"] == "play" and len(a["cards"]) == 2)
    fan = [c for c, _r in table.hand_layout()]
    first, second = sorted(pair, key=fan.index)

    table.click_card(first)
    table.click_card(second)
    assert sorted(table.sel.cards) == sorted(pair)
    surface = app.screen.copy()
    table.renderer.hand(surface)                  # the hand drawn afresh, two cards chosen
    layout = table.hand_layout()
    checked = 0
    bright = set(table.legal_cards()) | set(table.sel.cards)      # the cards not dimmed
    for k in range(1, len(layout)):
        (card, r), (left, beside) = layout[k], layout[k - 1]
        if left not in bright:
            continue
        face = C.face(left, beside.width, app.settings)
        for y in range(r.top + 6, r.bottom - 6, 5):
            x = r.left - 2                          # just left of a card, on the card beside it
            if beside.collidepoint(x, y) and not any(o.collidepoint(x, y) for o in
                                                     [rr for cc, rr in layout[k:]]):
                want = face.get_at((x - beside.left, y - beside.top))
                assert tuple(surface.get_at((x, y)))[:3] == tuple(want)[:3], (card, left, (x, y))
                checked += 1
    assert checked > 10
