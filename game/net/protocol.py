"""The network protocol ``gurka-net/2``: every message, its limits, and a strict check of each.

Newline-delimited JSON over TCP (one UTF-8 JSON object per line).  The host holds the game;
a joiner only ever receives its own seat's view.  Every message is an object whose ``type``
names it; :func:`check_from_joiner` and :func:`check_from_host` accept exactly the fields
listed here (types and ranges included) and refuse anything else with a
:class:`ProtocolError` naming what is wrong in one line.  The README beside this file
(game/net/README.md) documents them with a complete example exchange.

Joiner → host: ``hello``, ``act``, ``seen``, ``again``, ``say``, ``ping``, ``bye``.
Host → joiner: ``welcome``, ``refused``, ``status``, ``update``, ``refusal``, ``end``,
``next``, ``said``, ``closed``, ``ping``.

Nothing here does I/O; :mod:`.link` carries the lines, :mod:`.server` and :mod:`.client`
act on the checked messages.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

if TYPE_CHECKING:       # (types only: the wire format loads no game state)
    from ..engine.base import GameState

from ..engine.cards import INDEX
from ..engine.records import MAX_EVENTS, MAX_GAME, MAX_NAME, MAX_RECORD_BYTES, visible
from ..engine.registry import ruleset_ids
from ..safe_json import JSONLimitError, loads
from .names import public_seat, shown_name, shown_names

#: ``/2``: play again at the same table (``next``, ``again``), table phrases (``say``, ``said``)
PROTOCOL = "gurka-net/2"
#: the port a table listens on unless told otherwise
DEFAULT_PORT = 47411
#: seats at one table (the largest ruleset seats 8)
MAX_SEATS = 8


@dataclass(frozen=True)
class Limits:
    """The hard limits of one side (tests shorten the times)."""

    #: bytes of one joiner's line (a hello or an action is far smaller)
    joiner_line: int = 8 * 1024
    #: bytes of one host's line (the end's record can be a whole record)
    host_line: int = MAX_RECORD_BYTES + 64 * 1024
    #: a connection's lines that wait for the main loop; one more and it is dropped
    pending: int = 32
    #: connections from one address that have not yet said a hello the table lets through (the
    #: right code, or a token); one more and the oldest of them is dropped (``busy``)
    connections: int = 16
    #: such connections from every address together; one more and the oldest of the address
    #: that holds the most is dropped (``busy``)
    handshakes: int = 64
    #: seconds from connecting to a complete hello; slower and the connection is dropped
    handshake: float = 5.0
    #: seconds between pings when nothing else was sent
    heartbeat: float = 2.0
    #: seconds without a complete line before the other side counts as gone
    silence: float = 10.0
    #: wrong table codes (or reconnect tokens) from one address within ``tries_window``
    tries_per_address: int = 5
    #: wrong table codes (or tokens) from everyone together within ``tries_window``
    tries_total: int = 20
    tries_window: float = 60.0
    #: bytes a joiner may leave unread before it is dropped (it does not read)
    unread: int = 32 << 20
    #: seconds a joiner waits for the host's answer to its hello
    connect: float = 10.0


LIMITS = Limits()

#: one message as JSON (a line's object): a peer's fields are read only after
#: :func:`check_from_joiner` or :func:`check_from_host` has checked them
Message = dict[str, Any]
#: a field's check: None if the value is fine, else what it must be (one phrase)
Check = Callable[[Any], "str | None"]
#: the fields of a message: field -> (its check, required)
Spec = dict[str, "tuple[Check, bool]"]

#: events in one update (a rejoin's catch-up comes in several)
MAX_UPDATE_EVENTS = 2000
#: legal actions in one update (seven-round Gúrka's exchanges of 7 cards: 128)
MAX_LEGAL = 2048
#: cards named in one action (a multi-card play, an exchange)
MAX_ACTION_CARDS = 16
MAX_TEXT = 300
MAX_ID = 2 ** 31
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
TABLE_ID = re.compile(r"[0-9a-f]{16}")
#: the table code of the local network (four digits)
CODE = re.compile(r"[0-9]{4}")
#: what a hello may carry as the code: those four digits, or a long random code (a table
#: reached through the relay: 80 bits and more)
HELLO_CODE = re.compile(r"[0-9]{4}|[A-Za-z0-9_-]{16,64}")
CODE_WORD = re.compile(r"[a-z_]{1,40}")
#: nesting of a host's message (update > events > event > hands > hand; end > record > ...)
HOST_DEPTH = 12
JOINER_DEPTH = 4

#: why a hello (or a connection) is refused: ``refused.reason``
REFUSALS = ("protocol", "wrong_code", "too_many_tries", "full", "bad_token", "busy",
            "bad_message", "too_slow", "closed")
#: why the host ends a connection later: ``closed.reason``
CLOSINGS = ("host_left", "game_over", "replaced", "bad_message", "too_many_messages",
            "too_slow", "silent", "unread")
ACTION_FIELDS = {
    "play": ("cards",), "attack": ("cards",), "exchange": ("discard",),
    "defend": ("attack", "card"), "buyback": (), "pass": (), "take": (), "swap": (),
    "transfer": ("card", "shown"),
}
#: the players' link states in ``status`` (``asked``: connected, and asked to play the next
#: game at this table; not yet said yes)
WHO = ("host", "ai", "net")
LINKS = ("open", "connected", "lost", "asked")
#: the table phrases (sent as ids; each screen says them in its own language)
PHRASES = ("good_luck", "well_played", "oops", "your_turn", "thanks", "one_more")


class ProtocolError(ValueError):
    """A message that breaks the protocol: one line saying what is wrong."""

    def __init__(self, text: str, code: str = "bad_message", theirs: str | None = None):
        super().__init__(text)
        self.code = code
        #: the other side's protocol version (code ``protocol``)
        self.theirs = theirs


# -- lines ------------------------------------------------------------------------------

def encode(message: Mapping[str, Any]) -> bytes:
    """One message as its line (compact JSON, UTF-8, ``\\n``)."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def parse_line(line: bytes, max_bytes: int, max_depth: int) -> Message:
    """A line as a JSON object within the limits of :mod:`game.safe_json`; ProtocolError."""
    body = line.rstrip(b"\r\n")
    if len(body) > max_bytes:
        raise ProtocolError(f"a line longer than {max_bytes:,} bytes", "too_long")
    try:
        data = loads(body, max_bytes, max_depth=max_depth, max_containers=200_000)
    except JSONLimitError as e:
        raise ProtocolError(f"a line over a limit ({e})") from None
    except ValueError as e:
        raise ProtocolError(f"a line that is not JSON ({e})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    return data


# -- field checks -------------------------------------------------------------------------

def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(lo: int, hi: int) -> Check:
    def check(v: Any) -> str | None:
        if not _is_int(v) or not lo <= v <= hi:
            return f"a whole number from {lo} to {hi:,}"
        return None
    return check


def _opt_int(lo: int, hi: int) -> Check:
    inner = _int(lo, hi)
    return lambda v: None if v is None else inner(v)


def _pattern(rx: re.Pattern[str], what: str) -> Check:
    return lambda v: None if isinstance(v, str) and rx.fullmatch(v) else what


def _text(limit: int) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, str) or len(v) > limit:
            return f"a text of at most {limit} characters"
        return None
    return check


