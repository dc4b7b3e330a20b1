"""The table's side of a network game: what a host's or a joiner's screen does besides
drawing the stream (:mod:`game.net.hosted`).

Every frame, also under an overlay, the stream is served (the moves of the others come in,
the news goes out).  Until the host starts the game the waiting table (the ``lobby``
overlay) shows who has sat down, the code and the address; the seats' boxes under it say the
same names.  Something at the door ("Anna lost the connection", "Anna is back") is said on
the announcement line; a table phrase ("Well played!") shows in its sender's seat box, in this
screen's language, unless this screen muted that player.  A host is asked what to do with a
seat whose player is gone (the ``seat_lost`` overlay: the computer plays it, or wait).

A joiner whose host goes quiet (no line for :data:`QUIET` seconds: the host pings every two),
whose connection is lost, or whose host left, keeps the table on screen under the
``reconnecting`` overlay: it tries again by itself for :data:`RECONNECT_FOR` seconds, and the
player may Rejoin (with the seat's token) or Leave at any time; it closes by itself once the
seat is back.  A refusal or a host that breaks the rules is said in one line, and the joiner
goes back to the menu.  The host's save keeps the table's id, code, port and the seats'
tokens as they change, so that Continue opens the same table and its players take their
seats back.
"""

from __future__ import annotations

import time

from ...i18n import _
from ...net.protocol import seat_lost
from .. import theme

#: a joiner tries to get its connection back by itself for this long (seconds), once every RETRY
RECONNECT_FOR = 20.0
RETRY = 2.0
#: seconds without a line from the host before a joiner's screen says it is reconnecting
#: (the host says something at least every two seconds)
QUIET = 4.5
#: how long a table phrase shows in its sender's seat box (ms)
PHRASE_MS = 4000.0


