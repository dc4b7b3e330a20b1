"""The bot API (ext:PATH seats: the example bot) and the AI worker process.
Misbehaving bots: tests/test_bot_process.py."""

import time

import pytest

from game.ai.seats import LEVELS, make_player
from game.ai.worker import AIWorker
from game.engine import new_game
from game.engine.session import play_game

EXAMPLE = "game/ai/example_bot.py"


def _game_with(bot, rules="gurka-se", n=4):
    agents = [bot] + [make_player("ai:normal", s) for s in range(1, n)]
    return play_game(rules, [{"name": f"P{i}", "seat": "human"} for i in range(n)], agents, seed=2)


@pytest.mark.parametrize("rules,n", [("gurka-se", 4), ("agurk-dk", 3), ("gurka-is", 3),
                                     ("gurka-is7", 3), ("durak", 3)])
def test_example_bot_plays_every_ruleset(rules, n):
    bot = make_player(f"ext:{EXAMPLE}", 0)
    try:
        state = _game_with(bot, rules, n)
    finally:
        bot.close()
    assert state.outcome() is not None
    assert bot.reports == [] and bot._decision > 5


def test_simulate_accepts_ext_seats(tmp_path):
    from game.cli import main
    out = tmp_path / "g.jsonl"
    rc = main(["simulate", "--rules", "gurka-se", "--players", "4", "--games", "1",
               "--seed", "3", "--seats", f"ext:{EXAMPLE},ai:easy,ai:normal,ai:hard:8",
               "--out", str(out)])
    assert rc == 0 and out.read_text().count("\n") == 1


def test_seat_specs_are_the_record_formats():
    from game.engine.records import AI_LEVELS
    assert tuple(LEVELS) == AI_LEVELS
    for bad in ("ai:ext:/tmp/x.py", "ai:hard:0", "ai:hard:100001", "ai:hard:1e3", "ai: normal",
                "human", "ext:", "bot:x", "ai:Normal"):
        with pytest.raises(ValueError):
            make_player(bad)
    assert make_player("ai:hard:100000").__class__.__name__ == "HardPlayer"


@pytest.mark.parametrize("rules,n", [("gurka-se", 3), ("durak", 2)])
def test_simulates_hard_plays_the_budget_its_clock_allows(rules, n):
    """simulate's ``ai:hard`` (reproducible) is the Hard a player meets: the family's
    REPRODUCIBLE_ROLLOUTS per decision, whatever the clock."""
    from game.ai.families import family_ai
    state = new_game(rules, n, seed=5)
    hard = make_player("ai:hard", 1, reproducible=True)
    other = make_player("ai:normal", 2)
    searched = 0
    while state.outcome() is None and searched < 3:
        s = state.to_act()
        view, legal = state.view(s), state.legal_actions()
        action = other.choose(view, legal)
        if len(legal) > 1:
            hard.choose(view, legal)
            if "iterations" in hard.last_stats:
                budget = family_ai(rules).levels.REPRODUCIBLE_ROLLOUTS
                # the halving rounds split the budget in whole rollouts per candidate
                assert 0.95 * budget <= hard.last_stats["iterations"] <= budget
                searched += 1
        state.apply(action)
    assert searched == 3
    assert make_player("ai:hard", 1).time_budget and not make_player("ai:hard", 1).iterations


# -- worker -----------------------------------------------------------------------------------
def test_worker_process_returns_a_move_and_can_be_cancelled():
    state = new_game("gurka-se", 4, seed=5)
    s = state.to_act()
    view, legal = state.view(s), state.legal_actions()
    with AIWorker() as w:
        t = w.submit(view, legal, "normal", 1)
        assert w.poll(t) is None     # returns at once: the new process cannot have answered
        action = w.wait(t, timeout=60)
        assert w.mode == "process"
        assert action in legal
        # a long decision, cancelled while it runs
        t2 = w.submit(view, legal, "hard:100000", 1)
        time.sleep(0.3)
        w.cancel()
        assert w.poll(t2) is None
        assert not w.busy()
        # the worker starts afresh after a cancel
        t3 = w.submit(view, legal, "easy", 2)
        assert w.wait(t3, timeout=60) in legal


def test_worker_thread_fallback():
    state = new_game("durak", 2, seed=5)
    s = state.to_act()
    view, legal = state.view(s), state.legal_actions()
    w = AIWorker(use_process=False)
    try:
        t = w.submit(view, legal, "hard:20", 3)
        assert w.wait(t, timeout=60) in legal
        assert w.mode == "thread"
    finally:
        w.close()


def test_worker_never_starts_a_bot(tmp_path):
    """A saved game's seat reaches the worker as a level: ext: (or ai:ext:) is refused and
    the Normal AI decides; the file is never run."""
    marker = tmp_path / "ran"
    bot = tmp_path / "x.py"
    bot.write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    state = new_game("gurka-se", 4, seed=5)
    view, legal = state.view(state.to_act()), state.legal_actions()
    w = AIWorker(use_process=False)
    try:
        for level in (f"ext:{bot}", f"ai:ext:{bot}", str(bot)):
            assert w.wait(w.submit(view, legal, level, 1), timeout=60) in legal
    finally:
        w.close()
    assert not marker.exists()
    assert len(w.errors) == 3 and all("built-in levels only" in e for e in w.errors)
