"""The Gurka family at the table: tricks, the last trick, scoring, knock-outs, buy-backs."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.gurka import moves as gm
from ...engine.views import seen_cards
from ...i18n import _, ngettext
from .. import messages
from .. import resume_point
from .. import rules_text
from .. import theme
from .. import tool_names
from . import gurka_words
from . import hint_words, pace, sheet
from .gurka_centre import draw_centre, lookback
from .part_base import SUIT_ORDER, TablePart


class GurkaPart(TablePart):
    def __init__(self, board, cues, draw):
        super().__init__(board, cues, draw)
        self.swept = False          # the finished trick has been swept off the table
        self.losers: set = set()    # (seat, card) that scored in the last trick
        self.prev_trick = None      # the last trick of the deal before (the look back)
        self._trick_log: list[int] = []   # move-log entries of the trick under way
        self._trick_head: int | None = None   # the move log's heading of the trick under way

    # -- hands ------------------------------------------------------------------------------
    def sort_hand(self, cards: list[str]) -> list[str]:
        m = self.model
        if self.by_suit():
            return sorted(cards, key=lambda c: (SUIT_ORDER.index(c[1]), m.strength(c)))
        return sorted(cards, key=lambda c: (m.strength(c), "CDHS".index(c[1])))

    def static_key(self) -> tuple:
        return (self.swept, frozenset(self.losers))

    def settled(self) -> None:
        m = self.model
        if m.trick_over() and any(m.counts):
            self.swept = True
        if m.deal_over():
            self.losers = set(m.sheet[-1].losers)
        self.timeline.set_totals(m.totals)

    def slots(self) -> int:
        """How many plays a trick of this deal has (the seats dealt in)."""
        return max(1, sum(1 for x in self.model.in_deal if x))

    def replay_from(self, events: list[dict], seen: int | None = None) -> int:
        return resume_point.gurka(events, seen)

    # -- events -----------------------------------------------------------------------------
    def on_deal(self, ev: dict) -> float:
        self.cues.sound("shuffle")
        self.fold(ev)
        self.losers = set()
        self.swept = False
        self.timeline.set_totals(self.model.totals)
        dur = self.deal_flights(self.lay.deck_pos(self.model.dealer))
        self.cues.sound("deal")
        return dur

    def on_exchange(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.speed()
        src = self.lay.frac(self.lay.seat_pos(p))
        self.fold(ev)
        dur = 0.0
        deck = self.lay.deck_pos(self.model.dealer)
        if sp > 0:
            small = self.lay.small_w / self.lay.size[0]
            for i, _c in enumerate(seen_cards(ev["discard"])):
                self.timeline.fly(None, False, src, self.draw.fixed(deck), i * 60 * sp, pace.PLAY_FLIGHT * sp,
                            small, vanish=True)
            drawn = seen_cards(ev["draw"])
            for i, c in enumerate(drawn):
                self.timeline.fly(c, False, self.lay.frac(deck), self.draw.hand_target(p, c),
                            (200 + i * 60) * sp, pace.PLAY_FLIGHT * sp, small, seat=p)
            dur = (250 + 60 * len(drawn) + pace.PLAY_FLIGHT) * sp
        k = len(seen_cards(ev["discard"]))
        # TRANSLATORS: a banner over the seat of the player who exchanges; {n} is a number of cards
        self.timeline.banner(ngettext("exchanges {n} card", "exchanges {n} cards", k).format(n=k),
                       max(700.0, pace.BANNER * sp), seat=p, color=theme.TEXT)
        return dur

    def on_play(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.speed()
        src = self.draw.card_source(p, ev["cards"])
        self.fold(ev)
        self.swept = False
        idx = len(self.model.trick) - 1
        k = len(ev["cards"])
        if sp > 0:
            for j, c in enumerate(ev["cards"]):
                self.timeline.fly(c, True, self.lay.frac(src[j]), self._trick_target(idx, j, k), 0.0,
                            pace.PLAY_FLIGHT * sp, self.lay.hand_w / self.lay.size[0])
        self.cues.sound("play")
        return (pace.PLAY_FLIGHT + pace.PLAY_SETTLE) * sp

    def _trick_target(self, index: int, j: int, k: int):
        def target():
            trick = self.model.trick
            seat = trick[index][0] if index < len(trick) else self.board.viewer
            return self.lay.trick_pos(seat, j, k, index, self.slots())
        return target

    def winning(self, trick) -> list[str]:
        """The cards the winner of a finished trick played."""
        return next((cs for s, cs in trick.plays if s == trick.winner), [])

    def on_trick(self, ev: dict) -> float:
        self.fold(ev)
        sp = self.speed()
        m = self.model
        winner = ev["winner"]
        last = not any(m.counts)
        text = gurka_words.takes_trick(self.name(winner), self.you(winner), self.card_text(self.winning(m.tricks[-1])),
                             last)
        self.cues.sound("trick")
        if last:
            # the last trick stays for the scoring (which waits for the player, see on_score)
            self.announce(text, pace.LAST_REVEAL + pace.NEWS)
            return self.last_reveal()
        if self.hold_or(False, self._sweep):
            self.announce(text, sticky=True)
            return pace.TRICK_HOLD * sp
        self.announce(text, pace.TRICK_HOLD + pace.SWEEP)
        self._sweep(delay=pace.TRICK_HOLD * sp)
        return (pace.TRICK_HOLD + pace.SWEEP) * sp

    def last_reveal(self) -> float:
        """How long the deal's last trick lies before the scoring: ``LAST_REVEAL`` at the
        speed set; when the scoring will not wait for the player (After a trick: never), long
        enough that from its last card landing to the score sheet it lies ``LAST_READ`` (at
        fast speed it lay 1.4 s, too short to see who took it with which card).  Instant speed
        waits for nothing (``build_scripts/bench.py pace last`` measures it)."""
        sp = self.speed()
        if sp <= 0 or self.cues.hold(True):
            return pace.LAST_REVEAL * sp
        after = (pace.PLAY_SETTLE + pace.SCORE_COUNT + pace.SCORE_REST) * sp     # the card settles; the count-up
        return max(pace.LAST_REVEAL * sp, pace.LAST_READ - after)

    def _sweep(self, delay: float = 0.0) -> None:
        """The finished trick flies to its winner (beside their name, not over it)."""
        sp = self.speed()
        m = self.model
        if sp > 0 and m.trick_winner is not None:
            width = self.lay.table_w / self.lay.size[0]
            for i, (seat, cs) in enumerate(m.trick):
                for j, c in enumerate(cs):
                    pos = self.lay.trick_pos(seat, j, len(cs), i, self.slots())
                    to = self.draw.fixed(self.lay.sweep_pos(m.trick_winner, pos[:2]))
                    self.timeline.fly(c, True, self.lay.frac(pos[:2]), to, delay, pace.SWEEP * sp, width,
                                vanish=True)
        self.swept = True
        self.timeline.wait(delay + pace.SWEEP * sp)

    def on_score(self, ev: dict):
        m = self.model
        before = list(m.totals)
        self.fold(ev)
        row = m.sheet[-1]
        self.losers = set(row.losers)
        text = "  ·  ".join(self.score_words(row))

        def scoring():
            sp = self.speed()
            for s, pen in enumerate(row.penalties):
                if pen:
                    flash = _("−1 life") if m.options.get("lives") else f"+{pen}"
                    self.timeline.banner(flash, max(1200.0, 2200 * sp), seat=s, color=theme.ERROR)
            self.timeline.count_totals(before, m.totals, pace.SCORE_COUNT * sp)
            dur = (pace.SCORE_COUNT + pace.SCORE_REST) * sp
            nxt = self.next_event()
            if nxt is None or nxt["type"] != "out":
                return self._after_score(dur)
            self.timeline.wait(dur)
            return dur

        if self.hold_or(True, scoring):
            self.announce(text, sticky=True, color=theme.ERROR)
            return 0.0
        self.announce(text, color=theme.ERROR)
        return scoring()

    def score_words(self, row) -> list[str]:
        """Who paid for which card in the last trick, and who went back to 0."""
        m = self.model
        lives = bool(m.options.get("lives"))
        out = [gurka_words.penalty(self.name(s), self.you(s), self.card_text([c]), row.penalties[s] or 0, lives)
               for s, c in row.losers]
        out += [gurka_words.reset(self.name(s), self.you(s), m.options.get("limit", 21)) for s in row.resets]
        return out

    def shouts(self) -> list[tuple[str, tuple]]:
        return [(rules_text.ruleset_name(self.board.rules).split()[-1] + "!", theme.GOOD)]    # "Agurk!" at a knock-out

    def on_out(self, ev: dict):
        self.fold(ev)
        p = ev["player"]
        sp = self.speed()
        shout = self.shouts()[0][0]
        self.timeline.banner(shout, max(pace.SHOUT_MIN, pace.KNOCKOUT * sp), big=True, color=theme.GOOD,
                       sub=messages.is_out(self.name(p), self.you(p)))
        self.cues.sound("knockout")
        dur = pace.KNOCKOUT * sp
        nxt = self.next_event()
        if nxt is None or nxt["type"] != "out":
            return self._after_score(dur)
        return dur

    def _after_score(self, dur: float):
        """Between deals: the scoreboard (humans click on, AI-only tables go on by themselves),
        once the count-up and a knock-out's shout have been seen."""
        self.timeline.wait(dur)
        if any(e["type"] == "game_over" for e in self.cues.coming()):
            return dur
        auto = not self.board.humans or self.board.demo
        self.timeline.after(dur, lambda: self.cues.raise_event("deal_scored", auto=auto))
        return True

    # -- the move log ------------------------------------------------------------------------------
    def log(self, ev: dict) -> None:
        """Each entry says its move when it is read (in the language of that moment)."""
        log = self.board.log
        m = self.model
        kind = ev["type"]
        p = ev.get("player")
        if kind == "deal":
            n, rounds = m.deals, m.options.get("rounds")
            log.head((lambda: _("Round {n} of {total}").format(n=n, total=rounds)) if rounds
                     else (lambda: _("Deal {n}").format(n=n)))
            self._trick_log = []
        elif kind == "play":
            if len(m.trick) == 1:       # a trick begins: its heading says who leads
                number, total = len(m.tricks) + 1, m.tricks_in_deal()
                self._trick_head = log.group(lambda: gurka_words.trick_heading(
                    number, total, self.name(p), self.you(p)))
                self._trick_log = []
            cards = ev["cards"]
            self._trick_log.append(log.add(p, lambda: gurka_words.plays(self.name(p), self.you(p), self.card_text(cards))))
        elif kind == "trick":
            w = ev["winner"]

            def takes(cs: list[str]) -> Callable[[], str]:
                return lambda: gurka_words.plays_and_takes(self.name(w), self.you(w), self.card_text(cs))
            for i, (seat, cs) in zip(self._trick_log, m.trick):
                if seat == w:
                    log.replace(i, takes(cs))
            if self._trick_head is not None:        # … and once it is over, who took it
                number, total, leader = len(m.tricks), m.tricks_in_deal(), m.trick[0][0]
                log.replace(self._trick_head, lambda: gurka_words.trick_heading(
                    number, total, self.name(leader), self.you(leader), self.name(w), self.you(w)))
                self._trick_head = None
        elif kind == "score":
            if m.tricks:
                self.prev_trick = m.tricks[-1]      # the look back's trick once the next deal starts
            row = m.sheet[-1]

            def score_line(i: int) -> Callable[[], str]:
                return lambda: self.score_words(row)[i]
            for i in range(len(self.score_words(row))):
                log.add(None, score_line(i))
        elif kind == "exchange":
            n = len(seen_cards(ev["discard"]))
            log.add(p, lambda: gurka_words.exchanges(self.name(p), self.you(p), n))
        elif kind == "out":
            log.add(None, lambda: messages.is_out(self.name(p), self.you(p)))
        elif kind == "buyback":
            log.add(p, self.buyback_words(ev))

    # -- the look back -----------------------------------------------------------------------------
    def lookback(self):
        return lookback(self) if self.lay is not None else None

    def can_look_back(self) -> bool:
        return bool(self.model.tricks) or self.prev_trick is not None

    def lookback_label(self) -> str:
        return tool_names.previous_trick()

    def on_buyback(self, ev: dict) -> float:
        self.fold(ev)
        p = ev["player"]
        self.timeline.set_totals(self.model.totals)
        self.timeline.banner(_("buys back in"), max(900.0, 1500 * self.speed()), seat=p, color=theme.ACCENT)
        self.announce(self.buyback_words(ev)(), color=theme.ACCENT)      # what it cost, where it puts them
        return 700 * self.speed()

    def buyback_words(self, ev: dict):
        """A buy-back in words (said when read): the stake it puts into the pot, if any, and
        the points (or lives) it brings the player to, like the highest of the others."""
        p, points = ev["player"], ev["points"]
        o = self.model.options
        lives = o.get("lives") or 0
        like = [s for s in range(self.board.n) if s != p and self.model.in_game(s) and self.model.totals[s] == points]
        stake = gm.buyback_price(o)
        return lambda: gurka_words.buys_back(self.name(p), self.you(p), gurka_words.standing(points, lives),
                                   messages.join_names([self.name(s) for s in like]) if like else "",
                                   messages.chips(stake) if stake else "")

    # -- texts ---------------------------------------------------------------------------------------
    def header(self) -> str:
        m = self.model
        o = m.options
        # TRANSLATORS: the table header; {n} is the number of the deal (1, 2, ...)
        line = _("Deal {n}").format(n=m.deals) if m.deals else ""
        if o.get("rounds"):
            # TRANSLATORS: seven-round Gúrka; {n} is the deal's number, {total} how many deals
            line = _("Round {n} of {total}").format(n=m.deals, total=o["rounds"])
        if m.deals and any(m.in_deal) and not m.deal_over():
            n = len(m.tricks) + (0 if m.trick_over() and not self.swept else 1)
            total = m.tricks_in_deal()
            line += "  ·  " + gurka_words.trick_counter(min(n, total), total)
        if o.get("stake"):
            line += "  ·  " + messages.pot(m.pot)
        if not o.get("lives") and o.get("rounds") is None:
            if o.get("out_rule") == "reach":
                # TRANSLATORS: the points limit, e.g. "Out at 30"
                word = _("Out at {n}")
            else:
                # TRANSLATORS: the points limit when only going above it knocks you out,
                # e.g. "Out above 21"
                word = _("Out above {n}")
            line += "  ·  " + word.format(n=o.get("limit"))
        return line.strip().removeprefix("·").strip()      # before the first deal: no deal part

    def seat_line(self, seat: int, count: int) -> list[str]:
        parts = super().seat_line(seat, count)
        m = self.model
        total = self.timeline.count.value(seat, self.timeline.now) if self.timeline.count.new else m.totals[seat]
        lives = m.options.get("lives")
        if lives:
            left = max(0, lives - int(round(total)))
            parts.append("♥" * left + "♡" * (lives - left))
        else:
            parts.append(messages.points(int(round(total))))
        return parts

    def seat_extra_key(self, seat: int) -> tuple:
        chips = self.board.held_chips()
        return (chips[seat],) if chips else ()

    def seat_extra(self, surface, seat: int, rect) -> None:
        chips = self.board.held_chips()
        if not chips:
            return
        u = self.lay.u
        theme.blit_text(surface, messages.chips(chips[seat]), 12 * u,
                    (rect.left + int(10 * u), rect.bottom - int(4 * u)), theme.ACCENT, anchor="bottomleft")

    # -- the middle of the table ---------------------------------------------------------------------
    def draw_centre(self, surface) -> None:
        draw_centre(self, surface)

    # -- the end ----------------------------------------------------------------------------------------
    def result(self) -> tuple[str, list[str]]:
        board = self.board
        m = self.model
        you = messages.local_seat(board.humans)
        winners = list(m.winners or [])
        title = messages.wins([self.name(w) for w in winners if w != you], you in winners)
        lives = m.options.get("lives")
        lines = []
        for p in sorted(range(board.n), key=lambda p: m.totals[p]):
            if lives:
                left = max(0, lives - int(round(m.totals[p])))
                # TRANSLATORS: a Gurka result with lives; {name} is a name, {n} the lives left
                lines.append(ngettext("{name}: {n} life left", "{name}: {n} lives left", left).format(
                    name=self.name(p), n=left))
            else:
                lines.append(f"{self.name(p)}: {messages.points(m.totals[p])}")
        if board.session.get("chips") and m.pot and winners:
            lines.append(messages.takes_pot([self.name(w) for w in winners if w != you], you in winners, m.pot))
        return title, lines

    def score_sheet(self):
        return sheet.gurka_sheet(self.model, self.board.players, self.board.held_chips())

    def hint_line(self, hint: dict) -> str:
        return hint_words.gurka_line(hint, self.board.settings)

    # -- the replay viewer's chapters --------------------------------------------------------------
    def chapters(self, events: list[dict]) -> list[int]:
        """Where each deal begins."""
        return [i for i, e in enumerate(events) if e["type"] == "deal"]

    def chapter_label(self, k: int, total: int) -> str:
        # TRANSLATORS: the replay viewer; {n} is a deal's number, {total} how many deals
        return _("Deal {n} of {total}").format(n=k, total=total)
