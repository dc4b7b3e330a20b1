"""Transfer Durak (RULES.md 2.1, option ``transfer``), showing a trump to pass on
(``transfer_show``) and the first bout of five (2.2, ``first_bout_max``): the engine's rule,
its refusals with their reasons, the public fold, records and the options around them."""

import random

import pytest
from test_durak_rules import act, kinds, position, refused

from game.engine import RecordError, new_game, replay
from game.engine.cards import NAMES
from game.engine.public import table_of
from game.storage.settings import Settings


def transfer(s, seat, card, shown=False):
    assert s.to_act() == seat, (s.to_act(), seat, s.phase)
    return s.apply({"type": "transfer", "card": card, "shown": shown})


def test_the_defender_passes_the_attack_on_and_the_next_player_must_answer_both():
    s = position(["7S 8C 9C TC JC QC", "7H KS AS 6D 8D 9D", "QS KD AD 7D 8S 9S"],
                 stock="6C 6S TH", trump="TH", attacker=0, transfer=True)
    act(s, 0, "attack", "7S")
    legal = s.legal_actions()
    assert {"type": "transfer", "card": "7H", "shown": False} in legal
    events = transfer(s, 1, "7H")
    assert kinds(events) == ["transfer"]
    assert (s.opener, s.defender, s.to_act()) == (1, 2, 2)
    assert [a["type"] for a in s.legal_actions()].count("transfer") == 1     # the seven of diamonds
    transfer(s, 2, "7D")                         # and on again, back to seat 0
    assert (s.opener, s.defender) == (2, 0)
    assert len(s.att) == 3 and s.unbeaten == 3
    assert not any(a["type"] == "transfer" for a in s.legal_actions())     # seat 0 holds no seven
    act(s, 0, "take")
    # nobody holds a seven to give: the bout ends; the refill starts with the one who passed
    # it on last, the taker draws nothing; the player to the taker's left attacks next
    draws = [(e["player"], e["cards"]) for e in s.events if e["type"] == "draw"]
    assert draws == [(2, ["6C"]), (1, ["6S"])]
    assert len(s.hands[0]) == 8
    assert (s.opener, s.defender) == (1, 2)


def test_a_transfer_is_refused_with_its_reason():
    s = position(["7S 7C 9C TC JC QC", "7H KS AS 6D 8D 9D", "QS 8S"],
                 stock="", trump="TH", attacker=0, transfer=True)
    act(s, 0, "attack", "7S", "7C")
    # the next player holds two cards: it could answer two, not three
    e = refused(s, {"type": "transfer", "card": "7H", "shown": False}, "transfer_few_cards")
    assert e.params == {"player": 2, "count": 3, "held": 2}
    refused(s, {"type": "transfer", "card": "KS", "shown": False}, "transfer_rank")
    refused(s, {"type": "transfer", "card": "7D", "shown": False}, "not_held")
    refused(s, {"type": "transfer", "card": "7H", "shown": True}, "no_show")
    # once a card is beaten it is too late
    act(s, 1, "defend", "7S", "KS")
    refused(s, {"type": "transfer", "card": "7H", "shown": False}, "transfer_beaten")


def test_no_transfer_in_podkidnoy():
    s = position(["7S 8C", "7H KS"], stock="", trump="TH", attacker=0)
    act(s, 0, "attack", "7S")
    assert not any(a["type"] == "transfer" for a in s.legal_actions())
    refused(s, {"type": "transfer", "card": "7H", "shown": False}, "no_transfer")


def test_a_transfer_never_makes_more_attack_cards_than_the_cap():
    s = position(["7S 7C 7D 9C TC JC", "7H KS AS 6D 8D 9D", "QS KD AD QD 8S 9S"],
                 stock="", trump="TH", attacker=0, transfer=True, max_attack=3)
    act(s, 0, "attack", "7S", "7C", "7D")
    e = refused(s, {"type": "transfer", "card": "7H", "shown": False}, "transfer_limit")
    assert e.params == {"limit": 3, "count": 4}


