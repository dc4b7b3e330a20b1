"""Every package of the game is installed by ``pip install .`` (pyproject lists them one by one)."""

try:
    import tomllib
except ImportError:   # Python 3.10: the same parser, from the test extra (pyproject.toml)
    import tomli as tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_directory_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
