"""Layout: every screen at 1024x640, 1280x800, 1920x1080 and 3840x2160 in every language,
drawn with the theme's box recorder on; the tables and their overlays again at each larger
card size (125 %, 150 %, large print) from 1024x640 up.  No text may overlap another text, leave the panel
it lies on, lie over a card or partly under a later panel; no interface text is drawn
under 12 px at 1024x640 (card indices aside: they are drawn by the card art), the same
that ``../shared/tools/fontprobe.py 12 1024x640`` checks."""

import pygame
import pytest
import scene_states as S

from game.storage.settings import Settings
from game.ui import theme as T

LANGS = ("sv", "da", "nb", "is", "en")
SIZES = ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160))


@pytest.fixture
def quiet_ai(monkeypatch):
    """No AI worker processes: the screens are looked at, not played."""
    from game.play.ai_seats import AIDriver
    monkeypatch.setattr(AIDriver, "ask", lambda self, *a, **k: None)


def make_app(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    from game.ui.app import App
    pygame.init()
    app = App(size=size, lang=lang)
    app.settings.speed = "instant"
    return app


def draw_recorded(app) -> T.Recorder:
    """One frame of the scenes on the stack, each scene a layer of the recorder."""
    rec = T.record_boxes(True)
    try:
        screen = app.screen
        for scene in app.manager._visible():
            rec.layer()
            scene.ensure_layout(screen.get_size())
            scene.draw(screen)
    finally:
        T.record_boxes(False)
    return rec


def look_at_every_screen(app):
    """(label, recorder) for every screen of :func:`scene_states.screens`."""
    out = []
    for label, make in S.screens().items():
        make(app)
        S.settle(app)
        out.append((label, draw_recorded(app)))
        app.manager.clear()
    return out


@pytest.mark.parametrize("size", [s if s == (1024, 640) else pytest.param(s, marks=pytest.mark.slow)
                                  for s in SIZES], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_over_text_on_any_screen(tmp_path, monkeypatch, quiet_ai, lang, size):
    """...and, at 1024x640, no interface text under 12 px (what fontprobe checks)."""
    app = make_app(tmp_path, monkeypatch, size, lang)
    problems, small = [], []
    for label, rec in look_at_every_screen(app):
        assert rec.texts(), label                     # the recorder saw the screen's texts
        problems += [f"{label}: {p}" for p in rec.problems()]
        if size == (1024, 640):
            small += [f"{label}: {b}" for b in rec.texts() if round(b.px) < 12]
    app.shutdown()
    assert not problems, "\n".join(problems[:20])
    assert not small, "texts under 12 px:\n" + "\n".join(small[:20])


def test_the_recorder_finds_overlaps(tmp_path, monkeypatch):
    """The checks can fail: text over text, a text across a panel's edge, text over a card."""
    app = make_app(tmp_path, monkeypatch, (1024, 640), "en")
    screen = app.screen
    rec = T.record_boxes(True)
    T.blit_text(screen, "Björn takes the trick", 17, (100, 100))
    T.blit_text(screen, "+10", 17, (110, 102))
    T.panel(screen, pygame.Rect(300, 300, 120, 40), 1.0)
    T.blit_text(screen, "a text too long for its panel", 17, (305, 310))
    T.note_box(screen, "card", pygame.Rect(600, 100, 60, 90))
    T.blit_text(screen, "Last trick", 17, (590, 120))
    T.blit_text(screen, "tiny", 9, (800, 500))
    T.record_boxes(False)
    found = rec.problems()
    assert any("text over text" in p and "+10" in p for p in found)
    assert any("leaves its panel" in p for p in found)
    assert any("over a card" in p and "Last trick" in p for p in found)
    assert [b.text for b in rec.texts() if round(b.px) < 12] == ["tiny"]
    # a panel drawn over a text hides it; one drawn partly over it is a problem
    rec = T.record_boxes(True)
    T.blit_text(screen, "hidden", 17, (100, 400))
    T.panel(screen, pygame.Rect(90, 390, 200, 60), 1.0)
    T.blit_text(screen, "half hidden", 17, (500, 400))
    T.panel(screen, pygame.Rect(540, 390, 200, 60), 1.0)
    T.record_boxes(False)
    assert [b.text for b in rec.texts()] == ["half hidden"]
    assert any("under a panel" in p for p in rec.problems())


@pytest.mark.parametrize("size", SIZES + ((1024, 768), (2560, 1080), (1600, 1000)),
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_durak_pairs_wrap_before_the_stock_trump_and_discard(size):
    """Up to six pairs (the most a bout holds) at any window size: rows wrap, and no pair
    card touches the stock, the trump card under it, the discard pile or a seat panel."""
    from game.ui import cards as C
    from game.ui.table.layout import Layout
    for n in range(2, 7):
        lay = Layout(size, n, 0)
        w, h = lay.table_w, lay.table_h
        sx, sy = lay.stock_pos()
        dx, dy = lay.discard_pos()
        keep_clear = [pygame.Rect(0, 0, w, h).move(sx - w // 2, sy - h // 2),          # the stock
                      pygame.Rect(0, 0, h, w).move(sx + w * 0.45 - h // 2, sy - w // 2),  # the trump
                      pygame.Rect(0, 0, int(h * 1.2), int(h * 1.2)).move(dx - h * 0.6, dy - h * 0.6)]
        keep_clear += [lay.seat_rect(s) for s in range(n)]
        sw, ch = lay.small_w, C.height_for(lay.small_w)
        for s in range(1, n):                                  # the other seats' hidden cards
            rect = lay.seat_rect(s)
            fy = rect.top - ch * 0.5 if rect.centery > lay.center[1] else rect.bottom + ch * 0.5
            fan = pygame.Rect(0, 0, int(sw * 2.62), ch)
            fan.center = (rect.centerx, int(fy))
            keep_clear.append(fan)
        for count in range(1, 7):
            for i in range(count):
                for j in (0, 1):
                    x, y, cw = lay.pair_pos(i, j, count)
                    r = pygame.Rect(0, 0, cw, C.height_for(cw))
                    r.center = (int(x), int(y))
                    hit = [k for k in keep_clear if r.colliderect(k)]
                    assert not hit, (size, n, count, i, j, r, hit)
                    assert pygame.Rect(0, 0, *size).contains(r)


@pytest.mark.parametrize("size", SIZES + ((1024, 768), (1280, 1024), (1366, 768), (1600, 1200), (2560, 1080),
                                  (3440, 1440), (1024, 1200)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_crowded_bout_keeps_every_pair_in_view(size):
    """Issue 69: a card thrown in on a second row of pairs covered the pair above it.  At
    every window size from 1024x640 up (the replay viewer's table above its bar too), with
    2 to 6 seats and 1 to 6 pairs, no pair's cards touch another pair's, and every pair lies
    inside the window, above the announcement line, clear of the seats and their cards."""
    from game.ui import cards as C
    from game.ui.table.layout import Layout
    u = T.unit(size)
    areas = [(size, None)] + [((size[0], size[1] - int(bar * u)), u) for bar in (64, 64 + 46)]
    for n in range(2, 7):
        for area, unit in areas:
            lay = Layout(area, n, 0, unit=unit, scale=1.0)
            clear, floor = lay.keep_clear(), lay.news_rect(1, 2).top
            for count in range(1, 7):
                pairs = []
                for i in range(count):
                    cards = []
                    for j in (0, 1):
                        x, y, cw = lay.pair_pos(i, j, count)
                        r = pygame.Rect(0, 0, cw, C.height_for(cw))
                        r.center = (int(x), int(y))
                        cards.append(r)
                    pairs.append(cards[0].union(cards[1]))
                for i, r in enumerate(pairs):
                    where = (area, n, count, i, r)
                    assert r.collidelist(pairs[i + 1:]) < 0, where          # a pair over another
                    assert pygame.Rect(0, 0, *area).contains(r) and r.bottom <= floor, where
                    assert r.collidelist(clear) < 0, where


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (2560, 1080), (1024, 1200)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules, n", [("gurka-se", 4), ("gurka-is", 3), ("gurka-se", 6), ("gurka-se", 7),
                                      ("agurk-no", 8)])
def test_the_undealt_cards_lie_clear_of_the_buttons_panels_and_hand(app, size, rules, n):
    """Whoever deals, the undealt cards beside them are not under a button (the top seat's
    once lay under the toolbar), a seat panel or the viewer's cards."""
    from game import i18n
    from game.ui import cards as C
    pygame.display.set_mode(size)          # app.resize alone only hears of a resized window
    app.resize(size)
    assert app.screen.get_size() == size
    i18n.set_language("is")                 # the widest buttons
    try:
        table = S.table_at(app, rules, n, S.after("deal", 1), seed=5)
        app.step([], 16)
    finally:
        i18n.set_language("en")
    app.step([], 16)
    app.step([], 16)
    lay = table.lay
    w, h = lay.small_w, C.height_for(lay.small_w)
    keep_clear = [wd.rect for wd in table.widgets.widgets if wd.rect is not None and wd.rect.width]
    keep_clear += [lay.seat_rect(s) for s in range(n)]
    keep_clear += [r for _c, r in table.hand_layout()]
    for dealer in range(n):
        x, y = lay.deck_pos(dealer)
        deck = pygame.Rect(0, 0, w, h)
        deck.center = (x, y)
        assert deck.collidelist(keep_clear) == -1, (dealer, deck, keep_clear[deck.collidelist(keep_clear)])


#: the card sizes beyond 100 % (which every test above draws)
CARD_SIZES = ("125", "150", "large-print")
#: the screens where the card size shows: the tables, their moments and overlays, the settings
SCALED = ("table", "moment", "lookback", "movelog", "handoff", "scoreboard", "result", "pause", "settings")


def _scaled_screens() -> dict:
    every = S.screens()
    out = dict(S.TABLES)
    out.update(S.MOMENTS)
    out.update({k: v for k, v in every.items() if k.split()[0] in SCALED})
    return out


#: (language, card size, window): each card size at 1024x640 and a larger window, in two languages
SCALED_CASES = [("sv", "125", (1024, 640)), ("is", "125", (1920, 1080)),
                ("sv", "150", (1024, 640)), ("is", "150", (1024, 640)), ("sv", "150", (3840, 2160)),
                ("is", "150", (1920, 1080)),
                ("is", "large-print", (1024, 640)), ("sv", "large-print", (1280, 800)),
                ("is", "large-print", (3840, 2160))]


@pytest.fixture
def card_look():
    """The card size goes back to 100 % after the test (it is the cards module's)."""
    from game.ui import cards as C
    yield
    C.configure(Settings())


@pytest.mark.parametrize("lang, card_size, size", SCALED_CASES,
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_no_overlap_at_every_card_size(tmp_path, monkeypatch, quiet_ai, card_look, lang, card_size, size):
    """Larger cards and large print: every table, its moments and overlays, laid out without
    text over text or over a card, and the cards inside the window."""
    app = make_app(tmp_path, monkeypatch, size, lang)
    app.settings.card_size = card_size
    app.apply_settings(save=False)
    problems = []
    bounds = pygame.Rect((0, 0), size)
    for label, make in _scaled_screens().items():
        make(app)
        S.settle(app)
        rec = draw_recorded(app)
        problems += [f"{label}: {p}" for p in rec.problems()]
        problems += [f"{label}: a card leaves the window {b}" for b in rec.boxes
                     if b.kind == "card" and not b.covered and not bounds.contains(b.rect)]
        app.manager.clear()
    app.shutdown()
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("size", ((1024, 640), (1920, 1080), (2560, 1080), (3840, 2160)),
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_larger_cards_as_far_as_the_table_holds_them(size):
    """At 100 % the table is as it always was; larger sizes make the hand larger on every
    table and, with few players, the cards in the middle too; never smaller than at 100 %."""
    from game.ui.table.layout import Layout
    for n in range(2, 9):
        plain = Layout(size, n, 0, scale=1.0)
        assert (plain.hand_scale, plain.middle_scale) == (1.0, 1.0)
        for scale in (1.25, 1.5):
            lay = Layout(size, n, 0, scale=scale)
            assert 1.0 < lay.hand_scale <= scale and 1.0 <= lay.middle_scale <= lay.hand_scale, (n, scale)
            assert lay.hand_w > plain.hand_w and lay.table_w >= plain.table_w
            assert lay.fits()
        gurka = Layout(size, n, 0, scale=1.5, pairs=False)
        if n <= 4:                                   # room for every card at 150 %
            assert (gurka.hand_scale, gurka.middle_scale) == (1.5, 1.5), n
