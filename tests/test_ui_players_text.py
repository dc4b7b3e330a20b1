"""The sentences about players in every language: the player at the screen gets their own
sentences (never a pronoun used as a name), names are never inflected, chip counts are
plural-correct, AI names belong to the interface language, card letters are each
country's own, and the rules help states the ace rule right for each card to match."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from game import i18n
from game.storage.settings import Settings
from game.ui import messages as M

LANGS = ("sv", "da", "nb", "is", "en")


@pytest.fixture()
def lang():
    """Switch the interface language inside a test; English again afterwards."""
    def use(code):
        i18n.set_language(code)
        return code
    yield use
    i18n.set_language("en")


ONE_HUMAN = [{"name": "Spelare 1", "seat": "human"}, {"name": "Lars", "seat": "ai:easy"},
             {"name": "Agnes", "seat": "ai:normal"}]
TWO_HUMANS = [{"name": "Anna", "seat": "human"}, {"name": "Lars", "seat": "human"},
              {"name": "Bo", "seat": "ai:easy"}]


def test_the_only_seat_played_at_the_screen_is_you_and_hot_seat_has_no_you():
    assert M.local_seat([0]) == 0 and M.is_you([0], 0) and not M.is_you([0], 1)
    assert M.local_seat([2]) == 2 and M.is_you([2], 2)       # a joiner of a network table
    assert M.local_seat([0, 1]) is None and not M.is_you([0, 1], 0)
    assert M.local_seat([]) is None and not M.is_you([], None)


YOU = {
    # lang: (you win, you are out, your turn, you are the durak)
    "sv": ("Du vinner!", "Du är ute", "Din tur", "Du blev duraken!"),
    "da": ("Du vinder!", "Du er ude", "Din tur", "Du er durak!"),
    "nb": ("Du vinner!", "Du er ute", "Din tur", "Du er duraken!"),
    "is": ("Þú vinnur!", "Þú ert úr leik", "Þú átt leik", "Þú ert durakinn!"),
    "en": ("You win!", "You are out", "Your turn", "You are the durak!"),
}


@pytest.mark.parametrize("code", LANGS)
def test_the_player_at_the_screen_has_own_sentences(lang, code):
    lang(code)
    assert (M.wins([], True), M.is_out("x", True), M.to_play("x", True),
            M.is_durak("x", True)) == YOU[code]
    # with a name, the name is in the sentence, as it is
    for text in (M.wins(["Lars"]), M.is_out("Lars"), M.to_play("Lars"), M.is_durak("Lars"),
                 M.thinking("Lars"), M.pass_to("Lars")):
        assert "Lars" in text and "Larss" not in text and "Lars'" not in text


@pytest.mark.parametrize("code", LANGS)
def test_no_sentence_puts_a_genitive_or_a_pronoun_on_a_name(code):
    from babel.messages.pofile import read_po
    path = f"locales/{code}/LC_MESSAGES/messages.po"
    with open(path, "rb") as fh:
        cat = read_po(fh, locale=code)
    bad = []
    for m in cat:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in strings:
            if re.search(r"\{names?\}(s\b|'|´| sin\b| sitt\b| sine\b)", s):
                bad.append(s)
    assert not bad, bad
    # the pronoun "you" is no longer a msgid used as a name
    assert cat.get("You") is None


def test_lists_of_names_read_naturally(lang):
    lang("sv")
    assert M.join_names(["Anna", "Bo", "Carl"]) == "Anna, Bo och Carl"
    assert M.wins(["Anna", "Bo"]) == "Anna och Bo delar segern"
    assert M.wins(["Anna"], True) == "Du delar segern med Anna"
    lang("is")
    assert M.wins(["Guðrún"], True) == "Sigurvegarar: þú og Guðrún"   # no dative needed
    assert M.team_loses(["Jón", "Helga"]) == "Jón og Helga tapa"


def _result_title(app, players, winners=(), loser=None, losing_team=None, family="gurka"):
    from game.ui.table.board import Board, Cues
    from game.ui.table.durak_part import DurakPart
    from game.ui.table.gurka_part import GurkaPart
    model = SimpleNamespace(winners=list(winners), loser=loser,
                            losing_team=losing_team or [], totals=[0] * len(players), pot=0,
                            options={}, out_order=[], end_reason=None)
    humans = [s for s, p in enumerate(players) if p["seat"] == "human"]
    board = Board(rules=family, players=players, humans=humans, viewer=0, session={}, settings=Settings(),
                  model=model, timeline=None)
    part = (DurakPart if family == "durak" else GurkaPart)(board, Cues(), None)
    return part.result()[0]


def test_result_titles_use_the_local_player_sentences(app, lang):
    lang("sv")
    assert _result_title(app, ONE_HUMAN, winners=[0]) == "Du vinner!"
    assert _result_title(app, ONE_HUMAN, winners=[1]) == "Lars vinner!"
    assert _result_title(app, TWO_HUMANS, winners=[0]) == "Anna vinner!"    # hot seat: names
    assert _result_title(app, ONE_HUMAN, loser=0, family="durak") == "Du blev duraken!"
    lang("da")
    assert _result_title(app, ONE_HUMAN, winners=[0, 2]) == "Du deler sejren med Agnes"


FOUR = [{"name": n, "seat": "human" if n == "Player 1" else "ai:normal"} for n in ("Player 1", "Ben", "Clara", "Daniel")]


@pytest.mark.parametrize("players,losing_team,title", [
    (FOUR, [1, 3], "You and Clara win!"),             # issue 69: it said "Ben and Daniel lose"
    (FOUR, [0, 2], "You and Clara lose"),
    ([dict(p, seat="ai:normal") for p in FOUR], [1, 3], "Ben and Daniel lose"),     # nobody's side
    ([dict(p, seat="human") if p["name"] == "Clara" else p for p in FOUR], [1, 3], "Player 1 and Clara win!"),
    ([dict(p, seat="human") if p["name"] == "Clara" else p for p in FOUR], [0, 2], "Player 1 and Clara lose"),
])
def test_team_durak_is_said_from_the_players_side(app, lang, players, losing_team, title):
    """Issue 69: a team Durak game is headed from the side of the player at the screen, on the
    end screen and in the finished games' list alike (hot seat: the people at the screen's)."""
    from game.ui import game_labels
    lang("en")
    assert _result_title(app, players, losing_team=losing_team, family="durak") == title
    mine = [s for s, p in enumerate(players) if p["seat"] == "human"]
    assert game_labels.result_text({"kind": "team", "seats": losing_team}, [p["name"] for p in players],
                                   mine) == title


def test_team_durak_titles_in_swedish(app, lang):
    lang("sv")
    assert _result_title(app, FOUR, losing_team=[1, 3], family="durak") == "Du och Clara vinner!"
    assert _result_title(app, FOUR, losing_team=[0, 2], family="durak") == "Du och Clara förlorar"


@pytest.mark.parametrize("n,text", [(1, "1 peningur"), (11, "11 peningar"), (21, "21 peningur"),
                                    (2, "2 peningar"), (111, "111 peningar")])
def test_icelandic_chip_counts(lang, n, text):
    lang("is")
    assert M.chips(n) == text
    assert M.pot(n) == f"Pottur: {text}"
    # the button says the verb of "Buy back"; its price stays on one line (no-break space)
    assert M.buy_back_for(n) == "Kaupa mig aftur inn ({})".format(text.replace(" ", "\u00a0"))


def test_swedish_and_english_chip_counts(lang):
    lang("sv")
    assert (M.chips(1), M.chips(21), M.pot(1), M.buy_back_for(10)) == (
        "1 mark", "21 marker", "Pott: 1 mark", "Köp dig tillbaka (10\u00a0marker)")
    lang("en")
    assert (M.chips(1), M.pot(2), M.buy_back_for(1)) == ("1 chip", "Pot: 2 chips", "Buy back (1 chip)")


# -- seat names ------------------------------------------------------------------------

def test_ai_names_belong_to_the_language():
    from game.ui.names import AI_NAMES, ai_names
    for code in LANGS:
        names = ai_names(code)
        assert len(names) >= 8 and len(set(names)) == len(names)
        assert all(0 < len(n) <= 14 for n in names)        # the setup's name box
    assert "Björn" not in ai_names("da") and "Bjørn" not in ai_names("sv")
    assert not set(AI_NAMES["da"]) & {"Björn", "Sigríður", "Guðrún"}
    assert ai_names("no") == ai_names("nb") and ai_names("xx") == ai_names("en")


@pytest.mark.parametrize("code", ("sv", "da", "is"))
def test_setup_seats_are_named_for_the_language(app, lang, code):
    from game.ui.names import ai_names, human_name
    from game.ui.setup import SetupScene
    lang(code)
    setup = SetupScene(app)
    players = setup.player_list()
    assert players[0] == {"name": human_name(1), "seat": "human"}
    assert all(p["name"] in ai_names(code) for p in players[1:])
    # a second human is "Player 2"; back to AI, the seat gets an AI name again
    setup.set_kind(1, "human")
    assert setup.player_list()[1] == {"name": human_name(2), "seat": "human"}
    setup.set_kind(1, "ai:easy")
    assert setup.player_list()[1]["name"] in ai_names(code)


@pytest.mark.parametrize("code,first,ai", [("sv", "Spelare 1", "Björn"), ("is", "Spilari 1", "Gunnar"),
                                           ("da", "Spiller 1", "Mads")])
def test_default_names_follow_a_later_language_and_typed_names_stay(app, lang, code, first, ai):
    """An evening in English leaves "Player 1" and "Ben" in the remembered setup; after the
    language is switched the setup screen says this language's defaults, and a typed name stays."""
    from game.ui.setup import SetupScene
    setup = SetupScene(app)
    setup.set_count(4)
    setup.set_kind(2, "human")
    setup.set_name(3, "Mormor")
    assert [p["name"] for p in setup.player_list()] == ["Player 1", "Ben", "Player 2", "Mormor"]
    setup.remember()
    lang(code)
    again = SetupScene(app)
    names = [p["name"] for p in again.player_list()]
    assert names[:2] == [first, ai] and names[2] == first.replace("1", "2") and names[3] == "Mormor"
    assert [n.value for _k, n in again.seat_widgets][:2] == [first, ai]
    # a language switched while the screen waits under the settings
    lang("en")
    again.resume()
    assert [p["name"] for p in again.player_list()] == ["Player 1", "Ben", "Player 2", "Mormor"]


