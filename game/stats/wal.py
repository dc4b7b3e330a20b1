"""A statistics file and its write-ahead log read together in memory, for a folder where
SQLite cannot keep the log's index (a read-only folder or disk, a full disk, no inodes).

SQLite reads a database in WAL mode through the ``-shm`` index next to it, and makes that
index when it is missing; where it cannot, the file can only be read ``immutable``: as of
its last checkpoint, without the games still in the ``-wal`` (a writer killed, a checkpoint
the full disk refused, a copy of the folder without its ``-shm``).  :func:`image` applies
the log's committed frames to the file's pages in memory, as SQLite's own recovery does
(https://www.sqlite.org/fileformat2.html#the_write_ahead_log): the header's magic, page size
and salts, every frame's salts and cumulative checksum, and only frames up to the last
commit.  The image is then read by SQLite in memory (``deserialize``); nothing is written
next to the file.  No pygame here.
"""

from __future__ import annotations

import os
import sqlite3
import struct
from pathlib import Path

#: the most a file and its log may take in memory together (a larger one is read as of its
#: last checkpoint, and the screen says the newest games cannot be shown yet)
MAX_IMAGE_BYTES = 256 << 20
#: the longest log read (SQLite checkpoints at about 4 MB)
MAX_WAL_BYTES = 32 << 20
WAL_HEADER = 32
FRAME_HEADER = 24
MAGIC = (0x377F0682, 0x377F0683)       # little- / big-endian checksums
VERSION = 3007000


class TooLarge(Exception):
    """The file and its log do not fit the memory they may take."""


def _checksum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes) from ``(s0, s1)``."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def committed(wal: bytes) -> tuple[int, dict[int, int], int]:
    """(page size, page number -> offset of its latest committed content in ``wal``, the
    database's size in pages after the last commit).  No valid header or no commit:
    ``(0, {}, 0)``: the file itself is all there is."""
    if len(wal) < WAL_HEADER:
        return 0, {}, 0
    magic, version, page_size, _seq, salt1, salt2, c0, c1 = struct.unpack(">8I", wal[:WAL_HEADER])
    if magic not in MAGIC or version != VERSION or not (512 <= page_size <= 65536) or \
            page_size & (page_size - 1):
        return 0, {}, 0
    big = magic & 1 == 1
    s0, s1 = _checksum(wal[:24], big, 0, 0)
    if (s0, s1) != (c0, c1):
        return 0, {}, 0
    frames: list[tuple[int, int]] = []
    kept, size = 0, 0
    at = WAL_HEADER
    step = FRAME_HEADER + page_size
    while at + step <= len(wal):
        number, after, f1, f2, k0, k1 = struct.unpack(">6I", wal[at:at + FRAME_HEADER])
        if (f1, f2) != (salt1, salt2) or number == 0:
            break
        s0, s1 = _checksum(wal[at:at + 8], big, s0, s1)
        s0, s1 = _checksum(wal[at + FRAME_HEADER:at + step], big, s0, s1)
        if (s0, s1) != (k0, k1):
            break
        frames.append((number, at + FRAME_HEADER))
        if after:                                   # a commit: every frame so far counts
            kept, size = len(frames), after
        at += step
    if not size:
        return 0, {}, 0
    return page_size, dict(frames[:kept]), size


def _read(path: Path, limit: int) -> bytes:
    """The file's bytes, at most ``limit`` (TooLarge beyond), through a descriptor that
    follows no link and never blocks (the path was checked to be a regular file)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | \
        getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if os.fstat(fd).st_size > limit:
            raise TooLarge(path.name)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise TooLarge(path.name)
    return data


def has_log(path: Path) -> bool:
    """Whether a ``-wal`` with frames in it is next to ``path``."""
    try:
        return os.lstat(f"{path}-wal").st_size > WAL_HEADER
    except OSError:
        return False


def image(path: Path) -> bytes | None:
    """The database at ``path`` with its log's committed frames applied, as one file's
    bytes (its header says *not WAL*, so SQLite reads it in memory as it is); None when the
    log holds no commit (the file is all there is).  TooLarge, OSError."""
    path = Path(path)
    wal = _read(Path(f"{path}-wal"), MAX_WAL_BYTES)
    page_size, pages, size = committed(wal)
    if not pages:
        return None
    if size * page_size > MAX_IMAGE_BYTES:
        raise TooLarge(path.name)
    data = bytearray(_read(path, MAX_IMAGE_BYTES))
    data[size * page_size:] = b""
    if len(data) < size * page_size:
        data.extend(bytes(size * page_size - len(data)))
    for number, at in pages.items():
        if number <= size:
            data[(number - 1) * page_size:number * page_size] = wal[at:at + page_size]
    if len(data) >= 20:
        data[18:20] = b"\x01\x01"                   # a rollback-journal file: no WAL in memory
    return bytes(data)


def connect(data: bytes) -> sqlite3.Connection:
    """A connection to the image in memory (AttributeError on a Python without
    ``deserialize``, before 3.11)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.deserialize(data)  # type: ignore[attr-defined,unused-ignore]  # (3.11; see above)
    except BaseException:
        conn.close()
        raise
    return conn
