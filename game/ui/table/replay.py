"""The replay viewer: a recorded game shown on the table, event by event.

It is the table scene (the same :class:`~.draw.Renderer`, the same family parts over the
engine's public fold) with the game's events shown under the viewer's control instead
of as they are played: step forward and back (Left / Right), to the start or the end
(Home / End), from deal to deal or, in Durak, bout to bout (Page Up / Page Down), or play
at a chosen speed (Space; + and - change it).  A file of several records shows which one
is shown and moves between them (the bar's Record row, Ctrl+Page Up / Ctrl+Page Down).  A finished game is shown with every hand
face up; an unfinished one (a save) from its player's seat only, as that player saw it.
At the end of a finished game its result is said under the table and is on the score
sheet (Durak: who was the durak).
Stepping back folds the events up to the new place afresh; nothing is decided here.
"""

from __future__ import annotations

import pygame

from ...engine import IllegalActionError
from ...engine.public import new_table
from ...i18n import _, pgettext
from .. import theme
from .. import tool_keys
from ..widgets import Button, Choice, WidgetGroup
from .layout import Layout
from .scene import TableScene

#: playing speeds (× normal)
RATES = (0.25, 0.5, 1.0, 2.0, 4.0)
BAR_H = 64
#: the bar's row for the record shown, in a file of several records
RECORD_ROW = 46


def rate_text(rate: float) -> str:
    return {0.25: "¼×", 0.5: "½×"}.get(rate, f"{rate:g}×")


class Replayed:
    """The replayed game as the table reads it, with the face of a seat's stream
    (:mod:`game.play.stream`): the events to show (all of them for a finished game, else the
    player's view of them), who acts at each point, and no decision to make."""

    authority = None
    network = None
    problem = None

    def __init__(self, state, events: list[dict], seat: int):
        self.engine = state
        self.events = events
        self.rules = state.rules
        self.players = state.players
        self.options = state.options
        self.game = state.game
        self.seat = seat
        self.mine = [s for s, p in enumerate(state.players) if p.get("seat") == "human"]
        self.at = 0

    def to_act(self):
        """The player of the next event to show (their panel is lit), or None."""
        nxt = self.events[self.at] if self.at < len(self.events) else None
        return nxt.get("player") if nxt and isinstance(nxt.get("player"), int) else None

    def thinking(self) -> None:
        return None

    def is_over(self) -> bool:
        return self.engine.is_over()

    def legal_actions(self) -> list:
        return []

    def send(self, action: dict) -> None:
        raise IllegalActionError("a replay is only watched", "bad_action")

    def take_refusal(self) -> None:
        return None

    def tick(self, now: float, shown: int, min_delay: float) -> None:
        """The viewer steps the game itself."""

    def serve(self) -> None:
        """Nothing to serve: a record is only watched."""

    def seat_note(self, seat: int) -> str:
        return ""

    def look_from(self, seat: int) -> None:
        self.seat = seat

    def record(self) -> dict:
        return self.engine.record()

    def close(self) -> None:
        pass


