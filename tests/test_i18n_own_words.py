"""In-game texts are our own words: no translation, and no English text, repeats a phrase
of eight words or more from the original rule texts (../shared/seeds), which may be read
for the rules and each country's card words but not copied.  The seeds are kept here only
as fingerprints (``build_scripts/seed_phrases.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
import seed_phrases  # noqa: E402

sys.path.pop(0)
SEEDS = set((ROOT / "tests" / "fixtures" / "seed_phrases.txt").read_text(encoding="ascii").split())


def test_the_fingerprints_are_there_and_catch_a_copy():
    assert len(SEEDS) > 4000
    # a sentence of the Swedish seed, as an earlier catalogue had it (now rephrased)
    assert seed_phrases.phrases("Du lägger en ny insats i potten, och dina minuspoäng blir "
                                "lika många som hos den av de andra kvarvarande") & SEEDS


@pytest.mark.parametrize("lang", ["sv", "da", "nb", "is", "en"])
def test_no_text_repeats_a_phrase_of_the_seeds(lang):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        catalog = read_po(fh, locale=lang)
    copied = []
    for m in catalog:
        if not m.id:
            continue
        texts = list(m.string) if isinstance(m.string, tuple) else [m.string]
        texts += list(m.id) if isinstance(m.id, tuple) else [m.id]
        if any(seed_phrases.phrases(t or "") & SEEDS for t in texts):
            copied.append((m.id if isinstance(m.id, str) else m.id[0])[:60])
    assert not copied, f"{lang}: texts that repeat the seeds' words: {copied}"
