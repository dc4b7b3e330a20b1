"""The most crowded tables with the longest names the setup screen allows (14 letters):
every name stays readable on the seat panels and in the result."""

import pygame
import pytest
import scene_states as S
from test_ui_layout import card_look, draw_recorded, quiet_ai  # noqa: F401  (fixtures)

from game import i18n
from game.engine import new_game
from game.ui import theme as T

pytestmark = pytest.mark.usefixtures("quiet_ai")      # the screens are looked at, not played

#: names as long as the setup screen takes (its name field holds 14 letters)
LONG = ["Wilhelmina Öst", "Guðmundur Þórð", "Margrethe Wøld", "Maximilian Åby",
        "Sigurbjörg Hró", "Kristoffersens", "Æbelø-Ågårdsen", "Þórhildur Kára"]


def long_table(app, rules: str, n: int, stop, options=None, seed: int = 1):
    from game.ui.table.scene import TableScene
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


def seat_tags_drawn(table, texts, seat: int) -> tuple[bool, bool]:
    """(the seat's AI level shows, whole or short; its team badge shows its number) among
    the recorded ``texts``."""
    from game.ui import messages as M
    level = table.part.level(seat)
    rect = table.lay.seat_rect(seat)
    on_box = [b.text for b in texts if rect.colliderect(b.rect)]
    shows_level = not level or M.level_name(level) in on_box or M.level_short(level) in on_box
    team = table.part.team(seat)
    badge = table.lay.badge_rect(seat)
    shows_team = team is None or any(b.text == str(team + 1) and badge.contains(b.rect) for b in texts)
    return shows_level, shows_team


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (2560, 1080), (1024, 1200)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["is", "da", "nb", "sv", "en"])
def test_team_durak_seats_show_long_names_their_level_and_their_team(app, lang, size):
    """3 v 3: the team mark and the AI level took the room of the name, cut to four or five
    letters ("Maxi…", "Margr…"); then the level gave way silently (a box said "team 2" and
    no level).  Now the team is a badge with its number on the box's edge, and the level
    shows whole or in its short form ("Norm."): never left out."""
    at_size(app, size)
    i18n.set_language(lang)
    try:
        table = long_table(app, "durak", 6, S.after("attack", 3), {"teams": "3v3"})
        texts = draw_recorded(app).texts()
        for seat in range(6):
            assert any(readable(LONG[seat], b.text) for b in texts), \
                (seat, [b.text for b in texts if b.text.endswith("…")])
            assert seat_tags_drawn(table, texts, seat) == (True, True), (seat, [b.text for b in texts])
    finally:
        i18n.set_language("en")


def test_short_names_keep_the_whole_ai_level_beside_the_team_badge(app):
    from game.ui.table.scene import TableScene
    players = [{"name": n, "seat": "human" if i == 0 else "ai:normal"}
               for i, n in enumerate(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])]
    state = S.play_until(new_game("durak", players, {"teams": "3v3"}, seed=1), S.after("attack", 1), 1)
    table = TableScene.hosted(app, state)
    app.manager.push(table)
    table.fast_forward()
    S.settle(app)
    texts = draw_recorded(app).texts()
    assert sum(b.text == "Normal" for b in texts) == 5
    for seat in range(6):
        assert seat_tags_drawn(table, texts, seat) == (True, True), seat


@pytest.mark.parametrize("lang", ["is", "en"])
def test_a_long_name_keeps_a_short_level_and_the_pointer_shows_it_whole(app, lang):
    """Eight seats of long names: every AI seat's box shows its level (the short form where
    the name needs the room); the pointer on a box shows its name and tags in whole words."""
    from game.ui import messages as M
    i18n.set_language(lang)
    try:
        table = long_table(app, "gurka-se", 8, S.after("deal", 1))
        texts = draw_recorded(app).texts()
        for seat in range(1, 8):
            assert seat_tags_drawn(table, texts, seat)[0], (seat, [b.text for b in texts])
        assert any(b.text == M.level_short("normal") for b in texts)   # a long name: the short form
        rect = table.lay.seat_rect(3)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 16)
        assert table.hover_seat == 3
        rec = draw_recorded(app)
        whole = f"{LONG[3]} · {M.level_name('normal')}"
        assert any(b.text == whole for b in rec.texts()), [b.text for b in rec.texts()]
        assert not rec.problems(), rec.problems()[:5]
    finally:
        i18n.set_language("en")


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
        for seat in range(1, n):
            fan = lay.backs_rect(seat)
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


