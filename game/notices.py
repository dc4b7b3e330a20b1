"""What the player is told about their files: :class:`Notice`, and the names of the settings.

Every loader and writer of a user file (settings, saves, statistics, replays) reports a
problem the same way: a :class:`Notice` (never an exception, never a bare string), whose
words are made in the language current when it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .i18n import _, ngettext


@dataclass
class Notice:
    """Something the player should be told about one of their files.

    ``kind``: ``settings-corrupt``, ``settings-reset`` (``detail``: the keys of the settings
    whose values were not understood, comma-separated), ``settings-unwritable``, ``save-corrupt``,
    ``save-unwritable``, ``save-unresumable`` (a save that was read but that the table could not
    resume; ``detail``: why) or ``save-bot`` (a bot seat of a save resumed by the Normal AI;
    ``detail``: the players' names); for the statistics ``stats-corrupt`` (set aside as
    ``aside``), ``stats-unavailable`` and ``stats-unsaved`` (``detail``: the cause, a code of
    :func:`cause_text` or a technical reason), ``stats-left-out`` (``detail``: how many games
    could not be read), ``stats-behind`` (the newest games could not be read with the file;
    ``detail``: the cause), ``stats-pending`` (a finished game kept to be added later;
    ``detail``: the cause) and ``stats-waiting`` (``detail``: how many such games wait); the finished games (:mod:`game.storage.history`): ``history-folder``
    (something else than a folder at its name, set aside), ``history-index-corrupt`` (their
    list, made again from the games' files), ``history-game-corrupt`` (``detail``: how many
    record files were set aside), ``history-unwritable`` (``detail``: why),
    ``history-missing`` (a listed game's file is gone) and ``export-unwritable`` (``detail``:
    why).  ``str(notice)`` is the message in the language
    current at the time it is shown (so it can be created before the
    language is known).
    """

    kind: str
    path: Path
    aside: Path | None = None
    detail: str = ""

    def text(self) -> str:
        aside = self.aside.name if self.aside else ""
        if self.kind == "settings-corrupt":
            if aside:
                return _("Your settings could not be read, so the defaults are used. "
                         "The old file was kept as {file}.").format(file=aside)
            return _("Your settings could not be read, so the defaults are used.")
        if self.kind == "settings-reset":
            names = ", ".join(setting_label(k) for k in self.detail.split(",") if k)
            # TRANSLATORS: {settings} is a comma-separated list of names on the Settings screen
            return _("Your settings file had a value the game does not know for: {settings}. "
                     "Those settings are back to their defaults; the others are kept."
                     ).format(settings=names)
        if self.kind == "settings-unwritable":
            return _("Your settings could not be saved: {reason}").format(reason=self.detail)
        if self.kind == "save-corrupt":
            if aside:
                return _("The saved game could not be read and cannot be continued. "
                         "The file was kept as {file}.").format(file=aside)
            return _("The saved game could not be read and cannot be continued.")
        if self.kind == "save-unwritable":
            return _("The game could not be saved: {reason}").format(reason=self.detail)
        if self.kind == "save-unresumable":
            # TRANSLATORS: shown when a saved game cannot be resumed; {reason} is technical
            if aside:
                return _("The saved game could not be resumed and was set aside ({reason})."
                         ).format(reason=self.detail)
            # TRANSLATORS: as above, when the file could not even be moved aside
            return _("The saved game could not be resumed ({reason}).").format(reason=self.detail)
        if self.kind == "stats-corrupt":
            if aside:
                # TRANSLATORS: {file} is the name the unreadable statistics file was given
                return _("Your statistics could not be read, so new ones were started. "
                         "The old file was kept as {file}.").format(file=aside)
            return _("Your statistics could not be read, so new ones were started.")
        if self.kind == "stats-unavailable":
            # TRANSLATORS: {reason} says what stopped the game, e.g. "the disk is full"
            return _("The statistics cannot be used right now: {reason}").format(
                reason=cause_text(self.detail))
        if self.kind == "stats-unsaved":
            # TRANSLATORS: {reason} says what stopped the game, e.g. "the disk is full"
            return _("This game could not be added to your statistics: {reason}").format(
                reason=cause_text(self.detail))
        if self.kind == "stats-behind":
            # TRANSLATORS: the statistics screen: the file was read as it was the last time it
            # could be written; {reason} says what stops the game, e.g. "the disk is full"
            return _("Your newest games cannot be shown yet: {reason}").format(reason=cause_text(self.detail))
        if self.kind == "stats-pending":
            # TRANSLATORS: at the end of a game; {reason} says what stops the game now, e.g.
            # "another copy of the game or another program is using the file."
            return _("This game will be added to your statistics later: {reason}").format(
                reason=cause_text(self.detail))
        if self.kind == "stats-waiting":
            n = int(self.detail) if self.detail.isdigit() else 0
            # TRANSLATORS: the statistics screen: finished games kept aside while another program
            # held the statistics file
            return ngettext("{n} finished game will be added to your statistics once the file is free.",
                            "{n} finished games will be added to your statistics once the file is free.",
                            n).format(n=n)
        if self.kind == "stats-left-out":
            n = int(self.detail) if self.detail.isdigit() else 0
            # TRANSLATORS: some stored games held values this version cannot read; the others are shown
            return ngettext("{n} game in your statistics could not be read and is left out.",
                            "{n} games in your statistics could not be read and are left out.",
                            n).format(n=n)
        if self.kind == "save-bot":
            # TRANSLATORS: {names} is a comma-separated list of player names
            return _("A saved game never starts a bot program: the Normal AI now plays "
                     "for {names}.").format(names=self.detail)
        return self._history_text(aside) or self.detail

    def _history_text(self, aside: str) -> str:
        if self.kind == "history-folder":
            # TRANSLATORS: {file} is the name the thing was renamed to
            return _("Where your finished games are kept there was something else than a folder. "
                     "It was set aside as {file}, and a new folder is used.").format(file=aside or "?")
        if self.kind == "history-index-corrupt":
            return _("The list of your finished games could not be read and was made again from "
                     "the games themselves. The old list was kept as {file}.").format(file=aside or "?")
        if self.kind == "history-game-corrupt":
            n = int(self.detail) if self.detail.isdigit() else 1
            return ngettext("{n} finished game could not be read and was set aside.",
                            "{n} finished games could not be read and were set aside.", n).format(n=n)
        if self.kind == "history-unwritable":
            return _("Your finished games could not be kept: {reason}").format(reason=self.detail)
        if self.kind == "history-missing":
            return _("This game is no longer among your finished games.")
        if self.kind == "export-unwritable":
            return _("The game could not be exported: {reason}").format(reason=self.detail)
        return ""

    def __str__(self) -> str:
        return self.text()


#: what stopped a read or a write of a user file, by code (a notice's ``detail``)
_CAUSES = {"disk-full": lambda: _("the disk is full."),
           "no-inodes": lambda: _("the disk has no room for more files."),
           "read-only": lambda: _("the disk or the folder is read-only."),
           "no-permission": lambda: _("the game may not write in its folder."),
           "in-use": lambda: _("another copy of the game or another program is using the file.")}


def cause_text(detail: str) -> str:
    """A cause code in words, in the current language; any other text as it is (a
    technical reason, already one clipped line)."""
    return _CAUSES[detail]() if detail in _CAUSES else detail


#: the settings on the Settings screen, by key, with their names there (the screen takes them
#: from here); a bad value of one of them is reported by that name
_LABELS = {"language": lambda: _("Language"), "speed": lambda: _("Animation speed"),
           # TRANSLATORS: the setting of how long the computer players wait before they play
           "ai_pace": lambda: _("Computer's pace"),
           "trick_pause": lambda: _("After a trick"), "sound": lambda: _("Sound effects"),
           "volume": lambda: _("Volume"),
           # TRANSLATORS: a setting: the background music's volume, or off
           "music": lambda: _("Music"),
           "fullscreen": lambda: _("Fullscreen"),
           "card_indices": lambda: _("Card letters"), "four_colour": lambda: _("Four-colour suits"),
           "hand_sort": lambda: _("Sort my hand"), "auto_play": lambda: _("Play a forced card by itself"),
           "undo": lambda: _("Allow undo"),
           # TRANSLATORS: a setting: the look of the table under the cards (green or blue felt, wood)
           "felt": lambda: _("Table"), "card_back": lambda: _("Card backs"),
           "card_size": lambda: _("Card size"),
           # TRANSLATORS: a setting for players who get unwell or distracted by movement on the
           # screen: cards appear where they land instead of flying there
           "reduced_motion": lambda: _("Reduced motion"),
           # TRANSLATORS: a setting: the game tells a screen reader (NVDA, JAWS, Narrator, Orca,
           # VoiceOver) what is on the screen and announces every move
           "screen_reader": lambda: _("Screen reader"),
           # TRANSLATORS: a setting: how much the announcements say (short: "K♥ Björn"; full sentences)
           "verbosity": lambda: _("Announcements"),
           # TRANSLATORS: a setting: the game reads its announcements aloud itself, for players
           # without a screen reader
           "speech": lambda: _("Speak the moves aloud"),
           # TRANSLATORS: a setting for players with poor sight: a black table, white and yellow
           # texts, strong borders
           "high_contrast": lambda: _("High contrast")}
SHOWN_SETTINGS = tuple(_LABELS)


def setting_label(key: str) -> str:
    """The name of a setting as the Settings screen shows it, in the current language."""
    return _LABELS[key]() if key in _LABELS else key
