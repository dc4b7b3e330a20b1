"""Packaging files, checked without building (the build and smoke test of the
frozen app is ``python build_scripts/test_package.py``, run by ``.ci/run`` when
``GURKA_FULL=1``)."""

from __future__ import annotations

import ast
import configparser
import re
import struct
import subprocess
import sys
import textwrap
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


def _workflow() -> dict:
    import yaml     # the test extra carries PyYAML: this test runs wherever the suite runs
    return yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8"))


def test_ci_workflow_builds_and_smoke_tests_on_three_systems():
    flow = _workflow()
    job = flow["jobs"]["build"]
    assert set(job["strategy"]["matrix"]["os"]) == {"ubuntu-latest", "windows-latest", "macos-latest"}
    assert job["strategy"]["fail-fast"] is False          # one system failing still shows the others
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "build_scripts/test_package.py --onefile" in runs
    assert any("upload-artifact" in step.get("uses", "") for step in job["steps"])
    for step in job["steps"]:
        assert ("uses" in step) != ("run" in step), step        # each step does one thing
        if "uses" in step:
            assert re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", step["uses"]), step["uses"]
        condition = step.get("if", "")
        for system in re.findall(r"runner\.os == '(\w+)'", condition):
            assert system in ("Linux", "Windows", "macOS"), condition


def _workflow_python_scripts() -> list[tuple[str, list[str]]]:
    """``(script, its command-line options)`` for every ``python build_scripts/X.py ...`` the
    workflow runs."""
    runs = "\n".join(step.get("run", "") for step in _workflow()["jobs"]["build"]["steps"])
    found = []
    for m in re.finditer(r"python (build_scripts/[\w/]+\.py)([^\n|&;]*)", runs):
        found.append((m.group(1), re.findall(r"(?<!\S)(--[\w-]+)", m.group(2))))
    return found


def test_the_workflow_runs_scripts_that_exist_with_options_they_take():
    scripts = _workflow_python_scripts()
    assert {s for s, _ in scripts} >= {"build_scripts/test_package.py", "build_scripts/bench.py"}
    for script, options in scripts:
        assert (ROOT / script).is_file(), script
        args = ["package"] if script.endswith("bench.py") else []
        done = subprocess.run([sys.executable, str(ROOT / script), *args, "--help"], capture_output=True,
                              text=True, cwd=ROOT, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        for option in options:
            assert option in done.stdout, f"{script} takes no {option}"


@pytest.mark.parametrize("system", ["linux", "win32", "darwin"])
def test_the_workflow_packs_each_systems_artefacts(system, tmp_path, monkeypatch):
    """The "Pack the artefacts" step's Python, run here on a fake dist/ of each system (what
    the macOS job packs, the Gurka.app included, is checked here; it has never run on a Mac)."""
    step = next(s for s in _workflow()["jobs"]["build"]["steps"] if s.get("name") == "Pack the artefacts")
    code = re.search(r"<<'EOF'\n(.*?)\n\s*EOF", step["run"], re.S).group(1)
    code = textwrap.dedent(code)
    exe = "gurka.exe" if system == "win32" else "gurka"
    for rel in (f"dist/gurka/{exe}", f"dist/onefile/{exe}", "dist/Gurka.app/Contents/MacOS/gurka"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "platform", system)
    exec(compile(code, "build.yml: Pack the artefacts", "exec"), {"__name__": "__main__"})
    made = sorted(p.name for p in (tmp_path / "artefacts").iterdir())
    expected = {"linux": ["gurka-linux-onefile.tar.gz", "gurka-linux-onefolder.tar.gz"],
                "win32": ["gurka-windows-onefile.exe", "gurka-windows-onefolder.zip"],
                "darwin": ["gurka-macos-app.tar.gz", "gurka-macos-onefile.tar.gz", "gurka-macos-onefolder.tar.gz"]}
    assert made == expected[system]


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
