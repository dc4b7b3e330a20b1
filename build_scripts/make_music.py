#!/usr/bin/env python3
"""Synthesise the game's background music: a slow polska in D Dorian that loops.

    python build_scripts/make_music.py [OUT.ogg]     # default: assets/music/polska.ogg

A tune of 32 bars in three-four time, as a Swedish or Norwegian fiddler might play a slow
polska: its A and B parts on a plucked, kantele-like string over an open fifth droning low
(the sympathetic strings of a nyckelharpa or a Hardanger fiddle), then both parts again
with a soft bowed voice an octave below the tune.  Everything is made here with the
standard library (math, wave), deterministic (no randomness that is not seeded), and the
piece is folded into a loop: the last notes' ring and the room's echo run on into the
first bars, and the drone's periods fit the loop exactly, so ``pygame.mixer.music``
plays it round without a seam.  The 22.05 kHz mono WAV is encoded as Ogg Vorbis by
``oggenc`` (Debian: ``apt-get install vorbis-tools``); ``--wav`` writes the WAV instead.

The music is made by this script and belongs to the project (same licence as the code).
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "music" / "polska.ogg"
#: quarter notes a minute; three to the bar
TEMPO = 78
BEAT = 60.0 / TEMPO

# D Dorian, by name (an octave number as in scientific pitch)
_SEMI = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def freq(name: str) -> float:
    """``"D4"`` -> its frequency (A4 = 440 Hz, equal temperament)."""
    note, octave = name[0], int(name[-1])
    return 440.0 * 2 ** ((_SEMI[note] + 12 * (octave - 4)) / 12)


#: the tune, bar by bar: (note, beats)
A_PART = [
    [("D4", 1), ("A4", 1), ("A4", 0.5), ("G4", 0.5)],
    [("F4", 0.5), ("G4", 0.5), ("A4", 1), ("D5", 1)],
    [("C5", 0.5), ("A4", 0.5), ("G4", 1), ("E4", 1)],
    [("F4", 1), ("E4", 0.5), ("D4", 0.5), ("E4", 1)],
    [("D4", 1), ("A4", 1), ("B4", 0.5), ("C5", 0.5)],
    [("D5", 1), ("C5", 0.5), ("A4", 0.5), ("G4", 1)],
    [("F4", 0.5), ("G4", 0.5), ("A4", 1), ("E4", 1)],
    [("D4", 3)],
]
B_PART = [
    [("A4", 0.5), ("C5", 0.5), ("D5", 1), ("E5", 1)],
    [("F5", 1), ("E5", 0.5), ("D5", 0.5), ("C5", 1)],
    [("D5", 0.5), ("C5", 0.5), ("A4", 1), ("G4", 1)],
    [("A4", 1.5), ("G4", 0.5), ("F4", 1)],
    [("G4", 0.5), ("A4", 0.5), ("C5", 1), ("D5", 1)],
    [("E5", 1), ("D5", 0.5), ("C5", 0.5), ("A4", 1)],
    [("G4", 0.5), ("F4", 0.5), ("E4", 1), ("C4", 0.5), ("E4", 0.5)],
    [("D4", 3)],
]
#: a chord a bar under the tune: its low root, then two soft plucks of the chord
A_CHORDS = ["Dm", "Dm", "C", "Dm", "Dm", "G", "Am", "Dm"]
B_CHORDS = ["F", "C", "Am", "Dm", "C", "Am", "C", "Dm"]
CHORDS = {"Dm": ("D3", "F3", "A3"), "C": ("C3", "E3", "G3"), "G": ("G2", "B3", "D4"),
          "Am": ("A2", "C4", "E4"), "F": ("F2", "A3", "C4")}

BARS = 2 * (len(A_PART) + len(B_PART))
LENGTH = BARS * 3 * BEAT             # seconds in the loop
TAIL = 4.0                           # what rings on past the loop's end, folded into its start


_made: dict[tuple, list[float]] = {}


def _once(make):
    """A note made once for its arguments (the tune repeats its notes)."""
    def made(*args):
        key = (make.__name__, *args)
        if key not in _made:
            _made[key] = make(*args)
        return _made[key]
    made.__name__ = make.__name__
    made.__doc__ = make.__doc__
    return made


@_once
def pluck(f: float, seconds: float, gain: float, bright: float = 1.0) -> list[float]:
    """A plucked string (a kantele, a harp): a few harmonics, the higher ones dying sooner,
    a slightly stretched overtone series; each harmonic a decaying phasor."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for k in range(1, 7):
        fk = f * k * (1 + 0.0004 * k * k)           # a string's stretched overtones
        if fk > RATE * 0.45:
            break
        amp = gain * (0.9 ** (k - 1)) / k * (bright if k > 2 else 1.0)
        tau = 1.6 / (1 + 0.7 * (k - 1)) * (220.0 / max(110.0, f)) ** 0.35
        rot = complex(math.cos(2 * math.pi * fk / RATE), math.sin(2 * math.pi * fk / RATE))
        z = complex(amp, 0.0)
        decay = math.exp(-1.0 / (tau * RATE))
        step = rot * decay
        for i in range(n):
            out[i] += z.imag
            z *= step
    attack = int(0.004 * RATE)                       # no click at the start
    for i in range(min(attack, n)):
        out[i] *= i / attack
    return out


