"""Hostile files and kill -9: how long and how much memory before a refusal (POSIX only).

    python build_scripts/bench_hostile.py files [--quick]   hostile records, saves, settings
    python build_scripts/bench_hostile.py kill [N]          kill -9 a real game N times (20)

``files`` runs every case in a fresh process (``python -m game replay FILE``, or the
save / settings loader) and prints wall time, peak memory (max RSS) and the first line
the player sees.  Each case is capped at 120 s and 8 GB.  ``kill`` starts the game
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


def measure(cmd: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """(seconds, peak MB, first output line) of one command in a fresh process."""
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
    return seconds, usage.ru_maxrss / 1024, first[:110]


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


def bench_files(quick: bool) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="gurka-hostile-"))
    cases = _cases(tmp, quick)
    import gc
    gc.collect()
    print(f"{'case':42} {'seconds':>8} {'peak MB':>8}  first line shown")
    for name, cmd, env in cases:
        s, mb, first = measure(cmd, env or None)
        print(f"{name:42} {s:8.2f} {mb:8.0f}  {first}", flush=True)
    for p in sorted(tmp.rglob("*"), reverse=True):
        (p.rmdir if p.is_dir() else p.unlink)()
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
