"""The game for a player who cannot see it: the accessibility tree of the screens (names,
roles, states, in the player's language), AccessKit optional, the table's hand, trick, seats
and prompt as nodes with the reading keys, and every engine event announced once in the move
log's words (the table waits for it when announcements are on)."""

from __future__ import annotations

import re
import sys
import time

import pygame
import pytest

from game.i18n import gettext_in, set_language
from game.ui import access_kit
from game.ui.access_tree import screen_nodes


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def flat(nodes):
    for n in nodes:
        yield from n.walk()


def test_the_menu_is_read_by_name_and_role_in_the_language(app):
    for lang in ("sv", "is"):
        app.settings.language = lang
        app.apply_settings(save=False)
        menu = app.nav.push("menu")
        app.step([], 16)
        nodes, focus = screen_nodes(menu)
        buttons = [n.name for n in nodes if n.role == "button"]
        want = [gettext_in(lang, w) for w in ("New game", "Join a table", "Learn to play", "Rules",
                                              "Statistics", "Replays", "Settings", "Quit")]
        assert buttons == want
        assert focus == "MainMenu/new"
        app.manager.clear()
    set_language("en")


def test_a_choice_and_a_toggle_say_their_value_and_state(app):
    setup = app.nav.push("setup", rules="gurka-se")
    app.step([], 16)
    nodes = {n.key: n for n in flat(screen_nodes(setup)[0])}
    players = nodes["SetupScene/players"]
    assert players.role == "combo_box" and players.name == "Players"
    assert players.value == str(setup.count_choice.value)
    n = len(setup.count_choice.options)
    assert players.description == f"{players.value}, {setup.count_choice.index + 1} of {n}"
    seat = nodes["SetupScene/seat1:name"]
    assert seat.role == "text_input" and seat.name == "Player 2" and seat.value == setup.seats[1]["name"]
    assert nodes["SetupScene/rules"].name == "Game" and any(c.selected for c in nodes["SetupScene/rules"].children)
    app.manager.clear()
    settings = app.nav.push("settings")
    app.step([], 16)
    node = next(n for n in flat(screen_nodes(settings)[0]) if n.key == "SettingsScene/sound")
    assert node.role == "check_box" and node.spoken() .startswith("Sound effects, on")
    settings.w_sound.activate()
    node = next(n for n in flat(screen_nodes(settings)[0]) if n.key == "SettingsScene/sound")
    assert node.checked is False and "off" in node.spoken()


def test_the_accesskit_tree_of_every_kind_of_screen_is_whole(app, tmp_path):
    """Each screen's tree as AccessKit gets it: every node once, every child known (a tree
    that is not whole stops the adapter's thread)."""
    import accesskit as ak
    from game.ui.tour.runner import Tour, mid_deal
    bridge = access_kit.Bridge(ak, "Gurka")
    screens = [lambda: app.nav.push("menu"), lambda: app.nav.push("setup", rules="durak"),
               lambda: app.nav.push("settings"), lambda: app.nav.push("join"),
               lambda: app.nav.push("rules"), lambda: app.nav.push("stats"),
               lambda: Tour(app, tmp_path).table("gurka-se", mid_deal),
               lambda: Tour(app, tmp_path).table("durak", mid_deal)]
    for make in screens:
        app.manager.clear()
        scene = make()
        app.step([], 16)
        nodes, focus = screen_nodes(app.manager.top)
        keys = [n.key for n in flat(nodes)]
        assert len(keys) == len(set(keys)), type(scene).__name__
        bridge.publish(nodes, focus, "Björn plays K♥.")
        update = bridge._update()                   # what the adapter would get
        ids = [i for i, _n in update.nodes]
        assert len(ids) == len(set(ids)) == len(keys) + 2      # the window and the live region too


