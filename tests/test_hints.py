"""Hints: Hard's choice from the player's own view, with the figures of its search; fair
(permuting the hidden cards consistently with the view leaves the hint the same), worded
in one line, shown at the table by key and button and counted."""

import random

import pygame
import pytest
from test_ai_levels import _permuted, _states_with_choices

from game.storage.settings import Settings
from game.ai.gurka import levels as gurka_ai
from game.ai.hint_figures import DurakObserver, GurkaObserver
from game.ai.hints import hint
from game.engine import new_game


def _same_action(a, b):
    return a["type"] == b["type"] and all(
        sorted(a[k]) == sorted(b[k]) if isinstance(a[k], list) else a[k] == b[k] for k in a)


@pytest.mark.parametrize("rules,n", [("gurka-se", 4), ("agurk-dk", 4), ("agurk-no", 3), ("gurka-is", 3),
                                     ("gurka-is7", 3), ("durak", 3)])
def test_permuting_hidden_cards_leaves_the_hint_the_same(rules, n):
    rng = random.Random(3)
    checked = differed = 0
    for state, seat in _states_with_choices(rules, n, seed=21, every=4)[:3]:
        other = _permuted(state, seat, rng)
        view = state.view(seat)
        assert other.view(seat) == view
        # the seat's own legal actions for both: in a permuted Durak deal with more than two
        # players another attacker may be the one asked to throw in (who can add a card is
        # hidden), and that seat's legal actions are not this seat's
        a = hint(view, state.legal_actions(), seed=9, iterations=24)
        b = hint(other.view(seat), state.legal_actions(), seed=9, iterations=24)
        assert a == b
        checked += 1
        differed += [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
    assert checked and differed


@pytest.mark.parametrize("rules,n", [("gurka-se", 4), ("gurka-is7", 3), ("durak", 2), ("durak", 4)])
def test_the_figures_are_the_searchs_own(rules, n):
    with_figures = 0
    for state, seat in _states_with_choices(rules, n, seed=5, every=3)[:3]:
        legal = state.legal_actions()
        h = hint(state.view(seat), legal, seed=1, iterations=30)
        assert any(_same_action(h["action"], a) for a in legal)
        if not h["figures"]:
            assert h["solved"] or h["alike"] or len(legal) == 1 \
                or {a["type"] for a in legal} == {"buyback", "pass"}
            continue
        first = h["figures"][0]
        assert _same_action(first["action"], h["action"])
        for f in h["figures"]:
            assert any(_same_action(f["action"], a) for a in legal)
            assert f["tried"] > 0
            for key in ("last", "lost"):
                if key in f:
                    assert 0.0 <= f[key] <= 1.0
        assert sum(f["tried"] for f in h["figures"]) <= 30 + len(h["figures"])
        with_figures += 1
    assert with_figures >= 2                     # the checks above met hints with figures


def test_the_gurka_observer_counts_the_last_trick():
    state = new_game("agurk-no", 3, seed=2)
    rng = random.Random(1)
    for _ in range(4):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act()
    view = state.view(seat)
    obs = GurkaObserver(view)
    played = state.copy()
    gurka_ai.rollout(played, rng, played.S)
    obs(0, state, played)
    score = next(e for e in played.events[len(view["events"]):] if e["type"] == "score")
    pen = score["penalties"][seat]
    assert obs.means(0) == {"last": 1.0 if pen else 0.0, "points": float(pen)}


def test_the_durak_observer_counts_the_cards_after_the_bout():
    rng = random.Random(4)
    state = new_game("durak", 2, seed=6)
    while True:
        seat = state.to_act()
        kinds = {a["type"] for a in state.legal_actions()}
        if "take" in kinds:
            break
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(seat)
    obs = DurakObserver(view)
    played = state.copy()
    played.apply({"type": "take"})
    while not any(e["type"] == "bout_end" for e in played.events[len(view["events"]):]):
        played.apply(rng.choice(played.legal_actions()))
    # the bout has just ended and its refill from the stock followed: "after this bout" is
    # the hands the next bout starts with (it counted them before the refill)
    end = next(i for i, e in enumerate(played.events) if i >= len(view["events"]) and e["type"] == "bout_end")
    after = end + 1
    while after < len(played.events) and played.events[after]["type"] in ("draw", "out"):
        after += 1
    assert any(e["type"] == "draw" for e in played.events[end:after])
    obs(0, state, played)
    m = obs.means(0)
    from game.engine.public import table_of
    refilled = table_of(played.record(), upto=after)
    assert m["mine"] == refilled.counts[seat]
    assert m["theirs"] == refilled.counts[1 - seat]


def test_the_worker_gives_a_hint_off_the_ui_thread():
    from game.ai.worker import AIWorker
    state = new_game("gurka-se", 4, seed=3)
    seat = state.to_act()
    with AIWorker(use_process=False) as w:
        ticket = w.submit(state.view(seat), state.legal_actions(), "hint", 1)
        h = w.wait(ticket, 30)
    assert h is not None and h["action"] in state.legal_actions() and h["figures"]


def test_the_line_names_the_cards_and_the_figures(app):
    from game.i18n import set_language
    from game.ui.table import hint_words as W
    h = {"action": {"type": "play", "cards": ["KS"]},
         "figures": [{"action": {"type": "play", "cards": ["KS"]}, "tried": 50, "mean": .5, "last": .18},
                     {"action": {"type": "play", "cards": ["7C"]}, "tried": 50, "mean": .4, "last": .41},
                     {"action": {"type": "play", "cards": ["2D"]}, "tried": 0, "mean": .1, "last": 1.0}]}
    set_language("sv")
    try:
        line = W.gurka_line(h, Settings(card_indices="native"))
    finally:
        set_language("en")
    assert "\u00a0%" in line and "7♣:\u00a041\u00a0%" in line     # figures never break apart
    line = line.replace("\u00a0", " ")
    assert line.startswith("K♠:") and "18 %" in line and "7♣: 41 %" in line and "2♦" not in line
    h["figures"][0]["points"], h["figures"][1]["points"] = 2.14, 3.5
    line = W.gurka_line(h, Settings(card_indices="native")).replace("\u00a0", " ")
    assert line.startswith("K♠: you lose the deal in 18 %") and "2.1 penalty points" in line
    assert "7♣: 41 %, on average 3.5" in line
    d = {"action": {"type": "take"},
         "figures": [{"action": {"type": "take"}, "tried": 40, "mean": .6, "lost": .2, "mine": 4.2,
                      "theirs": 1.0},
                     {"action": {"type": "defend", "attack": "9S", "card": "AH"}, "tried": 40, "mean": .4,
                      "lost": .55, "mine": 1, "theirs": 3}]}
    line = W.durak_line(d, Settings(card_indices="international")).replace("\u00a0", " ")
    assert line.startswith("Take: durak in 20 %") and "4 cards against 1" in line
    assert "beat 9♠ with A♥: 55 %, 1 against 3" in line
    assert W.durak_line({"action": {"type": "take"}, "figures": [], "solved": True}, Settings()).startswith("Take:")


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _table_mid_deal(app, tmp_path):
    """A Gurka table at the player's decision, its AI (and hints) on this thread."""
    from game.ai.worker import AIWorker
    from game.ui.tour.runner import Tour, mid_deal
    state = Tour(app, tmp_path).game("gurka-se", mid_deal)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    table.ai.worker = AIWorker(use_process=False)
    app.step([], 16)
    return table


def _wait_for_hint(app, table):
    import time
    end = time.monotonic() + 20
    while table.hints.current() is None and time.monotonic() < end:
        app.step([], 16)
        time.sleep(0.01)
    return table.hints.current()


def test_a_hint_at_the_table_by_key_then_gone_after_the_move(app, tmp_path):
    table = _table_mid_deal(app, tmp_path)
    state = table.host.state
    assert table.toolbar.hint.enabled
    app.step([_key(pygame.K_h)], 16)
    assert table.hints.thinking and table.animating()
    h = _wait_for_hint(app, table)
    assert h is not None and h["action"] in state.legal_actions()
    assert table.session["hints"] == 1 and table.hints.line()
    app.step([], 16)
    table.do(h["action"])
    assert table.hints.current() is None
    assert table.session["hints"] == 1


def test_enter_after_a_hint_plays_the_hinted_card(app, tmp_path):
    """The hint picks its card for the keyboard: Enter plays it (no arrow key first)."""
    table = _table_mid_deal(app, tmp_path)
    assert table.hover_card is None
    app.step([_key(pygame.K_h)], 16)
    h = _wait_for_hint(app, table)
    assert h is not None and h["action"]["type"] == "play" and len(h["action"]["cards"]) == 1
    n = len(table.host.state.events)
    app.step([_key(pygame.K_RETURN)], 16)
    played = [e for e in table.host.state.events[n:] if e["type"] == "play"]
    assert played and played[0]["cards"] == h["action"]["cards"]


def test_space_with_no_card_picked_picks_the_first_playable_one(app, tmp_path):
    table = _table_mid_deal(app, tmp_path)
    assert table.my_turn() and table.hover_card is None
    n = len(table.host.state.events)
    app.step([_key(pygame.K_SPACE)], 16)
    lit = table.legal_cards()
    assert table.hover_card == next(c for c in table.visible_hand() if c in lit)
    assert len(table.host.state.events) == n                  # picked, not played


def test_a_shown_hint_is_in_the_frames_changed_rectangles(app, tmp_path):
    """With dirty rectangles a real display updates only what changed: the hint's line
    and rings must be among them, the frame it appears and the frame it goes."""
    from game.ui.tour.runner import Tour, mid_deal
    state = Tour(app, tmp_path).game("gurka-se", mid_deal)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    app.step([], 16)
    legal = state.legal_actions()
    table.hints.shown = (table.decision_key, {"action": legal[0], "figures": [
        {"action": legal[0], "tried": 10, "mean": 0.5, "last": 0.2}]})
    surface = app.screen
    for _ in range(2):
        app.manager.dirty = True
        app.manager.draw(surface)
    drawn = table.hints.draw(surface.copy())
    assert drawn
    dirty = table.dirty_rects()
    assert dirty is not None
    for r in drawn:
        assert any(d.contains(r) for d in dirty), r
    table.hints.shown = None
    app.manager.dirty = True
    app.manager.draw(surface)
    dirty = table.dirty_rects()
    assert dirty is not None
    for r in drawn:
        assert any(d.contains(r) for d in dirty), r


def _table_at(app, tmp_path, rules, stop):
    from game.ui.tour.runner import Tour
    state = Tour(app, tmp_path).game(rules, stop)
    table = app.nav.push("table", state=state)
    table.fast_forward()
    for _ in range(10):                      # until the decision is on screen, with its buttons
        app.step([], 16)
        if table.action_buttons:
            break
    return table


def test_a_hint_of_a_set_chooses_all_its_cards_so_enter_plays_it(app, tmp_path):
    from game.ui.tour.steps import leads_a_pair
    table = _table_at(app, tmp_path, "gurka-is", leads_a_pair)
    pair = next(a for a in table.host.state.legal_actions() if a["type"] == "play" and len(a["cards"]) == 2)
    table.hints._pick(pair)                    # what poll() does with the worker's answer
    assert sorted(table.sel.cards) == sorted(pair["cards"])
    n = len(table.host.state.events)
    app.step([_key(pygame.K_RETURN)], 16)
    played = [e for e in table.host.state.events[n:] if e["type"] == "play"]
    assert played and sorted(played[0]["cards"]) == sorted(pair["cards"])


def test_a_hint_to_keep_the_cards_clears_a_chosen_exchange(app, tmp_path):
    from game.ui.tour.steps import human_to_act

    def exchanging(state):
        return human_to_act(state) and any(a["type"] == "exchange" for a in state.legal_actions())
    table = _table_at(app, tmp_path, "gurka-is7", exchanging)
    hand = table.visible_hand()
    table.click_card(hand[0])
    table.click_card(hand[1])
    assert len(table.sel.cards) == 2
    table.hints._pick({"type": "exchange", "discard": []})
    assert table.sel.cards == [] and table.hover_card is None
    n = len(table.host.state.events)
    app.step([_key(pygame.K_RETURN)], 16)
    mine = [e for e in table.host.state.events[n:] if e["type"] == "exchange" and e.get("player") == 0]
    assert mine and not mine[0].get("discard")           # kept, as the hint said


def test_space_and_enter_press_the_button_when_no_card_may_be_played(app, tmp_path):
    # a Durak defender who cannot beat the attack: Take is the only move
    def must_take(state):
        return state.to_act() == 0 and [a["type"] for a in state.legal_actions()] == ["take"]
    for key in (pygame.K_SPACE, pygame.K_RETURN):
        table = _table_at(app, tmp_path, "durak", must_take)
        table.hover_card = table.visible_hand()[0]      # a card picked earlier, now unplayable
        if key == pygame.K_SPACE:
            table.hover_card = None
        n = len(table.host.state.events)
        app.step([_key(key)], 16)
        assert any(e["type"] == "take" for e in table.host.state.events[n:]), key
        app.nav.pop()


def _first_state(rules, n, want, options=None, seeds=range(40)):
    """The first decision of a seeded random game that ``want(state, legal)`` accepts."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(rules, n, options=options, seed=seed)
        while state.to_act() is not None:
            legal = state.legal_actions()
            if want(state, legal):
                return state
            state.apply(rng.choice(legal))
    raise AssertionError("no such decision")


def test_a_hint_not_to_swap_names_the_keep_the_six_button(app):
    """Asked only whether to swap the trump six, the buttons are *Swap trump six* and
    *Keep the six*: the hint names those, never a *Done* that is not on the table."""
    from game.ui.table import hint_words as W
    state = _first_state("durak", 2, lambda s, legal: {a["type"] for a in legal} == {"swap", "pass"})
    seat = state.to_act()
    h = hint(state.view(seat), state.legal_actions(), seed=1, iterations=20)
    assert {f["action"]["type"] for f in h["figures"]} == {"swap", "pass"}
    line = W.durak_line(h, Settings(card_indices="international")).replace("\u00a0", " ")
    assert "Keep the six" in line and "Swap trump six" in line and "Done" not in line


@pytest.mark.parametrize("rules,n,kind", [("gurka-se", 4, "play"), ("durak", 2, "take"),
                                          ("gurka-is7", 3, "exchange")])
def test_a_single_legal_move_is_hinted_as_the_only_one(app, rules, n, kind):
    """The rules leave one move (the last trick, a forced take, no exchange allowed): the hint
    says so, not that the computer would choose it, as if there were a choice."""
    from game.ui.table import hint_words as W
    state = _first_state(rules, n, lambda s, legal: len(legal) == 1 and legal[0]["type"] == kind)
    legal = state.legal_actions()
    h = hint(state.view(state.to_act()), legal, seed=1, iterations=20)
    words = W.durak_line if rules == "durak" else W.gurka_line
    line = words(h, Settings(card_indices="international"))
    assert "the only move you may make" in line and "would choose" not in line


def test_with_lives_the_hint_speaks_of_lives_not_penalty_points(app):
    """A lost deal costs a life (agurk-dk lives=3): no 'penalty points' in the hint."""
    from game.ui.table import hint_words as W
    state = _first_state("agurk-dk", 4, lambda s, legal: len(legal) > 2, options={"lives": 3})
    h = hint(state.view(state.to_act()), state.legal_actions(), seed=1, iterations=40)
    assert h["figures"] and all("points" not in f for f in h["figures"])
    line = W.gurka_line(h, Settings(card_indices="international")).replace("\u00a0", " ")
    assert "you lose a life in" in line and "penalty" not in line and "on average" not in line


def test_in_team_durak_the_cards_against_are_the_other_teams(app):
    """2 v 2: 'with 5 cards against 2' compares with the fewest of the other team, never
    with the partner's hand."""
    from game.engine.public import table_of

    def partner_fewest(state, legal):
        seat = state.to_act()
        counts = table_of(state.view(seat)).counts
        return counts[(seat + 2) % 4] < min(counts[(seat + 1) % 4], counts[(seat + 3) % 4])
    state = _first_state("durak", 4, partner_fewest, options={"teams": "2v2"})
    seat = state.to_act()
    obs = DurakObserver(state.view(seat))
    obs(0, state, state.copy())                  # nothing played: the hands as they are
    counts = table_of(state.view(seat)).counts
    assert obs.means(0)["theirs"] == min(counts[(seat + 1) % 4], counts[(seat + 3) % 4])


def test_a_tied_top_card_loses_the_deal_and_the_hint_says_so(app):
    """Swedish rules: every player of the tied highest rank scores, though only the last of
    them takes the last trick.  The figure counts the deal as lost, and the hint says 'lose
    the deal', which is what it counts (it said 'take the last trick')."""
    from game.ui.table import hint_words as W
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game("gurka-se", 4, seed=seed)
        while not any(e["type"] == "score" for e in state.events):
            before = state.copy()
            state.apply(rng.choice(state.legal_actions()))
        score = next(e for e in state.events if e["type"] == "score")
        winner = [e for e in state.events if e["type"] == "trick"][-1]["winner"]
        tied = [s for s, p in enumerate(score["penalties"]) if p and s != winner]
        if tied:
            break
    seat = tied[0]
    obs = GurkaObserver(before.view(seat))
    obs(0, before, state)
    assert obs.means(0)["last"] == 1.0
    h = {"action": {"type": "play", "cards": ["KS"]},
         "figures": [{"action": {"type": "play", "cards": ["KS"]}, "tried": 1, "mean": 0.0,
                      **obs.means(0)}]}
    line = W.gurka_line(h, Settings(card_indices="international")).replace("\u00a0", " ")
    assert "you lose the deal in 100 %" in line and "take the last trick" not in line


def test_a_failed_hint_is_not_presented_as_the_hard_players_choice(app, tmp_path):
    """When the hint's search fails the worker answers with a plain move (Normal's, or the
    first legal one): the line must not say the Hard player chose it."""
    table = _table_mid_deal(app, tmp_path)
    legal = table.host.state.legal_actions()

    class Failed:
        def submit(self, *args):
            return 1

        def poll(self, ticket):
            return legal[-1]                 # what AIWorker._fallback hands back

        def cancel(self, ticket):
            pass
    table.ai.worker = Failed()
    assert table.hints.ask()
    table.hints.poll()
    line = table.hints.line()
    assert table.hints.current()["action"] == legal[-1]
    assert line and "Hard" not in line and "could not be worked out" in line


def test_an_icelandic_reset_counts_as_the_total_going_back_to_zero(app):
    """Gúrka: exactly 21 puts a total back to 0.  A card that lands on 21 is no cost but a
    gain: the hint gives what the deal does to the total (it gave the penalty, so the
    advised card looked worse than the others by every figure it showed)."""
    from game.engine.public import table_of
    from game.ui.table import hint_words as W
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game("gurka-is", 3, seed=seed)
        before = None
        while state.to_act() is not None:
            seat = state.to_act()
            if state.phase == "play" and len(state.hands[seat]) == 1 and not state.trick:
                before = (state.copy(), seat)
            n = len(state.events)
            state.apply(rng.choice(state.legal_actions()))
            score = next((e for e in state.events[n:] if e["type"] == "score"), None)
            if score and before:
                start, s = before
                if score["penalties"][s] and score["totals"][s] == 0 and table_of(start.view(s)).totals[s]:
                    break
                before = None
        else:
            continue
        break
    total = table_of(start.view(s)).totals[s]
    obs = GurkaObserver(start.view(s))
    obs(0, start, state)
    assert obs.means(0)["change"] == -total and obs.means(0)["last"] == 1.0
    assert hint(start.view(s), start.legal_actions(), iterations=4)["reset"] == 21
    h = {"action": {"type": "play", "cards": ["KS"]}, "reset": 21,
         "figures": [{"action": {"type": "play", "cards": ["KS"]}, "tried": 1, "mean": 0.0, **obs.means(0)}]}
    line = W.gurka_line(h, Settings(card_indices="international")).replace("\u00a0", " ")
    assert f"your total changes by \u2212{total}.0 on average" in line


def test_an_exchange_hint_fits_its_two_lines_whole(app, tmp_path):
    """Seven-round Gúrka: exchanges name their cards, so three of them overflowed the hint's
    two lines at 1024x640 and the end was cut off ("…"): an exchange hint names two."""
    from game.ui import theme as T
    from game.ui.table import hint_words as W
    table = _table_mid_deal(app, tmp_path)
    u = table.lay.u
    width = table.lay.middle_width() - int(20 * u)

    def ex(cards, last, points):
        return {"action": {"type": "exchange", "discard": cards}, "tried": 50, "mean": 0.0,
                "last": last, "points": points}
    h = {"action": {"type": "exchange", "discard": ["TD", "QD", "TH", "JC", "KD"]},
         "figures": [ex(["TD", "QD", "TH", "JC", "KD"], .55, 3.5), ex(["TD", "QD", "JC", "KD"], .33, 3.0),
                     ex(["QD", "KD"], .6, 5.3)]}
    line = W.gurka_line(h, Settings(card_indices="international"))
    px, lines = T.fit_wrapped(line, 17 * u, width, 2, bold=True)
    assert not any(ln.endswith("…") for ln in lines), lines
    assert "Q♦ K♦:" not in line.replace("\u00a0", " ")          # the third is left out


def test_in_team_durak_the_hint_says_the_team_loses(app):
    """2 v 2: the share counts the games the player's team loses, so the hint says so
    ('your team loses in 40 %'), not 'durak in 40 %', which reads as the player alone."""
    from game.ui.table import hint_words as W
    state = _first_state("durak", 4, lambda s, legal: len(legal) > 2, options={"teams": "2v2"})
    h = hint(state.view(state.to_act()), state.legal_actions(), seed=1, iterations=40)
    assert h["team"] and h["figures"]
    line = W.durak_line(h, Settings(card_indices="international")).replace("\u00a0", " ")
    assert "your team loses in" in line and "durak in" not in line
    alone = _first_state("durak", 4, lambda s, legal: len(legal) > 2)
    h = hint(alone.view(alone.to_act()), alone.legal_actions(), seed=1, iterations=40)
    assert not h["team"] and "durak in" in W.durak_line(h, Settings(card_indices="international"))


def _hot_seat_hint(app, seat: int) -> int:
    """A hot-seat Gurka table (people at seats 0 and 1) at ``seat``'s decision: that
    person asks for a hint; the hints counted for the statistics afterwards."""
    from game.ai.worker import AIWorker
    from game.engine import new_game
    players = [{"name": "Ann", "seat": "human"}, {"name": "Bo", "seat": "human"},
               {"name": "Cy", "seat": "ai:normal"}]
    state = new_game("gurka-se", players, None, seed=5)
    state.auto_chance = True
    while state.to_act() != seat or state.phase != "play":
        state.apply(state.legal_actions()[0])
    table = app.nav.push("table", state=state, save=False)
    table.fast_forward()
    table.ai.worker = AIWorker(use_process=False)
    table.reveal_for(seat)
    app.step([], 16)
    assert table.my_turn() and table.hints.ask()
    assert _wait_for_hint(app, table) is not None
    return table.session["hints"]


def test_in_hot_seat_only_the_first_persons_hints_count_for_the_statistics(app):
    """The statistics are the first human seat's: another person's hint is not theirs."""
    assert _hot_seat_hint(app, 1) == 0
    app.manager.clear()
    assert _hot_seat_hint(app, 0) == 1
