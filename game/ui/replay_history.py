"""Your finished games (route ``history``, from Replays): every game kept by
:mod:`game.storage.history`, the player's own first, each group newest first.

A row says the ruleset as the interface names it, when the game ended, its players and its
result from the player's seat ("You win!", "Björn is the durak!"): the words of
:mod:`game.ui.game_labels`.  Open (Enter, or a click on the selected row) replays the game in
the viewer; Export writes its record as a ``.json`` file to share into the user's downloads
folder (else documents, else home) and says where; Delete forgets it after asking.  A file
that cannot be used is set aside by :mod:`game.storage.history` and its notice shown here.
"""

from __future__ import annotations

from ..engine import replay
from ..storage import history
from ..i18n import _
from . import game_labels
from .game_list import Row
from .list_scene import ListScene
from .replay_open import Game
from .widgets import Button


def game_row(game: history.Game) -> Row:
    """A finished game as a row: ruleset and date, players and result."""
    return Row(game.file, game_labels.together(game_labels.ruleset_label(game.rules)), game_labels.when_text(game.finished),
               game_labels.players_text(list(game.players)),
               game_labels.result_text({"kind": game.kind, "seats": list(game.seats)}, list(game.players),
                             list(game.mine)))


def history_rows(games: list[history.Game]) -> list[Row]:
    """The rows: the player's own games, then (under a heading of their own, when there are
    both) the games without the player."""
    own = [game_row(g) for g in games if g.own]
    others = [game_row(g) for g in games if not g.own]
    if own and others:
        # TRANSLATORS: headings in the list of finished games: games you played in, then the others
        return [Row(None, _("Your games"))] + own + [Row(None, _("Games without you"))] + others
    return own + others


class HistoryScene(ListScene):
    def __init__(self, app):
        self.delete_btn = Button(lambda: _("Delete"), self.ask_delete, name="delete")
        self.export_btn = Button(lambda: _("Export"), self.export, name="export")
        self.open_btn = Button(lambda: _("Watch"), lambda: self.open(self.list.selected), primary=True,
                               name="open")
        super().__init__(app, [self.delete_btn, self.export_btn, self.open_btn])
        self.games: list[history.Game] = []
        self.notices = self.refresh()

    def title(self) -> str:
        return _("Your finished games")

    def empty_text(self) -> str:
        # TRANSLATORS: the list of finished games when there is none yet; {n} is how many are kept
        return _("No finished games yet. Every game you finish is kept here (the last {n}).").format(
            n=history.MAX_GAMES)

    # -- the games ---------------------------------------------------------------------------
    def refresh(self) -> list:
        """Read the list again (after a delete, a file set aside); its notices."""
        self.games, notices = history.list_games()
        self.list.set_rows(history_rows(self.games), keep=self.list.selected)
        for b in (self.delete_btn, self.export_btn, self.open_btn):
            b.enabled = bool(self.games)
        self.invalidate()
        return notices

    def resume(self):
        super().resume()
        self.invalidate()

    def selected(self) -> history.Game | None:
        return next((g for g in self.games if g.file == self.list.selected), None)

    def open(self, file) -> None:
        """Replay the game in the viewer (its record replayed by the engine again)."""
        game = next((g for g in self.games if g.file == file), None)
        if game is None:
            return
        record, notice = history.load_record(game)
        if record is None:
            self.show(self.refresh() + [notice])
            return
        self.app.nav.push("replay", games=[Game("", record, replay(record))])

    def export(self) -> None:
        game = self.selected()
        if game is None:
            return
        path, notice = history.export_game(game, history.export_folder())
        if path is None:
            self.show(self.refresh() + [notice])
            return
        # TRANSLATORS: after a finished game's record was written to share; {file} is the whole path
        self.app.nav.push("message", text=_("The game was exported as a record file:") + "\n" + str(path),
                          title=lambda: _("Export"))

    def ask_delete(self) -> None:
        game = self.selected()
        if game is None:
            return
        row = game_row(game)
        # TRANSLATORS: asked before a finished game is deleted from the list; the game follows
        text = _("Delete this game from your finished games?") + "\n" + game_labels.join([row.title, row.right])
        self.app.nav.push("confirm", text=text, yes=lambda: _("Delete"), no=lambda: _("Keep it"),
                          on_yes=lambda: self.delete(game))

    def delete(self, game: history.Game) -> None:
        problem = history.delete_game(game)
        self.show(self.refresh() + ([problem] if problem else []))
