"""Podkidnoy Durak rules (RULES.md §2-3): worked example, limits, swaps, teams, the end."""

import random

import pytest

from game.engine import CHANCE, IllegalActionError, new_game, replay
from game.engine.cards import SHORT_DECK, parse
from game.engine.durak.state import IDLE_CAP, DurakState
from game.engine.rulesets import effective_options


def C(text):
    return [parse(x) for x in text.split()]


def position(hands, stock="", trump="AH", attacker=0, out=(), **options):
    """A state at the start of a bout: chosen hands, stock (top first) and trump card;
    every other card of the deck lies in the discard pile."""
    n = len(hands)
    opts = effective_options("durak", options, n)
    dealer = (attacker - 1) % n
    s = DurakState(opts, [{"name": f"P{i}", "seat": "human"} for i in range(n)], game=2, rules="durak",
                   auto_chance=False, dealer=dealer)
    hs = [C(h) for h in hands]
    st = C(stock)
    for seat in out:
        s.out[seat] = True
    s._deal(dealer, hs, parse(trump), st)
    used = {c for h in hs for c in h} | set(st)
    s.discard = [c for c in SHORT_DECK if c not in used]
    s.auto_chance = True
    return s


def act(s, seat, kind, *cards, **kw):
    assert s.to_act() == seat, (s.to_act(), seat, s.phase)
    action = {"type": kind}
    if kind == "attack":
        action["cards"] = list(cards)
    elif kind == "defend":
        action["attack"], action["card"] = cards
    return s.apply(action)


def refused(s, action, code):
    before = s.record()
    with pytest.raises(IllegalActionError) as e:
        s.apply(action)
    assert e.value.code == code, e.value.reason
    assert s.record() == before
    return e.value


def kinds(events):
    return [e["type"] for e in events]


# -- the seed's worked example ----------------------------------------------------------

WEST, NORTH, EAST, SOUTH = 0, 1, 2, 3


def test_worked_example_hearts_trump():
    s = position(["7C TS AC KC QC JC",          # West
                  "TC 6H 6S 8S 9S 8C",          # North: no higher spade, no trump left
                  "7D 6D AD KD QD JD",          # East
                  "AS KS QS JS 8D 9D"],         # South
                 stock="6C 9C TD 7S 7H 8H 9H TH JH QH KH AH", trump="AH", attacker=WEST)
    act(s, NORTH, "pass")                       # North got 6H in the deal: keeps it
    act(s, WEST, "attack", "7C")
    act(s, NORTH, "defend", "7C", "TC")
    act(s, WEST, "pass")                        # West could throw TS, lets East go first
    act(s, EAST, "attack", "7D")
    act(s, NORTH, "defend", "7D", "6H")
    act(s, WEST, "attack", "TS")
    assert {"type": "defend", "attack": "TS", "card": "6S"} not in s.legal_actions()
    assert [a for a in s.legal_actions() if a["type"] == "defend"] == []
    act(s, NORTH, "take")
    assert s.to_act() == EAST                   # West has nothing to give, East has the 6D
    assert {"type": "attack", "cards": ["6D"]} in s.legal_actions()
    events = act(s, EAST, "attack", "6D")
    assert events[1:4] == [{"type": "bout_end", "result": "taken"},
                           {"type": "draw", "player": WEST, "cards": ["6C", "9C"]},
                           {"type": "draw", "player": EAST, "cards": ["TD", "7S"]}]
    assert len(s.hands[NORTH]) == 10
    assert (s.opener, s.defender, s.to_act()) == (EAST, SOUTH, EAST)
    again = replay(s.record())
    assert again.events == s.events


# -- beating --------------------------------------------------------------------------------

def test_beating_rules_and_take_only_while_something_is_unbeaten():
    s = position(["9S 9C", "TS 8S 6H 7C AD KD"], trump="AH", attacker=0)
    act(s, 0, "attack", "9S", "9C")
    legal = s.legal_actions()
    assert {"type": "defend", "attack": "9S", "card": "TS"} in legal      # higher, same suit
    assert {"type": "defend", "attack": "9S", "card": "6H"} in legal      # any trump
    assert {"type": "defend", "attack": "9C", "card": "6H"} in legal
    refused(s, {"type": "defend", "attack": "9S", "card": "8S"}, "cannot_beat")
    err = refused(s, {"type": "defend", "attack": "9C", "card": "AD"}, "cannot_beat")  # no suit, no trump
    assert err.params["trump_attack"] is False
    refused(s, {"type": "defend", "attack": "9H", "card": "TS"}, "not_on_table")
    refused(s, {"type": "defend", "attack": "9S", "card": "QS"}, "not_held")
    act(s, 1, "defend", "9S", "TS")
    refused(s, {"type": "defend", "attack": "9S", "card": "6H"}, "already_beaten")
    assert {"type": "take"} in s.legal_actions()          # one card still unbeaten
    act(s, 1, "defend", "9C", "6H")
    assert s.events[-2] == {"type": "bout_end", "result": "beaten"}   # all beaten: no take
    assert s.phase == "over"


