"""Hostile records, saves and settings (issue 13): whatever the bytes, the loaders answer
with a value or a one-line refusal, never an exception; the bad file is set aside and
nothing else in the folder changes."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import i18n
from game.storage import saves
from game.storage import settings as store
from game.storage import user_files
from game.engine import RecordError, load_records, replay
from game.engine.records import MAX_EVENTS, MAX_NAME, check_header, clean_name, seat_problem
from game.safe_json import JSONLimitError, loads

FIX = Path(__file__).parent / "fixtures"
SAVES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((FIX / "saves").glob("*.json"))]
RECORDS = [json.loads(p.read_text()) for p in sorted((FIX / "shared" / "legal").glob("*.json"))]
GOOD_SETTINGS = b'{"language": "da", "speed": "fast"}\n'
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

#: values a hostile file puts anywhere
nasty = st.one_of(
    st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=False),
    st.text(max_size=6), st.sampled_from(["\x00", "a\ud800b", "\u0085", "x" * 41, "ext:/tmp/x.py",
                                          "ai:ext:/tmp/x.py", "ai:hard:999999999", "\ufeff", ""]),
    st.just([[[[[[[[]]]]]]]]), st.just({"": {"": {}}}), st.lists(st.integers(), max_size=3))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    i18n.set_language("en")
    return tmp_path


def _folder(home: Path) -> dict:
    return {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}


def _only_the_save_moved(home: Path, before: dict, content: bytes) -> None:
    after = _folder(home)
    aside = [n for n in after if n.startswith("savegame.json.corrupt-")]
    assert len(aside) == 1 and after.pop(aside[0]) == content
    before = dict(before)
    before.pop("savegame.json")
    assert after == before


# -- the bounded parser --------------------------------------------------------------------------
@pytest.mark.parametrize("text,reason", [
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ('{"a": ' * 40 + "1" + "}" * 40, "nested more than"),
    ('{"seed": ' + "7" * 5000 + "}", "more than 20 digits"),
    ('{"a": 1e999}', "too large"),
    ('{"a": NaN}', "NaN"),
    ('{"name": "a\\u0000b"}', "control character"),
    ('{"name": "\\ud800"}', "control character"),
    ('{"name": "a\x85b"}', "control character"),
], ids=lambda v: v if len(v) < 30 else v[:12] + "...")
def test_limits_are_one_line_refusals(text, reason):
    with pytest.raises(JSONLimitError) as e:
        loads(text, 1 << 20)
    assert reason in str(e.value) and "\n" not in str(e.value)


def test_the_number_of_lists_and_objects_is_bounded():
    with pytest.raises(JSONLimitError, match="more than 1,000,000 lists and objects"):
        loads("[" + "[]," * 1_000_000 + "[]]", 8 << 20)
    assert len(loads("[" + "[]," * 999_998 + "[]]", 8 << 20)) == 999_999


def test_depth_inside_strings_and_a_bom_are_fine():
    assert loads('\ufeff{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 1000) == {"a": "[" * 46}
    assert loads(b'\xef\xbb\xbf[1]', 10) == [1]
    with pytest.raises(JSONLimitError):
        loads(b"[" + b"1," * 100 + b"1]", 100)


@FAST
@given(st.binary(max_size=300))
def test_any_bytes_as_records_give_a_record_error_or_records(raw):
    try:
        load_records(raw)
    except RecordError as e:
        assert "\n" not in str(e)


# -- records ---------------------------------------------------------------------------------
@pytest.mark.parametrize("field,value,reason", [
    ("name", "Ann\x00a", "control characters"),
    ("name", "a\ud800", "control characters"),
    ("name", "x" * (MAX_NAME + 1), "at most 40"),
    ("name", "   ", "empty"),
    ("seat", "ai:ext:/tmp/x.py", "unknown AI level"),
    ("seat", "ai:hard:0", "ai:hard:N"),
    ("seat", "ai:hard:100001", "ai:hard:N"),
    ("seat", "python:/tmp/x.py", "a seat is human"),
    ("seat", "ext:", "ext: must name a bot"),
])
def test_bad_names_and_seats_are_refused(field, value, reason):
    record = copy.deepcopy(RECORDS[0])
    record["players"][1][field] = value
    with pytest.raises(RecordError) as e:
        check_header(record)
    assert reason in str(e.value)


@pytest.mark.parametrize("key,value,reason", [
    ("seed", True, "seed"), ("seed", 2 ** 63, "seed"), ("game", 0, "game"),
    ("game", int("4" * 4000), "game must be"), ("format", "x" * 10_000, "format"),
])
def test_bad_header_values_are_refused_without_echoing_them(key, value, reason):
    record = copy.deepcopy(RECORDS[0])
    record[key] = value
    with pytest.raises(RecordError) as e:
        replay(record)
    assert reason in str(e.value) and len(str(e.value)) < 200


def test_too_many_events_are_refused_before_replaying():
    record = copy.deepcopy(RECORDS[0])
    record["events"] = [{"type": "play", "player": 0, "cards": ["2C"]}] * (MAX_EVENTS + 1)
    with pytest.raises(RecordError, match="more than 100,000 events"):
        replay(record)


def test_names_are_cleaned_for_the_setup_screen():
    assert clean_name("An\x00na\ud800\n") == "Anna"
    assert len(clean_name("x" * 500)) == MAX_NAME
    assert seat_problem("human") is None and seat_problem("ext:bots/mine.py") is None


# -- saves -------------------------------------------------------------------------------------
def _write_save(home, data) -> bytes:
    raw = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode(
        "utf-8", "surrogatepass")
    (home / "savegame.json").write_bytes(raw)
    (home / "settings.json").write_bytes(GOOD_SETTINGS)
    (home / "notes.txt").write_text("mine")
    return raw


@FAST
@given(raw=st.binary(max_size=400))
def test_any_bytes_as_a_save_are_set_aside_and_nothing_else(home, raw):
    for p in home.iterdir():
        p.unlink()
    _write_save(home, raw)
    before = _folder(home)
    saved, notice = saves.load()
    assert saved is None and notice.kind == "save-corrupt" and "\n" not in notice.detail
    _only_the_save_moved(home, before, raw)


@FAST
@given(which=st.sampled_from(range(len(SAVES))), where=st.integers(0, 10 ** 6),
       key=st.sampled_from(["name", "seat", "record", "session", "format", "seed", "game", "events",
                            "options", "players", "event"]), value=nasty)
def test_mutated_saves_never_raise_and_load_only_clean_games(home, which, where, key, value):
    for p in home.iterdir():
        p.unlink()
    data = copy.deepcopy(SAVES[which])
    rec = data["record"]
    if key in ("name", "seat"):
        rec["players"][where % len(rec["players"])][key] = value
    elif key in ("record", "session", "format"):
        data[key] = value
    elif key == "event":
        ev = rec["events"][where % len(rec["events"])]
        ev[sorted(ev)[where % len(ev)]] = value
    else:
        rec[key] = value
    raw = _write_save(home, data)
    before = _folder(home)
    saved, notice = saves.load(home / "savegame.json")      # the loader itself (no move into a slot)
    if saved is None:
        assert notice.kind == "save-corrupt"
        _only_the_save_moved(home, before, raw)
        return
    assert _folder(home) == before
    for p in saved.record["players"]:
        assert seat_problem(p["seat"]) is None and not p["seat"].startswith("ext:")
    replay(saved.record)
    assert saves.save_game(saved.record, saved.session) is None     # and it can be written back


@pytest.mark.parametrize("mutate", [
    lambda d: d["record"]["players"][1].update(name="Ann\x00a"),
    lambda d: d["record"]["players"][1].update(name="\ud800"),
    lambda d: d["record"]["players"][1].update(name="x" * 1_000_000),
    lambda d: d["record"]["players"][1].update(seat="ai:ext:/tmp/evil.py"),
    lambda d: d.update(record=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]),
])
def test_issue_13_saves_are_set_aside(home, mutate):
    data = copy.deepcopy(SAVES[0])
    mutate(data)
    raw = _write_save(home, data)
    before = _folder(home)
    saved, notice = saves.load()
    assert saved is None and notice.kind == "save-corrupt"
    _only_the_save_moved(home, before, raw)


def test_a_bot_seat_in_a_save_resumes_as_normal_with_a_notice(home):
    data = copy.deepcopy(SAVES[0])
    data["record"]["players"][2]["seat"] = "ext:/tmp/evil.py"
    _write_save(home, data)
    saved, notice = saves.load()
    assert saved is not None and notice.kind == "save-bot"
    assert [p["seat"] for p in saved.record["players"]][2] == "ai:normal"
    name = data["record"]["players"][2]["name"]
    assert name in str(notice) and "Normal" in str(notice)


def test_saves_accept_a_bom_and_refuse_a_huge_or_special_file(home):
    good = json.dumps(SAVES[0]).encode()
    _write_save(home, b"\xef\xbb\xbf" + good)
    saved, notice = saves.load()
    assert saved is not None and notice is None
    (home / "savegame.json").write_bytes(b"[" * (saves.MAX_SAVE_BYTES + 1))
    saved, notice = saves.load(home / "savegame.json")
    assert saved is None and "larger than" in notice.detail


def test_an_unwritable_name_is_a_notice_not_a_crash(home):
    record = copy.deepcopy(SAVES[0]["record"])
    record["players"][0]["name"] = "\ud800"
    notice = saves.save_game(record, {})
    assert notice is not None and notice.kind == "save-unwritable"
    assert not list(home.glob("*.tmp"))


# -- settings ----------------------------------------------------------------------------------
@FAST
@given(raw=st.one_of(st.binary(max_size=300), st.just(b"[" * 100_000), st.just(b"\xef\xbb\xbf[]"),
                     st.just(b'{"volume": ' + b"9" * 5000 + b"}")))
def test_any_bytes_as_settings_never_raise(home, raw):
    for p in home.iterdir():
        p.unlink()
    (home / "settings.json").write_bytes(raw)
    (home / "notes.txt").write_text("mine")
    result, notice = store.load_settings()
    assert isinstance(result, store.Settings)
    if notice is not None:
        assert notice.kind == "settings-corrupt" and "\n" not in notice.detail
        assert not (home / "settings.json").exists()
        assert [p.read_bytes() for p in home.glob("settings.json.corrupt-*")] == [raw]
    assert (home / "notes.txt").read_text() == "mine"


def test_settings_with_a_bom_are_read(home):
    (home / "settings.json").write_bytes(b"\xef\xbb\xbf" + GOOD_SETTINGS)
    result, notice = store.load_settings()
    assert notice is None and result.language == "da" and result.speed == "fast"


def test_a_settings_fifo_does_not_hang_the_start(home):
    import os
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(home / "settings.json")
    result, notice = store.load_settings()
    assert notice is not None and "not a regular file" in notice.detail


def test_stray_temp_files_are_removed_at_start(home, monkeypatch):
    import time
    (home / "savegame.json.999999999.tmp").write_text("{half")
    (home / "settings.json.1.tmp").write_text("{")            # pid 1 lives, but the file is old
    old = time.time() - user_files.STALE_TEMP_SECONDS - 5
    import os
    os.utime(home / "settings.json.1.tmp", (old, old))
    (home / f"settings.json.{os.getpid()}.tmp").write_text("{")   # ours: from no write of this run
    (home / "other.tmp").write_text("not ours")
    monkeypatch.setattr(store, "_cleaned", False)
    store.load()
    assert sorted(p.name for p in home.glob("*.tmp")) == ["other.tmp"]
