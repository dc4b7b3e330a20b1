"""A full disk, a read-only data folder, a folder the game may not write in (issue 68), each
holding a sound statistics file of three earlier games and the single ``savegame.json`` of
older versions: the statistics screen (and ``python -m game stats``) lists the three games,
and the menu's Continue offers the old save from where it is and says progress cannot be
saved until the folder is writable (or the disk has room).

The statistics file comes in two states: its games checkpointed into it, and its games
still in its ``-wal`` without the ``-shm`` index SQLite keeps beside it (a writer killed,
then the folder copied or restored without SQLite's transient index): SQLite cannot make
that index in such a folder, and read the file as of its last checkpoint: no games, and no
word of why.

The conditions are real, as in ``tests/test_stats_disk.py``: a small tmpfs and a read-only
bind mount in a private mount namespace (``unshare -rm``), and a folder of mode 0555 for an
ordinary user (as root: one mapped to uid 1000 in a user namespace).  Where an ordinary user
runs the tests, the last needs no namespace at all.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from test_stats_disk import ROOT, TESTS, namespaces, needs_namespaces

#: three games written by a copy of the game; the state of the file as the test asks
PREP = textwrap.dedent("""
    import os, shutil, sqlite3, sys
    sys.path[:0] = [sys.argv[3], sys.argv[4]]
    home, state = sys.argv[1], sys.argv[2]
    from stats_helpers import known
    from game.stats import db as D, facts, store
    shutil.copy(os.path.join(sys.argv[3], "fixtures", "saves", "gurka-se-v0.1.json"),
                os.path.join(home, "savegame.json"))
    path = os.path.join(home, "stats.sqlite")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    D.migrate(conn)
    for record, m in known()[:3]:
        store.write_game(conn, facts.game_facts(record, m))
    if state == "checkpointed":
        conn.close()                   # the last to close the file checkpoints it
    else:                              # killed with its games in the -wal; the folder copied
        os.remove(path + "-shm")       # without SQLite's transient index
        os._exit(0)
""")

#: what the player sees in that folder: the statistics (the screen and the command line),
#: then the menu, and Continue
CHECK = textwrap.dedent("""
    import json, os, subprocess, sys
    sys.path[:0] = [sys.argv[2], sys.argv[3]]
    home = os.environ["GURKA_HOME"] = sys.argv[1]
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    out = {}
    from game.stats import load
    st = load()
    out["games"], out["notice"] = st.games, st.notice and str(st.notice)
    cli = subprocess.run([sys.executable, "-m", "game", "stats", "--json"], capture_output=True, text=True,
                         cwd=sys.argv[3])
    out["cli_games"] = json.loads(cli.stdout)["games"] if cli.stdout else cli.stderr[-300:]
    import pygame
    pygame.init()
    from game.ui.app import App
    app = App(size=(1024, 640), lang="en")
    app.settings.tutorial_offered = True
    app.settings.speed = "instant"
    from game.ui.stats_scene import StatsScene
    sc = app.manager.push(StatsScene(app))
    sc.wait()
    app.step([], 16)
    out["screen_games"], out["screen_line"] = sc.stats.games, sc.status
    app.manager.clear()
    menu = app.nav.push("menu")
    app.step([], 16)
    cont = menu.widgets.by_name("continue")
    out["continue"] = cont.sub if cont is not None else None
    unsaved = getattr(menu, "unsaved", None)
    if unsaved:
        from game.ui.menu import unsaved_line
        out["menu_line"] = unsaved_line(unsaved)
    if cont is not None:
        cont.activate()
        for _ in range(20):
            app.step([], 16)
        table = app.manager.top
        out["top"] = type(table).__name__
        if out["top"] == "TableScene":
            out["events"] = len(table.host.state.events)
            table.leave()
    out["files"] = sorted(os.listdir(home))
    print(json.dumps(out))
""")


def saved_events() -> int:
    data = json.loads((TESTS / "fixtures" / "saves" / "gurka-se-v0.1.json").read_text(encoding="utf-8"))
    return len(data["record"]["events"])


def run(cmd, **kw) -> dict:
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=240, **kw)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def in_namespace(tmp_path, fault: str, state: str) -> dict:
    """The check in a folder on a full small tmpfs, or on a read-only bind mount."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    prep = f"{sys.executable} -c \"$PREP\" {{home}} {state} {TESTS} {ROOT}"
    check = f"{sys.executable} -c \"$CHECK\" {mnt} {TESTS} {ROOT}"
    if fault == "full":
        inner = (f"mount -t tmpfs -o size=1m gurka-test {mnt} && {prep.format(home=mnt)} && "
                 f"(dd if=/dev/zero of={mnt}/filler bs=4k 2>/dev/null; "
                 f"dd if=/dev/zero of={mnt}/filler2 bs=1 2>/dev/null; true) && {check}")
    else:
        src = tmp_path / "src"
        src.mkdir()
        inner = (f"{prep.format(home=src)} && mount --bind {src} {mnt} && "
                 f"mount -o remount,ro,bind {mnt} && {check}")
    return run(["unshare", "-rm", "sh", "-c", inner], env=dict(os.environ, PREP=PREP, CHECK=CHECK))


def expect(r: dict, line: str, moved: bool) -> None:
    assert (r["games"], r["cli_games"], r["screen_games"]) == (3, 3, 3), r        # the three games
    assert r["notice"] is None and r["screen_line"] == "", r
    assert r["continue"] is not None and r["continue"].startswith("Gurka\xa0(Swedish)"), r
    assert r["menu_line"] == line, r
    assert r["top"] == "TableScene" and r["events"] >= saved_events(), r         # the old save, resumed
    assert not [f for f in r["files"] if ".corrupt-" in f], r["files"]
    assert ("savegame.json" in r["files"]) != moved, r["files"]


@needs_namespaces
@pytest.mark.parametrize("state", ["checkpointed", "in-the-log"])
def test_a_full_disk(tmp_path, state):
    expect(in_namespace(tmp_path, "full", state), "Progress cannot be saved until there is room on the disk.",
           moved=True)      # a rename needs no room: the old save moves into its slot


@needs_namespaces
@pytest.mark.parametrize("state", ["checkpointed", "in-the-log"])
def test_a_read_only_bind_mount(tmp_path, state):
    expect(in_namespace(tmp_path, "read-only", state),
           "Progress cannot be saved until the game's folder is writable.", moved=False)


@pytest.mark.parametrize("state", ["checkpointed", "in-the-log"])
def test_a_folder_the_game_may_not_write_in(state):
    folder = Path(tempfile.mkdtemp(prefix="gurka-folder-"))
    try:
        subprocess.run([sys.executable, "-c", PREP, str(folder), state, str(TESTS), str(ROOT)], check=True,
                       capture_output=True, timeout=120)
        for f in folder.iterdir():
            os.chmod(f, 0o444)
        os.chmod(folder, 0o555)
        cmd = [sys.executable, "-c", CHECK, str(folder), str(TESTS), str(ROOT)]
        if os.geteuid() == 0:       # root writes anywhere: be an ordinary user in a namespace
            if not namespaces():
                pytest.skip("running as root, and no user namespace to be an ordinary user in")
            cmd = ["unshare", "--map-user=1000", "--map-group=1000", *cmd]
        expect(run(cmd, cwd="/"), "Progress cannot be saved until the game's folder is writable.", moved=False)
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder)
