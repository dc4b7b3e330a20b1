"""Languages: OS locale mapping, catalogues complete and consistent, run-time switching,
Icelandic plurals, and every string marked in the code present in every catalogue."""

from __future__ import annotations

import locale
import re
import sys
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
LANGS = ("sv", "da", "nb", "is", "en")

# -- OS locale mapping ----------------------------------------------------------------

MAPPING = [
    ("nb", "nb"), ("nb_NO", "nb"), ("no", "nb"), ("no_NO", "nb"), ("nn", "nb"), ("nn_NO", "nb"),
    ("nb-NO", "nb"), ("nb_NO.UTF-8", "nb"), ("no_NO.ISO8859-1", "nb"), ("nn_NO.utf8@euro", "nb"),
    ("sv", "sv"), ("sv_SE", "sv"), ("sv_FI", "sv"), ("sv-FI", "sv"), ("sv_SE.UTF-8", "sv"),
    ("da", "da"), ("da_DK.UTF-8", "da"), ("da-DK", "da"),
    ("is", "is"), ("is_IS", "is"), ("is_IS.UTF-8", "is"),
    ("en_US.UTF-8", "en"), ("en_GB", "en"),
    # Windows-style names (locale.getlocale / setlocale on Windows)
    ("Swedish_Sweden", "sv"), ("Swedish_Finland.1252", "sv"), ("Norwegian Bokmål_Norway", "nb"),
    ("Norwegian_Norway", "nb"), ("Danish_Denmark.1252", "da"), ("Icelandic_Iceland", "is"),
]
UNKNOWN = ["de_DE", "fi_FI", "fr", "C", "POSIX", "C.UTF-8", "", None, "xx-YY", "se_NO", "klingon"]


@pytest.mark.parametrize("tag,lang", MAPPING)
def test_os_locale_mapping(tag, lang):
    assert i18n.normalize(tag) == lang


@pytest.mark.parametrize("tag", UNKNOWN)
def test_unknown_locale_is_not_mapped(tag):
    assert i18n.normalize(tag) is None


