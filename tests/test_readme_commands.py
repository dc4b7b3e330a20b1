"""The README's first two commands, Play and Test, work as written on a stock Debian or Ubuntu
Python, which refuses ``pip install`` outside a virtual environment (PEP 668,
"externally-managed-environment"): each makes ``.venv`` first and installs and runs only
there, with ``python3-venv`` (ensurepip) or, where that package is missing, with the
system's own pip.  ``.ci/run`` runs the Test command word for word."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = ".venv/bin/python"


def readme_command(kind: str) -> str:
    """The command of the README's paragraph that starts with ``kind`` ("Play", "Test"): its
    first indented line."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{kind} ("))
    return next(line.strip() for line in lines[start + 1:] if line.startswith("    "))


def environment_step(command: str) -> str:
    """The part of a command that makes the environment (before the first use of it)."""
    return command.split(f" && {ENV}")[0]


@pytest.mark.parametrize("kind", ["Play", "Test"])
def test_the_first_commands_install_and_run_in_their_own_environment(kind):
    """Issue 69: "python3 -m pip install ." stopped with externally-managed-environment."""
    command = readme_command(kind)
    steps = command.split(" && ")
    assert "python3 -m venv .venv" in steps[0] and "--without-pip --system-site-packages" in steps[0]
    assert steps[1] == f'{ENV} -m pip install {"." if kind == "Play" else chr(34) + ".[test]" + chr(34)}'
    assert steps[-1].endswith(f"{ENV} -m game" if kind == "Play" else f"{ENV} -m pytest -q")
    assert not re.search(r"(^|[ (])python3 -m pip", command)           # never the system's pip


def test_ci_runs_the_readme_test_command_word_for_word():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = readme_command("Test")
    assert "'" not in command
    assert f"readme_test='{command}'" in ci.splitlines()
    assert 'eval "$readme_test"' in ci.splitlines()


@pytest.mark.parametrize("ensurepip", [pytest.param(True, marks=pytest.mark.slow), False],
                         ids=["with-python3-venv", "without-python3-venv"])
def test_the_environment_step_makes_a_virtual_environment_with_pip(tmp_path, ensurepip):
    """The environment step as written, with a ``python3`` that has ensurepip, and with one
    whose plain ``-m venv`` fails as Debian's does without python3-venv: either way ``.venv``
    is a virtual environment (pip installs there whatever the system's marker) with a pip."""
    base = getattr(sys, "_base_executable", sys.executable)
    if not ensurepip:
        assert subprocess.run([base, "-c", "import pip"], capture_output=True).returncode == 0, \
            "the base Python has no pip (Debian's python3-pip stands for it)"
    bindir = tmp_path / "bin"
    bindir.mkdir()
    refuse = "" if ensurepip else ('if [ "$*" = "-m venv .venv" ]; then echo "ensurepip is not available" >&2; '
                                   "exit 1; fi\n")
    shim = bindir / "python3"
    shim.write_text(f"#!/bin/sh\n{refuse}exec {base} \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}/usr/bin{os.pathsep}/bin")
    step = environment_step(readme_command("Play"))
    assert step == environment_step(readme_command("Test"))
    subprocess.run(["sh", "-c", step], cwd=tmp_path, env=env, check=True, timeout=120)
    out = subprocess.run([str(tmp_path / ENV), "-c", "import sys, pip; print(sys.prefix != sys.base_prefix)"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "True", out.stderr
