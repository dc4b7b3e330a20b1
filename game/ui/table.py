"""The card table: plays a game of any ruleset with human and AI seats.

The engine is the only judge: the table asks it for ``legal_actions()`` and
``apply()``s what a player chose; an illegal choice comes back as an
``IllegalActionError`` whose code is shown translated.  Engine events are
shown one after another (:mod:`game.ui.table_model`), each with its
animation; a click skips the animations still to come.
"""

from __future__ import annotations

import math
import random

import pygame

from ..engine import CHANCE, IllegalActionError, new_game, replay
from ..i18n import _, ngettext
from . import cards as C
from . import messages as M
from . import savegame
from . import theme as T
from .ai_runner import make_worker
from .scene import Scene
from .table_model import make_model
from .widgets import Button, WidgetGroup

#: base durations in ms (multiplied by the speed setting; 0 = instant)
DEAL_STEP = 45
DEAL_FLIGHT = 260
PLAY_FLIGHT = 300
TRICK_PAUSE = 650
SWEEP = 380
LAST_REVEAL = 1300
SCORE_COUNT = 900
KNOCKOUT = 1500
AI_MIN_DELAY = 450


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


class Flight:
    """One card moving across the table."""

    def __init__(self, card, face_up: bool, src, target, start: float, dur: float, width_from: float,
                 vanish: bool = False, seat: int | None = None):
        self.card = card
        self.face_up = face_up
        self.src = src                 # (x, y) as fractions of the window
        self.target = target           # callable () -> (x, y, width) in pixels
        self.start = start
        self.dur = max(1.0, dur)
        self.width_from = width_from   # fraction of window width
        self.vanish = vanish
        self.seat = seat               # a seat whose shown card count waits for this card

    def done(self, now: float) -> bool:
        return now >= self.start + self.dur

    def started(self, now: float) -> bool:
        return now >= self.start


class Banner:
    def __init__(self, text: str, start: float, dur: float, big: bool = False, seat: int | None = None,
                 color=T.ACCENT, sub: str = ""):
        self.text, self.start, self.dur, self.big, self.seat, self.color = text, start, dur, big, seat, color
        self.sub = sub


