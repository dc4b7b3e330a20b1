"""Hostile files and kill -9: how long and how much memory before a refusal (POSIX only).

    python build_scripts/bench_hostile.py files [--quick]   hostile records, saves, settings, statistics
    python build_scripts/bench_hostile.py kill [N]          kill -9 a real game N times (20)

``files`` runs every case in a fresh process (``python -m game replay FILE``, the
save / settings loader, ``python -m game stats --json`` or a game stored into the
statistics) and prints wall time, CPU time, peak memory (max RSS) and the first line
the player sees; then the slowest statistics case and ``stats --json`` on a million
games (``--quick``: 100,000).  Each case is capped at 120 s and 8 GB.  ``kill`` starts the game
(``tests/table_driver.py``: a table of AI seats saving after every move), kills it with
SIGKILL mid-game, and counts the child processes still alive 3 s later, whether the save
is still valid, and the temp files left before and after the next start.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CAP_SECONDS = 120
CAP_BYTES = 8 << 30


def _limit() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (CAP_BYTES, CAP_BYTES))


def measure(cmd: list[str], env: dict | None = None) -> tuple[float, float, str, float]:
    """(seconds, peak MB, first output line, CPU seconds) of one command in a fresh process."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            preexec_fn=_limit, start_new_session=True)
    out: list[bytes] = []
    reader = threading.Thread(target=lambda: out.append(proc.stdout.read(1 << 20)), daemon=True)
    reader.start()
    timer = threading.Timer(CAP_SECONDS, lambda: os.killpg(proc.pid, signal.SIGKILL))
    timer.start()
    _pid, status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    reader.join(5)
    text = (out[0] if out else b"").decode("utf-8", "replace").strip()
    lines = [x for x in text.splitlines() if x.strip()]
    first = lines[0] if lines else ""
    if any("Traceback" in x for x in lines):
        first = "TRACEBACK: " + (lines[-1] if lines else "")
    if proc.returncode < 0:
        first = f"killed by signal {-proc.returncode} " + first
    elif seconds >= CAP_SECONDS - 1:
        first = f"stopped at the {CAP_SECONDS} s cap " + first
    return seconds, usage.ru_maxrss / 1024, first[:110], usage.ru_utime + usage.ru_stime


def _record() -> dict:
    from game.ai.seats import make_player
    from game.engine.session import play_game
    players = [{"name": f"P{i}", "seat": "ai:random"} for i in range(4)]
    agents = [make_player("ai:random", i) for i in range(4)]
    return play_game("gurka-se", players, agents, seed=3).record()


