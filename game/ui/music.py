"""The background music: a quiet polska that loops (``assets/music/polska.ogg``, made by
``build_scripts/make_music.py``), through ``pygame.mixer.music``.

    from game.ui import music
    music.configure(app.settings)   # the ``music`` setting: 0 (off, the default) .. 1
    music.begin()                   # once the first screen is shown: plays when it is on

Off by default; its own volume, apart from the sound effects' (the Settings screen's
*Music*).  Reduced motion leaves it as the player set it: the setting is the player's own
choice, made on the same screen.  The mixer is started only when the music is on, after
the first screen is shown (start-up does not wait for the audio device).  A machine without
audio, a missing or broken file: silence, never an error (as :mod:`game.ui.sound`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..paths import asset
from . import sound

if TYPE_CHECKING:
    from ..storage.settings import Settings

FILE = ("music", "polska.ogg")
#: how much quieter than the effects the music is at the same setting (a tune under the
#: game, not over it)
GAIN = 0.5
FADE_IN_MS = 2500
FADE_OUT_MS = 600

_volume = 0.0
_begun = False
#: "stopped", "playing", "unavailable" (no mixer or no file: not tried again)
_state = "stopped"


def configure(settings: Settings) -> None:
    """Take ``music`` (0..1, 0 = off) from the settings; plays or stops at once once begun."""
    set_volume(settings.music)


def set_volume(volume: float) -> None:
    global _volume
    _volume = min(1.0, max(0.0, float(volume)))
    if _volume <= 0:
        stop()
    elif _state == "playing":
        _mixer_volume()
    elif _begun:
        _start()


def volume() -> float:
    return _volume


def playing() -> bool:
    return _state == "playing"


def begin() -> None:
    """The first screen is shown: the music may start (now, when it is on)."""
    global _begun
    _begun = True
    if _volume > 0 and _state == "stopped":
        _start()


def _mixer_volume() -> None:
    try:
        pygame.mixer.music.set_volume(_volume * GAIN)
    except Exception:  # noqa: BLE001 - music is optional: a broken audio device never stops the game
        pass


def _start() -> None:
    global _state
    if _state != "stopped":
        return
    if not sound.available():
        _state = "unavailable"
        return
    try:
        pygame.mixer.music.load(str(asset(*FILE)))
        pygame.mixer.music.set_volume(_volume * GAIN)
        pygame.mixer.music.play(loops=-1, fade_ms=FADE_IN_MS)
        _state = "playing"
    except Exception:  # noqa: BLE001 - no file, a broken file, no device: the game plays on in silence
        _state = "unavailable"


def stop() -> None:
    global _state
    if _state == "playing":
        try:
            pygame.mixer.music.fadeout(FADE_OUT_MS)
        except Exception:  # noqa: BLE001 - music is optional: a broken audio device never stops the game
            pass
        _state = "stopped"


def shutdown() -> None:
    """Forget everything (tests, a new app): stopped, not begun."""
    global _begun, _state, _volume
    stop()
    _begun, _state, _volume = False, "stopped", 0.0
