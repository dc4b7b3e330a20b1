"""Bots in their own process: every misbehaviour is one reported line, Normal decides
that move, the game always finishes, and the bot never sees the game itself."""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ai.ext import ExternalBot
from game.engine.actions import match_action
from game.ai.seats import make_player
from game.engine import new_game, replay
from game.engine.session import play_game

ROOT = Path(__file__).resolve().parent.parent
posix = pytest.mark.skipif(os.name != "posix", reason="process groups and signals are POSIX")

#: a bot that answers every request with the result of ``body`` (``req`` is the request)
LOOP = """import json, sys
for line in sys.stdin:
    req = json.loads(line)
{body}
"""


def _bot(tmp_path, source, budget=1.0, name="bot.py", start_grace=1.0, **kw):
    path = tmp_path / name
    path.write_text(source)
    return ExternalBot(str(path), seed=1, budget=budget, stream=io.StringIO(), start_grace=start_grace, **kw)


def _answers(body):
    return LOOP.format(body="\n".join("    " + x for x in body.splitlines()))


def _game_with(bot, rules="gurka-se", n=4, seed=2):
    agents = [bot] + [make_player("ai:normal", s) for s in range(1, n)]
    try:
        return play_game(rules, [{"name": f"P{i}", "seat": "human"} for i in range(n)], agents,
                         seed=seed)
    finally:
        bot.close()


def _one_decision(bot, seed=1):
    state = new_game("gurka-se", 4, seed=seed)
    legal = state.legal_actions()
    try:
        return bot.choose(state.view(state.to_act()), legal), legal
    finally:
        bot.close()


# -- misbehaviours: one line each, Normal plays that move ------------------------------------
@pytest.mark.parametrize("source,expect", [
    (_answers("raise RuntimeError('boom')"), "ended (exit code 1) without answering (its last "
                                             "words: RuntimeError: boom)"),
    ("import os\nos._exit(3)\n", "ended (exit code 3)"),
    ("import sys\nsys.exit(4)\n", "ended (exit code 4)"),
    ("raise KeyboardInterrupt\n", "its last words: KeyboardInterrupt"),
    (_answers("print('thinking...', flush=True)"), "answered 'thinking...', which is not a JSON reply"),
    (_answers("print(json.dumps({'move': 1}), flush=True)"), "which has no \"action\""),
    (_answers("print(json.dumps({'action': {'type': 'play', 'cards': ['ZZ']}}), flush=True)"),
     "which is not a legal action"),
    (_answers("print(json.dumps({'action': {'type': 'play', 'cards': req['legal'][0]['cards'][0]}}),"
              " flush=True)"), "which is not a legal action"),
    (_answers("sys.stdout.write('x' * (1 << 20)); sys.stdout.flush()"), "longer than 64 KB"),
    (_answers("x = bytearray(3 << 30)"), "MemoryError"),
    ("import sys\nsys.stderr.write('\\x1b]0;TITLE\\x07\\x1b[31mall good\\x9b0m\\n')\nsys.exit(1)\n",
     "its last words: ?]0;TITLE??[31mall good?0m"),
], ids=["crash", "os_exit", "sys_exit", "keyboard_interrupt", "garbage", "no_action", "illegal",
        "wrong_type", "flood", "memory", "escape_sequences"])
def test_misbehaving_bot_is_one_line_and_normal_plays(tmp_path, source, expect):
    # each of these ends or answers at once: a long start grace costs nothing, and on a loaded
    # machine a slow interpreter start is not taken for a bot that does not answer
    bot = _bot(tmp_path, source, start_grace=15.0)
    action, legal = _one_decision(bot)
    assert action in legal
    assert len(bot.reports) == 1, bot.reports
    assert expect in bot.reports[0] and bot.reports[0].endswith("normal AI plays")
    assert "\n" not in bot.reports[0] and "Traceback" not in bot.reports[0]


def test_a_bot_that_ends_before_its_request_goes_out_is_reported_as_ended(tmp_path, monkeypatch):
    """A bot that ends at once can be gone before the game sends its first request (a busy
    machine: the game's thread is not scheduled in time); its end is still its answer, not
    taken for lines written before the request, and not reported as silence."""
    from game.ai import bot_process

    real = bot_process.BotProcess.start

    def start_and_let_it_end(self):     # the bot ends before ask() goes on
        real(self)
        deadline = time.monotonic() + 10
        with self._cond:
            while not any(x is bot_process._EOF for x in self._lines):
                assert time.monotonic() < deadline
                self._cond.wait(0.1)
    monkeypatch.setattr(bot_process.BotProcess, "start", start_and_let_it_end)
    bot = _bot(tmp_path, "import os\nos._exit(3)\n", budget=0.3, start_grace=0.2)
    action, legal = _one_decision(bot)
    assert action in legal
    assert len(bot.reports) == 1, bot.reports
    assert "ended (exit code 3)" in bot.reports[0], bot.reports


