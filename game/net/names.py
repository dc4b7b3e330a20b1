"""Names shown to other people at a network table.

A name comes from someone else's keyboard (a joiner's hello, a host's welcome and status), so
before it is shown to anybody it is made plain (:func:`shown_name`): no control or format
character (the bidi overrides and isolates that turn the rest of a line around, zero-width
characters), no blank letters, any space a plain space, at most :data:`MAX_MARKS` combining
marks on a character (a name is not a tower of accents), NFC, and something visible left;
and two seats never share a name (:func:`distinct_name`, :func:`shown_names`).  What a
network message says of a bot is its file's name, never a folder of the host's
(:func:`public_seat`).
"""

from __future__ import annotations

import unicodedata

from ..engine.records import MAX_NAME, visible

#: combining marks kept on one character (Vietnamese needs two; a Nordic name none after NFC)
MAX_MARKS = 2
#: letters that show nothing (Hangul fillers) and the blank Braille pattern
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shown_name(text: object, default: str) -> str:
    """``text`` as a name that may be shown to others (``default`` when nothing is left)."""
    if not isinstance(text, str):
        return default
    out: list[str] = []
    marks = 0
    for c in unicodedata.normalize("NFC", text[:4 * MAX_NAME]):
        kind = unicodedata.category(c)
        if kind[0] == "C" or c in _BLANK or c in "\u2028\u2029":
            continue            # controls, format characters (bidi, zero-width), unassigned
        if kind[0] == "M":
            marks += 1
            if marks > MAX_MARKS or not out or out[-1] == " ":
                continue
        else:
            marks = 0
        out.append(" " if kind[0] == "Z" else c)
    name = " ".join("".join(out).split())[:MAX_NAME].rstrip()
    return name if visible(name) else default


def distinct_name(name: str, others: list[str]) -> str:
    """``name``, or ``name 2``, ``name 3``... so that it is none of ``others`` (letter case
    and accents' composition aside)."""
    taken = {unicodedata.normalize("NFC", o).casefold() for o in others}
    if name.casefold() not in taken:
        return name
    for n in range(2, 100):
        tail = f" {n}"
        candidate = name[:MAX_NAME - len(tail)].rstrip() + tail
        if candidate.casefold() not in taken:
            return candidate
    return name         # (a table has at most eight seats)


def shown_names(names: list[object], default: str = "?") -> list[str]:
    """Every seat's name made plain, and different from the seats before it."""
    out: list[str] = []
    for name in names:
        out.append(distinct_name(shown_name(name, default), out))
    return out


def public_seat(spec: str) -> str:
    """A seat spec as the network may say it: a bot by its file's name (``ext:bot.py``), never
    the folders of the host's computer it lies in."""
    if not isinstance(spec, str) or not spec.startswith("ext:"):
        return spec
    path = spec[4:].replace("\\", "/").rstrip("/")
    base = path.rsplit("/", 1)[-1].strip()
    return "ext:" + (shown_name(base, "bot") if base else "bot")
