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
    if not (LOCALES / "is" / "LC_MESSAGES" / "messages.po").is_file():
        pytest.skip("catalogues not there yet")
    header = (LOCALES / "is" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    m = re.search(r'Plural-Forms: nplurals=2; plural=\((.*)\);', header)
    assert m, "Icelandic catalogue must declare two plural forms"
    rule = gettext.c2py(m.group(1))
    # 1, 21, 31, 101 take the singular; 11, 111 and everything else the plural
    assert [rule(n) for n in (1, 21, 31, 101, 11, 111, 0, 2, 5, 12, 20)] == [0, 0, 0, 0, 1, 1,
                                                                              1, 1, 1, 1, 1]
