"""The engine's reasons for refusing a record, a file or its options reach the player in the
player's language: the engine gives a stable code and params (RecordError ``why``/``params``
/``cause``, OptionError ``code``, the JSON limits' ``code``), game/ui/refusals.py the words."""

import json
import re
from pathlib import Path

import pytest

from game import i18n
from game.engine import RecordError
from game.engine.records import load_records, replay

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "fixtures" / "golden"
REFUSALS = (ROOT / "game" / "ui" / "refusals.py").read_text(encoding="utf-8")


@pytest.fixture()
def swedish():
    i18n.set_language("sv")
    yield
    i18n.set_language("en")


def _codes(pattern: str, *files: Path) -> set[str]:
    return {m for f in files for m in re.findall(pattern, f.read_text(encoding="utf-8"))}


def test_every_reason_code_of_the_engine_has_words():
    engine = sorted((ROOT / "game" / "engine").rglob("*.py"))
    whys = _codes(r'why="([a-z0-9_]+)"', *engine) | _codes(r'Reason\("([a-z0-9_]+)"', *engine)
    options = _codes(r'OptionError\([^"]*"[^"]*",\s*"([a-z0-9_]+)"', *engine) | _codes(
        r'OptionError\(f?"[^"]*"\s*f?"[^"]*",\s*"([a-z0-9_]+)"', *engine)
    limits = _codes(r'(?:JSONLimitError|JSONFormatError)\(f?"[^"]*",\s*"([a-z0-9_]+)"',
                    ROOT / "game" / "safe_json.py")
    assert len(whys) > 25 and {"unknown_ruleset", "not_int", "hand_too_big"} <= options and len(limits) >= 10
    missing = sorted(c for c in whys | options | limits if f'"{c}"' not in REFUSALS)
    assert not missing, missing


def _bad(record: dict, **change) -> dict:
    bad = json.loads(json.dumps(record))
    bad.update(change)
    return bad


GOOD = load_records((GOLDEN / "durak-3p.jsonl").read_text(encoding="utf-8"))[0]
CASES = {
    "game_number": _bad(GOOD, game=0),
    "format": _bad(GOOD, format="gurka-record/9"),
    "name": _bad(GOOD, players=[{"name": "", "seat": "human"}] + GOOD["players"][1:]),
    "seat": _bad(GOOD, players=[{"name": "A", "seat": "ai:genius"}] + GOOD["players"][1:]),
    "option": _bad(GOOD, options={**GOOD["options"], "max_attack": 99}),
    "ruleset": _bad(GOOD, rules="poker"),
    "seed": _bad(GOOD, seed=2 ** 70),
    "event": _bad(GOOD, events=GOOD["events"][:5] + [{"type": "nonsense"}]),
    "after_end": _bad(GOOD, events=GOOD["events"] + [{"type": "play"}]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_record_is_refused_in_the_players_language(swedish, case):
    from game.ui.refusals import error_reason
    with pytest.raises(RecordError) as e:
        replay(CASES[case])
    said = error_reason(e.value)
    english = str(e.value)
    assert said and said != english
    # none of the engine's English (values quoted from the file aside), and not the
    # catch-all: the reason itself is said
    words = re.sub(r"”[^”]*”", "", said).lower()
    for word in ("must", "record", "option", "player", "unknown", "already"):
        assert word not in words, (case, said)
    assert said != i18n._("The file is damaged or incomplete.")


def test_the_file_readers_refusals_in_the_players_language(swedish, tmp_path):
    from game.ui.replay_open import open_games
    from game.ui.replays import detail_text
    files = {"not_json.json": b'{"format": ', "latin1.json": b'{"a": "\xe9"}', "empty.json": b"  ",
             "deep.json": b"[" * 100 + b"]" * 100}
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
        games, problems = open_games(tmp_path / name)
        assert not games and problems
        said = detail_text(problems[0])
        assert said and said != problems[0].detail, (name, said)
        assert not re.search(r"\b(not|valid|nested|empty|line)\b", said), (name, said)
    games, problems = open_games(tmp_path / "gone.json")
    assert detail_text(problems[0]) == "Filen finns inte (längre)."


def test_where_the_reason_was_found_is_said_too(swedish):
    from game.ui.refusals import number, record_reason
    err = RecordError("x", game=3, event=1200, code="bad_moves", why="no_effect", type="deal")
    assert record_reason(err) == f"Händelse {number(1200)}: Händelsen ”deal” ändrar ingenting."
    assert number(1_000_000) == "1\u00a0000\u00a0000"
    i18n.set_language("da")
    assert number(1_000_000) == "1.000.000"
