"""locales/GLOSSARY.md keeps the catalogues' card words right: every language lists every
term, each with its chosen word and source, and no msgstr uses a word the glossary says to
avoid (sv "straffpoäng", is "setja" for playing a card, is "úti" for knocked out, ...)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "locales" / "GLOSSARY.md"
LANGS = ("sv", "da", "nb", "is", "en")
#: the terms the issue asks every language to settle
REQUIRED = ("trick", "lead", "follow", "reach / beat", "lowest card", "penalty points",
            "knocked out", "buy back", "deal / dealer", "forehand", "trump", "attack", "defend",
            "throw in", "take", "stock", "discard", "durak")


def parse_glossary(text: str) -> dict[str, dict[str, dict[str, object]]]:
    """``{lang: {term: {"chosen", "source", "avoid": [words]}}}`` from the Markdown tables
    under ``## <lang> — <name>`` headings."""
    out: dict[str, dict[str, dict[str, object]]] = {}
    lang = None
    for line in text.splitlines():
        head = re.match(r"##\s+([a-z]{2})\s+—", line)
        if head:
            lang = head.group(1)
            out[lang] = {}
            continue
        if lang is None or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("term", "") or set(cells[0]) <= set("-"):
            continue
        avoid = [w.strip() for w in cells[3].split(";") if w.strip()]
        out[lang][cells[0]] = {"chosen": cells[1], "source": cells[2], "avoid": avoid}
    return out


def avoided_in(text: str, words: list[str]) -> list[str]:
    """The avoided words or phrases that occur in ``text`` as whole words, any case."""
    return [w for w in words
            if re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text, re.IGNORECASE)]


def _msgstrs(lang: str) -> list[str]:
    from babel.messages.pofile import read_po
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        cat = read_po(fh, locale=lang)
    out: list[str] = []
    for m in cat:
        if m.id:
            out.extend(m.string if isinstance(m.string, tuple) else [m.string])
    return out


GLOSS = parse_glossary(GLOSSARY.read_text(encoding="utf-8"))


def test_the_matcher_finds_whole_words_only():
    assert avoided_in("Du får tre Straffpoäng.", ["straffpoäng"]) == ["straffpoäng"]
    assert avoided_in("Þú verður að setja tvist.", ["setja", "settu"]) == ["setja"]
    assert avoided_in("ný uppsetning leiksins", ["setja", "sett"]) == []      # not inside words
    assert avoided_in("geturðu setið uppi með það", ["setja", "setur"]) == []  # sitja, not setja
    assert avoided_in("Du kan ikke købe dig ind igen", ["genindkøb"]) == []
    assert avoided_in("Det er ikke þín röð", ["þín röð"]) == ["þín röð"]


def test_every_language_settles_every_term():
    assert set(GLOSS) == set(LANGS)
    for lang in LANGS:
        missing = [t for t in REQUIRED if t not in GLOSS[lang]]
        assert not missing, f"{lang}: no glossary entry for {missing}"
        for term, row in GLOSS[lang].items():
            assert row["chosen"] and row["source"], f"{lang} {term}: chosen word and source"


