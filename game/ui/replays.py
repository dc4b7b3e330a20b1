"""Replays, from the main menu: your finished games (route ``history``, the list of every
game kept: :mod:`game.ui.replay_history`), or a record file (or a save) chosen in the
game's file picker, shown in the replay viewer (route ``replay``).

The file is read and checked on a thread of its own (:class:`~.replay_open.Opening`):
meanwhile the menu shows how many of its records have been checked, and Esc or Cancel
stops it; a 50 MB file of records never holds up a frame.  A file that cannot be replayed
is refused by its name and the kind of problem, in the player's language, with the
engine's English reason below in small print (:mod:`game.ui.replay_open`); a file with
several records opens at its first one, and the viewer moves between them.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..i18n import _, ngettext
from ..storage.user_files import data_dir
from . import theme
from .refusals import error_reason
from .replay_open import MAX_BYTES, Opening, Problem, open_games
from .scene import Scene
from .widgets import Button, WidgetGroup


def reason_text(code: str) -> str:
    """The kind of problem a refused file has (a :class:`RecordError` code, or what is at
    the path), in words."""
    if code == "unreadable":
        return _("The file cannot be read.")
    if code == "missing":
        return _("There is no such file.")
    if code == "folder":
        return _("This is a folder, not a file.")
    if code == "not_file":
        return _("This is not a file but a device, a pipe or a socket.")
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
        # what the line above already says (a folder, no file, too big) needs no English under it
        return "" if problem.code in ("missing", "folder", "not_file", "too_big") else problem.detail
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
    """Replay the file at ``path`` now, in this thread, or say why it cannot be (True when
    the viewer opened).  The menu opens files off the frame path instead (:class:`ReplayMenu`)."""
    try:
        games, problems = open_games(path)
    except Exception as e:  # noqa: BLE001 - open_games answers for the file; this is the last net
        games, problems = [], [Problem(f"{path}: {type(e).__name__}", "unreadable", Path(path).name,
                                       detail=type(e).__name__)]
    return show_opened(app, games, problems)


def show_opened(app, games, problems) -> bool:
    """The viewer for the games of a file, or the message why there are none."""
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
        self.last = Button(lambda: _("Your finished games"), self.open_last, primary=True, name="last")
        self.file = Button(lambda: _("Open a record file…"), self.open_file, name="file")
        self.back = Button(lambda: _("Back"), self.close, name="back")
        self.widgets = WidgetGroup([self.last, self.file, self.back])
        self.stop = Button(lambda: _("Cancel"), self.cancel, name="cancel")
        self.stop_widgets = WidgetGroup([self.stop])
        #: a file being read and checked (None when idle); ``last``: it is the last game
        self.opening: Opening | None = None
        self.clock = 0.0
        self.refresh()

    def refresh(self) -> None:
        self.widgets.focus = 0

    def resume(self):
        self.refresh()
        self.invalidate()

    # -- opening a file, off the frame path ---------------------------------------------------
    def open_path(self, path) -> None:
        """Read and check the file on a thread; the viewer (or the refusal) follows."""
        if self.opening is not None:
            self.opening.cancel()
        self.opening = Opening(path)
        self.stop_widgets.focus = 0
        self.stop_widgets.keyboard = self.widgets.keyboard
        self.invalidate()

    def cancel(self) -> None:
        if self.opening is not None:
            self.opening.cancel()
            self.opening = None
            self.invalidate()

    def update(self, dt: float) -> None:
        self.clock += dt
        opening = self.opening
        if opening is None:
            return
        if not opening.done:
            self.invalidate()           # the count moves
            return
        self.opening = None
        self.invalidate()
        if opening.cancelled:
            return
        show_opened(self.app, opening.games, opening.problems)

    def wait(self) -> None:
        """Until the file is opened (tests, the tour)."""
        if self.opening is not None:
            self.opening.wait()
            self.update(0)

    def animating(self) -> bool:
        return self.opening is not None

    def open_last(self) -> None:
        """The list of the finished games kept (each opens in the viewer)."""
        self.app.nav.push("history")

    def open_file(self) -> None:
        places = [(lambda: _("Home folder"), "~"), (lambda: _("Game folder"), str(data_dir()))]
        self.app.nav.push("open-file", on_choose=self.open_path, title=lambda: _("Open a game record"),
                          places=places, max_bytes=MAX_BYTES)

    def close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    def layout(self, size):
        u = theme.unit(size)
        self.box = pygame.Rect(0, 0, int(460 * u), int(330 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.top + int(86 * u)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(0, 0, int(380 * u), int(50 * u))
            b.rect.midtop = (self.box.centerx, y)
            y += int(64 * u)
        self.stop.rect = pygame.Rect(0, 0, int(220 * u), int(50 * u))
        self.stop.rect.midbottom = (self.box.centerx, self.box.bottom - int(24 * u))

    def handle_event(self, e):
        if self.opening is not None:
            if self.stop_widgets.handle_event(e):
                return
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.cancel()
            return
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()

    def draw(self, surface):
        size = surface.get_size()
        u = theme.unit(size)
        surface.blit(theme.felt(size), (0, 0))
        theme.panel(surface, self.box, u)
        theme.blit_text(surface, _("Replays"), 28 * u, (self.box.centerx, self.box.top + int(22 * u)), theme.ACCENT,
                    bold=True, anchor="midtop", max_width=self.box.width - 40 * u)
        if self.opening is None:
            self.widgets.draw(surface, u)
        else:
            self._draw_opening(surface, u, self.opening)

    def _draw_opening(self, surface, u, opening: Opening) -> None:
        """The file's name, how many of its records are checked, and a bar."""
        box = self.box
        width = box.width - int(60 * u)
        # TRANSLATORS: the replay menu while a file is read; {file} is its name
        theme.blit_text(surface, _("Opening {file}").format(file=opening.path.name), 19 * u,
                    (box.centerx, box.top + int(92 * u)), theme.TEXT, anchor="midtop", max_width=width)
        if opening.total > 1:
            # TRANSLATORS: the replay menu while a file of several game records is checked
            line = _("{n} of {total} records checked").format(n=opening.checked, total=opening.total)
            part = opening.checked / opening.total
        else:
            line = _("Reading and checking the file…")
            part = (self.clock / 1500) % 1.0
        theme.blit_text(surface, line, 16 * u, (box.centerx, box.top + int(130 * u)), theme.TEXT_DIM, anchor="midtop",
                    max_width=width)
        bar = pygame.Rect(box.left + int(30 * u), box.top + int(170 * u), width, int(14 * u))
        pygame.draw.rect(surface, (10, 22, 18), bar, border_radius=int(6 * u))
        fill = bar.copy()
        fill.width = max(int(6 * u), int(bar.width * part))
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=int(6 * u))
        self.stop_widgets.draw(surface, u)
