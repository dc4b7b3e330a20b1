"""Settings: defaults, round trip, per-key fallback, corrupt files set aside, atomic writes."""

import json
import os

import pytest

from game import i18n
from game.notices import Notice
from game.storage.settings import DEFAULT_VOLUME, Settings, load_settings, save_settings, settings_path
from game.storage.user_files import atomic_write_text


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    i18n.set_language("en")
    return tmp_path


def test_defaults_when_no_file(home):
    s, notice = load_settings()
    assert notice is None
    assert s == Settings()
    assert s.sound is True and 0 < s.volume <= 0.5          # on, but quiet
    assert s.speed == "normal" and s.card_indices == "native" and not s.fullscreen
    assert settings_path().parent == home


def test_round_trip(home):
    s = Settings(language="is", speed="instant", sound=False, volume=0.8, fullscreen=True,
                 card_indices="international", four_colour=True, window_size=(1920, 1080))
    assert save_settings(s) is None
    back, notice = load_settings()
    assert notice is None and back == s
    assert back.instant and back.animation_factor == 0
    assert not list(home.glob("*.tmp"))


@pytest.mark.parametrize("key,value", [
    ("language", "klingon"), ("speed", "warp"), ("sound", "yes"), ("volume", 3),
    ("volume", True), ("fullscreen", 1), ("card_indices", "roman"), ("four_colour", None),
    ("window_size", [10, 10]), ("window_size", "big"), ("window_size", [1280.5, 800]),
])
def test_bad_value_falls_back_per_key(home, key, value):
    data = Settings(language="da", four_colour=True).to_dict()
    data[key] = value
    (home / "settings.json").write_text(json.dumps(data))
    s, notice = load_settings()
    if key == "window_size":
        assert notice is None                   # not on the Settings screen: reset quietly
    else:
        assert notice is not None and notice.kind == "settings-reset" and notice.detail == key
    assert getattr(s, key) == getattr(Settings(), key)
    if key != "language":
        assert s.language == "da"
    if key != "four_colour":
        assert s.four_colour is True


def test_bad_value_is_reported_in_one_line_naming_the_setting(home):
    data = Settings(language="da", four_colour=True).to_dict()
    data.update(speed="ludicrous", trick_pause="sometimes", from_the_future=1)
    (home / "settings.json").write_text(json.dumps(data))
    s, notice = load_settings()
    assert (s.speed, s.trick_pause, s.language, s.four_colour) == ("normal", "last", "da", True)
    assert notice.kind == "settings-reset" and notice.detail == "speed,trick_pause"
    assert not list(home.glob("settings.json.corrupt-*"))       # the file itself is fine
    i18n.set_language("en")
    text = str(notice)
    assert "Animation speed, After a trick" in text and "\n" not in text
    assert "from_the_future" not in text
    i18n.set_language("sv")
    assert "Animationshastighet" in str(notice)       # in the language shown
    i18n.set_language("en")


def test_unknown_keys_ignored(home):
    (home / "settings.json").write_text(json.dumps({"speed": "fast", "from_the_future": 1}))
    s, notice = load_settings()
    assert notice is None and s.speed == "fast"


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b""])
def test_corrupt_file_is_set_aside_and_reported(home, content):
    (home / "settings.json").write_bytes(content)
    s, notice = load_settings()
    assert s == Settings()
    assert isinstance(notice, Notice) and notice.kind == "settings-corrupt"
    kept = list(home.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not (home / "settings.json").exists()
    assert kept[0].name in str(notice)
    i18n.set_language("sv")
    assert kept[0].name in str(notice)          # shown in whatever language is current
    # a second corrupt file next to the first gets its own name
    (home / "settings.json").write_bytes(content)
    load_settings()
    assert len(list(home.glob("settings.json.corrupt-*"))) == 2


def test_unreadable_path_does_not_crash(home):
    (home / "settings.json").mkdir()          # a folder where the file should be
    s, notice = load_settings()
    assert s == Settings() and notice is not None
    notice = save_settings(Settings())
    assert notice is not None and notice.kind == "settings-unwritable" and str(notice)


def test_atomic_write_keeps_old_file_on_failure(home, monkeypatch):
    target = home / "x.json"
    atomic_write_text(target, "old")

    def boom(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert not list(home.glob("*.tmp"))


def test_default_volume_is_quiet():
    assert 0 < DEFAULT_VOLUME <= 0.4


def test_the_app_loads_and_saves_the_settings_object(home):
    from game.storage import settings
    s = settings.load()
    assert isinstance(s, Settings) and s.sound is True and s.language is None and settings.take_notice() is None
    s.language, s.speed, s.volume = "nb", "fast", 7.0       # a volume no file would accept
    assert settings.save(s) is None
    again = settings.load()
    assert again.language == "nb" and again.speed == "fast" and again.volume == settings.DEFAULT_VOLUME
    (home / "settings.json").write_text("{{{")
    assert settings.load() == Settings()
    notice = settings.take_notice()
    assert notice is not None and notice.kind == "settings-corrupt"
    assert settings.take_notice() is None
