"""Sound: the generated effects, quiet by default, mute, and silence without an audio device."""

import os
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.storage.settings import Settings  # noqa: E402
from game.ui import sound  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"


@pytest.fixture(autouse=True)
def fresh():
    sound.shutdown()
    sound.configure(Settings())
    sound.played.clear()
    yield
    sound.shutdown()
    sound.configure(Settings())


@pytest.mark.parametrize("name", sound.NAMES)
def test_effect_files_are_small_short_wavs(name):
    path = SOUNDS / f"{name}.wav"
    assert path.stat().st_size <= 60 * 1024
    with wave.open(str(path)) as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
        assert 0.05 <= w.getnframes() / w.getframerate() <= 1.0


def test_generator_is_deterministic(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "build_scripts" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.write(tmp_path / "deal.wav", mod.deal())
    assert (tmp_path / "deal.wav").read_bytes() == (SOUNDS / "deal.wav").read_bytes()


def test_quiet_by_default_and_plays():
    assert sound.enabled() and 0 < sound.volume() <= 0.4
    sound.play("deal")
    assert sound.played == ["deal"]
    if sound.available():
        assert sound._sounds["deal"].get_volume() == pytest.approx(sound.volume(), abs=0.01)


def test_mute():
    sound.configure(Settings(sound=False, volume=0.9))
    sound.play("knockout")
    assert sound.played == [] and sound.volume() == pytest.approx(0.9)
    sound.configure(Settings(sound=True, volume=0.2))
    sound.play("trick")
    assert sound.played == ["trick"]


def test_no_audio_device_plays_silently(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: False)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    for name in sound.NAMES + ("no-such-sound",):
        sound.play(name)
    assert not sound.available()


def test_missing_files_play_silently(monkeypatch, tmp_path):
    import game.ui.sound as mod
    monkeypatch.setattr(mod, "asset", lambda *parts: tmp_path.joinpath(*parts))
    sound.play("shuffle")
    assert sound._sounds == {}
