"""The coach: runs a tutorial's script on the real table scene.

The table (:class:`game.ui.table.scene.TableScene`) consults its ``coach`` at a few points and
otherwise plays as always (the engine judges every move, the parts animate every event):

- :meth:`Coach.hold` before an event is shown: a callout may stop the show there
  (a finished trick stays on the table while it is explained);
- :meth:`Coach.advance` when nothing is left to show: the coach shows the next callout,
  plays a scripted seat's move (after the usual AI pause, instead of the AI worker),
  resolves a chance step or feeds the next fixed deal; False lets the table ask the
  player at the screen as usual;
- :meth:`Coach.allow` before an action is applied: the move the callout asks for goes
  through; another legal move gets a friendly "try the one shown"; an illegal one goes
  on to the engine, which refuses it with its usual reason;
- :meth:`Coach.table_event` instead of the between-deals overlays (the coach explains
  the scoring itself); :meth:`Coach.handle_event` and :meth:`Coach.draw` for the
  callout on top of the table.

Should a script ever stop matching the game (it cannot: the tests play every script), the
tutorial ends with its last callout instead of failing.
"""

from __future__ import annotations

import pygame

from ...engine import CHANCE, IllegalActionError
from ...i18n import _
from .. import theme
from .. import tool_keys
from .beats import HUMAN, Beat, Tutorial, same_action
from .callout import Callout, beat_text

#: keys that go on from a callout
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT)
#: the table's views, with buttons usable under a callout: their keys are too
VIEW_TOOLS = ("moves", "lookback", "scores")


def try_the_one_shown() -> str:
    return _("That move is allowed, but for now try the one shown.")