@_once
def bowed(f: float, seconds: float, gain: float) -> list[float]:
    """A soft bowed string an octave under the tune: a slow attack, a gentle vibrato that
    comes in late, a few harmonics, a release."""
    n = int((seconds + 0.25) * RATE)
    out = [0.0] * n
    harmonics = [(1, 1.0), (2, 0.45), (3, 0.22), (4, 0.12), (5, 0.06)]
    phase = 0.0
    hold = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        vib = 1 + 0.004 * math.sin(2 * math.pi * 5.2 * t) * min(1.0, t / 0.5)
        phase += 2 * math.pi * f * vib / RATE
        a = min(1.0, t / 0.12)
        if i > hold:
            a *= max(0.0, 1 - (i - hold) / (0.25 * RATE))
        s = 0.0
        for k, h in harmonics:
            s += h * math.sin(k * phase)
        out[i] = gain * a * s
    return out


def add(buf: list[float], at: float, samples: list[float]) -> None:
    o = int(round(at * RATE))
    for i, s in enumerate(samples):
        j = o + i
        if j >= len(buf):
            break
        buf[j] += s


def drone(n: int) -> list[float]:
    """The open fifth D2-A2 droning under it all, swelling slowly; every period fits the
    loop a whole number of times (no seam where it begins again).  One cycle of its tone
    is worked out once and read round at each voice's pitch."""
    size = 4096
    harmonics = [(1, 1.0), (2, 0.5), (3, 0.3), (4, 0.16), (5, 0.08), (6, 0.04)]
    table = [sum(h * math.sin(2 * math.pi * k * i / size) for k, h in harmonics) for i in range(size)]
    table.append(table[0])
    loop = LENGTH
    voices = []
    for name, gain in (("D2", 0.05), ("A2", 0.03), ("D3", 0.02)):
        cycles = round(freq(name) * loop)             # a whole number of cycles in the loop
        voices.append((cycles * size / (loop * RATE), gain))
    out = [0.0] * n
    swell = 2 * math.pi * 8 / (loop * RATE)           # eight slow swells a loop
    for step, gain in voices:
        pos = 0.0
        for i in range(n):
            j = int(pos)
            frac = pos - j
            out[i] += gain * (table[j] + (table[j + 1] - table[j]) * frac)
            pos += step
            if pos >= size:
                pos -= size
    return [out[i] * (0.75 + 0.25 * math.sin(swell * i)) for i in range(n)]