def test_trump_only_beaten_by_higher_trump():
    s = position(["8H 7S", "7H 9H AS KS QS JS"], trump="AH", attacker=0)
    act(s, 0, "attack", "8H")
    err = refused(s, {"type": "defend", "attack": "8H", "card": "7H"}, "cannot_beat")
    assert err.params["trump_attack"] is True           # the player is told: only a higher trump
    refused(s, {"type": "defend", "attack": "8H", "card": "AS"}, "cannot_beat")
    assert [a for a in s.legal_actions() if a["type"] == "defend"] == [
        {"type": "defend", "attack": "8H", "card": "9H"}]


# -- who may attack ----------------------------------------------------------------------

def test_continuation_only_after_a_beaten_card_and_only_ranks_on_table():
    s = position(["8C 8D TS 9S", "9C 6S 7S AS KS QS", "8S JD"], trump="AH", attacker=0)
    act(s, 0, "attack", "8C")
    assert s.to_act() == 1                      # nothing beaten: the defender answers first
    with pytest.raises(IllegalActionError):
        s.apply({"type": "attack", "cards": ["8D"]})
    act(s, 1, "defend", "8C", "9C")
    assert s.to_act() == 0                      # opening attacker first
    refused(s, {"type": "attack", "cards": ["TS"]}, "rank_not_on_table")
    opts = sorted(" ".join(a["cards"]) for a in s.legal_actions() if a["type"] == "attack")
    assert opts == ["8D", "8D 9S", "9S"]
    act(s, 0, "pass")
    assert s.to_act() == 2                      # then the others, from the defender's left
    act(s, 2, "attack", "8S")
    assert s.to_act() == 1


def test_opening_lead_one_rank_only():
    s = position(["8C 8D 9S", "9C 6S 7S AS KS QS"], trump="AH", attacker=0)
    refused(s, {"type": "attack", "cards": ["8C", "9S"]}, "same_rank")
    act(s, 0, "attack", "8C", "8D")


def test_passed_player_is_asked_again_after_the_table_changes():
    s = position(["8C 9D", "9C AS 7H 7D", "8S JD"], trump="AH", attacker=0)
    act(s, 0, "attack", "8C")
    act(s, 1, "defend", "8C", "9C")
    act(s, 0, "pass")
    act(s, 2, "attack", "8S")
    act(s, 1, "defend", "8S", "AS")
    assert s.to_act() == 0                      # passed, but may add later in the same bout
    act(s, 0, "attack", "9D")
    assert s.events[-2:] == [{"type": "attack", "player": 0, "cards": ["9D"]},
                             {"type": "out", "player": 0}]


def test_neighbours_only_excludes_the_far_players():
    hands = ["7C 9C", "8C 6S 7S AS KS QS", "9D AD", "9S KD", "9H QD"]
    s = position(hands, trump="AH", attacker=0, neighbours_only=True)
    assert s.attackers == (0, 2)                # 0 is the opening attacker and right neighbour
    s = position(hands, trump="AH", attacker=4, neighbours_only=True)
    assert s.defender == 0 and s.attackers == (4, 1)
    s = position(hands, trump="AH", attacker=4, neighbours_only=False)
    assert s.attackers == (4, 1, 2, 3)


def test_team_partner_never_attacks_and_out_partner_turns_pass():
    hands = ["7C 9C", "8C 6S 7S AS KS QS", "9D AD", "9S KD"]
    s = position(hands, trump="AH", attacker=0, teams="2v2")
    assert s.defender == 1 and s.attackers == (0, 2)
    # seat 1 out: its partner 3 defends against 0
    s = position(["7C 9C", "", "9D AD", "9S KD 6D"], trump="AH", attacker=0, out=(1,), teams="2v2")
    assert s.defender == 3 and s.attackers == (0, 2)
    # 3v3: seat 1 out -> the next teammate with cards, 3
    s = position(["7C", "", "9D", "9S KD", "8S", "AD"], trump="AH", attacker=0, out=(1,),
                 teams="3v3")
    assert s.defender == 3 and s.attackers == (0, 4, 2)


