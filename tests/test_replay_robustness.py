"""A corrupt record is refused with a RecordError naming its first event that cannot be right,
never another exception."""

import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import RecordError, replay

FIX = Path(__file__).parent / "fixtures" / "shared" / "legal"
RECORDS = [json.loads(p.read_text()) for p in sorted(FIX.glob("*.json"))]
try:
    import game.engine.durak.state  # noqa: F401
except ImportError:
    RECORDS = [r for r in RECORDS if r["rules"] != "durak"]

junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=3),
                 st.lists(st.sampled_from(["AH", "2C", "6C", "TD", "ZZ", 5, None]), max_size=3),
                 st.just({}), st.just([None, [], ["AH"]]))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(RECORDS))), st.integers(0, 10_000), st.text(max_size=8), junk)
def test_mutated_records_never_crash(which, where, key_hint, value):
    record = copy.deepcopy(RECORDS[which])
    events = record["events"]
    changed = where % len(events)
    ev = events[changed]
    keys = sorted(ev)
    key = keys[len(key_hint) % len(keys)] if key_hint != "new" else "extra"
    ev[key] = value
    try:
        replay(record)
    except RecordError as e:
        # named: the changed event, or the first later one that can no longer be right
        assert e.event is not None and changed + 1 <= e.event <= len(events)
        replay(dict(record, events=events[:e.event - 1]))


@given(st.sampled_from(range(len(RECORDS))), st.sampled_from(
    ["format", "rules", "options", "players", "seed", "game", "events"]), junk)
@settings(max_examples=100, deadline=None)
def test_mutated_headers_never_crash(which, key, value):
    record = copy.deepcopy(RECORDS[which])
    record[key] = value
    try:
        replay(record)
    except RecordError:
        pass
