"""Play you can follow: the pace on the table's own clock, held tricks and the setting,
explicit skipping, resuming mid-trick, the hot-seat hand turned down, the announcements.

The AI seats answer at once here (their first legal move), so that the times measured are
the table's own: its clock advances 16 ms a frame whatever the machine does."""

import pygame
import pytest
import scene_states as S

from game.ui.table import pace
from game.storage.settings import Settings

FRAME = 16




def frames(app, n=1, events=()):
    for _ in range(n):
        app.step(list(events), FRAME)
        events = ()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def click(app, pos):
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def new_table(app, rules, n, human=(), options=None, seed=1, speed="normal"):
    from game.ui.table.scene import TableScene
    app.settings.speed = speed
    table = TableScene.new(app, rules, S.players(n, human), options, seed=seed)
    app.manager.push(table)
    frames(app, 2)
    return table


def shown_times(app, table, kinds, until, limit=20000):
    """(event type, table clock) at which each event of ``kinds`` was shown."""
    out, seen = [], table.shown
    for _ in range(limit):
        if until(out):
            break
        frames(app)
        while seen < table.shown:
            ev = table.host.state.events[seen]
            if ev["type"] in kinds:
                out.append((ev["type"], table.timeline.now, ev))
            seen += 1
    return out


def test_ai_cards_land_about_0_9_s_apart_and_a_trick_stays_1_5_s(app, instant_ai):
    table = new_table(app, "agurk-no", 4, options={})
    got = shown_times(app, table, ("play", "trick"), lambda out: sum(k == "trick" for k, *_ in out) >= 3)
    plays = []
    for (k1, t1, _e1), (k2, t2, _e2) in zip(got, got[1:]):
        if k1 == "play" and k2 == "play":
            plays.append(t2 - t1)
    assert plays and min(plays) >= 850 and max(plays) <= 1000, plays
    holds = [t2 - t1 for (k1, t1, _a), (k2, t2, _b) in zip(got, got[1:]) if k1 == "trick" and k2 == "play"]
    assert holds and min(holds) >= pace.TRICK_HOLD + pace.SWEEP, holds


def play_human(app, table):
    """The human plays the first legal move (cards clicked, the Play button if needed)."""
    legal = table.host.state.legal_actions()
    action = legal[0]
    if action["type"] == "play":
        lay = dict(table.hand_layout())
        for c in action["cards"]:
            click(app, lay[c].center)
        if table.selected:
            click(app, table.widgets.by_name("play").rect.center)
    else:
        table.do(action)


def run_to_hold(app, table, limit=20000):
    for _ in range(limit):
        if table.timeline.held is not None:
            return True
        if table.my_turn():
            play_human(app, table)
        frames(app)
        if type(app.manager.top).__name__ == "ScoreboardScene":
            return False
    return False


