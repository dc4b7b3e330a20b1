"""The independent conformance fixtures (copied from shared/fixtures)."""

import json
import re
from pathlib import Path

import pytest

from game.engine import RecordError, replay

HERE = Path(__file__).parent / "fixtures" / "shared"
LEGAL = sorted((HERE / "legal").glob("*.json"))
ILLEGAL = sorted((HERE / "illegal").glob("*.json"))


def test_every_fixture_is_here():
    assert len(LEGAL) >= 30 and len(ILLEGAL) >= 15


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_legal_fixture_replays_to_its_end(path):
    record = json.loads(path.read_text())
    state = replay(record)
    assert state.is_over()
    assert state.events == record["events"]


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.stem)
def test_illegal_fixture_is_refused_at_its_event(path):
    record = json.loads(path.read_text())
    bad = int(re.search(r"event(\d+)", path.stem).group(1))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.event is not None
    assert info.value.event >= bad
    assert info.value.game == record["game"]
