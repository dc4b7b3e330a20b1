"""Bounded JSON for files from anywhere (records, saves, settings, bot replies).

Every file and every bot is hostile.  :func:`loads` refuses, with a one-line
:class:`JSONLimitError` (a ValueError) and before :mod:`json` builds anything:

- text longer than ``max_bytes`` (UTF-8 bytes);
- nesting deeper than ``max_depth`` (checked on the raw text, so the decoder never
  recurses that far), and more than ``max_containers`` lists and objects (what a
  document costs in memory grows with their number: about 100 bytes each);
- a number with more than :data:`MAX_NUMBER_DIGITS` digits, and NaN / Infinity;
- a string holding a control character (NUL included) or a lone surrogate
  (``"\\ud800"``): nothing the game writes contains one, and they crash font
  rendering or UTF-8 writing later.

Bytes that are not UTF-8 are a ValueError too.  A UTF-8 byte-order mark before the
text is accepted.  :func:`read_file` reads at most ``max_bytes`` + 1 bytes, so a huge
file or ``/dev/zero`` costs no more memory than the limit.  :func:`iter_lines` streams
JSON Lines with a limit per line and in total.
"""

from __future__ import annotations

import json
import os
import re
import stat
from array import array
from itertools import accumulate
from pathlib import Path

#: longest number token accepted (2**64 has 20 digits)
MAX_NUMBER_DIGITS = 20
DEFAULT_DEPTH = 32
#: lists and objects in one document (a record at its 100,000-event limit has about 200,000)
MAX_CONTAINERS = 1_000_000
BOM = b"\xef\xbb\xbf"

_DROP = bytes(c for c in range(256) if c not in b"[]{}")
_PAIRS = bytes.maketrans(b"[{]}", b"(())")
_STEPS = bytes.maketrans(b"()", b"\x01\xff")   # +1 / -1 as signed bytes
_BAD_CHAR = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_RAW_BAD = re.compile("[\x7f-\x9f\ud800-\udfff]")   # what json.loads lets through unescaped


class JSONLimitError(ValueError):
    """Input refused by a limit (size, depth, number length, characters): one line.

    ``code`` names the limit (stable: the interface says it in the player's language) and
    ``params`` fill it: ``digits`` (max), ``number_large``, ``constant`` (token),
    ``bad_char``, ``larger`` (bytes), ``containers`` (max), ``nested`` (max),
    ``not_regular``, ``line_long`` (line, bytes), ``lines`` (max)."""

    def __init__(self, reason: str, code: str = "limit", **params):
        super().__init__(reason)
        self.code = code
        self.params = params


class JSONFormatError(ValueError):
    """Text that is not JSON at all: ``code`` ``not_utf8`` (byte) or ``not_json`` (line,
    column), one line."""

    def __init__(self, reason: str, code: str, **params):
        super().__init__(reason)
        self.code = code
        self.params = params


def brackets(text: str | bytes) -> bytes:
    """The brackets of ``text`` outside strings, as ``(`` and ``)``.

    At C speed: escapes are dropped (an escaped backslash first, then an escaped
    quote), so every quote left delimits a string, and splitting at the quotes drops
    the strings.  Up to the first syntax error this agrees with the decoder, and what
    follows one is never decoded."""
    b = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if b"\\" in b:
        b = b.replace(b"\\\\", b"").replace(b'\\"', b"")
    if b'"' in b:
        b = b"".join(b.split(b'"')[::2])
    return b.translate(_PAIRS, _DROP)


def too_deep(s: bytes, max_depth: int) -> bool:
    """Whether brackets from :func:`brackets` nest deeper than ``max_depth``.

    A run of openers longer than the limit is found at once; up to three passes peel
    off the innermost pairs (each lowers the depth of balanced brackets by one; a real
    record is flat by then); the running depth of what is left is summed at C speed.
    Unbalanced brackets (a cut-off file) count as too deep only if a decoder would get
    deeper than the limit before failing, or nearly so.  About 0.25 s per million
    brackets left, and no memory beyond one byte each."""
    if b"(" * (max_depth + 1) in s:
        return True                       # the common attack, found at once
    peeled = 0
    while s and peeled < min(3, max_depth):
        shorter = s.replace(b"()", b"")
        if len(shorter) == len(s):
            break
        s, peeled = shorter, peeled + 1
    if not s:
        return False
    return max(accumulate(array("b", s.translate(_STEPS)))) > max_depth - peeled


def depth_over(text: str | bytes, max_depth: int) -> bool:
    """Whether the brackets of ``text`` (outside strings) nest deeper than ``max_depth``."""
    return too_deep(brackets(text), max_depth)


def _check_number(token: str) -> str:
    digits = len(token) - sum(token.count(c) for c in "-+.eE")
    if digits > MAX_NUMBER_DIGITS:
        raise JSONLimitError(f"a number with more than {MAX_NUMBER_DIGITS} digits", "digits",
                             max=MAX_NUMBER_DIGITS)
    return token


def _parse_int(token: str) -> int:
    return int(_check_number(token))


def _parse_float(token: str) -> float:
    value = float(_check_number(token))
    if value in (float("inf"), float("-inf")):
        raise JSONLimitError("a number too large for the game", "number_large")
    return value