def test_team_defender_out_by_beating_teammate_attacks_next():
    # 2v2, stock empty: 1 beats 0's card with their last card and goes out; 3 attacks next
    s = position(["7C QD", "9C", "8D AD", "9S KD 6D"], trump="AH", attacker=0, teams="2v2")
    act(s, 0, "attack", "7C")
    ev = act(s, 1, "defend", "7C", "9C")
    assert {"type": "out", "player": 1} in ev
    while s.to_act() == 0 or s.to_act() == 2:
        act(s, s.to_act(), "pass")
    assert s.opener == 3 and s.defender == 0


def test_non_team_defender_out_attack_passes_on_left():
    s = position(["7C QD", "9C", "8D AD", "9S KD 6D"], trump="AH", attacker=0)
    act(s, 0, "attack", "7C")
    act(s, 1, "defend", "7C", "9C")
    while s.phase == "bout":
        act(s, s.to_act(), "pass")
    assert s.opener == 2 and s.defender == 3


# -- limits -----------------------------------------------------------------------------

def test_defender_hand_limit_on_the_opening_lead():
    s = position(["8C 8D 8S 8H", "9C 6S"], trump="AH", attacker=0)
    assert s.limit == 2
    refused(s, {"type": "attack", "cards": ["8C", "8D", "8S"]}, "attack_limit")
    assert max(len(a["cards"]) for a in s.legal_actions() if a["type"] == "attack") == 2


def test_defender_hand_limit_counts_cards_held_at_bout_start_not_after_take():
    # defender holds 3; after a take their hand grows, but at most 3 attack cards in all
    s = position(["8C 8D 8S 8H 9D 9H", "9C 6S 7S", "TC"], stock="AC KC QC JC",
                 trump="JC", attacker=0)
    act(s, 0, "attack", "8C")
    act(s, 1, "defend", "8C", "9C")
    act(s, 0, "attack", "8D")
    act(s, 1, "take")
    assert s.to_act() == 0
    refused(s, {"type": "attack", "cards": ["8S", "8H"]}, "attack_limit")
    gives = [a["cards"] for a in s.legal_actions() if a["type"] == "attack"]
    assert gives and all(len(g) == 1 for g in gives)
    events = act(s, 0, "attack", "9D")
    assert kinds(events)[:2] == ["attack", "bout_end"]      # limit reached: the bout ends
    assert len(s.hands[1]) == 2 + 4


def test_replay_is_lenient_about_order_but_not_about_limits():
    s = position(["8C 8D 8S 9H", "9C TD AS", "8H 9S"], stock="AC KC QC JC", trump="JC",
                 attacker=0)
    s.auto_chance = False
    s.apply_record_event({"type": "attack", "player": 0, "cards": ["8C"]})
    with pytest.raises(IllegalActionError) as e:      # nothing beaten yet
        s.apply_record_event({"type": "attack", "player": 2, "cards": ["8H"]})
    assert e.value.code == "nothing_beaten"
    s.apply_record_event({"type": "defend", "player": 1, "attack": "8C", "card": "9C"})
    s.apply_record_event({"type": "pass", "player": 2})            # informational
    s.apply_record_event({"type": "attack", "player": 2, "cards": ["8H"]})  # out of turn: fine
    s.apply_record_event({"type": "attack", "player": 0, "cards": ["8D"]})  # 3 of 3
    with pytest.raises(IllegalActionError) as e:
        s.apply_record_event({"type": "attack", "player": 2, "cards": ["9S"]})
    assert e.value.code == "attack_limit"
    with pytest.raises(IllegalActionError):
        s.apply_record_event({"type": "bout_end", "result": "beaten"})
    s.apply_record_event({"type": "take", "player": 1})
    with pytest.raises(IllegalActionError):
        s.apply_record_event({"type": "bout_end", "result": "beaten"})
    s.apply_record_event({"type": "bout_end", "result": "taken"})
    assert len(s.hands[1]) == 2 + 4


