"""The window and the main loop (pygame-ce examples' style) around the scene stack."""

from __future__ import annotations

import os
import sys
import warnings
from typing import TYPE_CHECKING

from .. import i18n
from ..storage import settings as store
from ..i18n import _
from ..paths import asset
from .nav import Nav

if TYPE_CHECKING:
    import pygame

    from .app_face import AppFace

#: the demo's own animation speed (a fraction of normal)
DEMO_SPEED = 0.1


def load_settings() -> store.Settings:
    """The persisted settings.  Never raises: a broken file is set aside with a notice."""
    return store.load()


def save_settings(settings: store.Settings) -> None:
    store.save(settings)


def missing_assets() -> list[str]:
    """The bundled fonts and sounds that are not there (a damaged install)."""
    # lazy: these import pygame, which loads only after run() hides its banner
    from . import music, sound, theme
    from .cards import ALL_CARDS
    wanted = [("fonts", f) for f in theme.FONT_FILES] + [("sounds", f"{n}.wav") for n in sound.NAMES]
    wanted.append(music.FILE)
    missing = [name for folder, name in wanted if not asset(folder, name).is_file()]
    try:                                    # the card art: one look at its folder
        there = set(os.listdir(asset("cards")))
    except OSError:
        there = set()
    missing += [f"{c}.svg" for c in ALL_CARDS if f"{c}.svg" not in there]
    return missing if len(missing) <= 6 else missing[:5] + [f"… (+{len(missing) - 5})"]