@pytest.mark.parametrize("code,name", [("sv", "Spelare 1"), ("da", "Spiller 1"), ("nb", "Spiller 1"),
                                       ("is", "Spilari 1"), ("en", "Player 1")])
def test_human_default_names_are_names(lang, code, name):
    from game.ui.names import human_name
    lang(code)
    assert human_name(1) == name


def test_the_demo_seats_ai_names_of_the_language(app, lang):
    from game.ui.demo import DemoDirector
    from game.ui.names import ai_names
    lang("da")
    d = DemoDirector(app, rules="agurk-no", seed=3)
    d.start()
    assert [p["name"] for p in d.table.players] == ai_names("da")[:4]


# -- card letters ----------------------------------------------------------------------

LETTERS = {"sv": "E K D Kn", "da": "E K D B", "is": "Á K D G", "nb": "A K Q J", "en": "A K Q J"}


@pytest.mark.parametrize("code", LANGS)
def test_native_card_letters(lang, code):
    from game.ui.cards import rank_label
    from game.ui.settings_scene import _native_letters
    lang(code)
    native = " ".join(rank_label(r, Settings(card_indices="native")) for r in "AKQJ")
    assert native == LETTERS[code]
    assert " ".join(rank_label(r, Settings(card_indices="international")) for r in "AKQJ") == "A K Q J"
    assert f"({LETTERS[code]})" in _native_letters()        # the setting shows what it gives
    # the dealer button never shows a card's letter
    assert i18n.pgettext("dealer button", "D") not in native.split()