def _name(v: Any) -> str | None:
    if not isinstance(v, str) or not 1 <= len(v) <= MAX_NAME or not visible(v) or any(
            ord(c) < 32 or 0x7f <= ord(c) <= 0x9f or c in "\u2028\u2029" for c in v):
        return f"a name of 1 to {MAX_NAME} visible characters"
    return None


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def _choice(options: tuple[str, ...]) -> Check:
    return lambda v: None if isinstance(v, str) and v in options else f"one of {', '.join(options)}"


def _card(v: Any) -> str | None:
    return None if isinstance(v, str) and v in INDEX else "a card such as 'TD'"


def _cards(lo: int) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, list) or not lo <= len(v) <= MAX_ACTION_CARDS:
            return f"a list of {lo} to {MAX_ACTION_CARDS} cards"
        if any(_card(c) for c in v) or len(set(v)) != len(v):
            return "a list of different cards such as 'TD'"
        return None
    return check


def action_problem(action: object) -> str | None:
    """Why ``action`` is not shaped like an action of the rules (see ACTION_FIELDS), or None.
    The engine still judges it; this only keeps anything else away from the engine."""
    if not isinstance(action, dict):
        return "an action must be an object"
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        return f"an action's type is one of {', '.join(ACTION_FIELDS)}"
    fields = ACTION_FIELDS[kind]
    extra = set(action) - {"type", "player", *fields}
    if extra:
        return f"a {kind} action has no field {sorted(extra)[0][:40]!r}"
    if "player" in action and _int(0, MAX_SEATS - 1)(action["player"]):
        return "an action's player is a seat number"
    for f in fields:
        if f not in action:
            return f"a {kind} action needs {f!r}"
        if f == "shown":
            if not isinstance(action[f], bool):
                return f"{kind}.shown must be true or false"
            continue
        problem = (_cards(0 if f == "discard" else 1) if f in ("cards", "discard") else _card)(action[f])
        if problem:
            return f"{kind}.{f} must be {problem}"
    return None


