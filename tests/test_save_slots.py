"""Several saved games: one per ruleset (issue 47, point 8), and the "replace saved game?"
question that names the ruleset and the deal Continue opens (point 5)."""

import json
import os
import random

import pygame
import pytest

from game import i18n
from game.storage import saves
from game.engine import CHANCE, new_game
from game.ui import game_labels as L
from game.ui import savegame
from game.ui import theme as T

NAMES = ["Anna", "Björn", "Karin", "Dóra", "Eiríkur", "Freja", "Gunnar", "Hildur"]


def _players(n, human=(0,)):
    return [{"name": NAMES[i], "seat": "human" if i in human else "ai:easy"} for i in range(n)]


def _game(rules, n=3, scored=1, seed=5):
    """A game of ``rules`` played at random until ``scored`` deals are scored (the record
    then ends with the next deal dealt: the save made after a deal's last card)."""
    state = new_game(rules, _players(n), None, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        if state.to_act() == CHANCE:
            state.resolve_chance()
            continue
        state.apply(rng.choice(state.legal_actions()))
        if sum(1 for e in state.events if e["type"] == "score") >= scored:
            break
    return state


def _durak(seed=3, moves=6):
    state = new_game("durak", _players(3), None, seed=seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def frames(app, n=2):
    for _ in range(n):
        app.step([], 16)


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _slot(rules):
    return saves.save_path(rules)


# -- one save per ruleset ----------------------------------------------------------------------
def test_a_new_game_replaces_only_its_own_rulesets_save(app, instant_ai):
    durak = _durak()
    assert savegame.save(durak.record(), {"game": 4}) is None
    assert savegame.save(_game("agurk-dk").record(), {}) is None
    kept = _slot("durak").read_bytes()
    table = app.nav.push("table", rules="agurk-dk", players=_players(4), options={})
    frames(app, 3)
    table.saver.flush()
    assert _slot("durak").read_bytes() == kept                   # the other ruleset's save stays
    mine = json.loads(_slot("agurk-dk").read_text(encoding="utf-8"))
    assert [p["name"] for p in mine["record"]["players"]] == NAMES[:4]   # this one is the new game's
    assert sorted(s.rules for s in savegame.saved_games()) == ["agurk-dk", "durak"]


def test_a_finished_game_forgets_only_its_own_save(app):
    assert savegame.save(_durak().record(), {}) is None
    state = _game("agurk-no", scored=99)            # played to its end
    assert state.is_over()
    table = app.nav.push("table", state=state)
    table.fast_forward()
    table.game_over()
    table.saver.flush()
    assert [s.rules for s in savegame.saved_games()] == ["durak"]


def test_hot_seat_is_saved_in_its_slot_and_the_demo_never(tmp_path, monkeypatch):
    from game.ui.app import App
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    pygame.init()
    for demo in (False, True):
        a = App(size=(1024, 640), lang="en", demo=demo)
        try:
            table = a.nav.push("table", rules="gurka-se", players=_players(3, human=(0, 1)), options={})
            frames(a, 3)
            table.saver.flush()
            assert _slot("gurka-se").is_file() == (not demo)
        finally:
            a.manager.clear()
        if not demo:
            _slot("gurka-se").unlink()
    assert not list(tmp_path.glob("savegame*"))


# -- Continue --------------------------------------------------------------------------------
def test_continue_with_one_save_goes_straight_to_it(app):
    assert savegame.save(_durak().record(), {"game": 2}) is None
    menu = app.nav.push("menu")
    frames(app)
    button = menu.widgets.by_name("continue")
    assert button.sub.startswith(L.together(L.ruleset_label("durak")))
    button.activate()
    assert type(app.manager.top).__name__ == "TableScene" and app.manager.top.rules == "durak"


def test_continue_lists_several_saves_newest_first_and_opens_the_chosen_one(app):
    for k, (rules, state) in enumerate((("durak", _durak()), ("agurk-dk", _game("agurk-dk", 4, 3)),
                                        ("gurka-is", _game("gurka-is", 3, 1)))):
        assert savegame.save(state.record(), {"game": 1}) is None
        os.utime(_slot(rules), (1_700_000_000 + k * 60, 1_700_000_000 + k * 60))
    menu = app.nav.push("menu")
    frames(app)
    assert menu.widgets.by_name("continue").sub == "3 saved games"
    menu.widgets.by_name("continue").activate()
    listed = app.manager.top
    assert type(listed).__name__ == "SavesScene"
    rows = listed.list.rows
    assert [r.key for r in rows] == ["gurka-is", "agurk-dk", "durak"]        # newest first
    nb = "\u00a0"
    assert rows[1].title == f"Agurk{nb}(Danish)" and rows[1].sub == f"Deal{nb}3 · Anna, Björn, Karin, Dóra"
    app.step([_key(pygame.K_DOWN)], 16)
    app.step([_key(pygame.K_RETURN)], 16)
    table = app.manager.top
    assert type(table).__name__ == "TableScene" and table.rules == "agurk-dk"


def test_a_save_is_deleted_from_the_list_after_asking(app):
    for state in (_durak(), _game("agurk-no")):
        assert savegame.save(state.record(), {}) is None
    listed = app.nav.push("saves")
    frames(app)
    doomed = listed.list.selected
    app.step([_key(pygame.K_DELETE)], 16)
    ask = app.manager.top
    assert type(ask).__name__ == "ConfirmScene" and L.together(L.ruleset_label(doomed)) in ask.text
    app.step([_key(pygame.K_RETURN)], 16)                # Enter keeps it
    assert _slot(doomed).exists()
    app.step([_key(pygame.K_DELETE)], 16)
    app.manager.top.widgets.by_name("yes").activate()
    assert not _slot(doomed).exists() and [r.key for r in listed.list.rows] != [] and doomed not in \
        [r.key for r in listed.list.rows]


# -- the single save of older versions ------------------------------------------------------
def test_the_single_save_of_older_versions_moves_into_its_slot(home_dir):
    state = _game("agurk-no")
    assert saves.save_game(state.record(), {"game": 2}, path=saves.save_path()) is None
    (info,) = savegame.saved_games()
    assert info.rules == "agurk-no" and not saves.save_path().exists() and _slot("agurk-no").is_file()
    saved, notice = savegame.load("agurk-no")
    assert notice is None and saved.record == state.record() and saved.game_number == 2


@pytest.mark.parametrize("newer", ["single", "slot"])
def test_when_both_exist_the_newer_stays_and_the_older_is_kept_aside(home_dir, newer):
    old, new = _game("agurk-no", seed=5), _game("agurk-no", seed=6)
    single, slot = (new, old) if newer == "single" else (old, new)
    assert saves.save_game(single.record(), {}, path=saves.save_path()) is None
    assert saves.save_game(slot.record(), {}) is None
    t = 1_700_000_000
    os.utime(saves.save_path(), (t + (60 if newer == "single" else 0),) * 2)
    os.utime(_slot("agurk-no"), (t + (0 if newer == "single" else 60),) * 2)
    assert savegame.saved_games() and not saves.save_path().exists()
    assert savegame.load("agurk-no")[0].record == new.record()
    (aside,) = home_dir.glob("*.old-*")
    assert json.loads(aside.read_text(encoding="utf-8"))["record"] == old.record()


# -- hostile slots ---------------------------------------------------------------------------
@pytest.mark.parametrize("what", ["link", "fifo"])
def test_a_slot_that_is_no_file_is_set_aside_and_never_read(home_dir, tmp_path, what):
    if what == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "save.json"
    target.write_text(json.dumps({"format": saves.FORMAT, "record": _durak().record(), "session": {}}),
                      encoding="utf-8")
    before = target.read_bytes()
    if what == "link":
        _slot("durak").symlink_to(target)
    else:
        os.mkfifo(_slot("durak"))
    notices = []
    assert savegame.saved_games(notices) == []
    (notice,) = notices
    assert notice.kind == "save-corrupt" and "could not be read" in str(notice)
    assert not os.path.lexists(_slot("durak")) and len(list(home_dir.glob("savegame-durak.json.corrupt-*"))) == 1
    assert target.read_bytes() == before


def test_a_save_in_another_rulesets_slot_is_refused(home_dir):
    record = _game("agurk-dk").record()
    _slot("durak").write_text(json.dumps({"format": saves.FORMAT, "record": record, "session": {}}),
                              encoding="utf-8")
    notices = []
    assert savegame.saved_games(notices) == [] and notices[0].kind == "save-corrupt"
    saved, notice = savegame.load("durak")
    assert saved is None and not _slot("durak").exists()


# -- the question before a new game replaces a save (point 5) ------------------------------------
@pytest.mark.parametrize("rules, lang, deal, country", [("agurk-dk", "is", "Umferð\u00a02", "Dönsk"),
                                                        ("agurk-no", "sv", "Giv\u00a02", "Norsk"),
                                                        ("gurka-is", "en", "Deal\u00a02", "Icelandic")])
def test_the_question_names_the_ruleset_and_the_deal_continue_opens(app, rules, lang, deal, country):
    """Saved right after the second deal's last card (the record ends with the third deal
    dealt): Continue shows that trick again, so the question says deal 2 (it said 3), and
    the ruleset with its country ("Agurk" alone was Danish or Norwegian)."""
    state = _game(rules, 4 if rules != "gurka-is" else 3, scored=2)
    assert [e["type"] for e in state.events[-2:]] == ["score", "deal"]
    assert savegame.save(state.record(), {}) is None
    assert savegame.save(_durak().record(), {}) is None
    i18n.set_language(lang)
    try:
        setup = app.nav.push("setup", rules=rules)
        frames(app)
        setup.start()
        ask = app.manager.top
        assert type(ask).__name__ == "ConfirmScene"
        assert country in ask.text and deal in ask.text and "Anna" in ask.text
        lines = ask.text.split("\n")
        assert len(lines) == 3                         # the other ruleset's save is kept, and it says so
        # what Continue opens: the table resumed from the save shows that deal
        ask.widgets.by_name("no").activate()
        table = app.nav.push("table", record=savegame.load(rules)[0].record, session={})
        frames(app)
        assert table.model.deals == 2
    finally:
        i18n.set_language("en")


def test_no_question_for_another_rulesets_save_and_yes_starts_the_game(app, instant_ai):
    assert savegame.save(_durak().record(), {}) is None
    setup = app.nav.push("setup", rules="agurk-no")
    frames(app)
    setup.start()
    assert type(app.manager.top).__name__ == "TableScene"
    app.manager.clear()
    setup = app.nav.push("setup", rules="durak")
    frames(app)
    setup.start()
    app.manager.top.widgets.by_name("yes").activate()
    table = app.manager.top
    assert type(table).__name__ == "TableScene" and table.rules == "durak"


@pytest.mark.parametrize("width", [180, 260, 400])
def test_the_label_breaks_only_between_its_parts(app, width):
    """"(Gurka · / Deal 1)": a wrapped line broke inside the label.  Now each part (the
    ruleset with its country, the deal, each name) stays whole on one line."""
    from game.ui.setup import replace_question
    state = _game("gurka-is7", 5, scored=3)
    assert savegame.save(state.record(), {}) is None
    (info,) = savegame.saved_games()
    text = replace_question(info, others=True)
    parts = [L.together(L.ruleset_label("gurka-is7")), L.together(info.where)] + \
        [L.together(p["name"]) for p in state.record()["players"]]
    lines = T.wrap(text, 19, width)
    for part in parts:
        assert any(part in line for line in lines), (part, lines)
    assert "Round\u00a03\u00a0of\u00a07" in text or "Deal\u00a03\u00a0of\u00a07" in text


@pytest.fixture
def home_dir(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("GURKA_HOME", str(home))
    i18n.set_language("en")
    return home


# -- the single save of older versions in a folder it cannot leave (issue 68) -----------------
def _stuck(monkeypatch):
    """Nothing in the folder can be renamed (a read-only folder: EROFS from the kernel;
    ``tests/test_data_folder_faults.py`` has the real one)."""
    import errno

    def refused(src, dst):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(saves.os, "replace", refused)


def test_a_single_save_that_cannot_move_is_offered_from_where_it_is(home_dir, monkeypatch):
    state = _game("agurk-no")
    assert saves.save_game(state.record(), {"game": 2}, path=saves.save_path()) is None
    _stuck(monkeypatch)
    (info,) = savegame.saved_games()
    assert info.rules == "agurk-no" and saves.save_path().exists() and not _slot("agurk-no").exists()
    assert saves.source("agurk-no") == saves.save_path()
    saved, notice = savegame.load("agurk-no")
    assert notice is None and saved.record == state.record() and saved.game_number == 2
    monkeypatch.undo()                              # writable again: it moves into its slot
    assert [s.rules for s in savegame.saved_games()] == ["agurk-no"] and not saves.save_path().exists()


@pytest.mark.parametrize("newer", ["single", "slot"])
def test_a_single_save_that_cannot_move_beside_its_slot_the_newer_is_offered(home_dir, monkeypatch, newer):
    old, new = _game("agurk-no", seed=5), _game("agurk-no", seed=6)
    single, slot = (new, old) if newer == "single" else (old, new)
    assert saves.save_game(single.record(), {}, path=saves.save_path()) is None
    assert saves.save_game(slot.record(), {}) is None
    t = 1_700_000_000
    os.utime(saves.save_path(), (t + (60 if newer == "single" else 0),) * 2)
    os.utime(_slot("agurk-no"), (t + (0 if newer == "single" else 60),) * 2)
    _stuck(monkeypatch)
    assert len(savegame.saved_games()) == 1
    assert savegame.load("agurk-no")[0].record == new.record()
    assert saves.save_path().exists() and _slot("agurk-no").exists() and not list(home_dir.glob("*.old-*"))


def test_the_menu_says_progress_cannot_be_saved_where_the_folder_cannot_be_written(app, monkeypatch):
    from game.storage import user_files
    from game.ui.menu import MainMenu
    state = _game("agurk-no")
    assert saves.save_game(state.record(), {"game": 2}, path=saves.save_path()) is None
    _stuck(monkeypatch)
    for cause, line in (("read-only", "Progress cannot be saved until the game's folder is writable."),
                        ("no-permission", "Progress cannot be saved until the game's folder is writable."),
                        ("disk-full", "Progress cannot be saved until there is room on the disk."),
                        (None, None)):
        monkeypatch.setattr(user_files, "unwritable", lambda folder, path=None, cause=cause: cause)
        menu = app.manager.push(MainMenu(app))
        rec = T.record_boxes(True)
        try:
            app.step([], 16)
            menu.invalidate()
            app.manager.draw(app.screen)
            texts = [b.text for b in rec.texts()]
        finally:
            T.record_boxes(False)
        assert menu.widgets.by_name("continue").sub.startswith("Agurk\xa0(Norwegian)")
        assert (line in texts) if line else not any(t.startswith("Progress cannot") for t in texts), texts
        if line:
            assert "Nordic card games" not in texts
        app.manager.clear()
    menu.widgets.by_name("continue").activate()
    assert type(app.manager.top).__name__ == "TableScene"
