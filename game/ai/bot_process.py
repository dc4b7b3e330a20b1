"""A bot in its own process, spoken to in JSON lines (UCI engines and python-chess's
``chess.engine`` are the model).

For every decision the game writes one line to the bot's stdin::

    {"decision": 7, "view": {...}, "legal": [{...}, ...]}

and reads one line from its stdout::

    {"action": {...}}

The bot is another program: it sees only what it is sent.  It runs in its own process
group (killed as a group on a timeout and at the end), with a memory limit where the
OS has one (``RLIMIT_AS``) and, on Linux, a signal that kills it if the game process
dies.  Its stdout is read at most :data:`MAX_REPLY` bytes per line and at most
:data:`MAX_PENDING` unread lines are kept; its stderr is kept to the last 2 KB (quoted
when it fails) unless ``show_stderr`` passes it through.  Every failure is a
:class:`BotError` with a one-line reason.  Stopping a bot never waits on its pipes: a
child that escaped its process group (``setsid``) may keep them open, so each pipe is
closed by the thread that uses it, once that thread is done with it.  A ``.py`` file runs with this Python
(``sys.executable``; a frozen app looks for one on PATH, on Windows the ``py`` launcher first, and
says so in one line when there is none); anything else is run as the program it is.  On Windows a
bot opens no console window (``CREATE_NO_WINDOW``).
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

from ..safe_json import clip, loads

try:
    import resource
except ImportError:  # not POSIX
    resource = None  # type: ignore[assignment]  # (checked before each use)

MAX_REPLY = 64 << 10
MAX_PENDING = 16
MEMORY_LIMIT = 2 << 30
STDERR_TAIL = 2048
#: seconds added to the first decision after a start (the interpreter and the bot's imports)
START_GRACE = 3.0

_EOF = object()
_FLOOD = object()


class BotError(Exception):
    """A bot that did not answer properly.  ``fatal``: the process is of no further use
    (it ended, hung or flooded) and is stopped."""

    def __init__(self, reason: str, fatal: bool = True):
        super().__init__(reason)
        self.fatal = fatal


def _pdeathsig():
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)`` on Linux, resolved before any fork."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(1, int(signal.SIGKILL), 0, 0, 0)


_SET_PDEATHSIG = _pdeathsig()


def python_for_bots(which=None, windows: bool | None = None, frozen: bool | None = None) -> list[str] | None:
    """The command that runs ``.py`` bots: this Python; in a frozen app, one on PATH (on
    Windows the ``py`` launcher first, which python.org's installer puts there, then
    ``python`` and ``python3``); None when there is none."""
    if not (getattr(sys, "frozen", False) if frozen is None else frozen):
        return [sys.executable]
    if which is None:
        which = shutil.which
    if os.name == "nt" if windows is None else windows:
        launcher = which("py")
        if launcher:
            return [launcher, "-3"]
        names = ("python", "python3")
    else:
        names = ("python3", "python")
    for name in names:
        found = which(name)
        if found:
            return [found]
    return None


#: the one line when a frozen app finds no Python for a ``.py`` bot
NO_PYTHON = ("a .py bot needs Python, and none was found on PATH (py, python or python3): install "
             "Python from python.org, or give the bot as a program")


#: library search paths a frozen app sets for itself (PyInstaller keeps the player's own in NAME_ORIG)
_FROZEN_PATHS = ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "LIBPATH")


def bot_environment(environ=None, frozen: bool | None = None) -> dict:
    """The environment a bot starts with: the player's own.  A frozen app's bundled library
    paths are taken out (restored to what the player had), so a bot never loads the
    bundle's libraries in place of its own system's."""
    env = dict(os.environ if environ is None else environ, PYTHONUNBUFFERED="1",
               PYTHONIOENCODING="utf-8")
    if getattr(sys, "frozen", False) if frozen is None else frozen:
        for key in _FROZEN_PATHS:
            original = env.pop(key + "_ORIG", None)
            if original is None:
                env.pop(key, None)
            else:
                env[key] = original
    return env


def command_for(path: str) -> list[str]:
    """How to start the bot at ``path``; BotError when it is nothing that can run."""
    p = Path(path)
    if not p.is_file():
        raise BotError(f"no such file: {clip(path, 80)}")
    if p.suffix.lower() == ".py":
        python = python_for_bots()
        if python is None:
            raise BotError(NO_PYTHON)
        return [*python, str(p)]
    if os.name == "posix" and not os.access(p, os.X_OK):
        raise BotError(f"{clip(path, 80)} is neither a .py file nor an executable program")
    return [str(p.resolve())]


def windows_flags() -> int:
    """How a bot starts on Windows: in its own process group, and without a console window
    (a windowed game has no console, so a console program such as python.exe would
    otherwise open one of its own)."""
    return getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) | getattr(subprocess, "CREATE_NO_WINDOW", 0)


class BotProcess:
    """One running bot.  :meth:`ask` starts it when needed; :meth:`close` ends it."""

    def __init__(self, path: str, memory: int = MEMORY_LIMIT, show_stderr: bool = False,
                 start_grace: float = START_GRACE):
        self.path = str(path)
        self.memory = memory
        self.start_grace = start_grace
        self.show_stderr = show_stderr
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self._lines: deque = deque()
        self._dropped = 0
        self._cond = threading.Condition()
        self._tail = bytearray()
        self._fresh = False
        self._writer: threading.Thread | None = None
        self._out_reader: threading.Thread | None = None
        self._err_reader: threading.Thread | None = None
        self._stop = threading.Event()

    # -- life cycle --------------------------------------------------------------------
    def _child_setup(self):
        memory, pdeathsig, parent = self.memory, _SET_PDEATHSIG, os.getpid()

        def setup() -> None:   # runs in the child between fork and exec: no imports here
            if resource is not None and memory:
                try:
                    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
                except (ValueError, OSError):
                    pass
            if pdeathsig is not None:
                pdeathsig()
                if os.getppid() != parent:     # the game died before the signal was armed
                    os._exit(1)
        return setup

    def start(self) -> None:
        cmd = command_for(self.path)
        env = bot_environment()
        kwargs: dict = {}
        if os.name == "posix":
            kwargs.update(start_new_session=True, preexec_fn=self._child_setup())
        else:
            kwargs.update(creationflags=windows_flags())
        try:
            self.proc = subprocess.Popen(
                cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=None if self.show_stderr else subprocess.PIPE, env=env, close_fds=True,
                **kwargs)
        except (OSError, ValueError, subprocess.SubprocessError) as e:
            self.proc = None
            raise BotError(f"cannot start {clip(self.path, 80)}: {clip(e, 100)}") from None
        self.starts += 1
        self._fresh = True
        with self._cond:
            self._lines.clear()
            self._dropped = 0
        self._tail = bytearray()
        proc, stop = self.proc, threading.Event()
        self._stop = stop
        self._out_reader = threading.Thread(target=self._read_stdout, args=(proc, self.starts, stop),
                                            daemon=True, name="gurka-bot-out")
        self._out_reader.start()
        self._err_reader = None
        if proc.stderr is not None:
            self._err_reader = threading.Thread(target=self._read_stderr,
                                                args=(proc, self.starts, stop),
                                                daemon=True, name="gurka-bot-err")
            self._err_reader.start()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def close(self) -> None:
        """End the bot and everything it started (its process group), at once.

        Never blocks on a pipe: closing a stream that another thread is reading or
        writing waits for that thread (the stream's lock), and a child that left the
        process group can keep the other end open for as long as it likes.  So a pipe
        in use is left to its thread, which closes it when its read or write returns
        (end of file once the last holder is gone); the threads are daemons."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        self._stop.set()        # the threads of this process close their pipes when done
        writer, self._writer = self._writer, None
        if writer is not None and writer.is_alive():
            self._kill(proc)    # it is not reading: closing its input would wait for it
            writer.join(0.1)
        if writer is None or not writer.is_alive():
            _close_quietly(proc.stdin)  # end of input: a well-behaved bot exits by itself
        try:
            proc.wait(0.1)
        except subprocess.TimeoutExpired:
            pass
        self._kill(proc)
        try:
            proc.wait(2)
        except subprocess.TimeoutExpired:
            pass
        deadline = time.monotonic() + 0.5       # the readers' end of file, as a rule at once
        for reader in (self._out_reader, self._err_reader):
            if reader is not None:
                reader.join(max(0.0, deadline - time.monotonic()))

    @staticmethod
    def _kill(proc) -> None:
        """SIGKILL to the bot's whole process group (POSIX), or to the bot."""
        if os.name == "posix":
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:         # already gone
                pass
        try:
            proc.kill()
        except OSError:
            pass

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - a finaliser must never raise
            pass

    # -- readers (threads) ----------------------------------------------------------------
    def _read_stdout(self, proc, start: int, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                line = proc.stdout.readline(MAX_REPLY + 1)
                if not line:
                    self._put(_EOF, start)
                    return
                if len(line) > MAX_REPLY:
                    self._put(_FLOOD, start)
                    return
                self._put(line, start)
        except (OSError, ValueError):
            self._put(_EOF, start)
        finally:
            _close_quietly(proc.stdout)     # only this thread reads it

    def _put(self, item, start: int) -> None:
        with self._cond:
            if start != self.starts:
                return                  # a reader of an earlier, stopped process
            if len(self._lines) >= MAX_PENDING and item is not _EOF and item is not _FLOOD:
                self._dropped += 1      # a bot writing without being asked: bounded memory
            else:
                self._lines.append(item)
            self._cond.notify_all()

    def _read_stderr(self, proc, start: int, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                chunk = proc.stderr.read1(4096)
                if not chunk:
                    return
                if start == self.starts:    # not the tail of the process started after it
                    self._tail = (self._tail + chunk)[-STDERR_TAIL:]
        except (OSError, ValueError):
            return
        finally:
            _close_quietly(proc.stderr)     # only this thread reads it

    def last_words(self) -> str:
        """The bot's last stderr line, for the report."""
        lines = [x for x in bytes(self._tail).decode("utf-8", "replace").splitlines() if x.strip()]
        return f" (its last words: {clip(lines[-1], 90)})" if lines else ""

    # -- one decision -----------------------------------------------------------------------
    def ask(self, request: dict, timeout: float) -> object:
        """Send one request and wait for one reply line, parsed as bounded JSON."""
        with self._cond:
            ended = any(x is _EOF for x in self._lines)
        if ended or not self.alive():       # it ended between two decisions: start it afresh
            self.close()
            self.start()
        proc = self.proc
        if self._fresh:
            timeout += self.start_grace
            self._fresh = False
        with self._cond:   # lines written before this request are not its answer, but its
            # end or a flood is: a bot that ends at once can be gone before the request goes out
            stale = [x for x in self._lines if x is _FLOOD or x is _EOF]
            self._lines.clear()
            self._lines.extend(stale)
        data = (json.dumps(request, ensure_ascii=True, separators=(",", ":")) + "\n").encode()
        if self._writer is not None:
            self._writer.join(1.0)          # the previous request is on its way out
            if self._writer.is_alive():
                raise BotError("does not read its input")
        self._writer = threading.Thread(target=self._write, args=(proc, data, self._stop),
                                        daemon=True, name="gurka-bot-in")
        self._writer.start()
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._lines:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BotError(f"no answer within {timeout:g} s")
                self._cond.wait(left)
            item = self._lines.popleft()
        if item is _EOF:
            how = self._exit_text(proc)
            if self._err_reader is not None:
                self._err_reader.join(0.5)      # its last words, written just before the end
            raise BotError(f"ended{how} without answering{self.last_words()}")
        if item is _FLOOD:
            raise BotError(f"wrote a line longer than {MAX_REPLY >> 10} KB")
        try:
            return loads(item, MAX_REPLY, max_depth=16)
        except ValueError as e:
            shown = clip(item.decode("utf-8", "replace"), 60)
            raise BotError(f"answered {shown!r}, which is not a JSON reply ({clip(e, 60)})",
                           fatal=False) from None

    @staticmethod
    def _write(proc, data: bytes, stop: threading.Event) -> None:
        """In a thread: a bot that does not read its input must not block the game."""
        try:
            proc.stdin.write(data)
            proc.stdin.flush()
        except (OSError, ValueError):
            pass
        if stop.is_set():           # closed while this was writing: the pipe is left to us
            _close_quietly(proc.stdin)

    @staticmethod
    def _exit_text(proc) -> str:
        try:
            code = proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return ""
        if code < 0:
            try:
                return f" (killed by {signal.Signals(-code).name})"
            except ValueError:
                return f" (signal {-code})"
        return f" (exit code {code})"


def _close_quietly(stream) -> None:
    """Close a pipe no other thread is using (a BrokenPipeError on the last flush too)."""
    try:
        if stream is not None:
            stream.close()
    except (OSError, ValueError):
        pass
