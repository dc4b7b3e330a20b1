"""The end of a game and reduced motion: a won game is celebrated (a sound, cards falling and
bouncing), a lost one gets a kind word, and the reduced-motion setting leaves out every
animation that is not needed to follow the game."""

import pygame
import pytest
import scene_states as S

from game.storage.settings import Settings
from game.ui import motion, sound


@pytest.fixture
def calm():
    yield
    motion.configure(Settings())


def _result_over(app, rules, n, won: bool):
    """A finished game whose player at the screen (seat 0) won or lost, its result on top."""
    for seed in range(1, 80):
        state = S.new_game(rules, S.players(n), None, seed=seed)
        S.play_until(state, lambda s: False, seed)
        if not state.is_over():
            continue
        ev = next(e for e in reversed(state.events) if e["type"] == "game_over")
        losers = ev.get("losing_team") or ([] if ev.get("loser") is None else [ev["loser"]])
        if ("winners" in ev and (0 in ev["winners"]) == won) or (
                "winners" not in ev and losers and (0 not in losers) == won):
            from game.ui.table.scene import TableScene
            table = TableScene.hosted(app, state)
            app.manager.push(table)
            table.fast_forward()
            return table, app.nav.push("result", table=table.handle)
    raise AssertionError("no such game")


@pytest.mark.parametrize("rules", ["gurka-is7", "durak"])
def test_a_won_game_is_celebrated_and_a_lost_one_consoled(app, calm, rules):
    sound.played.clear()
    _table, result = _result_over(app, rules, 3, won=True)
    assert result.outcome == "won"
    app.step([], 16)
    assert sound.played.count("win") == 1 and result.celebrating() and result.animating()
    for _ in range(40):                                   # the cards fall, inside the window
        app.step([], 40)
        ch = result.cascade.card_w * 1.42
        for _card, _x, y in result.cascade.positions(result.elapsed):
            assert -ch <= y <= app.screen.get_height() - ch / 2 + 1     # falling in, bouncing on the edge
    assert result.cascade.positions(1500)                 # cards in the air mid-way
    for _ in range(80):
        app.step([], 50)
    assert not result.celebrating() and not result.opaque
    assert sound.played.count("win") == 1                 # once
    app.manager.clear()
    sound.played.clear()
    _table, lost = _result_over(app, rules, 3, won=False)
    assert lost.outcome == "lost" and not lost.celebrating() and lost.kind_rows
    app.step([], 16)
    assert "win" not in sound.played


@pytest.mark.parametrize("rules,deck", [("durak", 36), ("gurka-is7", 52)])
def test_the_celebration_falls_with_the_cards_of_the_game_played(app, calm, rules, deck):
    """Issue 69: a won Durak game (36 cards, the sixes up) was celebrated with a 2 and a 4."""
    from game.engine.cards import NAMES
    from game.engine.registry import find_ruleset
    _table, result = _result_over(app, rules, 3, won=True)
    app.step([], 16)
    played = {NAMES[c] for c in find_ruleset(rules).family.deck}
    assert len(played) == deck
    falling = [drop[0] for drop in result.cascade.drops]
    assert len(set(falling)) == len(falling) > 10 and set(falling) <= played


def test_the_celebration_is_drawn_over_a_picture_of_the_table(app, calm):
    table, result = _result_over(app, "gurka-is7", 3, won=True)
    app.step([], 16)
    app.step([], 16)
    assert result.opaque and result._backdrop is not None   # the table is not drawn again
    drawn = table.renderer.dirty
    app.step([], 16)
    assert table.renderer.dirty is drawn                    # the table drew nothing this frame
    pygame.display.set_mode((1100, 700))
    app.resize((1100, 700))
    app.step([], 16)                                        # a new size: the table draws first
    app.step([], 16)
    assert result._backdrop.get_size() == (1100, 700)


def test_reduced_motion_leaves_out_the_celebration_and_the_flights(app, calm):
    app.settings.reduced_motion = True
    app.apply_settings(save=False)
    assert motion.reduced()
    sound.played.clear()
    _table, result = _result_over(app, "gurka-is7", 3, won=True)
    app.step([], 16)
    assert not result.celebrating() and not result.opaque and "win" in sound.played
    app.manager.clear()
    # a card on its way is drawn where it lands from the moment it leaves
    app.settings.speed = "normal"
    table = S.table_at(app, "gurka-se", 4, S.trick_full(1), seed=2)
    S.settle(app)
    while table.timeline.flights or table.timeline.waiting():
        table.timeline.advance(50)
    S.play_until(table.host.state, S.trick_full(2), 3)
    app.step([], 16)
    flight = next(f for f in table.timeline.flights if f.card)
    start = table.timeline.now
    tx, ty, tw = flight.target()
    from game.ui import theme as T
    rec = T.record_boxes(True)
    try:
        table.renderer.flights(app.screen)
    finally:
        T.record_boxes(False)
    cards = [b.rect for b in rec.boxes if b.kind == "card"]
    assert any(abs(r.centerx - tx) <= 1 and abs(r.centery - ty) <= 1 for r in cards), (cards, tx, ty)
    assert table.timeline.now == start
    # the totals show their new values at once
    from game.ui.table.timeline import CountUp
    count = CountUp(0.0, 900.0, [0.0], [10.0])
    assert count.value(0, 100.0) == 10.0
    motion.configure(Settings())
    assert 0 < count.value(0, 100.0) < 10.0
