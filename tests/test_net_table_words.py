"""What a player sees at a network table (issue 63): a quiet host is noticed with the table
kept, the host is asked before it drops everyone, the pause menu says nothing pauses, table
phrases in each player's language with a mute and a limit, the waiting table of a host
without a seat, Continue naming a network game."""

from __future__ import annotations

import signal
import time

import pygame
import pytest
from net_helpers import start_host
from test_net_table_ui import _join, frames, host_table, instant_ai, top, until  # noqa: F401

from game import i18n
from game.net.client import NetStream


def _table(app):
    return next(s for s in app.manager.stack if type(s).__name__ == "TableScene")


@pytest.fixture
def hosted(app):
    """The host's window (Bo at seat 0, a network seat 1, the AI at seat 2) and a joiner in this
    process at seat 1 (Anna), the game started."""
    table = host_table(app, "agurk-no")
    net = table.stream.network
    joiner = NetStream("127.0.0.1", table.stream.net.port, "Anna", net.code)
    assert until(app, lambda: (joiner.serve(), not net.waiting_for())[1], 20)
    app.manager.top.start()
    frames(app, 3)
    yield table, joiner
    joiner.close()


def test_a_quiet_host_is_noticed_and_the_table_kept(app, tmp_path, monkeypatch):
    """The host's process stops (a frozen computer): within QUIET seconds the joiner's table
    says it is reconnecting, with Rejoin and Leave; when the host answers again the box goes
    away by itself and the game goes on."""
    from game.ui.table import network as N
    host, port = start_host(tmp_path, "agurk-no", 3, "net,ai:easy,ai:easy")
    try:
        _join(app, port, "1234")
        assert until(app, lambda: top(app) == "TableScene", 30)
        table = _table(app)
        host.send_signal(signal.SIGSTOP)
        stopped = time.monotonic()
        assert until(app, lambda: top(app) == "ReconnectScene", N.QUIET + 5)
        assert time.monotonic() - stopped < 10
        box = app.manager.top
        assert box.side.trouble_text().startswith("The host has not been heard from")
        assert type(app.manager.stack[-2]).__name__ == "TableScene" and _table(app) is table
        host.send_signal(signal.SIGCONT)
        assert until(app, lambda: top(app) != "ReconnectScene", 20)
        assert table.stream.state == "joined" and not table.network.trouble
    finally:
        host.send_signal(signal.SIGCONT)
        host.kill()


def test_the_host_is_asked_before_the_table_closes_naming_who_is_dropped(app, hosted):
    table, joiner = hosted
    table.open_pause()
    frames(app, 2)
    pause = app.manager.top
    assert type(pause).__name__ == "PauseScene"
    assert pause.quit_label() == "Close the table"
    pause.widgets.by_name("quit").activate()
    frames(app, 2)
    ask = app.manager.top
    assert type(ask).__name__ == "ConfirmScene" and "Anna will be dropped" in ask.text
    assert "Continue" in ask.text
    ask.widgets.by_name("no").activate()                # Stay: nothing happens
    frames(app, 2)
    assert table.stream.net.is_open and top(app) == "PauseScene"
    app.manager.top.widgets.by_name("quit").activate()
    frames(app, 1)
    app.manager.top.widgets.by_name("yes").activate()
    frames(app, 2)
    assert not table.stream.net.is_open
    end = time.monotonic() + 5
    while time.monotonic() < end and joiner.state != "closed":
        joiner.serve()
        time.sleep(0.01)
    assert joiner.state == "closed" and joiner.reason == "host_left"


def test_the_pause_menu_at_a_network_table_does_not_say_paused(app, hosted):
    table, joiner = hosted
    table.open_pause()
    frames(app, 2)
    surface = pygame.Surface((1024, 640))
    said = []
    real = app.theme.blit_text

    def spy(surf, text, *a, **k):
        said.append(text)
        return real(surf, text, *a, **k)
    import game.ui.overlays as O
    O.theme.blit_text = spy
    try:
        app.manager.top.draw(surface)
    finally:
        O.theme.blit_text = real
    assert "Paused" not in said and "Menu" in said


