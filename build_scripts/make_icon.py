#!/usr/bin/env python3
"""Draw the Gurka application icon (two fanned cards and a cucumber on green felt).

    python build_scripts/make_icon.py

Writes, all committed:

* ``assets/icon.png``  256 x 256 (window icon and Linux desktops)
* ``assets/icon.ico``  16 ... 256 px (Windows executable; PNG-compressed entries)
* ``assets/icon.icns`` 16 ... 1024 px (macOS app bundle; PNG-compressed entries)

Everything is drawn procedurally with pygame at 1024 px and scaled down
smoothly, so the script needs nothing but pygame-ce and gives the same
files on every run.  ICO and ICNS are written by hand (both formats accept
PNG payloads), so Pillow is not needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
S = 1024  # master size; every output is scaled down from it

FELT = (28, 94, 58)
FELT_EDGE = (16, 60, 36)
CARD = (250, 248, 240)
CARD_EDGE = (150, 150, 140)
RED = (196, 32, 44)
INK = (24, 24, 28)
CUKE = (72, 150, 48)
CUKE_DARK = (36, 92, 30)
CUKE_LIGHT = (150, 206, 96)
STEM = (120, 96, 40)


def _card(w: int, h: int, face: str) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = w // 9
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, CARD, surf.get_rect().inflate(-12, -12), border_radius=r - 6)
    pip = w // 7
    if face == "heart":
        _heart(surf, (w // 5, h // 6), pip, RED)
        _heart(surf, (w - w // 5, h - h // 6), pip, RED)
    else:
        _club(surf, (w // 5, h // 6), pip, INK)
    return surf


def _heart(surf, centre, size, colour) -> None:
    cx, cy = centre
    r = size // 2
    pygame.draw.circle(surf, colour, (cx - r // 2 - 1, cy - r // 3), r // 1.6)
    pygame.draw.circle(surf, colour, (cx + r // 2 + 1, cy - r // 3), r // 1.6)
    pygame.draw.polygon(surf, colour, [(cx - r - r // 8, cy - r // 6), (cx + r + r // 8, cy - r // 6),
                                       (cx, cy + r + r // 4)])


def _club(surf, centre, size, colour) -> None:
    cx, cy = centre
    r = size // 3.2
    for dx, dy in ((0, -r), (-r, r * 0.4), (r, r * 0.4)):
        pygame.draw.circle(surf, colour, (cx + dx, cy + dy), r)
    pygame.draw.polygon(surf, colour, [(cx, cy), (cx - r * 0.7, cy + r * 2.2), (cx + r * 0.7, cy + r * 2.2)])


def _cucumber(length: int, thick: int) -> pygame.Surface:
    """A horizontal cucumber: a rounded body, a light stripe, warts and a stem."""
    pad = thick // 2
    surf = pygame.Surface((length + 2 * pad, thick + 2 * pad), pygame.SRCALPHA)
    y = pad + thick // 2
    x0, x1 = pad + thick // 2, pad + length - thick // 2

    def body(colour, grow: int, dy: int = 0, shrink_x: int = 0) -> None:
        t = thick + grow
        pygame.draw.line(surf, colour, (x0 + shrink_x, y + dy), (x1 - shrink_x, y + dy), t)
        pygame.draw.circle(surf, colour, (x0 + shrink_x, y + dy), t // 2)
        pygame.draw.circle(surf, colour, (x1 - shrink_x, y + dy), t // 2)

    body(CUKE_DARK, 16)
    body(CUKE, 0)
    # a light stripe along the upper side
    hl = thick // 5
    pygame.draw.line(surf, CUKE_LIGHT, (x0 + thick // 3, y - thick // 4),
                     (x1 - thick // 3, y - thick // 4), hl)
    for x in (x0 + thick // 3, x1 - thick // 3):
        pygame.draw.circle(surf, CUKE_LIGHT, (x, y - thick // 4), hl // 2)
    # warts: a fixed scatter (no randomness, so the icon is the same on every run)
    n = 9
    for i in range(n):
        t = (i + 0.5) / n
        x = x0 + t * (x1 - x0)
        dy = math.sin(i * 2.4) * thick * 0.28
        pygame.draw.circle(surf, CUKE_DARK, (x, y + dy + thick * 0.08), max(3, thick // 16))
    # stem at the right end
    pygame.draw.line(surf, STEM, (x1 + thick // 2 - 6, y), (x1 + thick // 2 + pad // 2, y - pad // 4),
                     max(4, thick // 7))
    return surf


def draw_master() -> pygame.Surface:
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    # felt tile
    rect = pygame.Rect(0, 0, S, S).inflate(-48, -48)
    pygame.draw.rect(surf, FELT_EDGE, rect, border_radius=S // 6)
    pygame.draw.rect(surf, FELT, rect.inflate(-28, -28), border_radius=S // 6 - 14)
    # two fanned cards
    cw, ch = int(S * 0.46), int(S * 0.64)
    for angle, dx, face in ((16, -S * 0.12, "club"), (-10, S * 0.1, "heart")):
        card = pygame.transform.rotozoom(_card(cw, ch, face), angle, 1.0)
        surf.blit(card, card.get_rect(center=(S / 2 + dx, S / 2 - S * 0.05)))
    # the cucumber across the front
    cuke = pygame.transform.rotozoom(_cucumber(int(S * 0.66), int(S * 0.17)), 28, 1.0)
    surf.blit(cuke, cuke.get_rect(center=(S / 2, S / 2 + S * 0.14)))
    return surf


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    out = master
    # halve step by step: sharper small sizes than one big smoothscale
    while out.get_width() // 2 >= size:
        out = pygame.transform.smoothscale(out, (out.get_width() // 2, out.get_height() // 2))
    if out.get_width() != size:
        out = pygame.transform.smoothscale(out, (size, size))
    return out


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """ICO with PNG entries (Windows Vista and later read these)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = images[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09",
              1024: b"ic10"}


def icns_bytes(images: dict[int, bytes]) -> bytes:
    body = b""
    for s in sorted(images):
        data = images[s]
        body += ICNS_TYPES[s] + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else ASSETS
    out.mkdir(parents=True, exist_ok=True)
    master = draw_master()
    pngs = {s: png_bytes(scaled(master, s)) for s in (16, 24, 32, 48, 64, 128, 256, 512, 1024)}
    (out / "icon.png").write_bytes(pngs[256])
    (out / "icon.ico").write_bytes(ico_bytes({s: pngs[s] for s in (16, 24, 32, 48, 64, 128, 256)}))
    (out / "icon.icns").write_bytes(icns_bytes({s: pngs[s] for s in ICNS_TYPES}))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"wrote {out / name} ({(out / name).stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
