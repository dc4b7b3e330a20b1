"""Where bundled data lives: one function for a source checkout, an installed
package and a frozen (PyInstaller) build.  A frozen build never looks at the
working directory."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``assets`` or ``locales``, wherever this copy of the game keeps it."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / name
    installed = _HERE / name          # pip install: mapped into the package
    if installed.is_dir():
        return installed
    return _HERE.parent / name        # source checkout


def asset(*parts: str) -> Path:
    return data_dir("assets").joinpath(*parts)
