"""ruff (pyflakes, bugbear, blind-except; pyproject.toml) passes over the whole project."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_passes():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "game", "tests", "build_scripts"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
