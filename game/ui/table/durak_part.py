"""Podkidnoy Durak at the table: the stock and trump, bouts of pairs, takes, the refill."""

from __future__ import annotations

import pygame

from ...engine.cards import RANKS
from ...engine.public import new_table
from ...engine.views import seen_cards
from ...i18n import _, ngettext
from .. import cards as card_faces
from .. import messages
from .. import resume_point
from .. import theme
from .. import tool_names
from . import durak_words
from . import hint_words, marks, pace, sheet
from .part_base import LED, SUIT_ORDER, LookBack, TablePart


class DurakPart(TablePart):
    holds_pairs = True

    def __init__(self, board, cues, draw):
        super().__init__(board, cues, draw)
        self._bout_head: int | None = None    # the move log's heading of the bout under way

    # -- hands ------------------------------------------------------------------------------
    def sort_hand(self, cards: list[str]) -> list[str]:
        trump = self.model.trump
        if self.by_suit():
            return sorted(cards, key=lambda c: (c[1] == trump, SUIT_ORDER.index(c[1]), RANKS.index(c[0])))
        return sorted(cards, key=lambda c: (c[1] == trump, RANKS.index(c[0]), SUIT_ORDER.index(c[1])))

    def static_key(self) -> tuple:
        now = self.timeline.now
        moving = {f.card for f in self.timeline.flights}
        return (getattr(self, "swept", True), tuple(c for c, _p in getattr(self, "ending", ())),
                frozenset(f.card for f in self.timeline.flights if f.face_up and not f.started(now)),
                tuple(c for _p, c in self.model.shown_trumps() if c not in moving))

    def replay_from(self, events: list[dict], seen: int | None = None) -> int:
        return resume_point.durak(events, seen)

    # -- events -----------------------------------------------------------------------------
    def on_deal(self, ev: dict) -> float:
        self.cues.sound("shuffle")
        self.fold(ev)
        dur = self.deal_flights(self.lay.stock_pos())
        self.cues.sound("deal")
        return dur + (300 * self.speed() if dur else 0.0)

    def _trump_dealt(self) -> bool:
        """Whether the deal gave anyone a trump (else forehand opens a first game too: the
        rules' house default); its holder shows the lowest one, so every seat knows."""
        return self.model.lowest_trump is not None

    def on_attack(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.speed()
        src = self.draw.card_source(p, ev["cards"])
        self.fold(ev)
        self.ending: list = []
        base = len(self.model.pairs) - len(ev["cards"])
        if sp > 0:
            for j, c in enumerate(ev["cards"]):
                self.timeline.fly(c, True, self.lay.frac(src[j]), self._pair_target(base + j, 0), j * 70 * sp,
                            pace.PLAY_FLIGHT * sp, self.lay.hand_w / self.lay.size[0])
        m = self.model
        if len(m.bouts) == 1 and len(m.bout.pairs) == len(ev["cards"]):
            # the first attack of the game: who opens, and why
            self.announce(durak_words.opens(self.name(p), self.you(p), m.game == 1 and self._trump_dealt()))
        self.cues.sound("play")
        return (pace.PLAY_FLIGHT + 70 * len(ev["cards"])) * sp

    def on_defend(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.speed()
        src = self.draw.card_source(p, [ev["card"]])
        self.fold(ev)
        i = next((k for k, pr in enumerate(self.model.pairs) if pr[0] == ev["attack"]), 0)
        if sp > 0:
            self.timeline.fly(ev["card"], True, self.lay.frac(src[0]), self._pair_target(i, 1), 0.0,
                        pace.PLAY_FLIGHT * sp, self.lay.hand_w / self.lay.size[0])
        self.cues.sound("play")
        return (pace.PLAY_FLIGHT + pace.PLAY_SETTLE) * sp

    def _pair_target(self, i: int, j: int):
        return lambda: self.lay.pair_pos(i, j, len(self.model.pairs))

    def on_transfer(self, ev: dict) -> float:
        """Transfer Durak: the defender passes the attack on.  A card laid joins the attack; a
        trump shown lifts from the hand, is held up for all to see, and goes back; the
        defender's marker moves to the next player."""
        p, card, shown = ev["player"], ev["card"], ev["shown"]
        sp = self.speed()
        src = self.draw.card_source(p, [card])
        self.fold(ev)
        m = self.model
        nd = m.defender
        lay = self.lay
        width = lay.hand_w / lay.size[0]
        if shown:
            spot = self.show_spot(p)
            if sp > 0:
                up = pace.PLAY_FLIGHT * sp
                fx, fy = lay.frac(spot)

                def held():          # held up at the table's card size, where the window puts it
                    return (fx * self.lay.size[0], fy * self.lay.size[1], self.lay.table_w)
                big = lay.table_w / lay.size[0]
                self.timeline.fly(card, True, lay.frac(src[0]), held, 0.0, up, width)
                self.timeline.fly(card, True, (fx, fy), held, up, pace.SHOW_HOLD * sp, big)
                self.timeline.fly(card, True, (fx, fy), self.draw.hand_target(p, card),
                                  up + pace.SHOW_HOLD * sp, pace.PLAY_FLIGHT * sp, big, seat=p)
            dur = (2 * pace.PLAY_FLIGHT + pace.SHOW_HOLD) * sp
        else:
            if sp > 0:
                self.timeline.fly(card, True, lay.frac(src[0]), self._pair_target(len(m.pairs) - 1, 0), 0.0,
                                  pace.PLAY_FLIGHT * sp, width)
            dur = (pace.PLAY_FLIGHT + pace.PLAY_SETTLE) * sp
        # TRANSLATORS: transfer Durak: a banner at the seat that passed the attack on
        self.timeline.banner(_("Passes it on"), max(700.0, pace.BANNER * sp), seat=p, color=theme.ACCENT)
        if nd is not None and nd >= 0:
            # TRANSLATORS: transfer Durak: a banner at the seat the attack was passed on to
            self.timeline.banner(_("Defends now"), max(700.0, pace.BANNER * sp), delay=dur * 0.5, seat=nd,
                                 color=theme.ERROR)
        self.announce(durak_words.passes_on(self.name(p), self.you(p), self.card_text([card]), shown,
                                            self.name(nd), self.you(nd)))
        self.cues.sound("play")
        return dur

    def show_spot(self, seat: int) -> tuple[int, int]:
        """Where a trump shown by ``seat`` is held up: from its panel a third of the way to
        the middle of the table (above the hand for the player at the screen)."""
        lay = self.lay
        sx, sy = lay.seat_dir(seat)
        cx, cy = lay.center
        return (int(sx + (cx - sx) * 0.4), int(sy + (cy - sy) * 0.4))

    def on_pass(self, ev: dict) -> float:
        self.fold(ev)
        # TRANSLATORS: Durak: the attacker adds nothing more ("done")
        self.timeline.banner(_("Done"), max(500.0, 900 * self.speed()), seat=ev["player"], color=theme.TEXT)
        return 250 * self.speed()

    def on_take(self, ev: dict) -> float:
        self.fold(ev)
        p = ev["player"]
        self.timeline.banner(_("Takes"), max(700.0, pace.TAKE_HOLD * self.speed()), seat=p, color=theme.ERROR)
        self.announce(durak_words.takes(self.name(p), self.you(p)), pace.TAKE_HOLD, color=theme.ERROR)
        return 500 * self.speed()

    def on_swap(self, ev: dict) -> float:
        self.fold(ev)
        card = self.model.swaps[-1][2]                  # the card the six was swapped for
        p = ev["player"]
        self.timeline.banner(_("swaps the trump six"), max(700.0, 1200 * self.speed()), seat=p, color=theme.ACCENT)
        self.announce(durak_words.swaps(self.name(p), self.you(p), self.card_text([card]) if card else ""))
        return 900 * self.speed()

    def on_bout_end(self, ev: dict) -> float:
        sp = self.speed()
        m = self.model
        cards = [(i, j, c) for i, pr in enumerate(m.pairs) for j, c in enumerate(pr) if c]
        count = len(m.pairs)
        positions = [self.lay.pair_pos(i, j, count) for i, j, _c in cards]
        taker = m.defender
        self.fold(ev)
        taken = ev["result"] == "taken"
        name, you = self.name(taker), self.you(taker)
        text = durak_words.picks_up(name, you, len(cards)) if taken else durak_words.held(name, you)
        color = theme.ERROR if taken else theme.GOOD
        self.swept = False
        self.ending = [(c, pos) for (_i, _j, c), pos in zip(cards, positions)]

        def sweep(delay: float = 0.0):
            sp = self.speed()
            if sp > 0:
                width = self.lay.table_w / self.lay.size[0]
                for (_i, _j, c), pos in zip(cards, positions):
                    if taken and taker is not None:
                        self.timeline.fly(c, True, self.lay.frac(pos[:2]), self.draw.hand_target(taker, c), delay,
                                    pace.SWEEP * sp, width, seat=taker)
                    else:
                        self.timeline.fly(c, True, self.lay.frac(pos[:2]), self.draw.fixed(self.lay.discard_pos()),
                                    delay, pace.SWEEP * sp, width, vanish=True)
            self.swept = True
            self.timeline.wait(delay + (pace.SWEEP + 150) * sp)

        self.cues.sound("trick")
        if self.hold_or(False, sweep):
            self.announce(text, color=color, sticky=True)
            return pace.BOUT_HOLD * sp
        self.announce(text, pace.BOUT_HOLD + pace.SWEEP, color=color)
        sweep(pace.BOUT_HOLD * sp)
        return (pace.BOUT_HOLD + pace.SWEEP + 150) * sp

    def on_draw(self, ev: dict) -> float:
        p = ev["player"]
        sp = self.speed()
        self.fold(ev)
        cards = seen_cards(ev["cards"])
        if sp > 0:
            for j, c in enumerate(cards):
                self.timeline.fly(c, False, self.lay.frac(self.lay.stock_pos()), self.draw.hand_target(p, c),
                            j * 50 * sp, pace.DEAL_FLIGHT * sp, self.lay.small_w / self.lay.size[0], seat=p)
        return (len(cards) * 50 + pace.DEAL_FLIGHT) * sp

    def on_out(self, ev: dict) -> float:
        self.fold(ev)
        self.out_banner(ev["player"])
        return 600 * self.speed()

    # -- the move log ------------------------------------------------------------------------------
    def log(self, ev: dict) -> None:
        """(A take is not a line of its own: the bout's end says who picked up how many.)
        Each entry says its move when it is read (in the language of that moment)."""
        log = self.board.log
        m = self.model
        kind = ev["type"]
        p = ev.get("player")
        if kind == "deal":
            n = m.game
            log.head(lambda: _("Game {n}").format(n=n))
        elif kind == "attack":
            opening = m.bout is not None and len(m.bout.pairs) == len(ev["cards"])
            if opening:                 # a bout begins: its heading says who opened it
                number = len(m.bouts)
                self._bout_head = log.group(lambda: durak_words.bout_heading(number, self.name(p), self.you(p)))
            cards = ev["cards"]
            log.add(p, lambda: durak_words.attacks(self.name(p), self.you(p), self.card_text(cards), opening))
        elif kind == "defend":
            a, d = ev["attack"], ev["card"]
            log.add(p, lambda: durak_words.beats(self.name(p), self.you(p), self.card_text([a]), self.card_text([d])))
        elif kind == "transfer":
            card, shown, to = ev["card"], ev["shown"], m.defender
            log.add(p, lambda: durak_words.passes_on(self.name(p), self.you(p), self.card_text([card]), shown,
                                                     self.name(to), self.you(to)))
        elif kind == "swap":
            card = self.model.swaps[-1][2] if self.model.swaps else None
            log.add(p, lambda: durak_words.swaps(self.name(p), self.you(p), self.card_text([card]) if card else ""))
        elif kind == "bout_end":
            b = m.bouts[-1]
            result, defender, count = b.result, b.defender, len(b.cards())
            if self._bout_head is not None:     # … and once it is over, how it ended
                number, opener = len(m.bouts), b.led_by
                log.replace(self._bout_head, lambda: durak_words.bout_heading(
                    number, self.name(opener), self.you(opener),
                    durak_words.bout_title(result, self.name(defender), self.you(defender), count)))
                self._bout_head = None
            else:
                log.add(None, lambda: durak_words.bout_title(result, self.name(defender), self.you(defender), count))
        elif kind == "draw":
            n = len(seen_cards(ev["cards"]))
            if n:
                log.add(None, lambda: durak_words.draws(self.name(p), self.you(p), n))
        elif kind == "out":
            teams = bool(m.options.get("teams"))
            log.add(None, lambda: durak_words.safe(self.name(p), self.you(p), teams))

    # -- the look back -----------------------------------------------------------------------------
    def can_look_back(self) -> bool:
        return any(b.result for b in self.model.bouts)

    def lookback(self) -> LookBack | None:
        done = [b for b in self.model.bouts if b.result]
        if not done or self.lay is None:
            return None
        b = done[-1]
        lay = self.lay
        count = len(b.pairs)
        title = durak_words.bout_title(b.result, self.name(b.defender), self.you(b.defender), len(b.cards()))
        caption = durak_words.opened(self.name(b.led_by), self.you(b.led_by))
        if b.transfers:
            caption += " · " + durak_words.passed_on([self.name(p) for p, _c, _s in b.transfers])
        out = LookBack(caption + " · " + title)
        mark = theme.GOOD if b.result == "beaten" else None
        for i, (a, d, attacker) in enumerate(b.pairs):
            out.cards.append((a, lay.look_pair_pos(i, 0, count), None))
            if d:
                out.cards.append((d, lay.look_pair_pos(i, 1, count), mark))
            out.tags.append((lay.look_pair_pos(i, 1, count), self.name(attacker), LED if i == 0 else None))
        return out

    def lookback_label(self) -> str:
        return tool_names.previous_bout()

    # -- texts ---------------------------------------------------------------------------------------
    def header(self) -> str:
        m = self.model
        line = _("Trump: {suit}").format(suit=card_faces.SUIT_GLYPH[m.trump]) if m.trump else ""
        viewer = self.board.viewer
        team = self.team(viewer) if viewer is not None and 0 <= viewer < self.board.n else None
        if team is not None and viewer in self.board.humans:
            partners = [self.name(p) for p in range(self.board.n) if p != viewer and self.team(p) == team]
            # TRANSLATORS: the table header in Durak for teams: who plays with the player at the
            # screen, {n} the team's number (its badge on the seats), {names} "Clara and Emma"
            line += "  ·  " + _("Your team ({n}): {names}").format(n=team + 1, names=messages.join_names(partners))
        game = self.board.session.get("game", 1)
        if game > 1:
            # TRANSLATORS: the table header; {n} is the game's number in this session
            line += "  ·  " + _("Game {n}").format(n=game)
        return line.strip().removeprefix("·").strip()

    def team(self, seat: int) -> int | None:
        return self.model.team_of(seat)

    def seat_line(self, seat: int, count: int) -> list[str]:
        parts = super().seat_line(seat, count)
        m = self.model
        if m.in_game(seat) and m.pairs:
            if m.defender == seat:
                parts.append(_("defends"))
            elif m.attacker == seat:
                parts.append(_("attacks"))
            elif seat in m.throwers():
                # TRANSLATORS: Durak, a seat's role in the bout: may add cards to the attack
                parts.append(_("throws in"))
        return parts

    # -- the middle of the table ---------------------------------------------------------------------
    def draw_centre(self, surface) -> None:
        m = self.model
        d = self.draw
        lay = self.lay
        u = lay.u
        sx, sy = lay.stock_pos()
        if m.stock and m.bottom:
            d.card(surface, m.bottom, True, (sx + lay.table_w * 0.45, sy), lay.table_w, angle=90)
        if m.stock:
            below = sy + lay.table_h // 2
            if m.stock > 1:
                below = d.stack(surface, (sx, sy), lay.table_w, m.stock - 1).bottom
            theme.blit_text(surface, str(m.stock), 18 * u, (sx, below + int(6 * u)), theme.TEXT,
                        bold=True, anchor="midtop")
        elif m.trump:
            color = card_faces.suit_color(m.trump, self.board.settings) \
                if m.trump in "SC" else (220, 60, 60)
            if theme.high_contrast():       # on the black table: white, or a light red
                color = theme.TEXT if m.trump in "SC" else (255, 120, 120)
            theme.blit_text(surface, card_faces.SUIT_GLYPH[m.trump], 54 * u, (sx, sy), color, anchor="center")
        if m.discard:
            dx, dy = lay.discard_pos()
            for k in range(min(5, m.discard // 2 + 1)):
                d.card(surface, None, False, (dx + (k % 2) * 3 * u, dy - k * 1.5 * u), lay.table_w,
                       angle=12 + k * 9, shadow=False)
            self.discard_label(surface, (dx, dy + lay.table_h // 2 + int(10 * u)))
        now = self.timeline.now
        waiting = {f.card for f in self.timeline.flights if f.face_up and not f.started(now)}
        for c, (x, y, w) in getattr(self, "ending", ()):
            if not self.swept or c in waiting:     # the finished bout, until it is swept
                d.card(surface, c, True, (x, y), w)
        flying = {f.card for f in self.timeline.flights if f.seat is None}
        legal = self.cues.legal()
        count = len(m.pairs)
        for i, pair in enumerate(m.pairs):
            for j, c in enumerate(pair):
                if not c or c in flying:
                    continue
                x, y, w = lay.pair_pos(i, j, count)
                d.card(surface, c, True, (x, y), w)
        # transfer Durak: a trump shown to pass the attack on, beside its holder's panel for
        # the rest of the bout (once it is back from being shown)
        moving = {f.card for f in self.timeline.flights}
        for p, c in m.shown_trumps():
            if p != self.board.viewer and c not in moving:
                self.draw_shown(surface, p, c)
        # a picked card that can beat several attacks: each it can beat glows, with its key
        for i, digit in marks.attack_keys(m.pairs, lambda a: a not in flying and self.board.sel.can_beat(a, legal)):
            x, y, w = lay.pair_pos(i, 0, count)
            d.mark(surface, (x, y), w, theme.GOOD)
            marks.key_badge(surface, (x, y - card_faces.height_for(w) // 2), lay.u, digit)

    def shown_pos(self, seat: int) -> tuple[int, int]:
        """Where a trump ``seat`` showed lies for the rest of the bout: over the right end of
        its panel (under it for a seat in the top half of the table)."""
        lay = self.lay
        r = lay.seat_rect(seat)
        h = card_faces.height_for(lay.small_w)
        x = r.right - int(lay.small_w * 0.6)
        if r.centery < lay.center[1] and r.top < h:
            return (x, r.bottom + int(h * 0.55))
        return (x, r.top - int(h * 0.55))

    def draw_shown(self, surface, seat: int, card: str) -> None:
        """A trump ``seat`` showed to pass the attack on, face up by its panel, named as shown."""
        lay = self.lay
        x, y = self.shown_pos(seat)
        r = self.draw.card(surface, card, True, (x, y), lay.small_w)
        # TRANSLATORS: transfer Durak: the tag under a trump a player showed to pass the attack
        # on (it stays in their hand, everyone knows it)
        theme.blit_text(surface, _("shown"), 13 * lay.u, (r.centerx, r.bottom + int(2 * lay.u)), theme.ACCENT,
                        bold=True, anchor="midtop", max_width=lay.small_w * 2.2)

    def discard_label(self, surface, midtop) -> pygame.Rect:
        """The discard pile's name under it, moved clear of a seat's panel beside it (which
        covered its end with 5-6 players in a small window)."""
        lay = self.lay
        img = theme.render(_("Discard"), 14 * lay.u, theme.TEXT_DIM)
        r = img.get_rect(midtop=midtop)
        for seat in range(self.board.n):
            panel = lay.seat_rect(seat)
            if lay.seat_slot(seat) and r.colliderect(panel):
                r.right = panel.left - int(4 * lay.u)
        surface.blit(img, r)
        return r

    def pair_at(self, pos) -> int | None:
        count = len(self.model.pairs)
        for i in range(count):
            x, y, w = self.lay.pair_pos(i, 0, count)
            r = pygame.Rect(0, 0, w, card_faces.height_for(w))
            r.center = (int(x), int(y))
            if r.inflate(int(w * 0.3), int(w * 0.3)).collidepoint(pos):
                return i
        return None

    # -- the end ----------------------------------------------------------------------------------------
    def result(self) -> tuple[str, list[str]]:
        """The durak (or the losing team, or a draw), who went out in which order, and the
        evening's tally of duraks (the session's, this game included)."""
        m = self.model
        you = messages.local_seat(self.board.humans)
        if m.losing_team:
            title = messages.team_result([self.name(s) for s in range(self.board.n)], m.losing_team,
                                         self.board.humans)
        elif m.loser is not None:
            title = messages.is_durak(self.name(m.loser), m.loser == you)
        elif m.end_reason == "stalemate":
            # TRANSLATORS: Durak's result when the game ended as a draw without everybody out
            title = _("A draw")
        else:
            title = _("A draw: everybody is out")
        lines = []
        if m.end_reason == "stalemate":
            # TRANSLATORS: Durak's result: why the game is a draw (the rules end it there)
            lines.append(_("The defender picked up the cards a hundred bouts in a row."))
        if m.out_order:
            # TRANSLATORS: Durak's result; {names} are the players who got rid of their cards, first first
            lines.append(_("Out first to last: {names}").format(names=", ".join(self.name(p) for p in m.out_order)))
        tally = [0] * self.board.n
        for losers in sheet.durak_log(self.board.session, self.board.n):
            for p in losers:
                tally[p] += 1
        for p in sorted((p for p in range(self.board.n) if tally[p]), key=lambda p: -tally[p]):
            # TRANSLATORS: Durak's result, the evening's tally; {name} is a name, {n} a count
            lines.append(ngettext("{name}: durak {n} time this evening", "{name}: durak {n} times this evening",
                                  tally[p]).format(name=self.name(p), n=tally[p]))
        return title, lines

    def score_sheet(self):
        return sheet.durak_sheet(self.model, self.board.players, self.board.session)

    def note_result(self, session: dict, final) -> None:
        sheet.add_durak_game(session, final)

    def hint_line(self, hint: dict) -> str:
        return hint_words.durak_line(hint, self.board.settings)

    # -- the replay viewer's chapters --------------------------------------------------------------
    def chapters(self, events: list[dict]) -> list[int]:
        """Where each bout begins (its opening attack)."""
        table = new_table(self.board.rules, self.model.options, self.board.players)
        starts = []
        for i, e in enumerate(events):
            if e["type"] == "attack" and not table.on_table():
                starts.append(i)
            table.apply(e)
        return starts

    def chapter_label(self, k: int, total: int) -> str:
        # TRANSLATORS: the replay viewer; {n} is a bout's number, {total} how many bouts
        return _("Bout {n} of {total}").format(n=k, total=total)
