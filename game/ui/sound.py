"""Sound effects through pygame.mixer: quiet by default, with a mute setting.

    from game.ui import sound
    sound.configure(app.settings)   # after loading or changing settings
    sound.play("deal")              # shuffle, deal, play, trick, knockout, win

A machine without audio (mixer init fails, no device, a missing or broken
file) plays silently: nothing here ever raises.  The mixer is started
lazily on the first sound, so start-up does not wait for the audio device.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..paths import asset

if TYPE_CHECKING:
    from ..storage.settings import Settings

NAMES = ("shuffle", "deal", "play", "trick", "knockout", "win")
DEFAULT_VOLUME = 0.3

_enabled = True
_volume = DEFAULT_VOLUME
_state = "new"            # new -> ready | unavailable
_sounds: dict = {}
#: what was asked to play (tests and the demo mode look at it)
played: list[str] = []


def configure(settings: Settings) -> None:
    """Take ``sound`` (on/off) and ``volume`` (0..1) from the settings."""
    set_enabled(settings.sound)
    set_volume(settings.volume)


def set_enabled(on: bool) -> None:
    global _enabled
    _enabled = bool(on)
    if not _enabled and _state == "ready":
        try:
            pygame.mixer.stop()
        except Exception:  # noqa: BLE001 - sound is optional: a broken audio device never stops the game
            pass


def set_volume(volume: float) -> None:
    global _volume
    _volume = min(1.0, max(0.0, float(volume)))
    for snd in _sounds.values():
        try:
            snd.set_volume(_volume)
        except Exception:  # noqa: BLE001 - sound is optional: a broken audio device never stops the game
            pass


def enabled() -> bool:
    return _enabled


def volume() -> float:
    return _volume


def available() -> bool:
    """True when the mixer is working (starts it if needed)."""
    return _init()


def _init() -> bool:
    global _state
    if _state != "new":
        return _state == "ready"
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
        for name in NAMES:
            try:
                snd = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
                snd.set_volume(_volume)
                _sounds[name] = snd
            except Exception:  # noqa: BLE001 - a missing or broken sound file is only silence
                pass
        _state = "ready"
    except Exception:  # noqa: BLE001 - no audio device: the game plays silently
        _state = "unavailable"
    return _state == "ready"


def play(name: str) -> None:
    """Play one effect (if sound is on and there is a device); never raises."""
    if not _enabled or _volume <= 0:
        return
    played.append(name)
    if len(played) > 100:
        del played[:50]
    if not _init():
        return
    snd = _sounds.get(name)
    if snd is None:
        return
    try:
        snd.play()
    except Exception:  # noqa: BLE001 - a sound that cannot play is only silence
        pass


def shutdown() -> None:
    """Release the device (tests)."""
    global _state
    _sounds.clear()
    if _state == "ready":
        try:
            pygame.mixer.quit()
        except Exception:  # noqa: BLE001 - sound is optional: a broken audio device never stops the game
            pass
    _state = "new"