class App:
    """What every scene reaches through ``self.app``."""

    def __init__(self, size=(1280, 800), demo: bool = False, lang: str | None = None,
                 headless_ok: bool = True):
        # lazy: pygame (and the modules below import it) only once run() has hidden its banner
        import pygame

        from . import theme
        from .scene import SceneManager

        self.pygame = pygame
        theme.reset_fonts()
        # lazy: imports pygame, which loads only after run() hides its banner
        from .widget_base import InputMode
        InputMode.reset()                 # a new window: the mouse until a key is pressed
        from . import cards  # lazy: imports pygame, which loads only after run() hides its banner
        cards.clear_cache()
        self.demo = demo
        self.settings = load_settings()
        if lang:
            self.settings.language = lang
        self.lang = i18n.set_language(self.settings.language or i18n.detect_language())
        self.running = True
        self.drew = False
        #: the window was covered, hidden or restored: the next frame shows all of it
        self.exposed = False
        #: how often the window was opened (F11 opens it anew: its pixels are gone, at any size)
        self.windows = 0
        self.dirty = None
        self.exit_code = 0
        self.manager = SceneManager(self)
        self.nav = Nav(self.manager)
        register_routes(self)
        self.clock = pygame.time.Clock()
        self.windowed_size = tuple(size)
        self.fullscreen = self.settings.fullscreen and not demo
        self.screen: pygame.Surface | None = None
        from .access import Access  # lazy: imports pygame, which loads only after run() hides its banner
        #: the accessibility tree, the announcements, the game's own speech (:mod:`.access`)
        self.access = Access(self)
        self._set_icon()
        self._open_window()
        if sys.platform != "win32":
            self.access.start()
        self.theme = theme
        #: messages shown once on the menu: texts, or a :class:`~game.notices.Notice` (a corrupt
        #: save set aside) that the menu puts into words when it shows it
        self.notices: list = []
        notice = store.take_notice()
        if notice:
            self.notices.append(str(notice))
        missing = missing_assets()
        if missing:
            self.notices.append(_("Some of the game's files are missing ({files}). The game goes on "
                                  "without them; reinstalling it puts them back.").format(
                files=", ".join(missing)))
        from . import music, sound  # lazy: imports pygame, which loads only after run() hides its banner
        self.sound = sound
        sound.configure(self.settings)
        music.shutdown()                  # a new window: the music waits for its first screen
        music.configure(self.settings)
        self.configure_look()
        if not demo:       # finished games kept while the statistics file was in use: added now
            # start-up: sqlite3 and the statistics load with a player's App, not with this module
            from ..stats.retry import retry
            retry(first=0)

    def configure_look(self) -> None:
        """The card back and size, the table's surface and reduced motion, from the settings."""
        # lazy: imports pygame, which loads only after run() hides its banner
        from . import cards, motion, theme
        cards.configure(self.settings)
        theme.configure(self.settings)
        motion.configure(self.settings)

    def play_sound(self, name: str) -> None:
        if not self.demo:
            self.sound.play(name)

    def _set_icon(self) -> None:
        """The project's icon in the title bar and task bar (before the window opens)."""
        try:
            self.pygame.display.set_icon(self.pygame.image.load(str(asset("icon.png"))))
        except (OSError, self.pygame.error):
            pass  # a missing icon keeps pygame's own

    # -- window -------------------------------------------------------------------
    def _open_window(self) -> None:
        pg = self.pygame
        reopened = self.screen is not None
        if sys.platform.startswith("linux"):
            # X11's own framebuffer (MIT-SHM) shows only the rectangles a frame changed; SDL's
            # default there, a texture, uploads and presents the whole window on every update
            # (Xvfb 1920x1080: 20 ms for any update; 0.01 ms for a card's, 0.9 ms a flip this way)
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        if sys.platform == "win32" and not reopened:
            # Windows' accessibility adapter subclasses the window before it is first shown
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                pg.display.set_mode(self.windowed_size, pg.RESIZABLE | pg.HIDDEN)
            self.access.start()
        shown = pg.SHOWN if sys.platform == "win32" else 0     # (the window made hidden just above)
        if self.fullscreen:
            self.screen = pg.display.set_mode((0, 0), pg.FULLSCREEN | shown)
        else:
            leaving = self.screen is not None
            with warnings.catch_warnings():     # "forcibly resized": set right just below
                warnings.simplefilter("ignore", RuntimeWarning)
                self.screen = pg.display.set_mode(self.windowed_size, pg.RESIZABLE | shown)
            self._shape_window(leaving)
        pg.display.set_caption("Gurka")
        self.windows += 1
        self.manager.dirty = True
        if reopened:
            # lazy: imports pygame, which loads only after run() hides its banner
            from .widget_base import InputMode
            InputMode.window_changed()    # the window moved under the pointer: not the mouse

    def _shape_window(self, leaving_fullscreen: bool) -> None:
        """The window cannot be made smaller than the layout is made for (settings.MIN_WINDOW),
        or than the screen where the screen is smaller; out of fullscreen it takes its own
        size again, centred (X11 kept the screen's size, much of the window off the screen)."""
        pg = self.pygame
        try:
            desk = pg.display.get_desktop_sizes()[0]
            least = (min(store.MIN_WINDOW[0], desk[0]), min(store.MIN_WINDOW[1], desk[1]))
            with warnings.catch_warnings():     # pygame-ce 2.5 calls this way to the window old
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pg.Window.from_display_module()
            window.minimum_size = least
            if leaving_fullscreen:
                window.size = self.windowed_size
                window.position = pg.WINDOWPOS_CENTERED
        except (AttributeError, IndexError, ValueError, pg.error):
            pass    # a pygame without windows: the layout copes as it can

    def toggle_fullscreen(self, on: bool | None = None) -> None:
        on = (not self.fullscreen) if on is None else bool(on)
        if on == self.fullscreen:
            return
        if not on:
            pass
        elif self.screen is not None:
            self.windowed_size = self.screen.get_size()
        self.fullscreen = on
        self.settings.fullscreen = on
        self._open_window()

    def resize(self, size) -> None:
        if not self.fullscreen:
            self.windowed_size = (max(320, size[0]), max(240, size[1]))
            self.settings.window_size = (self.windowed_size[0], self.windowed_size[1])
        self.screen = self.pygame.display.get_surface()
        self.manager.dirty = True
        # lazy: imports pygame, which loads only after run() hides its banner
        from .widget_base import InputMode
        InputMode.window_changed()

    # -- settings ---------------------------------------------------------------------
    def apply_settings(self, save: bool = True) -> None:
        """Call after changing ``self.settings``: applies language and fullscreen, persists."""
        lang = self.settings.language
        self.lang = i18n.set_language(lang or i18n.detect_language())
        if self.settings.fullscreen != self.fullscreen and not self.demo:
            self.toggle_fullscreen(self.settings.fullscreen)
        from . import cards  # lazy: imports pygame, which loads only after run() hides its banner
        cards.clear_cache()
        self.configure_look()
        self.sound.configure(self.settings)
        self.access.configure()
        from . import music  # lazy: imports pygame, which loads only after run() hides its banner
        music.configure(self.settings)
        self.manager.size = None
        for scene in self.manager.stack:
            scene.size = (0, 0)  # lay out again (texts changed length)
        self.manager.dirty = True
        if save and not self.demo:
            save_settings(self.settings)

    @property
    def speed(self) -> float:
        if self.settings.speed == "demo":
            return DEMO_SPEED
        return store.SPEED_FACTORS.get(self.settings.speed, 1.0)

    @property
    def ai_pace(self) -> float:
        """How long a computer player waits before it plays (a factor of the table's pace),
        the setting apart from the animation speed; nobody waits with instant animations."""
        if self.settings.speed in ("instant", "demo"):
            return self.speed        # none, or the demo's own quick pace
        return store.AI_PACE_FACTORS.get(self.settings.ai_pace, 1.0)

    def quit(self, code: int = 0) -> None:
        if not self.demo and self.settings.window_size:
            save_settings(self.settings)   # remembers the window size
        self.running = False
        self.exit_code = code

    # -- main loop ----------------------------------------------------------------------
    def step(self, events, dt: float) -> None:
        """One frame: events, update, draw (no flip).  Tests call this directly."""
        pg = self.pygame
        for e in events:
            if self.access.handle_event(e):
                continue
            if e.type == pg.QUIT:
                self.on_close()
                continue
            if e.type in (pg.WINDOWEXPOSED, pg.WINDOWSHOWN, pg.WINDOWRESTORED):
                self.exposed = True     # the window's pixels were lost: show all of it again
                self.manager.dirty = True
            if e.type == pg.VIDEORESIZE:
                self.resize(e.size)
            elif e.type == pg.WINDOWSIZECHANGED:
                self.resize((e.x, e.y))
            elif e.type == pg.KEYDOWN and e.key == pg.K_F11:
                self.toggle_fullscreen()
                if not self.demo:
                    save_settings(self.settings)
                continue
            self.manager.handle_event(e)
        if not self.running:
            return
        self.manager.update(dt)
        if not self.manager.stack:
            self.running = False
            return
        self.screen = pg.display.get_surface() or self.screen
        if self.screen is not None and self.manager.needs_redraw():
            #: the rectangles this frame changed (None: the whole window), for present()
            self.dirty = self.manager.draw(self.screen)
            self.drew = True
            self.access.refresh()
        else:
            self.drew = False

    def present(self) -> None:
        """Show the frame just drawn: only its changed rectangles when it says which."""
        pg = self.pygame
        if self.dirty is None or self._size_changed() or self.exposed:
            self.exposed = False
            pg.display.flip()
        elif self.dirty:
            pg.display.update(self.dirty)

    def _size_changed(self) -> bool:
        size = self.screen.get_size() if self.screen is not None else None
        changed = size != getattr(self, "_presented_size", None)
        self._presented_size = size
        return changed

    def shutdown(self) -> None:
        """Leave every scene (each one releases what it holds, e.g. the AI worker process),
        and stop the card painter process."""
        try:
            self.manager.clear()
        except Exception:  # noqa: BLE001 - quitting must not fail
            pass
        from . import cards, music  # lazy: imports pygame, which loads only after run() hides its banner
        cards.shutdown()
        from ..stats.retry import stop  # start-up: the statistics, as retry in App(), not with this module
        stop()          # a try under way ends first; what still waits is added at the next start
        self.access.close()
        music.shutdown()

    def on_close(self) -> None:
        """Window closed: the table saves after every action, so just leave."""
        top = self.manager.top
        hook = getattr(top, "on_close", None)
        for scene in self.manager.stack:
            fn = getattr(scene, "on_app_close", None)
            if fn:
                fn()
        if hook:
            hook()
        self.quit(0)