def test_limit_while_defending_never_more_unbeaten_than_defender_holds():
    s = position(["8C 8D 8S 9H 9D", "9C TD AS", "8H 9S"], stock="AC KC QC JC", trump="JC",
                 attacker=0)
    act(s, 0, "attack", "8C")
    act(s, 1, "defend", "8C", "9C")            # defender now holds 2, two more attack cards
    refused(s, {"type": "attack", "cards": ["8D", "8S", "9D"]}, "attack_limit")
    act(s, 0, "attack", "8D", "8S")
    act(s, 1, "defend", "8D", "TD")
    act(s, 1, "defend", "8S", "AS")
    ev = s.events[-3:]
    assert {"type": "bout_end", "result": "beaten"} in ev    # hand used up: defence holds


def test_max_attack_option():
    s = position(["8C 8D 8S 9D 9H 9S", "9C TD AS KS QS JS", "KC"], stock="AC KH QC JC",
                 trump="JC", attacker=0, max_attack=2)
    assert s.limit == 2
    act(s, 0, "attack", "8C")
    act(s, 1, "defend", "8C", "9C")
    act(s, 0, "attack", "9D")
    ev = act(s, 1, "defend", "9D", "TD")
    assert ev[1] == {"type": "bout_end", "result": "beaten"}     # two attack cards: the limit


def test_six_attack_cards_at_most_even_when_defender_holds_more():
    s = position(["7D 7S 7H 7C", "8D 8S 8H 9C TC AD AS", "8C 9D TD"],
                 stock="AC KC QC JC", trump="JC", attacker=0)
    assert s.limit == 6
    act(s, 0, "attack", "7D", "7S", "7H")
    for a, c in (("7D", "8D"), ("7S", "8S"), ("7H", "8H")):
        act(s, 1, "defend", a, c)
    act(s, 0, "attack", "7C")
    act(s, 1, "defend", "7C", "9C")
    assert s.to_act() == 2
    act(s, 2, "attack", "8C")
    act(s, 1, "defend", "8C", "TC")
    refused(s, {"type": "attack", "cards": ["9D", "TD"]}, "attack_limit")
    act(s, 2, "attack", "9D")                   # the sixth attack card
    ev = act(s, 1, "defend", "9D", "AD")
    assert ev[1] == {"type": "bout_end", "result": "beaten"}   # 2 still holds TD: no seventh
    assert parse("TD") in s.hands[2]


def test_give_after_take_even_if_nothing_beaten():
    s = position(["8C 9C", "AS KS", "8D"], stock="AC KC QC JC", trump="JC", attacker=0)
    act(s, 0, "attack", "8C")
    act(s, 1, "take")
    assert s.to_act() == 2                       # opening attacker has no 8; seat 2 may give
    ev = act(s, 2, "attack", "8D")
    assert ev[:2] == [{"type": "attack", "player": 2, "cards": ["8D"]},
                      {"type": "bout_end", "result": "taken"}]


# -- refill, trump card, going out ---------------------------------------------------------

def test_refill_order_opener_then_clockwise_defender_last_trump_card_last():
    s = position(["7C 7D AS", "8C 6S 7S", "9D TD", "KH"], stock="QC JC TC 9C 8H 6H AD",
                 trump="AD", attacker=1)
    act(s, 1, "attack", "8C")
    act(s, 2, "defend", "8C", "9D")
    while s.phase == "bout":
        act(s, s.to_act(), "pass")
    draws = [e for e in s.events if e["type"] == "draw"]
    assert draws == [{"type": "draw", "player": 1, "cards": ["QC", "JC", "TC", "9C"]},
                     {"type": "draw", "player": 3, "cards": ["8H", "6H", "AD"]}]
    assert s.stock == []
    assert {"type": "out", "player": 2} not in s.events      # still holds TD


def test_going_out_mid_bout_and_durak():
    s = position(["7C", "8C AS"], trump="AH", attacker=0)
    ev = act(s, 0, "attack", "7C")
    assert ev[-1] == {"type": "out", "player": 0}
    ev = act(s, 1, "defend", "7C", "8C")
    assert kinds(ev) == ["defend", "bout_end", "game_over"]
    assert ev[-1] == {"type": "game_over", "loser": 1, "losing_team": None}
    out = s.outcome()
    assert out.losers == (1,) and out.winners == (0,) and not out.draw
    assert s.session_next() == {"dealer": 1}