def _parse_constant(token: str):
    raise JSONLimitError(f"{token} is not a number the game accepts", "constant", token=token)


def check_strings(data: object) -> None:
    """JSONLimitError when any string (key or value) holds a control character or a lone
    surrogate.  Iterative: ``data`` may be as deep as it likes."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _BAD_CHAR.search(item):
                raise JSONLimitError("a text holds a control character or an invalid character", "bad_char")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def decode(raw: bytes) -> str:
    """UTF-8 text (a leading byte-order mark dropped); ValueError naming the bad byte."""
    if raw.startswith(BOM):
        raw = raw[len(BOM):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JSONFormatError(f"not UTF-8 text (byte {e.start + 1})", "not_utf8", byte=e.start + 1) from None


def loads(text: str | bytes, max_bytes: int, max_depth: int = DEFAULT_DEPTH,
          max_containers: int = MAX_CONTAINERS) -> object:
    """Parse ``text`` within the limits above.  ValueError (JSONDecodeError or
    JSONLimitError) with a one-line reason otherwise; never RecursionError."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes + len(BOM):
            raise JSONLimitError(f"larger than {_size(max_bytes)}", "larger", bytes=max_bytes)
        text = decode(bytes(text))
    elif text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > max_bytes:   # characters ≤ bytes: a quick bound before encoding
        raise JSONLimitError(f"larger than {_size(max_bytes)}", "larger", bytes=max_bytes)
    shape = brackets(text)
    if len(shape) > 2 * max_containers:   # what a document costs in memory grows with these
        raise JSONLimitError(f"more than {max_containers:,} lists and objects", "containers",
                             max=max_containers)
    if too_deep(shape, max_depth):
        raise JSONLimitError(f"nested more than {max_depth} levels deep", "nested", max=max_depth)
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except json.JSONDecodeError as e:
        raise JSONFormatError(f"not valid JSON ({e.msg}, line {e.lineno} column {e.colno})", "not_json",
                              line=e.lineno, column=e.colno) from None
    if "\\" in text or _RAW_BAD.search(text):   # the only ways a bad character gets in
        check_strings(data)
    return data


def read_bytes(path: Path | str, max_bytes: int) -> bytes:
    """At most ``max_bytes`` of a regular file; JSONLimitError if it holds more or is a
    folder, a device or a pipe (which could block or never end).  OSError
    (FileNotFoundError included) as raised."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise JSONLimitError("not a regular file", "not_regular")
    with open(path, "rb") as fh:
        raw = fh.read(max_bytes + len(BOM) + 1)
    if len(raw) > max_bytes + (len(BOM) if raw.startswith(BOM) else 0):
        raise JSONLimitError(f"larger than {_size(max_bytes)}", "larger", bytes=max_bytes)
    return raw


def read_file(path: Path | str, max_bytes: int, max_depth: int = DEFAULT_DEPTH) -> object:
    """Parse a JSON file within the limits.  FileNotFoundError when absent; OSError or
    ValueError (one line) when it cannot be used."""
    return loads(read_bytes(path, max_bytes), max_bytes, max_depth)


def iter_lines(fh, max_line: int, max_total: int, max_lines: int):
    """Yield ``(line number, bytes)`` for the non-blank lines of a binary stream.

    JSONLimitError as soon as a line is longer than ``max_line``, the stream longer
    than ``max_total`` or than ``max_lines`` lines: memory stays within one line."""
    total = 0
    n = 0
    while True:
        line = fh.readline(max_line + 2)
        if not line:
            return
        n += 1
        total += len(line)
        body = line.rstrip(b"\r\n")
        if n == 1 and body.startswith(BOM):
            body = body[len(BOM):]
        if len(body) > max_line:
            raise JSONLimitError(f"line {n} is longer than {_size(max_line)}", "line_long", line=n,
                                 bytes=max_line)
        if total > max_total:
            raise JSONLimitError(f"larger than {_size(max_total)}", "larger", bytes=max_total)
        if n > max_lines:
            raise JSONLimitError(f"more than {max_lines:,} lines", "lines", max=max_lines)
        if body.strip():
            yield n, body


def clip(text: object, limit: int = 160) -> str:
    """One short line of ``text`` (messages never echo a huge or multi-line value, nor
    a control character: a terminal escape sequence from a bot or a file name is shown
    as ``?[31m``, not obeyed)."""
    try:
        text = str(text)
    except ValueError:          # e.g. an int of more than 4,300 digits
        text = f"<{type(text).__name__} too large to show>"
    text = _BAD_CHAR.sub("?", " ".join(text[: limit + 200].split()))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _size(n: int) -> str:
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f"{n >> 20} MB"
    if n >= 1 << 10 and n % (1 << 10) == 0:
        return f"{n >> 10} KB"
    return f"{n:,} bytes"


__all__ = ["JSONLimitError", "clip", "loads", "brackets", "too_deep", "depth_over", "read_file",
           "read_bytes", "iter_lines", "decode", "check_strings", "MAX_NUMBER_DIGITS",
           "DEFAULT_DEPTH", "MAX_CONTAINERS"]
