"""The look back (L) and the move log (H) on the table; the menu's Continue and New game;
the setup's number choices; the After-a-trick setting."""

import pygame
import pytest
import scene_states as S


def frames(app, n=1, events=()):
    for _ in range(n):
        app.step(list(events), 16)
        events = ()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def top(app):
    return type(app.manager.top).__name__


def test_look_back_shows_the_previous_trick_at_its_seats(app):
    table = S.table_at(app, "gurka-se", 4, lambda st: S.count(st, "trick") >= 2 and S.trick_full(2)(st), seed=2)
    frames(app, 2)
    m = table.model
    assert not m.trick_over() and len(m.trick) == 2
    last = m.tricks[-1]
    assert table.flow.back_btn.visible
    frames(app, 1, [key(pygame.K_l)])
    assert top(app) == "LookbackScene"
    back = table.handle.lookback()
    shown = [c for c, _pos, _mark in back.cards]
    assert shown == [c for _s, cs in last.plays for c in cs]        # the previous trick, not this one
    for (_card, pos, mark), (seat, cs) in zip(back.cards, last.plays):
        assert pos == table.lay.trick_pos(seat, 0, 1, last.plays.index((seat, cs)), len(last.plays))
        assert (mark is not None) == (seat == last.winner)
    from game.ui.table import gurka_words as W
    said = W.takes_trick(table.players[last.winner]["name"], last.winner == 0,
                         table.part.card_text(table.part.winning(last)), False)
    assert back.title.endswith(said)
    leader = last.plays[0][0]
    assert W.led(table.players[leader]["name"], leader == 0) in back.title     # who led, then who took
    roles = {seat: role for (seat, _cs), (_pos, _name, role) in zip(last.plays, back.tags)}
    assert roles[last.winner] == "took"
    assert roles[leader] == ("led" if leader != last.winner else "took")
    assert all(role is None for seat, role in roles.items() if seat not in (leader, last.winner))
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert top(app) == "TableScene"


def test_look_back_on_a_crowded_table_names_every_card(app):
    """Eight seats, the second trick under way: the look back shows the first trick with
    the name of whoever played each of its eight cards, in the order they were played."""
    second = lambda st: S.count(st, "trick") >= 1 and S.trick_full(3)(st)       # noqa: E731
    table = S.table_at(app, "agurk-dk", 8, second, {"hand_size": 6}, seed=3)
    frames(app, 2)
    assert table.lay.crowded
    last = table.model.tricks[-1]
    assert len(table.model.tricks) == 1 and len(last.plays) == 8 and len(table.model.trick) == 3
    frames(app, 1, [key(pygame.K_l)])
    assert top(app) == "LookbackScene"
    back = table.handle.lookback()
    assert [c for c, _pos, _mark in back.cards] == [c for _s, cs in last.plays for c in cs]
    names = [n for _pos, n, _role in back.tags]
    assert names == [table.players[s]["name"] for s, _cs in last.plays]
    assert len(set(names)) == 8


def test_look_back_durak_bout(app):
    table = S.table_at(app, "durak", 3, S.after("bout_end", 2), seed=5, prefer=S.prefer_long_bouts)
    frames(app, 2)
    table.flow.look_back()
    assert top(app) == "LookbackScene"
    bout = [b for b in table.model.bouts if b.result][-1]
    back = table.handle.lookback()
    assert [c for c, _p, _m in back.cards] == [c for a, d, _p in bout.pairs for c in (a, d) if c]
    assert [n for _p, n, _r in back.tags] == [table.players[p]["name"] for _a, _d, p in bout.pairs]
    assert [r for _p, _n, r in back.tags] == ["led"] + [None] * (len(bout.pairs) - 1)
    from game.ui.table import durak_words as W
    assert back.title.startswith(W.opened(table.players[bout.opener]["name"], bout.opener == 0))
    heads = [e.text for e in table.log.entries if e.group]          # the move log: a heading a bout
    done = [b for b in table.model.bouts if b.result]
    assert len(heads) >= len(done)
    assert heads[len(done) - 1] == W.bout_heading(
        len(done), table.players[bout.opener]["name"], bout.opener == 0,
        W.bout_title(bout.result, table.players[bout.defender]["name"], bout.defender == 0, len(bout.cards())))


def test_no_look_back_before_the_first_trick(app):
    table = S.table_at(app, "agurk-no", 4, S.after("deal"), seed=1)
    frames(app, 2)
    assert not table.flow.back_btn.enabled
    frames(app, 1, [key(pygame.K_l)])
    assert top(app) == "TableScene"


def test_move_log_lists_the_deal_in_words_and_scrolls(app):
    table = S.table_at(app, "agurk-no", 4, S.after("trick", 9), seed=4)
    frames(app, 2)
    texts = [e.text for e in table.log.entries]
    assert texts[0] == "Deal 1"
    w = table.model.tricks[-1].winner
    winning = table.part.card_text(table.part.winning(table.model.tricks[-1]))
    name = "You" if w == 0 else S.NAMES[w]
    took = [t for t in texts if t.endswith("the trick")]
    assert len(took) == 9                                         # one line per trick won, both deals
    assert took[-1].startswith(name) and winning in took[-1]
    frames(app, 1, [key(pygame.K_m)])
    log = app.manager.top
    assert top(app) == "MoveLogScene"
    assert log.max_scroll > 0
    frames(app, 1, [key(pygame.K_HOME)])
    assert log.scroll == 0
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, precise_y=-2.0)])
    assert log.scroll > 0
    frames(app, 1, [key(pygame.K_m)])
    assert top(app) == "TableScene"


