"""Function-local imports say why they are not at the top (issue 66), and the window's module
keeps pygame out of its own import (the reason most of its local imports give).

An import inside a function (or under an ``if``/``try`` at module level, other than
``if TYPE_CHECKING:``) needs a comment on its line, or a comment just above it or above the run
of imports it belongs to (a line of its own, or the ``try:`` that opens them): ``# lazy: ...``,
``# start-up: ...``, ``# optional: ...``, ``# read at call time: ...``.  Checked where issue 66's
last part put them in order: game/ui, the command line and ``python -m game``.
"""

import ast
import io
import os
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
CHECKED = sorted((GAME / "ui").rglob("*.py")) + [GAME / "cli.py", GAME / "__main__.py"]


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def local_imports(tree: ast.Module):
    """The imports that are not among the module's top statements (TYPE_CHECKING blocks apart)."""
    top = {id(n) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))}
    skip = {id(n) for block in tree.body if _type_checking(block) for n in ast.walk(block)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top | skip:
            yield node


def unexplained(source: str) -> list[int]:
    """The line numbers of the local imports in ``source`` that give no reason."""
    tree = ast.parse(source)
    lines = source.splitlines()
    #: line -> the column its comment starts at
    comments = {tok.start[0]: tok.start[1] for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type == tokenize.COMMENT}
    imports = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    out = []
    for node in local_imports(tree):
        if any(n in comments for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)):
            continue
        n = node.lineno - 1          # up through the imports (and blank lines) of its run
        while n >= 1 and (n in imports or not lines[n - 1].strip()):
            n -= 1
        code = lines[n - 1][:comments[n]].strip() if n in comments else None
        if code is None or not (code == "" or code.endswith(":")):
            out.append(node.lineno)
    return out


def test_every_function_local_import_says_why():
    missing = []
    for path in CHECKED:
        for line in unexplained(path.read_text(encoding="utf-8")):
            missing.append(f"{path.relative_to(ROOT)}:{line}")
    assert not missing, "function-local imports without their reason:\n" + "\n".join(missing)


def test_the_check_tells_an_import_without_a_reason():
    source = ("import os\n\n"
              "def f():\n"
              "    # lazy: only for f\n"
              "    import json\n\n"
              "    import csv\n"
              "    from . import a  # start-up: a is large\n"
              "    x = 1\n"
              "    import zlib\n"
              "    try:  # optional: may be missing\n"
              "        import lzma\n"
              "    except ImportError:\n"
              "        lzma = None\n"
              "    x += 1  # a statement's comment\n"
              "    import bz2\n"
              "    return x\n")
    assert unexplained(source) == [10, 16]


def test_importing_the_window_module_loads_no_pygame():
    """``python -m game`` imports game.ui.app before run() sets PYGAME_HIDE_SUPPORT_PROMPT: a
    pygame imported with the module would print pygame's banner at every start."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    code = ("import sys, game.ui.app; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'sqlite3')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout
