"""kill -9 of a real game (issue 13): the save stays valid, no child process (the AI
worker, the multiprocessing resource tracker) survives, and the next start removes the
temp files a killed write left."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
from bench_hostile import alive, descendants  # noqa: E402 - the bench's /proc helpers, shared
DRIVER = Path(__file__).parent / "table_driver.py"

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="needs Linux /proc to follow child processes")


@pytest.mark.parametrize("seed,moves", [(1, 6), (2, 14)])
def test_kill_9_leaves_a_valid_save_and_no_process(tmp_path, monkeypatch, seed, moves):
    env = dict(os.environ, GURKA_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, str(DRIVER), "gurka-se", str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    kids: set = set()
    try:
        deadline = time.monotonic() + 60
        for line in game.stdout:
            kids |= descendants(game.pid)
            if line.startswith(b"move") and int(line.split()[1]) >= moves:
                break
            assert time.monotonic() < deadline, "the game did not get going"
        kids |= descendants(game.pid)
        assert kids, "the AI worker process should be running"
        game.send_signal(signal.SIGKILL)
        game.wait(10)
        deadline = time.monotonic() + 5
        while any(alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.05)
        survivors = [k for k in kids if alive(k)]
    finally:
        for k in kids:
            if alive(k):
                os.kill(k, signal.SIGKILL)
        if game.poll() is None:
            game.kill()
    assert survivors == []

    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    from game.storage import saves
    from game.storage import settings as store
    (tmp_path / "savegame.json.999999999.tmp").write_text('{"half')   # a write cut short
    saved, notice = saves.load()
    assert saved is not None and notice is None
    assert len(saved.record["events"]) >= moves - 1
    monkeypatch.setattr(store, "_cleaned", False)
    store.load()                                   # what the next start does first
    assert list(tmp_path.glob("*.tmp")) == []
