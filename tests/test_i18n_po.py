"""The run-time .po compiler (standard library only) gives the catalogue Babel gives."""

import gettext
import io
from pathlib import Path

import pytest

from game import i18n

LOCALES = Path(__file__).resolve().parent.parent / "locales"


@pytest.mark.parametrize("lang", ["sv", "da", "nb", "is", "en"])
def test_same_catalogue_as_babel(lang):
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    po = LOCALES / lang / "LC_MESSAGES" / "messages.po"
    mine = gettext.GNUTranslations(i18n.compile_po(po, lang))
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    ref = gettext.GNUTranslations(buf)
    assert mine._catalog == ref._catalog
    assert mine.ngettext("{n} card", "{n} cards", 21) == ref.ngettext("{n} card", "{n} cards", 21)


def test_fuzzy_and_obsolete_entries_are_left_out():
    text = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            '#, fuzzy\nmsgid "A"\nmsgstr "a"\n\nmsgid "B"\nmsgstr "b\\"q\\""\n\n'
            '#~ msgid "C"\n#~ msgstr "c"\n\nmsgctxt "x"\nmsgid "D"\nmsgstr "d"\n')
    entries = i18n.parse_po(text)
    assert "A" not in entries and "C" not in entries
    assert entries["B"] == 'b"q"' and entries["x\x04D"] == "d"


def test_a_broken_catalogue_is_refused():
    with pytest.raises(ValueError):
        i18n.parse_po('msgid "A"\nmsgstr broken\n')


def test_the_catalogue_read_at_start_translates_as_its_compiled_mo():
    """The game reads a .po straight into its catalogue; every entry translates as the
    .mo compiled from it does (plain, plural in every form, with a context)."""
    import gettext

    from game import i18n
    for lang in ("sv", "da", "nb", "is", "en"):
        po = i18n.data_dir("locales") / lang / "LC_MESSAGES" / "messages.po"
        direct = i18n.catalog_from_po(po)
        compiled = gettext.GNUTranslations(i18n.compile_po(po, lang))
        entries = i18n.parse_po(po.read_text(encoding="utf-8"))
        assert len(entries) > 100
        for key in entries:
            ctx, _sep, msg = key.rpartition("\x04")
            if "\0" in msg:
                one, many = msg.split("\0")
                for n in (0, 1, 2, 5, 21, 101):
                    got = direct.npgettext(ctx, one, many, n) if ctx else direct.ngettext(one, many, n)
                    want = compiled.npgettext(ctx, one, many, n) if ctx else compiled.ngettext(one, many, n)
                    assert got == want, (lang, key, n)
            else:
                got = direct.pgettext(ctx, msg) if ctx else direct.gettext(msg)
                want = compiled.pgettext(ctx, msg) if ctx else compiled.gettext(msg)
                assert got == want, (lang, key)


def test_the_build_compiles_every_catalogue_without_false_errors(tmp_path, monkeypatch, capsys):
    # "{p} % of" looks like %-formatting to Babel, whose check then called "{p} % av"
    # incompatible: twelve "error" lines on every successful build
    import shutil
    import sys
    sys.path.insert(0, str(LOCALES.parent / "build_scripts"))
    try:
        import i18n as build_i18n
    finally:
        sys.path.pop(0)
    shutil.copytree(LOCALES, tmp_path / "locales")
    monkeypatch.setattr(build_i18n, "LOCALES", tmp_path / "locales")
    assert build_i18n.compile_all() == 0
    assert "error" not in capsys.readouterr().err
    mo = tmp_path / "locales" / "sv" / "LC_MESSAGES" / "messages.mo"
    with open(mo, "rb") as fh:
        sv = gettext.GNUTranslations(fh)
    assert "% av" in sv.gettext("{move}: you lose the deal in {p} % of the deals tried")
