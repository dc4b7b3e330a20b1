"""The saved games (route ``saves``), one per ruleset, newest first: the menu's Continue
opens this list when there are several.

Each row says what the save is ("Agurk (Danish)", when it was saved, "Deal 4 · Anna, Björn,
Karin"); Continue (or Enter, or a click on the selected row) opens it at the table, Delete
forgets it after asking.  The words are :mod:`game.ui.game_labels`', the files
:mod:`game.ui.savegame`'s (a bad save is set aside with its notice).
"""

from __future__ import annotations

import time

from ..i18n import _
from . import game_labels
from . import savegame
from .game_list import Row
from .list_scene import ListScene
from .widgets import Button


class SavesScene(ListScene):
    WIDTH = 820

    def __init__(self, app):
        self.delete_btn = Button(lambda: _("Delete"), self.ask_delete, name="delete")
        self.open_btn = Button(lambda: _("Continue"), lambda: self.open(self.list.selected), primary=True,
                               name="continue")
        super().__init__(app, [self.delete_btn, self.open_btn])
        self.saves: list[savegame.SaveInfo] = []
        self.notices = self.refresh()

    def title(self) -> str:
        return _("Saved games")

    # -- the saves -------------------------------------------------------------------------
    def refresh(self) -> list:
        """Read the saves again (after a game, a delete); the notices of bad ones."""
        notices: list = []
        self.saves = savegame.saved_games(notices)
        rows = [Row(s.rules, game_labels.together(game_labels.ruleset_label(s.rules)),
                    game_labels.when_text(time.strftime("%Y-%m-%dT%H:%M", time.localtime(s.mtime))),
                    game_labels.SEP.join(x for x in (game_labels.together(s.where), s.players) if x))
                for s in self.saves]
        self.list.set_rows(rows, keep=self.list.selected)
        self.delete_btn.enabled = self.open_btn.enabled = bool(self.saves)
        self.invalidate()
        return notices

    def resume(self):
        super().resume()
        self.show(self.refresh())
        if not self.saves and self.manager is not None and self.manager.top is self:
            self.close()               # nothing left to continue

    def open(self, rules) -> None:
        if rules is not None and not savegame.resume(self.app, rules):
            self.show(self.refresh())

    def ask_delete(self) -> None:
        info = next((s for s in self.saves if s.rules == self.list.selected), None)
        if info is None:
            return
        # TRANSLATORS: asked before a saved game is deleted; the game follows on the next line
        text = _("Delete this saved game? It cannot be continued afterwards.") + "\n" + info.label
        self.app.nav.push("confirm", text=text, yes=lambda: _("Delete"), no=lambda: _("Keep it"),
                          on_yes=lambda: self.delete(info.rules))

    def delete(self, rules: str) -> None:
        savegame.delete(rules)
        self.show(self.refresh())
        if not self.saves:
            self.close()               # nothing left to continue
