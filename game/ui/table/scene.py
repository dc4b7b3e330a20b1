"""The card table scene: its life cycle, the update loop, sending decisions, saving.

The table draws from one seat's stream (:mod:`game.play.stream`) and nothing else: the
events of that seat's view (another hand, the stock: only their counts), whose turn it is,
and the seat's legal actions when it is theirs.  So a game against the AI, a hot-seat game
(the stream looks from the seat of the person at the screen), a network game and a tutorial
are drawn the same way, and no screen can show what its seat may not see.  The engine is
the only judge: a decision is sent through the stream to the game's host
(:class:`game.play.host.TableHost`, in this process or on another computer), which applies
it; a refusal comes back as an ``IllegalActionError`` whose code is shown translated.

The events are shown one after another: each is folded into the public table
(:mod:`game.engine.public`, ``self.model``) by the family part together with its animation
(:mod:`.timeline`), so the picture lags the game by exactly the events still to be shown.
Hand-offs, scored deals and the end of the game are raised as table events; the app turns
them into overlays (:mod:`game.ui.nav`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from ...engine import CHANCE, IllegalActionError, new_game, replay
from ...engine import session as sessions
from ...engine.public import new_table, table_of
from ...engine.registry import find_ruleset
from ...storage.saves import clean_session
from ...net.protocol import seat_lost
from ...play.ai_seats import AIDriver
from ...play.host import LOCAL, SCRIPT, TableHost
from ...play.stream import LocalStream
from ... import i18n
from ...i18n import _
from .. import messages
from .. import theme
from ..names import shown_players
from ..scene import Scene
from ..widget_base import InputMode
from ..widgets import Button, WidgetGroup
from . import pace
from . import access_table
from .bookkeeping import Bookkeeping, next_session
from .dispatch import dispatch
from .draw import Renderer
from .board import Board, Cues
from .families import decision_for, part_for
from .flow import Flow
from .forced import AutoPlay
from .handle import TableHandle
from .hints import Hints
from .layout import Layout
from .network import NetworkTable
from .prompt import prompt_for
from .journal import MoveLog
from .keys import place_cursor
from .saver import Saver
from .spoken import Spoken
from .timeline import Timeline
from . import seat_tags
from .toolbar import Toolbar
from .undo import Undo
from .warmup import Warmup


def _on_board(name: str, doc: str) -> property:
    """The scene's ``name`` is its board's (:class:`.board.Board`): read and set there (one
    state, never a copy; the names the steering helpers, the overlays' handle and the tests
    use, while the drawing helpers and the family parts are handed the Board itself)."""
    return property(lambda self: getattr(self.board, name),
                    lambda self, value: setattr(self.board, name, value), doc=doc)


class TableScene(Scene):
    #: every seat's cards face up (the replay of a finished game)
    open_hands = False

    model = _on_board("model", "The public table as shown (:mod:`game.engine.public`).")
    lay = _on_board("lay", "Where everything lies (:class:`.layout.Layout`); None until laid out.")
    timeline = _on_board("timeline", "The animations' clock (:class:`.timeline.Timeline`).")
    players = _on_board("players", "Every seat's player (``name``, ``seat``).")
    humans = _on_board("humans", "The seats played at this screen (several in hot seat).")
    viewer = _on_board("viewer", "The seat the screen looks from.")
    log = _on_board("log", "The moves so far in words (:class:`.journal.MoveLog`).")
    sel = _on_board("sel", "The cards the player has picked (:class:`.input.Selection`).")
    finished = _on_board("finished", "The end of the game has been shown (its result screen raised).")

    def __init__(self, app, stream, session: dict | None = None, save: bool = True, coach=None):
        super().__init__(app)
        self.coach = coach   # a tutorial's coach (game.ui.tutorial.coach), consulted at a few points
        self.stream = stream
        #: the game's host when it runs in this process (saving, undo, a coach), else None
        self.host = stream.authority
        self.entry = find_ruleset(stream.rules)
        self.rules = stream.rules
        self.n = len(stream.players)
        # the one check of a session (a save's is hostile): game number, chips, the marks
        self.session = clean_session(session or {}, self.n, stream.game)
        if self.session.get("chips") is None:
            self.session["chips"] = sessions.start_chips(stream.options, self.n)
        if self.session["chips"] is not None and "purse" not in self.session:
            self.session["purse"] = list(self.session["chips"])    # the chips this game began with
        if self.session.get("settled") is not True or not stream.is_over():
            self.session.pop("settled", None)     # (a saved session's word is checked)
        self.save_enabled = save and not app.demo and self.host is not None
        #: what this screen shows of the game (the public table, its layout and clock, the
        #: seats, the session, the move log, the picked cards): what the family part is handed
        #: the players as the stream names them, and the language they are shown in (:meth:`name_seats`)
        self._named = (i18n.current_language(), [dict(p) for p in stream.players])
        self.board = Board(rules=stream.rules, players=shown_players(stream.players),
                           humans=list(stream.mine), viewer=stream.seat, session=self.session,
                           settings=app.settings, timeline=Timeline(), demo=bool(app.demo),
                           model=new_table(self.rules, stream.options, stream.players, self.session["game"]))
        self.books = Bookkeeping(self.board, tutorial=coach is not None,
                                 notify=lambda text: self.app.nav.push("message", text=text))
        self.shown = 0
        self.hidden = len(self.humans) > 1
        self.turned_down_by: int | None = None
        self.message, self.message_color = "", theme.TEXT
        self.error_until = 0.0
        self.skipping = False
        decider = getattr(self.host, "decider", None)
        #: the AI worker's driver: the host's AI seats decide through it, and hints share its worker
        self.ai = decider if decider is not None else AIDriver(random.randrange(2 ** 31))
        self.hover_card: str | None = None
        #: the seat whose box the pointer rests on: its tags in whole words (:mod:`.seat_tags`)
        self.hover_seat: int | None = None
        self.action_buttons: list[Button] = []
        self.menu_button = Button(lambda: _("Menu"), self.open_pause, name="menu", px=16)
        # the helpers that steer the scene are handed it, each saying why (its toolbar, input,
        # undo, hints, flow, network table, the overlays' handle); the ones that draw, speak or
        # decide get the board and the narrow shape they read (the renderer, the speech, the
        # forced card, the bookkeeping above), the family's part and decision the board and
        # the cues (make_parts): ui/README.md
        self.toolbar = Toolbar(self)
        self.widgets = WidgetGroup([self.menu_button, *self.toolbar.buttons])
        self._decision_key: tuple[int, int | None] | None = None
        self.renderer = Renderer(self.board, self)
        self.spoken = Spoken(self.board, self, self.app.access)
        self.make_parts()
        self.handle = TableHandle(self)
        self.saver = Saver()
        self.warmup = Warmup()
        self.autoplay = AutoPlay(self.board, self)
        self.undo = Undo(self)
        self.hints = Hints(self)
        self.flow = Flow(self)
        self.network = NetworkTable(self)
        #: the stream goes on into the next game's scene (a network table's Play again)
        self.stream_handed_on = False
        self.widgets = self._group()
        if self.host is not None:
            self.host.listen(self.save)    # after every move, whoever made it
        self.on_game_over: Callable[[TableScene], None] | None = None   # hook for the demo / tests
        self.back = False          # back from an overlay this frame (see resume)

    def make_parts(self) -> None:
        """The family's part (``self.part``), handed the board, the cues it may give and the
        renderer, and its decision (``self.decision``), handed the board and the cues."""
        cues = Cues(sound=self.play_sound, speed=self.speed, redraw=self.invalidate,
                    hold=self.flow_holds, coming=self.coming, to_act=self.stream.to_act,
                    legal=self.legal, do=self.do, play_selection=self.play_selection,
                    raise_event=self.raise_event, game_over=self.game_over)
        self.decision = decision_for(self.entry.family)(self.board, cues)
        self.part = part_for(self.entry.family)(self.board, cues, self.renderer)

    def flow_holds(self, last: bool) -> bool:
        """Does a finished trick (``last``: the deal's last) wait for the player?"""
        return self.flow.wants_hold(last)

    def coming(self) -> list[dict]:
        """The stream's events not shown yet."""
        return self.stream.events[self.shown:]

    # -- creating ------------------------------------------------------------------
    @classmethod
    def hosted(cls, app, state, session: dict | None = None, save: bool = True,
               coach=None) -> TableScene:
        """The table of a game hosted here: its people at this screen, its AI seats decided
        by the AI worker (a tutorial's other seats are played by its ``coach``)."""
        specs = [p["seat"] for p in state.players]
        if coach is not None:
            control = [LOCAL if s == "human" else SCRIPT for s in specs]
            return cls(app, LocalStream(TableHost(state, control)), session, save=save, coach=coach)
        decider = AIDriver(getattr(state, "seed", 0) * 7919 + 17)
        if "net" in specs:      # a network table: the others join it from their computers
            # start-up: with a save the menu loads the table; asyncio and the network only for network tables
            from ...net.hosted import host_name, network_control, open_table
            keep = (session or {}).get("net")
            stream = open_table(state, network_control(specs), host_name(state.players), decider, keep=keep)
            return cls(app, stream, session, save=save)
        return cls(app, LocalStream(TableHost(state, decider=decider)), session, save=save, coach=coach)

    @classmethod
    def new(cls, app, rules: str, players: list[dict], options: dict | None = None,
            seed: int | None = None, session: dict | None = None, **extra) -> TableScene:
        seed = random.randrange(1, 2 ** 31) if seed is None else seed
        session = dict(session or {})
        state = new_game(rules, players, options, seed=seed, game=session.get("game", 1), **extra)
        return cls.hosted(app, state, session)

    @classmethod
    def from_record(cls, app, record: dict, session: dict | None = None) -> TableScene:
        """Resume a saved game: replay its record, then let the engine deal again."""
        state = replay(record)
        state.auto_chance = True
        while state.to_act() == CHANCE:
            state.resolve_chance()
        scene = cls.hosted(app, state, session)
        # the moves of the trick (or bout) under way are shown again, as they were played
        scene.fast_forward(scene.part.replay_from(scene.stream.events, scene.session.get("seen")))
        return scene

    def fast_forward(self, upto: int | None = None) -> None:
        """Show the events so far (the first ``upto``) without animation (a loaded save)."""
        events = self.stream.events
        end = len(events) if upto is None else max(self.shown, min(upto, len(events)))
        while self.shown < end:
            ev = events[self.shown]
            self.model.apply(ev)
            self.shown += 1
            self.part.log(ev)
        self.part.settled()
        self.timeline.flights.clear()

    def next_game(self) -> TableScene | None:
        """The session's next game at this table (Play again).  At a network table it is the
        same table: the host deals and its players are asked to stay (the stream goes on into
        the new scene); a joiner plays the game its host offered (None when there is none)."""
        session = next_session(self.session)
        session["game"] = session.get("game", 1) + 1
        net = self.stream.network
        if net is not None and not net.hosting:
            if not self.stream.play_again():
                return None
            self.stream_handed_on = True
            return TableScene(self.app, self.stream, session, save=False)
        state = self.host.state
        extra = state.session_next()
        session["next"] = extra
        state = new_game(self.rules, self.players, dict(state.options),
                         seed=random.randrange(1, 2 ** 31), game=session["game"], **extra)
        if net is not None:
            decider = AIDriver(getattr(state, "seed", 0) * 7919 + 17)
            stream = self.stream.next_stream(state, decider)
            self.stream_handed_on = True
            return TableScene(self.app, stream, session, save=self.save_enabled)
        return TableScene.hosted(self.app, state, session)

    # -- life cycle -------------------------------------------------------------------
    def enter(self):
        self.save()

    def exit(self):
        if not self.stream_handed_on:       # (the next game's scene reads on from it)
            self.stream.close()
        if self.host is not None:
            self.host.close()
        self.ai.close()
        self.flush()

    def flush(self) -> None:     # wait for the writers: the save and the finished game's record
        self.saver.flush()
        self.books.flush()

    def resume(self):
        self.name_seats()       # the language may have changed in the settings meanwhile
        self.size = (0, 0)
        self.invalidate()
        self.back = True        # the first frame back redraws the window: events wait a frame

    def on_app_close(self) -> None:
        """The window is closed: saved after every action, and once more with how far the
        table has shown the game (the player may have gone on to the next deal since the last
        move); then the worker stops and the writers finish."""
        self.save()
        self.exit()

    def save(self) -> None:
        """Save the game (written by the saver's thread, off the frame path)."""
        if not self.save_enabled:
            return
        if self.finished:    # kept until the end is shown: closing before then loses nothing
            self.saver.delete(self.rules)
        else:
            if self.stream.network is not None:     # the table is opened again by Continue
                self.session["net"] = self.stream.network.keep()
            self.session["seen"] = self.shown      # where Continue opens it (resume_point)
            self.saver.save(self.stream.record(), self.session)

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

    def ai_delay(self) -> float:
        """How long (ms) a computer player waits before it plays: the AI pace setting (none
        while the player skips to their own turn)."""
        return 0.0 if self.skipping else pace.AI_MIN_DELAY * self.app.ai_pace

    def animating(self) -> bool:
        if self.manager and self.manager.top is not self:
            return self.timeline.moving(banners=False)     # under an overlay: what shows through moves
        if self.coach is not None and self.coach.note is not None:
            return self.timeline.moving()    # a tutorial's callout waits to be read
        return bool(self.timeline.moving() or self.timeline.waiting() or self.stream.thinking() is not None
                    or self.autoplay.pending or self.hints.thinking
                    or (self.error_until and self.timeline.now < self.error_until + 50)
                    or self.shown < len(self.stream.events) or self.others_to_act())

    def busy(self) -> bool:
        return self.timeline.waiting() or self.shown < len(self.stream.events) or any(
            not f.vanish for f in self.timeline.flights)

    def others_to_act(self) -> bool:
        """A seat not played at this screen is to decide (the frames go on: its move comes)."""
        seat = self.stream.to_act()
        return seat is not None and seat >= 0 and seat not in self.humans

    # -- per frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.timeline.advance(dt)
        if (self.manager is not None and self.manager.top is not self) or self.back:
            self.back = False
            return      # an overlay just opened (the scores) or closed: what follows waits
        problem = self.saver.take_problem()
        if problem is not None:
            self.flash(str(problem))
        self.books.tick(dt)
        self.books.show_notice()
        self.hints.poll()
        self.toolbar.refresh()
        self._take_refusal()
        self.network.frame()
        self._show_events()
        self._tick_stream()
        self._settle()
        self.flow.refresh()
        self._say_callout()

    def _say_callout(self) -> None:
        """A tutorial's callout, said once as it shows (its text as the callout writes it)."""
        if self.coach is None:
            return
        beat = self.coach.showing(self)
        if beat is not getattr(self, "_callout_said", None):
            self._callout_said = beat
            if beat is not None and beat.text:
                self.app.access.say(self.coach.words(self, beat))
            action = (beat.action if beat is not None and beat is self.coach.asking(self) else None) or {}
            asked = [c for c in (action.get("cards") or action.get("discard") or
                                 ([action["card"]] if action.get("card") else [])) if c in self.visible_hand()]
            if asked:                    # the card the callout asks for has the focus (a screen reader's too)
                self.hover_card = asked[0]
                self.invalidate()

    def background(self, dt: float) -> None:
        self.network.background()

    def refresh_players(self) -> None:
        """A network table: the names of the players who sat down (they come with the stream)."""
        self.name_seats()

    def name_seats(self) -> None:
        """The seats' names as this screen shows them, again when the stream's players or the
        interface language changed: a default name the player never typed ("Spelare 1") in
        the language of the moment (:func:`game.ui.names.shown_players`)."""
        players = [dict(p) for p in self.stream.players]
        named = (i18n.current_language(), players)
        if named != self._named and len(players) == self.n:
            self._named = named
            self.players = shown_players(players)
            self.invalidate()

    def leave_network(self, text: str) -> None:
        """A joiner's table is over for good (refused, closed, lost): say why, back to the menu."""
        self.stream.close()
        self.app.nav.back_to("menu")
        if text:
            self.app.nav.push("message", text=text)

    def _tick_stream(self) -> None:
        """Tell the game how far this screen has shown it; its AI seats decide once every
        screen has caught up (and no sooner than the pace lets a card be followed)."""
        shown = self.shown if not self.timeline.waiting() else max(0, self.shown - 1)
        self.stream.tick(self.timeline.now, shown, self.ai_delay())

    def _settle(self) -> None:
        """The game is over (its host says so, whatever the animation shows yet): its end is
        settled at once, once per game (the session remembers it, and is saved): the chips
        paid out, the evening's tally, the statistics and the record of the finished game."""
        if self.session.get("settled") or not self.stream.is_over():
            return
        record = self.stream.record()
        if record is None:
            return      # a network game: its whole record comes with its end
        final = table_of(record)
        if self.session.get("chips"):
            self.session["chips"] = sessions.settle_chips(self.session["purse"], final)
        self.part.note_result(self.session, final)
        self.session["settled"] = True
        self.books.finish(record)
        self.save()

    def held_chips(self) -> list[int] | None:
        return self.board.held_chips()

    def _take_refusal(self) -> None:
        """A decision the host refused after it was sent (a network game): say why, ask again."""
        refusal = self.stream.take_refusal()
        if refusal is not None:
            self.flash(messages.illegal_reason(refusal, self.app.settings))
            self._decision_key = None
    def _show_events(self) -> None:
        if self.lay is None:
            return  # not laid out yet: positions for animations are unknown
        self.warmup.step()
        events = self.stream.events
        while not self.timeline.waiting() and self.shown < len(events):
            ev = events[self.shown]
            if self.coach is not None and self.coach.hold(self, ev):
                return
            self.shown += 1
            self.spoken.before()
            raised = self.part.show(ev)
            self.spoken.after(ev)           # said once, in the move log's words
            if raised:               # raised an overlay: stop here
                self.skipping = False
                self.spoken.settle()
                return
        if self.timeline.held is not None and self.skipping:
            self.skipping = False    # a held trick stops a skip: the player reads it
            self.timeline.flights.clear()
        if self.shown >= len(events) and not self.timeline.waiting():
            self._advance()
        self.spoken.settle()

    def _advance(self) -> None:
        """Nothing left to show: whose decision is it?"""
        if self.coach is not None and self.coach.advance(self):
            return
        seat = self.stream.to_act()
        if seat is None or seat == CHANCE:
            return
        if seat not in self.humans:     # the AI, a scripted seat or someone elsewhere decides
            if self.action_buttons:
                self.clear_actions()
            return
        if self.skipping:
            self.skipping = False    # skipped up to the player's own decision
            self.timeline.flights.clear()
            self.part.settled()
        if self.hidden and seat == self.viewer == self.turned_down_by:
            self.reveal_for(seat)    # the same player again, only AI moves between: no hand-over
        if self.hidden or seat != self.viewer:
            if len(self.humans) > 1:
                self.hidden = True
                self.clear_actions()
                self.raise_event("handoff", seat=seat)
                return
            self.set_viewer(seat)
        key = (len(self.stream.events), seat)
        if key != self._decision_key:
            self._decision_key = key
            self.sel.clear()
            self.build_actions()
            if InputMode.key:
                place_cursor(self)      # on a card they may play, near where it was
            self.autoplay.arm(key)
            if self.coach is None:
                self.app.access.say(self.prompt())      # what the player is asked, said once
            # an announcement showing as the player's decision comes up stays until they
            # decide: it never fades behind the new prompt (it tells what they answer; a
            # tutorial's callouts say it themselves)
            if self.coach is None:
                self.timeline.keep(("news",))
            self.invalidate()
        self.autoplay.poll()

    @property
    def decision_key(self) -> tuple:
        """(events so far, seat to act): which decision of the game this is."""
        return (len(self.stream.events), self.stream.to_act())

    def set_viewer(self, seat: int) -> None:
        """Hot seat: the person at the screen is now ``seat``'s player; the table is folded
        again from that seat's view (nothing of the other hands stays in it)."""
        if seat != self.viewer:
            self.viewer = seat
            self.stream.look_from(seat)
            self.lay = Layout(self.size, self.n, seat, pairs=self.part.holds_pairs) if self.lay else None
            self._fold_afresh()

    def reveal_for(self, seat: int) -> None:
        """The hand-off screen was clicked by ``seat``'s player."""
        self.set_viewer(seat)
        self.hidden = False
        self._decision_key = None
        self.invalidate()

    # -- applying actions ----------------------------------------------------------------
    def do(self, action: dict, seat: int | None = None) -> bool:
        """Send the decision of the seat at the screen (or, for a tutorial's coach, of the
        scripted ``seat``); False (and the reason shown) when it is refused."""
        to_act = self.stream.to_act()
        if self.coach is not None and not self.coach.allow(self, action):
            return False
        try:
            if seat is None:
                self.stream.send(action)
            else:
                self.host.submit(seat, action)
        except IllegalActionError as e:
            self.flash(messages.illegal_reason(e, self.app.settings))
            return False
        seat = to_act
        self.message = ""
        self.error_until = 0.0
        self.sel.clear()
        self._decision_key = None
        if seat is not None and seat in self.humans:
            self.timeline.end(("news",))           # the announcement kept while they decided
        self.hints.cancel()
        self.clear_actions()
        if seat is not None and seat >= 0 and seat in self.humans:
            if len(self.humans) == 1:
                self.set_viewer(seat)
            elif self.stream.to_act() != seat:
                self.hidden, self.turned_down_by = True, seat   # hot seat: the hand turns down
        self.invalidate()
        return True

    def restart_from(self, state) -> None:
        """Show ``state`` afresh without animation (the record replayed after an undo)."""
        self.hints.forget()     # a later decision may have the key of the hint's, in another position
        self.host.replace(state)
        self._fold_afresh()
        self.autoplay.hold(self.decision_key)

    def _fold_afresh(self) -> None:
        """Fold the stream's events from the start, at rest (after an undo, or when the
        screen looks from another seat)."""
        self.model = new_table(self.rules, self.stream.options, self.players, self.session["game"])
        self.shown, self.log = 0, MoveLog()     # the log is written afresh by the fold below
        self.timeline.reset()
        self.skipping = False
        self.make_parts()
        self.sel.clear()
        self.message = ""
        self.error_until = 0.0
        self._decision_key = None
        self.clear_actions()
        self.fast_forward()
        self.invalidate()

    def flash(self, text: str, color=theme.ERROR) -> None:
        if text and text != self.message:
            self.app.access.say(text)        # a refusal, said as shown
        self.message = text
        self.message_color = color
        self.error_until = self.timeline.now + 3500
        self.invalidate()

    def game_over(self) -> None:
        """The end of the game has been shown: its result screen opens (the game was settled
        when it ended, :meth:`_settle`; the save is kept until now, so that a window closed
        before the end was seen shows it again)."""
        self.finished = True
        self.clear_actions()
        self.hidden = False
        self._settle()
        if self.save_enabled:
            self.saver.delete(self.rules)
        self.timeline.busy_until = self.timeline.now
        if self.on_game_over:
            self.on_game_over(self)
        self.raise_event("game_over")

    def play_sound(self, name: str) -> None:
        self.app.play_sound(name)

    # -- decisions for the human at the screen -------------------------------------------------
    def my_turn(self) -> bool:
        seat = self.stream.to_act()
        return (seat is not None and seat >= 0 and not self.hidden and seat == self.viewer
                and seat in self.humans and not self.busy() and not self.finished)

    def legal(self) -> list[dict]:
        return self.stream.legal_actions() if self.my_turn() else []

    def _group(self) -> WidgetGroup:
        """The table's buttons in the order Tab goes through them: the decision's own
        buttons first (what the prompt names: Take, Done, Swap …), then going on, the tools,
        the views, Undo and the Menu last (Tab then Enter never takes a move back)."""
        flow, tools = self.flow, self.toolbar
        return tools.group([*self.action_buttons, flow.go_btn, flow.skip_btn, tools.hint, tools.scores, tools.say,
                            flow.back_btn, flow.log_btn, tools.undo, self.menu_button])

    def clear_actions(self) -> None:
        self.action_buttons = []
        self.widgets = self._group()
        self.renderer.place_buttons()

    def build_actions(self) -> None:
        self.action_buttons = self.decision.buttons(self.stream.legal_actions())
        self.widgets = self._group()
        self.renderer.place_buttons()
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """Play / Attack / Exchange are enabled only on a selection that makes a legal move."""
        legal = self.stream.legal_actions() if self.action_buttons else []
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
        action = self.sel.click_card(card, self.stream.legal_actions())
        if self.sel.defend_with is not None:
            self.message = _("Now click the card to beat, or press its number.")
            self.message_color = theme.TEXT
        if action is not None:
            self.do(action)
        else:
            self.sync_buttons()
        self.invalidate()

    def click_pair(self, index: int) -> None:
        pairs = self.model.pairs
        if not self.my_turn() or not 0 <= index < len(pairs):
            return
        action = self.sel.click_pair(pairs[index][0], self.stream.legal_actions())
        if action is not None:
            self.do(action)

    def play_selection(self) -> None:
        """The Play / Attack / Exchange button: apply the selected cards."""
        action = self.sel.complete(self.stream.legal_actions())
        if action is None:
            self.flash(_("Select the cards to play first.") if not self.sel.cards
                       else _("These cards do not make a move together."))
            return
        self.do(action)

    def prompt(self) -> str:
        """What the player at the screen is asked to do (or who is thinking)."""
        if self.coach is not None and self.coach.quiet():
            return ""
        seat = self.stream.to_act()
        mine = self.my_turn()
        return prompt_for(self.board, self.decision, seat, mine=mine, busy=self.busy(),
                          lost=self._seat_lost(seat), legal=self.stream.legal_actions() if mine else [])

    def _seat_lost(self, seat: int | None) -> bool:
        """At a network table: the player of ``seat`` lost the connection (the table waits)."""
        net = self.stream.network
        return net is not None and seat is not None and seat >= 0 and seat_lost(net.seats(), seat)

    # -- input ----------------------------------------------------------------------------------
    def open_pause(self) -> None:
        self.app.nav.push("pause", table=self.handle)

    def skip_animations(self) -> None:
        """The explicit skip (button or key): every move at once up to the player's next
        decision (or a held trick)."""
        if self.finished or self.my_turn():
            return
        self.skipping = True
        self.timeline.skip()
        self.part.settled()
        self.invalidate()

    def handle_event(self, e) -> None:
        dispatch(self, e)

    # -- geometry (the renderer and the tests ask) ------------------------------------------------
    def layout(self, size) -> None:
        self.lay = Layout(size, self.n, self.viewer, pairs=self.part.holds_pairs)
        self.warmup.start(self.lay, self.app.settings, self.app.nav.import_ahead(), self.renderer.ahead())
        self.menu_button.rect = self.lay.menu_rect()
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

    def access_nodes(self):
        """The table as a screen reader reads it (:mod:`.access_table`)."""
        return access_table.nodes(self)

    def draw(self, surface) -> None:
        self.renderer.draw(surface)
        if self.coach is not None:
            self.coach.draw(self, surface)
            self.renderer.drawn_over(self.coach.callout.areas)

    def on_top(self) -> bool:
        """No overlay lies over the table (the renderer draws the texts of the moment)."""
        return self.manager is None or self.manager.top is self

    @property
    def windows(self) -> int:
        """How many times the app opened its window (the renderer draws a new one whole)."""
        return getattr(self.app, "windows", 0)

    def draw_extras(self, surface) -> list:
        """What is drawn over the table before its buttons (a hint, a seat's tags in whole
        words under the pointer); the rectangles it covers."""
        rects = self.hints.draw(surface)
        seat = self.hover_seat
        if seat is not None and 0 <= seat < self.n and self.lay is not None:
            rects.append(seat_tags.draw_words(surface, self.lay, seat, self.players[seat]["name"],
                                              self.part.seat_words(seat)))
        return rects

    def seat_at(self, pos) -> int | None:
        """The seat whose box is at ``pos`` (the player's own included), or None."""
        if self.lay is None:
            return None
        return next((s for s in range(self.n) if self.lay.seat_rect(s).collidepoint(pos)), None)

    def dirty_rects(self):
        if self.coach is not None:      # where the callout is and was
            return self.coach.dirty(self.renderer.dirty)
        return self.renderer.dirty
