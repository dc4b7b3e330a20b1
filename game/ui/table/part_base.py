"""What every family's table part shares: showing an event, the deal, going out, the end.

A family part (:mod:`.gurka_part`, :mod:`.durak_part`) implements what differs between
families in showing the game: how an event is animated (``on_<event type>``), the move
log, the look back, the header line, a seat's status line, what lies in the middle of the
table, and the result.  The player's decision (buttons, prompt) is the family's
:mod:`.decision_base` subclass.  It folds every event into the board's public table itself
(``self.fold(ev)``), at the moment its animation needs: before it for the cards' new
places, after reading where they came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...i18n import _
from .. import messages
from .. import rules_text
from .. import theme
from .. import tool_names
from . import pace
from .board import Board, Cues

#: between the parts of a seat's tags in words ("team 2 · Normal", :meth:`TablePart.seat_words`)
LEVEL_SEP = " · "

#: suits in the hand when it is sorted by suit: black and red in turn
SUIT_ORDER = "SHCD"


#: a look back's name tag of who led the trick (opened the bout), and of who took it
LED, TOOK = "led", "took"


@dataclass
class LookBack:
    """The previous trick or bout as the look back shows it: a caption (who led, who took
    it) and every card where it lies, with the name of who played it (``tags``: (x, y,
    width) of a card, a name to put under it, and :data:`LED` / :data:`TOOK` / None: the
    tag of who led and of who took it are marked)."""

    title: str
    cards: list = field(default_factory=list)     # (card, (x, y, width), mark colour or None)
    tags: list = field(default_factory=list)      # ((x, y, width), name, LED / TOOK / None)


class TablePart:
    #: the middle of the table holds pairs, a stock and a discard pile (Durak): what room
    #: larger cards leave there (:class:`.layout.Layout`)
    holds_pairs = False

    def __init__(self, board: Board, cues: Cues, draw):
        """``board``: what the screen shows; ``cues``: what the part may ask of the screen
        (:mod:`.board`); ``draw``: the table's renderer (:class:`.draw.Renderer`), whose
        card drawing and places the animations use."""
        self.board = board
        self.cues = cues
        self.draw = draw

    # -- shortcuts ------------------------------------------------------------------------------
    @property
    def model(self):
        """The public table as shown (:mod:`game.engine.public`)."""
        return self.board.model

    @property
    def lay(self):
        return self.board.lay

    @property
    def timeline(self):
        return self.board.timeline

    def speed(self) -> float:
        return self.cues.speed()

    def fold(self, ev: dict) -> None:
        self.board.model.apply(ev)

    def name(self, seat: int | None) -> str:
        """The seat's player's name ("" for no seat: an event that names none)."""
        return "" if seat is None else self.board.name(seat)

    def you(self, seat) -> bool:
        """Is ``seat`` the player at the screen (their own sentences, never their name)?"""
        return self.board.you(seat)

    def card_text(self, cards) -> str:
        return self.board.card_text(cards)

    def announce(self, text: str, dur: float | None = None, color=theme.TEXT, delay: float = 0.0,
                 sticky: bool = False) -> None:
        """A sentence on the announcement line, shown a readable while even when fast;
        ``sticky``: until the next announcement or the player goes on (a held trick)."""
        length = pace.NEWS if dur is None else dur
        self.board.said.append(text)
        dur = 1e9 if sticky else max(1200.0, length * self.speed())
        self.timeline.banner(text, dur, delay=delay * self.speed(), color=color)

    def next_event(self) -> dict | None:
        coming = self.cues.coming()
        return coming[0] if coming else None

    # -- showing one event -------------------------------------------------------------------------
    def show(self, ev: dict) -> bool:
        """Fold and animate one event; True when it raised an overlay (the update stops)."""
        handler = getattr(self, "on_" + ev["type"], None)
        if handler is None:
            self.fold(ev)
            self.log(ev)
            return False
        result = handler(ev)
        self.log(ev)
        self.cues.redraw()
        if result is True:
            return True
        self.timeline.wait(result or 0.0)
        return False

    def settled(self) -> None:
        """Everything shown is at rest (after a fast-forward or a skip)."""

    def log(self, ev: dict) -> None:
        """Write the event just shown into the move log (``self.board.log``), in words."""

    def replay_from(self, events: list[dict], seen: int | None = None) -> int:
        """Resuming a save: the index of the first event to show again with its animation
        (the moves of the trick or bout under way); the ones before are shown at once
        (:mod:`game.ui.resume_point`, which the words naming a save use too).  ``seen``: how
        many events the table had shown when it was saved (None: not known)."""
        return len(events)

    def lookback(self) -> LookBack | None:
        """The previous trick or bout, or None when there is none yet."""
        return None

    def can_look_back(self) -> bool:
        """Is there a previous trick or bout to show (cheap: asked every frame)?"""
        return False

    def lookback_label(self) -> str:
        return tool_names.previous_trick()

    def static_key(self) -> tuple:
        """What else the part's static drawing depends on (see :mod:`.layers`)."""
        return ()

    def shouts(self) -> list[tuple[str, tuple]]:
        """The shouts (text, colour) this game may show, drawn ahead (:meth:`.draw.Renderer.ahead`)."""
        return []

    def deal_flights(self, src) -> float:
        """Every dealt card from ``src`` to its hand, round by round from the dealer's left."""
        sp = self.speed()
        m = self.model
        if sp <= 0:
            return 0.0
        n = self.board.n
        depth = max(m.counts) if m.counts else 0
        order = [(m.dealer + i) % n for i in range(1, n + 1)]
        hands = [self.sort_hand(h) if h else None for h in m.hands]
        k = 0
        for r in range(depth):
            for seat in order:
                if r >= m.counts[seat]:
                    continue
                card = hands[seat][r] if hands[seat] else None
                self.timeline.fly(card, False, self.lay.frac(src), self.draw.hand_target(seat, card),
                            k * pace.DEAL_STEP * sp, pace.DEAL_FLIGHT * sp,
                            self.lay.small_w / self.lay.size[0], seat=seat)
                k += 1
        return (k * pace.DEAL_STEP + pace.DEAL_FLIGHT) * sp

    def on_game_over(self, ev: dict) -> bool:
        self.fold(ev)
        self.cues.game_over()
        return True

    # -- texts ------------------------------------------------------------------------------------
    def title(self) -> str:
        return f"{rules_text.ruleset_name(self.board.rules)} · {rules_text.ruleset_country(self.board.rules)}"

    def level(self, seat: int) -> str:
        """The seat's AI level (``normal``), or "" for a person."""
        spec = self.board.players[seat]["seat"]
        if spec == "human":
            return ""
        return spec.split(":")[1] if spec.count(":") >= 1 else ""

    def level_text(self, seat: int) -> str:
        return messages.level_name(self.level(seat))

    def team(self, seat: int) -> int | None:
        """The team ``seat`` plays for (0, 1), or None when everyone plays for themselves."""
        return None

    def seat_words(self, seat: int) -> str:
        """The seat's tags in whole words ("team 2 · Normal"): what its box shows, perhaps
        shorter, and says whole while the pointer rests on it."""
        team = self.team(seat)
        # TRANSLATORS: Durak in teams (2 v 2, 3 v 3): which team a seat plays for, 1 or 2
        parts = [_("team {n}").format(n=team + 1)] if team is not None else []
        level = self.level_text(seat)
        return LEVEL_SEP.join(parts + ([level] if level else []))

    def out_banner(self, seat: int) -> None:
        self.timeline.banner(_("is out"), max(800.0, 1200 * self.speed()), seat=seat, color=theme.GOOD)

    def by_suit(self) -> bool:
        """The player sorts the hand by suit (the setting), else by rank."""
        return self.board.settings.hand_sort == "suit"

    def hold_or(self, last: bool, then) -> bool:
        """A finished trick: wait for the player before ``then()`` when the setting asks
        (True), else leave ``then`` to the caller (False)."""
        if self.cues.hold(last):
            def go_on():
                self.timeline.end(("news",))
                then()
            self.timeline.hold(go_on)
            return True
        return False

    # -- to be provided ---------------------------------------------------------------------------
    def sort_hand(self, cards: list[str]) -> list[str]:  # pragma: no cover - interface
        raise NotImplementedError

    def header(self) -> str:
        return ""

    def seat_line(self, seat: int, count: int) -> list[str]:
        return [_("out")] if not self.model.in_game(seat) else [messages.cards_count(count)]

    def seat_extra(self, surface, seat: int, rect) -> None:
        """Anything drawn under a seat's panel (chips)."""

    def seat_extra_key(self, seat: int) -> tuple:
        """What :meth:`seat_extra` shows, for the frame's dirty rectangles."""
        return ()

    def draw_centre(self, surface) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def pair_at(self, pos) -> int | None:
        return None

    def result(self) -> tuple[str, list[str]]:  # pragma: no cover - interface
        raise NotImplementedError

    def outcome(self) -> str | None:
        """``won`` or ``lost`` for the player at the screen once the game is over (hot seat:
        ``won`` when one of the people at the screen won), None for a draw, a game of AI seats
        only, or a game not over: what the result screen celebrates or consoles."""
        winners = getattr(self.model, "winners", None)
        if not winners:
            return None
        humans = self.board.humans
        you = messages.local_seat(humans)
        if you is not None:
            return "won" if you in winners else "lost"
        return "won" if any(p in winners for p in humans) else None

    def score_sheet(self):  # pragma: no cover - interface
        """What the score sheet shows (:class:`.sheet.Sheet`)."""
        raise NotImplementedError

    def hint_line(self, hint: dict) -> str:  # pragma: no cover - interface
        """A hint's reason in one line (:mod:`.hint_words`)."""
        raise NotImplementedError

    def chapters(self, events: list[dict]) -> list[int]:  # pragma: no cover - interface
        """Where each deal (Durak: bout) begins in ``events``: the replay viewer's jumps."""
        raise NotImplementedError

    def chapter_label(self, k: int, total: int) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def note_result(self, session: dict, final) -> None:
        """The game ended (``final``: its public table): note what the session keeps of it
        (Durak: who was durak)."""
