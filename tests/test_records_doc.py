"""game/engine/RECORDS.md, the record format as players and bot writers read it, names every
option of each family and every event the engine writes, and nothing else."""

import random
import re
from pathlib import Path

import pytest

from game.engine import new_game
from game.engine.registry import DURAK, GURKA, find_ruleset, rulesets

DOC = Path(__file__).resolve().parent.parent / "game" / "engine" / "RECORDS.md"


def table_keys(title: str) -> list[str]:
    """The first column (a `name` in backticks) of the table under the heading ``title``."""
    text = DOC.read_text(encoding="utf-8")
    lines = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0].splitlines()
    rows = [line for line, below in zip(lines, lines[1:] + [""]) if not below.startswith("|---")]
    return [m.group(1) for m in map(re.compile(r"^\| `([a-z_0-9]+)` \|").match, rows) if m]


def written_events(family) -> set[str]:
    """The event types whole random games of the family write (every ruleset, options that
    bring out knock-outs, buy-backs, exchanges, teams)."""
    seen = set()
    variants = {GURKA: [(3, {}), (4, {"lives": 2}), (4, {"buyback": "free"}), (4, {"buyback": "worst"})],
                DURAK: [(2, {}), (3, {}), (4, {"teams": "2v2"}), (6, {})]}[family]
    for entry in rulesets():
        if entry.family is not family:
            continue
        for seed in range(6):
            for n, options in variants:
                state = new_game(entry.id, n, options, seed=seed)
                rng = random.Random(seed)
                while not state.is_over():
                    state.apply(rng.choice(state.legal_actions()))
                seen |= {e["type"] for e in state.events}
    return seen


@pytest.mark.parametrize("family, title", [(GURKA, "Options of the Gurka family"),
                                           (DURAK, "Options of Durak")], ids=["gurka", "durak"])
def test_every_option_is_described_once(family, title):
    keys = table_keys(title)
    assert sorted(keys) == sorted(family.defaults) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("family, title", [(GURKA, "Events of the Gurka family"),
                                           (DURAK, "Events of Durak")], ids=["gurka", "durak"])
def test_every_event_written_is_described(family, title):
    assert set(table_keys(title)) == written_events(family)


def test_the_rulesets_named_are_the_registry_s():
    text = DOC.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `rules` |"))
    named = re.findall(r"`([a-z0-9-]+)`", row.split("|")[2])
    assert sorted(named) == sorted(r.id for r in rulesets())
    assert all(find_ruleset(r) for r in named)
