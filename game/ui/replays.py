"""Replays, from the main menu: the last finished game, or a record file (or a save)
chosen in the game's file picker, shown in the replay viewer (route ``replay``).

A file that cannot be replayed is refused by its name and the kind of problem, in the
player's language, with the engine's English reason below in small print
(:mod:`game.ui.replay_open`); a file with several records opens at its first
one, and the viewer moves between them.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..i18n import _, ngettext
from ..user_files import data_dir, set_aside_file
from . import theme as T
from .refusals import error_reason
from .replay_open import Problem, last_game_path, open_games
from .scene import Scene
from .widgets import Button, WidgetGroup


def reason_text(code: str) -> str:
    """The kind of problem a refused file has (a :class:`RecordError` code), in words."""
    if code == "unreadable":
        return _("The file cannot be read.")
    if code == "too_big":
        return _("The file is too big to open.")
    if code == "not_record":
        return _("This is not a game record.")
    if code == "newer":
        return _("The record was written by a newer version of the game.")
    if code == "unknown_rules":
        return _("The record is of a game this version does not know.")
    if code == "out_of_range":
        return _("The record holds a name, number or option outside what the game allows.")
    if code == "bad_moves":
        return _("The moves in the record do not follow the rules of its game.")
    return _("The record is damaged or incomplete.")


def detail_text(problem) -> str:
    """The reason under the refusal (small print), in the player's language: what the
    engine or the file reader said, by its code."""
    if problem.error is None:
        return problem.detail
    reason = error_reason(problem.error)
    if problem.stopped:
        # TRANSLATORS: {n} bad records were read before the file was refused; {reason} is the first one's
        return ngettext("Stopped after {n} bad record; the first: {reason}",
                        "Stopped after {n} bad records; the first: {reason}",
                        problem.stopped).format(n=problem.stopped, reason=reason)
    return reason


def refusal(problem) -> str:
    """What the player reads about a file that cannot be replayed: its name and why."""
    if problem.label:
        # TRANSLATORS: {file} is a file name, {n} the number of the record in it
        where = _("{file}, record {n}").format(file=problem.file, n=problem.label.rsplit(" ", 1)[-1])
    else:
        where = problem.file
    # TRANSLATORS: {file} is a file name; the reason follows on the next line
    return _("{file} cannot be replayed.").format(file=where) + "\n" + reason_text(problem.code)


def open_in_viewer(app, path) -> bool:
    """Replay the file at ``path``, or say why it cannot be (True when the viewer opened)."""
    try:
        games, problems = open_games(path)
    except Exception as e:  # noqa: BLE001 - open_games answers for the file; this is the last net
        games, problems = [], [Problem(f"{path}: {type(e).__name__}", "unreadable", Path(path).name,
                                       detail=type(e).__name__)]
    if not games:
        first = problems[0] if problems else None
        app.nav.push("message", text=refusal(first) if first else _("This file cannot be replayed."),
                     detail=detail_text(first) if first else "", title=lambda: _("Replays"))
        return False
    app.nav.push("replay", games=games)
    if problems:
        # TRANSLATORS: {n} records of the file were left out; {reason} says why the first one was
        app.nav.push("message", text=ngettext(
            "{n} of the file's records cannot be replayed and was left out: {reason}",
            "{n} of the file's records cannot be replayed and were left out: {reason}",
            len(problems)).format(n=len(problems), reason=reason_text(problems[0].code)),
            # TRANSLATORS: {n} is the number of a record in the file; {reason} follows
            detail=_("Record {n}: {reason}").format(n=problems[0].label.rsplit(" ", 1)[-1],
                                                   reason=detail_text(problems[0]))
            if problems[0].label else detail_text(problems[0]))
    return True


class ReplayMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.last = Button(lambda: _("The last finished game"), self.open_last, primary=True, name="last")
        self.file = Button(lambda: _("Open a record file…"), self.open_file, name="file")
        self.back = Button(lambda: _("Back"), self.close, name="back")
        self.widgets = WidgetGroup([self.last, self.file, self.back])
        self.refresh()

    def refresh(self) -> None:
        try:
            self.last.enabled = last_game_path().is_file()
        except OSError:
            self.last.enabled = False
        self.widgets.focus = 0 if self.last.enabled else 1

    def resume(self):
        self.refresh()
        self.invalidate()

    def open_last(self) -> None:
        """The last finished game; a file that cannot be replayed is refused and set aside
        (the table writes a new one after the next game)."""
        path = last_game_path()
        if not open_in_viewer(self.app, path):
            set_aside_file(path)
            self.refresh()

    def open_file(self) -> None:
        places = [(lambda: _("Home folder"), "~"), (lambda: _("Game folder"), str(data_dir()))]
        self.app.nav.push("open-file", on_choose=lambda path: open_in_viewer(self.app, path),
                          title=lambda: _("Open a game record"), places=places)

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    def layout(self, size):
        u = T.unit(size)
        self.box = pygame.Rect(0, 0, int(460 * u), int(330 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.top + int(86 * u)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(0, 0, int(380 * u), int(50 * u))
            b.rect.midtop = (self.box.centerx, y)
            y += int(64 * u)

    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()

    def draw(self, surface):
        size = surface.get_size()
        u = T.unit(size)
        surface.blit(T.felt(size), (0, 0))
        T.panel(surface, self.box, u)
        T.blit_text(surface, _("Replays"), 28 * u, (self.box.centerx, self.box.top + int(22 * u)), T.ACCENT,
                    bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        self.widgets.draw(surface, u)
