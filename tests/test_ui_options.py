"""The options players expect: the hand's order (by rank, by suit; Durak trumps last) and a
forced card played by itself (off by default)."""

import pytest

from game.storage.settings import Settings


def _game(app, tmp_path, rules, stop):
    from game.ui.tour.runner import Tour
    return Tour(app, tmp_path).game(rules, stop)


def _table(app, state):
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    return table


def test_new_settings_have_defaults_and_refuse_bad_values():
    s = Settings()
    assert (s.hand_sort, s.auto_play, s.undo) == ("rank", False, True)
    got, rejected = Settings.from_dict({"hand_sort": "colour", "auto_play": "yes", "undo": 0})
    assert sorted(rejected) == ["auto_play", "hand_sort", "undo"]
    assert (got.hand_sort, got.auto_play, got.undo) == ("rank", False, True)
    got, rejected = Settings.from_dict({"hand_sort": "suit", "auto_play": True, "undo": False})
    assert not rejected and (got.hand_sort, got.auto_play, got.undo) == ("suit", True, False)


def test_gurka_hand_by_rank_and_by_suit(app, tmp_path):
    from game.ui.tour.runner import human_to_act
    table = _table(app, _game(app, tmp_path, "gurka-se", human_to_act))
    cards = ["KH", "2S", "KS", "7D", "2H", "AC"]
    assert table.part.sort_hand(cards) == ["2H", "2S", "7D", "KH", "KS", "AC"]
    app.settings.hand_sort = "suit"
    assert table.part.sort_hand(cards) == ["2S", "KS", "2H", "KH", "AC", "7D"]


def test_durak_trumps_come_last_either_way(app, tmp_path):
    from game.ui.tour.runner import human_to_act
    table = _table(app, _game(app, tmp_path, "durak", human_to_act))
    trump = table.model.trump
    others = [s for s in "SHCD" if s != trump]
    cards = [f"A{others[0]}", f"6{trump}", f"7{others[1]}", f"6{others[0]}", f"A{trump}"]
    by_rank = table.part.sort_hand(cards)
    assert by_rank == [f"6{others[0]}", f"7{others[1]}", f"A{others[0]}", f"6{trump}", f"A{trump}"]
    app.settings.hand_sort = "suit"
    by_suit = table.part.sort_hand(cards)
    assert by_suit[-2:] == [f"6{trump}", f"A{trump}"]
    assert by_suit[:2] == [f"6{others[0]}", f"A{others[0]}"]


def _forced(state):
    from game.ui.table.forced import forced_action
    return state.to_act() == 0 and forced_action(state.legal_actions()) is not None


@pytest.mark.parametrize("on", [True, False])
def test_a_forced_card_plays_itself_only_when_asked(app, tmp_path, on):
    app.settings.auto_play = on
    state = _game(app, tmp_path, "agurk-no", _forced)
    table = _table(app, state)
    n = len(state.events)
    (action,) = state.legal_actions()
    for _ in range(5):
        app.step([], 16)
    if on:
        assert len(state.events) > n and state.events[n]["player"] == 0
        assert state.events[n]["cards"] == action["cards"]
    else:
        assert len(state.events) == n and table.my_turn()


def test_no_forced_card_when_there_is_a_choice():
    from game.ui.table.forced import forced_action
    assert forced_action([{"type": "play", "cards": ["2S"]}, {"type": "play", "cards": ["3S"]}]) is None
    assert forced_action([{"type": "take"}]) is None
    assert forced_action([{"type": "buyback"}]) is None
    assert forced_action([{"type": "play", "cards": ["2S"]}]) == {"type": "play", "cards": ["2S"]}
