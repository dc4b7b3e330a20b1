"""A joiner's stream: one seat of a game hosted on another computer.

:class:`NetStream` has the face of :class:`game.play.stream.LocalStream` (the table draws from
it the same way) plus its connection:

    stream = NetStream("192.168.1.23", 47411, name="Anna", code="4821")
    ...every frame:
    stream.poll()                 # takes what arrived (also done by tick); never blocks
    stream.state                  # connecting / joined / over / refused / lost / closed / broken
    stream.problem                # one translated line when refused / lost / closed / broken
    stream.started                # the host has started the game (before: the waiting table)
    stream.seat_status            # per seat: name, who (host / ai / net), link, ai
    stream.reconnect()            # after "lost": back to the seat with its token

``authority`` is None: a joiner holds nothing but its seat's view.  Its own actions go to the
host (:meth:`send` returns at once; while an action waits for the host's answer,
:meth:`legal_actions` is empty and :attr:`pending` is true); a refusal comes back later
through :meth:`take_refusal`, with the engine's code and parameters.  Everything the host
sends is checked (:mod:`.protocol`, :mod:`.view_check`): a host that sends garbage, lines
over the limit, events the rules do not allow, views that contradict each other, or nothing
at all, leaves this stream ``broken`` or ``lost`` with one line in :attr:`problem`; nothing
else happens (no file of the player's is touched, but the reconnect token's).  At the end
the host's record is checked against everything it sent (:func:`.view_check.check_end`) and
:meth:`record` gives it: the game goes into the joiner's own statistics and replays.
"""

from __future__ import annotations

import asyncio
import queue
import time
from typing import Any, Callable

from ..engine import IllegalActionError
from ..engine.actions import Action, Event
from . import protocol as wire
from .link import GONE, LINGER, MSG, Conn, Inbox, NetThread, drain
from .invitation import Invitation
from .names import shown_name, shown_names
from .relay_client import RelayError, join_through
from .texts import broken_text, closed_text, lost_text, refused_text, relay_text, unreachable_text
from .tokens import TokenStore
from .view_check import ViewChecker, ViewError, check_end
from .hosted import JoinedNetwork, seat_words

CONNECTING, JOINED, OVER = "connecting", "joined", "over"
REFUSED, LOST, CLOSED, BROKEN = "refused", "lost", "closed", "broken"
#: states in which the stream has ended for good (back to the menu)
FINAL = (REFUSED, CLOSED, BROKEN)
#: refusals that say "try again": the stream is ``lost`` (and tried again), not refused for good
TEMPORARY = ("busy", "too_many_tries")
#: refusals that say the game moved on under the action (an honest race, not a lie)
MOVED_ON = ("stale", "not_your_turn", "not_started")
#: how often a host may refuse an action it offered itself before this joiner leaves
MAX_CONTRADICTIONS = 3


def relay_state(code: str, invitation: Invitation | None, seated: bool = False) -> tuple[str, str]:
    """What a relay's answer, or a stream changed on the way, does to a joiner: its state and
    the one line it shows.  The relay's passing troubles leave it ``lost`` (it may try again);
    a table that is not there ``refused`` (but for a player already seated there, whose host
    may be back in a moment, as on the local network, ``lost``); an impostor or a changed
    stream ``broken``."""
    reason = code[len("relay_"):] if code.startswith("relay_") else code
    relay = invitation.relay if invitation is not None else "?"
    if reason in ("tampered", "not_the_table", "tls"):
        state = BROKEN
    elif reason in ("no_room", "host_left") and seated:
        return LOST, lost_text()
    elif reason in ("no_room", "host_left", "version", "bad", "old_python"):
        state = REFUSED
    else:                                     # unreachable, busy, full, slow_down, host_slow, taken
        state = LOST
    return state, relay_text(reason, relay)