def _action(v: Any) -> str | None:
    return action_problem(v)


def _fields(message: Message, spec: Spec, kind: str) -> Message:
    """Check ``message`` against ``spec`` (field -> (check, required)); ProtocolError."""
    extra = set(message) - {"type", *spec}
    if extra:
        raise ProtocolError(f"{kind} has no field {str(sorted(extra)[0])[:40]!r}")
    for field_name, (check, required) in spec.items():
        if field_name not in message:
            if required:
                raise ProtocolError(f"{kind} needs {field_name!r}")
            continue
        problem = check(message[field_name])
        if problem:
            raise ProtocolError(f"{kind}.{field_name} must be {problem}")
    return message


# -- joiner -> host ----------------------------------------------------------------------------

_FROM_JOINER: dict[str, Spec] = {
    "hello": {"protocol": (_text(40), True), "name": (_name, True),
              "code": (_pattern(HELLO_CODE, "four digits or a long code"), True),
              "token": (_pattern(TOKEN, "a reconnect token"), False),
              "table": (_pattern(TABLE_ID, "a table id (16 hex digits)"), False),
              "have": (_int(0, MAX_EVENTS), False), "game": (_int(1, MAX_GAME), False),
              "seat": (_int(0, MAX_SEATS - 1), False)},
    "act": {"id": (_int(0, MAX_ID), True), "at": (_int(0, MAX_EVENTS), True),
            "action": (_action, True)},
    "seen": {"events": (_int(0, MAX_EVENTS), True)},
    "again": {"game": (_int(2, MAX_GAME), True)},
    "say": {"phrase": (_choice(PHRASES), True)},
    "ping": {},
    "bye": {},
}