# -- rules help ------------------------------------------------------------------------

def test_no_ace_on_ace_help_follows_the_card_to_match(lang):
    from game.ui import rules_text as R
    lang("en")
    swedish = R.option_help("gurka-se", "no_ace_on_ace")
    danish = R.option_help("agurk-dk", "no_ace_on_ace")
    assert "right after an ace" in swedish and "every later player" in danish
    assert "right after" not in danish
    lang("sv")
    assert "direkt efter ett ess" in R.option_help("gurka-se", "no_ace_on_ace")


def test_norwegian_blurb_says_beating_is_compulsory(lang):
    from game.ui.rules_text import ruleset_blurb
    lang("en")
    assert "you must match" in ruleset_blurb("agurk-no")
    lang("nb")
    assert "må legge likt eller høyere" in ruleset_blurb("agurk-no")


def test_durak_refusals_say_what_beats_a_trump_and_when_cards_may_be_added():
    from game.engine import IllegalActionError
    trump = IllegalActionError("7H does not beat 8H", "cannot_beat", attack="8H", card="7H",
                               trump_attack=True)
    plain = IllegalActionError("AD does not beat 9C", "cannot_beat", attack="9C", card="AD",
                               trump_attack=False)
    assert "only a higher trump" in M.illegal_reason(trump)
    assert "same suit or a trump" in M.illegal_reason(plain)
    early = IllegalActionError("cards may be added once a card of the bout is beaten",
                               "nothing_beaten")
    assert M.illegal_reason(early) == "Cards can be added once the defender has beaten a card."