class ReplayTable(TableScene):
    def __init__(self, app, games: list, index: int = 0, rate_index: int | None = None):
        self.games = games
        self.index = index = max(0, min(len(games) - 1, index))
        game = games[index]
        state = game.state
        players = state.players
        humans = [s for s, p in enumerate(players) if p.get("seat") == "human"]
        seat = humans[0] if humans else 0
        self.complete = game.finished
        events = list(state.events) if self.complete else state.view(seat)["events"]
        super().__init__(app, Replayed(state, events, seat), {"game": state.game}, save=False)
        self.open_hands = self.complete
        self.viewer = seat
        self.hidden = False
        self.playing = False
        self.rate_index = RATES.index(1.0) if rate_index is None else rate_index
        self.starts = self.part.chapters(events)
        self.menu_button.label = lambda: _("Back")
        self.menu_button.on_click = self.close
        self.toolbar.hint.visible = self.toolbar.undo.visible = False
        self.b_start = Button("⇤", lambda: self.goto(0), name="start", px=18)
        self.b_back = Button("◀", self.step_back, name="back", px=18)
        self.b_play = Button(self._play_label, self.toggle_play, primary=True, name="play", px=16)
        self.b_fwd = Button("▶", self.step_forward, name="forward", px=18)
        self.b_end = Button("⇥", lambda: self.goto(len(self.events)), name="end", px=18)
        self.b_prev = Button("«", lambda: self.chapter(-1), name="prev", px=20)
        self.b_next = Button("»", lambda: self.chapter(1), name="next", px=20)
        self.w_rate = Choice(lambda: _("Speed"), [(i, rate_text(r)) for i, r in enumerate(RATES)],
                             self.rate_index, self._set_rate, name="speed", px=17)
        self.bar = [self.b_start, self.b_back, self.b_play, self.b_fwd, self.b_end, self.b_prev,
                    self.b_next, self.w_rate]
        self.w_record = None
        if len(games) > 1:
            # TRANSLATORS: the replay viewer of a file of several game records; {n} is the
            # number of the record shown, {total} how many the file holds
            records = [(i, (lambda i=i: _("{n} of {total}").format(n=i + 1, total=len(games))))
                       for i in range(len(games))]
            # TRANSLATORS: the replay viewer: the label of the choice of a file's game records
            self.w_record = Choice(lambda: _("Record"), records, index, self.show_record, name="record",
                                   px=16, wrap=False)
            self.bar.append(self.w_record)
        self.renderer.extra_parts = self.bar_parts
        self.clear_actions()

    # -- what is shown ------------------------------------------------------------------------
    @property
    def events(self) -> list[dict]:
        return self.stream.events

    def _play_label(self) -> str:
        # TRANSLATORS: the replay viewer's buttons: play the recorded game on, or stop it
        return pgettext("replay", "Pause") if self.playing else pgettext("replay", "Play")

    def speed(self) -> float:
        return 0.0 if self.skipping else 1.0 / RATES[self.rate_index]

    def goto(self, k: int) -> None:
        """Show the first ``k`` events at rest."""
        k = max(0, min(len(self.events), k))
        self.timeline.skip()
        self.model = new_table(self.rules, self.stream.options, self.players, self.stream.game)
        self.make_parts()
        self.shown = 0
        self.session.pop("durak_log", None)      # the game's end is noted again on reaching it
        self.fast_forward(k)
        self.stream.at = self.shown
        self.finished = self.shown >= len(self.events) and self.stream.is_over()
        if self.finished:
            self.game_over()
        if self.shown >= len(self.events):
            self.playing = False
        self.invalidate()

    def _show_next(self) -> None:
        ev = self.events[self.shown]
        self.shown += 1
        self.stream.at = self.shown
        self.part.show(ev)
        self.invalidate()

    def step_forward(self) -> None:
        self.playing = False
        if self.busy() or self.timeline.flights:
            self.timeline.skip()
            self.part.settled()
        if self.shown < len(self.events):
            self._show_next()

    def step_back(self) -> None:
        self.playing = False
        self.goto(self.shown - 1)

    def toggle_play(self) -> None:
        if not self.playing and self.shown >= len(self.events):
            self.goto(0)
        self.playing = not self.playing
        self.invalidate()

    def _set_rate(self, index: int) -> None:
        self.rate_index = index

    def faster(self, d: int) -> None:
        """One speed up (``d`` 1) or down (-1), stopping at the fastest and the slowest."""
        self.rate_index = max(0, min(len(RATES) - 1, self.rate_index + d))
        self.w_rate.index = self.rate_index

    def chapter(self, d: int) -> None:
        """The next (``d`` 1) or previous deal or bout: shown from its first event."""
        self.playing = False
        marks = [s + 1 for s in self.starts]
        if d > 0:
            target = next((m for m in marks if m > self.shown), len(self.events))
        else:
            target = next((m for m in reversed(marks) if m < self.shown), 0)
        self.goto(target)

    def show_record(self, index: int) -> None:
        """Show the file's record ``index`` (from its start, at the same speed)."""
        index = max(0, min(len(self.games) - 1, index))
        if index != self.index and self.manager is not None:
            self.manager.replace(type(self)(self.app, self.games, index, self.rate_index))

    def chapter_now(self) -> int:
        return sum(1 for s in self.starts if s < self.shown)

    # -- the table's hooks, quiet in a replay -------------------------------------------------
    def raise_event(self, kind: str, **data) -> None:
        """No overlays: the viewer goes on by itself."""

    def game_over(self) -> None:
        """The record's end: its result is noted for the score sheet (Durak: who was the
        durak) afresh, however often the viewer comes back to it."""
        self.finished = True
        self.session.pop("durak_log", None)
        self.part.note_result(self.session, self.model)

    def _settle(self) -> None:
        """A recorded game is never settled again (its end is noted on reaching it)."""

    def my_turn(self) -> bool:
        return False

    def busy(self) -> bool:
        return self.timeline.waiting() or any(not f.vanish for f in self.timeline.flights)

    def prompt(self) -> str:
        if not self.complete:
            name = self.players[self.viewer]["name"]
            # TRANSLATORS: the replay viewer of a saved, unfinished game; {name} is a player
            return _("An unfinished game: you see what {name} saw.").format(name=name)
        return self.part.result()[0] if self.finished else ""

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    def _group(self):
        """Back and Scores (no look back, move log or skip: the viewer steps itself)."""
        return WidgetGroup([self.menu_button, *self.toolbar.buttons])

    def clear_actions(self) -> None:
        super().clear_actions()
        for w in getattr(self, "bar", []):
            self.widgets.add(w)

    # -- per frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.timeline.advance(dt)
        if self.lay is None:
            return
        if self.playing and not self.timeline.waiting():
            if self.shown < len(self.events):
                self._show_next()
            else:
                self.playing = False

    def animating(self) -> bool:
        return self.playing or self.timeline.moving() or self.timeline.waiting()

    def handle_event(self, e) -> None:
        if e.type == pygame.KEYDOWN:
            k = e.key
            if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and e.mod & pygame.KMOD_CTRL:
                self.show_record(self.index + (1 if k == pygame.K_PAGEDOWN else -1))
                return
            keys = {pygame.K_ESCAPE: self.close, pygame.K_BACKSPACE: self.close,
                    pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step_forward,
                    pygame.K_HOME: lambda: self.goto(0), pygame.K_END: lambda: self.goto(len(self.events)),
                    pygame.K_PAGEUP: lambda: self.chapter(-1), pygame.K_PAGEDOWN: lambda: self.chapter(1),
                    pygame.K_SPACE: self.toggle_play,
                    pygame.K_PLUS: lambda: self.faster(1), pygame.K_KP_PLUS: lambda: self.faster(1),
                    pygame.K_EQUALS: lambda: self.faster(1),
                    pygame.K_MINUS: lambda: self.faster(-1), pygame.K_KP_MINUS: lambda: self.faster(-1)}
            if tool_keys.tool_of(e) == "scores":       # S, or the letter of the language
                self.toolbar.open_scores()
                self.invalidate()
                return
            if k in keys and not (self.widgets.keyboard and k == pygame.K_SPACE and self.widgets.focused):
                keys[k]()
                self.invalidate()
                return
        self.widgets.handle_event(e)

    # -- geometry and drawing ------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = theme.unit(size)
        bar = int((BAR_H + (RECORD_ROW if self.w_record else 0)) * u)
        self.lay = Layout((w, h - bar), self.n, self.viewer, unit=u, pairs=self.part.holds_pairs)
        self.menu_button.rect = pygame.Rect(w - int(112 * u), int(10 * u), int(100 * u), int(36 * u))
        self.toolbar.place()
        self.renderer.place_buttons()
        self.invalidate()
        self.bar_rect = pygame.Rect(0, h - bar, w, bar)
        if self.w_record:
            self.w_record.rect = pygame.Rect(0, 0, int(320 * u), int((RECORD_ROW - 12) * u))
            self.w_record.rect.midtop = (w // 2, h - bar + int(10 * u))
        y, bh = h - int((BAR_H - 10) * u), int((BAR_H - 20) * u)
        x = int(16 * u)
        for b in (self.b_start, self.b_back, self.b_play, self.b_fwd, self.b_end):
            bw = int((110 if b is self.b_play else 46) * u)
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + int(6 * u)
        self.w_rate.rect = pygame.Rect(w - int(16 * u) - int(240 * u), y, int(240 * u), bh)
        mid = (x + self.w_rate.rect.left) // 2
        self.b_prev.rect = pygame.Rect(mid - int(130 * u), y, int(44 * u), bh)
        self.b_next.rect = pygame.Rect(mid + int(86 * u), y, int(44 * u), bh)
        self.label_rect = pygame.Rect(self.b_prev.rect.right, y, self.b_next.rect.left - self.b_prev.rect.right, bh)

    def bar_parts(self) -> list:
        """The control bar, a part of the static layer under its buttons (the scene's
        widgets): drawn again only when what it says changes."""
        chapter = self.part.chapter_label(max(1, self.chapter_now()), max(1, len(self.starts)))
        # TRANSLATORS: the replay viewer; {n} events of {total} are shown
        event = _("Event {n} of {total}").format(n=self.shown, total=len(self.events))
        return [("bar", (tuple(self.bar_rect), chapter, event), lambda surf: self.draw_bar(surf, chapter, event))]

    def draw_bar(self, surface, chapter: str, event: str) -> pygame.Rect:
        u = self.lay.u
        bar = self.bar_rect.inflate(int(4 * u), 0).move(0, int(2 * u))
        theme.panel(surface, bar, u, alpha=240)
        r = self.label_rect
        theme.blit_text(surface, chapter, 15 * u, (r.centerx, r.top + int(2 * u)),
                    theme.ACCENT, bold=True, anchor="midtop", max_width=r.width - 8 * u)
        theme.blit_text(surface, event, 13 * u, (r.centerx, r.bottom - int(2 * u)), theme.TEXT_DIM, anchor="midbottom",
                    max_width=r.width - 8 * u)
        return bar.inflate(int(8 * u), int(8 * u))