class TableScene(Scene):
    def __init__(self, app, state, session: dict | None = None, save: bool = True):
        super().__init__(app)
        self.state = state
        self.rules = state.rules
        self.players = [dict(p) for p in state.players]
        self.n = len(self.players)
        self.session = dict(session or {})
        self.session.setdefault("game", getattr(state, "game", 1))
        if self.rules == "gurka-se" and self.session.get("chips") is None:
            self.session["chips"] = [100] * self.n
        self.save_enabled = save and not app.demo
        self.model = make_model(self.rules, state.options, self.players)
        self.shown = 0
        self.now = 0.0
        self.busy_until = 0.0
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.humans = [s for s, p in enumerate(self.players) if p["seat"] == "human"]
        self.viewer = self.humans[0] if self.humans else 0
        self.hidden = len(self.humans) > 1
        self.selected: list[str] = []
        self.message = ""
        self.message_color = T.TEXT
        self.error_until = 0.0
        self.skip = False
        self.ai = None
        self.ai_ticket = None
        self.ai_seat = None
        self.ai_started = 0.0
        self.ai_result = None
        self.shown_totals = [0.0] * self.n
        self.count_from = [0.0] * self.n
        self.count_start = 0.0
        self.count_dur = 0.0
        self.highlight_losers: set = set()
        self.hover_card: str | None = None
        self.defend_with: str | None = None
        self.finished = False
        self.chips_paid = False
        self.widgets = WidgetGroup()
        self.action_buttons: list[Button] = []
        self.menu_button = Button(lambda: _("Menu"), self.open_pause, name="menu", px=16)
        self._decision_key = None
        self._layout_size = (0, 0)
        self.on_game_over = None   # hook for the demo / tests
        self.rng = random.Random(getattr(state, "seed", 0) * 7919 + 17)

    # -- creating ------------------------------------------------------------------
    @classmethod
    def new(cls, app, rules: str, players: list[dict], options: dict | None = None,
            seed: int | None = None, session: dict | None = None, **extra) -> TableScene:
        if seed is None:
            seed = random.randrange(1, 2 ** 31)
        session = dict(session or {})
        game = session.get("game", 1)
        state = new_game(rules, players, options, seed=seed, game=game, **extra)
        return cls(app, state, session)

    @classmethod
    def from_record(cls, app, record: dict, session: dict | None = None) -> TableScene:
        """Resume a saved game: replay its record, then let the engine deal again."""
        state = replay(record)
        state.auto_chance = True
        while state.to_act() == CHANCE:
            state.resolve_chance()
        scene = cls(app, state, session)
        scene.fast_forward()
        return scene

    def fast_forward(self) -> None:
        """Show every event so far without animation (after loading a save)."""
        while self.shown < len(self.state.events):
            ev = self.state.events[self.shown]
            self.shown += 1
            self.model.apply(ev)
        if getattr(self.model, "trick_winner", None) is not None:
            self.model.clear_trick()
        self.shown_totals = [float(t) for t in getattr(self.model, "totals", [0] * self.n)]
        self.flights.clear()

    # -- life cycle -------------------------------------------------------------------
    def enter(self):
        self.ai = make_worker()
        if self.save_enabled:
            self._save()

    def exit(self):
        self.close_ai()

    def close_ai(self) -> None:
        """Stop the AI worker (and its process) for good: on leaving the table or quitting."""
        self._cancel_ai()
        if self.ai is not None:
            try:
                self.ai.close()
            except Exception:  # noqa: BLE001 - quitting must not fail
                pass
            self.ai = None

    def resume(self):
        self.size = (0, 0)
        self.invalidate()

    def _save(self) -> None:
        if not self.save_enabled:
            return
        if self.state.is_over():
            savegame.delete()
            return
        problem = savegame.save(self.state.record(), self.session)
        if problem:
            self.flash(problem)

    def _cancel_ai(self) -> None:
        if self.ai is not None and self.ai_ticket is not None:
            try:
                self.ai.cancel(self.ai_ticket)
            except TypeError:
                self.ai.cancel()
        self.ai_ticket = None
        self.ai_seat = None

    # -- timing -------------------------------------------------------------------------
    def speed(self) -> float:
        if self.skip:
            return 0.0
        return self.app.speed

    def animating(self) -> bool:
        return bool(self.flights or self.banners or self.now < self.busy_until
                    or self.count_dur and self.now < self.count_start + self.count_dur
                    or self.ai_ticket is not None
                    or (self.error_until and self.now < self.error_until + 50)
                    or self.shown < len(self.state.events))

    def busy(self) -> bool:
        return self.now < self.busy_until or self.shown < len(self.state.events) or bool(
            [f for f in self.flights if not f.vanish])

    # -- per frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.now += dt
        if not self.size[0]:
            return  # not laid out yet: positions for animations are unknown
        now = self.now
        if self.flights:
            self.flights = [f for f in self.flights if not f.done(now)]
        if self.banners:
            self.banners = [b for b in self.banners if now < b.start + b.dur]
        if self.count_dur and now >= self.count_start + self.count_dur:
            self.count_dur = 0.0
            self.shown_totals = [float(t) for t in getattr(self.model, "totals", [0] * self.n)]
        guard = 0
        while now >= self.busy_until and self.shown < len(self.state.events):
            ev = self.state.events[self.shown]
            self.shown += 1
            if self._process(ev):  # pushed an overlay: stop here
                return
            guard += 1
            if guard > 5000:
                break
        if self.shown >= len(self.state.events) and now >= self.busy_until:
            if self.skip:
                self.skip = False
                self.flights.clear()
            self._advance()

    def _advance(self) -> None:
        """Nothing left to show: whose decision is it?"""
        if self.model.family == "durak":
            d = getattr(self.state, "defender", None)
            if isinstance(d, int) and d >= 0:
                self.model.defender = d
            a = getattr(self.state, "opener", None)
            if isinstance(a, int) and a >= 0:
                self.model.attacker = a
        seat = self.state.to_act()
        if seat is None or seat == CHANCE:
            return
        spec = self.players[seat]["seat"]
        if spec != "human":
            self._ai_turn(seat, spec)
            return
        if self.hidden or seat != self.viewer:
            if len(self.humans) > 1:
                self._handoff(seat)
                return
            self.viewer = seat
        key = (len(self.state.events), seat)
        if key != self._decision_key:
            self._decision_key = key
            self.selected = []
            self.defend_with = None
            self._build_actions()
            self.invalidate()

    def _ai_turn(self, seat: int, spec: str) -> None:
        if self.ai is None:
            self.ai = make_worker()
        if self.ai_ticket is None or self.ai_seat != seat:
            level = spec.split(":", 1)[1] if ":" in spec else "random"
            view = self.state.view(seat)
            legal = self.state.legal_actions()
            self.ai_seat = seat
            self.ai_started = self.now
            self.ai_result = None
            self.ai_ticket = self.ai.submit(view, legal, level, self.rng.randrange(2 ** 31))
            if self.action_buttons:
                self._clear_actions()
            return
        if self.ai_result is None:
            self.ai_result = self.ai.poll(self.ai_ticket)
            if self.ai_result is None:
                return
        if self.now - self.ai_started < AI_MIN_DELAY * self.speed():
            return
        action, self.ai_result = self.ai_result, None
        self.ai_ticket = None
        self.ai_seat = None
        self.do(action)

    def _handoff(self, seat: int) -> None:
        from .overlays import HandoffScene
        self.hidden = True
        self._clear_actions()
        self.manager.push(HandoffScene(self.app, self, seat))

    def reveal_for(self, seat: int) -> None:
        """The hand-off screen was clicked by ``seat``'s player."""
        self.viewer = seat
        self.hidden = False
        self._decision_key = None
        self.invalidate()

    # -- applying actions ----------------------------------------------------------------
    def do(self, action: dict) -> bool:
        """Apply an action through the engine; False (and the reason shown) when illegal."""
        seat = self.state.to_act()
        try:
            self.state.apply(action)
        except IllegalActionError as e:
            self.flash(M.illegal_reason(e, self.app.settings))
            return False
        self.message = ""
        self.error_until = 0.0
        self.selected = []
        self.defend_with = None
        self._decision_key = None
        self._clear_actions()
        if seat is not None and seat >= 0 and self.players[seat]["seat"] == "human" and len(self.humans) == 1:
            self.viewer = seat
        self._save()
        self.invalidate()
        return True

    def flash(self, text: str) -> None:
        self.message = text
        self.message_color = T.ERROR
        self.error_until = self.now + 3500
        self.invalidate()

    # -- events -> model + animation ----------------------------------------------------------
    def _process(self, ev: dict) -> bool:
        """Show one event; True when an overlay was pushed (the update stops)."""
        m = self.model
        sp = self.speed()
        kind = ev["type"]
        now = self.now
        dur = 0.0
        if m.family == "gurka" and kind == "play" and m.trick_winner is not None:
            m.clear_trick()
        if kind == "deal":
            self.app_sound("shuffle")
            m.apply(ev)
            self.highlight_losers = set()
            self.shown_totals = [float(t) for t in getattr(m, "totals", [0] * self.n)]
            if sp > 0:
                src = self._frac(self.deck_pos(m.dealer))
                k = 0
                depth = max((len(h) for h in m.hands if h), default=0)
                order = [(m.dealer + i) % self.n for i in range(1, self.n + 1)]
                for r in range(depth):
                    for s in order:
                        h = m.hands[s]
                        if h is None or r >= len(h):
                            continue
                        card = h[r]
                        start = now + k * DEAL_STEP * sp
                        self.flights.append(Flight(card, False, src, self._hand_target(s, card), start,
                                                   DEAL_FLIGHT * sp, self.small_w / self.size[0],
                                                   seat=s))
                        k += 1
                dur = k * DEAL_STEP * sp + DEAL_FLIGHT * sp
            self.app_sound("deal")
        elif kind == "exchange":
            p = ev["player"]
            src = self._frac(self.seat_pos(p))
            m.apply(ev)
            if sp > 0:
                for i, _c in enumerate(ev["discard"]):
                    self.flights.append(Flight(None, False, src, self._fixed(self.deck_pos(m.dealer)),
                                               now + i * 60 * sp, PLAY_FLIGHT * sp,
                                               self.small_w / self.size[0], vanish=True))
                for i, c in enumerate(ev["draw"]):
                    self.flights.append(Flight(c, False, self._frac(self.deck_pos(m.dealer)),
                                               self._hand_target(p, c), now + (200 + i * 60) * sp,
                                               PLAY_FLIGHT * sp, self.small_w / self.size[0], seat=p))
                dur = (250 + 60 * len(ev["draw"]) + PLAY_FLIGHT) * sp
            n = len(ev["discard"])
            # TRANSLATORS: a banner over the seat of the player who exchanges; {n} is a number of cards
            self.banners.append(Banner(ngettext("exchanges {n} card", "exchanges {n} cards", n).format(n=n),
                                       now, max(700.0, 1400 * sp), seat=p, color=T.TEXT))
        elif kind == "play":
            p = ev["player"]
            src_pos = self.card_source(p, ev["cards"])
            m.apply(ev)
            idx = len(m.trick) - 1
            if sp > 0:
                for j, c in enumerate(ev["cards"]):
                    self.flights.append(Flight(c, True, self._frac(src_pos[j]),
                                               self._trick_target(idx, j), now, PLAY_FLIGHT * sp,
                                               self.hand_w / self.size[0]))
                dur = PLAY_FLIGHT * sp + 60 * sp
            self.app_sound("play")
        elif kind == "trick":
            m.apply(ev)
            last = not any(h for h in m.hands if h)
            if last:
                # the last trick: reveal who holds the highest card
                self.banners.append(Banner(_("Last trick"), now, max(900.0, LAST_REVEAL * sp), color=T.TEXT))
                dur = LAST_REVEAL * sp
            else:
                winner = ev["winner"]
                self.banners.append(Banner(_("wins the trick"), now, max(600.0, (TRICK_PAUSE + SWEEP) * sp),
                                           seat=winner, color=T.TEXT))
                if sp > 0:
                    cards = [(i, j, c) for i, (_s, cs) in enumerate(m.trick) for j, c in enumerate(cs)]
                    for i, j, c in cards:
                        pos = self._trick_target(i, j)()
                        self.flights.append(Flight(c, True, self._frac(pos[:2]),
                                                   self._fixed(self.seat_pos(winner)), now + TRICK_PAUSE * sp,
                                                   SWEEP * sp, self.table_w / self.size[0], vanish=True))
                    self._hide_trick_at = now + TRICK_PAUSE * sp
                    dur = (TRICK_PAUSE + SWEEP) * sp
                m.clear_trick()
                if sp > 0:
                    # keep showing the trick cards until the sweep starts: the flights wait
                    self._sweep_cards = cards
                self.app_sound("trick")
        elif kind == "score":
            before = list(m.totals)
            m.apply(ev)
            self.highlight_losers = {(s, c[0]) for s, c in m.last_trick if m.penalties[s]}
            for s, pen in enumerate(ev["penalties"]):
                if pen:
                    text = _("−1 life") if m.options.get("lives") else f"+{pen}"
                    self.banners.append(Banner(text, now, max(1200.0, 2200 * sp), seat=s, color=T.ERROR))
            self.count_from = [float(x) for x in before]
            self.count_start = now
            self.count_dur = SCORE_COUNT * sp
            if sp <= 0:
                self.shown_totals = [float(t) for t in m.totals]
            dur = SCORE_COUNT * sp + 300 * sp
            nxt = self.state.events[self.shown] if self.shown < len(self.state.events) else None
            if nxt is None or nxt["type"] not in ("out",):
                return self._after_score(dur)
        elif kind == "out":
            m.apply(ev)
            p = ev["player"]
            if m.family == "gurka":
                shout = M.ruleset_name(self.rules).split()[-1] + "!"
                self.banners.append(Banner(shout, now, max(1000.0, KNOCKOUT * sp), big=True, color=T.GOOD,
                                           sub=M.is_out(self.players[p]["name"], M.is_you(self.players, p))))
                dur = KNOCKOUT * sp
                self.app_sound("knockout")
                nxt = self.state.events[self.shown] if self.shown < len(self.state.events) else None
                if nxt is None or nxt["type"] != "out":
                    return self._after_score(dur)
            else:
                self.banners.append(Banner(_("is out"), now, max(800.0, 1200 * sp), seat=p, color=T.GOOD))
                dur = 600 * sp
        elif kind == "buyback":
            m.apply(ev)
            p = ev["player"]
            self.shown_totals[p] = float(m.totals[p])
            self.banners.append(Banner(_("buys back in"), now, max(900.0, 1500 * sp), seat=p, color=T.ACCENT))
            dur = 700 * sp
        elif kind == "game_over":
            m.apply(ev)
            self._settle_chips()
            self._game_over()
            return True
        elif m.family == "durak":
            dur = self._process_durak(ev, sp)
        else:
            m.apply(ev)
        self.busy_until = now + dur
        self.invalidate()
        return False

    def _after_score(self, dur: float) -> bool:
        """Between deals: show the scoreboard (humans click on, AI-only tables go on by themselves)."""
        self.busy_until = self.now + dur
        if self.state.is_over() and self.shown < len(self.state.events):
            nxt = [e for e in self.state.events[self.shown:] if e["type"] == "game_over"]
            if nxt:
                return False
        from .overlays import ScoreboardScene
        auto = not self.humans or self.app.demo
        self.manager.push(ScoreboardScene(self.app, self, delay=dur, auto=auto))
        return True

    def _process_durak(self, ev: dict, sp: float) -> float:
        m = self.model
        now = self.now
        kind = ev["type"]
        dur = 0.0
        if kind == "deal":
            self.app_sound("shuffle")
            m.apply(ev)
            if sp > 0:
                src = self._frac(self.stock_pos())
                k = 0
                depth = max(len(h) for h in m.hands)
                order = [(m.dealer + i) % self.n for i in range(1, self.n + 1)]
                for r in range(depth):
                    for s in order:
                        if r < len(m.hands[s]):
                            c = m.hands[s][r]
                            self.flights.append(Flight(c, False, src, self._hand_target(s, c),
                                                       now + k * DEAL_STEP * sp, DEAL_FLIGHT * sp,
                                                       self.small_w / self.size[0], seat=s))
                            k += 1
                dur = (k * DEAL_STEP + DEAL_FLIGHT + 300) * sp
            self.app_sound("deal")
        elif kind == "attack":
            p = ev["player"]
            src = self.card_source(p, ev["cards"])
            m.apply(ev)
            base = len(m.pairs) - len(ev["cards"])
            if sp > 0:
                for j, c in enumerate(ev["cards"]):
                    self.flights.append(Flight(c, True, self._frac(src[j]), self._pair_target(base + j, 0),
                                               now + j * 70 * sp, PLAY_FLIGHT * sp, self.hand_w / self.size[0]))
                dur = (PLAY_FLIGHT + 70 * len(ev["cards"])) * sp
            self.app_sound("play")
        elif kind == "defend":
            p = ev["player"]
            src = self.card_source(p, [ev["card"]])
            m.apply(ev)
            i = next((k for k, pr in enumerate(m.pairs) if pr[0] == ev["attack"]), 0)
            if sp > 0:
                self.flights.append(Flight(ev["card"], True, self._frac(src[0]), self._pair_target(i, 1),
                                           now, PLAY_FLIGHT * sp, self.hand_w / self.size[0]))
                dur = PLAY_FLIGHT * sp
            self.app_sound("play")
        elif kind == "pass":
            m.apply(ev)
            self.banners.append(Banner(_("Done"), now, max(500.0, 900 * sp), seat=ev["player"], color=T.TEXT))
            dur = 250 * sp
        elif kind == "take":
            m.apply(ev)
            self.banners.append(Banner(_("Takes"), now, max(700.0, 1100 * sp), seat=ev["player"],
                                       color=T.ERROR))
            dur = 400 * sp
        elif kind == "swap":
            m.apply(ev)
            self.banners.append(Banner(_("swaps the trump six"), now, max(700.0, 1200 * sp),
                                       seat=ev["player"], color=T.ACCENT))
            dur = 500 * sp
        elif kind == "bout_end":
            cards = [(i, j, c) for i, pr in enumerate(m.pairs) for j, c in enumerate(pr) if c]
            positions = [self._pair_target(i, j)() for i, j, _c in cards]
            taker = m.defender
            m.apply(ev)
            if sp > 0:
                for (i, j, c), pos in zip(cards, positions):
                    if ev["result"] == "taken" and taker is not None:
                        tgt = self._hand_target(taker, c)
                        self.flights.append(Flight(c, True, self._frac(pos[:2]), tgt, now + 200 * sp,
                                                   SWEEP * sp, self.table_w / self.size[0], seat=taker))
                    else:
                        self.flights.append(Flight(c, True, self._frac(pos[:2]), self._fixed(self.discard_pos()),
                                                   now + 200 * sp, SWEEP * sp, self.table_w / self.size[0],
                                                   vanish=True))
                dur = (200 + SWEEP + 150) * sp
            if ev["result"] == "beaten":
                self.banners.append(Banner(_("Beaten off!"), now, max(600.0, 900 * sp), color=T.GOOD))
            self.app_sound("trick")
        elif kind == "draw":
            p = ev["player"]
            m.apply(ev)
            cards = ev["cards"] if isinstance(ev["cards"], list) else []
            if sp > 0:
                for j, c in enumerate(cards):
                    self.flights.append(Flight(c, False, self._frac(self.stock_pos()), self._hand_target(p, c),
                                               now + j * 50 * sp, DEAL_FLIGHT * sp, self.small_w / self.size[0],
                                               seat=p))
                dur = (len(cards) * 50 + DEAL_FLIGHT) * sp
        else:
            m.apply(ev)
        return dur

    def _settle_chips(self) -> None:
        if self.rules != "gurka-se" or self.chips_paid:
            return
        chips = self.session.get("chips")
        m = self.model
        stake = m.options.get("stake", 0)
        if not chips or not stake:
            return
        self.chips_paid = True
        for s in range(self.n):
            chips[s] -= self._staked(s)
        winners = m.winners or []
        if winners:
            share = m.pot // len(winners)
            for s in winners:
                chips[s] += share

    def _staked(self, s: int) -> int:
        """Chips seat ``s`` has put into this game's pot so far."""
        m = self.model
        stake = m.options.get("stake", 0)
        return stake * (2 if m.bought[s] and m.options.get("buyback") == "stake" else 1)

    def _game_over(self) -> None:
        from .overlays import ResultScene
        self.finished = True
        self._clear_actions()
        self.hidden = False
        if self.save_enabled:
            savegame.delete()
        self.busy_until = self.now
        if self.on_game_over:
            self.on_game_over(self)
        self.manager.push(ResultScene(self.app, self))

    def app_sound(self, name: str) -> None:
        fn = getattr(self.app, "play_sound", None)
        if fn:
            try:
                fn(name)
            except Exception:  # noqa: BLE001
                pass

    # -- play again ------------------------------------------------------------------------------
    def next_game_scene(self) -> TableScene:
        session = dict(self.session)
        session["game"] = session.get("game", 1) + 1
        extra = {}
        try:
            extra = self.state.session_next() or {}
        except Exception:  # noqa: BLE001
            extra = {}
        session["next"] = extra
        seed = random.randrange(1, 2 ** 31)
        state = new_game(self.rules, self.players, dict(self.state.options), seed=seed,
                         game=session["game"], **extra)
        return TableScene(self.app, state, session)

    # -- decisions for the human at the screen -------------------------------------------------
    def my_turn(self) -> bool:
        seat = self.state.to_act()
        return (seat is not None and seat >= 0 and not self.hidden and seat == self.viewer
                and self.players[seat]["seat"] == "human" and not self.busy() and not self.finished)

    def _clear_actions(self) -> None:
        self.action_buttons = []
        self.widgets = WidgetGroup([self.menu_button])
        self._place_buttons()

    def _build_actions(self) -> None:
        legal = self.state.legal_actions()
        types = {a["type"] for a in legal}
        buttons: list[Button] = []
        m = self.model
        if m.family == "gurka":
            if "play" in types and any(len(a["cards"]) > 1 for a in legal):
                buttons.append(Button(self._play_label, self.play_selected, primary=True, name="play"))
            if "exchange" in types:
                buttons.append(Button(self._exchange_label, self.exchange_selected, primary=True,
                                      name="exchange"))
            if "buyback" in types:
                buttons.append(Button(self._buyback_label, lambda: self.do({"type": "buyback"}),
                                      primary=True, name="buyback"))
                buttons.append(Button(lambda: _("Pass"), lambda: self.do({"type": "pass"}), name="pass"))
        else:
            if any(a["type"] == "attack" and len(a["cards"]) > 1 for a in legal):
                buttons.append(Button(lambda: _("Attack"), self.attack_selected, primary=True, name="attack"))
            if "take" in types:
                buttons.append(Button(lambda: _("Take"), lambda: self.do({"type": "take"}), name="take"))
            if types == {"swap", "pass"}:
                # TRANSLATORS: Durak: decline to swap the six of trumps for the trump card
                buttons.append(Button(lambda: _("Keep the six"), lambda: self.do({"type": "pass"}),
                                      name="pass"))
            elif "pass" in types:
                # TRANSLATORS: Durak: the attacker adds nothing more ("done")
                buttons.append(Button(lambda: _("Done"), lambda: self.do({"type": "pass"}), name="pass"))
            if "swap" in types:
                buttons.append(Button(lambda: _("Swap trump six"), lambda: self.do({"type": "swap"}),
                                      name="swap"))
        self.action_buttons = buttons
        self.widgets = WidgetGroup([self.menu_button] + buttons)
        self._place_buttons()

    def _play_label(self) -> str:
        k = len(self.selected)
        if k <= 1:
            return _("Play")
        # TRANSLATORS: a button; {n} is the number of selected cards
        return ngettext("Play {n} card", "Play {n} cards", k).format(n=k)

    def _exchange_label(self) -> str:
        k = len(self.selected)
        if k == 0:
            return _("Keep my cards")
        # TRANSLATORS: a button; {n} is the number of selected cards
        return ngettext("Exchange {n} card", "Exchange {n} cards", k).format(n=k)

    def _buyback_label(self) -> str:
        if self.model.options.get("buyback") == "stake":
            return M.buy_back_for(self.model.options.get("stake", 0))
        return _("Buy back")

    def legal_cards(self) -> set[str]:
        """Cards that take part in at least one legal action of the viewer (for highlighting)."""
        if not self.my_turn():
            return set()
        out: set[str] = set()
        for a in self.state.legal_actions():
            if a["type"] in ("play", "attack"):
                out.update(a["cards"])
            elif a["type"] == "defend":
                out.add(a["card"])
            elif a["type"] == "exchange":
                out.update(a["discard"])
        return out

    def click_card(self, card: str) -> None:
        if not self.my_turn():
            return
        legal = self.state.legal_actions()
        m = self.model
        if m.family == "gurka":
            if any(a["type"] == "exchange" for a in legal):
                self._toggle(card)
                return
            plays = [a for a in legal if a["type"] == "play"]
            if not plays:
                return
            if self.selected or any(len(a["cards"]) > 1 and card in a["cards"] for a in plays):
                self._toggle(card)
                return
            self.do({"type": "play", "cards": [card]})
            return
        # Durak
        attacks = [a for a in legal if a["type"] == "attack" and card in a["cards"]]
        defends = [a for a in legal if a["type"] == "defend" and a["card"] == card]
        if defends:
            if len(defends) == 1:
                self.do(defends[0])
            else:
                self.defend_with = None if self.defend_with == card else card
                self.message = _("Now click the card to beat.")
                self.message_color = T.TEXT
            return
        if attacks:
            if self.selected or any(len(a["cards"]) > 1 for a in attacks):
                self._toggle(card)
            else:
                self.do({"type": "attack", "cards": [card]})
            return
        # not legal: let the engine say why
        if any(a["type"] in ("defend", "take") for a in legal):
            open_pairs = [p[0] for p in m.pairs if p[1] is None]
            self.do({"type": "defend", "attack": open_pairs[0] if open_pairs else "", "card": card})
        else:
            self.do({"type": "attack", "cards": [card]})

    def click_pair(self, index: int) -> None:
        if not self.my_turn() or self.defend_with is None:
            return
        pairs = self.model.pairs
        if 0 <= index < len(pairs):
            self.do({"type": "defend", "attack": pairs[index][0], "card": self.defend_with})

    def _toggle(self, card: str) -> None:
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.invalidate()

    def play_selected(self) -> None:
        if not self.selected:
            self.flash(_("Select the cards to play first."))
            return
        self.do({"type": "play", "cards": list(self.selected)})

    def exchange_selected(self) -> None:
        self.do({"type": "exchange", "discard": list(self.selected)})

    def attack_selected(self) -> None:
        if not self.selected:
            self.flash(_("Select the cards to play first."))
            return
        self.do({"type": "attack", "cards": list(self.selected)})

    def prompt(self) -> str:
        """What the player at the screen is asked to do (or who is thinking)."""
        if self.finished:
            return ""
        seat = self.state.to_act()
        if seat is None or seat < 0:
            return ""
        name = self.players[seat]["name"]
        if not self.my_turn():
            if self.busy():
                return ""
            if self.players[seat]["seat"] != "human":
                return M.thinking(name)
            return M.to_play(name, M.is_you(self.players, seat))
        legal = self.state.legal_actions()
        types = {a["type"] for a in legal}
        if "exchange" in types:
            top = max(len(a["discard"]) for a in legal)
            # TRANSLATORS: {n} is the most cards this player may exchange
            return ngettext("Choose up to {n} card to exchange, then confirm.",
                            "Choose up to {n} cards to exchange, then confirm.", top).format(n=top)
        if "buyback" in types:
            pts = M.points(self.state.buyback_points(seat))
            if self.model.out[seat]:
                # TRANSLATORS: {points} is a number of points with its word, such as "24 points"
                return _("You are out. Buy back in with {points}?").format(points=pts)
            # TRANSLATORS: {points} is a number of points with its word, such as "24 points"
            return _("Buy back now and go on with {points}?").format(points=pts)
        if self.model.family == "gurka":
            plays = [a for a in legal if a["type"] == "play"]
            sizes = {len(a["cards"]) for a in plays}
            if not self.model.trick and sizes - {1}:
                return _("Your lead: click one card, or select several of one rank and press Play.")
            if sizes and min(sizes) > 1:
                k = min(sizes)
                # TRANSLATORS: {n} is the number of cards every follower must play
                return ngettext("Select {n} card and press Play.", "Select {n} cards and press Play.",
                                k).format(n=k)
            if not self.model.trick:
                return _("Your lead: play any highlighted card.")
            return _("Your turn: play a highlighted card.")
        if types == {"swap", "pass"}:
            return _("You hold the six of trumps: swap it for the trump card under the stock?")
        if "defend" in types or "take" in types:
            return _("Defend: beat each attacking card, or take them all.")
        if "attack" in types and not self.model.pairs:
            return _("Attack: play a card (or several of one rank).")
        return _("Add a card of a rank on the table, or press Done.")

    # -- input ----------------------------------------------------------------------------------
    def open_pause(self) -> None:
        from .overlays import PauseScene
        self.manager.push(PauseScene(self.app, self))

    def skip_animations(self) -> None:
        if self.busy() or self.flights:
            self.skip = True
            self.flights.clear()
            self.banners.clear()
            self.busy_until = self.now
            self.count_dur = 0.0
            self.shown_totals = [float(t) for t in getattr(self.model, "totals", [0] * self.n)]
            self.invalidate()

    def handle_event(self, e) -> None:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.open_pause()
                return
            if self._key(e):
                return
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.MOUSEMOTION:
            card = self.card_at(e.pos)
            if card != self.hover_card:
                self.hover_card = card
                self.invalidate()
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.busy() or (self.flights and not self.my_turn()):
                self.skip_animations()
                return
            card = self.card_at(e.pos)
            if card is not None:
                self.click_card(card)
                return
            pair = self.pair_at(e.pos)
            if pair is not None:
                self.click_pair(pair)
            return

    def _key(self, e) -> bool:
        """Keyboard play: Left / Right pick a card, Up or Space selects / plays it, Down
        unselects, Enter plays the picked card (or presses the first button: Play, Take,
        Exchange …), 1-6 choose the attack to beat; Tab reaches the buttons.  True when used."""
        k = e.key
        focused = self.widgets.focused if self.widgets.keyboard else None
        if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and (self.busy() or self.flights) \
                and not self.my_turn():
            self.skip_animations()
            return True
        if k == pygame.K_TAB:
            return False                      # the buttons' focus (WidgetGroup)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
            return False                      # a focused button: the group activates it
        if not self.my_turn():
            return False
        hand = self.visible_hand()
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            if hand:
                i = hand.index(self.hover_card) if self.hover_card in hand else (
                    -1 if k == pygame.K_RIGHT else len(hand))
                i = (i + (1 if k == pygame.K_RIGHT else -1)) % len(hand)
                self.hover_card = hand[i]
                self.widgets.focus = None
                self.invalidate()
            return True
        if k == pygame.K_DOWN:
            if self.hover_card in self.selected:
                self._toggle(self.hover_card)
            return True
        if pygame.K_1 <= k <= pygame.K_9 and self.defend_with is not None:
            self.click_pair(k - pygame.K_1)
            return True
        if k in (pygame.K_UP, pygame.K_SPACE):
            if self.hover_card in hand:
                self.click_card(self.hover_card)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.defend_with is not None:
                self._defend_first(self.defend_with)
            elif self.selected and self.action_buttons:
                self.action_buttons[0].activate()
            elif self.hover_card in hand and self.hover_card not in self.selected:
                self.click_card(self.hover_card)
                if self.hover_card in self.selected and self.action_buttons and self.model.family == "gurka" \
                        and not any(a["type"] == "exchange" for a in self.state.legal_actions()):
                    self.action_buttons[0].activate()    # a single card of a multi-card choice
            elif self.action_buttons:
                self.action_buttons[0].activate()
            self.invalidate()
            return True
        return False

    def _defend_first(self, card: str) -> None:
        """Keyboard defence: beat the first attacking card that ``card`` can beat."""
        for a in self.state.legal_actions():
            if a["type"] == "defend" and a["card"] == card:
                self.do(a)
                return

    # -- geometry -------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = T.unit(size)
        self.u = u
        self.hand_w = int(min(96 * u, w * 0.085, h * 0.125))
        self.hand_w = max(self.hand_w, 40)
        self.table_w = int(self.hand_w * 0.86)
        self.small_w = int(self.hand_w * 0.42)
        self.hand_h = C.height_for(self.hand_w)
        self.hand_y = h - self.hand_h - int(16 * u)
        self.center = (w // 2, int(h * 0.42))
        self.rx = w / 2 - int(120 * u)
        self.ry = h * 0.42 - int(60 * u)
        self.panel_w, self.panel_h = int(176 * u), int(64 * u)
        self.menu_button.rect = pygame.Rect(w - int(112 * u), int(10 * u), int(100 * u), int(36 * u))
        self._place_buttons()
        self.invalidate()

    def _place_buttons(self) -> None:
        if not self.size or not self.size[0]:
            return
        w, h = self.size
        u = T.unit(self.size)
        bw, bh = int(190 * u), int(44 * u)
        y = h - int(16 * u) - bh
        for b in reversed(self.action_buttons):
            b.rect = pygame.Rect(w - bw - int(16 * u), y, bw, bh)
            y -= bh + int(10 * u)

    def _frac(self, pos) -> tuple[float, float]:
        return (pos[0] / self.size[0], pos[1] / self.size[1])

    def _fixed(self, pos):
        fx, fy = self._frac(pos)
        return lambda: (fx * self.size[0], fy * self.size[1], self.small_w)

    def seat_slot(self, seat: int) -> int:
        """Position of ``seat`` around the table: 0 = bottom (the viewer), then clockwise."""
        return (seat - self.viewer) % self.n

    def seat_angle(self, seat: int) -> float:
        """Screen angle (degrees, y down: 90 = bottom, 180 = left, 270 = top)."""
        k = self.seat_slot(seat)
        if k == 0:
            return 90.0
        others = self.n - 1
        if others == 1:
            return 270.0
        lo, hi = (165.0, 375.0) if others <= 3 else (150.0, 390.0)
        return lo + (k - 1) * (hi - lo) / (others - 1)

    def seat_pos(self, seat: int) -> tuple[int, int]:
        if self.seat_slot(seat) == 0:
            u = self.u
            return (int(16 * u) + self.panel_w // 2, self.size[1] - int(16 * u) - self.panel_h // 2)
        a = math.radians(self.seat_angle(seat))
        x = self.center[0] + self.rx * math.cos(a)
        y = self.center[1] + self.ry * math.sin(a)
        return (int(x), int(y))

    def seat_dir(self, seat: int) -> tuple[float, float]:
        """A point between the centre and the seat: where that seat's cards land."""
        if self.seat_slot(seat) == 0:
            return (self.center[0], self.center[1] + self.ry)
        return self.seat_pos(seat)

    def deck_pos(self, dealer) -> tuple[int, int]:
        """The undealt cards: beside the dealer's panel, on the side towards the middle."""
        if dealer is None:
            return self.center
        x, y = self.seat_pos(dealer)
        off = self.panel_w // 2 + int(self.small_w * 0.9)
        return (x + off, y) if x <= self.center[0] else (x - off, y)

    def stock_pos(self) -> tuple[int, int]:
        return (int(self.center[0] - self.rx * 0.55), self.center[1])

    def discard_pos(self) -> tuple[int, int]:
        return (int(self.center[0] + self.rx * 0.55), self.center[1])

    def visible_hand(self) -> list[str]:
        h = self.model.hands[self.viewer]
        return self.model.sort_hand(h) if h else []

    def show_viewer_cards(self) -> bool:
        return not self.hidden

    def hand_layout(self) -> list[tuple[str, pygame.Rect]]:
        hand = [c for c in self.visible_hand() if c not in self._landing()]
        n = len(hand)
        if not n:
            return []
        w = self.size[0]
        cw, ch = self.hand_w, self.hand_h
        maxw = min(w * 0.62, w - 2 * (self.panel_w + int(40 * self.u)))
        step = min(cw * 0.72, (maxw - cw) / max(1, n - 1)) if n > 1 else 0
        total = cw + step * (n - 1)
        x0 = w / 2 - total / 2
        out = []
        for i, c in enumerate(hand):
            r = pygame.Rect(int(x0 + i * step), self.hand_y, cw, ch)
            if c in self.selected or c == self.defend_with:
                r.y -= int(22 * self.u)
            elif c == self.hover_card and self.my_turn():
                r.y -= int(10 * self.u)
            out.append((c, r))
        return out

    def _landing(self) -> set:
        return {f.card for f in self.flights if f.seat is not None and not f.vanish and f.card}

    def card_at(self, pos) -> str | None:
        if self.hidden:
            return None
        for c, r in reversed(self.hand_layout()):
            if r.collidepoint(pos):
                return c
        return None

    def pair_at(self, pos) -> int | None:
        if self.model.family != "durak":
            return None
        for i in range(len(self.model.pairs)):
            x, y, w = self._pair_target(i, 0)()
            r = pygame.Rect(0, 0, w, C.height_for(w))
            r.center = (int(x), int(y))
            if r.inflate(int(w * 0.3), int(w * 0.3)).collidepoint(pos):
                return i
        return None

    def card_source(self, seat: int, cards: list[str]) -> list[tuple[int, int]]:
        """Where cards leave from: the viewer's fan, or the seat's panel."""
        if seat == self.viewer and not self.hidden:
            lay = dict(self.hand_layout())
            return [lay[c].center if c in lay else self.seat_pos(seat) for c in cards]
        return [self.seat_pos(seat) for _c in cards]

    def _hand_target(self, seat: int, card: str):
        def target():
            if seat == self.viewer:
                hand = self.visible_hand()
                n = len(hand)
                if card in hand and n:
                    w = self.size[0]
                    cw = self.hand_w
                    maxw = min(w * 0.62, w - 2 * (self.panel_w + int(40 * self.u)))
                    step = min(cw * 0.72, (maxw - cw) / max(1, n - 1)) if n > 1 else 0
                    total = cw + step * (n - 1)
                    i = hand.index(card)
                    x = w / 2 - total / 2 + i * step + cw / 2
                    return (x, self.hand_y + self.hand_h / 2, self.hand_w)
            x, y = self.seat_pos(seat)
            return (x, y, self.small_w)
        return target

    def _trick_target(self, index: int, j: int):
        def target():
            m = self.model
            if index < len(m.trick):
                seat = m.trick[index][0]
                k = len(m.trick[index][1])
            else:
                seat, k = self.viewer, 1
            sx, sy = self.seat_dir(seat)
            cx, cy = self.center
            f = 0.42 if self.n > 2 else 0.3
            x = cx + (sx - cx) * f + (j - (k - 1) / 2) * self.table_w * 0.38
            y = cy + (sy - cy) * f * 0.9
            return (x, y, self.table_w)
        return target

    def _pair_target(self, i: int, j: int):
        def target():
            n = max(len(self.model.pairs), 1)
            cols = min(n, 6)
            gap = self.table_w * 1.35
            row = i // 6
            col = i % 6
            x = self.center[0] + (col - (cols - 1) / 2) * gap
            y = self.center[1] - int(10 * self.u) + row * C.height_for(self.table_w) * 0.9
            if j == 1:
                x += self.table_w * 0.28
                y += self.table_w * 0.32
            return (x, y, self.table_w)
        return target

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        size = surface.get_size()
        u = self.u
        surface.blit(T.felt(size), (0, 0))
        m = self.model
        self._draw_header(surface)
        if m.family == "durak":
            self._draw_durak_table(surface)
        else:
            self._draw_gurka_table(surface)
        for s in range(self.n):
            self._draw_seat(surface, s)
        self._draw_hand(surface)
        self._draw_flights(surface)
        self._draw_banners(surface)
        self._draw_prompt(surface)
        self.widgets.draw(surface, u)

    def _draw_header(self, surface) -> None:
        u = self.u
        m = self.model
        title = f"{M.ruleset_name(self.rules)} · {M.ruleset_country(self.rules)}"
        T.blit_text(surface, title, 18 * u, (int(16 * u), int(12 * u)), T.ACCENT, bold=True)
        line = ""
        if m.family == "gurka":
            # TRANSLATORS: the table header; {n} is the number of the deal (1, 2, ...)
            line = _("Deal {n}").format(n=m.deals) if m.deals else ""
            if m.options.get("rounds"):
                # TRANSLATORS: seven-round Gúrka; {n} is the deal's number, {total} how many deals
                line = _("Round {n} of {total}").format(n=m.deals, total=m.options["rounds"])
            if self.rules == "gurka-se" and m.options.get("stake"):
                line += "   " + M.pot(m.pot)
            if m.options.get("lives"):
                pass
            elif m.options.get("rounds") is None:
                if m.options.get("out_rule") == "reach":
                    # TRANSLATORS: the points limit, e.g. "Out at 30"
                    word = _("Out at {n}")
                else:
                    # TRANSLATORS: the points limit when only going above it knocks you out,
                    # e.g. "Out above 21"
                    word = _("Out above {n}")
                line += "   " + word.format(n=m.options.get("limit"))
        else:
            if m.trump:
                line = _("Trump: {suit}").format(suit=C.SUIT_GLYPH[m.trump])
            if self.session.get("game", 1) > 1:
                # TRANSLATORS: the table header; {n} is the game's number in this session
                line += "   " + _("Game {n}").format(n=self.session.get("game"))
        if line:
            T.blit_text(surface, line.strip(), 15 * u, (int(16 * u), int(36 * u)), T.TEXT_DIM)

    def _draw_card(self, surface, card, face_up: bool, center, width, angle: float = 0.0,
                   shadow: bool = True) -> None:
        img = C.face(card, width, self.app.settings) if (face_up and card) else C.back(width)
        if angle:
            img = pygame.transform.rotate(img, angle)
        r = img.get_rect(center=(int(center[0]), int(center[1])))
        if shadow and not angle:
            surface.blit(C.shadow(width), r.move(int(2 * self.u), int(3 * self.u)))
        surface.blit(img, r)

    def _draw_gurka_table(self, surface) -> None:
        m = self.model
        u = self.u
        # score piles (Icelandic)
        if m.options.get("score_piles"):
            for s in range(self.n):
                pile = m.piles[s]
                if not pile:
                    continue
                px, py = self.seat_pos(s)
                cx, cy = self.center
                pw = int(self.small_w * 1.1)
                for i, c in enumerate(pile[-4:]):
                    x = px + (cx - px) * 0.22 + i * pw * 0.35
                    y = py + (cy - py) * 0.22
                    self._draw_card(surface, c, True, (x, y), pw, shadow=False)
        in_flight = {f.card for f in self.flights if not f.vanish and f.seat is None}
        sweeping = [f for f in self.flights if f.vanish and not f.started(self.now) and f.face_up]
        sweep_cards = {f.card for f in sweeping}
        # cards still lying in the trick until the sweep starts
        if sweeping:
            for f in sweeping:
                x, y = f.src[0] * self.size[0], f.src[1] * self.size[1]
                self._draw_card(surface, f.card, True, (x, y), self.table_w)
        for i, (seat, cs) in enumerate(m.trick):
            for j, c in enumerate(cs):
                if c in in_flight or c in sweep_cards:
                    continue
                x, y, w = self._trick_target(i, j)()
                self._draw_card(surface, c, True, (x, y), w)
                if (seat, c) in self.highlight_losers or (m.trick_winner is not None and not any(
                        h for h in m.hands if h) and self._is_top(c)):
                    hl = C.highlight(w, T.ERROR)
                    surface.blit(hl, hl.get_rect(center=(int(x), int(y))))
        # the undealt stock beside the dealer
        if m.dealer is not None and any(h for h in m.hands if h):
            dx, dy = self.deck_pos(m.dealer)
            for k in range(3):
                self._draw_card(surface, None, False, (dx + k * 2 * u, dy - k * 2 * u), self.small_w,
                                shadow=k == 0)

    def _is_top(self, card: str) -> bool:
        from .table_model import strength_key
        m = self.model
        top = m.options.get("top_card")
        cards = [c for _s, cs in m.trick for c in cs]
        if not cards:
            return False
        best = max(strength_key(c, top)[0] for c in cards)
        return strength_key(card, top)[0] == best

    def _draw_durak_table(self, surface) -> None:
        m = self.model
        u = self.u
        # stock with the trump card under it, crosswise
        sx, sy = self.stock_pos()
        if m.trump_card and (m.stock or not any(m.hands)):
            if m.stock:
                self._draw_card(surface, m.trump_card, True, (sx + self.table_w * 0.45, sy), self.table_w,
                                angle=90)
        if m.stock:
            for k in range(min(4, len(m.stock) - 1)):
                self._draw_card(surface, None, False, (sx - k * 1.5 * u, sy - k * 1.5 * u), self.table_w,
                                shadow=k == 0)
            T.blit_text(surface, str(len(m.stock)), 18 * u,
                        (sx, sy + C.height_for(self.table_w) // 2 + int(6 * u)), T.TEXT, bold=True,
                        anchor="midtop")
        elif m.trump:
            T.blit_text(surface, C.SUIT_GLYPH[m.trump], 54 * u, (sx, sy),
                        C.suit_color(m.trump, {"four_colour": self.app.settings.get("four_colour")})
                        if m.trump in "SC" else (220, 60, 60), anchor="center")
        # discard pile
        if m.discard:
            dx, dy = self.discard_pos()
            for k in range(min(5, m.discard // 2 + 1)):
                self._draw_card(surface, None, False, (dx + (k % 2) * 3 * u, dy - k * 1.5 * u),
                                self.table_w, angle=12 + k * 9, shadow=False)
            T.blit_text(surface, _("Discard"), 14 * u, (dx, dy + C.height_for(self.table_w) // 2 + int(10 * u)),
                        T.TEXT_DIM, anchor="midtop")
        in_flight = {f.card for f in self.flights if f.seat is None}
        for i, pair in enumerate(m.pairs):
            for j, c in enumerate(pair):
                if not c or c in in_flight:
                    continue
                x, y, w = self._pair_target(i, j)()
                self._draw_card(surface, c, True, (x, y), w)
                if j == 0 and self.defend_with and pair[1] is None and self._can_beat(i):
                    hl = C.highlight(w, T.GOOD)
                    surface.blit(hl, hl.get_rect(center=(int(x), int(y))))

    def _can_beat(self, i: int) -> bool:
        att = self.model.pairs[i][0]
        return any(a["type"] == "defend" and a["attack"] == att and a["card"] == self.defend_with
                   for a in self.state.legal_actions())

    def _draw_seat(self, surface, s: int) -> None:
        u = self.u
        m = self.model
        cx, cy = self.seat_pos(s)
        rect = pygame.Rect(0, 0, self.panel_w, self.panel_h)
        rect.center = (cx, cy)
        to_act = self.state.to_act() == s and not self.busy() and not self.finished
        out = not m.in_game(s)
        border = T.FOCUS if to_act else T.PANEL_BORDER
        T.panel(surface, rect, u, alpha=200 if not out else 120, border=border)
        if to_act:
            pygame.draw.rect(surface, T.FOCUS, rect.inflate(int(6 * u), int(6 * u)), max(2, int(3 * u)),
                             border_radius=int(12 * u))
        p = self.players[s]
        name = p["name"]
        col = T.TEXT_DIM if out else T.TEXT
        T.blit_text(surface, name, 17 * u, (rect.left + int(10 * u), rect.top + int(6 * u)), col, bold=True,
                    max_width=rect.width - int(44 * u))
        if p["seat"] != "human":
            lvl = p["seat"].split(":", 1)[1] if ":" in p["seat"] else ""
            T.blit_text(surface, M.level_name(lvl.split(":")[0]), 11 * u,
                        (rect.right - int(8 * u), rect.top + int(9 * u)), T.TEXT_DIM, anchor="topright")
        if m.dealer == s:
            # TRANSLATORS: a one-letter dealer marker in a small disc; "D" for Dealer
            d = pygame.Rect(0, 0, int(22 * u), int(22 * u))
            d.center = (rect.right - int(2 * u), rect.bottom - int(2 * u))
            pygame.draw.circle(surface, (245, 245, 235), d.center, d.width // 2)
            pygame.draw.circle(surface, T.ACCENT_DARK, d.center, d.width // 2, max(1, int(u)))
            T.blit_text(surface, pgettext_dealer(), 12 * u, d.center, T.TEXT_DARK, bold=True, anchor="center")
        # second line: cards and score
        hand = m.hands[s] or []
        landing = sum(1 for f in self.flights if f.seat == s and not f.vanish)
        count = max(0, len(hand) - landing)
        parts = []
        if out:
            parts.append(_("out"))
        else:
            parts.append(M.cards_count(count))
        if m.family == "gurka":
            total = self.shown_totals[s]
            if self.count_dur:
                t = _ease((self.now - self.count_start) / self.count_dur)
                total = self.count_from[s] + (m.totals[s] - self.count_from[s]) * t
            if m.options.get("lives"):
                left = max(0, m.options["lives"] - int(round(total)))
                parts.append("♥" * left + "♡" * (m.options["lives"] - left))
            else:
                parts.append(M.points(int(round(total))))
        elif m.defender == s and m.pairs:
            parts.append(_("defends"))
        elif m.attacker == s and m.pairs:
            parts.append(_("attacks"))
        T.blit_text(surface, "  ·  ".join(parts), 14 * u, (rect.left + int(10 * u), rect.top + int(30 * u)),
                    T.TEXT_DIM if out else T.TEXT, max_width=rect.width - int(20 * u))
        chips = self.session.get("chips")
        if chips and m.family == "gurka":
            held = chips[s] if self.chips_paid else chips[s] - self._staked(s)
            T.blit_text(surface, M.chips(held), 12 * u,
                        (rect.left + int(10 * u), rect.bottom - int(4 * u)), T.ACCENT, anchor="bottomleft")
        # a small fan of backs for the other seats
        if self.seat_slot(s) != 0 and count and not out:
            k = min(count, 10)
            w = self.small_w
            fx = rect.centerx - (k - 1) * w * 0.18 / 2
            ch = C.height_for(w)
            fy = rect.top - ch * 0.5 - 3 * u if cy > self.center[1] else rect.bottom + ch * 0.5 + 3 * u
            for i in range(k):
                self._draw_card(surface, None, False, (fx + i * w * 0.18, fy), w, shadow=False)

    def _draw_hand(self, surface) -> None:
        u = self.u
        if self.hidden:
            hand = self.model.hands[self.viewer] or []
            n = len(hand)
            for i in range(n):
                x = self.size[0] / 2 + (i - (n - 1) / 2) * self.hand_w * 0.35
                self._draw_card(surface, None, False, (x, self.hand_y + self.hand_h / 2), self.hand_w)
            return
        legal = self.legal_cards()
        mine = self.my_turn()
        for c, r in self.hand_layout():
            surface.blit(C.shadow(self.hand_w), r.move(int(2 * u), int(3 * u)))
            surface.blit(C.face(c, self.hand_w, self.app.settings), r)
            if mine and legal:
                if c in legal:
                    hl = C.highlight(self.hand_w, T.ACCENT if c not in self.selected else T.GOOD)
                    surface.blit(hl, hl.get_rect(center=r.center))
                else:
                    surface.blit(C.dim(self.hand_w), r)

    def _draw_flights(self, surface) -> None:
        now = self.now
        W, H = self.size
        for f in self.flights:
            if not f.started(now):
                continue
            t = _ease((now - f.start) / f.dur)
            tx, ty, tw = f.target()
            sx, sy = f.src[0] * W, f.src[1] * H
            x = sx + (tx - sx) * t
            y = sy + (ty - sy) * t - math.sin(t * math.pi) * 20 * self.u
            w0 = f.width_from * W
            w = int(w0 + (tw - w0) * t)
            face_up = f.face_up or (f.seat == self.viewer and not self.hidden and t > 0.5
                                    and self.seat_slot(f.seat) == 0)
            self._draw_card(surface, f.card, face_up, (x, y), max(12, w))

    def _draw_banners(self, surface) -> None:
        u = self.u
        now = self.now
        for b in self.banners:
            if now < b.start:
                continue
            t = (now - b.start) / b.dur
            alpha = 255 if t < 0.8 else max(0, min(255, int(255 * (1 - (t - 0.8) / 0.2))))
            if b.big:
                scale = 0.6 + 0.4 * _ease(min(1.0, t * 4))
                img = T.font(90 * u * scale, True).render(b.text, True, b.color)
                sh = T.font(90 * u * scale, True).render(b.text, True, (0, 0, 0))
                img.set_alpha(alpha)
                sh.set_alpha(alpha // 2)
                r = img.get_rect(center=(self.center[0], self.center[1] - int(20 * u)))
                surface.blit(sh, r.move(int(4 * u), int(4 * u)))
                surface.blit(img, r)
                if b.sub:
                    T.blit_text(surface, b.sub, 24 * u, (r.centerx, r.bottom + int(6 * u)), T.TEXT, bold=True,
                                anchor="midtop")
                continue
            if b.seat is not None:
                # over the seat's lower lines, leaving its name readable; opaque, so the
                # panel's own text never shows through
                x, y = self.seat_pos(b.seat)
                y += int(self.panel_h * 0.18)
                px = T.fit_px(b.text, 18 * u, self.panel_w - int(12 * u), bold=True)
                img = T.render(b.text, px, b.color, True)
                box = img.get_rect(center=(int(x), int(y))).inflate(int(16 * u), int(8 * u))
                box.width = max(box.width, self.panel_w - int(8 * u))
                box.center = (int(x), int(y))
                fill = (*T.PANEL, min(245, alpha))
            else:
                x, y = self.center[0], self.center[1] - int(self.ry * 0.62)
                img = T.render(b.text, T.fit_px(b.text, 18 * u, self.size[0] * 0.8, bold=True), b.color, True)
                box = img.get_rect(center=(int(x), int(y))).inflate(int(16 * u), int(8 * u))
                fill = (0, 0, 0, min(170, alpha))
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, fill, bg.get_rect(), border_radius=int(8 * u))
            surface.blit(bg, box)
            img = img.copy()
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=box.center))

    def _draw_prompt(self, surface) -> None:
        u = self.u
        text = ""
        color = T.TEXT
        if self.message and self.now < self.error_until:
            text, color = self.message, self.message_color
        elif self.message and self.message_color != T.ERROR and self.my_turn():
            text = self.message
        else:
            text = self.prompt()
        if not text:
            return
        y = self.hand_y - int(44 * u)
        maxw = self.size[0] - 2 * (self.panel_w + int(40 * u))
        px = T.fit_px(text, 17 * u, maxw, bold=True)
        img = T.render(text, px, color, True)
        box = img.get_rect(center=(self.size[0] // 2, y)).inflate(int(20 * u), int(10 * u))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 140), bg.get_rect(), border_radius=int(8 * u))
        surface.blit(bg, box)
        surface.blit(img, img.get_rect(center=box.center))

    def on_app_close(self) -> None:
        # the game is saved after every action: only the worker process needs stopping
        self.close_ai()


def pgettext_dealer() -> str:
    from ..i18n import pgettext
    # TRANSLATORS: one or two letters on the dealer button (D = dealer); not a card's letter
    # (Icelandic G is the jack)
    return pgettext("dealer button", "D")
