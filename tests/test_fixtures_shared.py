"""The independent conformance fixtures (copied into tests/fixtures/shared; the tests never
read the folder they came from).  Each illegal fixture is a whole game with one event made
wrong; its ``INDEX.md`` names the event (1-based) and which kind of event was altered."""

import json
import re
from pathlib import Path

import pytest

from game.engine import RecordError, replay

HERE = Path(__file__).parent / "fixtures" / "shared"
LEGAL = sorted((HERE / "legal").glob("*.json"))
ILLEGAL = sorted((HERE / "illegal").glob("*.json"))
#: a row of INDEX.md: | file | broken event | what was changed |
_ROW = re.compile(r"^\|\s*(\S+\.json)\s*\|\s*(\d+)\s*\|\s*(\w+) event altered\s*\|\s*$")


def broken_events() -> dict[str, tuple[int, str]]:
    """file name -> (the broken event, 1-based; the type of the event altered), from INDEX.md."""
    out = {}
    for line in (HERE / "illegal" / "INDEX.md").read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            out[m.group(1)] = (int(m.group(2)), m.group(3))
    return out


def test_every_fixture_is_here_and_listed():
    assert len(LEGAL) >= 30 and len(ILLEGAL) >= 15
    assert sorted(broken_events()) == [p.name for p in ILLEGAL]


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_legal_fixture_replays_to_its_end(path):
    record = json.loads(path.read_text())
    state = replay(record)
    assert state.is_over()
    assert state.events == record["events"]


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.stem)
def test_illegal_fixture_is_refused_at_its_event(path):
    """Refused as a bad move at exactly the event INDEX.md names (none of them only shows
    later), and that event is of the kind it says was altered."""
    record = json.loads(path.read_text())
    event, kind = broken_events()[path.name]
    assert record["events"][event - 1]["type"] == kind
    with pytest.raises(RecordError) as info:
        replay(record)
    assert (info.value.game, info.value.event, info.value.code) == (record["game"], event, "bad_moves")
    assert str(info.value).startswith(f"game {record['game']}, event {event}: ")
