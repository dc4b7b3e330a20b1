"""The score sheet against the records' ``score`` events, the Durak evening tally in the
session, and the sheet scene opened by key, by button and between deals."""

import time
from pathlib import Path

import pygame
import pytest

from game.engine import load_records
from game.engine.public import table_of
from game.ui.table import sheet as S

GOLDEN = Path(__file__).parent / "fixtures" / "golden"
GURKA_FILES = ["agurk-dk-5p-buyin-twos.jsonl", "agurk-no-3p-optional.jsonl", "gurka-is-3p.jsonl",
               "gurka-is7-4p.jsonl", "gurka-se-4p.jsonl"]


def _records(name):
    return load_records((GOLDEN / name).read_text(encoding="utf-8"))


def _with_reset() -> dict:
    """A seeded Icelandic game in which a total lands on exactly 21 (back to 0)."""
    from game.ai.random_player import RandomPlayer
    from game.engine.session import play_game
    players = [{"name": f"P{i}", "seat": "ai:random"} for i in range(3)]
    for seed in range(1, 300):
        state = play_game("gurka-is", players, [RandomPlayer(seed * 10 + i) for i in range(3)], seed=seed)
        if any(e["type"] == "score" and any(p and t == 0 for p, t in zip(e["penalties"], e["totals"]))
               for e in state.events):
            return state.record()
    raise AssertionError("no reset in 300 seeded games")


@pytest.mark.parametrize("name", GURKA_FILES + ["reset"])
def test_every_deal_row_is_the_records_score_event(name):
    for record in (_records(name) if name != "reset" else [_with_reset()]):
        model = table_of(record)
        players = record["players"]
        sheet = S.gurka_sheet(model, players, [100] * len(players))
        events = record["events"]
        scores = [(i, e) for i, e in enumerate(events) if e["type"] == "score"]
        assert len(sheet.rows) == len(scores) > 0
        lives = record["options"].get("lives")
        for row, (i, ev) in zip(sheet.rows, scores):
            # the events of this deal's pause: knock-outs and buy-backs up to the next deal
            after = []
            for e in events[i + 1:]:
                if e["type"] in ("deal", "score"):
                    break
                after.append(e)
            for s, cell in enumerate(row.cells):
                pen, tot = ev["penalties"][s], ev["totals"][s]
                if pen is None:
                    assert cell.text == "–" and cell.value is None
                    continue
                assert (cell.value, cell.total) == (pen, tot)
                if lives:
                    assert cell.text == ("−1 ♥" if pen else "·")
                else:
                    assert cell.text == (f"+{pen}" if pen else "0")
                assert (S.RESET in cell.marks) == (pen > 0 and tot == 0)
                assert (S.OUT in cell.marks) == any(e["type"] == "out" and e["player"] == s for e in after)
                bought = [e["points"] for e in after if e["type"] == "buyback" and e["player"] == s]
                assert (S.BUYBACK in cell.marks) == bool(bought)
                if bought:
                    assert cell.note.endswith(f"{S.BUYBACK}{bought[0]}")
        total = sheet.summary[0]
        last = scores[-1][1]["totals"]
        for s, cell in enumerate(total.cells):
            assert cell.total == model.totals[s]
            if last[s] is not None and not any(e["type"] == "buyback" and e["player"] == s
                                               for e in events[scores[-1][0]:]):
                assert cell.total == last[s]


def test_marks_seen_in_the_golden_records():
    """The fixtures hold resets, knock-outs and buy-backs, so the test above checks each."""
    marks = set()
    for name in GURKA_FILES:
        for record in _records(name) + [_with_reset()]:
            sheet = S.gurka_sheet(table_of(record), record["players"])
            marks |= {m for row in sheet.rows for c in row.cells for m in c.marks}
    assert {S.RESET, S.OUT, S.BUYBACK} <= marks


def test_chips_and_pot_only_with_a_stake():
    se = _records("gurka-se-4p.jsonl")[0]
    model = table_of(se)
    held = [100 - model.staked(s) for s in range(4)]
    sheet = S.gurka_sheet(model, se["players"], held)
    chips = sheet.summary[1]
    assert [c.value for c in chips.cells] == held
    assert any(str(model.pot) in line for line in sheet.footer)
    no = _records("agurk-no-3p-optional.jsonl")[0]
    assert len(S.gurka_sheet(table_of(no), no["players"], None).summary) == 1


def test_durak_tally_is_kept_in_the_session_and_carried_to_the_next_game(app):
    from game.engine import replay
    record = _records("durak-3p.jsonl")[0]
    state = replay(record)
    table = app.nav.push("table", state=state, session={"game": 1})
    table.fast_forward()
    table.game_over()
    losers = list(table.model.losing_team or [table.model.loser])
    assert table.session["durak_log"] == [losers]
    nxt = table.next_game()
    assert nxt.session["durak_log"] == [losers] and nxt.session["game"] == 2
    sheet = nxt.part.score_sheet()
    assert [c.value for c in sheet.summary[0].cells] == [int(s in losers) for s in range(3)]
    assert len(sheet.rows) == 1 and sheet.rows[0].label.startswith("Game 1")


def test_the_sheet_reads_the_tally_the_session_check_left():
    from game.storage.saves import clean_session
    session = clean_session({"durak_log": [[9], "x", [0, True], [1], [2, 0]]}, 3)
    assert S.durak_log(session, 3) == [[1], [2, 0]]


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_the_sheet_opens_by_key_and_button_and_closes(app, tmp_path):
    from game.ui.tour.runner import Tour, deals_scored
    state = Tour(app, tmp_path).game("gurka-se", deals_scored(2))
    table = app.nav.push("table", state=state)
    table.fast_forward()
    app.step([], 16)
    app.step([_key(pygame.K_s)], 16)
    top = app.manager.top
    assert type(top).__name__ == "ScoreSheetScene" and not top.between
    assert len(top.sheet().rows) == sum(e["type"] == "score" for e in state.events)
    app.step([_key(pygame.K_s)], 16)
    assert app.manager.top is table
    r = table.toolbar.scores.rect
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1)], 16)
    assert type(app.manager.top).__name__ == "ScoreSheetScene"
    app.step([_key(pygame.K_ESCAPE)], 16)
    assert app.manager.top is table


def test_between_deals_the_sheet_replaces_the_scoreboard(app):
    from game.ui.table.scene import TableScene
    players = [{"name": "Me", "seat": "human"}] + [{"name": f"P{i}", "seat": "ai:random"} for i in (1, 2)]
    table = TableScene.new(app, "agurk-no", players, {}, seed=4)
    app.manager.push(table)
    from test_ui_table import WAIT_SECONDS, _human_plays, ai_frame
    # the AI seats answer from another process, in wall time: wait by the clock, not by frames
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        top = app.manager.top
        if type(top).__name__ == "ScoreSheetScene":
            break
        if table.timeline.held is not None:
            table.flow.go_on()          # the deal's last trick waits for the player
        if table.my_turn():
            _human_plays(app, table)
        ai_frame(app)
    top = app.manager.top
    assert type(top).__name__ == "ScoreSheetScene" and top.between and top.route == "scoreboard"
    assert top.widgets.by_name("continue") is not None
    assert len(top.sheet().rows) == 1
    top.widgets.by_name("continue").activate()
    assert app.manager.top is table