if TYPE_CHECKING:
    def _as_scenes_see_it(app: App) -> AppFace:
        """mypy checks here that the app is what its scenes take it for (:mod:`.app_face`)."""
        return app


def register_routes(app) -> None:
    """Every scene by name (the only place that knows them all)."""
    from . import routes  # lazy: routes imports the menu, and so pygame (only after run() hides its banner)
    routes.register(app)


def _saved_size() -> tuple[int, int]:
    w, h = load_settings().window_size      # checked as it was read
    lo, hi = store.MIN_WINDOW, store.MAX_WINDOW
    return (min(max(w, lo[0]), hi[0]), min(max(h, lo[1]), hi[1]))


#: room the desktop keeps around a window: its title bar, a panel or taskbar (pixels)
DESK_MARGIN = (40, 100)


def fit_to_desktop(size, desk) -> tuple[int, int]:
    """``size`` made to fit a desktop of ``desk`` with room for the window's title bar and a
    taskbar (the first window of 1280x800 hid the hand under the bottom of a 1366x768 or
    1280x800 screen), never smaller than the layout's least size unless the screen is."""
    out = []
    for want, room, margin, least in zip(size, desk, DESK_MARGIN, store.MIN_WINDOW):
        out.append(max(min(int(want), int(room) - margin), min(least, int(room))))
    return (out[0], out[1])


