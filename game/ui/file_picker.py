"""Choosing a file inside the game (no system dialog: it works the same everywhere, also
in fullscreen): a folder's subfolders and the files with the wanted endings.

Up / Down pick, Enter or a second click opens (a folder: go in; a file: choose it),
Backspace goes to the parent folder, Esc closes.  A path can be typed in the box at
the top and opened with Enter.  ``on_choose(path)`` gets the chosen file; the scene
closes first.  Hidden files and folders (a leading dot) are not listed; a folder that
cannot be read says so.

Only a regular file is ever chosen, looked at when it is opened (it may have changed
since it was listed): a path typed or picked that leads nowhere, to a pipe, a device or
a socket, or to a file larger than ``max_bytes`` is not opened, and the picker says
which it is over its list (:func:`problem_of`).
"""

from __future__ import annotations

import os
import stat
from functools import partial
from pathlib import Path

import pygame

from ..i18n import _
from . import theme
from .scene import Scene
from .widgets import Button, TextInput, WidgetGroup

ROW = 34
MAX_ENTRIES = 2000


class PathInput(TextInput):
    """The path box: a long path shows its end (never a text below 12 px), the caret at
    the end."""

    caret_keys = False

    def draw(self, surface, u, focused):
        r = self.rect
        pygame.draw.rect(surface, (245, 242, 230), r, border_radius=int(5 * u))
        pygame.draw.rect(surface, theme.FOCUS if focused else theme.PANEL_BORDER, r,
                         max(1, int((2 if focused else 1) * u)), border_radius=int(5 * u))
        px = 15 * u
        room = r.width - 16 * u
        f = theme.font(px)
        shown = self.value
        while shown and f.size("…" + shown + "|")[0] > room:
            shown = shown[1:]
        if shown != self.value:
            shown = "…" + shown
        tr = theme.blit_text(surface, shown, px, (r.left + int(6 * u), r.centery), theme.TEXT_DARK, anchor="midleft")
        if focused:
            pygame.draw.line(surface, theme.TEXT_DARK, (tr.right + 1, r.top + int(5 * u)),
                             (tr.right + 1, r.bottom - int(5 * u)), max(1, int(u)))