def test_hanging_bot_times_out_and_is_stopped_for_good(tmp_path):
    bot = _bot(tmp_path, "import time\ntime.sleep(60)\n", budget=0.2, max_failures=2)
    bot._bot.start_grace = 0.1
    state = new_game("gurka-se", 4, seed=1)
    start = time.monotonic()
    for _ in range(4):
        assert bot.choose(state.view(state.to_act()), state.legal_actions()) in state.legal_actions()
    assert time.monotonic() - start < 3
    assert "no answer within 0.3 s" in bot.reports[0]
    assert "stopped after 2 failures" in bot.reports[-1] and len(bot.reports) == 3
    assert not bot._bot.alive()


def test_a_bot_that_never_reads_cannot_block_the_game(tmp_path):
    bot = _bot(tmp_path, "import time\nwhile True:\n    time.sleep(1)\n", budget=0.2)
    bot._bot.start_grace = 0.1
    state = new_game("durak", 6, seed=3)
    view = state.view(state.to_act())
    view["padding"] = ["x" * 1000] * 300        # far more than a pipe holds
    start = time.monotonic()
    try:
        assert bot.choose(view, state.legal_actions()) in state.legal_actions()
    finally:
        bot.close()
    assert time.monotonic() - start < 2 and "no answer" in bot.reports[0]


def test_a_flood_of_short_lines_stays_bounded_and_the_game_finishes(tmp_path):
    bot = _bot(tmp_path, "while True:\n    print('spam')\n")
    start = time.monotonic()
    state = _game_with(bot)
    assert state.outcome() is not None and time.monotonic() - start < 20
    assert "stopped after 5 failures" in bot.reports[-1]
    assert len(bot._bot._lines) <= 17           # 16 unread lines and the end


def test_crashing_bot_is_started_again_for_its_next_decision(tmp_path):
    log = tmp_path / "log"
    src = (f"import json, sys\nlog = open({str(log)!r}, 'a')\nlog.write('S')\nlog.flush()\n"
           "req = json.loads(sys.stdin.readline())\n"
           "print(json.dumps({'action': req['legal'][0]}), flush=True)\nlog.write('A')\nlog.flush()\n"
           "sys.stdin.readline()\nraise SystemExit(1)\n")   # answers one decision, dies on the next
    bot = _bot(tmp_path, src)
    state = _game_with(bot)
    assert state.outcome() is not None
    assert log.read_text().startswith("SASASA")      # started again after each crash, and answered
    crashes = [r for r in bot.reports if "ended (exit code 1)" in r]
    # on a loaded machine a restart may miss its answer's time once: a failure all the same
    late = [r for r in bot.reports if "no answer" in r]
    assert len(crashes) >= 3 and len(crashes) + len(late) == 5
    assert "stopped after 5 failures" in bot.reports[-1]


def test_missing_or_unrunnable_bot_is_reported_once(tmp_path):
    missing = ExternalBot(str(tmp_path / "nope.py"), stream=io.StringIO())
    assert "no such file" in missing.reports[0] and missing.gave_up
    assert _game_with(missing).outcome() is not None and len(missing.reports) == 1
    if os.name == "posix":
        plain = tmp_path / "notes.txt"
        plain.write_text("hello")
        bot = ExternalBot(str(plain), stream=io.StringIO())
        assert "neither a .py file nor an executable program" in bot.reports[0]


@posix
def test_any_executable_can_be_a_bot(tmp_path):
    exe = tmp_path / "bot.sh"
    exe.write_text("#!/bin/sh\nwhile read line; do echo '{\"action\": {\"type\": \"pass\"}}'; done\n")
    exe.chmod(0o755)
    bot = ExternalBot(str(exe), stream=io.StringIO(), start_grace=1.0)
    state = new_game("durak", 2, seed=4)
    while "pass" not in {a["type"] for a in state.legal_actions()}:
        state.apply(state.legal_actions()[0])
    try:
        assert bot.choose(state.view(state.to_act()), state.legal_actions()) == {"type": "pass"}
    finally:
        bot.close()
    assert bot.reports == []


