#!/usr/bin/env python3
"""Fingerprints of the original rule texts' phrases, for the test that keeps them out of
the game's own texts (``tests/test_i18n_own_words.py``).

    python build_scripts/seed_phrases.py [SEEDS_DIR]   # default: ../shared/seeds

Writes ``tests/fixtures/seed_phrases.txt``: one hash per run of :data:`PHRASE` words of
the seeds, never the words themselves.  In-game texts are ours: the seeds may be read
for the rules and each country's card words, not copied."""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "seed_phrases.txt"
#: words in a row that count as a copied phrase
PHRASE = 8


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def phrases(text: str) -> set[str]:
    """Fingerprints of every run of PHRASE words, except runs that are mostly a list of
    numbers (card values and rank orders are facts, not phrasing)."""
    w = words(text)
    out = set()
    for i in range(len(w) - PHRASE + 1):
        run = w[i:i + PHRASE]
        if sum(t.isdigit() for t in run) >= 3:
            continue
        out.add(hashlib.sha256(" ".join(run).encode("utf-8")).hexdigest()[:16])
    return out


def main(argv: list[str]) -> int:
    seeds = Path(argv[0]) if argv else ROOT.parent / "shared" / "seeds"
    files = sorted(seeds.glob("*.txt"))
    if not files:
        print(f"no seed texts in {seeds}", file=sys.stderr)
        return 1
    found: set[str] = set()
    for f in files:
        found |= phrases(f.read_text(encoding="utf-8"))
    OUT.write_text("".join(h + "\n" for h in sorted(found)), encoding="ascii")
    print(f"{len(found)} phrase fingerprints from {len(files)} seed texts -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
