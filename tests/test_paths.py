"""game/paths.py: one function finds bundled data in a source checkout, an
installed package and a frozen (PyInstaller) build, never via the working directory."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A working directory with decoy assets/ and locales/ folders in it."""
    cwd = tmp_path / "cwd"
    for name in ("assets", "locales"):
        (cwd / name).mkdir(parents=True)
    monkeypatch.chdir(cwd)
    return cwd


def test_source_checkout_uses_the_repository_folders(elsewhere, monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert paths.data_dir("assets") == ROOT / "assets"
    assert paths.data_dir("locales") == ROOT / "locales"
    assert paths.asset("fonts", "DejaVuSans.ttf").is_file()
    assert paths.asset("icon.png") == ROOT / "assets" / "icon.png"


def test_frozen_build_uses_meipass_only(tmp_path, elsewhere, monkeypatch):
    bundle = tmp_path / "bundle" / "_internal"
    (bundle / "assets").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.data_dir("assets") == bundle / "assets"
    assert paths.data_dir("locales") == bundle / "locales"
    assert paths.asset("icon.png") == bundle / "assets" / "icon.png"
    for name in ("assets", "locales"):
        assert elsewhere not in paths.data_dir(name).parents
        assert paths.data_dir(name).is_absolute()


def test_installed_package_uses_the_folders_inside_the_package(tmp_path, elsewhere, monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    pkg = tmp_path / "site-packages" / "game"
    for name in ("assets", "locales"):
        (pkg / name).mkdir(parents=True)
    monkeypatch.setattr(paths, "_HERE", pkg)
    assert paths.data_dir("assets") == pkg / "assets"
    assert paths.data_dir("locales") == pkg / "locales"


def test_paths_do_not_depend_on_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    before = paths.data_dir("assets")
    monkeypatch.chdir(tmp_path)
    assert paths.data_dir("assets") == before
    assert before.is_absolute()