class Coach:
    def __init__(self, tutorial: Tutorial):
        self.tutorial = tutorial
        self.beats = tutorial.beats
        self.step = 0                    # the beat to run next
        self.note: Beat | None = None  # the callout waiting for Next
        self.due: float | None = None  # when the scripted seat plays
        self.finished = False
        self.broken = ""              # why the script stopped matching the game (never, in tests)
        self.callout = Callout(self)
        self._last_areas: list = []

    # -- where the script is -------------------------------------------------------------
    @property
    def beat(self) -> Beat | None:
        return self.beats[self.step] if self.step < len(self.beats) else None

    def asking(self, scene) -> Beat | None:
        """The move the player at the screen is asked to make now, if any."""
        b = self.beat
        if (self.note is None and not self.finished and b is not None and b.kind == "move"
                and b.seat == HUMAN and scene.my_turn()):
            return b
        return None

    def showing(self, scene) -> Beat | None:
        """The callout on screen: a note, the move asked for (None at the end)."""
        return self.note or self.asking(scene)

    def words(self, scene, beat: Beat) -> str:
        """A callout's text as it shows (what a screen reader is told)."""
        return beat_text(scene, beat)

    def quiet(self) -> bool:
        """A callout says what to do (or is read): the table's own prompt stays away (its
        flashed messages, such as a refusal, still show)."""
        b = self.beat
        return (self.finished or self.note is not None
                or (b is not None and b.kind == "move" and b.seat == HUMAN))

    def callouts(self) -> list[Beat]:
        """Every beat with a callout, in order (for the step counter)."""
        return [b for b in self.beats if b.text]

    # -- the table's hooks -----------------------------------------------------------------
    def hold(self, scene, ev: dict) -> bool:
        """Before ``ev`` is shown: True stops the show here (a callout is up)."""
        if self.finished:
            return False
        if self.note is not None:
            return True
        b = self.beat
        if b is not None and b.kind == "say" and b.before == ev.get("type"):
            self.note = b
            scene.invalidate()
            return True
        return False

    def advance(self, scene) -> bool:
        """Nothing left to show: True when the coach acted or waits (the table does nothing
        more this frame); False lets the table ask the player at the screen."""
        if self.finished or self.note is not None:
            return True
        b = self.beat
        state = scene.host.state
        if b is None:
            return self.finish(scene)
        if b.kind == "say":
            self.note = b
            scene.invalidate()
            return True
        if b.kind == "chance":
            if state.to_act() != CHANCE:
                return self.finish(scene, f"beat {self.step}: no chance step is due")
            state.resolve_chance()
            self.step += 1
            return True
        if b.kind == "deal":
            if b.event is None:
                return self.finish(scene, f"beat {self.step}: a deal without its event")
            try:
                state.apply_record_event(dict(b.event))
            except IllegalActionError as e:
                return self.finish(scene, f"beat {self.step}: {e.reason}")
            self.step += 1
            return True
        seat = state.to_act()
        if seat != b.seat:
            return self.finish(scene, f"beat {self.step}: seat {seat} is to act, not {b.seat}")
        if seat == HUMAN:
            return False
        now = scene.timeline.now
        if self.due is None:
            self.due = now + scene.ai_delay()
        if now >= self.due:
            self.due = None
            if b.action is None or not scene.do(dict(b.action), seat=seat):
                return self.finish(scene, f"beat {self.step}: the scripted move was refused")
        return True

    def allow(self, scene, action: dict) -> bool:
        """Before ``action`` is applied: True lets it go on to the engine."""
        if self.finished or self.note is not None:
            return False
        b = self.beat
        state = scene.host.state
        if b is None or b.kind != "move":
            return False
        legal = state.legal_actions()
        is_legal = any(same_action(action, a) for a in legal)
        if state.to_act() == b.seat and is_legal and b.action is not None and same_action(action, b.action):
            self.step += 1
            return True
        if b.seat != HUMAN or not is_legal:
            return True        # the engine refuses it with its reason
        scene.flash(try_the_one_shown(), theme.ACCENT)
        return False

    def table_event(self, scene, kind: str, **data) -> bool:
        """Hand-offs, scored deals, the end: the coach explains them, no overlay opens."""
        scene.invalidate()
        return True

    def handle_event(self, scene, e) -> bool:
        """True when the callout used the event (the table does not see it)."""
        if e.type == pygame.KEYDOWN and (e.key == pygame.K_ESCAPE or tool_keys.tool_of(e) in VIEW_TOOLS):
            return False               # the pause menu and the views (M, L, S), as always
        mouse = e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if mouse and scene.widgets.widget_at(e.pos) is not None and not self.callout.covers(e.pos):
            return False               # the table's own buttons (Menu) stay usable
        if self.finished or self.note is not None:
            if self.callout.widgets.handle_event(e):
                return True
            if e.type == pygame.KEYDOWN and e.key in NEXT_KEYS and not self.finished:
                self.next(scene)
            return e.type != pygame.MOUSEMOTION
        if mouse and self.callout.covers(e.pos):
            return True
        return False

    def draw(self, scene, surface) -> None:
        self.callout.draw(scene, surface)

    def dirty(self, rects):
        """The table's changed rectangles of this frame with where the callout was and is
        (None: the whole window)."""
        now = list(self.callout.areas)
        before, self._last_areas = self._last_areas, now
        if rects is None:
            return None
        return list(rects) + before + now

    # -- moving on -------------------------------------------------------------------------------
    def next(self, scene) -> None:
        """The player read the callout: on with the script."""
        if self.note is None:
            return
        self.note = None
        self.step += 1
        scene.invalidate()

    def finish(self, scene, broken: str = "") -> bool:
        """The end: the scoring explained and the offer of a real game."""
        self.finished = True
        self.note = None
        self.broken = broken
        scene.invalidate()
        return True

    # -- the final callout's buttons ---------------------------------------------------------------
    def play_for_real(self, scene) -> None:
        scene.app.nav.replace("setup", rules=self.tutorial.rules)

    def more_lessons(self, scene) -> None:
        scene.app.nav.replace("learn")

    def to_menu(self, scene) -> None:
        scene.app.nav.back_to("menu")
