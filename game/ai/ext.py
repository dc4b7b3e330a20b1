"""External bots (``--seats ext:PATH``): another program, asked for every decision.

:class:`ExternalBot` is an AI seat like the others (``choose(view, legal)``), but the
choosing happens in the bot's own process (:mod:`game.ai.bot_process`): it is sent the
seat's view and the legal actions as JSON and answers with one of the actions.  It cannot
see or change anything else of the game.

Whatever goes wrong (the bot cannot start, ends, hangs past ``budget`` seconds, floods
its output, answers garbage or an action that is not legal) is reported in one line (on
``stream``, stderr by default, and in :attr:`ExternalBot.reports`) and the built-in
``normal`` AI decides that move.  A bot that ended or hung is started afresh for its
next decision; after ``max_failures`` failures it is stopped for good and ``normal``
plays the seat (one more line says so), so a game always finishes in bounded time.

See ``game/ai/README.md`` for the protocol and ``game/ai/example_bot.py``.
"""

from __future__ import annotations

import json
import sys

from ..engine.actions import match_action
from ..safe_json import clip
from .bot_process import MEMORY_LIMIT, START_GRACE, BotError, BotProcess, command_for
from .players import NormalPlayer

DEFAULT_BUDGET = 5.0
MAX_FAILURES = 5


class ExternalBot:
    level = "ext"

    def __init__(self, path: str, seed: int = 0, budget: float = DEFAULT_BUDGET, stream=None,
                 max_failures: int = MAX_FAILURES, memory: int = MEMORY_LIMIT,
                 show_stderr: bool = False, start_grace: float = START_GRACE):
        self.path = str(path)
        self.budget = float(budget)
        self.fallback = NormalPlayer(seed)
        self.reports: list[str] = []
        self.stream = stream if stream is not None else sys.stderr
        self.max_failures = max_failures
        self.failures = 0
        self.gave_up = False
        self._decision = 0
        self._bot = BotProcess(self.path, memory=memory, show_stderr=show_stderr,
                               start_grace=start_grace)
        try:
            command_for(self.path)
        except BotError as e:
            self._report(f"{e}; normal AI plays this seat")
            self.gave_up = True

    def _report(self, text: str) -> None:
        msg = f"[bot {clip(self.path, 80)}] {text}"
        self.reports.append(msg)
        try:
            print(msg, file=self.stream, flush=True)
        except Exception:  # noqa: BLE001 - a closed stream must not stop the game
            pass

    def _fail(self, where: str, what: str, fatal: bool) -> None:
        self.failures += 1
        self._report(f"{where}: {what}; normal AI plays")
        if fatal:
            self._bot.close()
        if self.failures >= self.max_failures and not self.gave_up:
            self.gave_up = True
            self._bot.close()
            self._report(f"stopped after {self.failures} failures; normal AI plays this seat "
                         "from now on")

    def choose(self, view: dict, legal: list[dict]) -> dict:
        self._decision += 1
        if self.gave_up:
            return self.fallback.choose(view, legal)
        where = f"decision {self._decision} (seat {view.get('seat')})"
        request = {"decision": self._decision, "view": view, "legal": legal}
        try:
            reply = self._bot.ask(request, self.budget)
        except BotError as e:
            self._fail(where, str(e), e.fatal)
            return self.fallback.choose(view, legal)
        action = reply.get("action") if isinstance(reply, dict) else None
        chosen = match_action(action, legal)
        if chosen is not None:
            return chosen
        shown = clip(json.dumps(reply if action is None else action, ensure_ascii=False), 80)
        if action is None:
            what = f"answered {shown}, which has no \"action\""
        else:
            what = f"chose {shown}, which is not a legal action"
        self._fail(where, what, fatal=False)
        return self.fallback.choose(view, legal)

    def close(self) -> None:
        """Stop the bot's process (the end of the game or of ``simulate``)."""
        self._bot.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - a finaliser must never raise
            pass
