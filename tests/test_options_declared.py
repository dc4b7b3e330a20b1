"""Every rule option is declared once (game/engine/options.py) and everything else reads the
declaration: validation, ``--option KEY=VALUE``, the records' option checks, the setup
screen's widgets and the option words; options are checked once from the setup screen to
the engine, and the crowd defaults and team sizes are worked out in one place."""

import re
from pathlib import Path

import pytest

from game.engine import OptionError, new_game
from game.engine.options import DECLARED, DURAK_OPTIONS, GURKA_OPTIONS, REQUIRED, Option
from game.engine.registry import DURAK, FAMILIES, GURKA, find_ruleset, rulesets
from game.engine.rulesets import (effective_options, fill_absent, for_players, is_checked,
                                  parse_option_value)

ROOT = Path(__file__).resolve().parent.parent


def test_each_family_s_options_are_its_declarations():
    assert DURAK.options is DURAK_OPTIONS and GURKA.options is GURKA_OPTIONS
    assert dict(DURAK.defaults) == {k: o.default for k, o in DURAK_OPTIONS.items()}
    assert not set(GURKA_OPTIONS) & set(DURAK_OPTIONS)
    for family in FAMILIES:
        for key, option in family.options.items():
            assert option.key == key and option.name and option.help, key
            assert option.problem(option.default) is None, key
            for need in option.needs + option.excludes:
                assert need in family.options, (key, need)
            for value in option.values_for(None):
                assert option.problem(value) is None, (key, value)


@pytest.mark.parametrize("key", sorted(DECLARED))
def test_the_command_line_parses_every_option_by_its_declaration(key):
    option = DECLARED[key]
    text = {"bool": "true", "int": str(option.range[1] if option.range else 1)}.get(option.kind)
    if option.kind == "choice":
        text = next(v for v in option.choices if v is not None)
    value = parse_option_value(key, text)
    assert option.problem(value) is None
    if option.kind in ("bool", "int"):
        with pytest.raises(OptionError) as e:
            parse_option_value(key, "maybe")
        assert e.value.code == ("not_bool" if option.kind == "bool" else "not_int")


def test_a_value_outside_the_declaration_is_refused_with_its_code():
    with pytest.raises(OptionError) as e:
        effective_options("durak", {"max_attack": 7})
    assert e.value.code == "not_int" and e.value.params == {"key": "max_attack", "min": 1, "max": 6}
    with pytest.raises(OptionError) as e:
        effective_options("gurka-se", {"reference": "lowest"})
    assert e.value.code == "not_choice"
    with pytest.raises(OptionError) as e:
        effective_options("gurka-se", {"score_piles": True})
    assert e.value.code == "needs" and e.value.params == {"key": "score_piles", "need": "descending"}


def test_needs_and_excludes_come_from_the_declaration():
    """A declaration's ``needs`` and ``excludes`` are what the validation checks."""
    from game.engine import options as decl
    patched = dict(GURKA_OPTIONS)
    patched["twos_rule"] = Option("twos_rule", "bool", False, "Twos", "help", excludes=("multi_lead",))
    object.__setattr__(GURKA, "options", decl.MappingProxyType(patched))
    try:
        with pytest.raises(OptionError) as e:
            effective_options("gurka-se", {"twos_rule": True, "multi_lead": True})
        assert e.value.code == "excludes"
        effective_options("gurka-se", {"twos_rule": True})
    finally:
        object.__setattr__(GURKA, "options", GURKA_OPTIONS)


def test_team_sizes_and_crowd_defaults_in_one_place():
    # the team size is the declaration's: 2v2 needs four players, 3v3 six
    assert DURAK_OPTIONS["teams"].players == {"2v2": 4, "3v3": 6}
    with pytest.raises(OptionError) as e:
        effective_options("durak", {"teams": "2v2"}, 5)
    assert e.value.code == "team_players" and e.value.params == {"players": 4}
    # what the setup screen chose, made to fit the count: teams dropped, crowd defaults in
    assert for_players("durak", {"teams": "2v2"}, 5) == {"neighbours_only": True}
    assert for_players("durak", {"teams": "2v2"}, 4) == {"teams": "2v2", "neighbours_only": False}
    assert for_players("durak", {"neighbours_only": False}, 6) == {"neighbours_only": False}
    assert effective_options("agurk-dk", {}, 8)["hand_size"] == 6
    assert effective_options("agurk-dk", {}, 7)["hand_size"] == 7