def test_everyone_out_in_the_same_bout_is_a_draw():
    s = position(["7C", "8C"], trump="AH", attacker=0)
    act(s, 0, "attack", "7C")
    ev = act(s, 1, "defend", "7C", "8C")
    assert ev[-1] == {"type": "game_over", "loser": None, "losing_team": None}
    assert s.outcome().draw
    assert s.session_next() == {"dealer": s.dealer}


def test_losing_team():
    s = position(["7C", "8C AS", "", "KD"], trump="AH", attacker=0, out=(2,), teams="2v2")
    act(s, 0, "attack", "7C")
    ev = act(s, 1, "defend", "7C", "8C")
    assert ev[-1] == {"type": "game_over", "loser": None, "losing_team": [1, 3]}
    assert s.outcome().losers == (1, 3)
    assert s.session_next()["dealer"] == 1      # the losing team's first seat from the dealer's (3) left


def test_end_only_after_whole_bout_attacker_out_defender_takes():
    s = position(["QD QH", "7C 8C"], trump="AH", attacker=1)
    # seat 1 leads two queens with their last cards, is out at once; seat 0 must still answer
    act(s, 1, "attack", "7C")
    assert s.out[1] is False
    s = position(["7C 8C", "QD QH"], trump="AH", attacker=1)
    ev = act(s, 1, "attack", "QD", "QH")
    assert ev[-1] == {"type": "out", "player": 1}
    assert s.to_act() == 0
    ev = act(s, 0, "take")
    assert ev[-1] == {"type": "game_over", "loser": 0, "losing_team": None}


# -- trump six swap ---------------------------------------------------------------------

def test_swap_offer_after_deal_and_midbout_swap():
    s = position(["6H 7C", "8C 9S AS", "9D"], stock="AC KC QC JC TH", trump="TH", attacker=0)
    assert s.phase == "offer" and s.to_act() == 0
    assert s.legal_actions() == [{"type": "swap"}, {"type": "pass"}]
    act(s, 0, "pass")
    assert s.to_act() == 0 and s.phase == "lead"
    assert {"type": "swap"} in s.legal_actions()          # still allowed on their own turn
    ev = act(s, 0, "swap")
    assert ev == [{"type": "swap", "player": 0, "from": None}]
    assert parse("TH") in s.hands[0] and s.stock[0] == parse("6H")
    assert {"type": "swap"} not in s.legal_actions()


def test_six_picked_up_from_the_table_cannot_be_swapped():
    s = position(["7C 9D", "6H 8C AS", "KD"], stock="AC KC QC JC TH", trump="TH", attacker=0)
    act(s, 1, "pass")                               # decline the offer
    act(s, 0, "attack", "7C")
    act(s, 1, "defend", "7C", "6H")                 # the six leaves the hand: right lost
    assert s.six_right == -1
    s = position(["6H 7H", "8C AS KS", "KD"], stock="AC KC QC JC TH", trump="TH", attacker=0)
    act(s, 0, "pass")
    act(s, 0, "attack", "6H")
    act(s, 1, "take")
    while s.phase == "bout":
        act(s, s.to_act(), "pass")
    assert parse("6H") in s.hands[1]
    with pytest.raises(IllegalActionError) as e:
        s.apply({"type": "swap"})
    assert e.value.code == "no_swap"


def test_final_refill_claim_from_whoever_drew_the_trump_card():
    # stock: 6H then TH (the trump card).  Seat 0 draws the six, seat 2 the trump card.
    s = position(["7C AS KS QS JS 8D", "8C 9S 7D 7S 8S 9C", "9D KD QD JD TD"],
                 stock="6H TH", trump="TH", attacker=0)
    act(s, 0, "attack", "7C")
    act(s, 1, "defend", "7C", "8C")
    while s.phase == "bout":
        act(s, s.to_act(), "pass")
    assert [e for e in s.events if e["type"] == "draw"] == [
        {"type": "draw", "player": 0, "cards": ["6H"]},
        {"type": "draw", "player": 2, "cards": ["TH"]}]
    assert s.phase == "offer" and s.to_act() == 0
    ev = act(s, 0, "swap")
    assert ev == [{"type": "swap", "player": 0, "from": 2}]
    assert parse("TH") in s.hands[0] and parse("6H") in s.hands[2]