def test_the_game_plays_on_without_accesskit(tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    monkeypatch.setitem(sys.modules, "accesskit", None)       # not installed: importing it fails
    from game.ui.app import App
    pygame.init()
    a = App(size=(1024, 640), lang="en")
    try:
        assert a.access.bridge is None
        err = capfd.readouterr().err
        assert err.count("screen reader support is off") == 1, err
        a.nav.push("menu")
        a.step([key(pygame.K_TAB)], 16)
        a.access.say("still said")                   # announcements go on (the log, own speech)
        assert a.access.announcer.last == "still said"
    finally:
        a.manager.clear()


def test_an_assistive_technology_focuses_and_presses_a_control(app):
    if app.access.bridge is None:
        app.access.bridge = access_kit.Bridge(__import__("accesskit"), "Gurka")
    menu = app.nav.push("menu")
    app.step([], 16)
    app.access.refresh(now=True)
    bridge = app.access.bridge
    target = bridge.id_of("MainMenu/rules")
    app.step([pygame.event.Event(access_kit.ACTION_EVENT, target=target, action="focus")], 16)
    assert menu.widgets.focused.name == "rules" and menu.widgets.keyboard
    app.step([pygame.event.Event(access_kit.ACTION_EVENT, target=bridge.id_of("MainMenu/settings"),
                                 action="click")], 16)
    assert type(app.manager.top).__name__ == "SettingsScene"


# -- the table ----------------------------------------------------------------------------
def _table(app, tmp_path, rules="gurka-se", stop=None):
    from game.ui.tour.runner import Tour, mid_deal
    return Tour(app, tmp_path).table(rules, stop or mid_deal)


def test_the_hand_is_a_list_of_cards_with_their_state_and_reason(app, tmp_path):
    table = _table(app, tmp_path)
    app.step([], 16)
    nodes, focus = screen_nodes(table)
    hand = next(n for n in nodes if n.key == "table/hand")
    assert hand.role == "list" and hand.name == "Your cards"
    assert [c.key.split("/")[-1] for c in hand.children] == table.visible_hand()
    lit = table.legal_cards()
    for c in hand.children:
        card = c.key.split("/")[-1]
        assert re.fullmatch(r"(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                            r"(spades|hearts|diamonds|clubs)", c.name)
        if card in lit:
            assert c.description.startswith("playable")
        else:
            assert c.description.startswith("cannot be played") and c.disabled
    names = {n.key: n for n in nodes}
    assert names["table/centre"].value and names["table/prompt"].name == table.prompt()
    seats = names["table/seats"].children
    assert len(seats) == table.n and seats[0].name.startswith(table.players[0]["name"])
    assert "to play" in seats[table.stream.to_act()].name
    app.step([key(pygame.K_RIGHT)], 16)                 # the keyboard's card has the focus
    nodes, focus = screen_nodes(table)
    assert focus == f"table/hand/{table.hover_card}"


def test_a_card_that_may_not_be_played_says_the_rule(app, tmp_path):
    def must_follow(state, seat=0):
        if state.to_act() != seat:
            return False
        legal = {c for a in state.legal_actions() if a["type"] == "play" for c in a["cards"]}
        hand = state.hands[seat] if hasattr(state, "hands") else []
        return bool(legal) and len(legal) < len(hand)
    table = _table(app, tmp_path, "gurka-se", must_follow)
    app.step([], 16)
    hand = next(n for n in screen_nodes(table)[0] if n.key == "table/hand")
    barred = [c for c in hand.children if c.description.startswith("cannot be played: ")]
    assert barred, [c.description for c in hand.children]
    from game.ui.table import gurka_words
    rule = gurka_words.requirement(table.model.requirement(table.model.hands[0]), app.settings)
    assert rule and all(c.description.startswith(f"cannot be played: {rule}, ") for c in barred)


def test_the_reading_keys_say_the_hand_the_table_the_players_and_the_turn(app, tmp_path):
    table = _table(app, tmp_path)
    said = app.access.announcer.said
    app.step([key(pygame.K_F2)], 16)
    assert said[-1].startswith("Your cards: ") and "(playable)" in said[-1]
    app.step([key(pygame.K_F3)], 16)
    assert said[-1].endswith(".") and said[-1] != ""
    app.step([key(pygame.K_F4)], 16)
    assert all(p["name"] in said[-1] for p in table.players) and "to play" in said[-1]
    app.step([key(pygame.K_F5)], 16)
    assert said[-1] == table.prompt()
    last = said[-1]
    app.step([key(pygame.K_F7)], 16)
    assert said[-1] == last
    app.step([key(pygame.K_F1)], 16)
    assert "F2: read your cards." in said[-1] and "F7: repeat the last announcement." in said[-1]
    app.step([key(pygame.K_F6)], 16)
    assert said[-1]
    n = len(said)
    app.step([key(pygame.K_F2, pygame.KMOD_CTRL)], 16)      # with Ctrl: not a reading key
    assert len(said) == n


def test_a_refusal_is_said(app, tmp_path, instant_ai):
    table = _table(app, tmp_path)
    table.flash("You may not play that now.")
    assert app.access.announcer.last == "You may not play that now."


# -- announcements ----------------------------------------------------------------------------
def demo_game(tmp_path, monkeypatch, lang: str, rules: str, seed: int = 3, settings=None):
    """An all-AI demo game of ``rules`` in ``lang``, announcements on: (events, heard, said)."""
    monkeypatch.setenv("GURKA_HOME", str(tmp_path / f"{lang}-{rules}"))
    from game.ui.app import App
    from game.ui.demo import DemoDirector
    pygame.init()
    app = App(size=(1024, 640), lang=lang, demo=True)
    vars(app.settings).update({"screen_reader": "on"}, **(settings or {}))
    said = []
    app.access.announcer.listeners.append(said.append)       # every sentence (the announcer keeps the last)
    d = DemoDirector(app, rules=rules, seed=seed)
    d.start()
    table = d.table
    try:
        # bounded by the clock, not by frames: the AI seats think in processes of their own, and a
        # cold start on a loaded machine (a clean clone compiles every module) outlasts any frame count
        deadline, frames = time.monotonic() + 600, 0
        while app.running and time.monotonic() < deadline:
            app.step([], 50)
            d.after_frame()
            frames += 1
            if frames > 5000:                # a normal demo ends in about 4,000 frames: now wait politely
                time.sleep(0.002)
        assert not app.running, f"the demo did not end in 600 s ({frames} frames)"
        return list(table.stream.events), list(table.spoken.heard), said
    finally:
        app.shutdown()
        set_language("en")


ENGLISH = re.compile(r"\b(plays|takes|trick|penalty|attacks|beats|throws|draws|Deal|Game|swaps|picks up|"
                     r"exchanges|wins|lives?|chips|buys)\b")


def check_announcements(events, heard, said, lang, english=None):
    assert [t for t, _x in heard] == [e["type"] for e in events]   # every event shown, once
    assert all(text for _t, text in heard), [t for t, x in heard if not x]
    assert said == [x for _t, x in heard]                          # and said once, in order
    for text in said:
        assert len(text) <= 240 and text.count(". ") <= 3, text    # a sentence or two
        if lang != "en":
            assert not ENGLISH.search(text), text
    if english is not None:                                        # the catalogue's words
        assert all(a != b for a, b in zip(said, english)), [a for a, b in zip(said, english) if a == b]


@pytest.mark.parametrize("rules, lang", [("gurka-se", "sv"), ("durak", "is")])
def test_every_event_of_a_demo_game_is_announced_once_in_the_language(tmp_path, monkeypatch, rules, lang):
    events, heard, said = demo_game(tmp_path, monkeypatch, lang, rules)
    english = demo_game(tmp_path, monkeypatch, "en", rules)[2]
    check_announcements(events, heard, said, lang, english)


@pytest.mark.slow
def test_every_ruleset_in_every_language_announces_every_event_once(tmp_path, monkeypatch):
    from game.engine.registry import ruleset_ids
    from game.i18n import LANGUAGES
    for rules in ruleset_ids():
        english = None
        for lang in ["en"] + [x for x in LANGUAGES if x != "en"]:
            events, heard, said = demo_game(tmp_path, monkeypatch, lang, rules)
            check_announcements(events, heard, said, lang, english)
            if lang == "en":
                english = said


def test_the_table_waits_for_an_announcement_as_for_an_animation(app, tmp_path, instant_ai):
    from game.ui.announcer import reading_ms
    table = _table(app, tmp_path)
    app.settings.speed = "normal"
    legal = table.stream.legal_actions()
    played = []
    for on in ("off", "on"):
        app.settings.screen_reader = on
        table.timeline.busy_until = table.timeline.now
        ev = {"type": "deal"}
        table.spoken.before()
        table.log.head(lambda: "Deal 9")
        table.spoken.after(ev)
        played.append(table.timeline.busy_until - table.timeline.now)
    assert played[0] == 0
    assert played[1] >= reading_ms("Deal 9.") * app.speed > 0
    assert legal


def test_show_at_once_says_a_summary(app, tmp_path):
    table = _table(app, tmp_path)
    sp = table.spoken
    table.skipping = True
    for i in range(9):
        sp.before()
        table.log.add(None, lambda i=i: f"Move {i}")
        sp.after({"type": "play"})
    n = len(app.access.announcer.said)
    table.skipping = False
    sp.settle()
    said = app.access.announcer.said
    assert len(said) == n + 1
    assert said[-1].startswith("9 moves shown at once; the last:") and "Move 8." in said[-1]
    assert "Move 2." not in said[-1]


def test_short_announcements_say_the_cards_and_the_name(app, tmp_path):
    table = _table(app, tmp_path)
    app.settings.verbosity = "short"
    table.spoken.before()
    table.log.add(1, lambda: "Björn plays K♥")
    table.spoken.after({"type": "play", "player": 1, "cards": ["KH"]})
    assert app.access.announcer.last == f"{table.board.card_text(['KH'])} {table.players[1]['name']}"


def test_card_names_in_the_languages():
    from game.ui.card_words import card_name
    want = {"en": "seven of clubs", "sv": "klöver sju", "da": "klør syv", "nb": "kløver sju", "is": "laufsjöa"}
    try:
        for lang, name in want.items():
            set_language(lang)
            assert card_name("7C") == name
        set_language("is")
        assert card_name("AS") == "spaðaás" and card_name("QH") == "hjartadrottning"
    finally:
        set_language("en")


def test_a_tutorials_callouts_are_said_and_the_asked_card_has_the_focus(app):
    from tutorial_helpers import frames

    from game.ui.tutorial.build import run_to
    from game.ui.tutorial.callout import beat_text
    scene = app.nav.push("tutorial", rules="gurka-se")
    coach = scene.coach
    said = []
    app.access.announcer.listeners.append(said.append)
    assert run_to(app, scene, lambda: coach.asking(scene) is not None)
    frames(app, 2)
    beat = coach.asking(scene)
    assert said and said[-1] == " ".join(beat_text(scene, beat).split())
    asked = beat.action.get("cards") or [beat.action.get("card")]
    assert scene.hover_card in asked
    notes = [" ".join(beat_text(scene, b).split()) for b in coach.beats[:coach.step] if b.kind == "say" and b.text]
    assert notes and all(n in said for n in notes)          # every callout read so far was said


def test_the_games_own_speech_speaks_each_announcement_in_the_language(app, tmp_path, monkeypatch):
    """With *Speak the moves aloud* each sentence goes to the system's speech (here a stand-in
    for speech-dispatcher's spd-say that writes down what it is asked)."""
    import os
    import stat
    import time
    log = tmp_path / "spoken.txt"
    fake = tmp_path / "bin" / "spd-say"
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(sys, "platform", "linux")
    app.settings.speech = True
    app.settings.language = "sv"
    app.apply_settings(save=False)
    try:
        app.access.say("Björn spelar K♥.")
        for _ in range(100):
            if log.is_file() and "Björn" in log.read_text():
                break
            time.sleep(0.02)
        assert "-l sv -- Björn spelar K♥." in log.read_text()
        assert app.access.on                     # announcements are on with the game's own speech
    finally:
        set_language("en")


def test_the_score_sheet_and_the_move_log_are_read_as_text(app):
    import scene_states as S
    S.screens()["scoreboard"](app)
    S.settle(app)
    nodes, _focus = screen_nodes(app.manager.top)
    texts = [n.name for n in nodes if n.role in ("heading", "label")]
    assert texts[0] == "Score sheet" and len(texts) >= 3
    table = app.manager.stack[0]
    assert any(table.players[0]["name"] in t for t in texts[1:])
    app.manager.clear()
    S.screens()["movelog"](app)
    S.settle(app)
    nodes, _focus = screen_nodes(app.manager.top)
    lines = [n.name for n in nodes if n.role in ("heading", "label")]
    assert lines == [e.text for e in app.manager.stack[0].log.entries] and lines


def test_a_blind_host_reads_the_address_and_the_code_of_the_waiting_table(app):
    from test_net_table_ui import host_table
    host_table(app)
    lobby = app.manager.top
    for _ in range(2):
        app.step([], 16)
    texts = [n.name for n in screen_nodes(lobby)[0] if n.role in ("heading", "label")]
    net = lobby.net
    assert texts[0] == "Waiting for players"
    assert f"Table code: {net.code}" in texts and any(net.addresses[0] in t for t in texts)
    assert sum(": " in t for t in texts) >= len(net.seats())


def test_a_hint_is_said_with_its_reasons(app, tmp_path):
    from test_hints import _table_mid_deal, _wait_for_hint
    table = _table_mid_deal(app, tmp_path)
    said = []
    app.access.announcer.listeners.append(said.append)
    app.step([key(pygame.K_h)], 16)
    assert _wait_for_hint(app, table) is not None
    assert said and said[-1] == " ".join(table.hints.line().split())


def test_the_statistics_are_read_row_by_row(app):
    import scene_states as S
    from stats_helpers import gurka, meta, seats

    from game.stats import record_game
    record_game(gurka(seats("human", "ai:easy", "ai:easy"), [[3, 0, 1]], [1]), meta())
    S.screens()["stats"](app)
    S.settle(app)
    stats = app.manager.top
    texts = [n.name for n in screen_nodes(stats)[0] if n.role == "label" and n.name]
    assert stats.stats.rows and any("Games " in t and "Wins " in t for t in texts), texts


def test_the_hot_seat_hand_over_reads_what_happened_since(app):
    import scene_states as S
    S.screens()["handoff"](app)
    S.settle(app)
    over = app.manager.top
    texts = [n.name for n in screen_nodes(over)[0] if n.role == "label"]
    assert texts == over.table.since_last_turn(over.seat) and texts
    assert any(n.role == "button" and over.name in n.name for n in screen_nodes(over)[0])