def room(buf: list[float]) -> list[float]:
    """A small wooden room's echo: four feedback combs and two all-passes (Schroeder),
    mixed in under the dry sound."""
    n = len(buf)
    wet = [0.0] * n
    for delay_ms, fb in ((29.7, 0.78), (37.1, 0.76), (41.1, 0.74), (43.7, 0.72)):
        d = int(delay_ms / 1000 * RATE)
        line = [0.0] * d
        j = 0
        low = 0.0
        for i in range(n):
            y = line[j]
            low = 0.6 * y + 0.4 * low                 # the echo dulls as it goes round
            line[j] = buf[i] + fb * low
            wet[i] += y
            j = j + 1 if j + 1 < d else 0
    for delay_ms, g in ((5.0, 0.7), (1.7, 0.7)):
        d = int(delay_ms / 1000 * RATE)
        line = [0.0] * d
        j = 0
        for i in range(n):
            x = wet[i]
            y = line[j] - g * x
            line[j] = x + g * y
            wet[i] = y
            j = j + 1 if j + 1 < d else 0
    return [buf[i] + 0.22 * wet[i] for i in range(n)]


def render() -> list[float]:
    """The whole loop, its tail folded into its start; samples about -1..1."""
    total = int((LENGTH + TAIL) * RATE)
    buf = [0.0] * total
    rng = random.Random(69)
    t = 0.0
    for rounds in range(2):
        for part, chords in ((A_PART, A_CHORDS), (B_PART, B_CHORDS)):
            for bar, chord in zip(part, chords):
                # the chord: the root on the first beat, the others softly on two and three
                root, *rest = CHORDS[chord]
                add(buf, t, pluck(freq(root), 2.4, 0.22, 0.6))
                for beat, name in ((1, rest[0]), (2, rest[1])):
                    add(buf, t + beat * BEAT + rng.uniform(0, 0.012), pluck(freq(name), 1.4, 0.09, 0.5))
                # the tune, a little freely in time (a player's hand)
                at = t
                for name, beats in bar:
                    add(buf, at + rng.uniform(0, 0.01), pluck(freq(name), max(1.6, beats * BEAT + 1.0),
                                                              rng.choice((0.38, 0.42, 0.46))))
                    if rounds == 1:
                        add(buf, at, bowed(freq(name) / 2, beats * BEAT * 0.96, 0.07))
                    at += beats * BEAT
                t += 3 * BEAT
    wet = room(buf)
    n = int(LENGTH * RATE)
    for i in range(total - n):                        # the ring past the end runs into the start
        wet[i] += wet[n + i]
    loop = wet[:n]
    hum = drone(n)
    return [loop[i] + hum[i] for i in range(n)]


def write_wav(path: Path, samples: list[float], peak: float = 0.7) -> None:
    top = max(1e-9, max(abs(s) for s in samples))
    scale = peak * 32767 / top
    data = b"".join(struct.pack("<h", int(max(-32767, min(32767, s * scale)))) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)


def main(argv: list[str]) -> int:
    as_wav = "--wav" in argv
    args = [a for a in argv if a != "--wav"]
    out = Path(args[0]) if args else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    samples = render()
    if as_wav:
        write_wav(out, samples)
    else:
        encoder = shutil.which("oggenc")
        if encoder is None:
            print("make_music: oggenc is needed to write Ogg Vorbis (apt-get install vorbis-tools), "
                  "or write a WAV with --wav", file=sys.stderr)
            return 1
        with tempfile.TemporaryDirectory() as tmp:
            wav = Path(tmp) / "polska.wav"
            write_wav(wav, samples)
            subprocess.run([encoder, "--quiet", "-q", "1", "--serial", "69",
                            "-t", "Polska in D Dorian", "-a", "Gurka", "-c", "LICENSE=the game's own",
                            "-o", str(out), str(wav)], check=True)
    print(f"{out}: {out.stat().st_size // 1024} KB, {LENGTH:.1f} s a loop")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