def test_claim_expires_when_next_bout_starts():
    s = position(["7C AS KS QS JS 8D", "8C 9S 7D 7S 8S 9C", "9D KD QD JD TD"],
                 stock="6H TH", trump="TH", attacker=0)
    act(s, 0, "attack", "7C")
    act(s, 1, "defend", "7C", "8C")
    while s.phase == "bout":
        act(s, s.to_act(), "pass")
    act(s, 0, "pass")                                  # decline the claim offer
    opener = s.to_act()
    act(s, opener, "attack", s.legal_actions()[0]["cards"][0])
    assert s.claim is None


def test_no_claim_when_swapped_six_is_drawn_last():
    s = position(["6H 7C AS KS QS 8D", "8C 9S 7D 7S 8S 9C", "9D KD QD JD TD"],
                 stock="AC TH", trump="TH", attacker=0)
    act(s, 0, "swap")                                  # six under the stock
    act(s, 0, "attack", "7C")
    act(s, 1, "defend", "7C", "8C")
    while s.phase == "bout":
        act(s, s.to_act(), "pass")
    assert [e for e in s.events if e["type"] == "draw"] == [
        {"type": "draw", "player": 0, "cards": ["AC"]},
        {"type": "draw", "player": 2, "cards": ["6H"]}]
    assert s.claim is None and s.phase != "offer"


def test_six_player_deal_dealer_keeps_trump_card_and_no_stock():
    s = new_game("durak", 6, seed=5)
    deal = s.events[0]
    assert deal["stock"] == [] and all(len(h) == 6 for h in deal["hands"])
    assert deal["trump"] == deal["hands"][deal["dealer"]][-1]
    assert s.phase in ("lead", "offer")


def test_first_attacker_lowest_trump_in_game_one_left_of_dealer_later():
    for seed in range(20):
        s = new_game("durak", 4, seed=seed)
        deal = s.events[0]
        trump = deal["trump"][1]
        held = [(("6789TJQKA".index(c[0])), seat) for seat, h in enumerate(deal["hands"])
                for c in h if c[1] == trump]
        expect = min(held)[1] if held else (deal["dealer"] + 1) % 4
        assert s.opener == expect
    s = new_game("durak", 4, seed=3, game=2, dealer=2)
    assert s.events[0]["dealer"] == 2 and s.opener == 3


def test_session_dealer_is_previous_loser():
    from game.ai.random_player import RandomPlayer
    from game.engine.session import play_session
    players = [{"name": f"P{i}", "seat": "ai:random"} for i in range(4)]
    agents = [RandomPlayer(i) for i in range(4)]
    games = list(play_session("durak", players, agents, seed=7, games=4))
    for prev, cur in zip(games, games[1:]):
        out = prev.outcome()
        want = prev.dealer if out.draw else prev.loser
        assert cur.events[0]["dealer"] == want
        first = next(e for e in cur.events if e["type"] == "attack")
        assert first["player"] == (want + 1) % 4


# -- the termination guard ----------------------------------------------------------------

def test_stubborn_taking_ends_as_a_stalemate_draw():
    """Three players who always take and attack with one card: once the stock is
    empty every hand gives one card and gets one back per round, forever."""
    s = new_game("durak", 3, seed=1)
    steps = 0
    while not s.is_over():
        legal = s.legal_actions()
        pick = next((a for a in legal if a["type"] in ("take", "pass")), None)
        if pick is None:
            pick = next(a for a in legal if a["type"] == "attack" and len(a["cards"]) == 1)
        s.apply(pick)
        steps += 1
        assert steps < 100_000
    assert s.events[-1] == {"type": "game_over", "loser": None, "losing_team": None,
                            "reason": "stalemate"}
    assert s.outcome().draw
    taken = 0
    for e in reversed(s.events[:-1]):
        if e["type"] == "bout_end":
            if e["result"] != "taken":
                break
            taken += 1
    assert taken >= IDLE_CAP
    assert replay(s.record()).events == s.events


def test_random_games_always_end():
    rng = random.Random(3)
    for seed in range(60):
        n = 2 + seed % 5
        s = new_game("durak", n, seed=seed)
        steps = 0
        while not s.is_over():
            s.random_step(rng)
            steps += 1
            assert steps < 20000
        assert s.to_act() is None and s.outcome() is not None


def test_chance_then_players():
    s = new_game("durak", 3, seed=1, auto_chance=False)
    assert s.to_act() == CHANCE
    s.resolve_chance()
    assert s.to_act() in (0, 1, 2)