def test_the_bot_sees_its_view_only_and_cannot_touch_the_game(tmp_path):
    """The gc cheat and the totals=999 tamper of issue 13: impossible in another process."""
    spy = tmp_path / "spy.json"
    src = _answers(f"""import gc
found = [type(o).__name__ for o in gc.get_objects() if type(o).__name__.endswith('State')]
hands = [e['hands'] for e in req['view']['events'] if e['type'] == 'deal']
for e in req['view']['events']:
    if e['type'] == 'score':
        e['totals'] = [999] * len(e['totals'])
open({str(spy)!r}, 'w').write(json.dumps({{'found': found, 'hands': hands}}))
print(json.dumps({{'action': req['legal'][0]}}), flush=True)""")
    bot = _bot(tmp_path, src)
    state = _game_with(bot)
    seen = json.loads(spy.read_text())
    assert seen["found"] == []
    assert all(isinstance(h, int) for h in seen["hands"][-1][1:])     # other hands: counts only
    assert bot.reports == [] and state.outcome() is not None
    record = state.record()
    assert all(t != 999 for e in record["events"] if e["type"] == "score" for t in e["totals"])
    assert replay(json.loads(json.dumps(record))).events == state.events


def test_actions_are_matched_as_plain_data():
    legal = [{"type": "play", "cards": ["7H", "7S"]}, {"type": "pass"}]
    assert match_action({"type": "play", "cards": ["7S", "7H"], "player": 3}, legal) is legal[0]
    assert match_action({"type": "play", "cards": ["7H"]}, legal) is None
    assert match_action({"type": "play", "cards": "7H7S"}, legal) is None
    assert match_action({"type": "pass", "extra": 1}, legal) is None
    assert match_action(["pass"], legal) is None
    assert match_action({"type": True}, [{"type": 1}]) is None


@posix
def test_close_ends_the_bot_and_what_it_started(tmp_path):
    pids = tmp_path / "pids"
    src = (f"import os, subprocess, sys, time\n"
           f"child = subprocess.Popen(['sleep', '60'])\n"
           f"open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\n" +
           _answers("print(json.dumps({'action': req['legal'][0]}), flush=True)"))
    bot = _bot(tmp_path, src)
    _one_decision(bot)
    me, child = (int(x) for x in pids.read_text().split())
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and (_running(me) or _running(child)):
        time.sleep(0.05)
    assert not _running(me) and not _running(child)


