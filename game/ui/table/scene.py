"""The card table scene: its life cycle, the update loop, applying actions, saving.

The engine is the only judge: the table asks it for ``legal_actions()`` and ``apply()``s
what a player chose; an illegal choice comes back as an ``IllegalActionError`` whose code
is shown translated.  The engine's events are shown one after another: each is folded into
the public table (:mod:`game.engine.public`, ``self.model``) by the family part together
with its animation (:mod:`.timeline`), so the picture lags the engine by exactly the events
still to be shown.  Hand-offs, scored deals and the end of the game are raised as table
events; the app turns them into overlays (:mod:`game.ui.nav`).
"""

from __future__ import annotations

import random

import pygame

from ...engine import CHANCE, IllegalActionError, new_game, replay
from ...engine import session as sessions
from ...engine.public import new_table
from ...engine.registry import find_ruleset
from ...i18n import _
from .. import messages as M
from .. import theme as T
from ..scene import Scene
from ..widgets import Button, WidgetGroup
from . import pace
from .ai_driver import AIDriver
from .bookkeeping import Bookkeeping, next_session
from .dispatch import dispatch
from .draw import Renderer
from .families import part_for
from .flow import Flow
from .forced import AutoPlay
from .handle import TableHandle
from .hints import Hints
from .input import Selection
from .layout import Layout
from .prompt import prompt_for
from .journal import MoveLog
from .saver import Saver
from .timeline import Timeline
from .toolbar import Toolbar
from .undo import Undo
from .warmup import Warmup