def test_move_log_groups_the_moves_by_trick_with_who_led_and_who_took(app):
    table = S.table_at(app, "agurk-no", 4, S.after("trick", 9), seed=4)
    frames(app, 2)
    entries = table.log.entries
    groups = [i for i, e in enumerate(entries) if e.group]
    assert len(groups) >= 9                       # every trick so far, the one under way too
    from game.ui.table import gurka_words as W
    done = table.model.tricks                     # this deal's finished tricks
    last = done[-1]
    leader, winner = last.plays[0][0], last.winner
    heading = W.trick_heading(len(done), table.model.tricks_in_deal(), S.NAMES[leader], leader == 0,
                              S.NAMES[winner], winner == 0)
    assert heading in [entries[i].text for i in groups]
    assert ("You led" if leader == 0 else f"{S.NAMES[leader]} led") in heading
    assert ("you took it" if winner == 0 else f"{S.NAMES[winner]} took it") in heading
    g = next(i for i in groups if entries[i].text == heading)
    plays = entries[g + 1:g + 1 + len(last.plays)]
    assert [e.seat for e in plays] == [seat for seat, _cs in last.plays]      # its moves, under it
    assert not any(e.group or e.head for e in plays)


def test_move_log_in_every_language(app):
    from game import i18n
    for lang in ("sv", "da", "nb", "is", "en"):
        i18n.set_language(lang)
        table = S.table_at(app, "gurka-is", 3, S.after("score", 1), seed=4)
        texts = [e.text for e in table.log.entries]
        assert len(texts) > 10 and all(texts)
        app.manager.clear()
    i18n.set_language("en")


@pytest.mark.parametrize("rules, stop", [("gurka-is", ("score", 1)), ("durak", ("bout_end", 3))])
def test_a_change_of_language_mid_game_changes_the_whole_move_log(app, rules, stop):
    """The log says its moves in the language of the moment it is read: after a switch
    to Swedish, a game written in English reads as the same game begun in Swedish."""
    from game import i18n
    try:
        table = S.table_at(app, rules, 3, S.after(*stop), seed=4)
        english = [e.text for e in table.log.entries]
        i18n.set_language("sv")
        switched = [e.text for e in table.log.entries]
        app.manager.clear()
        fresh = S.table_at(app, rules, 3, S.after(*stop), seed=4)
        assert switched == [e.text for e in fresh.log.entries]
        assert switched != english and len(switched) > 5
    finally:
        i18n.set_language("en")


def test_continue_names_the_game_and_a_new_game_of_its_ruleset_asks(app):
    from game.ui import game_labels as L
    from game.ui import savegame
    S.screens()["menu with a save"](app)
    frames(app)
    menu = app.manager.top
    cont = menu.widgets.by_name("continue")
    nb = "\u00a0"        # each part of the name keeps together on a wrapped line
    # saved at the third deal's first card: Continue shows the second deal's last trick again
    assert cont.sub.startswith(L.together(L.ruleset_label("gurka-is7")) + f" · Deal{nb}2{nb}of{nb}7 · ")
    menu.widgets.by_name("new").activate()
    assert top(app) == "SetupScene"             # another ruleset's game replaces nothing: no question
    setup = app.manager.top
    setup.set_rules("gurka-is7")
    setup.start()
    ask = app.manager.top
    assert top(app) == "ConfirmScene" and f"Deal{nb}2{nb}of{nb}7" in ask.text
    ask.widgets.by_name("no").activate()
    assert top(app) == "SetupScene" and savegame.has_save()
    setup.start()
    app.manager.top.widgets.by_name("yes").activate()
    assert top(app) == "TableScene"


def test_new_game_without_a_save_asks_nothing(app):
    app.nav.push("menu")
    frames(app)
    app.manager.top.widgets.by_name("new").activate()
    assert top(app) == "SetupScene"


def test_hand_size_arrows_step_one_and_stop(app):
    from game.ui.setup import SetupScene
    setup = app.manager.push(SetupScene(app, rules="agurk-dk"))
    frames(app)
    w = setup.widgets.by_name("opt:hand_size")
    assert w.value == 7
    w.step(-1)
    assert setup.current({"key": "hand_size", "from": None}) == 6
    w = setup.widgets.by_name("opt:hand_size")
    w.step(-1)
    w = setup.widgets.by_name("opt:hand_size")
    w.step(-1)                                        # 5 is the least: it stays
    assert setup.widgets.by_name("opt:hand_size").value == 5
    count = setup.widgets.by_name("players")
    count.set_value(8)
    setup.widgets.by_name("players").step(1)
    assert setup.players() == 8                       # no jump round to 3


def test_the_after_a_trick_setting(app, tmp_path):
    from game.storage import settings
    from game.ui.settings_scene import SettingsScene
    s, rejected = settings.Settings.from_dict({"trick_pause": "every"})
    assert s.trick_pause == "every" and not rejected
    s, rejected = settings.Settings.from_dict({"trick_pause": "sometimes"})
    assert s.trick_pause == "last" and rejected == ["trick_pause"]
    scene = app.manager.push(SettingsScene(app))
    frames(app)
    scene.widgets.by_name("trick_pause").step(1)
    assert app.settings.trick_pause == "every"
    scene.apply_defaults()
    assert app.settings.trick_pause == "last"


def test_look_back_follows_a_resize(app):
    table = S.table_at(app, "gurka-se", 4, lambda st: S.count(st, "trick") >= 1 and S.trick_full(1)(st), seed=2)
    frames(app, 2)
    table.flow.look_back()
    frames(app)
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    frames(app, 2, [pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000)])
    assert top(app) == "LookbackScene" and table.lay.size == (1600, 1000)
