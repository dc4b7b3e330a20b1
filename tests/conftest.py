"""Shared test setup: headless SDL for every UI test, and a ready App."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GURKA_NET_LOOPBACK", "1")     # network tables on 127.0.0.1, never advertised
sys.path.insert(0, str(Path(__file__).parent))   # tests' helper modules

import pytest

#: the real accessibility stack's test (Xvfb, D-Bus, at-spi2-core) runs when asked for:
#: ``GURKA_FULL=1 bash .ci/run`` installs what it needs and sets GURKA_ATSPI=1
collect_ignore = [] if os.environ.get("GURKA_ATSPI") == "1" else ["atspi"]


@pytest.fixture(autouse=True)
def english_at_the_start():
    """Every test starts in English, whatever language a test before it left behind."""
    from game.i18n import current_language, set_language
    if current_language() != "en":
        set_language("en")


@pytest.fixture()
def app(tmp_path, monkeypatch):
    """An App at 1024x640 in English, instant animations, user files in tmp_path."""
    import pygame

    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    from game.ui.app import App
    pygame.init()
    a = App(size=(1024, 640), lang="en")
    a.settings.speed = "instant"
    a.settings.tutorial_offered = True   # the first-start offer has tests of its own
    yield a
    a.manager.clear()


def answer_at_once(monkeypatch, choose=lambda state: state.legal_actions()[0]) -> None:
    """AI seats decide at once, ``choose(state)`` (the first legal action unless told); the
    table's minimum delay stays, so the times the table keeps are its own."""
    from game.play.ai_seats import AIDriver

    def ask(self, state, seat, spec, now):
        if self.ticket is not None and self.seat == seat:
            return
        self.ticket, self.seat, self.started = "now", seat, now
        self.result = choose(state)
    monkeypatch.setattr(AIDriver, "ask", ask)


@pytest.fixture
def instant_ai(monkeypatch):
    """AI seats decide at once (their first legal action)."""
    answer_at_once(monkeypatch)