def test_the_setup_screen_offers_the_declared_values():
    from game.ui.setup import option_specs
    specs = {s["key"]: s for s in option_specs("durak", 4)}
    assert [v for v, _t in specs["teams"]["values"]] == [None, "2v2"]
    assert [v for v, _t in specs["max_attack"]["values"]] == [4, 5, 6]
    assert specs["neighbours_only"]["values"] is None
    assert "teams" not in {s["key"] for s in option_specs("durak", 5)}
    six = {s["key"]: s for s in option_specs("durak", 6)}
    assert [v for v, _t in six["teams"]["values"]] == [None, "3v3"]
    se = {s["key"]: s for s in option_specs("gurka-se", 4)}
    assert [v for v, _t in se["buyback"]["values"]] == list(GURKA_OPTIONS["buyback"].offered)


def test_the_option_words_are_the_declared_message_ids():
    from game.i18n import _, pgettext
    from game.ui import option_words as W
    for key, option in DECLARED.items():
        assert W.option_label(key) == _(option.name)
        for value, msgid in option.value_names.items():
            assert W.option_value_label(key, value) == (pgettext(*msgid) if isinstance(msgid, tuple)
                                                        else _(msgid))
    assert W.option_value_label("max_attack", 5) == "5 cards"
    assert W.option_help("limit", {"rounds": 7}).startswith("Not used")


def test_setup_and_option_words_list_no_option_of_their_own():
    """Nothing but the declaration lists option keys or values: the setup screen and the
    option words name none."""
    for rel in ("game/ui/setup.py", "game/ui/option_words.py"):
        text = (ROOT / rel).read_text(encoding="utf-8")
        named = {k for k in DECLARED if re.search(rf"[\"']{k}[\"']", text)}
        assert named <= {"buyback", "ace_value"}, (rel, named)   # the aliases of the rules contract


def test_a_record_may_leave_out_only_the_options_declared_later(monkeypatch):
    """An option with an ``absent`` value may be missing from an older record; any other
    missing option is refused."""
    from game.engine import RecordError, replay
    state = new_game("durak", 3, {}, seed=5)
    record = state.record()
    later = {k for k, o in DURAK_OPTIONS.items() if o.absent is not REQUIRED}
    for key in later:
        del record["options"][key]
    assert replay(record).options == state.options
    filled, missing = fill_absent("durak", record["options"])
    assert not missing and set(filled) == set(DURAK_OPTIONS)
    del record["options"]["max_attack"]
    with pytest.raises(RecordError) as e:
        replay(record)
    assert e.value.why == "options_missing" and "max_attack" in str(e.value)


def test_options_are_checked_once_from_the_setup_screen_to_the_engine(monkeypatch):
    checked = effective_options("durak", {"max_attack": 5}, 3)
    assert is_checked(checked, "durak", 3) and not is_checked(checked, "durak", 4)
    from game.engine import records

    def refuse(*_a, **_k):
        raise AssertionError("checked twice")

    monkeypatch.setattr(records, "effective_options", refuse)
    state = new_game("durak", 3, checked, seed=1)
    assert state.options["max_attack"] == 5
    with pytest.raises(AssertionError):
        new_game("durak", 3, {"max_attack": 5}, seed=1)


def test_the_setup_screen_starts_the_game_with_the_options_it_checked(app, monkeypatch):
    from game.engine import records
    setup = app.nav.push("setup", rules="durak")
    app.step([], 16)
    assert is_checked(setup.checked, "durak", setup.players())
    calls = []
    real = records.effective_options
    monkeypatch.setattr(records, "effective_options", lambda *a, **k: calls.append(a) or real(*a, **k))
    setup.start_now()
    app.step([], 16)
    assert app.nav.top_is("table") and not calls


def test_every_preset_s_values_are_declared_values():
    for entry in rulesets():
        for key, value in entry.options.items():
            assert entry.family.options[key].problem(value) is None, (entry.id, key)
    with pytest.raises(ValueError):
        from game.engine.registry import register
        register("bad-durak", DURAK, {"max_attack": 9}, (2, 3), 2, "Bad", "XX")
    assert "bad-durak" not in [r.id for r in rulesets()]
    assert find_ruleset("durak")