def test_heads_up_it_goes_back_and_forth():
    s = position(["7S 7C 9C", "7H 7D 8D 9D"], stock="", trump="TH", attacker=0, transfer=True)
    act(s, 0, "attack", "7S")
    transfer(s, 1, "7H")
    assert (s.opener, s.defender) == (1, 0)
    transfer(s, 0, "7C")
    assert (s.opener, s.defender) == (0, 1)
    assert len(s.att) == 3


def test_a_trump_shown_passes_it_on_and_stays_in_the_hand_once_a_bout():
    s = position(["7S 9C JC", "7H 8D 9D", "7C QS KD", "AD 8S 9S"], stock="", trump="TH",
                 attacker=0, transfer=True, transfer_show=True)
    act(s, 0, "attack", "7S")
    assert {"type": "transfer", "card": "7H", "shown": True} in s.legal_actions()
    ev = transfer(s, 1, "7H", shown=True)
    assert ev == [{"type": "transfer", "player": 1, "card": "7H", "shown": True}]
    assert "7H" in [NAMES[c] for c in s.hands[1]]
    assert len(s.att) == 1 and s.defender == 2
    # every seat's view says seat 1 holds the seven of hearts now
    for seat in (0, 2, 3):
        assert "7H" in table_of(s.view(seat)).known[1]
    transfer(s, 2, "7C")                                    # played: on to seat 3
    assert s.defender == 3 and len(s.att) == 2
    assert not any(a["type"] == "transfer" for a in s.legal_actions())     # seat 3 has no seven


def test_a_trump_is_shown_once_a_bout():
    s = position(["7S 9C", "7H 8D"], stock="", trump="TH", attacker=0, transfer=True,
                 transfer_show=True)
    act(s, 0, "attack", "7S")
    transfer(s, 1, "7H", shown=True)
    assert s.defender == 0
    act(s, 0, "take")                  # heads-up: the attack came back to seat 0
    s2 = position(["7S 7D 9C JC QC", "7H 8D 9D"], stock="", trump="TH", attacker=0, transfer=True,
                  transfer_show=True)
    act(s2, 0, "attack", "7S")
    transfer(s2, 1, "7H", shown=True)
    transfer(s2, 0, "7D")              # seat 0 passes it back with a card
    assert s2.defender == 1
    assert {"type": "transfer", "card": "7H", "shown": True} not in s2.legal_actions()
    e = refused(s2, {"type": "transfer", "card": "7H", "shown": True}, "already_shown")
    assert e.params == {"card": "7H"}
    assert {"type": "transfer", "card": "7H", "shown": False} in s2.legal_actions()


def test_showing_a_card_that_is_not_a_trump_is_refused():
    s = position(["7S 9C JC", "7D 7H 9D", "7C QS KD"], stock="", trump="TH", attacker=0,
                 transfer=True, transfer_show=True)
    act(s, 0, "attack", "7S")
    refused(s, {"type": "transfer", "card": "7D", "shown": True}, "show_not_trump")
    transfer(s, 1, "7H", shown=True)
    transfer(s, 2, "7C")
    assert s.defender == 0 and len(s.att) == 2


def test_after_a_transfer_the_new_defenders_neighbours_throw_in():
    s = position(["7S 9C JC QC KC AC", "7H 8D 9D TD JD QD", "8S KS AS 6D 8C TC",
                  "9S 6H 9H JH QH KH", "TS 6S 7C QS KD AD"],
                 stock="", trump="TH", attacker=0, transfer=True, neighbours_only=True)
    act(s, 0, "attack", "7S")
    transfer(s, 1, "7H")
    # seat 2 defends now; its neighbours are seat 1 (who passed it on) and seat 3, not seat 0
    assert s.attackers == (1, 3)
    act(s, 2, "defend", "7S", "8S")
    act(s, 2, "take")                  # no trump to beat the seven of hearts
    assert s.to_act() == 1             # seat 1 may give an eight (the 8D): seat 0 never


