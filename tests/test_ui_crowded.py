"""The most crowded tables with the longest names the setup screen allows (14 letters):
every name stays readable on the seat panels and in the result."""

import pygame
import pytest
import scene_states as S
from test_ui_layout import draw_recorded, quiet_ai  # noqa: F401  (a fixture)

from game import i18n
from game.engine import new_game
from game.ui import theme as T

pytestmark = pytest.mark.usefixtures("quiet_ai")      # the screens are looked at, not played

#: names as long as the setup screen takes (its name field holds 14 letters)
LONG = ["Wilhelmina Öst", "Guðmundur Þórð", "Margrethe Wøld", "Maximilian Åby",
        "Sigurbjörg Hró", "Kristoffersens", "Æbelø-Ågårdsen", "Þórhildur Kára"]


def long_table(app, rules: str, n: int, stop, options=None, seed: int = 1):
    from game.ui.table import TableScene
    players = [{"name": LONG[i], "seat": "human" if i == 0 else "ai:normal"} for i in range(n)]
    state = S.play_until(new_game(rules, players, options, seed=seed), stop, seed)
    table = TableScene.hosted(app, state)
    app.manager.push(table)
    table.fast_forward()
    S.settle(app)
    return table


def at_size(app, size) -> None:
    """The window at ``size`` (``app.resize`` only hears of a window the user resized)."""
    pygame.display.set_mode(size)
    app.resize(size)
    assert app.screen.get_size() == tuple(size)


def readable(name: str, text: str) -> bool:
    """``text`` is ``name``, or all but its last few letters (the smallest windows)."""
    return text == name or (text.endswith("…") and name.startswith(text[:-1]) and len(text) > 11)


def drawn_texts(app) -> list[str]:
    return [b.text for b in draw_recorded(app).texts()]


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (2560, 1080), (1024, 1200)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["is", "da", "en"])
def test_team_durak_seats_show_whole_long_names_and_their_team(app, lang, size):
    """3 v 3: the team mark and the AI level took the room of the name, cut to four or five
    letters ("Maxi…", "Margr…"); the level gives way now, the team mark stays."""
    at_size(app, size)
    i18n.set_language(lang)
    try:
        table = long_table(app, "durak", 6, S.after("attack", 3), {"teams": "3v3"})
        texts = drawn_texts(app)
        team = i18n._("team {n}")
    finally:
        i18n.set_language("en")
    for seat in range(6):
        assert any(readable(LONG[seat], t) for t in texts), (seat, [t for t in texts if t.endswith("…")])
        mark = team.format(n=table.model.team_of(seat) + 1)
        assert any(t.startswith(mark) for t in texts), (seat, mark)


def test_short_names_keep_the_ai_level_beside_the_team(app):
    from game.ui.table import TableScene
    players = [{"name": n, "seat": "human" if i == 0 else "ai:normal"}
               for i, n in enumerate(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])]
    state = S.play_until(new_game("durak", players, {"teams": "3v3"}, seed=1), S.after("attack", 1), 1)
    table = TableScene.hosted(app, state)
    app.manager.push(table)
    table.fast_forward()
    S.settle(app)
    assert sum(t.startswith("team ") and t.endswith("· Normal") for t in drawn_texts(app)) == 5


@pytest.mark.parametrize("lang", ["is", "en"])
def test_the_durak_result_names_everyone_who_got_out(app, lang):
    """Six players: the line of who got out first to last shrank to the smallest size and
    still lost its last names behind an ellipsis; it wraps now, at full size."""
    at_size(app, (1366, 768))
    i18n.set_language(lang)
    try:
        table = long_table(app, "durak", 6, lambda s: False)
        assert len(table.model.out_order) >= 4
        app.nav.push("result", table=table.handle)
        S.settle(app)
        rec = draw_recorded(app)
    finally:
        i18n.set_language("en")
    result = app.manager.top
    shown = " ".join(b.text for b in rec.texts() if result.box.contains(b.rect))
    for p in table.model.out_order:
        assert LONG[p] in shown, (LONG[p], shown)
    assert "…" not in shown
    u = T.unit(app.screen.get_size())
    assert all(b.px >= 17 * u - 1 for b in rec.texts() if result.box.contains(b.rect))


def _my_exchange(state) -> bool:
    return state.to_act() == 0 and any(a["type"] == "exchange" for a in state.legal_actions())


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["is", "sv", "da", "nb", "en"])
def test_a_wide_action_button_keeps_clear_of_the_hand(app, lang, size):
    """Seven-round Gúrka's exchange, seven cards in hand: "Halda spilunum mínum" (Keep my
    cards) made its button so wide that it lay over the last card of the hand."""
    at_size(app, size)
    i18n.set_language(lang)
    try:
        table = S.table_at(app, "gurka-is7", 5, _my_exchange)
        table.build_actions()
        S.settle(app)
        hand = [r for _c, r in table.hand_layout()]
        buttons = [b for b in table.action_buttons if b.rect is not None]
        assert buttons and len(hand) == 7
        for b in buttons:
            assert b.rect.collidelist(hand) == -1, (b.text, b.rect, hand[-1])
            assert pygame.Rect(0, 0, *size).contains(b.rect)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["is", "en"])