def problem_of(path: Path, max_bytes: int | None = None) -> str | None:
    """Why ``path`` cannot be chosen as a file, in words (None: a regular file, within
    ``max_bytes``).  Links are followed; nothing is opened."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return _("There is no such file or folder.")
    except OSError:
        return _("The file cannot be read.")
    if stat.S_ISDIR(st.st_mode):
        return None
    if not stat.S_ISREG(st.st_mode):
        return _("This is not a file but a device, a pipe or a socket.")
    if max_bytes is not None and st.st_size > max_bytes:
        return _("The file is too big to open.")
    return None


def listing(folder: Path, exts: tuple[str, ...]) -> tuple[list[Path], list[Path], bool]:
    """(subfolders, files with ``exts``, readable), sorted by name; never raises."""
    dirs, files = [], []
    try:
        for i, p in enumerate(folder.iterdir()):
            if i >= MAX_ENTRIES:
                break
            if p.name.startswith("."):
                continue
            try:
                if p.is_dir():
                    dirs.append(p)
                elif p.suffix.lower() in exts and p.is_file():
                    files.append(p)
            except OSError:
                continue
    except OSError:
        return [], [], False
    key = lambda p: p.name.lower()  # noqa: E731
    return sorted(dirs, key=key), sorted(files, key=key), True


class FilePicker(Scene):
    def __init__(self, app, on_choose, title=None, exts=(".json", ".jsonl"), start=None,
                 places: list[tuple] | None = None, max_bytes: int | None = None):
        super().__init__(app)
        self.on_choose = on_choose
        self.max_bytes = max_bytes
        #: why the path typed or picked last cannot be opened (shown over the list)
        self.problem: str | None = None
        self.title = title or (lambda: _("Open a file"))
        self.exts = tuple(exts)
        self.folder = Path(start) if start else Path.home()
        self.places = places or []
        self.entries: list[tuple[str, Path]] = []
        self.readable = True
        self.index = 0
        self.top = 0
        self.visible = 1
        self.path_box = PathInput(str(self.folder), max_len=400, name="path")
        self.open_btn = Button(lambda: _("Open"), self.open_selected, primary=True, name="open")
        self.back_btn = Button(lambda: _("Back"), self.close, name="back")
        self.place_btns = [Button(label, partial(self.go, Path(path)), name=f"place{i}", px=15)
                           for i, (label, path) in enumerate(self.places)]
        self.widgets = WidgetGroup([self.path_box, *self.place_btns, self.open_btn, self.back_btn])
        self.go(self.folder)

    # -- the folder -----------------------------------------------------------------------
    def go(self, folder: Path) -> None:
        folder = Path(folder).expanduser()
        dirs, files, ok = listing(folder, self.exts)
        self.folder = folder
        self.readable = ok
        self.entries = ([("up", folder.parent)] if folder.parent != folder else []) + \
            [("dir", d) for d in dirs] + [("file", f) for f in files]
        self.index = 0
        self.top = 0
        self.problem = None
        self.path_box.value = str(folder)
        self.invalidate()

    def open_entry(self, i: int) -> None:
        if not 0 <= i < len(self.entries):
            return
        kind, path = self.entries[i]
        if kind == "file":
            self.choose(path)
        else:
            self.go(path)

    def open_selected(self) -> None:
        """Enter in the path box: a folder typed is gone into, a file chosen; anything else
        says what it is (it went up a folder without a word)."""
        typed = Path(self.path_box.value.strip()).expanduser() if self.path_box.value.strip() else None
        if typed is None or typed == self.folder:
            self.open_entry(self.index)
            return
        try:
            folder = typed.is_dir()
        except OSError:
            folder = False
        if folder:
            self.go(typed)
        else:
            self.choose(typed)

    def choose(self, path: Path) -> None:
        """The chosen file goes to ``on_choose`` if it is a regular file within the size;
        otherwise the picker stays and says what it is."""
        self.problem = problem_of(path, self.max_bytes)
        if self.problem is None and os.path.isdir(path):
            self.problem = _("This is a folder, not a file.")
        if self.problem is not None:
            self.invalidate()
            return
        self.close()
        self.on_choose(path)

    def close(self) -> None:
        if self.manager is not None and self.manager.top is self:
            self.manager.pop()

    def select(self, i: int) -> None:
        if self.entries:
            self.index = max(0, min(len(self.entries) - 1, i))
            if self.index < self.top:
                self.top = self.index
            elif self.index >= self.top + self.visible:
                self.top = self.index - self.visible + 1
            self.invalidate()

    # -- layout and events ------------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = self.u = theme.unit(size)
        self.panel = pygame.Rect(0, 0, min(int(760 * u), w - int(40 * u)), h - int(60 * u))
        self.panel.center = (w // 2, h // 2 + int(10 * u))
        x, y = self.panel.left + int(20 * u), self.panel.top + int(50 * u)
        inner = self.panel.width - int(40 * u)
        self.path_box.rect = pygame.Rect(x, y, inner, int(38 * u))
        y += int(46 * u)
        bx = x
        for b in self.place_btns:
            bw = int(170 * u)
            b.rect = pygame.Rect(bx, y, bw, int(32 * u))
            bx += bw + int(8 * u)
        if self.place_btns:
            y += int(40 * u)
        bottom = self.panel.bottom - int(66 * u)
        self.list_rect = pygame.Rect(x, y, inner, bottom - y)
        self.visible = max(1, self.list_rect.height // int(ROW * u))
        bw = int(200 * u)
        self.open_btn.rect = pygame.Rect(self.panel.right - int(20 * u) - bw, bottom + int(12 * u), bw, int(44 * u))
        self.back_btn.rect = pygame.Rect(x, bottom + int(12 * u), bw, int(44 * u))
        self.select(self.index)

    def row_at(self, pos) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.list_rect.top) // int(ROW * self.u)
        return i if i < len(self.entries) else None

    def handle_event(self, e):
        typing = self.widgets.focused is self.path_box
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.close()
                return
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (typing or self.widgets.focused is None):
                self.open_selected() if typing else self.open_entry(self.index)
                return
            if not typing:
                if e.key in (pygame.K_UP, pygame.K_DOWN):
                    self.select(self.index + (1 if e.key == pygame.K_DOWN else -1))
                    return
                if e.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                    self.select(self.index + (self.visible if e.key == pygame.K_PAGEDOWN else -self.visible))
                    return
                if e.key == pygame.K_BACKSPACE:
                    self.go(self.folder.parent)
                    return
        if e.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, len(self.entries) - self.visible), self.top - e.y * 3))
            self.invalidate()
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            i = self.row_at(e.pos)
            if i is not None:
                self.widgets.focus = None
                if i == self.index:
                    self.open_entry(i)
                else:
                    self.select(i)
                return
        self.widgets.handle_event(e)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface):
        size = surface.get_size()
        u = self.u
        surface.blit(theme.felt(size), (0, 0))
        theme.panel(surface, self.panel, u)
        title = self.title() if callable(self.title) else self.title
        theme.blit_text(surface, title, 24 * u, (self.panel.centerx, self.panel.top + int(12 * u)), theme.ACCENT,
                    bold=True, anchor="midtop", max_width=self.panel.width - 40 * u)
        r = self.list_rect
        pygame.draw.rect(surface, (10, 22, 18), r, border_radius=int(6 * u))
        if not self.readable:
            theme.blit_text(surface, _("This folder cannot be read."), 16 * u, (r.centerx, r.top + int(12 * u)),
                        theme.ERROR, anchor="midtop", max_width=r.width - 20 * u)
        elif not self.problem and len(self.entries) <= (1 if self.entries and self.entries[0][0] == "up" else 0):
            theme.blit_text(surface, _("No game records here (.json, .jsonl)."), 16 * u,
                        (r.centerx, r.bottom - int(12 * u)), theme.TEXT_DIM, anchor="midbottom",
                        max_width=r.width - 20 * u)
        h = int(ROW * u)
        for row, (kind, path) in enumerate(self.entries[self.top:self.top + self.visible]):
            i = self.top + row
            y = r.top + row * h
            line = pygame.Rect(r.left, y, r.width, h)
            if i == self.index:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, line, border_radius=int(6 * u))
            if kind == "up":
                text, color = "▲  " + _("Up one folder"), theme.TEXT_DIM
            elif kind == "dir":
                text, color = f"▸  {path.name}{os.sep}", theme.ACCENT     # records\ on Windows
            else:
                text, color = f"    {path.name}", theme.TEXT
            theme.blit_text(surface, text, 16 * u, (line.left + int(10 * u), line.centery), color,
                        anchor="midleft", max_width=line.width - 20 * u)
        if self.problem:            # over the foot of the list, on a band of its own
            band = pygame.Rect(r.left, r.bottom - h, r.width, h)
            pygame.draw.rect(surface, (58, 24, 22), band, border_radius=int(6 * u))
            theme.blit_text(surface, self.problem, 16 * u, band.center, theme.ERROR, anchor="center",
                        max_width=band.width - 20 * u)
        self.widgets.draw(surface, u)
