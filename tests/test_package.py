"""Packaging files, checked without building (the build and smoke test of the
frozen app is ``python build_scripts/test_package.py``, run by ``.ci/run`` when
``GURKA_FULL=1``)."""

from __future__ import annotations

import ast
import configparser
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "build_scripts"


def test_entry_script_calls_freeze_support_first_and_imports_absolutely():
    tree = ast.parse((SCRIPTS / "gurka_main.py").read_text(encoding="utf-8"))
    guard = [n for n in tree.body if isinstance(n, ast.If) and "__main__" in ast.unparse(n.test)]
    assert len(guard) == 1
    first = ast.unparse(guard[0].body[0])
    assert first == "multiprocessing.freeze_support()"
    source = ast.unparse(guard[0])
    assert "from game.cli import main" in source
    assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(tree))


def test_spec_bundles_assets_and_compiled_catalogues_and_resolves_paths_from_its_folder():
    spec = (SCRIPTS / "gurka.spec").read_text(encoding="utf-8")
    assert "SPECPATH" in spec and "os.getcwd" not in spec
    assert '"*/LC_MESSAGES/*.mo"' in spec and "console=False" in spec
    for name in ("tkinter", "unittest", "numpy", "babel", "pytest", "hypothesis"):
        assert f'"{name}"' in spec


def test_png_icon_is_square_and_large_enough():
    data = (ROOT / "assets" / "icon.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width == height == 256


def test_ico_holds_the_windows_sizes():
    data = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        w, _h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes


def test_icns_holds_the_macos_sizes():
    data = (ROOT / "assets" / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, pos = set(), 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        kinds.add(kind)
        pos += length
    assert pos == len(data)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


def test_desktop_file_launches_gurka_with_its_icon_and_window_class():
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(SCRIPTS / "gurka.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Gurka"
    assert entry["Exec"] == "gurka" and entry["Icon"] == "gurka" and entry["Terminal"] == "false"
    assert "Game;" in entry["Categories"]
    app = (ROOT / "game" / "ui" / "app.py").read_text(encoding="utf-8")
    assert f'"SDL_VIDEO_X11_WMCLASS", "{entry["StartupWMClass"]}"' in app


def test_ci_workflow_builds_and_smoke_tests_on_three_systems():
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8"))
    job = flow["jobs"]["build"]
    assert set(job["strategy"]["matrix"]["os"]) == {"ubuntu-latest", "windows-latest", "macos-latest"}
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "build_scripts/test_package.py --onefile" in runs
    assert any("upload-artifact" in step.get("uses", "") for step in job["steps"])


def _spec_excludes() -> set[str]:
    tree = ast.parse((SCRIPTS / "gurka.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "excludes" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("gurka.spec has no excludes list")


def _imported_by_the_game() -> dict[str, str]:
    """Every absolute module name the game package imports, with one file that imports it."""
    names: dict[str, str] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found = [node.module]
            else:
                continue
            for name in found:
                names.setdefault(name, path.relative_to(ROOT).as_posix())
    return names


def test_the_frozen_app_keeps_every_module_the_game_imports():
    # sqlite3 was once excluded: statistics then closed the frozen app and no game was recorded
    excludes = _spec_excludes()
    assert "tkinter" in excludes        # the list was found and read
    left_out = {name: where for name, where in _imported_by_the_game().items()
                if any(name == x or name.startswith(x + ".") for x in excludes)}
    assert not left_out, f"gurka.spec excludes modules the game imports: {left_out}"
