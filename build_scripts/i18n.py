#!/usr/bin/env python3
"""Message catalogues with Babel: extract, update, compile (and a quick check).

    python build_scripts/i18n.py extract   # game/ -> locales/messages.pot
    python build_scripts/i18n.py update    # merge the .pot into every locales/<lang>/LC_MESSAGES/messages.po
    python build_scripts/i18n.py compile   # .po -> .mo (build output, git-ignored)
    python build_scripts/i18n.py check     # untranslated / fuzzy counts per language
    python build_scripts/i18n.py all       # extract + update + compile

Runs Babel in-process (no ``pybabel`` on PATH needed).  Keywords:
``_``, ``N_``, ``ngettext:1,2``, ``pgettext:1c,2``, ``npgettext:1c,2,3``, and the engine's
marks of the options' words (``game/engine/options.py``) ``NP_:1c,2`` and ``NN_:1,2``;
comments starting with ``TRANSLATORS:`` go into the catalogues.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
CFG = Path(__file__).resolve().parent / "babel.cfg"
DOMAIN = "messages"
LANGUAGES = ("sv", "da", "nb", "is", "en")
KEYWORDS = ["_", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "NP_:1c,2", "NN_:1,2"]


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract_args(output: Path, source: Path = ROOT / "game") -> list[str]:
    args = ["extract", "-F", str(CFG), "--no-default-keywords"]
    for k in KEYWORDS:
        args += ["-k", k]
    args += ["-c", "TRANSLATORS:", "--sort-by-file", "--project", "Gurka", "--version", "1",
             "--msgid-bugs-address", "-", "--copyright-holder", "The Gurka authors",
             "-o", str(output), str(source)]
    return args


def extract(output: Path = POT) -> Path:
    import os
    output.parent.mkdir(parents=True, exist_ok=True)
    cwd = os.getcwd()
    os.chdir(ROOT)          # babel.cfg patterns are relative to the project root
    try:
        _pybabel(*extract_args(output, Path("game")))
    finally:
        os.chdir(cwd)
    return output


def update(no_fuzzy: bool = False) -> None:
    for lang in LANGUAGES:
        po = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.is_file():
            _pybabel("init", "-i", str(POT), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang)
        else:
            args = ["update", "-i", str(POT), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang,
                    "--ignore-obsolete", "-w", "100"]   # the width every script here writes
            if no_fuzzy:
                args.append("--no-fuzzy-matching")
            _pybabel(*args)


def compile_all() -> int:
    """Every ``.po`` to its ``.mo`` (fuzzy entries left out), after Babel's checks.

    The game formats only with ``str.format``; Babel also flags a message as
    ``python-format`` when it merely looks like %-formatting ("{p} % of" reads as
    ``% o``), and its check then calls a translation such as "{p} % av" incompatible.
    That flag is dropped from messages that are ``python-brace-format``, so the
    check reports real errors only.  Returns the number of errors."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    errors = 0
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with open(po, "rb") as fh:
            catalog = read_po(fh, locale=po.parent.parent.name)
        for message in catalog:
            if "python-brace-format" in message.flags:
                message.flags.discard("python-format")
        for message, problems in catalog.check():
            for problem in problems:
                errors += 1
                print(f"error: {po}:{message.lineno}: {problem}", file=sys.stderr)
        done = sum(1 for m in catalog if m.id and m.string and not m.fuzzy)
        total = sum(1 for m in catalog if m.id)
        print(f"{po.parent.parent.name}: {done} of {total} messages translated")
        with open(po.with_suffix(".mo"), "wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)
    return errors


def check() -> int:
    from babel.messages.pofile import read_po
    bad = 0
    for lang in LANGUAGES:
        po = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        with open(po, "rb") as fh:
            cat = read_po(fh, locale=lang)
        msgs = [m for m in cat if m.id]
        untranslated = [m for m in msgs if not (all(m.string) if isinstance(m.string, tuple)
                                                else m.string)]
        fuzzy = [m for m in msgs if m.fuzzy]
        print(f"{lang}: {len(msgs)} messages, {len(untranslated)} untranslated, {len(fuzzy)} fuzzy")
        bad += len(untranslated) + len(fuzzy)
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile", "check", "all"):
        print(__doc__)
        return 2
    cmd = argv[0]
    if cmd in ("extract", "all"):
        extract()
    if cmd in ("update", "all"):
        update(no_fuzzy="--no-fuzzy" in argv)
    if cmd in ("compile", "all") and compile_all():
        return 1
    if cmd == "check":
        return check()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