def test_the_first_bout_holds_at_most_five_until_the_first_discard():
    s = new_game("durak", 2, {"first_bout_max": 5}, seed=1)
    assert s.limit == min(5, len(s.hands[s.defender]))
    rng = random.Random(1)
    while not s.discarded and not s.is_over():
        if s.phase == "bout":
            assert len(s.att) <= 5
        s.random_step(rng)
    assert s.cap() == 6


def test_first_bout_max_limits_a_transfer_too():
    s = position(["7S 7C 7D 9C TC JC", "7H AS KS QS JS 9S", "QH KD AD QD 8H 9H"],
                 stock="", trump="TH", attacker=0, transfer=True, first_bout_max=3)
    assert s.cap() == 3 and s.limit == 3
    act(s, 0, "attack", "7S", "7C", "7D")
    e = refused(s, {"type": "transfer", "card": "7H", "shown": False}, "transfer_limit")
    assert e.params == {"limit": 3, "count": 4}


@pytest.mark.parametrize("options", [{"transfer": True}, {"transfer": True, "transfer_show": True},
                                     {"transfer": True, "first_bout_max": 5}])
def test_transfer_games_replay_and_a_changed_transfer_is_refused(options):
    rng = random.Random(3)
    state = new_game("durak", 3, options, seed=7)
    while not state.is_over():
        state.random_step(rng)
    record = state.record()
    assert replay(record).events == state.events
    i = next(i for i, e in enumerate(record["events"]) if e["type"] == "transfer")
    bad = dict(record, events=[dict(e) for e in record["events"]])
    bad["events"][i]["player"] = (bad["events"][i]["player"] + 1) % 3
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.event == i + 1
    # a transfer in a game without the option is refused at that event
    podkidnoy = dict(record, options={**record["options"], "transfer": False, "transfer_show": False})
    with pytest.raises(RecordError) as e:
        replay(podkidnoy)
    assert e.value.event == i + 1


def test_a_record_from_before_the_options_plays_without_them():
    state = new_game("durak", 3, {}, seed=2)
    rng = random.Random(2)
    while not state.is_over():
        state.random_step(rng)
    record = state.record()
    for key in ("transfer", "transfer_show", "first_bout_max"):
        del record["options"][key]
    again = replay(record)
    assert again.events == state.events
    assert (again.options["transfer"], again.options["transfer_show"],
            again.options["first_bout_max"]) == (False, False, None)


def test_transfer_show_needs_transfer():
    from game.engine import OptionError
    with pytest.raises(OptionError) as e:
        new_game("durak", 3, {"transfer_show": True})
    assert e.value.code == "needs"
    new_game("durak-transfer", 3, {"transfer_show": True})


@pytest.mark.parametrize("players, options", [
    (2, ["transfer=true"]), (4, ["transfer=true", "transfer_show=true", "teams=2v2"]),
    (5, ["transfer=true", "first_bout_max=5", "neighbours_only=true"])])
def test_simulate_writes_transfer_games_that_replay(tmp_path, players, options):
    """``simulate --rules durak --option transfer=true ...``: records that replay, in which
    the AI passes attacks on."""
    from game.cli import main
    from game.engine import load_records
    out = tmp_path / "games.jsonl"
    argv = ["simulate", "--rules", "durak", "--players", str(players), "--games", "3",
            "--seed", "64", "--out", str(out)]
    for o in options:
        argv += ["--option", o]
    assert main(argv) == 0
    assert main(["replay", str(out)]) == 0
    records = load_records(out.read_text(encoding="utf-8"))
    assert all(r["options"]["transfer"] for r in records)
    passed = sum(e["type"] == "transfer" for r in records for e in r["events"])
    assert passed >= len(records)