def test_the_setup_blurb_says_the_limit_or_the_lives_chosen():
    from game.ui.rules_text import ruleset_blurb
    assert ruleset_blurb("gurka-se").endswith("Out at 30 points.")
    assert ruleset_blurb("gurka-se", {"limit": 20}).endswith("Out at 20 points.")
    assert ruleset_blurb("agurk-dk").endswith("Out at 21 points.")
    assert ruleset_blurb("agurk-dk", {"lives": 3}).endswith("3 lives each: every lost deal costs one.")
    assert "30" not in ruleset_blurb("gurka-se", {"limit": 20})


def test_a_stalemate_draw_is_not_called_everybody_out(app):
    """A hundred bouts taken in a row end Durak as a draw (the engine's termination guard):
    the result says so, not that everybody got out (nobody did)."""
    from game.engine import new_game
    from game.engine.public import table_of
    from game.ui.table.board import Board, Cues
    from game.ui.table.durak_part import DurakPart
    s = new_game("durak", 3, seed=1)
    while not s.is_over():      # everyone always takes, and attacks with one card
        legal = s.legal_actions()
        pick = next((a for a in legal if a["type"] in ("take", "pass")), None)
        s.apply(pick or next(a for a in legal if a["type"] == "attack" and len(a["cards"]) == 1))
    players = [{"name": n, "seat": "human" if i == 0 else "ai:easy"} for i, n in enumerate(("Du", "Bo", "Eva"))]
    model = table_of(s.view(0))
    assert model.draw_game and model.end_reason == "stalemate"
    board = Board(rules="durak", players=players, humans=[0], viewer=0, session={}, settings=Settings(),
                  model=model, timeline=None)
    title, lines = DurakPart(board, Cues(), None).result()
    assert (title, lines[0]) == ("A draw", "The defender picked up the cards a hundred bouts in a row.")


def test_a_default_name_follows_the_interface_language(app, lang):
    """Issue 69: "Spelare 1" stayed at an English table after the language was switched.  A
    default human name the player never typed is shown in the language of the moment, at
    the table (again after the settings changed the language) and in a saved game's label;
    a typed name, and a default whose new form is another seat's name, stay as they are."""
    from game.engine import new_game
    from game.ui import game_labels
    from game.ui.table.scene import TableScene
    lang("en")
    players = [{"name": "Spelare 1", "seat": "human"}, {"name": "Björn", "seat": "ai:normal"},
               {"name": "Spilari 2", "seat": "human"}, {"name": "Player 2", "seat": "ai:normal"}]
    table = TableScene.hosted(app, new_game("gurka-se", players, seed=1))
    app.manager.push(table)
    app.step([], 16)
    assert [p["name"] for p in table.players] == ["Player 1", "Björn", "Spilari 2", "Player 2"]
    assert table.part.name(0) == "Player 1"
    assert game_labels.players_text([p["name"] for p in players]).replace("\xa0", " ") == \
        "Player 1, Björn, Spilari 2, Player 2"
    lang("da")                                         # Settings, Sprog: Dansk; back to the table
    table.resume()
    assert [p["name"] for p in table.players][:3] == ["Spiller 1", "Björn", "Spiller 2"]
    assert table.host.state.players[0]["name"] == "Spelare 1"        # the record keeps its names
