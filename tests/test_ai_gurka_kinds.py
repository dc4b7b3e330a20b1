"""The kinds of card the other seats play, read from finished deals (gurka_kinds), and what
Hard does with them: the softer inferences' gate (gurka_info.KIND_READS, KIND_GATE), the
play-outs' model and the deals' weights (gurka_ai.KINDS, KIND_WEIGHTS; both off)."""

import random

from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gi
from game.ai.gurka import kinds as gk
from game.ai.gurka import likely as gl
from game.ai.seats import make_player
from game.engine.gurka import moves as gm
from game.engine import new_game
from game.engine.cards import INDEX, names

RULES = "agurk-no"
OPTS = {"optional_lowest": True, "no_ace_on_ace": True, "hand_size": 6}   # issue 51's setting


class _Scripted:
    """Leads its second strongest strength (its strongest with two) and follows with its
    weakest legal card; otherwise the first legal action (it reads the trick from the
    state it is given: a test's stand-in for a player of another style)."""

    def __init__(self):
        self.st = None

    def choose(self, view, legal):
        if legal[0]["type"] != "play":
            return legal[0]
        S = self.st.S
        cards = [INDEX[a["cards"][0]] for a in legal]
        strengths = sorted({S[c] for c in cards})
        if not self.st.trick and len(strengths) > 1:
            want = strengths[-2] if len(strengths) > 2 else strengths[-1]
            pick = next(c for c in cards if S[c] == want)
        else:
            pick = min(cards, key=S.__getitem__)
        return next(a for a in legal if INDEX[a["cards"][0]] == pick)


def _view_after(deals: int, agents, seed: int = 3):
    """The view of the first seat to play after ``deals`` finished deals."""
    st = new_game(RULES, 3, OPTS, seed=seed)
    agents[0].st = st
    while st.to_act() is not None and st.deals <= deals:
        s = st.to_act()
        st.apply(agents[s].choose(st.view(s), st.legal_actions()))
    while st.phase != "play":
        s = st.to_act()
        st.apply(agents[s].choose(st.view(s), st.legal_actions()))
    return st, st.view(st.to_act())


def test_kinds_of_leads_and_follows():
    st = new_game(RULES, 3, OPTS, seed=1)
    S, OPTS_FULL = st.S, st.options
    c = {n: INDEX[n] for n in ("2S", "5H", "9D", "KC", "AS", "7C")}
    hand = [c["2S"], c["5H"], c["9D"], c["KC"]]
    assert gk.kind(hand, [], (c["KC"],), S, OPTS_FULL) == "top"
    assert gk.kind(hand, [], (c["9D"],), S, OPTS_FULL) == "mid"
    assert gk.kind(hand, [], (c["2S"],), S, OPTS_FULL) == "low"
    assert gk.kind([c["5H"], INDEX["5S"]], [], (c["5H"],), S, OPTS_FULL) is None     # no choice
    before = [(0, (c["7C"],))]                       # 7 to beat: 9 and K reach
    assert gk.kind(hand, before, (c["KC"],), S, OPTS_FULL) == "top"
    assert gk.kind(hand, before, (c["9D"],), S, OPTS_FULL) == "low"
    assert gk.kind(hand, before, (c["2S"],), S, OPTS_FULL) == "dump"
    wide = hand + [c["AS"]]
    assert gk.kind(wide, before, (c["KC"],), S, OPTS_FULL) == "mid"
    # nothing reaches: the lowest card is forced, no choice
    assert gk.kind([c["2S"], c["5H"]], [(0, (c["9D"],))], (c["2S"],), S, OPTS_FULL) is None
    # an ace on the table (no ace on ace): a lowest card only
    assert gk.kind(hand, [(0, (c["AS"],))], (c["2S"],), S, OPTS_FULL) is None


def test_read_counts_the_others_finished_plays_only():
    agents = [_Scripted(), make_player("ai:normal", 1), make_player("ai:normal", 2)]
    st, view = _view_after(3, agents)
    kinds = gk.read(gl.finished_plays(view), st.S, st.options)
    assert view["seat"] not in kinds
    assert kinds, "three finished deals show plays with a choice"
    if view["seat"] != 0:
        leads = {k: row for k, row in kinds[0].items() if k[0] and k[1] >= 3}
        assert leads and all(set(row) <= {"mid"} for row in leads.values()), leads


def _after_a_lead_of(seat: int, agents, deals: int, seed: int):
    """A state just after ``seat`` led a single card with 4 cards or more in hand, after
    ``deals`` finished deals, seen by the next seat; None if that did not happen."""
    st = new_game(RULES, 3, OPTS, seed=seed)
    agents[0].st = st
    while st.to_act() is not None:
        s = st.to_act()
        if (st.deals > deals and st.phase == "play" and len(st.trick) == 1
                and st.trick[0][0] == seat and len(st.hands[seat]) >= gi.SOFT_MIN_LEFT):
            return st
        st.apply(agents[s].choose(st.view(s), st.legal_actions()))
    return None