def test_the_last_trick_waits_for_the_player_and_names_who_pays(app, instant_ai):
    table = new_table(app, "agurk-no", 3, human=(0,), speed="fast")
    assert run_to_hold(app, table)
    assert table.model.deal_over()                          # held after the deal's last trick
    news = table.timeline.shown(("news",))
    row = table.model.sheet[-1]
    seat, card = row.losers[0]
    words = table.part.score_words(row)
    assert news is not None and news.text == "  ·  ".join(words)
    name = "You" if seat == 0 else S.NAMES[seat]
    assert words[0].startswith(name) and str(row.penalties[seat]) in words[0]
    assert table.part.card_text([card]) in words[0]
    assert table.flow.go_btn.visible and not table.flow.skip_btn.visible
    assert "Enter" in table.prompt()
    frames(app, 200)                                        # it waits as long as it takes
    assert table.timeline.held is not None and type(app.manager.top).__name__ == "TableScene"
    click(app, (table.size[0] // 2, table.size[1] // 3))    # a click on the table goes on
    assert table.timeline.held is None
    for _ in range(400):
        frames(app)
        if type(app.manager.top).__name__ == "ScoreboardScene":
            break
    assert type(app.manager.top).__name__ == "ScoreSheetScene"   # the score sheet, between deals


@pytest.mark.parametrize("mode,held_tricks", [("every", True), ("never", False)])
def test_the_trick_pause_setting(app, instant_ai, mode, held_tricks):
    app.settings.trick_pause = mode
    table = new_table(app, "agurk-no", 3, human=(0,), speed="fast")
    for _ in range(6000):
        if table.timeline.held is not None or table.model.deal_over():
            break
        if table.my_turn():
            play_human(app, table)
        frames(app)
    if held_tricks:
        assert table.timeline.held is not None and not table.model.deal_over()   # the first trick waits
        frames(app, 1, [key(pygame.K_RETURN)])                                  # Enter goes on
        assert table.timeline.held is None
    else:
        assert table.timeline.held is None and table.model.deal_over()


def test_a_table_without_humans_never_waits(app, instant_ai):
    table = new_table(app, "agurk-no", 3, speed="fast")
    for _ in range(6000):
        assert table.timeline.held is None
        if table.model.deal_over():
            break
        frames(app)
    assert table.model.deal_over()


def test_skipping_is_explicit(app, instant_ai):
    table = new_table(app, "agurk-no", 4, human=(0,), seed=3)
    for _ in range(3000):          # the AI seats are playing: cards in the air
        frames(app)
        if table.timeline.flights and not table.my_turn() and table.timeline.waiting():
            break
    assert table.timeline.flights
    before = (len(table.timeline.flights), table.timeline.busy_until)
    click(app, (table.size[0] // 2, table.size[1] // 2))          # a click is no skip
    assert (len(table.timeline.flights), table.timeline.busy_until) == before and not table.skipping
    assert table.flow.skip_btn.visible
    click(app, table.flow.skip_btn.rect.center)                   # the Skip button is
    for _ in range(200):
        if table.my_turn() or table.timeline.held is not None:
            break
        frames(app)
    assert table.my_turn() or table.timeline.held is not None
    assert not table.skipping


def test_resuming_shows_the_trick_under_way_again(app, instant_ai):
    from game.ui.table.scene import TableScene
    app.settings.speed = "normal"
    state = S.play_until(S.new_game("agurk-no", S.players(4, (0,)), {}, seed=2), S.trick_full(3))
    scene = TableScene.from_record(app, state.record(), {"game": 1})
    app.manager.push(scene)
    assert scene.shown == len(state.events) - 3                   # the three plays are to come
    frames(app, 2)
    assert scene.timeline.flights                                       # ...flying in, not jumped to


def test_hot_seat_hand_turns_down_while_the_others_play(app, instant_ai):
    table = new_table(app, "gurka-se", 4, human=(0, 2), seed=4, speed="fast")
    turned = False
    for _ in range(3000):
        top = type(app.manager.top).__name__
        if top == "HandoffScene":
            app.manager.top.go()
        elif table.my_turn():
            seat = table.host.state.to_act()
            play_human(app, table)
            if table.host.state.to_act() not in (None, seat):
                assert table.hidden                               # turned down at once
                turned = True
                break
        frames(app)
    assert turned, "no human move was followed by another seat's"
    for _ in range(3000):
        if type(app.manager.top).__name__ == "HandoffScene":
            break
        frames(app)
    handoff = app.manager.top
    assert type(handoff).__name__ == "HandoffScene"
    assert handoff.news and all(isinstance(t, str) and t for t in handoff.news)


def test_durak_announces_who_opens_and_what_is_taken(app, instant_ai):
    from game.ui.table import durak_words as W
    table = new_table(app, "durak", 3, seed=9, speed="fast")
    first = shown_times(app, table, ("attack",), lambda out: bool(out))
    opener = first[0][2]["player"]
    news = table.timeline.shown(("news",))
    assert news is not None and news.text == W.opens(S.NAMES[opener], False, True)
    got = shown_times(app, table, ("bout_end",), lambda out: any(e["result"] == "taken" for _k, _t, e in out))
    assert got and got[-1][2]["result"] == "taken"
    bout = [b for b in table.model.bouts if b.result == "taken"][-1]
    said = W.picks_up(S.NAMES[bout.defender], False, len(bout.cards()))
    assert table.timeline.shown(("news",)).text == said
    assert any(e.group and e.text.endswith(" · " + said) for e in table.log.entries)   # the bout's heading


def test_prompts_state_the_card_to_reach_and_the_click_model(app, instant_ai):
    from game.engine.gurka.moves import Requirement
    from game.ui.table import gurka_words as W
    settings = Settings(card_indices="international")
    assert "a nine" in W.requirement(Requirement("must_reach", "9H"), settings)
    assert "a king" in W.requirement(Requirement("must_reach_or_lowest", "KS"), settings)
    assert W.how_to(True, False) != W.how_to(True, True) != W.how_to(False, True)
    table = new_table(app, "gurka-is", 3, human=(0,), seed=5, speed="fast")
    for _ in range(3000):
        if table.my_turn():
            break
        frames(app)
    legal = table.host.state.legal_actions()
    text = table.prompt()
    if any(len(a["cards"]) > 1 for a in legal):
        assert text.endswith(W.how_to(True, True))
    else:
        assert text.endswith(W.how_to(True, False))


def test_an_overlay_hides_the_tables_banners_and_prompt(app, instant_ai):
    from game.ui import theme as T
    table = S.table_then(app, "gurka-se", 4, S.trick_full(3), S.after("trick", 1), seed=2)
    news = table.timeline.shown(("news",))
    assert news is not None

    def texts():
        rec = T.record_boxes(True)
        try:
            for scene in app.manager._visible():
                scene.draw(app.screen)
        finally:
            T.record_boxes(False)
        return [b.text for b in rec.boxes if b.kind == "text"]
    assert news.text in texts()
    app.nav.push("pause", table=table.handle)
    shown = texts()
    assert news.text not in shown and table.prompt() not in shown


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_hot_seat_hand_over_says_how_many_moves_it_leaves_out(app, size):
    """A long wait between turns (eight seats, a deal ending in between): the hand-over lists
    the newest moves that fit, and its first line says how many earlier ones are not shown,
    so the player knows the list is not all (before, the oldest were dropped silently, and
    on a short window the newest too)."""
    from types import SimpleNamespace

    from game.ui import theme as T
    from game.ui.overlays import HandoffScene
    news = [f"move {i}" for i in range(30)]
    table = SimpleNamespace(players=[{"name": "Anna", "seat": "human"}] * 2,
                            since_last_turn=lambda seat: list(news))
    scene = HandoffScene(app, table, 1)
    scene.layout(size)
    shown = scene.news[1:]
    assert shown == news[-len(shown):] and 1 <= len(shown) <= HandoffScene.MOST_NEWS - 1
    assert scene.news[0] == f"{30 - len(shown)} earlier moves not shown: Moves (M) lists every move"
    surface = pygame.Surface(size)
    scene.draw(surface)          # every listed line has room above the button
    u = T.unit(size)
    assert scene.box.top + int(158 * u) + len(scene.news) * T.line_step(15 * u) <= scene.box.bottom - int(84 * u)
    table.since_last_turn = lambda seat: news[:3]
    scene.layout(size)
    assert scene.news == news[:3]


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
@pytest.mark.parametrize("rules, n", [("gurka-se", 4), ("gurka-is7", 4)])
def test_the_last_trick_of_a_deal_lies_long_enough_to_read(app, rules, n, speed):
    """After a trick: never.  At fast speed the last trick of a deal lay 1.4 s from its last
    card landing to the score sheet: too short to see who took it with which card.  It lies
    2.5 s or more now at every speed but instant (measured on the table's clock, as
    ``bench.py pace last`` does); with a wait after the last trick the table waits for the
    player after it."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))
    import bench_pace
    secs, waits = bench_pace.last_trick(rules, n, speed, "never", app=app)
    assert secs >= 2.5 and not waits, secs
    secs, waits = bench_pace.last_trick(rules, n, speed, "last", app=app)
    assert waits


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
@pytest.mark.parametrize("rules, n", [("durak", 3), ("gurka-se", 4)])
def test_an_announcement_never_fades_over_a_prompt(app, instant_ai, rules, n, speed):
    """"Sigríður takes the cards" faded out stacked over the new prompt ("Throw in a card
    …", "Freja is thinking…"): hard to read, and it looked to lie behind it.  Now an
    announcement showing as the player's decision comes up stays whole until they decide,
    and while the others play it takes the place of "… is thinking": a prompt and a fading
    announcement never show together.  The player decides a few frames after their turn
    comes (the first legal move)."""
    import random
    table = new_table(app, rules, n, human=(0,), seed=3, speed=speed)
    app.settings.trick_pause = "never"
    rng = random.Random(2)
    together = fading = 0
    for _ in range(4000):
        if table.finished or table.host.state.events[-1:] and any(
                e["type"] == "score" for e in table.host.state.events):
            break
        if app.manager.top is not table:
            app.manager.top.go() if hasattr(app.manager.top, "go") else app.manager.pop()
        if table.my_turn() and rng.random() < 0.1:
            table.do(table.stream.legal_actions()[0])
        frames(app)
        r = table.renderer
        news = table.timeline.shown(("news",))
        if r.news_box is None or news is None:
            continue
        spec = r.prompt_spec()
        if spec is not None:
            together += 1
            assert news.alpha(table.timeline.now) == 255, (news.text, spec[0])
        elif news.alpha(table.timeline.now) < 255:
            fading += 1
    assert fading                     # announcements faded, alone
    assert together or rules != "durak"     # a take announced as the thrower's decision comes up