def _write_events_record(path: Path, n: int) -> None:
    rec = _record()
    rec["events"] = []
    head = json.dumps(rec)[:-2]     # ... "events": [
    ev = '{"type": "play", "player": 0, "cards": ["2C"]}'
    chunk = ", ".join([ev] * 10000)
    with open(path, "w") as fh:
        fh.write(head)
        for i in range(n // 10000):
            fh.write((", " if i else "") + chunk)
        fh.write("]}\n")


def _write_lines(path: Path, line: bytes, total: int) -> None:
    block = line * ((1 << 20) // len(line))
    with open(path, "wb") as fh:
        written = 0
        while written < total:
            fh.write(block)
            written += len(block)


def _cases(tmp: Path, quick: bool) -> list[tuple[str, list[str], dict]]:
    """Write the hostile files; their text is freed on return (a child process would
    otherwise start with this one's memory high-water mark)."""
    py = sys.executable
    replay = [py, "-m", "game", "replay"]
    load_save = [py, "-c", "from game import saves; s, n = saves.load(); print('loaded' if s else n)"]
    load_settings = [py, "-c", "from game import settings; s, n = settings.load_settings(); "
                               "print(n if n else 'loaded')"]
    deep = "[" * 100_000 + "]" * 100_000
    rec = _record()
    named = dict(rec, players=[dict(rec["players"][0], name="x" * 20_000_000)] + rec["players"][1:])
    cases: list[tuple[str, list[str], dict]] = []

    def file(name: str, text: str | bytes) -> Path:
        p = tmp / name
        (p.write_bytes if isinstance(text, bytes) else p.write_text)(text)
        return p

    def home(name: str, files: dict) -> dict:
        h = tmp / name
        h.mkdir()
        for fname, text in files.items():
            (h / fname).write_text(text)
        return dict(os.environ, GURKA_HOME=str(h))

    cases.append(("deep nesting 100,000 levels, replay", replay + [str(file("deep.json", deep))], {}))
    cases.append(("deep nesting, Continue (saves.load)", load_save,
                  home("h-deep-save", {"savegame.json": deep})))
    cases.append(("deep nesting, settings", load_settings,
                  home("h-deep-settings", {"settings.json": deep})))
    cases.append(("20 MB name, replay", replay + [str(file("name.json", json.dumps(named)))], {}))
    cases.append(("20 MB name, Continue (saves.load)", load_save,
                  home("h-name", {"savegame.json": json.dumps(
                      {"format": "gurka-save/1", "record": named, "session": {}})})))
    big = tmp / "braces.jsonl"
    _write_lines(big, b"{}\n", (20 if quick else 200) << 20)
    cases.append((f"{'20' if quick else '200'} MB of {{}} lines, replay", replay + [str(big)], {}))
    cases.append(("/dev/zero, replay", replay + ["/dev/zero"], {}))
    events = tmp / "events.json"
    _write_events_record(events, 1_000_000 if quick else 10_000_000)
    cases.append((f"{'1' if quick else '10'}-million-event record, replay", replay + [str(events)], {}))
    limit = (8 << 20) - 16
    lists = "[" + ",".join(["[]"] * (limit // 3)) + "]"
    cases.append(("8 MB line of [] (2.8 million lists)", replay + [str(file("lists.json", lists))], {}))
    few = "[" + ",".join(["[]"] * 999_000) + "]"
    cases.append(("1 million lists (the most accepted)", replay + [str(file("few.json", few))], {}))
    comb = "[" + ",".join(["[" * 31 + "]" * 31] * (999_000 // 31)) + "]"
    cases.append(("1 million lists 32 deep (depth check)", replay + [str(file("comb.json", comb))], {}))
    text = json.dumps(dict(rec, seed=0)).replace('"seed": 0', '"seed": ' + "7" * 5000)
    cases.append(("5,000-digit integer, replay", replay + [str(file("digits.json", text))], {}))
    text = json.dumps(rec).replace('"game": 1', '"game": ' + "4" * 4000)
    cases.append(("4,000-digit game number, replay", replay + [str(file("game.json", text))], {}))
    return cases


# -- the statistics file ------------------------------------------------------------------------

STORE = ("import sys; sys.path.insert(0, 'tests'); from stats_helpers import gurka, meta, seats; "
         "from game.stats import record_game; "
         "print(record_game(gurka(seats('human', 'ai:easy', 'ai:easy'), [[3, 0, 1]], [1]), meta()) or 'stored')")
LOCKER = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
          "c.execute('PRAGMA locking_mode = EXCLUSIVE'); c.execute('BEGIN EXCLUSIVE'); "
          "c.execute('UPDATE games SET hints = hints'); print('locked', flush=True); sys.stdin.read()")


def many_games(path: Path, n: int, rows_per_game: bool = True) -> None:
    """A version-3 statistics file of ``n`` games of every ruleset and level (three seats and
    two deals each), written as the game writes them, in one transaction."""
    import random
    import sqlite3
    sys.path.insert(0, str(ROOT))
    from game.stats import db
    opened = db.open_db(path)
    opened.conn.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    rnd = random.Random(1)
    rules = ["gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7", "durak"]
    levels = ["random", "easy", "normal", "hard", "mixed"]

    def games():
        for i in range(1, n + 1):
            r = rnd.choice(rules)
            scoring = "loser" if r == "durak" else rnd.choice(["points", "points", "lives"])
            result = rnd.choice(["won", "lost", "draw"] if r == "durak" else ["won", "lost", "lost", "shared"])
            yield (i, r, "{}", 3, 0, rnd.choice(levels), scoring, result, 1, 3, 3, rnd.randint(0, 40),
                   int(r == "durak" and result == "lost"), "2026-01-01T00:00:00", 60.0, rnd.randint(0, 3))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (id, rules, options, players, human_seat, opponents, scoring, result, "
                     "place, deals, deals_played, penalty, was_durak, finished, duration_s, hints) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", games())
    if rows_per_game:
        conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                         ((g, s, "human" if s == 0 else "ai", None if s == 0 else "normal", f"P{s}")
                          for g in range(1, n + 1) for s in range(3)))
        conn.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?)",
                         ((g, d, s, 3, 3 * d, 1) for g in range(1, n + 1) for d in (1, 2) for s in range(3)))
    conn.execute("COMMIT")
    conn.close()


def _crafted(path: Path, extra: str, rows: int) -> None:
    """Our schema and ``rows`` games, then ``extra`` written into the games table's text."""
    import sqlite3
    many_games(path, rows, rows_per_game=False)
    conn = sqlite3.connect(path, isolation_level=None)
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'games'", (sql.rstrip()[:-1] + f", {extra})",))
    conn.close()


def _stats_cases(tmp: Path, quick: bool) -> list[tuple[str, list[str], dict, Path | None]]:
    """(name, command, environment, a file to hold locked meanwhile) of each statistics case."""
    import sqlite3
    py = sys.executable
    stats = [py, "-m", "game", "stats", "--json"]
    store = [py, "-c", STORE]
    cases = []

    def home(name: str) -> tuple[Path, dict]:
        h = tmp / name
        h.mkdir()
        return h / "stats.sqlite", dict(os.environ, GURKA_HOME=str(h))

    path, env = home("s-pipe")
    os.mkfifo(path)
    cases.append(("stats: a pipe in its place", stats, env, None))
    path, env = home("s-pipe-store")
    os.mkfifo(path)
    cases.append(("stats: a pipe in its place, a game stored", store, env, None))
    path, env = home("s-link")
    many_games(tmp / "elsewhere.sqlite", 100)
    os.link(tmp / "elsewhere.sqlite", path)
    cases.append(("stats: a hard link to a file elsewhere", store, env, None))
    heavy = "length(hex(zeroblob(50000000)))"
    path, env = home("s-generated")
    _crafted(path, f"slow INTEGER GENERATED ALWAYS AS ({heavy}) VIRTUAL", 1000)
    cases.append(("stats: a generated column, seconds a row", store, env, None))
    path, env = home("s-check")
    _crafted(path, f"CHECK ({heavy} > 0)", 1000)
    cases.append(("stats: a CHECK, seconds a row", stats, env, None))
    path, env = home("s-tables")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for i in range(20000):
        conn.execute(f"CREATE TABLE t{i} (a, b, c GENERATED ALWAYS AS (a + b), CHECK (a > 0))")
    conn.execute("COMMIT")
    conn.close()
    cases.append(("stats: a schema of 20,000 tables", stats, env, None))
    path, env = home("s-utf8")
    many_games(path, 10000, rows_per_game=False)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE games SET rules = CAST(X'1b5b33316dff' AS TEXT) WHERE id % 10 = 0")
    conn.close()
    cases.append(("stats: 1,000 rows of escapes and bad UTF-8", stats, env, None))
    path, env = home("s-locked")
    many_games(path, 1000)
    cases.append(("stats: held locked by another process", stats, env, path))
    n = 100_000 if quick else 1_000_000
    path, env = home("s-million")
    many_games(path, n)
    label = "100,000" if quick else "a million"
    cases.append((f"stats: {label} games, a game stored", store, env, None))
    cases.append((f"stats: {label} games, stats --json", stats, env, None))
    return cases


def _measure_locked(cmd: list[str], env: dict, locked: Path | None) -> tuple[float, float, str, float]:
    if locked is None:
        return measure(cmd, env)
    holder = subprocess.Popen([sys.executable, "-c", LOCKER, str(locked)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        holder.stdout.readline()
        return measure(cmd, env)
    finally:
        holder.stdin.close()
        holder.wait(30)


def bench_files(quick: bool) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="gurka-hostile-"))
    cases = [(name, cmd, env, None) for name, cmd, env in _cases(tmp, quick)] + _stats_cases(tmp, quick)
    import gc
    gc.collect()
    print(f"{'case':44} {'seconds':>8} {'CPU s':>6} {'peak MB':>8}  first line shown")
    slowest = (0.0, "")
    for name, cmd, env, locked in cases:
        s, mb, first, cpu = _measure_locked(cmd, env or None, locked)
        print(f"{name:44} {s:8.2f} {cpu:6.2f} {mb:8.0f}  {first}", flush=True)
        if name.startswith("stats:") and "games, stats --json" not in name:
            slowest = max(slowest, (s, name))
    print(f"slowest statistics case: {slowest[0]:.2f} s ({slowest[1]})")
    for p in sorted(tmp.rglob("*"), reverse=True):
        (p.rmdir if p.is_dir() and not p.is_symlink() else p.unlink)()
    tmp.rmdir()


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            parents[int(d.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        out.update(kids)
        todo.extend(kids)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def kill_once(home: Path, seed: int, moves: int = 12) -> tuple[int, int, bool, int]:
    """(children seen, children alive 3 s after the kill, save valid, tmp files left)."""
    env = dict(os.environ, GURKA_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "table_driver.py"), "gurka-se",
                             str(seed)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    kids: set[int] = set()
    for line in proc.stdout:
        kids |= descendants(proc.pid)
        if line.startswith(b"move") and int(line.split()[1]) >= moves:
            break
    time.sleep(0.05 + (seed % 7) * 0.03)     # land somewhere inside a write or a decision
    kids |= descendants(proc.pid)
    proc.kill()
    proc.wait()
    time.sleep(3)
    survivors = sum(alive(k) for k in kids)
    for k in kids:
        if alive(k):
            os.kill(k, signal.SIGKILL)
    tmp_files = len(list(home.glob("*.tmp")))
    out = subprocess.run([sys.executable, "-c", "from game import saves; s, n = saves.load(); "
                          "print('ok' if s else n)"], cwd=ROOT, env=env, capture_output=True,
                         text=True)
    return len(kids), survivors, out.stdout.strip() == "ok", tmp_files


def bench_kill(n: int) -> None:
    seen = survivors = valid = tmp_before = 0
    with tempfile.TemporaryDirectory() as d:
        home = Path(d)
        for i in range(n):
            k, s, ok, t = kill_once(home, i + 1)
            seen += k
            survivors += s
            valid += ok
            tmp_before = max(tmp_before, t)
            # the next start (settings are loaded first) must clear stray temp files
            subprocess.run([sys.executable, "-c", "from game import settings; settings.load()"],
                           cwd=ROOT, env=dict(os.environ, GURKA_HOME=str(home)), check=False)
        left = len(list(home.glob("*.tmp")))
    print(f"{n} kills: {seen} child processes seen, {survivors} alive 3 s after the kill; "
          f"save valid after {valid} of {n}; most temp files seen after a kill {tmp_before}, "
          f"left after the next start {left}")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("files", "kill"):
        print(__doc__)
        return 2
    if argv[0] == "files":
        bench_files("--quick" in argv)
    else:
        bench_kill(int(argv[1]) if len(argv) > 1 else 20)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