def _clear_env(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


@pytest.mark.parametrize("env,lang", [
    ({"LANG": "nb_NO.UTF-8"}, "nb"), ({"LANG": "no_NO"}, "nb"), ({"LC_ALL": "nn_NO.UTF-8"}, "nb"),
    ({"LANG": "sv_FI.UTF-8"}, "sv"), ({"LANG": "is_IS.UTF-8"}, "is"), ({"LANG": "da_DK"}, "da"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANG": "fr_FR", "LC_MESSAGES": "sv_SE"}, "sv"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "fi:nb:en"}, "nb"), ({"LANGUAGE": "is"}, "is"),
])
def test_detect_from_environment(monkeypatch, env, lang):
    _clear_env(monkeypatch)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert i18n.detect_language() == lang


def test_detect_falls_back_to_locale_module(monkeypatch):
    """Windows: no LANG; getlocale() may be (None, None) until setlocale, so
    getdefaultlocale() is asked next; anything unknown gives English."""
    _clear_env(monkeypatch)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Norwegian Bokmål_Norway", "1252"))
    assert i18n.detect_language() == "nb"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    monkeypatch.setattr(locale, "getdefaultlocale", lambda *a: ("sv_FI", "cp1252"), raising=False)
    assert i18n.detect_language() == "sv"
    monkeypatch.setattr(locale, "getdefaultlocale", lambda *a: ("pt_BR", "cp1252"), raising=False)
    assert i18n.detect_language() == "en"

    def broken(*a):
        raise ValueError("unknown locale: UTF-8")
    monkeypatch.setattr(locale, "getlocale", broken)
    monkeypatch.setattr(locale, "getdefaultlocale", broken, raising=False)
    assert i18n.detect_language() == "en"


def test_windows_ui_language_id(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    import ctypes

    class K32:
        @staticmethod
        def GetUserDefaultUILanguage():
            return 0x0414          # nb-NO

    monkeypatch.setattr(ctypes, "windll", type("W", (), {"kernel32": K32})(), raising=False)
    assert i18n._windows_ui_language() == "nb"


# -- plurals --------------------------------------------------------------------------

def test_icelandic_plural_rule_in_catalogue():
    import gettext
    header = (LOCALES / "is" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    m = re.search(r'Plural-Forms: nplurals=2; plural=\((.*)\);', header)
    assert m, "Icelandic catalogue must declare two plural forms"
    rule = gettext.c2py(m.group(1))
    # 1, 21, 31, 101 take the singular; 11, 111 and everything else the plural
    assert [rule(n) for n in (1, 21, 31, 101, 11, 111, 0, 2, 5, 12, 20)] == [0, 0, 0, 0, 1, 1,
                                                                              1, 1, 1, 1, 1]


# -- catalogues ------------------------------------------------------------------------

def _catalog(lang):
    from babel.messages.pofile import read_po
    with open(LOCALES / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return read_po(fh, locale=lang, abort_invalid=True)


def _messages(lang):
    return [m for m in _catalog(lang) if m.id]


PLACEHOLDER = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*\}|%\([a-z_]+\)[sd]|%[sd]")


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_parses_and_is_complete(lang):
    cat = _catalog(lang)
    assert str(cat.locale) == lang
    msgs = _messages(lang)
    assert len(msgs) > 100
    untranslated = [m.id for m in msgs
                    if not (all(m.string) if isinstance(m.string, (tuple, list)) else m.string)]
    fuzzy = [m.id for m in msgs if m.fuzzy]
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    assert not fuzzy, f"{lang}: fuzzy entries {fuzzy[:3]}"
    # English has a form for 1, one for 2 and one for the rest ("once", "twice", "{n} times")
    assert cat.num_plurals == (3 if lang == "en" else 2)


def test_english_says_once_and_twice():
    import gettext
    trans = gettext.GNUTranslations(i18n.compile_po(LOCALES / "en" / "LC_MESSAGES" / "messages.po", "en"))
    said = [trans.ngettext("{name}: durak {n} time this evening", "{name}: durak {n} times this evening",
                           n).format(name="Anna", n=n) for n in (1, 2, 3, 21)]
    assert said == ["Anna: durak once this evening", "Anna: durak twice this evening",
                    "Anna: durak 3 times this evening", "Anna: durak 21 times this evening"]
    assert trans.ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 cards"


def _single_number_forms(cat) -> set[int]:
    """The plural forms of ``cat`` that stand for one number only (English "once" for 1):
    such a form may say the number in words instead of {n}."""
    import gettext
    rule = gettext.c2py(cat.plural_expr)
    numbers: dict[int, set[int]] = {}
    for n in range(0, 1000):
        numbers.setdefault(rule(n), set()).add(n)
    return {form for form, ns in numbers.items() if len(ns) == 1}


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match(lang):
    single = _single_number_forms(_catalog(lang))
    bad = []
    for m in _messages(lang):
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        want = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for form, s in enumerate(strs):
            have = set(PLACEHOLDER.findall(s))
            if isinstance(m.id, (tuple, list)) and form in single:
                have |= {"{n}"} & want          # "once", "en gång": the one number in words
            if have != want:
                bad.append((ids[0], s))
    assert not bad, bad[:5]


def test_a_form_for_one_number_only_may_leave_out_n():
    from babel.messages.catalog import Catalog
    en, icelandic = Catalog(locale="en"), Catalog(locale="is")
    en._num_plurals, en._plural_expr = 3, "(n==1 ? 0 : n==2 ? 1 : 2)"
    assert _single_number_forms(en) == {0, 1}
    assert _single_number_forms(icelandic) == set()        # 1, 21, 31 ... share a form


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_compiles(lang):
    import gettext
    trans = gettext.GNUTranslations(i18n.compile_po(LOCALES / lang / "LC_MESSAGES" / "messages.po",
                                                    lang))
    assert trans.gettext("Settings")


def test_runtime_switching_without_restart():
    seen = []
    i18n.add_listener(seen.append)
    try:
        v = i18n.language_version()
        i18n.set_language("sv")
        assert i18n._("Settings") == "Inställningar"
        i18n.set_language("is")
        assert i18n._("Settings") == "Stillingar"
        assert i18n.pgettext("speed", "Fast") == "Hratt"
        i18n.set_language("nb-NO")
        assert i18n.current_language() == "nb" and i18n._("Settings") == "Innstillinger"
        i18n.set_language("da")
        assert i18n._("Settings") == "Indstillinger"
        i18n.set_language("xx")
        assert i18n.current_language() == "en" and i18n._("Settings") == "Settings"
        assert seen == ["sv", "is", "nb", "da", "en"] and i18n.language_version() == v + 5
    finally:
        i18n.remove_listener(seen.append)
        i18n.set_language("en")


def test_icelandic_plurals_1_11_21():
    i18n.set_language("is")
    try:
        got = {n: i18n.ngettext("{n} chip", "{n} chips", n).format(n=n) for n in (1, 2, 11, 21, 101, 111)}
        assert got == {1: "1 peningur", 2: "2 peningar", 11: "11 peningar", 21: "21 peningur",
                       101: "101 peningur", 111: "111 peningar"}
        i18n.set_language("sv")
        assert i18n.ngettext("{n} chip", "{n} chips", 21).format(n=21) == "21 marker"
        assert i18n.ngettext("{n} chip", "{n} chips", 1).format(n=1) == "1 mark"
    finally:
        i18n.set_language("en")


def test_every_marked_string_is_in_every_catalogue(tmp_path):
    """Extract the code's strings afresh and compare with the catalogues."""
    import importlib.util

    from babel.messages.pofile import read_po
    spec = importlib.util.spec_from_file_location("i18n_build", ROOT / "build_scripts" / "i18n.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    pot = build.extract(tmp_path / "messages.pot")
    with open(pot, "rb") as fh:
        wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(fh) if m.id}
    assert len(wanted) > 100
    for lang in LANGS:
        have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in _messages(lang)}
        missing = sorted(wanted - have, key=str)
        assert not missing, f"{lang} lacks {len(missing)}: {missing[:5]}"


def test_bundled_font_has_every_character():
    """Missing glyphs would show as boxes: every character of every catalogue and the suit
    symbols must be in the bundled fonts."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.freetype
    pygame.freetype.init()
    chars = set("♠♥♦♣◀▶•–…−ÆØÅæøåÐÞðþÁÉÍÓÚÝáéíóúýÖöÄä")
    for lang in LANGS:
        for m in _messages(lang):
            strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
            for s in strs:
                chars.update(s)
    chars.update("".join(i18n.LANGUAGE_NAMES.values()))
    chars -= {"\n", "\t"}
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        font = pygame.freetype.Font(str(ROOT / "assets" / "fonts" / name), 20)
        text = "".join(sorted(chars))
        metrics = font.get_metrics(text)
        missing = [c for c, mt in zip(text, metrics) if mt is None and c != " "]
        assert not missing, f"{name} lacks {missing}"


def test_mac_preferred_languages(monkeypatch):
    import subprocess
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(i18n, "_mac_cache", [])
    out = '(\n    "nb-NO",\n    "en-US"\n)\n'
    monkeypatch.setattr(subprocess, "run",
                        lambda *a, **k: type("R", (), {"stdout": out})())
    _clear_env(monkeypatch)
    assert i18n.detect_language() == "nb"
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: (_ for _ in ()).throw(OSError()))
    assert i18n.detect_language() == "nb"          # asked once, remembered