def _first_size() -> tuple[int, int]:
    """The window's size at start: the saved one (or the default) as far as the screen allows."""
    import pygame  # lazy: pygame only once run() has hidden its banner (run() calls this)
    size = _saved_size()
    try:
        desk = pygame.display.get_desktop_sizes()[0]
    except (IndexError, pygame.error):
        return size
    return fit_to_desktop(size, desk) if desk[0] > 0 and desk[1] > 0 else size


def run(demo: bool = False, lang: str | None = None, rules: str | None = None, seed: int | None = None,
        frames: int | None = None, screenshots: str | None = None, size=None) -> int:
    """Open the window and play.  ``demo``: one fast all-AI game, then exit 0."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "gurka")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # lazy: after the line above hides pygame's banner

    pygame.init()
    app = None
    try:
        pygame.key.set_repeat(350, 40)
        app = App(size=size or _first_size(), demo=demo, lang=lang)
        if demo:
            from .demo import DemoDirector  # start-up: the demo only with --demo (and it imports pygame)
            director = DemoDirector(app, rules=rules, seed=seed, frames=frames,
                                    screenshots=screenshots)
            director.start()
        else:
            app.nav.push("menu")
            director = None
        clock = app.clock
        dt = 0.0
        painting = False
        while app.running:
            app.step(pygame.event.get(), dt)
            if director is not None:
                director.after_frame()
            if app.drew:
                app.present()
                # start-up benchmark (build_scripts/bench_package.py): quit after the menu's first frame
                if not demo and os.environ.get("GURKA_EXIT_AT_MENU") == "1":
                    print("gurka: menu drawn", flush=True)
                    app.quit(0)
                elif not painting:
                    # the card painter's process started while the first screen stands still,
                    # not in the first frames of a table
                    painting = True
                    # lazy: imports pygame, which loads only after run() hides its banner
                    from . import cards, music
                    cards.painter().ready()
                    if not demo:
                        music.begin()             # the music, when it is on, once a screen shows
            # idle: fewer frames when nothing moves (≤ 3 % of a core)
            dt = clock.tick() if demo else clock.tick(60 if app.manager.needs_redraw() else 20)
        return app.exit_code
    finally:
        if app is not None:
            app.shutdown()
        pygame.quit()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