class NetStream:
    authority = None

    def __init__(self, address: str, port: int, name: str, code: str, *, seat: int | None = None,
                 limits: wire.Limits = wire.LIMITS, tokens: TokenStore | None = None,
                 trace: Callable[[bytes], object] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 invitation: Invitation | None = None):
        #: an internet table: reached through the invitation's relay, encrypted end to end
        self.invitation = invitation
        if invitation is not None:
            address, port, code = invitation.relay_host, invitation.relay_port, invitation.code
        self.address = address
        self.port = int(port)
        self.where = f"{address}:{self.port}" if invitation is None else f"relay:{invitation.room}"
        self.name = name
        self.code = code
        self.wanted_seat = seat
        self.limits = limits
        self.tokens = tokens
        #: called on the network thread with every line received (a transcript; tests)
        self.trace = trace
        self.clock = clock
        self.state = CONNECTING
        self.problem: str | None = None
        #: the host's refusal or closing code, or the joiner's own finding (``broken``...)
        self.reason: str | None = None
        self.started = False
        self.seat_status: list[dict[str, Any]] = []
        self.host_name = ""
        self.table_id: str | None = None
        self._welcome: wire.Message | None = None
        self._token: str | None = None
        self._stored = False           # the hello used a token from the user folder
        self.seat = seat if seat is not None else 0
        self._events: list[Event] = []
        self._checker: ViewChecker | None = None
        self._to_act: int | None = -1
        self._legal: list[Action] = []
        self._thinking: int | None = None
        self._refusals: list[IllegalActionError] = []
        self._ident = 0
        #: (id, events when sent, the action) of this seat's act the host has not answered
        self._pending: tuple[int, int, Action] | None = None
        #: refusals of actions the host itself offered (an honest host never refuses those)
        self._contradictions = 0
        self._seen_sent = -1
        self._record: dict[str, Any] | None = None
        #: the next game the host offers at this table (its ``next``), until this player says yes
        self.offer: wire.Message | None = None
        #: (seat, phrase id) said at the table, not yet taken by the screen
        self._phrases: list[tuple[int, str]] = []
        self._network: JoinedNetwork | None = None
        self._conn: Conn | None = None
        self.inbox: Inbox = queue.SimpleQueue()
        self.net = NetThread("gurka-join")
        self._connect()

    # -- the connection ---------------------------------------------------------------------------
    def _connect(self) -> None:
        token = table = None
        if self._token and self.table_id:
            token, table = self._token, self.table_id
            self._stored = False
        elif self.tokens is not None:
            kept = self.tokens.get(self.where)
            if kept:
                token, table = kept["token"], kept["table"]
                self._stored = True
        hello = wire.hello(self.name, self.code, token, table, len(self._events) if token else 0,
                        self.wanted_seat, self.game if token and self._welcome else None)
        self.state = CONNECTING
        self.problem = self.reason = None
        self.net.submit(self._run(hello))

    async def _run(self, hello: wire.Message) -> None:
        limits = self.limits
        try:
            if self.invitation is not None:
                reader, writer = await join_through(self.invitation, limits.host_line + 2)
            else:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.address, self.port, limit=limits.host_line + 2),
                    limits.connect)
        except RelayError as e:
            self.inbox.put((GONE, None, "relay_" + e.code, str(e)))
            return
        except (OSError, asyncio.TimeoutError, ValueError):
            self.inbox.put((GONE, None, "unreachable", ""))
            return
        conn = Conn(self.net, reader, writer, self.inbox, limits, limits.host_line, wire.HOST_DEPTH,
                    wire.check_from_host, limits.connect, closing_message=lambda *_a: None)
        conn.trace = self.trace
        self._conn = conn
        conn.send(hello)
        await conn.run()

    def reconnect(self) -> None:
        """After ``lost``: connect again and take the seat back with its token (the events
        missed come from where this stream left off)."""
        if self.state != LOST:
            return
        if self._conn is not None:
            self._conn.close()
        self._connect()

    def rejoin(self) -> bool:
        """The player asks to rejoin (a host that went quiet, was lost, or left and may have
        opened the table again): the connection is dropped and made anew with the seat's
        token.  False when there is no seat to take back."""
        if self._welcome is None or self._token is None or self.state in (REFUSED, BROKEN):
            return False
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._connect()
        return True

    def quiet_for(self) -> float:
        """Seconds since the host was last heard on this connection (0 while connecting: its
        own wait counts there)."""
        conn = self._conn
        if conn is None or self.state != JOINED:
            return 0.0
        return max(0.0, time.monotonic() - conn.last_heard)

    def close(self) -> None:
        """Leave the table (the host is told) and stop the network thread.  After the game's
        end the seat's token is forgotten: the player has left the table for good."""
        if self.state == OVER and self.tokens is not None:
            self.tokens.drop(self.where)
        conn, self._conn = self._conn, None
        if conn is not None and not conn.closed:
            conn.close(wire.BYE)
            conn.done.wait(LINGER)          # the host reads it, then closes its side
        self.net.stop()

    # -- what arrives -------------------------------------------------------------------------------
    def poll(self) -> None:
        """Take what arrived (never waits)."""
        for item in drain(self.inbox):
            if self.state in FINAL:
                break
            if item[0] == MSG:
                _kind, conn, message = item
                conn.taken()
                if conn is not self._conn:
                    continue
                try:
                    self._on_message(message)
                except ViewError as e:
                    self._break(str(e))
                except Exception as e:  # noqa: BLE001 - a checked message this stream cannot use
                    self._break(f"a message this game cannot use ({type(e).__name__})")
            elif item[0] == GONE:
                _gone, gone_conn, code, text = item
                if gone_conn is None or gone_conn is self._conn:
                    self._on_gone(code, text)

    def _break(self, detail: str) -> None:
        self.state, self.reason, self.problem = BROKEN, "broken", broken_text(detail)
        if self._conn is not None:
            self._conn.close()

    def _on_gone(self, code: str, text: str) -> None:
        if self.state in FINAL or self.state == OVER:
            return
        if code == "protocol":
            self.state, self.reason = REFUSED, "protocol"
            self.problem = refused_text("protocol", text)
        elif code in ("bad_message", "too_long"):
            self._break(text)
        elif code == "tampered" or code.startswith("relay_"):
            self.state, self.problem = relay_state(code, self.invitation, seated=self._welcome is not None)
            self.reason = code
            if self.state == BROKEN and self._conn is not None:
                self._conn.close()
        elif code == "unreachable" and self._welcome is None:
            self.state, self.reason, self.problem = LOST, code, unreachable_text(self.where)
        else:
            self.state, self.reason, self.problem = LOST, code, lost_text()

    def _on_message(self, m: wire.Message) -> None:
        kind = m["type"]
        if kind == "welcome":
            self._on_welcome(m)
        elif kind == "refused":
            if m["reason"] == "bad_token" and self._stored and self.tokens is not None:
                self.tokens.drop(self.where)       # a token of an older table: join afresh
                self._stored = False
                self._token = None
                self._conn = None
                self._connect_fresh()
                return
            if m["reason"] in TEMPORARY:
                # "busy", "wait a minute": the stream is lost for now and tried again (this
                # connection's end is not news)
                self.state, self.reason = LOST, m["reason"]
                self.problem = refused_text(m["reason"], m.get("protocol"))
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None
                return
            self.state, self.reason = REFUSED, m["reason"]
            self.problem = refused_text(m["reason"], m.get("protocol"))
        elif kind == "status":
            if self._welcome is None or len(m["seats"]) != len(self._welcome["players"]):
                raise ViewError("a status of another table")
            if m["thinking"] is not None and m["thinking"] >= len(m["seats"]):
                raise ViewError("a status naming a seat not at the table")
            self.started = self.started or m["started"]
            names = shown_names([st["name"] for st in m["seats"]])      # a host's names, made plain
            self.seat_status = [{**st, "name": name} for st, name in zip(m["seats"], names)]
            self._thinking = m["thinking"]
        elif kind == "update":
            self._on_update(m)
        elif kind == "refusal":
            self._on_refusal(m)
        elif kind == "end":
            if self._welcome is None:
                raise ViewError("the end of a game before the welcome")
            state = check_end(m["record"], self.seat, self._events, self._welcome)
            self._record = state.record()
            self.state = OVER      # (the token is kept: the host may deal again at this table)
        elif kind == "next":
            self._on_next(m)
        elif kind == "said":
            if self._welcome is None or m["seat"] >= len(self._welcome["players"]):
                raise ViewError("a phrase from a seat not at the table")
            self._phrases.append((m["seat"], m["phrase"]))
        elif kind == "closed":
            self.reason = m["reason"]
            if self.state != OVER:
                self.state, self.problem = CLOSED, closed_text(m["reason"])
            if self._conn is not None:      # the host says nothing after this: close our side
                self._conn.close()

    def _on_refusal(self, m: wire.Message) -> None:
        """The host refused this seat's act: the screen says why (the engine's code, its
        parameters only as data) and the action is not offered again in this position.  An
        action the host itself offered and then refuses is a contradiction: after
        MAX_CONTRADICTIONS of them, or when every action it offered was refused, this joiner
        leaves (broken) instead of asking again and again."""
        pending = self._pending
        if pending is None or pending[0] != m["id"]:
            return          # a refusal of nothing this seat is waiting for: nothing to do
        self._pending = None
        error = IllegalActionError(m["text"], m["code"])
        error.params = dict(m["params"])
        self._refusals.append(error)
        action = pending[2]
        if action not in self._legal:
            return
        self._legal = [a for a in self._legal if a != action]
        if m["code"] in MOVED_ON and pending[1] != len(self._events):
            return          # the game moved on under it: the next update says what now
        self._contradictions += 1
        if self._contradictions >= MAX_CONTRADICTIONS or not self._legal:
            raise ViewError("the host refuses the moves it offers")

    def _on_next(self, m: wire.Message) -> None:
        """The host offers the next game at this table (after this one's end)."""
        if self.state != OVER or self._welcome is None:
            raise ViewError("a next game before this one is over")
        if len(m["players"]) != len(self._welcome["players"]) or m["game"] != self.game + 1:
            raise ViewError("a next game of another table")
        self.offer = m

    def play_again(self) -> bool:
        """Say yes to the next game the host offered: the stream goes on with it from its first
        event (the seat and its token stay).  False when nothing is offered."""
        offer, self.offer = self.offer, None
        if offer is None or self.state != OVER or self._conn is None or self._welcome is None:
            return False
        welcome = {**self._welcome, "rules": offer["rules"], "options": offer["options"],
                   "players": offer["players"], "game": offer["game"]}
        try:
            checker = ViewChecker(welcome["rules"], welcome["options"], welcome["players"], welcome["game"],
                                  self.seat)
        except ViewError as e:
            self._break(str(e))
            return False
        self._welcome, self._checker = welcome, checker
        self._events, self._record = [], None
        self._seen_sent, self._to_act, self._legal = -1, -1, []
        self._pending, self._contradictions = None, 0
        self.started = False
        self.state = JOINED
        self._conn.send(wire.again(offer["game"]))
        return True

    def take_phrases(self) -> list[tuple[int, str]]:
        """The table phrases said since the last call: (seat, phrase id)."""
        phrases, self._phrases = self._phrases, []
        return phrases

    def say(self, phrase: str) -> None:
        """Say a table phrase (an id of ``wire.PHRASES``) to everyone at the table."""
        if self._conn is not None and self.state in (JOINED, OVER) and phrase in wire.PHRASES:
            self._conn.send(wire.say(phrase))

    def _connect_fresh(self) -> None:
        kept, self.tokens = self.tokens, None
        try:
            self._connect()
        finally:
            self.tokens = kept

    def _on_welcome(self, m: wire.Message) -> None:
        if not 0 <= m["seat"] < len(m["players"]):
            raise ViewError("a seat that is not at the table")
        same = (self._welcome is not None and m["table"] == self.table_id and m["seat"] == self.seat
                and m["game"] == self._welcome["game"])
        if not same:
            self._events, self._record, self.offer = [], None, None
            self._checker = ViewChecker(m["rules"], m["options"], m["players"], m["game"], m["seat"])
            self._seen_sent = -1
            self._to_act, self._legal = -1, []
        self._welcome = m
        self.table_id = m["table"]
        self.seat = m["seat"]
        self._token = m["token"]
        self.host_name = shown_name(m["host"], "?")
        self._pending = None
        self.state = JOINED
        if self.tokens is not None:
            self.tokens.put(self.where, m["table"], m["token"], m["seat"])

    def _on_update(self, m: wire.Message) -> None:
        if self._checker is None:
            raise ViewError("an update before the welcome")
        if m["from"] != len(self._events):
            raise ViewError(f"events from {m['from']} when {len(self._events)} have come")
        for ev in m["events"]:
            self._checker.add(ev)
            self._events.append(ev)
        self._checker.check_turn(m["to_act"], m["legal"])
        self._to_act, self._legal = m["to_act"], m["legal"]
        self.started = True
        if self._pending is not None and m.get("done") == self._pending[0]:
            self._pending = None

    # -- the stream's face (game.play.stream) ----------------------------------------------------
    @property
    def rules(self) -> str | None:
        return self._welcome["rules"] if self._welcome else None

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._welcome["options"]) if self._welcome else {}

    @property
    def players(self) -> list[dict[str, Any]]:
        if not self._welcome:
            return []
        players = [dict(p) for p in self._welcome["players"]]
        names = shown_names([p["name"] for p in players])
        for p, name in zip(players, names):
            p["name"] = name
        for p, s in zip(players, self.seat_status):
            p["name"] = s["name"]
        return players

    @property
    def game(self) -> int:
        return self._welcome["game"] if self._welcome else 1

    @property
    def mine(self) -> list[int]:
        return [self.seat]

    @property
    def events(self) -> list[Event]:
        return self._events

    @property
    def pending(self) -> bool:
        """An action of this seat was sent and the host has not answered yet."""
        return self._pending is not None

    def to_act(self) -> int | None:
        """The seat to decide (-1 before the first update: nobody yet; None once over)."""
        return self._to_act

    def thinking(self) -> int | None:
        """The seat deciding now (an AI at the host, or a person elsewhere), if not this one."""
        return self._thinking if self._thinking != self.seat else None

    def is_over(self) -> bool:
        return self.state == OVER or (self.started and self._to_act is None)

    def legal_actions(self) -> list[Action]:
        if self._to_act != self.seat or self._pending is not None or self.state != JOINED:
            return []
        return [a.copy() for a in self._legal]

    def view(self) -> dict[str, Any]:
        """The seat's whole view, as ``state.view(seat)`` gives it (hand from the fold)."""
        w = self._welcome or {}
        return {"rules": w.get("rules"), "options": dict(w.get("options", {})), "game": self.game,
                "seat": self.seat, "players": self.players,
                "hand": self._checker.hand() if self._checker else [], "events": list(self._events)}

    def send(self, action: Action) -> None:
        """Send the seat's decision to the host; IllegalActionError at once when it is not
        this seat's turn, else the host's refusal later (:meth:`take_refusal`)."""
        if self.state != JOINED or not self.started:
            raise IllegalActionError("the game has not started", "not_started")
        if self._to_act != self.seat or self._pending is not None:
            raise IllegalActionError("it is not your turn", "not_your_turn")
        problem = wire.action_problem(action)
        if problem:
            raise IllegalActionError(problem, "bad_action")
        self._ident += 1
        self._pending = (self._ident, len(self._events), action.copy())
        assert self._conn is not None           # (checked above: a stream that can act is connected)
        self._conn.send(wire.act(self._ident, len(self._events), action))

    def take_refusal(self) -> IllegalActionError | None:
        return self._refusals.pop(0) if self._refusals else None

    def tick(self, now: float, shown: int, min_delay: float) -> None:
        """Every frame: take what arrived; tell the host how far this screen has shown."""
        self.poll()
        shown = max(0, min(shown, len(self._events)))
        if self.state == JOINED and shown != self._seen_sent and self._conn is not None:
            self._seen_sent = shown
            self._conn.send(wire.seen(shown))

    def serve(self) -> None:
        """Every frame, also under the pause menu: take what arrived."""
        self.poll()

    def seat_note(self, seat: int) -> str:
        return seat_words(self.seat_status, seat, self.started)

    @property
    def network(self) -> JoinedNetwork:
        """What this screen shows of the table (:class:`game.net.hosted.JoinedNetwork`)."""
        if self._network is None:
            self._network = JoinedNetwork(self)
        return self._network

    def look_from(self, seat: int) -> None:
        raise ValueError("a network seat looks only from its own seat")

    def record(self) -> dict[str, Any] | None:
        """The whole game once it is over and checked (None before: the other hands stay hidden)."""
        return self._record
