"""The keys on the table's buttons speak the language (issue 65): each tool's letter is a
letter of the word on its button, no two buttons on one screen share one, the key lists name
them, and the English letters (S, H, U, M, L) keep working as a second binding."""

import pygame
import pytest
import scene_states as S

from game import i18n
from game.ui import shortcuts, tool_keys

LANGS = ("sv", "da", "nb", "is", "en")


def key(k: int, text: str = "", mod: int = 0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def letter_key(ch: str):
    """The key event of a letter as the layout of its language types it ("å": key 229)."""
    return key(ord(ch.lower()), ch.lower())


def frames(app, n=1, events=()):
    for _ in range(n):
        app.step(list(events), 16)
        events = ()


def top(app) -> str:
    return type(app.manager.top).__name__


@pytest.fixture
def lang_reset():
    yield
    i18n.set_language("en")


def _keyed_buttons(table) -> dict[str, tuple[str, str]]:
    """The table's buttons that a key presses: tool -> (the word on the button, the label
    as drawn), for the buttons the table offers."""
    tools, flow = table.toolbar, table.flow
    out = {"scores": (tools.scores.label(), tools.scores.label()),
           "moves": (tool_keys.words("moves")[0], flow.log_btn.label()),
           "lookback": (table.part.lookback_label(), flow.back_btn.label())}
    if tools.offers_hint():
        out["hint"] = (tools.hint.label(), tools.hint.label())
    if table.undo.allowed():
        out["undo"] = (tools.undo.label(), tools.undo.label())
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", ["gurka-se", "durak"])
def test_every_button_of_a_table_has_its_own_letter_from_its_word(app, lang_reset, lang, rules):
    table = S.table_at(app, rules, 3, lambda st: False)
    frames(app)
    i18n.set_language(lang)
    buttons = _keyed_buttons(table)
    assert {"scores", "moves", "lookback", "hint", "undo"} <= set(buttons), sorted(buttons)
    letters = {tool: tool_keys.letter(tool) for tool in buttons}
    assert len(set(letters.values())) == len(letters), (lang, letters)
    for tool, (word, _label) in buttons.items():
        mine = letters[tool]
        if lang != "en":
            assert mine.lower() in word.lower(), (lang, tool, mine, word)
        others = {tool_keys.ENGLISH[t] for t in tool_keys.TOOLS if t != tool}
        assert mine not in others, (lang, tool, mine)    # an English letter means one tool only
    # the buttons that show a key show the language's letter
    assert buttons["moves"][1].endswith(f"({letters['moves']})")
    assert buttons["lookback"][1].endswith(f"({letters['lookback']})")


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_viewer_and_a_lesson_share_no_letter(app, lang_reset, lang):
    """The other screens with the table's buttons: the replay viewer (Scores) and a lesson
    (no Hint): their letters are the table's, so they share none either."""
    i18n.set_language(lang)
    lesson = app.nav.push("tutorial", rules="gurka-se")
    frames(app)
    buttons = _keyed_buttons(lesson)
    assert "hint" not in buttons
    letters = [tool_keys.letter(t) for t in buttons]
    assert len(set(letters)) == len(letters), (lang, letters)
    assert tool_keys.letter("scores") in [k for k, _w in shortcuts.replay_keys()]


def test_the_words_of_each_language_give_these_letters(lang_reset):
    # (the last: Say, the table phrases at a network table)
    want = {"en": "M L S H U Y", "sv": "D F P T Å Ä", "da": "T F P I O G", "nb": "T F P I A Y",
            "is": "E L S V A G"}
    for lang, letters in want.items():
        i18n.set_language(lang)
        assert " ".join(tool_keys.letter(t) for t in tool_keys.TOOLS) == letters, lang


def test_a_letter_is_never_taken_twice_nor_another_tools_english_letter(monkeypatch):
    words = {"moves": ("Mall",), "lookback": ("Loop", "Lamp"), "scores": ("Hill",), "hint": ("Hulu",),
             "undo": ("Hush",), "say": ("Yes",)}
    monkeypatch.setattr(tool_keys, "words", lambda tool: words[tool])
    got = tool_keys.derive()
    # Mall: M (its own English letter); Loop/Lamp: L; Hill: H is the hint's, L taken, i;
    # Hulu: H (its own); Hush: H taken, U is its own English letter
    assert got == {"moves": "M", "lookback": "L", "scores": "I", "hint": "H", "undo": "U", "say": "Y"}
    words["undo"] = ("Mmm",)          # nothing left in the word: the English letter
    assert tool_keys.derive()["undo"] == "U"


@pytest.mark.parametrize("lang", ["sv", "is"])
def test_the_views_open_by_the_letter_of_the_language_and_by_the_english_one(app, lang_reset, lang):
    i18n.set_language(lang)
    table = S.table_at(app, "gurka-se", 4, lambda st: S.count(st, "trick") >= 2 and S.trick_full(1)(st), seed=2)
    frames(app, 2)
    views = {"moves": "MoveLogScene", "lookback": "LookbackScene", "scores": "ScoreSheetScene"}
    for tool, scene in views.items():
        for ch in (tool_keys.letter(tool), tool_keys.ENGLISH[tool]):
            frames(app, 1, [letter_key(ch)])
            assert top(app) == scene, (lang, tool, ch)
            frames(app, 1, [letter_key(ch)])             # the same key closes it again
            assert top(app) == "TableScene", (lang, tool, ch)
            assert app.manager.top is table


@pytest.mark.parametrize("lang", ["sv", "da", "nb", "is", "en"])
def test_hint_and_undo_by_both_letters(app, lang_reset, lang, monkeypatch):
    i18n.set_language(lang)
    table = S.table_at(app, "gurka-se", 3, lambda st: False)
    frames(app)
    pressed = []
    monkeypatch.setattr(table.toolbar, "ask_hint", lambda: pressed.append("hint"))
    monkeypatch.setattr(table.toolbar, "take_back", lambda: pressed.append("undo"))
    monkeypatch.setattr(table.toolbar, "open_scores", lambda: pressed.append("scores"))
    for tool in ("hint", "undo", "scores"):
        for ch in (tool_keys.letter(tool), tool_keys.ENGLISH[tool]):
            pressed.clear()
            assert table.toolbar.handle_key(letter_key(ch)), (tool, ch)
            assert pressed == [tool], (lang, tool, ch)
    # with Ctrl held a letter is no tool's (Ctrl+Z is undo, as before)
    assert not table.toolbar.handle_key(key(ord(tool_keys.letter("hint").lower()), mod=pygame.KMOD_CTRL))
    pressed.clear()
    assert table.toolbar.handle_key(key(pygame.K_z, mod=pygame.KMOD_CTRL)) and pressed == ["undo"]


def test_the_key_lists_and_the_rules_name_the_letters_of_the_language(app, lang_reset):
    from game.ui.rules_scene import RulesScene
    i18n.set_language("sv")
    rows = dict(shortcuts.table_keys("gurka-se"))
    assert rows["P"].startswith("Poäng:") and rows["D"].startswith("Drag:") and rows["T"].startswith("Tips:")
    assert rows["F"] == "Förra sticket"
    assert any(k.startswith("Å / ") for k in rows)
    assert "S" not in rows and "M" not in rows           # the English letters are not listed again
    scene = RulesScene(app, rules="gurka-se")
    scene.ensure_layout((1024, 640))
    texts = [t for _x, _w, t in scene.text_lines()]
    assert {"P", "D", "F", "T"} <= set(texts)


def test_the_look_back_hint_and_the_hot_seat_line_say_the_letter(lang_reset):
    from game.ui import tool_names
    from game.i18n import _, ngettext
    i18n.set_language("da")
    line = ngettext("{n} earlier move not shown: {button} lists every move",
                    "{n} earlier moves not shown: {button} lists every move", 3).format(
        n=3, button=tool_names.with_key(tool_names.moves(), tool_keys.letter("moves")))
    assert "Træk (T)" in line
    assert _("{key}, Esc or a click: back to the game").format(key=tool_keys.letter("lookback")).startswith("F,")


@pytest.mark.parametrize("lang", LANGS)
def test_transfer_durak_buttons_keys_share_no_letter_with_the_tools(lang_reset, lang):
    """Pass on and Show trump take letters of their own words that no tool holds in the
    language (its own letter or its English one), and never a letter typed with a dead key."""
    i18n.set_language(lang)
    actions = tool_keys.action_letters()
    tools = set(tool_keys.letters().values()) | set(tool_keys.ENGLISH.values())
    assert len(set(actions.values())) == 2 and not set(actions.values()) & tools, (lang, actions)
    for action, ch in actions.items():
        assert ch.lower() in tool_keys.action_words(action).lower(), (lang, action, ch)
        assert ch.lower() not in tool_keys.DEAD_KEY_LETTERS
    if lang == "en":
        assert actions == {"pass_on": "P", "show_trump": "T"}


def test_a_swedish_key_passes_the_attack_on(lang_reset):
    """In Swedish, V (Skicka vidare) is Pass on's key and P stays the score sheet's."""
    i18n.set_language("sv")
    v = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v")
    p = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")
    assert tool_keys.action_of(v) == "pass_on" and tool_keys.action_of(p) is None
    assert tool_keys.tool_of(p) == "scores"
