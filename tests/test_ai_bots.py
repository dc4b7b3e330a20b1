"""The bot API (ext:PATH seats) and the AI worker process."""

import io
import time

import pytest

from game.ai.ext import ExternalBot
from game.ai.seats import make_player
from game.ai.worker import AIWorker
from game.engine import new_game
from game.engine.session import play_game

EXAMPLE = "game/ai/example_bot.py"


def _bot(tmp_path, body, budget=5.0):
    path = tmp_path / "bot.py"
    path.write_text(body)
    return ExternalBot(str(path), seed=1, budget=budget, stream=io.StringIO())


def _game_with(bot, rules="gurka-se", n=4):
    agents = [bot] + [make_player("ai:normal", s) for s in range(1, n)]
    return play_game(rules, [{"name": f"P{i}", "seat": "human"} for i in range(n)], agents, seed=2)


@pytest.mark.parametrize("rules,n", [("gurka-se", 4), ("agurk-dk", 3), ("gurka-is", 3),
                                     ("gurka-is7", 3), ("durak", 3)])
def test_example_bot_plays_every_ruleset(rules, n):
    bot = make_player(f"ext:{EXAMPLE}", 0)
    state = _game_with(bot, rules, n)
    assert state.outcome() is not None
    assert bot.reports == []


def test_raising_bot_is_reported_and_replaced(tmp_path):
    bot = _bot(tmp_path, "def choose(view, legal):\n    raise RuntimeError('boom')\n")
    assert _game_with(bot).outcome() is not None
    assert bot.reports and "RuntimeError: boom" in bot.reports[0]
    assert "normal AI plays" in bot.reports[0]


def test_illegal_answer_is_reported_and_replaced(tmp_path):
    bot = _bot(tmp_path, "def choose(view, legal):\n    return {'type': 'play', 'cards': ['ZZ']}\n")
    assert _game_with(bot).outcome() is not None
    assert bot.reports and "not a legal action" in bot.reports[0]


def test_hanging_bot_is_reported_and_replaced(tmp_path):
    bot = _bot(tmp_path, "import time\ndef choose(view, legal):\n    time.sleep(3)\n"
                         "    return legal[0]\n", budget=0.2)
    state = new_game("gurka-se", 4, seed=1)
    s = state.to_act()
    t = time.perf_counter()
    action = bot.choose(state.view(s), state.legal_actions())
    assert time.perf_counter() - t < 2
    assert action in state.legal_actions()
    assert "no answer within 0.2 s" in bot.reports[0]
    # still busy: the next decision is not sent to the bot
    bot.choose(state.view(s), state.legal_actions())
    assert "still busy" in bot.reports[1]


def test_broken_bot_files_are_reported(tmp_path):
    bot = _bot(tmp_path, "x = 1\n")
    assert "defines no choose" in bot.reports[0]
    assert _game_with(bot).outcome() is not None
    missing = ExternalBot(str(tmp_path / "nope.py"), stream=io.StringIO())
    assert "cannot load" in missing.reports[0]


def test_bot_cannot_change_the_view(tmp_path):
    bot = _bot(tmp_path, "def choose(view, legal):\n    view['hand'].clear()\n"
                         "    legal.reverse()\n    return legal[-1]\n")
    state = new_game("gurka-se", 4, seed=1)
    s = state.to_act()
    view, legal = state.view(s), state.legal_actions()
    before = list(view["hand"])
    assert bot.choose(view, legal) == legal[0]
    assert view["hand"] == before


def test_simulate_accepts_ext_seats(tmp_path):
    from game.cli import main
    out = tmp_path / "g.jsonl"
    rc = main(["simulate", "--rules", "gurka-se", "--players", "4", "--games", "1",
               "--seed", "3", "--seats", f"ext:{EXAMPLE},ai:easy,ai:normal,ai:hard:8",
               "--out", str(out)])
    assert rc == 0 and out.read_text().count("\n") == 1


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
