"""A preset made at run time from existing options, one registration and nothing else: it
plays through setup, the rules screen (its number key too), the table, the score sheet, the
result and the tour, with texts made from its family and options (no catalogue entry).

And the other way round: every preset the game ships has its own texts, so a forgotten
catalogue entry fails here, not in front of a player."""

import pygame
import pytest

from game.engine.registry import DURAK, GURKA, register, ruleset_ids, rulesets, unregister

#: two house presets, one per family, from options the game has (the Danish buy-in with
#: lives, a twos rule and the nearest card above; Durak with a lower attack limit)
HOUSE = {
    GURKA: dict(rid="house-gurka", family=GURKA,
                overrides={"hand_size": 5, "reference": "highest", "twos_rule": True,
                           "nearest_above": True, "lives": 2, "buyback": "worst", "ace_value": 1},
                players=(3, 5), default=3, native="Husgurka", country="XX",
                variants=("twos_rule", "lives", "nearest_above"), demo=(3, {})),
    DURAK: dict(rid="house-durak", family=DURAK, overrides={"max_attack": 4}, players=(2, 4),
                default=2, native="Husdurak", country="XX", variants=("max_attack",), demo=(2, {})),
}


@pytest.fixture(params=[GURKA, DURAK], ids=["gurka", "durak"])
def house(request):
    spec = dict(HOUSE[request.param])
    rid = spec.pop("rid")
    entry = register(rid, **spec)
    yield entry
    unregister(rid)
    assert rid not in ruleset_ids()


def test_every_shipped_preset_has_texts_of_its_own():
    """The catalogue names every registered preset (and nothing else): a preset added to the
    registry without its texts fails here (it would show made-up house-rules texts)."""
    from game.ui.rules_text import CATALOGUE
    assert set(CATALOGUE) == set(rulesets())


def test_a_house_preset_gets_honest_texts_from_its_family_and_options(house):
    from game.ui import option_words as O
    from game.ui import rules_text as R
    rid = house.id
    assert R.ruleset_name(rid) == house.native_name
    assert R.ruleset_country(rid) == R.ruleset_origin(rid) == "House rules"
    base = rulesets(house.family)[0].id
    assert R.rules_title(base) in R.ruleset_blurb(rid)
    secs = R.sections(rid)
    every = next(s for s in secs if s.title == "The rules of this game")
    assert len(every.items) == len(house.options)
    for (label, text), (key, value) in zip(every.items, house.options.items()):
        assert label == f"{O.option_label(key)}: {O.option_value_label(key, value)}"
        assert text == O.option_help(key, house.options)
    variants = next(s for s in secs if s.title == "Variants")
    assert [label for label, _t in variants.items] == [O.option_label(k) for k in house.variants]
    assert R.plain_text(rid)
    if house.options.get("buyback") == "worst":           # the buy-in's help, not the buy-back's
        assert "worst-placed" in R.option_help(rid, "buyback")


def test_a_house_preset_through_setup_rules_table_and_score_sheet(app, house, tmp_path):
    """(Its result screen is the tour's, below.)"""
    from game.ui.setup import option_specs as setup_specs
    from game.ui.tour.runner import Tour, deals_scored
    rid = house.id
    index = ruleset_ids().index(rid)
    # the setup screen: its row in the list, its blurb, its variants, and a game started
    setup = app.nav.push("setup")
    app.step([], 16)
    row = setup.rule_list.row_rect(index)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1)], 16)
    assert setup.rules == rid and not setup.error
    assert [w.name for w in setup.option_widgets] == [f"opt:{k}" for k in house.variants]
    for spec in setup_specs(rid, setup.players()):      # its own values among those offered
        assert setup.current(spec) in [v for v, _t in spec["values"] or [(False, ""), (True, "")]]
    setup.start()
    app.step([], 16)
    assert app.nav.top_is("table") and app.manager.top.rules == rid
    # the rules screen: its number key (its place in the list) and the shortcuts promise it
    from game.ui import shortcuts
    app.manager.clear()
    rules = app.nav.push("rules", rules=ruleset_ids()[0])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + index, mod=0, unicode="")], 16)
    assert rules.rules == rid and rules.lines
    assert (f"1–{len(ruleset_ids())}", "a game from the list") in shortcuts.rules_keys()
    # a table with a deal or a bout done, and its score sheet
    t = Tour(app, tmp_path)
    t.fresh()
    table = t.table(rid, deals_scored(1) if house.family is GURKA else
                    (lambda s: any(e["type"] == "bout_end" for e in s.events) and s.to_act() == 0))
    t.key(pygame.K_s)
    assert type(t.top).__name__ == "ScoreSheetScene" and t.top is not table


def test_a_house_preset_in_the_tour(house, tmp_path):
    """Its own screens (setup, rules, table, the result of a finished game) and the statistics
    of every ruleset, its own included."""
    from game.ui.tour import runner as tour_mod
    rid = house.id
    own = [f"{prefix}-{rid}" for prefix in ("setup", "rules", "table", "result")]
    assert set(own) <= set(tour_mod.names())
    t = tour_mod.tour(tmp_path, "en", (1024, 640), only=own + ["stats"])
    assert not t.problems
    assert t.saved == [name for name in tour_mod.names() if name in own + ["stats"]]
    assert all((tmp_path / f"{name}.png").is_file() for name in t.saved)