def test_eight_long_names_head_the_score_sheet_whole(app, lang):
    """Eight columns at 1024x640: "Guðmundur…", "Margrethe …" (a name cut to its first word
    or less); a name of two words goes on two lines now, every letter of it shown."""
    i18n.set_language(lang)
    try:
        table = long_table(app, "gurka-se", 8, S.after("score", 2))
        app.nav.push("scoresheet", table=table.handle)
        S.settle(app)
        rec = draw_recorded(app)
    finally:
        i18n.set_language("en")
    sheet = app.manager.top
    texts = [b for b in rec.texts() if sheet.box.contains(b.rect)]
    assert not rec.problems(), rec.problems()[:5]
    for name in LONG:
        if " " in name:
            first, rest = name.split(" ", 1)
            assert any(b.text == first for b in texts) and any(b.text == rest for b in texts), name
        else:       # one word: as much as the column holds
            assert any(b.text == name or (b.text.endswith("…") and name.startswith(b.text[:-1])
                                          and len(b.text) > 9) for b in texts), name


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1080), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["is", "en"])
def test_seven_seats_keep_clear_of_the_header(app, lang, size):
    """Seven players: the two top seats came up so high that their panels covered the
    header's second half ("Pot: 80 chips · Out at 30")."""
    at_size(app, size)
    i18n.set_language(lang)
    try:
        long_table(app, "gurka-se", 7, S.trick_full(3))
        problems = draw_recorded(app).problems()
    finally:
        i18n.set_language("en")
    assert not problems, problems[:5]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1366, 768), (2560, 1080), (1024, 1200)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_other_seats_cards_lie_clear_of_the_trick_and_the_buttons(app, size):
    """A crowded table (the trick in rows): the backs of the other seats' cards (drawn
    above a side seat's panel, below a top seat's) touch no card of a full trick and no
    button (at seven players they lay over the trick's first row and under "Previous
    trick (L)")."""
    from game.ui import cards as C
    from game.ui.table.layout import Layout
    at_size(app, size)
    crowded = []
    for n in range(5, 9):
        table = long_table(app, "gurka-se", n, S.after("deal", 1))
        lay = Layout(size, n, 0)
        if not lay.crowded:
            app.manager.clear()
            continue
        crowded.append(n)
        buttons = [w.rect for w in table.widgets.widgets
                   if w.rect is not None and w.rect.width and getattr(w, "visible", True)]
        trick = []
        for i in range(n):
            x, y, cw = lay.trick_pos(i, 0, 1, i, n)
            r = pygame.Rect(0, 0, int(cw), C.height_for(int(cw)))
            r.center = (int(x), int(y))
            trick.append(r)
        w, ch = lay.small_w, C.height_for(lay.small_w)
        for seat in range(1, n):
            rect = lay.seat_rect(seat)
            top_row = rect.centery < lay.center[1] - lay.ry * 0.5
            fan = pygame.Rect(0, 0, int(w * (1 + 9 * 0.18)), ch)
            fan.center = (rect.centerx, int(rect.bottom + ch * 0.5 + 3 * lay.u if top_row
                                            else rect.top - ch * 0.5 - 3 * lay.u))
            assert fan.collidelist(trick) == -1, (n, seat, fan, trick[fan.collidelist(trick)])
            assert fan.collidelist(buttons) == -1, (n, seat, fan, buttons[fan.collidelist(buttons)])
        app.manager.clear()
    assert {7, 8} <= set(crowded), crowded


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1280, 800), (1024, 1200)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_announcement_and_the_hint_keep_clear_of_the_lower_side_seats(app, size):
    """Eight players: a two-line hint ("4♦: vilket som helst av korten du får lägga gör samma
    sak här") or announcement was as wide as the table between the screen's edges and lay
    over the lower side seats' panels; it wraps between them now."""
    at_size(app, size)
    long = "Kristoffersens gets 8 penalty points for 8♣ · Æbelø-Ågårdsen gets 8 penalty points for 8♦"
    for n in (5, 6, 7, 8):
        table = long_table(app, "gurka-se", n, S.trick_full(2))
        r = table.renderer
        r.prompt_lines = 2
        r.news_box = None
        r.news_box = r.news(app.screen, long, (255, 255, 255))
        hint = r.news(app.screen, long.upper(), (255, 255, 255), above_news=True)
        seats = [table.lay.seat_rect(s) for s in range(1, n)]
        for box in (r.news_box, hint):
            assert box.collidelist(seats) == -1, (n, box, seats[box.collidelist(seats)])
        app.manager.clear()
