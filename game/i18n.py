"""Interface language: gettext catalogues per language, switchable at run time.

Every visible string goes through ``_``, ``ngettext``, ``pgettext`` or
``npgettext`` from this module, called at the moment the text is shown (not
at import), so switching the language takes effect on the next frame.
Catalogues live in ``locales/<lang>/LC_MESSAGES/messages.po``; the build
compiles them to ``.mo`` with Babel (``python build_scripts/i18n.py
compile``).  When a ``.mo`` is missing or older than its ``.po`` (a source
checkout), the ``.po`` is compiled in memory.

Language detection maps whatever the OS reports to one of ours: POSIX
locale variables (``nb_NO.UTF-8``, ``LANGUAGE=nn:sv``), BCP 47 tags
(``nb-NO``), Windows names (``Norwegian Bokmål_Norway``, ``Swedish_Finland``)
and Windows UI language ids; ``no``/``nn``/``nb`` all reach bokmål, any
Swedish (``sv_FI``) reaches Swedish, and anything else is English.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import sys
import warnings
from typing import Callable

from .paths import data_dir

DOMAIN = "messages"
LANGUAGES = ("sv", "da", "nb", "is", "en")
#: Each language named in itself, for the settings screen.
LANGUAGE_NAMES = {"sv": "Svenska", "da": "Dansk", "nb": "Norsk bokmål", "is": "Íslenska",
                  "en": "English"}

_ALIASES = {"no": "nb", "nn": "nb", "nb": "nb", "nob": "nb", "nno": "nb", "nor": "nb",
            "sv": "sv", "swe": "sv", "da": "da", "dan": "da", "is": "is", "isl": "is", "ice": "is",
            "en": "en", "eng": "en"}
#: Windows and some other systems report English language names.
_NAMES = {"swedish": "sv", "danish": "da", "norwegian": "nb", "norwegian bokmål": "nb",
          "norwegian bokmal": "nb", "norwegian (bokmål)": "nb", "norwegian (bokmal)": "nb",
          "norwegian nynorsk": "nb", "norwegian (nynorsk)": "nb", "bokmål": "nb", "bokmal": "nb",
          "nynorsk": "nb", "icelandic": "is", "english": "en"}

_current: gettext.NullTranslations = gettext.NullTranslations()
_lang = "en"
_cache: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []
_version = 0


def normalize(tag: str | None) -> str | None:
    """Map an OS locale tag (``nb_NO.UTF-8``, ``no``, ``nb-NO``, ``sv_FI``,
    ``Swedish_Sweden.1252``) to one of LANGUAGES, or None when unknown."""
    if not tag or not isinstance(tag, str):
        return None
    tag = tag.strip().split(".")[0].split("@")[0].strip()
    if not tag:
        return None
    if tag.lower() in ("c", "posix"):
        return None
    if "_" in tag or "-" in tag:
        base = tag.replace("-", "_").split("_")[0].strip().lower()
    else:
        base = tag.lower()
    return _ALIASES.get(base) or _NAMES.get(base)


def _env_language() -> str | None:
    """The language asked for by the POSIX environment (GNU gettext's order)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            # GNU gettext honours LANGUAGE (a list) unless the locale is C
            if normalize(value) is None and value.split(".")[0] in ("C", "POSIX"):
                return None
            priority = os.environ.get("LANGUAGE")
            if priority:
                for part in priority.split(":"):
                    lang = normalize(part)
                    if lang:
                        return lang
            return normalize(value) or "?"
    priority = os.environ.get("LANGUAGE")
    if priority:
        for part in priority.split(":"):
            lang = normalize(part)
            if lang:
                return lang
    return None


def _windows_ui_language() -> str | None:
    if sys.platform != "win32":
        return None
    try:
        import ctypes
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        return normalize(locale.windows_locale.get(lcid))
    except (AttributeError, ImportError, OSError, ValueError):
        return None


_mac_cache: list = []


def _mac_language() -> str | None:
    if sys.platform != "darwin":
        return None
    if _mac_cache:               # asking means starting a process: once is enough
        return _mac_cache[0]
    _mac_cache.append(_ask_mac())
    return _mac_cache[0]


def _ask_mac() -> str | None:
    try:
        import subprocess
        out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                             text=True, timeout=1).stdout
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    for item in out.replace("(", " ").replace(")", " ").replace('"', " ").split(","):
        lang = normalize(item.strip())
        if lang:
            return lang
    return None


def _locale_module_language() -> str | None:
    try:
        tag = locale.getlocale()[0]
    except (ValueError, TypeError):
        tag = None
    lang = normalize(tag)
    if lang:
        return lang
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            getdefault = getattr(locale, "getdefaultlocale", None)
            tag = getdefault()[0] if getdefault else None
    except (ValueError, TypeError, AttributeError):
        tag = None
    return normalize(tag)


def detect_language() -> str:
    """The OS language, mapped to ours; English when unknown."""
    env = _env_language()
    if env and env != "?":
        return env
    if env == "?":          # the environment names a language we do not have
        return "en"
    for probe in (_windows_ui_language, _mac_language, _locale_module_language):
        lang = probe()
        if lang:
            return lang
    return "en"


def _load(lang: str) -> gettext.NullTranslations:
    if lang in _cache:
        return _cache[lang]
    folder = data_dir("locales") / lang / "LC_MESSAGES"
    trans: gettext.NullTranslations = gettext.NullTranslations()
    try:
        mo = folder / f"{DOMAIN}.mo"
        po = folder / f"{DOMAIN}.po"
        use_mo = mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime)
        if use_mo:
            with open(mo, "rb") as fh:
                trans = gettext.GNUTranslations(fh)
        elif po.is_file():
            trans = gettext.GNUTranslations(compile_po(po, lang))
    except Exception:  # noqa: BLE001 - a broken catalogue falls back to English, never a crash
        trans = gettext.NullTranslations()
    _cache[lang] = trans
    return trans


def compile_po(po_path, lang: str) -> io.BytesIO:
    """Compile a ``.po`` file in memory to ``.mo`` bytes (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(po_path, "rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return buf


def set_language(lang: str | None) -> str:
    """Switch the interface language at once; returns the language actually used.
    ``None`` (or anything unknown) means English; use :func:`detect_language` for the OS's."""
    global _current, _lang, _version
    lang = normalize(lang) or "en"
    _current = _load(lang)
    changed = lang != _lang
    _lang = lang
    if changed:
        _version += 1
        for listener in list(_listeners):
            try:
                listener(lang)
            except Exception:  # noqa: BLE001 - one failing listener must not stop the language switch
                pass
    return lang


def current_language() -> str:
    return _lang


def language_version() -> int:
    """Grows by one on every language change: compare it to know when cached texts are stale."""
    return _version


def add_listener(callback: Callable[[str], None]) -> None:
    """Call ``callback(lang)`` after every language change."""
    if callback not in _listeners:
        _listeners.append(callback)


def remove_listener(callback: Callable[[str], None]) -> None:
    if callback in _listeners:
        _listeners.remove(callback)


def reload_catalogues() -> None:
    """Forget loaded catalogues (after recompiling them) and reload the current one."""
    global _current
    _cache.clear()
    _current = _load(_lang)


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (translate it with ``_`` later)."""
    return message
