"""Hard's reading of the others' exchanges in seven-round Gúrka (game.ai.gurka.exchanges):
true of every Normal seat, dropped for a seat once a finished deal shows it exchanges
another way, and used by the sampling.  (Off by default: gurka_info.EXCHANGE_READS and
DISCARDS; switched on here.)"""

import random

import pytest

from game.ai.gurka import exchanges as gurka_exchanges
from game.ai.gurka import info as gurka_info
from game.ai.baselines import make_baseline
from game.ai.seats import make_player
from game.engine import new_game
from game.engine.cards import INDEX
from game.engine.public import fold, new_table


@pytest.fixture(autouse=True)
def reads_on(monkeypatch):
    monkeypatch.setattr(gurka_info, "EXCHANGE_READS", True)
    monkeypatch.setattr(gurka_info, "DISCARDS", True)


def _games(field: str, seeds, players: int = 4):
    """(state, Hard's Knowledge for seat 0) at seat 0's card plays, seat 0 a Normal player
    and the others of ``field``; also the true hand of each seat after each deal's
    exchanges: {deal number: {seat: cards}}."""
    for seed in seeds:
        st = new_game("gurka-is7", players, seed=seed)
        agents = [make_player("ai:normal", seed)] + [
            make_baseline(field, seed * 7 + s) if field.startswith("base:")
            else make_player(field, seed * 7 + s) for s in range(1, players)]
        after: dict[int, dict] = {}
        while (s := st.to_act()) is not None:
            if st.phase == "play" and st.deals not in after:
                after[st.deals] = {t: list(st.hands[t]) for t in range(players)}
            if s == 0 and st.phase == "play":
                yield st, gurka_info.read_view(st.view(0), read_style=True), after
            st.apply(agents[s].choose(st.view(s), st.legal_actions()))


def test_every_read_of_a_normal_seat_is_true_and_they_are_many():
    reads = decisions = 0
    for st, k, _after in _games("ai:normal", range(6)):
        decisions += 1
        for seat, (strength, n) in k.low.items():
            reads += 1
            assert 0 < n <= len(st.hands[seat])
            assert sum(k.S[c] <= strength for c in st.hands[seat]) >= n, (seat, strength, n)
    assert reads > decisions / 2          # most of Hard's decisions have one to use


def test_a_seat_that_broke_the_rule_in_a_finished_deal_is_not_read_again():
    dropped = 0
    for st, k, after in _games("base:hoarder", range(8)):
        view = st.view(0)
        table = new_table(view["rules"], view["options"], view["players"])
        broke = set()
        for ev in view["events"]:
            fold(table, ev)
            if ev["type"] != "score":
                continue
            for seat, (strength, n) in gurka_exchanges._reads(table, k.S, 0).items():
                if sum(k.S[c] <= strength for c in after[table.deals][seat]) < n:
                    broke.add(seat)
        assert not broke & set(k.low)
        dropped += len(broke)
    assert dropped                         # the hoarder keeps nines: it is found out


def test_the_sampling_deals_a_read_seat_its_low_cards():
    checked = 0
    for _st, k, _after in _games("ai:normal", range(2)):
        rng = random.Random(checked)
        for _ in range(5):
            a = gurka_info.sample_hidden(k, rng)
            for seat, (strength, n) in k.low.items():
                assert sum(k.S[c] <= strength for c in a.hands[seat]) >= n
                checked += 1
    assert checked > 100


def test_off_by_default(monkeypatch):
    monkeypatch.undo()
    for _st, k, _after in _games("ai:normal", range(1)):
        assert k.low == {} and k.discarded == (0, 0)
        break


def test_no_reads_without_the_close_reading_or_outside_seven_round_gurka():
    for st, _k, _after in _games("ai:normal", range(1)):
        assert gurka_info.read_view(st.view(0)).low == {}
        break
    st = new_game("gurka-is", 3, seed=1)
    assert gurka_info.read_view(st.view(st.to_act()), read_style=True).low == {}


def test_the_others_discards_are_strong_and_the_sampling_keeps_them_out_of_play():
    checked = 0
    for field in ("ai:normal", "base:hoarder", "ai:easy", "base:mc:20"):
        for st, k, _after in _games(field, range(3)):
            floor, n = k.discarded
            discards = [c for e in st.events if e["type"] == "exchange" and e["player"] != 0
                        for c in map(INDEX.get, e["discard"])][-n:] if n else []
            # the true discards of this deal (the state's record shows them)
            assert all(k.S[c] >= floor for c in discards)
    for _st, k, _after in _games("ai:normal", range(2)):
        # as many discards as there are unseen sevens (the strongest rank): no hand gets one
        top = max(k.S)
        sevens = sum(k.S[c] == top for c in k.unseen)
        if not sevens or k.discarded[1] < sevens:
            continue
        k.discarded = (top, sevens)
        a = gurka_info.sample_hidden(k, random.Random(checked))
        assert not any(k.S[c] == top for h in a.hands.values() for c in h)
        checked += 1
    assert checked > 10
