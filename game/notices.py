"""What the player is told about their files: :class:`Notice`, and the names of the settings.

Every loader and writer of a user file (settings, saves, statistics, replays) reports a
problem the same way: a :class:`Notice` (never an exception, never a bare string), whose
words are made in the language current when it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .i18n import _


@dataclass
class Notice:
    """Something the player should be told about one of their files.

    ``kind``: ``settings-corrupt``, ``settings-reset`` (``detail``: the keys of the settings
    whose values were not understood, comma-separated), ``settings-unwritable``, ``save-corrupt``,
    ``save-unwritable``, ``save-unresumable`` (a save that was read but that the table could not
    resume; ``detail``: why) or ``save-bot`` (a bot seat of a save resumed by the Normal AI;
    ``detail``: the players' names).  ``str(notice)`` is the message in the language
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
        if self.kind == "save-bot":
            # TRANSLATORS: {names} is a comma-separated list of player names
            return _("A saved game never starts a bot program: the Normal AI now plays "
                     "for {names}.").format(names=self.detail)
        return self.detail

    def __str__(self) -> str:
        return self.text()


#: the settings on the Settings screen, by key, with their names there (the screen takes them
#: from here); a bad value of one of them is reported by that name
_LABELS = {"language": lambda: _("Language"), "speed": lambda: _("Animation speed"),
           # TRANSLATORS: the setting of how long the computer players wait before they play
           "ai_pace": lambda: _("Computer's pace"),
           "trick_pause": lambda: _("After a trick"), "sound": lambda: _("Sound effects"),
           "volume": lambda: _("Volume"), "fullscreen": lambda: _("Fullscreen"),
           "card_indices": lambda: _("Card letters"), "four_colour": lambda: _("Four-colour suits"),
           "hand_sort": lambda: _("Sort my hand"), "auto_play": lambda: _("Play a forced card by itself"),
           "undo": lambda: _("Allow undo")}
SHOWN_SETTINGS = tuple(_LABELS)


def setting_label(key: str) -> str:
    """The name of a setting as the Settings screen shows it, in the current language."""
    return _LABELS[key]() if key in _LABELS else key
