"""The background music: off by default, its own volume in Settings, a loop without a seam,
silence (never an error) without a file or a device."""

import importlib.util
from array import array
from pathlib import Path

import pygame
import pytest

from game.storage.settings import Settings
from game.ui import music, sound

ROOT = Path(__file__).resolve().parent.parent
OGG = ROOT / "assets" / "music" / "polska.ogg"


def _make_music():
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "build_scripts" / "make_music.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(autouse=True)
def _fresh_music():
    music.shutdown()
    yield
    music.shutdown()
    sound.shutdown()


def test_music_is_off_by_default_and_settings_turn_it_on_and_off(app):
    assert Settings().music == 0
    music.begin()                              # the first screen is shown
    assert not music.playing()
    sc = app.nav.push("settings")
    choice = sc.widgets.by_name("music")
    assert choice.visible and choice.value == 0.0
    choice.set_value(0.2)
    assert music.playing() and pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.2 * music.GAIN, abs=0.02)
    assert app.settings.music == pytest.approx(0.2)
    assert sound.volume() != pytest.approx(0.2)      # the effects keep their own volume
    choice.set_value(0.0)
    assert not music.playing()


def test_music_waits_for_the_first_screen(app):
    music.configure(Settings(music=0.5))
    assert not music.playing()                 # start-up does not open the audio device for it
    music.begin()
    assert music.playing()


def test_restore_defaults_turns_the_music_off(app):
    music.begin()
    sc = app.nav.push("settings")
    sc.widgets.by_name("music").set_value(0.4)
    assert music.playing()
    sc.restore_defaults()                          # it asks first (what changes): yes
    assert type(app.manager.top).__name__ == "ConfirmScene" and "→" in app.manager.top.text
    app.manager.top.confirm()
    assert not music.playing() and app.settings.music == 0.0
    assert sc.widgets.by_name("music").value == 0.0


def test_a_missing_or_broken_music_file_is_silence(app, tmp_path, monkeypatch):
    junk = tmp_path / "music" / "polska.ogg"
    junk.parent.mkdir()
    junk.write_bytes(b"OggS" + b"\x00\xff" * 500)
    monkeypatch.setattr(music, "asset", lambda *parts: tmp_path.joinpath(*parts))
    music.configure(Settings(music=0.6))
    music.begin()
    assert not music.playing()
    junk.unlink()
    music.shutdown()
    music.configure(Settings(music=0.6))
    music.begin()
    assert not music.playing()


@pytest.mark.parametrize("value", [-0.1, 1.5, "loud", True, None])
def test_a_bad_music_value_in_the_settings_file_falls_back_to_off(value):
    s, rejected = Settings.from_dict({"music": value, "volume": 0.4})
    assert s.music == 0.0 and rejected == ["music"] and s.volume == 0.4


def _samples(path: Path) -> tuple[list[int], int]:
    """The decoded piece, one channel, and the mixer's rate."""
    if not sound.available():
        pytest.skip("no mixer")            # (the dummy audio driver has one)
    rate, _size, channels = pygame.mixer.get_init()
    raw = array("h", pygame.mixer.Sound(str(path)).get_raw())
    return list(raw[::channels]), rate


def test_the_music_is_one_loop_of_the_piece_and_joins_without_a_seam():
    mod = _make_music()
    data, rate = _samples(OGG)
    assert abs(len(data) / rate - mod.LENGTH) < 0.1           # exactly the loop, no silence after it
    assert OGG.stat().st_size < 400_000
    # where it starts again: its first samples go on from its last ones, as the samples on
    # either side of the seam go on from each other (no click, no drop)
    k = rate // 100
    around = data[-k:] + data[:k]
    steps = [abs(b - a) for a, b in zip(around, around[1:])]
    seam = steps[k - 1]
    typical = sorted(steps)[len(steps) // 2]
    assert seam <= max(4 * typical, 200), (seam, typical)