def _kind(message: Message, table: Mapping[str, object]) -> str:
    """The message's type, one of ``table``'s; ProtocolError for any other."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in table:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    return kind


def _same_protocol(message: Message) -> None:
    """A handshake of another protocol version is refused as such (code ``protocol``)."""
    version = message.get("protocol")
    if isinstance(version, str) and version != PROTOCOL:
        raise ProtocolError(f"protocol {version[:40]!r}, not {PROTOCOL}", "protocol", version[:40])

def check_from_joiner(message: Message, handshaken: bool) -> Message:
    """``message`` (parsed) if it is a joiner's message allowed now, else ProtocolError.

    Before the handshake only ``hello`` is allowed, after it anything but ``hello``.  A hello
    of another protocol version is refused as such (code ``protocol``) whatever else it holds."""
    kind = _kind(message, _FROM_JOINER)
    if not handshaken and kind != "hello":
        raise ProtocolError(f"{kind} before hello")
    if handshaken and kind == "hello":
        raise ProtocolError("hello twice")
    if kind == "hello":
        _same_protocol(message)
    return _fields(message, _FROM_JOINER[kind], kind)


def hello(name: str, code: str, token: str | None = None, table: str | None = None,
          have: int = 0, seat: int | None = None, game: int | None = None) -> Message:
    msg: Message = {"type": "hello", "protocol": PROTOCOL, "name": name, "code": code}
    if token and table:
        msg.update(token=token, table=table, have=have)
        if game is not None:
            msg["game"] = game
    if seat is not None:
        msg["seat"] = seat
    return msg


def act(ident: int, at: int, action: Mapping[str, Any]) -> Message:
    return {"type": "act", "id": ident, "at": at, "action": action}


def seen(events: int) -> Message:
    return {"type": "seen", "events": events}


def again(game: int) -> Message:
    """This seat plays the next game the host offered (``next``), game number ``game``."""
    return {"type": "again", "game": game}


def say(phrase: str) -> Message:
    return {"type": "say", "phrase": phrase}


PING: Message = {"type": "ping"}
BYE: Message = {"type": "bye"}


# -- host -> joiner ---------------------------------------------------------------------------

def _options(v: Any) -> str | None:
    if not isinstance(v, dict) or len(v) > 40:
        return "an object of at most 40 options"
    for k, x in v.items():
        if len(k) > 40 or not (x is None or isinstance(x, (bool, str)) and len(str(x)) <= 40
                               or _is_int(x) and abs(x) <= 10 ** 6):
            return "options of short texts, numbers, true/false or null"
    return None


def _players(v: Any) -> str | None:
    if not isinstance(v, list) or not 2 <= len(v) <= MAX_SEATS:
        return f"a list of 2 to {MAX_SEATS} players"
    for p in v:
        if not isinstance(p, dict) or set(p) != {"name", "seat"} or _name(p["name"]) or _text(1100)(p["seat"]):
            return "players of {name, seat}"
    return None


def _seat_states(v: Any) -> str | None:
    if not isinstance(v, list) or not 2 <= len(v) <= MAX_SEATS:
        return f"a list of 2 to {MAX_SEATS} seats"
    for s in v:
        if (not isinstance(s, dict) or set(s) != {"name", "who", "link", "ai"} or _name(s["name"])
                or not isinstance(s["who"], str) or s["who"] not in WHO
                or not (s["link"] is None or isinstance(s["link"], str) and s["link"] in LINKS)
                or _bool(s["ai"])):
            return "seats of {name, who, link, ai}"
    return None


def _events(v: Any) -> str | None:
    if not isinstance(v, list) or len(v) > MAX_UPDATE_EVENTS:
        return f"a list of at most {MAX_UPDATE_EVENTS} events"
    if any(not isinstance(e, dict) or not isinstance(e.get("type"), str) for e in v):
        return "a list of event objects"
    return None


def _legal(v: Any) -> str | None:
    if not isinstance(v, list) or len(v) > MAX_LEGAL:
        return f"a list of at most {MAX_LEGAL} actions"
    for a in v:
        problem = action_problem(a)
        if problem:
            return problem
        if "player" in a:
            return "actions without a player"
    return None


def _params(v: Any) -> str | None:
    if not isinstance(v, dict) or len(v) > 8:
        return "an object of at most 8 values"
    for k, x in v.items():
        if len(k) > 40:
            return "short parameter names"
        items = x if isinstance(x, list) else [x]
        if len(items) > 16 or any(not (i is None or isinstance(i, (bool, str)) and len(str(i)) <= 60
                                       or _is_int(i) and abs(i) <= 10 ** 6) for i in items):
            return "short texts, numbers, or lists of them"
    return None


def _record(v: Any) -> str | None:
    return None if isinstance(v, dict) else "a game record"


def _rules(v: Any) -> str | None:
    return None if isinstance(v, str) and v in ruleset_ids() else f"one of {', '.join(ruleset_ids())}"


_FROM_HOST: dict[str, Spec] = {
    "welcome": {"protocol": (_text(40), True), "table": (_pattern(TABLE_ID, "a table id"), True),
                "seat": (_int(0, MAX_SEATS - 1), True), "token": (_pattern(TOKEN, "a token"), True),
                "host": (_name, True), "rules": (_rules, True), "options": (_options, True),
                "players": (_players, True), "game": (_int(1, MAX_GAME), True)},
    "refused": {"reason": (_text(40), True), "protocol": (_text(40), False),
                "text": (_text(MAX_TEXT), False)},
    "status": {"started": (_bool, True), "seats": (_seat_states, True),
               "thinking": (_opt_int(0, MAX_SEATS - 1), True)},
    "update": {"from": (_int(0, MAX_EVENTS), True), "events": (_events, True),
               "to_act": (_opt_int(-1, MAX_SEATS - 1), True), "legal": (_legal, True),
               "done": (_int(0, MAX_ID), False)},
    "refusal": {"id": (_int(0, MAX_ID), True), "code": (_pattern(CODE_WORD, "a code word"), True),
                "params": (_params, True), "text": (_text(MAX_TEXT), True)},
    "end": {"record": (_record, True)},
    "next": {"rules": (_rules, True), "options": (_options, True), "players": (_players, True),
             "game": (_int(2, MAX_GAME), True)},
    "said": {"seat": (_int(0, MAX_SEATS - 1), True), "phrase": (_choice(PHRASES), True)},
    "closed": {"reason": (_text(40), True), "text": (_text(MAX_TEXT), False)},
    "ping": {},
}


def check_from_host(message: Message, welcomed: bool) -> Message:
    """``message`` (parsed) if it is a host's message allowed now, else ProtocolError.

    Before the welcome only ``welcome``, ``refused`` and ``ping`` are allowed; a welcome of
    another protocol version is refused as such (code ``protocol``)."""
    kind = _kind(message, _FROM_HOST)
    if not welcomed and kind not in ("welcome", "refused", "ping"):
        raise ProtocolError(f"{kind} before welcome")
    if welcomed and kind == "welcome":
        raise ProtocolError("welcome twice")
    if kind == "welcome":
        _same_protocol(message)
    return _fields(message, _FROM_HOST[kind], kind)


def public_players(players: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The players as the network says them: plain names, no two alike, and a bot by its file's
    name only (never the host's folders)."""
    names = shown_names([p["name"] for p in players])
    return [{"name": n, "seat": public_seat(p["seat"])} for n, p in zip(names, players)]