def test_the_kind_gate_drops_caps_of_a_seat_that_does_not_lead_its_strongest(monkeypatch):
    agents = [_Scripted(), make_player("ai:normal", 1), make_player("ai:normal", 2)]
    st = next(filter(None, (_after_a_lead_of(0, agents, 3, seed) for seed in range(3, 30))))
    view = st.view(st.to_act())
    kinds = gi.read_view(view, read_style=True).kinds()
    size = len(st.hands[0]) + 1
    assert gk.top_share(kinds, 0, True, size, gi.SOFT_MIN_LEFT + 1) < gi.KIND_GATE
    monkeypatch.setattr(gi, "STYLE_GATE", 0.0)     # the kind gate alone
    monkeypatch.setattr(gi, "KIND_READS", True)
    assert 0 not in gi.read_view(view, read_style=True).cap
    monkeypatch.setattr(gi, "KIND_READS", False)
    assert gi.read_view(view, read_style=True).cap[0] == st.S[st.trick[0][1][0]]


def test_the_kind_gate_keeps_caps_of_a_seat_that_leads_its_strongest(monkeypatch):
    monkeypatch.setattr(gi, "KIND_READS", True)
    agents = [_Scripted(), make_player("ai:normal", 1), make_player("ai:normal", 2)]
    for seed in range(3, 40):
        st = _after_a_lead_of(1, agents, 3, seed)
        if st is None or st.to_act() == 0:
            continue
        led = st.trick[0][1][0]
        size = len(st.hands[1]) + 1
        if st.S[led] != max(st.S[c] for c in st.hands[1] + [led]):
            continue
        view = st.view(st.to_act())
        k = gi.read_view(view, read_style=True)
        if gk.top_share(k.kinds(), 1, True, size, gi.SOFT_MIN_LEFT + 1) >= gi.KIND_GATE:
            assert k.cap[1] == st.S[led]
            return
    raise AssertionError("Normal never led its strongest card where its kinds pass the gate")


def test_a_fresh_game_draws_the_caps_until_the_kinds_say_otherwise(monkeypatch):
    st = new_game("gurka-is", 3, {"multi_lead": False}, seed=3)
    leader = st.to_act()
    card = max(st.hands[leader], key=lambda c: st.S[c])
    st.apply({"type": "play", "cards": names([card])})
    view = st.view(st.to_act())
    assert gi.KIND_READS and gk.PRIOR >= gi.KIND_GATE      # the default: caps from the start
    assert gi.read_view(view, read_style=True).cap[leader] == st.S[card]
    monkeypatch.setattr(gk, "PRIOR", 0.5)                  # a prior under the gate: none yet
    assert leader not in gi.read_view(view, read_style=True).cap
    monkeypatch.setattr(gi, "KIND_READS", False)
    assert gi.read_view(view, read_style=True).cap[leader] == st.S[card]


def test_playout_moves_are_legal_and_follow_the_model():
    rng = random.Random(7)
    models = {
        "mid": {(True, z): [("top", 0.0), ("mid", 1.0), ("low", 1.0)] for z in range(2, 8)},
        "low": {(False, z): [("top", 0.0), ("mid", 0.0), ("low", 1.0), ("dump", 1.0)]
                for z in range(2, 8)},
        "dump": {(False, z): [("top", 0.0), ("mid", 0.0), ("low", 0.0), ("dump", 1.0)]
                 for z in range(2, 8)},
    }
    seen = {name: 0 for name in models}
    for seed in range(60):
        st = new_game(RULES, 3, OPTS, seed=seed)
        while st.phase == "play":
            hand = st.hands[st.turn]
            legal = {m for m in st.moves()}
            for name, model in models.items():
                m = gk.playout_move(st, model, rng)
                if m is None:
                    continue
                assert m in legal, (name, m)
                S = st.S
                if name == "mid" and not st.trick:
                    strengths = sorted({S[c] for c in hand})
                    assert S[m[0]] == (strengths[-2] if len(strengths) > 2 else strengths[-1])
                    seen[name] += 1
                if name == "low":
                    ref, _block = gm.card_to_match(st.options, S, [cs[0] for _s, cs in st.trick])
                    assert S[m[0]] == min(S[c] for c in hand if S[c] >= S[ref])
                    seen[name] += 1
                if name == "dump":
                    assert S[m[0]] == min(S[c] for c in hand)
                    seen[name] += 1
            st.play_move(st.turn, gk.playout_move(st, models["mid"], rng)
                         or gurka_ai.gp.rollout_move(st, rng))
    assert all(seen.values()), seen


def test_kind_weights_favour_hands_that_explain_a_middle_lead():
    agents = [_Scripted(), make_player("ai:normal", 1), make_player("ai:normal", 2)]
    for seed in range(3, 40):
        st = _after_a_lead_of(0, agents, 1, seed)
        if st is None:
            continue
        led = st.trick[0][1]
        S = st.S
        k = gi.read_view(st.view(st.to_act()), read_style=True)
        weaker = [c for c in k.unseen if S[c] < S[led[0]]]
        if S[led[0]] < max(S[c] for c in st.hands[0]) and len(weaker) >= len(st.hands[0]):
            break
    else:
        raise AssertionError("seat 0 never led a middle card")
    size = len(st.hands[0]) + 1
    shares = {0: {(True, size): {"top": 0.1, "mid": 0.8, "low": 0.1}}}
    plays = gk.KindPlays(k, shares)
    assert [r[:2] for r in plays.rows] == [(0, led)]
    truth = {s: list(st.hands[s]) for s in k.others}
    hands = dict(truth)
    hands[0] = weaker[:len(st.hands[0])]          # nothing stronger: the lead was its top
    assert plays.weight(truth) == 0.8
    assert plays.weight(hands) == 0.1