def test_the_issue_examples_are_listed_as_avoided():
    assert "straffpoäng" in GLOSS["sv"]["penalty points"]["avoid"]
    assert "setja" in GLOSS["is"]["play a card"]["avoid"]
    assert "úti" in GLOSS["is"]["knocked out"]["avoid"]
    assert "genindkøb" in GLOSS["da"]["buy back"]["avoid"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_uses_an_avoided_word(lang):
    words = [w for row in GLOSS[lang].values() for w in row["avoid"]]
    bad = [(w, s) for s in _msgstrs(lang) for w in avoided_in(s, words)]
    assert not bad, f"{lang}: {len(bad)} avoided words, e.g. {bad[:3]}"


def _msgstr(lang: str, msgid: str):
    """The translation of ``msgid`` (the singular, for a plural) in ``lang``."""
    from babel.messages.pofile import read_po
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        cat = read_po(fh, locale=lang)
    for m in cat:
        if m.id and (m.id == msgid or (isinstance(m.id, tuple) and m.id[0] == msgid)):
            return m.string
    raise KeyError(msgid)


def test_the_native_review_patterns_are_listed_as_avoided():
    """The second native review's one-word decisions (GLOSSARY.md, "Patterns") stay avoided."""
    def avoid(lang):
        return {w for row in GLOSS[lang].values() for w in row["avoid"]}
    assert {"intet", "nå kortet", "nå op til"} <= avoid("da")
    assert {"per parti", "kortet att nå upp till", "är durak"} <= avoid("sv")
    assert {"per parti", "haug", "nå opp til", "med klokka", "er durak"} <= avoid("nb")
    assert {"nágrannar", "prófuðu gjöfunum", "tapar gjöfinni", "drepðu"} <= avoid("is")


@pytest.mark.parametrize("lang", ("sv", "da", "nb", "is"))
def test_the_buy_back_is_one_verb_on_both_buttons(lang):
    """The buy-back button says the same verb with and without its price (no noun "Återköp"
    or "Endurkaup" beside "Köp dig tillbaka", "Kaupa mig aftur inn")."""
    button = _msgstr(lang, "Buy back")
    priced = _msgstr(lang, "Buy back ({n} chip)")
    assert button and all(s.startswith(button + " (") for s in priced), (button, priced)


def test_icelandic_games_and_moves_are_two_words():
    """"Engir leikir enn" said both "no games yet" (statistics) and "no moves yet" (move log):
    a game is "spil", a move "leikur"."""
    games, moves = _msgstr("is", "No games yet"), _msgstr("is", "No moves yet.")
    assert games.rstrip(".").lower() != moves.rstrip(".").lower()
    assert "leik" not in games.lower() and "leik" in moves.lower()


def _pairs(lang: str):
    """(English msgid, msgstr) for every message and plural form of ``lang``."""
    from babel.messages.pofile import read_po
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        cat = read_po(fh, locale=lang)
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        for i, s in enumerate(strs):
            yield ids[min(i, len(ids) - 1)], s


def test_the_third_review_patterns_are_listed_as_avoided():
    """The third native review's one-word decisions (GLOSSARY.md) stay avoided."""
    def avoid(lang):
        return {w for row in GLOSS[lang].values() for w in row["avoid"]}
    assert {"husspel", "stor valör", "gå med vid", "går korten din väg"} <= avoid("sv")
    assert {"husspil", "stor værdi", "tryk på Spil", "er durakken", "det var tæt på"} <= avoid("da")
    assert {"husspill", "stor valør", "bli med ved", "trykk på Spill", "likegyldig"} <= avoid("nb")
    assert {"heimaspil", "stóru gildi", "sort", "er sest", "þetta var jafnt"} <= avoid("is")
    assert {"house game"} <= avoid("en")


@pytest.mark.parametrize("lang", ("sv", "da", "nb", "is"))
def test_every_message_naming_the_play_button_says_its_word(lang):
    """Danish and Norwegian lay cards ("Læg", "Legg"): bare "Spil"/"Spill" read as the noun
    "game"; a prompt or lesson that names the button says the button's word."""
    button = _msgstr(lang, "Play")
    assert button == {"sv": "Spela", "da": "Læg", "nb": "Legg", "is": "Leggja"}[lang]
    naming = [(en, s) for en, s in _pairs(lang) if re.search(r"press Play\b", en)]
    assert len(naming) >= 7
    bad = [s for _en, s in naming if not re.search(r"(?<!\w)" + button + r"(?!\w)", s)]
    assert not bad, bad[:3]
    assert all(s.startswith(button + " ") for s in _msgstr(lang, "Play {n} card"))


def test_the_danish_jack_is_knaegt_in_the_texts_and_b_on_the_cards():
    """Danish packs print B (bonde) on the jack, the Danish rules call it "knægt": the letter
    follows the cards, the word the rules, and the card-letters help ties the two."""
    from game.ui.cards import NATIVE
    assert NATIVE["da"]["J"] == "B"
    assert _msgstr("da", "a jack") == "en knægt"
    assert "bonde" not in " ".join(s for _en, s in _pairs("da") if "jack" in _en.lower()).lower()
    help_line = _msgstr("da", "The letters in the corners of the court cards and aces.")
    assert "B" in help_line.split() and "knægten" in help_line


def test_a_close_game_is_not_a_draw_and_icelandic_joined_fits_anyone():
    close = {lang: _msgstr(lang, "A close game. Another one?") for lang in ("sv", "da", "nb", "is")}
    draw = {lang: _msgstr(lang, "A draw") for lang in ("sv", "da", "nb", "is")}
    for lang in close:
        assert draw[lang].lower() not in close[lang].lower(), lang
    assert not re.search(r"\bjafnt\b", close["is"])
    assert _msgstr("is", "joined") == "situr við borðið"