class TableScene(Scene):
    #: every seat's cards face up (the replay of a finished game)
    open_hands = False

    def __init__(self, app, state, session: dict | None = None, save: bool = True, coach=None):
        super().__init__(app)
        self.coach = coach   # a tutorial's coach (game.ui.tutorial.coach), consulted at a few points
        self.entry = find_ruleset(state.rules)
        self.state = state
        self.rules = state.rules
        self.players = [dict(p) for p in state.players]
        self.n = len(self.players)
        self.session = dict(session or {})
        self.session.setdefault("game", getattr(state, "game", 1))
        if self.session.get("chips") is None:
            self.session["chips"] = sessions.start_chips(state.options, self.n)
        self.save_enabled = save and not app.demo
        self.books = Bookkeeping(self)
        self.model = new_table(self.rules, state.options, self.players, self.session["game"])
        self.shown = 0
        self.tl = Timeline()
        self.humans = [s for s, p in enumerate(self.players) if p["seat"] == "human"]
        self.viewer = self.humans[0] if self.humans else 0
        self.hidden, self.turned_down_by = len(self.humans) > 1, None
        self.sel = Selection()
        self.message, self.message_color = "", T.TEXT
        self.error_until = 0.0
        self.skipping = False
        self.ai = AIDriver(getattr(state, "seed", 0) * 7919 + 17)
        self.hover_card: str | None = None
        self.finished = self.chips_paid = False
        self.noted = False          # the session has noted this game's result
        self.action_buttons: list[Button] = []
        self.menu_button = Button(lambda: _("Menu"), self.open_pause, name="menu", px=16)
        self.toolbar = Toolbar(self)
        self.widgets = WidgetGroup([self.menu_button, *self.toolbar.buttons])
        self._decision_key = None
        self.lay: Layout | None = None
        self.part = part_for(self.entry.family)(self)
        self.renderer = Renderer(self)
        self.handle = TableHandle(self)
        self.saver = Saver()
        self.warmup = Warmup()
        self.autoplay = AutoPlay(self)
        self.undo = Undo(self)
        self.hints = Hints(self)
        self.log = MoveLog()
        self.flow = Flow(self)
        self.widgets = self._group()
        self.on_game_over = None   # hook for the demo / tests
        self.back = False          # back from an overlay this frame (see resume)

    # -- creating ------------------------------------------------------------------
    @classmethod
    def new(cls, app, rules: str, players: list[dict], options: dict | None = None,
            seed: int | None = None, session: dict | None = None, **extra) -> TableScene:
        seed = random.randrange(1, 2 ** 31) if seed is None else seed
        session = dict(session or {})
        state = new_game(rules, players, options, seed=seed, game=session.get("game", 1), **extra)
        return cls(app, state, session)

    @classmethod
    def from_record(cls, app, record: dict, session: dict | None = None) -> TableScene:
        """Resume a saved game: replay its record, then let the engine deal again."""
        state = replay(record)
        state.auto_chance = True
        while state.to_act() == CHANCE:
            state.resolve_chance()
        scene = cls(app, state, session)
        # the moves of the trick (or bout) under way are shown again, as they were played
        scene.fast_forward(scene.part.replay_from(state.events))
        return scene

    def fast_forward(self, upto: int | None = None) -> None:
        """Show the events so far (the first ``upto``) without animation (a loaded save)."""
        end = len(self.state.events) if upto is None else max(self.shown, min(upto, len(self.state.events)))
        while self.shown < end:
            ev = self.state.events[self.shown]
            self.model.apply(ev)
            self.shown += 1
            self.part.log(ev)
        self.part.settled()
        self.tl.flights.clear()

    def next_game(self) -> TableScene:
        """The session's next game at this table (Play again)."""
        session = next_session(self.session)
        session["game"] = session.get("game", 1) + 1
        extra = self.state.session_next()
        session["next"] = extra
        state = new_game(self.rules, self.players, dict(self.state.options),
                         seed=random.randrange(1, 2 ** 31), game=session["game"], **extra)
        return TableScene(self.app, state, session)

    # -- life cycle -------------------------------------------------------------------
    def enter(self):
        self.save()

    def exit(self):
        self.ai.close()
        self.flush()

    def flush(self) -> None:     # wait for the writers: the save and the finished game's record
        self.saver.flush()
        self.books.flush()

    def resume(self):
        self.size = (0, 0)
        self.invalidate()
        self.back = True        # the first frame back redraws the window: events wait a frame

    on_app_close = exit     # saved after every action: the worker stops, the writers finish

    def save(self) -> None:
        """Save the game (written by the saver's thread, off the frame path)."""
        if not self.save_enabled:
            return
        if self.finished:    # kept until the end is shown: closing before then loses nothing
            self.saver.delete()
        else:
            self.saver.save(self.state.record(), self.session)

    def leave(self) -> None:
        """Save and stop thinking: the player goes back to the menu."""
        self.save()
        self.ai.cancel()
        self.flush()

    def raise_event(self, kind: str, **data) -> None:
        """Tell the app something happened that shows an overlay (hand-off, scores, end)."""
        if self.coach is not None and self.coach.table_event(self, kind, **data):
            return
        self.app.nav.table_event(kind, table=self.handle, **data)

    # -- timing -------------------------------------------------------------------------
    def speed(self) -> float:
        return 0.0 if self.skipping else self.app.speed

    def animating(self) -> bool:
        if self.manager and self.manager.top is not self:
            return self.tl.moving(banners=False)     # under an overlay: what shows through moves
        if self.coach is not None and self.coach.note is not None:
            return self.tl.moving()    # a tutorial's callout waits to be read
        return bool(self.tl.moving() or self.tl.waiting() or self.ai.thinking or self.autoplay.pending
                    or self.hints.thinking
                    or (self.error_until and self.tl.now < self.error_until + 50)
                    or self.shown < len(self.state.events))

    def busy(self) -> bool:
        return self.tl.waiting() or self.shown < len(self.state.events) or any(
            not f.vanish for f in self.tl.flights)

    # -- per frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tl.advance(dt)
        if (self.manager is not None and self.manager.top is not self) or self.back:
            self.back = False
            return      # an overlay just opened (the scores) or closed: what follows waits
        problem = self.saver.take_problem()
        if problem:
            self.flash(problem)
        self.books.tick(dt)
        self.books.show_notice()
        self.hints.poll()
        self.toolbar.refresh()
        self._show_events()
        self.flow.refresh()

    def _show_events(self) -> None:
        if self.lay is None:
            return  # not laid out yet: positions for animations are unknown
        self.warmup.step()
        events = self.state.events
        while not self.tl.waiting() and self.shown < len(events):
            ev = events[self.shown]
            if self.coach is not None and self.coach.hold(self, ev):
                return
            self.shown += 1
            if self.part.show(ev):   # raised an overlay: stop here
                self.skipping = False
                return
        if self.tl.held is not None and self.skipping:
            self.skipping = False    # a held trick stops a skip: the player reads it
            self.tl.flights.clear()
        if self.shown >= len(events) and not self.tl.waiting():
            self._advance()

    def _advance(self) -> None:
        """Nothing left to show: whose decision is it?"""
        if self.coach is not None and self.coach.advance(self):
            return
        seat = self.state.to_act()
        if seat is None or seat == CHANCE:
            return
        spec = self.players[seat]["seat"]
        if spec == "human" and self.skipping:
            self.skipping = False    # skipped up to the player's own decision
            self.tl.flights.clear()
            self.part.settled()
        if spec != "human":
            action = self.ai.poll(self.tl.now, pace.AI_MIN_DELAY * self.speed())
            if action is not None:
                self.do(action)
            elif not self.ai.thinking:
                self.ai.ask(self.state, seat, spec, self.tl.now)
                if self.action_buttons:
                    self.clear_actions()
            return
        if self.hidden and seat == self.viewer == self.turned_down_by:
            self.reveal_for(seat)    # the same player again, only AI moves between: no hand-over
        if self.hidden or seat != self.viewer:
            if len(self.humans) > 1:
                self.hidden = True
                self.clear_actions()
                self.raise_event("handoff", seat=seat)
                return
            self.set_viewer(seat)
        key = (len(self.state.events), seat)
        if key != self._decision_key:
            self._decision_key = key
            self.sel.clear()
            self.build_actions()
            self.autoplay.arm(key)
            self.invalidate()
        self.autoplay.poll()

    @property
    def decision_key(self) -> tuple:
        """(events so far, seat to act): which decision of the game this is."""
        return (len(self.state.events), self.state.to_act())

    def set_viewer(self, seat: int) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.lay = Layout(self.size, self.n, seat, pairs=self.part.holds_pairs) if self.lay else None

    def reveal_for(self, seat: int) -> None:
        """The hand-off screen was clicked by ``seat``'s player."""
        self.set_viewer(seat)
        self.hidden = False
        self._decision_key = None
        self.invalidate()

    # -- applying actions ----------------------------------------------------------------
    def do(self, action: dict) -> bool:
        """Apply an action through the engine; False (and the reason shown) when illegal."""
        seat = self.state.to_act()
        if self.coach is not None and not self.coach.allow(self, action):
            return False
        try:
            self.state.apply(action)
        except IllegalActionError as e:
            self.flash(M.illegal_reason(e, self.app.settings))
            return False
        self.message = ""
        self.error_until = 0.0
        self.sel.clear()
        self._decision_key = None
        self.hints.cancel()
        self.clear_actions()
        if seat is not None and seat >= 0 and self.players[seat]["seat"] == "human":
            if len(self.humans) == 1:
                self.set_viewer(seat)
            elif self.state.to_act() != seat:
                self.hidden, self.turned_down_by = True, seat   # hot seat: the hand turns down
        self.save()
        self.invalidate()
        return True

    def restart_from(self, state) -> None:
        """Show ``state`` afresh without animation (the record replayed after an undo)."""
        self.ai.cancel()
        self.hints.forget()     # a later decision may have the key of the hint's, in another position
        self.state = state
        self.model = new_table(self.rules, state.options, self.players, self.session["game"])
        self.shown, self.log = 0, MoveLog()     # the log is written afresh by the fold below
        self.tl.reset()
        self.skipping = False
        self.part = part_for(self.entry.family)(self)
        self.sel.clear()
        self.message = ""
        self.error_until = 0.0
        self._decision_key = None
        self.clear_actions()
        self.fast_forward()
        seat = state.to_act()
        self.autoplay.hold((len(state.events), seat))
        self.invalidate()

    def flash(self, text: str, color=T.ERROR) -> None:
        self.message = text
        self.message_color = color
        self.error_until = self.tl.now + 3500
        self.invalidate()

    def game_over(self) -> None:
        self.finished = True
        self.clear_actions()
        self.hidden = False
        if not self.chips_paid and self.session.get("chips"):
            self.session["chips"] = sessions.settle_chips(self.session["chips"], self.model)
            self.chips_paid = True
        if not self.noted:
            self.noted = True
            self.part.note_result(self.session)
        if self.save_enabled:
            self.saver.delete()
        self.tl.busy_until = self.tl.now
        self.books.finish()
        if self.on_game_over:
            self.on_game_over(self)
        self.raise_event("game_over")

    def play_sound(self, name: str) -> None:
        self.app.play_sound(name)

    # -- decisions for the human at the screen -------------------------------------------------
    def my_turn(self) -> bool:
        seat = self.state.to_act()
        return (seat is not None and seat >= 0 and not self.hidden and seat == self.viewer
                and self.players[seat]["seat"] == "human" and not self.busy() and not self.finished)

    def legal(self) -> list[dict]:
        return self.state.legal_actions() if self.my_turn() else []

    def _group(self) -> WidgetGroup:
        return self.toolbar.group([self.menu_button, *self.flow.buttons, *self.toolbar.buttons, *self.action_buttons])

    def clear_actions(self) -> None:
        self.action_buttons = []
        self.widgets = self._group()
        self.renderer.place_buttons()

    def build_actions(self) -> None:
        self.action_buttons = self.part.buttons(self.state.legal_actions())
        self.widgets = self._group()
        self.renderer.place_buttons()
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """Play / Attack / Exchange are enabled only on a selection that makes a legal move."""
        legal = self.state.legal_actions() if self.action_buttons else []
        for b in self.action_buttons:
            if b.name in ("play", "attack", "exchange"):
                b.enabled = self.sel.complete(legal) is not None

    def legal_cards(self) -> set[str]:
        """Cards worth lighting for the viewer now (the click model's lit cards)."""
        legal = self.legal()
        return self.sel.lit(legal) if legal else set()

    @property
    def selected(self) -> list[str]:
        return self.sel.cards

    def click_card(self, card: str) -> None:
        if not self.my_turn():
            return
        action = self.sel.click_card(card, self.state.legal_actions())
        if self.sel.defend_with is not None:
            self.message = _("Now click the card to beat, or press its number.")
            self.message_color = T.TEXT
        if action is not None:
            self.do(action)
        else:
            self.sync_buttons()
        self.invalidate()

    def click_pair(self, index: int) -> None:
        pairs = self.model.pairs
        if not self.my_turn() or not 0 <= index < len(pairs):
            return
        action = self.sel.click_pair(pairs[index][0], self.state.legal_actions())
        if action is not None:
            self.do(action)

    def play_selection(self) -> None:
        """The Play / Attack / Exchange button: apply the selected cards."""
        action = self.sel.complete(self.state.legal_actions())
        if action is None:
            self.flash(_("Select the cards to play first.") if not self.sel.cards
                       else _("These cards do not make a move together."))
            return
        self.do(action)

    def prompt(self) -> str:
        """What the player at the screen is asked to do (or who is thinking)."""
        return prompt_for(self)

    # -- input ----------------------------------------------------------------------------------
    def open_pause(self) -> None:
        self.app.nav.push("pause", table=self.handle)

    def skip_animations(self) -> None:
        """The explicit skip (button or key): every move at once up to the player's next
        decision (or a held trick)."""
        if self.finished or self.my_turn():
            return
        self.skipping = True
        self.tl.skip()
        self.part.settled()
        self.invalidate()

    def handle_event(self, e) -> None:
        dispatch(self, e)

    # -- geometry (the renderer and the tests ask) ------------------------------------------------
    def layout(self, size) -> None:
        self.lay = Layout(size, self.n, self.viewer, pairs=self.part.holds_pairs)
        self.warmup.start(self.lay, self.app.settings, self.app.nav.import_ahead(), self.renderer.ahead())
        self.menu_button.rect = pygame.Rect(size[0] - int(112 * self.lay.u), int(10 * self.lay.u),
                                            int(100 * self.lay.u), int(36 * self.lay.u))
        self.flow.place(self.lay)
        self.toolbar.place()
        self.renderer.place_buttons()
        self.invalidate()

    @property
    def hand_y(self) -> int:
        return self.lay.hand_y

    def seat_pos(self, seat: int) -> tuple[int, int]:
        return self.lay.seat_pos(seat)

    def visible_hand(self) -> list[str]:
        h = self.model.hands[self.viewer]
        return self.part.sort_hand(h) if h else []

    def hand_layout(self) -> list[tuple[str, pygame.Rect]]:
        return self.renderer.hand_layout()

    def card_at(self, pos) -> str | None:
        if self.hidden or self.lay is None:
            return None
        for c, r in reversed(self.hand_layout()):
            if r.collidepoint(pos):
                return c
        return None

    def draw(self, surface) -> None:
        self.renderer.draw(surface)
        if self.coach is not None:
            self.coach.draw(self, surface)
            self.renderer.drawn_over(self.coach.callout.areas)

    def draw_extras(self, surface) -> list:
        """What is drawn over the table before its buttons (a hint); the rectangles it covers."""
        return self.hints.draw(surface)

    def dirty_rects(self):
        if self.coach is not None:      # where the callout is and was
            return self.coach.dirty(self.renderer.dirty)
        return self.renderer.dirty
