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
        import ctypes  # Windows only (the check above)
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
        import subprocess  # start-up: only on macOS, once, to ask the system's language
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
            trans = catalog_from_po(po)
    except Exception:  # noqa: BLE001 - a broken catalogue falls back to English, never a crash
        trans = gettext.NullTranslations()
    _cache[lang] = trans
    return trans


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted string: {text[:40]!r}")
    body = text[1:-1]
    if "\\" not in body:
        return body                       # the common case: nothing to unescape
    out, i = [], 0
    escapes = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse_po(text: str) -> dict:
    """The translated entries of a ``.po`` text: ``{msgid: msgstr}``, with plurals as
    ``"singular\\0plural"`` -> ``"form0\\0form1"`` and a context as ``"ctx\\x04msgid"`` (the
    keys of a ``.mo`` file).  Fuzzy and obsolete entries are left out."""
    entries: dict = {}
    cur: dict = {}
    field = None
    fuzzy = False

    def flush():
        nonlocal cur, fuzzy
        if "msgid" in cur and not fuzzy:
            key = cur["msgid"]
            if "msgid_plural" in cur:
                key += "\0" + cur["msgid_plural"]
                forms = [cur[k] for k in sorted(k for k in cur if k.startswith("msgstr["))]
                value = "\0".join(forms)
            else:
                value = cur.get("msgstr", "")
            if "msgctxt" in cur:
                key = cur["msgctxt"] + "\x04" + key
            if value.replace("\0", ""):
                entries[key] = value
        cur, fuzzy = {}, False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in cur:
                    flush()
                fuzzy = True
            elif line.startswith("#~"):
                continue
            continue
        if line.startswith('"'):
            if field is None:
                raise ValueError("a string outside an entry")
            cur[field] += _unquote(line)
            continue
        key, _sep, rest = line.partition(" ")
        if key in ("msgctxt", "msgid") and "msgid" in cur:
            flush()        # a new entry without comments before it
        if not (key in ("msgctxt", "msgid", "msgid_plural", "msgstr") or key.startswith("msgstr[")):
            raise ValueError(f"unknown line {line[:40]!r}")
        field = key
        cur[field] = _unquote(rest)
    flush()
    return entries


def mo_bytes(entries: dict) -> bytes:
    """A GNU ``.mo`` file for ``entries`` (the layout of CPython's Tools/i18n/msgfmt.py)."""
    # lazy: only when a catalogue is compiled, not when one is read
    import array
    import struct
    keys = sorted(entries)
    id_parts, str_parts = [], []
    offsets = []
    n_ids = n_strs = 0
    for k in keys:
        kb, vb = k.encode("utf-8"), entries[k].encode("utf-8")
        offsets.append((n_ids, len(kb), n_strs, len(vb)))
        id_parts.append(kb + b"\0")
        str_parts.append(vb + b"\0")
        n_ids += len(kb) + 1
        n_strs += len(vb) + 1
    ids, strs = b"".join(id_parts), b"".join(str_parts)
    start = 7 * 4 + 16 * len(keys)
    koffsets, voffsets = [], []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + start]
        voffsets += [l2, o2 + start + len(ids)]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header + array.array("i", koffsets).tobytes() + array.array("i", voffsets).tobytes() + ids + strs


class _Catalog(gettext.GNUTranslations):
    """The translations of parsed ``.po`` entries, as :class:`gettext.GNUTranslations`
    holds them after reading a ``.mo`` file (no ``.mo`` bytes built and read back)."""

    def __init__(self, entries: dict):
        gettext.NullTranslations.__init__(self)
        self._catalog: dict = {}
        self._info: dict = {}
        self._charset = "utf-8"
        self.plural = lambda n: int(n != 1)
        for line in entries.get("", "").splitlines():
            key, _sep, value = line.partition(":")
            self._info[key.strip().lower()] = value.strip()
            if key.strip().lower() == "plural-forms":
                self.plural = gettext.c2py(value.split("plural=")[1].strip().rstrip(";"))
        for key, value in entries.items():
            if "\0" in key:
                singular = key.split("\0")[0]
                for i, form in enumerate(value.split("\0")):
                    self._catalog[(singular, i)] = form
            else:
                self._catalog[key] = value


def catalog_from_po(po_path) -> gettext.GNUTranslations:
    """A ``.po`` file's translations (fuzzy entries left out), standard library only."""
    with open(po_path, encoding="utf-8") as fh:
        return _Catalog(parse_po(fh.read()))


def compile_po(po_path, lang: str) -> io.BytesIO:
    """Compile a ``.po`` file in memory to ``.mo`` bytes (fuzzy entries left out), with the
    standard library only (no Babel at run time: it costs start-up time)."""
    with open(po_path, encoding="utf-8") as fh:
        entries = parse_po(fh.read())
    return io.BytesIO(mo_bytes(entries))


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


def gettext_in(lang: str, message: str) -> str:
    """``message`` in ``lang`` without switching the interface language (e.g. to know a
    default name in every language)."""
    return _load(normalize(lang) or "en").gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (translate it with ``_`` later)."""
    return message