def test_a_host_without_a_seat_is_waited_for_as_the_host(app, tmp_path):
    host, port = start_host(tmp_path, "agurk-no", 3, "net,net,ai:easy")
    try:
        _join(app, port, "1234")
        assert until(app, lambda: top(app) == "LobbyScene", 30)
        frames(app, 2)
        lobby = app.manager.top
        said = []
        real = lobby.__class__.__module__
        import game.ui.lobby as L
        keep = L.theme.blit_text
        L.theme.blit_text = lambda surf, text, *a, **k: said.append(text) or keep(surf, text, *a, **k)
        try:
            lobby.draw(pygame.Surface((1024, 640)))
        finally:
            L.theme.blit_text = keep
        assert said[0] == "Waiting for the host to start", real
        from game.ui.names import ai_name
        assert ai_name(2, "en") in said and "P2" not in said   # the AI seat's name, not "P2"
    finally:
        host.kill()


def _take(app, joiner, table, seconds=5.0):
    end = time.monotonic() + seconds
    got = []
    while time.monotonic() < end and not got:
        joiner.serve()
        got = joiner.take_phrases()
        frames(app)
    return got


def test_table_phrases_go_as_ids_and_show_in_each_players_language(app, hosted):
    table, joiner = hosted
    table.toolbar.open_phrases()
    frames(app, 1)
    box = app.manager.top
    assert type(box).__name__ == "PhrasesScene"
    assert [m.name for m in box.mutes] == ["mute-1"]        # (the computer's seat says nothing)
    box.widgets.by_name("well_played").activate()         # the host says it
    assert _take(app, joiner, table) == [(0, "well_played")]
    joiner.say("oops")                                    # the joiner says it
    assert until(app, lambda: table.timeline.shown(("seat", 1)) is not None, 5)
    assert table.timeline.shown(("seat", 1)).text == "Oops!"
    i18n.set_language("sv")
    try:
        from game.ui.phrases import phrase_text
        assert phrase_text("oops") != "Oops!" and phrase_text("oops")
    finally:
        i18n.set_language("en")


def test_a_muted_player_is_not_shown_and_the_limit_is_said(app, hosted):
    table, joiner = hosted
    table.toolbar.open_phrases()
    frames(app, 1)
    box = app.manager.top
    box.widgets.by_name("mute-1").activate()
    assert table.network.muted == {1}
    box.close()
    frames(app, 2)
    joiner.say("thanks")
    end = time.monotonic() + 2
    while time.monotonic() < end:
        joiner.serve()
        frames(app)
    assert table.timeline.shown(("seat", 1)) is None         # muted here
    said = 0
    for _ in range(5):                                       # the host's own limit: three in ten seconds
        said += table.network.say("good_luck")
    assert said == 3
    table.toolbar.open_phrases()
    frames(app, 2)
    box = app.manager.top
    assert box.waiting() and not box.widgets.by_name("thanks").enabled


def test_continue_names_a_network_game(app, hosted):
    table, joiner = hosted
    table.save()
    table.flush()
    from game.ui import savegame
    saved = savegame.saved_games()
    assert saved and "Network" in saved[0].label and "Network" in saved[0].where


def test_a_phrase_said_with_the_mouse_leaves_enter_to_the_game(app, hosted):
    """Say clicked, a phrase clicked, then the keyboard: Enter plays on, it does not open the
    phrases again (the click's focus stayed on Say, and a group made anew after a move kept it)."""
    table, joiner = hosted

    def click(rect):
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (1, 1), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
            frames(app, 1, [pygame.event.Event(kind, pos=rect.center, **extra)])
    click(table.toolbar.say.rect)
    assert top(app) == "PhrasesScene"
    click(app.manager.top.widgets.by_name("oops").rect)
    assert top(app) == "TableScene"
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode="", scancode=0)
    frames(app, 1, [key])                     # the keyboard from now on
    table.clear_actions()                     # a move: the table's buttons are made anew
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    frames(app, 1, [enter])
    assert top(app) != "PhrasesScene"
