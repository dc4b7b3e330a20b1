"""The scene stack and widgets (headless)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui.scene import Scene, SceneManager
from game.ui.widgets import Button, Choice, ChoiceList, TextInput, Toggle, WidgetGroup


class Rec(Scene):
    def __init__(self, app, name, log, opaque=True):
        super().__init__(app)
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def pause(self):
        self.log.append(("pause", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def handle_event(self, e):
        self.log.append(("event", self.name))

    def draw(self, surface):
        self.log.append(("draw", self.name))


def test_push_pop_replace_and_overlay_drawing():
    log = []
    m = SceneManager()
    a = m.push(Rec(None, "a", log))
    m.push(Rec(None, "b", log, opaque=False))
    assert log == [("enter", "a"), ("pause", "a"), ("enter", "b")]
    log.clear()
    surf = pygame.Surface((100, 80))
    m.draw(surf)
    assert log == [("draw", "a"), ("draw", "b")]       # overlay draws over a
    m.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert log[-1] == ("event", "b")                   # only the top scene gets events
    log.clear()
    m.replace(Rec(None, "c", log))
    assert log == [("exit", "b"), ("enter", "c")]
    log.clear()
    m.draw(surf)
    assert log == [("draw", "c")]                      # c is opaque: a is hidden
    m.pop()
    assert m.top is a and log[-1] == ("resume", "a")
    m.pop()
    assert m.top is None and len(m) == 0


def test_widget_group_keyboard_and_mouse():
    from game.ui import theme
    pygame.init()
    theme.reset_fonts()
    clicks = []
    b1 = Button("One", lambda: clicks.append(1), rect=(0, 0, 100, 40))
    t = Toggle("T", False, rect=(0, 50, 200, 40))
    c = Choice("C", [(1, "a"), (2, "b"), (3, "c")], 2, rect=(0, 100, 300, 40))
    lst = ChoiceList([("x", "X"), ("y", "Y")], "x", rect=(0, 150, 200, 80), row_h=40)
    ti = TextInput("An", rect=(0, 240, 200, 30))
    g = WidgetGroup([b1, t, c, lst, ti])
    def key(k, u=""):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=u)
    g.handle_event(key(pygame.K_TAB))
    assert g.focused is b1
    g.handle_event(key(pygame.K_RETURN))
    assert clicks == [1]
    g.handle_event(key(pygame.K_DOWN))
    g.handle_event(key(pygame.K_SPACE))
    assert t.value is True
    g.handle_event(key(pygame.K_DOWN))
    g.handle_event(key(pygame.K_RIGHT))
    assert c.value == 3
    g.handle_event(key(pygame.K_TAB))
    assert g.focused is lst
    g.handle_event(key(pygame.K_DOWN))
    assert lst.value == "y"
    g.handle_event(key(pygame.K_TAB))
    g.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="na"))
    g.handle_event(key(pygame.K_BACKSPACE))
    assert ti.value == "Ann"
    # mouse: press and release on the button
    for t_ in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        g.handle_event(pygame.event.Event(t_, pos=(10, 10), button=1))
    assert clicks == [1, 1]
    surf = pygame.Surface((400, 300))
    g.draw(surf, 1.0)


def test_a_window_shown_again_is_shown_whole(app, monkeypatch):
    # an uncovered window kept black (or another window's pixels) where nothing moved:
    # a frame that changes little updates only its own rectangles
    calls = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: calls.append("update"))
    app.nav.replace("menu")
    for _ in range(3):
        app.step([], 0.016)
        if app.drew:
            app.present()
    calls.clear()
    for kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
        app.step([pygame.event.Event(kind)], 0.016)
        assert app.drew
        app.present()
        assert calls[-1] == "flip"
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))],
                 0.016)
        if app.drew:
            app.present()
            assert calls[-1] != "flip" or app.dirty is None   # only the first frame is whole


def test_the_window_cannot_be_made_smaller_than_the_layout_is_made_for(app):
    import warnings

    from game.storage.settings import MIN_WINDOW
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    desk = pygame.display.get_desktop_sizes()[0]
    assert tuple(window.minimum_size) == (min(MIN_WINDOW[0], desk[0]), min(MIN_WINDOW[1], desk[1]))


def test_leaving_fullscreen_gives_the_window_its_own_size_again(app, monkeypatch):
    # on X11 the window kept the screen's size, much of it off the screen: set_mode as there
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    set_mode = pygame.display.set_mode
    desk = pygame.display.get_desktop_sizes()[0]

    def x11_set_mode(size, flags=0, *a, **kw):
        surface = set_mode(size, flags, *a, **kw)
        if not flags & pygame.FULLSCREEN:
            window.size = desk                     # the window manager keeps the old size
            surface = pygame.display.get_surface()
        return surface
    monkeypatch.setattr(pygame.display, "set_mode", x11_set_mode)
    app.toggle_fullscreen(True)
    app.step([], 16)
    app.toggle_fullscreen(False)
    for _ in range(3):
        app.step(pygame.event.get(), 16)
    assert tuple(window.size) == app.windowed_size == (1024, 640)
    assert app.screen.get_size() == (1024, 640)
