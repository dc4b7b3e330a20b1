"""The table's side of a network game: what a host's or a joiner's screen does besides
drawing the stream (:mod:`game.net.hosted`).

Every frame, also under an overlay, the stream is served (the moves of the others come in,
the news goes out).  Until the host starts the game the waiting table (the ``lobby``
overlay) shows who has sat down, the code and the address.  Something at the door ("Anna lost
the connection", "Anna is back") is said on the announcement line; a host is asked what to do
with a seat whose player is gone (the ``seat_lost`` overlay: the computer plays it, or wait).
A joiner whose connection is lost tries again for a while; a refusal, a closed table or a
host that breaks the rules is said in one line, and the joiner goes back to the menu.  The
host's save keeps the table's id, code, port and the seats' tokens as they change, so that
Continue opens the same table and its players take their seats back.
"""

from __future__ import annotations

import time

from ...net.protocol import seat_lost
from .. import theme

#: a joiner tries to get its connection back for this long (seconds), once every RETRY
RECONNECT_FOR = 20.0
RETRY = 2.0


class NetworkTable:
    def __init__(self, scene):
        self.scene = scene
        self.stream = scene.stream
        self.net = scene.stream.network
        self.lobby_shown = False
        self._lost_since: float | None = None
        self._lost_problem: str | None = None
        self._retry_at = 0.0
        self._asked: tuple | None = None
        self.ended = False

    @property
    def active(self) -> bool:
        return self.net is not None

    # -- every frame ---------------------------------------------------------------------------
    def background(self) -> None:
        """Under an overlay: serve the table; a joiner's end of the table still ends it."""
        if not self.active:
            return
        self.stream.serve()
        self._problems()
        self._keep_tokens()

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

    def _problems(self) -> bool:
        """A joiner's connection: lost (try again for a while) or over for good (say why and go
        back to the menu).  True when the table is being left."""
        state = getattr(self.stream, "state", None)
        if self.ended or state is None:
            return self.ended
        now = time.monotonic()
        # lost, or trying again after a loss (a new connection is "connecting" until the host
        # answers or it fails): the time since the loss counts on until the seat is back
        if state == "lost" or (state == "connecting" and self._lost_since is not None):
            if self._lost_since is None:
                self._lost_since = now
            if state == "lost":
                self._lost_problem = self.stream.problem
            if now - self._lost_since > RECONNECT_FOR:
                return self._leave(self.stream.problem or self._lost_problem)
            if state == "lost" and now >= self._retry_at:
                self._retry_at = now + RETRY
                self.stream.reconnect()
            return False
        if state in ("joined", "over"):
            self._lost_since = None
        if state in ("refused", "closed", "broken") and not (state == "closed" and self.stream.is_over()):
            return self._leave(self.stream.problem)
        return False

    def _leave(self, text: str | None) -> bool:
        self.ended = True
        self.scene.leave_network(text or "")
        return True
