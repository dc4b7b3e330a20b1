"""The Gurka family at the table: tricks, the last trick, scoring, knock-outs, buy-backs."""

from __future__ import annotations

from ...i18n import _, ngettext
from .. import messages as M
from .. import rules_text as R
from .. import theme as T
from ..widgets import Button
from . import pace
from .part_base import TablePart


class GurkaPart(TablePart):
    def __init__(self, scene):
        super().__init__(scene)
        self.swept = False          # the finished trick has been swept off the table
        self.losers: set = set()    # (seat, card) that scored in the last trick

    # -- hands ------------------------------------------------------------------------------
    def sort_hand(self, cards: list[str]) -> list[str]:
        m = self.m
        return sorted(cards, key=lambda c: (m.strength(c), "CDHS".index(c[1])))

    def static_key(self) -> tuple:
        return (self.swept, frozenset(self.losers))

    def settled(self) -> None:
        m = self.m
        if m.trick_over() and any(m.counts):
            self.swept = True
        self.tl.set_totals(m.totals)

    # -- events -----------------------------------------------------------------------------
    def on_deal(self, ev: dict) -> float:
        self.s.play_sound("shuffle")
        self.fold(ev)
        self.losers = set()
        self.swept = False
        self.tl.set_totals(self.m.totals)
        dur = self.deal_flights(self.lay.deck_pos(self.m.dealer))
        self.s.play_sound("deal")
        return dur

    def on_exchange(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.sp()
        src = self.lay.frac(self.lay.seat_pos(p))
        self.fold(ev)
        dur = 0.0
        deck = self.lay.deck_pos(self.m.dealer)
        if sp > 0:
            small = self.lay.small_w / self.lay.size[0]
            for i, _c in enumerate(ev["discard"]):
                self.tl.fly(None, False, src, self.draw.fixed(deck), i * 60 * sp, pace.PLAY_FLIGHT * sp,
                            small, vanish=True)
            for i, c in enumerate(ev["draw"]):
                self.tl.fly(c, False, self.lay.frac(deck), self.draw.hand_target(p, c),
                            (200 + i * 60) * sp, pace.PLAY_FLIGHT * sp, small, seat=p)
            dur = (250 + 60 * len(ev["draw"]) + pace.PLAY_FLIGHT) * sp
        k = len(ev["discard"])
        # TRANSLATORS: a banner over the seat of the player who exchanges; {n} is a number of cards
        self.tl.banner(ngettext("exchanges {n} card", "exchanges {n} cards", k).format(n=k),
                       max(700.0, pace.BANNER * sp), seat=p, color=T.TEXT)
        return dur

    def on_play(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.sp()
        src = self.draw.card_source(p, ev["cards"])
        self.fold(ev)
        self.swept = False
        idx = len(self.m.trick) - 1
        k = len(ev["cards"])
        if sp > 0:
            for j, c in enumerate(ev["cards"]):
                self.tl.fly(c, True, self.lay.frac(src[j]), self._trick_target(idx, j, k), 0.0,
                            pace.PLAY_FLIGHT * sp, self.lay.hand_w / self.lay.size[0])
        self.s.play_sound("play")
        return (pace.PLAY_FLIGHT + 60) * sp

    def _trick_target(self, index: int, j: int, k: int):
        def target():
            trick = self.m.trick
            seat = trick[index][0] if index < len(trick) else self.s.viewer
            return self.lay.trick_pos(seat, j, k)
        return target

    def on_trick(self, ev: dict) -> float:
        self.fold(ev)
        sp = self.sp()
        m = self.m
        if not any(m.counts):
            # the last trick: it stays, the scoring follows
            self.tl.banner(_("Last trick"), max(900.0, pace.LAST_REVEAL * sp), color=T.TEXT)
            return pace.LAST_REVEAL * sp
        winner = ev["winner"]
        self.tl.banner(_("wins the trick"), max(600.0, (pace.TRICK_HOLD + pace.SWEEP) * sp), seat=winner,
                       color=T.TEXT)
        if sp > 0:
            to = self.draw.fixed(self.lay.seat_pos(winner))
            width = self.lay.table_w / self.lay.size[0]
            for seat, cs in m.trick:
                for j, c in enumerate(cs):
                    pos = self.lay.trick_pos(seat, j, len(cs))
                    self.tl.fly(c, True, self.lay.frac(pos[:2]), to, pace.TRICK_HOLD * sp, pace.SWEEP * sp,
                                width, vanish=True)
        self.swept = True
        self.s.play_sound("trick")
        return (pace.TRICK_HOLD + pace.SWEEP) * sp

    def on_score(self, ev: dict):
        m = self.m
        before = list(m.totals)
        self.fold(ev)
        sp = self.sp()
        row = m.sheet[-1]
        self.losers = set(row.losers)
        for s, pen in enumerate(row.penalties):
            if pen:
                text = _("−1 life") if m.options.get("lives") else f"+{pen}"
                self.tl.banner(text, max(1200.0, 2200 * sp), seat=s, color=T.ERROR)
        self.tl.count_totals(before, m.totals, pace.SCORE_COUNT * sp)
        dur = (pace.SCORE_COUNT + 300) * sp
        nxt = self.next_event()
        if nxt is None or nxt["type"] != "out":
            return self._after_score(dur)
        return dur

    def on_out(self, ev: dict):
        self.fold(ev)
        p = ev["player"]
        sp = self.sp()
        shout = R.ruleset_name(self.s.rules).split()[-1] + "!"
        self.tl.banner(shout, max(1000.0, pace.KNOCKOUT * sp), big=True, color=T.GOOD,
                       sub=M.is_out(self.name(p), M.is_you(self.s.players, p)))
        self.s.play_sound("knockout")
        dur = pace.KNOCKOUT * sp
        nxt = self.next_event()
        if nxt is None or nxt["type"] != "out":
            return self._after_score(dur)
        return dur

    def _after_score(self, dur: float):
        """Between deals: the scoreboard (humans click on, AI-only tables go on by themselves)."""
        self.tl.wait(dur)
        rest = self.s.state.events[self.s.shown:]
        if any(e["type"] == "game_over" for e in rest):
            return dur
        self.s.raise_event("deal_scored", delay=dur, auto=not self.s.humans or self.s.app.demo)
        return True

    def on_buyback(self, ev: dict) -> float:
        self.fold(ev)
        p = ev["player"]
        self.tl.set_totals(self.m.totals)
        self.tl.banner(_("buys back in"), max(900.0, 1500 * self.sp()), seat=p, color=T.ACCENT)
        return 700 * self.sp()

    # -- decisions ---------------------------------------------------------------------------------
    def buttons(self, legal: list[dict]) -> list:
        types = {a["type"] for a in legal}
        s = self.s
        out = []
        if "play" in types and any(len(a["cards"]) > 1 for a in legal):
            out.append(Button(self._play_label, s.play_selection, primary=True, name="play"))
        if "exchange" in types:
            out.append(Button(self._exchange_label, s.play_selection, primary=True, name="exchange"))
        if "buyback" in types:
            out.append(Button(self._buyback_label, lambda: s.do({"type": "buyback"}), primary=True,
                              name="buyback"))
            out.append(Button(lambda: _("Pass"), lambda: s.do({"type": "pass"}), name="pass"))
        return out

    def _play_label(self) -> str:
        k = len(self.s.sel.cards)
        if k <= 1:
            return _("Play")
        # TRANSLATORS: a button; {n} is the number of selected cards
        return ngettext("Play {n} card", "Play {n} cards", k).format(n=k)

    def _exchange_label(self) -> str:
        k = len(self.s.sel.cards)
        if k == 0:
            return _("Keep my cards")
        # TRANSLATORS: a button; {n} is the number of selected cards
        return ngettext("Exchange {n} card", "Exchange {n} cards", k).format(n=k)

    def _buyback_label(self) -> str:
        o = self.m.options
        if o.get("buyback") == "stake":
            return M.buy_back_for(o.get("stake", 0))
        return _("Buy back")

    def prompt(self, legal: list[dict]) -> str:
        types = {a["type"] for a in legal}
        seat = self.s.state.to_act()
        if "exchange" in types:
            top = max(len(a["discard"]) for a in legal)
            # TRANSLATORS: {n} is the most cards this player may exchange
            return ngettext("Choose up to {n} card to exchange, then confirm.",
                            "Choose up to {n} cards to exchange, then confirm.", top).format(n=top)
        if "buyback" in types:
            points = M.points(self.s.state.buyback_points(seat))
            if self.m.out[seat]:
                # TRANSLATORS: {points} is a number of points with its word, such as "24 points"
                return _("You are out. Buy back in with {points}?").format(points=points)
            # TRANSLATORS: {points} is a number of points with its word, such as "24 points"
            return _("Buy back now and go on with {points}?").format(points=points)
        sizes = {len(a["cards"]) for a in legal if a["type"] == "play"}
        leading = not self.m.trick or self.m.trick_over()
        if leading and sizes - {1}:
            return _("Your lead: click one card, or select several of one rank and press Play.")
        if sizes and min(sizes) > 1:
            k = min(sizes)
            # TRANSLATORS: {n} is the number of cards every follower must play
            return ngettext("Select {n} card and press Play.", "Select {n} cards and press Play.",
                            k).format(n=k)
        if leading:
            return _("Your lead: play any highlighted card.")
        return _("Your turn: play a highlighted card.")

    # -- texts ---------------------------------------------------------------------------------------
    def header(self) -> str:
        m = self.m
        o = m.options
        # TRANSLATORS: the table header; {n} is the number of the deal (1, 2, ...)
        line = _("Deal {n}").format(n=m.deals) if m.deals else ""
        if o.get("rounds"):
            # TRANSLATORS: seven-round Gúrka; {n} is the deal's number, {total} how many deals
            line = _("Round {n} of {total}").format(n=m.deals, total=o["rounds"])
        if o.get("stake"):
            line += "   " + M.pot(m.pot)
        if not o.get("lives") and o.get("rounds") is None:
            if o.get("out_rule") == "reach":
                # TRANSLATORS: the points limit, e.g. "Out at 30"
                word = _("Out at {n}")
            else:
                # TRANSLATORS: the points limit when only going above it knocks you out,
                # e.g. "Out above 21"
                word = _("Out above {n}")
            line += "   " + word.format(n=o.get("limit"))
        return line.strip()

    def seat_line(self, seat: int, count: int) -> list[str]:
        parts = super().seat_line(seat, count)
        m = self.m
        total = self.tl.count.value(seat, self.tl.now) if self.tl.count.new else m.totals[seat]
        lives = m.options.get("lives")
        if lives:
            left = max(0, lives - int(round(total)))
            parts.append("♥" * left + "♡" * (lives - left))
        else:
            parts.append(M.points(int(round(total))))
        return parts

    def seat_extra_key(self, seat: int) -> tuple:
        chips = self.s.session.get("chips")
        return (chips[seat], self.s.chips_paid, self.m.staked(seat)) if chips else ()

    def seat_extra(self, surface, seat: int, rect) -> None:
        chips = self.s.session.get("chips")
        if not chips:
            return
        u = self.lay.u
        held = chips[seat] if self.s.chips_paid else chips[seat] - self.m.staked(seat)
        T.blit_text(surface, M.chips(held), 12 * u,
                    (rect.left + int(10 * u), rect.bottom - int(4 * u)), T.ACCENT, anchor="bottomleft")

    # -- the middle of the table ---------------------------------------------------------------------
    def draw_centre(self, surface) -> None:
        m = self.m
        d = self.draw
        lay = self.lay
        if m.options.get("score_piles"):
            cx, cy = lay.center
            pw = int(lay.small_w * 1.1)
            for s in range(self.s.n):
                px, py = lay.seat_pos(s)
                for i, c in enumerate(m.piles[s][-4:]):
                    d.card(surface, c, True, (px + (cx - px) * 0.22 + i * pw * 0.35, py + (cy - py) * 0.22), pw,
                           shadow=False)
        now = self.tl.now
        flying = {f.card for f in self.tl.flights if not f.vanish and f.seat is None}
        sweeping = [f for f in self.tl.flights if f.vanish and f.face_up]
        for f in sweeping:
            if not f.started(now):
                d.card(surface, f.card, True, (f.src[0] * lay.size[0], f.src[1] * lay.size[1]), lay.table_w)
        if not (m.trick_over() and self.swept):
            last = m.trick_over() and not any(m.counts)
            top = max((m.strength(c) for _s, cs in m.trick for c in cs), default=0)
            for seat, cs in m.trick:
                for j, c in enumerate(cs):
                    if c in flying:
                        continue
                    x, y, w = lay.trick_pos(seat, j, len(cs))
                    d.card(surface, c, True, (x, y), w)
                    if (seat, c) in self.losers or (last and m.strength(c) == top):
                        d.mark(surface, (x, y), w, T.ERROR)
        if m.dealer is not None and any(m.counts):
            dx, dy = lay.deck_pos(m.dealer)
            u = lay.u
            for k in range(3):
                d.card(surface, None, False, (dx + k * 2 * u, dy - k * 2 * u), lay.small_w, shadow=k == 0)

    # -- the end ----------------------------------------------------------------------------------------
    def result(self) -> tuple[str, list[str]]:
        s = self.s
        m = self.m
        you = M.local_seat(s.players)
        winners = list(m.winners or [])
        title = M.wins([self.name(w) for w in winners if w != you], you in winners)
        lines = [f"{self.name(p)}: {M.points(m.totals[p])}" for p in sorted(range(s.n), key=lambda p: m.totals[p])]
        if s.session.get("chips") and m.pot:
            # TRANSLATORS: {n} is the number of chips the winner takes
            lines.append(ngettext("The pot held {n} chip.", "The pot held {n} chips.", m.pot).format(n=m.pot))
        return title, lines
