"""Interface language: gettext catalogues per language, switchable at run time.

Every visible string goes through ``_``, ``ngettext`` or ``pgettext`` from
this module.  Catalogues live in ``locales/<lang>/LC_MESSAGES/messages.po``;
the build compiles them to ``.mo`` with Babel.  When a ``.mo`` is missing
(a source checkout or ``pip install .``), the ``.po`` is compiled in memory.
"""

from __future__ import annotations

import gettext
import io
import locale
import os

from .paths import data_dir

DOMAIN = "messages"
LANGUAGES = ("sv", "da", "nb", "is", "en")
#: Each language named in itself, for the settings screen.
LANGUAGE_NAMES = {"sv": "Svenska", "da": "Dansk", "nb": "Norsk bokmål", "is": "Íslenska",
                  "en": "English"}

_ALIASES = {"no": "nb", "nn": "nb", "nb": "nb", "sv": "sv", "da": "da", "is": "is", "en": "en"}

_current: gettext.NullTranslations = gettext.NullTranslations()
_lang = "en"
_cache: dict[str, gettext.NullTranslations] = {}


def normalize(tag: str | None) -> str | None:
    """Map an OS locale tag (``nb_NO.UTF-8``, ``no``, ``nb-NO``, ``sv_FI``) to one of
    LANGUAGES, or None when unknown."""
    if not tag:
        return None
    base = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return _ALIASES.get(base)


def detect_language() -> str:
    """The OS language, mapped to ours; English when unknown."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            for part in value.split(":"):
                lang = normalize(part)
                if lang:
                    return lang
            if var != "LANGUAGE":
                break
    try:
        tag = locale.getlocale()[0]
    except (ValueError, TypeError):
        tag = None
    return normalize(tag) or "en"


def _load(lang: str) -> gettext.NullTranslations:
    if lang in _cache:
        return _cache[lang]
    folder = data_dir("locales") / lang / "LC_MESSAGES"
    trans: gettext.NullTranslations = gettext.NullTranslations()
    try:
        mo = folder / f"{DOMAIN}.mo"
        po = folder / f"{DOMAIN}.po"
        if mo.is_file():
            with open(mo, "rb") as fh:
                trans = gettext.GNUTranslations(fh)
        elif po.is_file():
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
            with open(po, "rb") as fh:
                catalog = read_po(fh, locale=lang)
            buf = io.BytesIO()
            write_mo(buf, catalog)
            buf.seek(0)
            trans = gettext.GNUTranslations(buf)
    except Exception:  # a broken catalogue falls back to English, never a crash
        trans = gettext.NullTranslations()
    _cache[lang] = trans
    return trans


def set_language(lang: str | None) -> str:
    """Switch the interface language; returns the language actually used."""
    global _current, _lang
    lang = normalize(lang) or "en"
    _current = _load(lang)
    _lang = lang
    return lang


def current_language() -> str:
    return _lang


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)