def public_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A finished game's record as it goes to the joiners (:func:`public_players`)."""
    return {**record, "players": public_players(record["players"])}


def welcome(table: str, seat: int, token: str, host: str, state: GameState) -> Message:
    """What a joiner learns of the game when it takes ``seat``: never the seed, never a card."""
    return {"type": "welcome", "protocol": PROTOCOL, "table": table, "seat": seat, "token": token,
            "host": shown_name(host, "Host"), "rules": state.rules, "options": dict(state.options),
            "players": public_players(state.players), "game": getattr(state, "game", 1)}


def next_game(state: GameState) -> Message:
    """The host deals the next game at the same table: the joiner keeps its seat (and its
    token) and says ``again`` to play it."""
    return {"type": "next", "rules": state.rules, "options": dict(state.options),
            "players": public_players(state.players), "game": state.game}


def said(seat: int, phrase: str) -> Message:
    return {"type": "said", "seat": seat, "phrase": phrase}


def refused(reason: str, text: str) -> Message:
    return {"type": "refused", "reason": reason, "protocol": PROTOCOL, "text": text[:MAX_TEXT]}


def closed(reason: str, text: str) -> Message:
    return {"type": "closed", "reason": reason, "text": text[:MAX_TEXT]}


def update(start: int, events: Sequence[Mapping[str, Any]], to_act: int | None,
           legal: Sequence[Mapping[str, Any]], done: int | None = None) -> Message:
    """The next events of a seat's view; ``done``: the id of this seat's act just applied (an
    action may write no event: a declined buy-back)."""
    msg: Message = {"type": "update", "from": start, "events": events, "to_act": to_act,
                           "legal": legal}
    if done is not None:
        msg["done"] = done
    return msg


def refusal(ident: int, code: str, params: Mapping[str, Any], text: str) -> Message:
    clean: dict[str, Any] = {}
    for k, v in list(params.items())[:8]:
        clean[str(k)[:40]] = v if _params({"v": v}) is None else str(v)[:60]
    return {"type": "refusal", "id": ident, "code": code if CODE_WORD.fullmatch(code) else "illegal",
            "params": clean, "text": text[:MAX_TEXT]}


__all__ = ["PROTOCOL", "DEFAULT_PORT", "Limits", "LIMITS", "ProtocolError", "encode", "parse_line",
           "check_from_joiner", "check_from_host", "action_problem", "hello", "act", "seen", "PING",
           "BYE", "welcome", "refused", "closed", "update", "refusal", "REFUSALS", "CLOSINGS",
           "MAX_UPDATE_EVENTS", "MAX_SEATS", "again", "say", "next_game", "said", "PHRASES",
           "public_players", "public_record"]


def seat_lost(seats: Sequence[Mapping[str, Any]], seat: int) -> bool:
    """A seat of a ``status`` whose player on the network lost the connection and which nobody
    plays meanwhile (the table waits for them)."""
    st = seats[seat] if 0 <= seat < len(seats) else None
    return st is not None and st.get("who") == "net" and st.get("link") == "lost" and not st.get("ai")