def test_a_joiner_s_view_check_takes_transfers_and_refuses_impossible_ones():
    """A network table (game/net/view_check.py, game/net/protocol.py): every seat's view of a
    transfer game passes the joiner's check, its transfer actions are well formed; a transfer
    after a card was beaten, or a card shown that is not a trump, is the host's error."""
    from game.net import protocol as P
    from game.net.view_check import ViewChecker, ViewError
    seen_actions = 0
    for seed in range(30):                  # a game with a trump shown
        rng = random.Random(seed)
        state = new_game("durak", 3, {"transfer": True, "transfer_show": True}, seed=seed)
        while not state.is_over():
            for a in state.legal_actions():
                assert P.action_problem(a) is None, a
                seen_actions += a["type"] == "transfer"
            state.random_step(rng)
        if any(e["type"] == "transfer" and e["shown"] for e in state.events):
            break
    assert seen_actions
    assert any(e["type"] == "transfer" and e["shown"] for e in state.events)
    for seat in range(3):
        view = state.view(seat)
        checker = ViewChecker("durak", state.options, state.players, 1, seat)
        for ev in view["events"]:
            checker.add(ev)
    assert P.action_problem({"type": "transfer", "card": "7S", "shown": "yes"})
    assert P.action_problem({"type": "transfer", "card": "7S"})
    # a transfer once a card is beaten, and a plain card "shown"
    i = next(i for i, e in enumerate(state.events) if e["type"] == "defend")
    for bad in ({"type": "transfer", "player": state.events[i]["player"], "card": state.events[i]["attack"][0] + "C",
                 "shown": False},):
        view = state.view(0)
        checker = ViewChecker("durak", state.options, state.players, 1, 0)
        for ev in view["events"][:i + 1]:
            checker.add(ev)
        with pytest.raises(ViewError):
            checker.add(bad)
    j = next(j for j, e in enumerate(state.events) if e["type"] == "transfer")
    e = state.events[j]
    trump = next(ev for ev in state.events if ev["type"] == "deal")["trump"][1]
    plain = next(s for s in "CDHS" if s != trump)
    view = state.view(0)
    checker = ViewChecker("durak", state.options, state.players, 1, 0)
    for ev in view["events"][:j]:
        checker.add(ev)
    with pytest.raises(ViewError):
        checker.add({**e, "card": e["card"][0] + plain, "shown": True})


def test_every_transfer_refusal_has_its_own_words():
    """The interface words each reason the engine gives (game/ui/rule_words.py), never the
    catch-all "not allowed"."""
    import re
    from pathlib import Path

    from game.ui import rule_words
    text = (Path(__file__).resolve().parent.parent / "game" / "engine" / "durak" / "checks.py").read_text()
    codes = set(re.findall(r'"((?:no_|transfer_|show_|already_shown)[a-z_]*)"', text))
    assert {"no_transfer", "transfer_beaten", "transfer_rank", "transfer_limit", "transfer_few_cards",
            "transfer_nobody", "no_show", "show_not_trump", "already_shown"} <= codes
    fallback = rule_words.words("no_such_code")
    params = {"rank": "7", "card": "7H", "count": 3, "limit": 5, "player": 1, "held": 2}
    for code in codes:
        said = rule_words.words(code, params)
        assert said and said != fallback, code
    assert "3 cards" in rule_words.words("transfer_few_cards", params)


def test_a_hint_weighs_passing_it_on_and_says_so(monkeypatch):
    """Hard's hint in a position where the attack may be passed on: its figures include a
    transfer, worded as the move it is."""
    from game.ai.hints import hint
    from game.ui.table.hint_words import durak_line, durak_move
    rng = random.Random(3)
    for seed in range(40):
        state = new_game("durak", 3, {"transfer": True}, seed=seed)
        while not state.is_over():
            seat = state.to_act()
            if seat is not None and seat >= 0 and any(
                    a["type"] == "transfer" for a in state.legal_actions()):
                break
            state.random_step(rng)
        else:
            continue
        break
    legal = state.legal_actions()
    h = hint(state.view(seat), legal, seed=1, iterations=60)
    kinds = {f["action"]["type"] for f in h["figures"]}
    assert "transfer" in kinds, h["figures"]
    laid = next(f["action"] for f in h["figures"] if f["action"]["type"] == "transfer")
    assert durak_move(laid, Settings()).startswith(("pass it on with", "show "))
    assert durak_line(h, Settings())