@posix
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux")
def test_bot_dies_with_a_killed_simulate(tmp_path):
    pidfile = tmp_path / "pid"
    bot = tmp_path / "bot.py"
    # written whole, then renamed: the test never reads a half-written file
    bot.write_text(f"import os, time\nopen({str(pidfile) + '.tmp'!r}, 'w').write(str(os.getpid()))\n"
                   f"os.replace({str(pidfile) + '.tmp'!r}, {str(pidfile)!r})\n"
                   "time.sleep(60)\n")
    sim = subprocess.Popen([sys.executable, "-m", "game", "simulate", "--rules", "gurka-se",
                            "--players", "4", "--seats", f"ext:{bot},ai:random,ai:random,ai:random",
                            "--bot-time", "30", "--out", str(tmp_path / "g.jsonl")], cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not pidfile.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    pid = int(pidfile.read_text())
    sim.send_signal(signal.SIGKILL)
    sim.wait()
    deadline = time.monotonic() + 3
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(pid)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return state not in ("Z", "X")


# -- simulate with bad bots: finishes, reports, writes records its replay accepts -----------------
def test_simulate_with_bad_bots_finishes_and_replays(tmp_path):
    crash = tmp_path / "crash.py"
    crash.write_text(_answers("raise RuntimeError('boom')"))
    garbage = tmp_path / "garbage.py"
    garbage.write_text(_answers("print('hello', flush=True)"))
    out = tmp_path / "g.jsonl"
    r = subprocess.run([sys.executable, "-m", "game", "simulate", "--rules", "gurka-is",
                        "--players", "3", "--games", "2", "--seed", "1",
                        "--seats", f"ext:{crash},ext:{garbage},ai:normal", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert any("RuntimeError: boom" in x for x in lines)
    assert any("stopped after 5 failures" in x for x in lines)
    assert len(lines) <= 24                    # one line per problem, bounded
    r = subprocess.run([sys.executable, "-m", "game", "replay", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.count("OK") == 2, r.stderr
    assert not list(tmp_path.glob("*.tmp"))


#: the bot double-forks a child in its own session that keeps the bot's pipes open and sleeps
ESCAPED = """import json, os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        open({pidfile!r} + '.tmp', 'w').write(str(os.getpid()))
        os.replace({pidfile!r} + '.tmp', {pidfile!r})
        time.sleep(20)
        os._exit(0)
    os._exit(0)
"""


@posix
@pytest.mark.parametrize("rest,budget", [
    (_answers("print(json.dumps({'action': req['legal'][0]}), flush=True)"), 1.0),
    ("import time\ntime.sleep(60)\n", 0.2),    # never reads: the request fills the stdin pipe
], ids=["answers", "never_reads"])
def test_close_does_not_wait_for_an_escaped_child_holding_the_pipes(tmp_path, rest, budget):
    pidfile = tmp_path / "escaped.pid"
    bot = _bot(tmp_path, ESCAPED.format(pidfile=str(pidfile)) + rest, budget=budget)
    state = new_game("durak", 6, seed=3)
    view = state.view(state.to_act())
    view["padding"] = ["x" * 1000] * 300        # far more than a pipe holds
    proc = None
    start = time.monotonic()
    try:
        bot._bot.start()
        proc = bot._bot.proc
        assert bot.choose(view, state.legal_actions()) in state.legal_actions()
        bot.close()
        assert time.monotonic() - start < 8
    finally:
        deadline = time.monotonic() + 5
        while not pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if pidfile.exists():
            os.kill(int(pidfile.read_text()), signal.SIGKILL)
    # the escaped child is gone: the bot's pipes are closed too, nothing is left behind
    deadline = time.monotonic() + 3
    streams = (proc.stdin, proc.stdout, proc.stderr)
    while time.monotonic() < deadline and not all(s.closed for s in streams):
        time.sleep(0.05)
    assert all(s.closed for s in streams)


def test_a_frozen_apps_library_paths_do_not_reach_a_bot():
    from game.ai.bot_process import bot_environment
    bundle = {"LD_LIBRARY_PATH": "/tmp/_MEI123", "LD_LIBRARY_PATH_ORIG": "/opt/mine",
              "DYLD_LIBRARY_PATH": "/tmp/_MEI123", "HOME": "/home/p"}
    env = bot_environment(bundle, frozen=True)
    assert env["LD_LIBRARY_PATH"] == "/opt/mine"          # the player's own, as before the app
    assert "DYLD_LIBRARY_PATH" not in env and "LD_LIBRARY_PATH_ORIG" not in env
    assert env["HOME"] == "/home/p" and env["PYTHONUNBUFFERED"] == "1"
    # from source nothing is changed: the paths are the player's own
    assert bot_environment(bundle, frozen=False)["LD_LIBRARY_PATH"] == "/tmp/_MEI123"


# -- which Python runs a .py bot (Windows: the py launcher first; a clear line when none) --------

def test_a_py_bot_runs_with_this_python_from_source():
    from game.ai.bot_process import python_for_bots
    assert python_for_bots(frozen=False) == [sys.executable]


def test_a_frozen_windows_app_prefers_the_py_launcher_then_python():
    from game.ai.bot_process import python_for_bots
    found = {"py": r"C:\Windows\py.exe", "python": r"C:\Python313\python.exe"}
    assert python_for_bots(found.get, windows=True, frozen=True) == [r"C:\Windows\py.exe", "-3"]
    del found["py"]
    assert python_for_bots(found.get, windows=True, frozen=True) == [r"C:\Python313\python.exe"]
    assert python_for_bots({"python3": "/usr/bin/python3", "python": "/x"}.get, windows=False,
                           frozen=True) == ["/usr/bin/python3"]


def test_a_frozen_app_without_python_says_so_in_one_line(tmp_path, monkeypatch):
    from game.ai import bot_process
    bot = tmp_path / "bot.py"
    bot.write_text("print('hi')\n")
    monkeypatch.setattr(bot_process, "python_for_bots", lambda: None)
    with pytest.raises(bot_process.BotError) as err:
        bot_process.command_for(str(bot))
    assert str(err.value) == bot_process.NO_PYTHON and "\n" not in str(err.value)
    assert "python.org" in str(err.value)


def test_on_windows_a_bot_opens_no_console_window(monkeypatch):
    from game.ai import bot_process
    monkeypatch.setattr(bot_process.subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200, raising=False)
    monkeypatch.setattr(bot_process.subprocess, "CREATE_NO_WINDOW", 0x08000000, raising=False)
    assert bot_process.windows_flags() == 0x08000200
