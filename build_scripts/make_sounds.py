#!/usr/bin/env python3
"""Synthesise the game's sound effects with the standard library only (wave + math).

    python build_scripts/make_sounds.py [OUTDIR]     # default: assets/sounds

Writes shuffle.wav, deal.wav, play.wav, trick.wav, knockout.wav and win.wav: 22.05 kHz,
16-bit mono, each well under 60 KB.  Deterministic (fixed random seeds), so
running it again gives the same files.  The sounds are made by this script
and belong to the project (same licence as the code).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent


def _noise(rng: random.Random, n: int, smooth: float) -> list[float]:
    """White noise through a one-pole low-pass (smooth 0 = white, near 1 = dull)."""
    out, y = [], 0.0
    for _ in range(n):
        y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
        out.append(y)
    return out


def _env(i: int, n: int, attack: float, decay: float) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-t / decay) * (1 - i / n) ** 0.5


def flick(rng, length=0.07, smooth=0.35, decay=0.018, thump=0.0, pitch=140.0) -> list[float]:
    """One card: a short brush of noise, optionally with a soft low thump under it."""
    n = int(RATE * length)
    nz = _noise(rng, n, smooth)
    out = []
    for i in range(n):
        e = _env(i, n, 0.002, decay)
        s = nz[i] * e
        if thump:
            s += thump * math.sin(2 * math.pi * pitch * i / RATE) * math.exp(-i / RATE / 0.03)
        out.append(s)
    return out


def mix(total: float, parts: list[tuple[float, list[float], float]]) -> list[float]:
    buf = [0.0] * int(RATE * total)
    for start, samples, gain in parts:
        o = int(start * RATE)
        for i, s in enumerate(samples):
            if o + i < len(buf):
                buf[o + i] += s * gain
    return buf


def shuffle() -> list[float]:
    """A riffle: many quick card flicks speeding up, then a soft bridge."""
    rng = random.Random(1)
    parts, t = [], 0.0
    for k in range(26):
        gap = 0.022 - 0.008 * k / 26 + rng.uniform(-0.003, 0.003)
        parts.append((t, flick(rng, 0.03, 0.25, 0.008), 0.5 + rng.uniform(-0.15, 0.15)))
        t += gap
    parts.append((t + 0.02, flick(rng, 0.12, 0.6, 0.04, thump=0.3, pitch=110), 0.8))
    return mix(t + 0.16, parts)


def deal() -> list[float]:
    rng = random.Random(2)
    return mix(0.09, [(0.0, flick(rng, 0.08, 0.3, 0.02), 0.9)])


def play() -> list[float]:
    rng = random.Random(3)
    return mix(0.14, [(0.0, flick(rng, 0.13, 0.5, 0.025, thump=0.5, pitch=130), 1.0)])


def trick() -> list[float]:
    """Cards swept together: a soft swoosh that rises and falls, ending in a tap."""
    rng = random.Random(4)
    n = int(RATE * 0.28)
    out, y = [], 0.0
    for i in range(n):
        t = i / n
        smooth = 0.85 - 0.5 * math.sin(math.pi * t)          # brighter in the middle
        y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
        out.append(y * math.sin(math.pi * t) ** 1.5 * 1.4)
    return mix(0.36, [(0.0, out, 0.8), (0.27, flick(rng, 0.08, 0.5, 0.02, thump=0.4), 0.8)])


def knockout() -> list[float]:
    """A short, comic "wah-wah" fall of two tones: someone is out."""
    out = []
    notes = [(0.0, 0.22, 392.0, 370.0), (0.24, 0.46, 349.2, 300.0)]
    total = 0.72
    n = int(RATE * total)
    phase = 0.0
    for i in range(n):
        t = i / RATE
        s = 0.0
        for start, length, f0, f1 in notes:
            if start <= t < start + length:
                u = (t - start) / length
                f = f0 + (f1 - f0) * u
                vib = 1 + 0.012 * math.sin(2 * math.pi * 5.5 * (t - start))
                phase += 2 * math.pi * f * vib / RATE
                a = min(1.0, (t - start) / 0.02) * (1 - u) ** 0.6
                # a warm, brass-like tone: a few odd and even harmonics
                s = a * (math.sin(phase) + 0.45 * math.sin(2 * phase) + 0.25 * math.sin(3 * phase)
                         + 0.1 * math.sin(4 * phase)) / 1.8
        out.append(s)
    return out


def win() -> list[float]:
    """A won game: a bright rising arpeggio of bell-like tones (C E G C), the last one
    ringing out, with a soft riffle of cards under its start."""
    rng = random.Random(5)
    notes = [(0.0, 523.25, 0.3), (0.08, 659.25, 0.3), (0.16, 783.99, 0.35), (0.24, 1046.5, 0.7)]
    total = 0.95
    n = int(RATE * total)
    out = [0.0] * n
    for start, f, length in notes:
        o = int(start * RATE)
        for i in range(int(length * RATE)):
            if o + i >= n:
                break
            t = i / RATE
            a = min(1.0, t / 0.006) * math.exp(-t / (length * 0.35))
            # a bell: the fundamental, a soft octave and a slightly sharp twelfth
            s = (math.sin(2 * math.pi * f * t) + 0.35 * math.sin(2 * math.pi * 2 * f * t)
                 + 0.12 * math.sin(2 * math.pi * 3.01 * f * t))
            out[o + i] += 0.5 * a * s
    riffle = mix(0.4, [(k * 0.018, flick(rng, 0.03, 0.25, 0.008), 0.12) for k in range(14)])
    for i, v in enumerate(riffle):
        out[i] += v
    return out


SOUNDS = {"shuffle": shuffle, "deal": deal, "play": play, "trick": trick, "knockout": knockout,
          "win": win}


def write(path: Path, samples: list[float], peak: float = 0.8) -> None:
    top = max(1e-9, max(abs(s) for s in samples))
    scale = peak * 32767 / top
    fade = int(RATE * 0.004)
    data = bytearray()
    for i, s in enumerate(samples):
        if i >= len(samples) - fade:            # no click at the end
            s *= (len(samples) - i) / fade
        data += struct.pack("<h", int(max(-32767, min(32767, s * scale))))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "assets" / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        write(path, make())
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
              f"{path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
