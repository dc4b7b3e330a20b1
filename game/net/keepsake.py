"""What a host's save keeps of a network table (its id, code, port, the seats' tokens and its
relay), checked before the table is opened again: the save is a file, and hostile."""

from __future__ import annotations

import re
from typing import Any

from .protocol import CODE, TABLE_ID, TOKEN


def checked(keep: object, players: int) -> dict[str, Any] | None:
    """A network table's keepsake (its id, code, port and the seats' tokens), checked; None
    when any of it is not what the host wrote."""
    if not (isinstance(keep, dict) and set(keep) - {"relay"} == {"table", "code", "port", "tokens"}):
        return None
    table, code, port, tokens = keep["table"], keep["code"], keep["port"], keep["tokens"]
    if not (isinstance(table, str) and TABLE_ID.fullmatch(table) and isinstance(code, str)
            and CODE.fullmatch(code) and isinstance(port, int) and not isinstance(port, bool)
            and 0 <= port < 65536 and isinstance(tokens, dict) and len(tokens) <= players):
        return None
    if not all(isinstance(s, str) and s.isdigit() and int(s) < players and isinstance(t, str)
               and TOKEN.fullmatch(t) for s, t in tokens.items()):
        return None
    out: dict[str, Any] = {"table": table, "code": code, "port": port, "tokens": dict(tokens)}
    relay = keep.get("relay")
    if (isinstance(relay, dict) and set(relay) == {"relay", "cert", "key", "secret"}
            and all(isinstance(v, str) and len(v) < 8192 for v in relay.values())
            and len(relay["relay"]) <= 300 and re.fullmatch(r"[0-9a-f]{16}", relay["secret"])):
        out["relay"] = dict(relay)       # (the certificate is checked again when it is used)
    return out
