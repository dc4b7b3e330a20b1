"""External bots (``--seats ext:PATH``): a Python file that defines ``choose(view, legal)``.

The bot gets a deep copy of its seat's view and of the legal actions (so it
cannot alter the game) and must return one of the legal actions within
``budget`` seconds.  A bot that fails to load, raises, runs past its budget
or returns something that is not one of the legal actions is reported (on
stderr and in :attr:`ExternalBot.reports`) and the built-in ``normal`` AI
decides instead, for that decision only; the game goes on.  A bot that is
still running a previous, timed-out decision is not called again until it
returns (``normal`` decides meanwhile).

See ``game/ai/README.md`` for the full contract and ``game/ai/example_bot.py``.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
import threading
from pathlib import Path

from .players import NormalPlayer

DEFAULT_BUDGET = 5.0


class ExternalBot:
    level = "ext"

    def __init__(self, path: str, seed: int = 0, budget: float = DEFAULT_BUDGET, stream=None):
        self.path = str(path)
        self.budget = budget
        self.fallback = NormalPlayer(seed)
        self.reports: list[str] = []
        self.stream = stream if stream is not None else sys.stderr
        self._busy: threading.Thread | None = None
        self._choose = None
        self._decision = 0
        try:
            self._choose = self._load(Path(path))
        except Exception as e:  # noqa: BLE001 - any failure of foreign code is reported
            self._report(f"cannot load bot {path}: {type(e).__name__}: {e}")

    @staticmethod
    def _load(path: Path):
        if not path.is_file():
            raise FileNotFoundError(f"no such file: {path}")
        name = f"gurka_ext_bot_{abs(hash(str(path.resolve())))}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"{path} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        fn = getattr(module, "choose", None)
        if not callable(fn):
            raise AttributeError(f"{path} defines no choose(view, legal) function")
        return fn

    def _report(self, text: str) -> None:
        msg = f"[bot {self.path}] {text}"
        self.reports.append(msg)
        try:
            print(msg, file=self.stream, flush=True)
        except Exception:  # noqa: BLE001 - a closed stream must not stop the game
            pass

    def choose(self, view: dict, legal: list[dict]) -> dict:
        self._decision += 1
        where = f"decision {self._decision} (seat {view.get('seat')})"
        if self._choose is None:
            return self.fallback.choose(view, legal)
        if self._busy is not None and self._busy.is_alive():
            self._report(f"{where}: still busy with an earlier decision; normal AI plays")
            return self.fallback.choose(view, legal)
        box: dict = {}

        def run():
            try:
                box["action"] = self._choose(copy.deepcopy(view), copy.deepcopy(legal))
            except BaseException as e:  # noqa: BLE001
                box["error"] = e

        t = threading.Thread(target=run, name="gurka-ext-bot", daemon=True)
        t.start()
        t.join(self.budget)
        if t.is_alive():
            self._busy = t
            self._report(f"{where}: no answer within {self.budget:g} s; normal AI plays")
            return self.fallback.choose(view, legal)
        if "error" in box:
            e = box["error"]
            self._report(f"{where}: raised {type(e).__name__}: {e}; normal AI plays")
            return self.fallback.choose(view, legal)
        action = box.get("action")
        if isinstance(action, dict):
            clean = {k: v for k, v in action.items() if k != "player"}
            for a in legal:
                if a == clean or _same(a, clean):
                    return a
        self._report(f"{where}: returned {action!r}, which is not a legal action; normal AI plays")
        return self.fallback.choose(view, legal)


def _same(a: dict, b: dict) -> bool:
    """Equal up to the order of cards in a multi-card action."""
    if a.keys() != b.keys():
        return False
    for k, v in a.items():
        w = b[k]
        if isinstance(v, list) and isinstance(w, list):
            if sorted(map(str, v)) != sorted(map(str, w)):
                return False
        elif v != w:
            return False
    return True
