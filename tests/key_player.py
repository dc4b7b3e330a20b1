"""A player with the keyboard alone: from the main menu (New game → setup → Start) to the
result screen, every decision made with the keys the prompt names, no mouse event ever.

The player wants a legal move (a seeded random choice among all of them) and makes it the
way the table's prompt says, as keys work (``game/ui/table/keys.py``): ← → to pick a card,
Space to choose one of several, Enter to play or press the first button, Tab to reach
another button, 1–9 for the attack to beat, P and T to pass an attack on (transfer Durak).  Each key the player uses must be named by the
prompt of that moment (in English), and the move made must be the move wanted: a decision
the keys cannot reach, or reach only by keys the prompt does not name, is a dead end.
"""

from __future__ import annotations

import random

import pygame

#: keys and the words of the prompt that name them
NAMED = {pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_SPACE: "Space", pygame.K_RETURN: "Enter",
         pygame.K_TAB: "Tab", pygame.K_p: "Press P", pygame.K_t: "T to show"}
DIGITS = {getattr(pygame, f"K_{i}"): "1–9" for i in range(1, 10)}


class DeadEnd(AssertionError):
    """A decision the keys could not make as the prompt says."""


class KeyPlayer:
    def __init__(self, app, seed: int = 1, prefer: tuple = ()):
        self.app = app
        self.rng = random.Random(seed)
        #: kinds of move wanted whenever they are legal (rare ones: a transfer)
        self.prefer = prefer
        self.decisions: dict[str, int] = {}     # the kinds of decisions made, counted
        self.keys_used: set[str] = set()

    # -- keys ---------------------------------------------------------------------------
    def press(self, key: int, mod: int = 0, text: str = "") -> None:
        assert pygame.MOUSEMOTION not in ()        # (no mouse event is ever sent)
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.app.step([down], 16)
        self.app.step([up], 16)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step([], 16)

    @property
    def top(self):
        return self.app.manager.top

    # -- from the menu to the table -------------------------------------------------------
    def start(self, rules: str, players: int | None = None, teams: str | None = None):
        """New game → the ruleset (and players, teams) → Start, by keys; the table."""
        app = self.app
        app.nav.push("menu")           # as the game opens
        self.frames(2)
        menu = self.top
        assert type(menu).__name__ == "MainMenu", menu
        self._focus_button(menu.widgets, "new")
        self.press(pygame.K_RETURN)
        setup = self.top
        assert type(setup).__name__ == "SetupScene", setup
        self._tab_to(setup.widgets, "rules")
        for _ in range(12):
            if setup.rules == rules:
                break
            self.press(pygame.K_DOWN if self._after(setup, rules) else pygame.K_UP)
        assert setup.rules == rules
        if players is not None:
            self._tab_to(setup.widgets, "players")
            for _ in range(12):
                if setup.players() == players:
                    break
                self.press(pygame.K_RIGHT if setup.players() < players else pygame.K_LEFT)
            assert setup.players() == players
        if teams is not None:
            self._tab_to(setup.widgets, "opt:teams")
            for _ in range(4):
                if setup.overrides_for().get("teams") == teams:
                    break
                self.press(pygame.K_RIGHT)
            assert setup.overrides_for().get("teams") == teams, setup.overrides_for()
        self._tab_to(setup.widgets, "start")
        self.press(pygame.K_RETURN)
        self.frames(2)
        table = self.top
        assert type(table).__name__ == "TableScene", table
        assert app.manager.top is table
        return table

    @staticmethod
    def _after(setup, rules: str) -> bool:
        from game.engine.registry import ruleset_ids
        order = ruleset_ids()
        return order.index(rules) > order.index(setup.rules)

    def _focus_button(self, group, name: str) -> None:
        for _ in range(len(group.widgets) + 1):
            if group.focused is not None and group.focused.name == name:
                return
            self.press(pygame.K_DOWN)
        raise DeadEnd(f"no key reaches {name}")

    def _tab_to(self, group_owner, name: str) -> None:
        for _ in range(60):
            group = self.top.widgets
            if group.focused is not None and group.focused.name == name:
                return
            self.press(pygame.K_TAB)
        raise DeadEnd(f"Tab never reaches {name}")

    # -- the game ----------------------------------------------------------------------------
    def play(self, table, limit: int = 60000) -> None:
        """Play the game to its result screen."""
        for _ in range(limit):
            top = self.top
            name = type(top).__name__
            if name == "ResultScene":
                return
            if top is table:
                if table.timeline.held is not None:
                    self._go_on(table)
                elif table.my_turn():
                    self._decide(table)
                else:
                    self.frames()
            elif name in ("ScoreSheetScene", "MessageScene", "ConfirmScene"):
                self.press(pygame.K_RETURN)      # the focused button: Next deal, OK
            else:
                raise DeadEnd(f"a screen the player did not expect: {name}")
        raise DeadEnd("the game did not end")

    def _go_on(self, table) -> None:
        self._say(table, [pygame.K_RETURN])
        self.press(pygame.K_RETURN)
        self.decisions["go on"] = self.decisions.get("go on", 0) + 1

    def _say(self, table, keys) -> None:
        """The prompt of this moment names every key in ``keys``."""
        from game.ui.widget_base import InputMode
        assert InputMode.key, "the keyboard player's prompt is the keys' prompt"
        prompt = table.prompt()
        for k in keys:
            word = NAMED.get(k) or DIGITS.get(k)
            if word not in prompt:
                raise DeadEnd(f"{word} is used but the prompt does not name it: {prompt!r}")
            self.keys_used.add(word)

    def _decide(self, table) -> None:
        legal = table.stream.legal_actions()
        want = self.rng.choice(legal)
        preferred = [a for a in legal if a["type"] in self.prefer]
        if preferred:
            want = self.rng.choice(preferred)
        steps = self._steps(table, want, legal)
        self._say(table, [k for k, _until in steps])
        before = len(table.host.state.events)
        for k, until in steps:
            if until is None:
                self.press(k)
                continue
            for _ in range(40):
                if until():
                    break
                self.press(k)
            else:
                raise DeadEnd(f"{pygame.key.name(k)} never brought {want} nearer: {table.prompt()!r}")
            if len(table.host.state.events) != before:
                break
        events = table.host.state.events[before:]
        if not events:
            raise DeadEnd(f"{want} not made by {[pygame.key.name(k) for k, _u in steps]}: {table.prompt()!r}")
        others = {a["type"] for a in legal if a["type"] != want["type"]}
        # a pass may write no event of its own (a declined buy-back): then the next event is
        # none of the moves declined
        declined = want["type"] == "pass" and events[0]["type"] not in others
        if not (self._made(want, events[0]) or declined):
            raise DeadEnd(f"{want} wanted, {events[0]} made: {table.prompt()!r}")
        several = len(want.get("cards") or want.get("discard") or ()) > 1
        kind = want["type"] + (" several" if several else "")
        self.decisions[kind] = self.decisions.get(kind, 0) + 1

    @staticmethod
    def _made(want: dict, ev: dict) -> bool:
        if ev["type"] != want["type"]:
            return False
        for key in ("cards", "card", "attack", "discard", "shown"):
            if key in want and key in ev and (sorted(want[key]) != sorted(ev[key]) if isinstance(want[key], list)
                                              else want[key] != ev[key]):
                return False
        return True

    # -- the keys for a move, as the prompt says ---------------------------------------------
    @staticmethod
    def _reach(table, card: str):
        """→ until ``card`` is picked (a step: the key, pressed until its goal holds)."""
        return (pygame.K_RIGHT, lambda: table.hover_card == card)

    def _choose(self, table, cards):
        """Each card picked, then Space (chosen)."""
        out = []
        for c in cards:
            out += [self._reach(table, c), (pygame.K_SPACE, None)]
        return out

    def _steps(self, table, want: dict, legal: list[dict]):
        from game.ui.table.forced import forced_action
        kind = want["type"]
        enter = (pygame.K_RETURN, None)
        if forced_action(legal) is not None:
            return [enter]
        if kind in ("play", "attack"):
            cards = want["cards"]
            if len(cards) == 1:
                return [self._reach(table, cards[0]), enter]
            return self._choose(table, cards) + [enter]
        if kind == "exchange":
            return self._choose(table, want["discard"]) + [enter]
        if kind == "transfer":         # transfer Durak: P with the card picked, T shows the trump
            if want["shown"]:
                return [(pygame.K_t, None)]
            return [self._reach(table, want["card"]), (pygame.K_p, None)]
        if kind == "defend":
            card, attack = want["card"], want["attack"]
            targets = [a["attack"] for a in legal if a["type"] == "defend" and a["card"] == card]
            if len(targets) == 1:
                return [self._reach(table, card), enter]
            index = [p[0] for p in table.model.pairs].index(attack)
            return [self._reach(table, card), (pygame.K_SPACE, None), (getattr(pygame, f"K_{index + 1}"), None)]
        # a button: Enter presses the first one when no card may be played, Tab reaches any
        buttons = [b.name for b in table.action_buttons if b.visible]
        if kind not in buttons:
            raise DeadEnd(f"no button for {want}: {buttons}")
        first = next((b.name for b in table.action_buttons if b.enabled and b.visible), None)
        if kind == first and not table.legal_cards():
            return [enter]
        focused = (lambda: table.widgets.keyboard and table.widgets.focused is not None
                   and table.widgets.focused.name == kind)
        return [(pygame.K_TAB, focused), enter]