#: every table the setup screen makes, by its seat count: (ruleset, seats, options)
EVERY_TABLE = ([("gurka-se", n, None) for n in range(3, 9)] + [("gurka-is", n, None) for n in (2, 3, 4)]
               + [("gurka-is7", 5, None)] + [("durak", n, None) for n in range(2, 7)]
               + [("durak", 4, {"teams": "2v2"}), ("durak", 6, {"teams": "3v3"})])
#: window sizes from the smallest up: wide, tall, and a 4K screen
EVERY_SIZE = ((1024, 640), (1280, 800), (1024, 768), (1366, 768), (1920, 1080), (2560, 1080),
              (1024, 1200), (3840, 2160))


def _gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Pixels between two rectangles (0 when they touch or overlap)."""
    return max(0, b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom)


def _crowding(app, table, label) -> list[str]:
    """The seat boxes (panel, the ring of the one to act, a team badge) that touch a button
    or another seat's box: the table's own buttons, and the most action buttons a decision
    has (three) with the widest label, where Continue and Show at once are too."""
    from game.ui.widgets import Button
    lay = table.lay
    u = lay.u
    table.action_buttons = [Button(lambda: "Swap trump six", name=f"action {i}") for i in range(3)]
    table.renderer.place_buttons()
    buttons = [(w.name, w.rect) for w in [*table.widgets.widgets, *table.action_buttons,
                                          table.flow.go_btn, table.flow.skip_btn]
               if w.rect is not None and w.rect.width]
    assert {"menu", "scores", "undo", "movelog", "lookback", "go_on", "skip"} <= {n for n, _r in buttons}
    boxes = [lay.seat_box(s) for s in range(table.n)]
    room = int(4 * u)
    out = []
    for s, box in enumerate(boxes):
        out += [f"{label}: seat {s} {box} touches {name} {r}" for name, r in buttons if _gap(box, r) < room]
        out += [f"{label}: seat {s} {box} touches seat {t} {boxes[t]}" for t in range(s + 1, table.n)
                if _gap(box, boxes[t]) < room]
    return out


@pytest.mark.usefixtures("card_look")
@pytest.mark.parametrize("card_size", ["100", "125", "150", "large-print"])
@pytest.mark.parametrize("size", [s if s == (1024, 640) else pytest.param(s, marks=pytest.mark.slow)
                                  for s in EVERY_SIZE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_seat_box_touches_a_button_or_another_box(app, size, card_size):
    """Every seat count of every game, at every card size: six Durak seats at 1024x640 put a
    box against "Previous bout (L)", eight Gurka seats one against "Moves (M)"; no box
    comes within 4 design pixels of a button or of another box.  At 1024x640 the boxes are
    checked where the recorder saw them drawn."""
    at_size(app, size)
    app.settings.card_size = card_size
    app.apply_settings(save=False)
    problems = []
    for rules, n, options in EVERY_TABLE:
        label = f"{rules} {n} {options or ''}"
        table = long_table(app, rules, n, S.after("deal", 1), options, seed=3)
        if size == (1024, 640):
            panels = [b.rect for b in draw_recorded(app).boxes if b.kind == "panel"]
            assert all(table.lay.seat_rect(s) in panels for s in range(n)), label
        problems += _crowding(app, table, label)
        app.manager.clear()
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", ["is", "sv", "da", "nb", "en"])
def test_the_toolbar_labels_share_one_size_at_the_smallest_window(app, lang):
    """1024x640 in Icelandic: "Afturkalla" and "Vísbending" were drawn smaller than "Stig"
    and "Valmynd" (the row shared its room in equal parts); the buttons are as wide as
    their labels now, with less room round them where the row is short of it."""
    i18n.set_language(lang)
    try:
        table = S.table_at(app, "durak", 2, S.after("attack", 2), seed=4)
        S.settle(app)
        tools = [table.toolbar.scores, table.toolbar.hint, table.toolbar.undo]
        assert all(b.visible and b.rect.width for b in tools)
        labels = [b.text for b in tools]
        texts = draw_recorded(app).texts()
    finally:
        i18n.set_language("en")
    u = table.lay.u
    for b, label in zip(tools, labels):
        drawn = [t for t in texts if b.rect.contains(t.rect)]
        assert [t.text for t in drawn] == [label], (label, drawn)
        assert round(drawn[0].px) == round(15 * u), (label, drawn[0].px)
    row = sorted(b.rect for b in tools)
    assert all(a.right < b.left for a, b in zip(row, row[1:]))
    assert row[-1].right < table.menu_button.rect.left
    assert row[0].left > table.lay.seat_rect(1).right        # clear of the top seat's box