class NetworkTable:
    def __init__(self, scene):
        """Names the scene's seats, raises its overlays and leaves it for the menu: handed the scene."""
        self.scene = scene
        self.stream = scene.stream
        self.net = scene.stream.network
        self.lobby_shown = False
        self._lost_since: float | None = None
        self._lost_problem: str | None = None
        self._retry_at = 0.0
        self._asked: tuple | None = None
        self.ended = False
        #: the joiner's connection is in trouble (the ``reconnecting`` overlay is up)
        self.trouble = False
        #: the seats whose table phrases this screen does not show
        self.muted: set[int] = set()
        #: when this screen's own phrases were said (the same limit as the host's)
        self.said_at: list[float] = []

    @property
    def active(self) -> bool:
        return self.net is not None

    # -- every frame ---------------------------------------------------------------------------
    def background(self) -> None:
        """Under an overlay: serve the table (the seats' names included); a joiner's end of the
        table still ends it."""
        if not self.active:
            return
        self.stream.serve()
        if self._problems():
            return
        self._keep_tokens()
        self.scene.refresh_players()

    def frame(self) -> None:
        """With the table on top: serve it, say the news, open the waiting table or a question."""
        if not self.active:
            return
        self.stream.serve()
        if self._problems():
            return
        self._keep_tokens()
        self.scene.refresh_players()
        if not self.net.started and not self.lobby_shown:
            self.lobby_shown = True
            self.scene.raise_event("lobby")
            return
        self._phrases()
        for news in self.net.news():
            self.scene.part.announce(news.text, color=theme.ACCENT)
            if news.kind == "lost" and self.net.hosting and self.net.started:
                self._ask(news.seat)
                return
        if self.net.hosting and self.net.started:
            seat = self.stream.to_act()     # a lost player's turn: the host is asked again
            if seat is not None and seat >= 0 and self._lost(seat) and not self.scene.busy():
                self._ask(seat)

    def _keep_tokens(self) -> None:
        """A host: a player who sits down or comes back is given a new token for their seat;
        the save keeps the tokens at once (not only after the next move), so that the host's
        Continue opens the table for the same players even when the host leaves right then."""
        s = self.scene
        if self.net.hosting and s.save_enabled and not s.finished and s.session.get("net") != self.net.keep():
            s.save()

    def _lost(self, seat: int) -> bool:
        return seat_lost(self.net.seats(), seat)

    def _ask(self, seat: int) -> None:
        """What to do with a lost player's seat: asked once per decision of the game."""
        key = (seat, len(self.stream.events))
        if key == self._asked:
            return
        self._asked = key
        self.scene.raise_event("seat_lost", seat=seat, player=self.scene.players[seat]["name"])

    # -- table phrases ---------------------------------------------------------------------
    def _phrases(self) -> None:
        """The phrases said at the table since the last frame, each in its sender's seat box
        (the newest per seat; none from a muted player)."""
        # start-up: with a save the menu loads the table; the phrases only at a network table
        from ..phrases import phrase_text
        newest = {}
        for seat, phrase in self.stream.take_phrases():
            if seat not in self.muted and 0 <= seat < self.scene.n:
                newest[seat] = phrase
        for seat, phrase in newest.items():
            self.scene.timeline.banner(phrase_text(phrase), PHRASE_MS, seat=seat, color=theme.GOOD)
            self.scene.invalidate()

    def may_say(self, now: float) -> bool:
        """Whether this screen's player may say a phrase now (the host's limit, kept here too)."""
        # start-up: with a save the menu loads the table; asyncio and the network only for network tables
        from ...net.server import PHRASE_BURST, PHRASE_WINDOW
        self.said_at = [t for t in self.said_at if now - t <= PHRASE_WINDOW]
        return len(self.said_at) < PHRASE_BURST

    def say(self, phrase: str) -> bool:
        """Say ``phrase`` to the table; False when the limit holds it back."""
        now = time.monotonic()
        if not self.active or not self.may_say(now):
            return False
        self.said_at.append(now)
        self.stream.say(phrase)
        return True

    def mute(self, seat: int, muted: bool) -> None:
        (self.muted.add if muted else self.muted.discard)(seat)

    # -- a joiner's connection ------------------------------------------------------------------
    def _problems(self) -> bool:
        """A joiner's connection: in trouble (quiet, lost, or the host left: the table stays,
        the ``reconnecting`` overlay offers Rejoin and Leave, and tries again by itself for a
        while), or over for good (say why and go back to the menu).  True when the table is
        being left."""
        state = getattr(self.stream, "state", None)
        if self.ended or state is None:
            return self.ended
        now = time.monotonic()
        over = self.stream.is_over()
        if state in ("refused", "broken") or (state == "closed" and not over and self.stream.reason != "host_left"):
            return self._leave(self.stream.problem)
        if state in ("over", "closed") and over:
            return False             # the end of the game, said by the host: nothing wrong
        quiet = state == "joined" and self.stream.quiet_for() >= QUIET
        lost = state in ("lost", "closed") or (state == "connecting" and self._lost_since is not None)
        if lost or quiet:
            if self._lost_since is None:
                self._lost_since = now
                self._retry_at = now
            if state in ("lost", "closed"):
                self._lost_problem = self.stream.problem
            if state == "lost" and now >= self._retry_at and self.trying():
                self._retry_at = now + RETRY
                self.stream.reconnect()
            if not self.trouble:
                self.trouble = True
                self.scene.raise_event("reconnecting")
            return False
        if state in ("joined", "over"):
            self._lost_since = None
            self.trouble = False
        return False

    def trying(self) -> bool:
        """The joiner is trying by itself to get its seat back (for RECONNECT_FOR seconds after
        the trouble began or the player's Rejoin; not after the host said it left)."""
        state = self.stream.state
        if state == "closed":
            return False
        return state == "connecting" or (self._lost_since is not None
                                         and time.monotonic() - self._lost_since <= RECONNECT_FOR)

    def trouble_text(self) -> str:
        """What the ``reconnecting`` overlay says of the connection now."""
        if self.trying():
            if self.stream.state == "joined":
                return _("The host has not been heard from for a few seconds. Reconnecting…")
            return _("Reconnecting…")
        return self.stream.problem or self._lost_problem or _("The connection to the host was lost.")

    def rejoin(self) -> None:
        """The player's Rejoin: a new connection with the seat's token, and a new while of
        trying by itself."""
        self._lost_since = time.monotonic()
        self._retry_at = self._lost_since + RETRY
        self.stream.rejoin()

    def _leave(self, text: str | None) -> bool:
        self.ended = True
        self.scene.leave_network(text or "")
        return True
