"""The table's clock: cards in flight, banners, the count-up of totals, waits, skipping.

Times are milliseconds of the table's own clock (:attr:`Timeline.now`), advanced by the
scene's ``update``.  Durations given to :meth:`Timeline.fly` and friends are base
durations; the caller multiplies them by the speed factor (0 = instant: nothing is
queued).  No rules and no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import motion
from .. import theme


def ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """One card moving across the table."""

    card: str | None
    face_up: bool
    src: tuple[float, float]            # (x, y) as fractions of the window
    target: Callable[[], tuple]         # () -> (x, y, width) in pixels, asked every frame
    start: float
    dur: float
    width_from: float                   # fraction of the window width
    vanish: bool = False                # gone on arrival (swept, discarded), flown straight
    seat: int | None = None             # a seat whose shown card count waits for this card

    def __post_init__(self):
        self.dur = max(1.0, self.dur)

    def done(self, now: float) -> bool:
        return now >= self.start + self.dur

    def started(self, now: float) -> bool:
        return now >= self.start

    def progress(self, now: float) -> float:
        return ease((now - self.start) / self.dur)


@dataclass
class Banner:
    """A short text on the table: in a seat's panel (``seat``), on the announcement line
    between the middle of the table and the prompt, or big (a shout).  A newer banner at the
    same place replaces the older one, so that texts never pile up."""

    text: str
    start: float
    dur: float
    big: bool = False
    seat: int | None = None
    color: tuple = theme.ACCENT
    sub: str = ""

    def alpha(self, now: float) -> int:
        t = (now - self.start) / max(1.0, self.dur)
        return 255 if t < 0.8 else max(0, min(255, int(255 * (1 - (t - 0.8) / 0.2))))

    def place(self) -> tuple:
        return ("big",) if self.big else ("seat", self.seat) if self.seat is not None else ("news",)


@dataclass
class CountUp:
    """Totals counting from their old to their new values after a deal is scored."""

    start: float = 0.0
    dur: float = 0.0
    old: list[float] = field(default_factory=list)
    new: list[float] = field(default_factory=list)

    def value(self, seat: int, now: float) -> float:
        if not self.dur or now >= self.start + self.dur or seat >= len(self.new) or motion.reduced():
            return self.new[seat] if seat < len(self.new) else 0.0
        t = ease((now - self.start) / self.dur)
        return self.old[seat] + (self.new[seat] - self.old[seat]) * t

    def running(self, now: float) -> bool:
        return bool(self.dur) and now < self.start + self.dur


class Timeline:
    def __init__(self):
        self.now = 0.0
        self.busy_until = 0.0
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.count = CountUp()
        #: waiting for the player (a finished trick): what to do when they go on, else None
        self.held: Callable[[], None] | None = None
        #: (time, what): done once the clock reaches the time (the scoreboard after a shout)
        self.due: list[tuple[float, Callable[[], None]]] = []

    # -- queueing ---------------------------------------------------------------------
    def fly(self, card, face_up: bool, src, target, delay: float, dur: float, width_from: float,
            vanish: bool = False, seat: int | None = None) -> None:
        self.flights.append(Flight(card, face_up, src, target, self.now + delay, dur, width_from,
                                   vanish, seat))

    def banner(self, text: str, dur: float, delay: float = 0.0, **kw) -> Banner:
        b = Banner(text, self.now + delay, dur, **kw)
        for old in self.banners:
            if old.place() == b.place() and old.start + old.dur > b.start:
                old.dur = max(1.0, b.start - old.start)
        self.banners.append(b)
        return b

    def shown(self, place: tuple) -> Banner | None:
        """The banner showing now at ``place`` (see :meth:`Banner.place`)."""
        now = self.now
        for b in reversed(self.banners):
            if b.place() == place and b.start <= now < b.start + b.dur:
                return b
        return None

    def after(self, dur: float, then: Callable[[], None]) -> None:
        """Do ``then`` once ``dur`` ms have passed (and show nothing further before)."""
        self.due.append((self.now + dur, then))
        self.wait(dur)

    def keep(self, place: tuple) -> None:
        """The banner showing at ``place`` stays, wholly opaque, until it is ended or replaced
        (an announcement the player reads while deciding: it never fades over the prompt)."""
        b = self.shown(place)
        if b is not None:
            b.dur = max(b.dur, 1e9)

    def end(self, place: tuple) -> None:
        """End the banners at ``place`` now."""
        for b in self.banners:
            if b.place() == place and b.start + b.dur > self.now:
                b.dur = max(1.0, self.now - b.start)

    def hold(self, then: Callable[[], None] | None = None) -> None:
        """Show nothing further until the player goes on (:meth:`release`)."""
        self.held = then or (lambda: None)

    def release(self) -> bool:
        """The player went on: True when something was held."""
        if self.held is None:
            return False
        then, self.held = self.held, None
        then()
        return True

    def wait(self, dur: float) -> None:
        """Nothing further is shown before ``dur`` ms from now."""
        self.busy_until = max(self.busy_until, self.now + dur)

    def count_totals(self, old: list, new: list, dur: float) -> None:
        self.count = CountUp(self.now, dur, [float(x) for x in old], [float(x) for x in new])

    def set_totals(self, totals: list) -> None:
        self.count = CountUp(self.now, 0.0, [float(x) for x in totals], [float(x) for x in totals])

    # -- per frame ------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        self.now += dt
        now = self.now
        if self.due:
            ready = [fn for t, fn in self.due if t <= now]
            self.due = [(t, fn) for t, fn in self.due if t > now]
            for fn in ready:
                fn()
        if self.flights:
            self.flights = [f for f in self.flights if not f.done(now)]
        if self.banners:
            self.banners = [b for b in self.banners if now < b.start + b.dur]

    def waiting(self) -> bool:
        """True while the last queued step still shows, the player is to go on, or something
        is due (the next event must wait)."""
        return self.now < self.busy_until or self.held is not None or bool(self.due)

    def moving(self, banners: bool = True) -> bool:
        """Something changes on screen (a banner that waits for the player does not;
        ``banners=False``: no banner shows, as under an overlay)."""
        return (bool(self.flights) or (banners and any(b.dur < 1e8 for b in self.banners))
                or self.count.running(self.now))

    def landing(self, seat: int) -> int:
        """Cards still flying towards ``seat``'s hand."""
        return sum(1 for f in self.flights if f.seat == seat and not f.vanish)

    def landing_cards(self) -> set:
        return {f.card for f in self.flights if f.seat is not None and not f.vanish and f.card}

    def reset(self) -> None:
        """Nothing left to show or wait for (the table is shown afresh, as after an undo):
        no animation, no held trick, nothing due."""
        self.skip()
        self.held = None
        self.due = []

    def skip(self) -> None:
        """Drop every animation still to come (the explicit skip)."""
        self.flights.clear()
        self.banners.clear()
        self.busy_until = self.now
        self.count.dur = 0.0
        self.due = [(self.now, fn) for _t, fn in self.due]
