"""The tour's screens: a registry of steps, each bringing the app to one screen.

A step is a function of the running :class:`game.ui.tour.runner.Tour` (``t``): it pushes scenes
by name, brings a game to a moment (``t.table(rules, stop)``, ``t.game(...)``), sends
keys and clicks, and returns with the screen to save on top.  Add one with
``@step("name")`` (or :func:`add_step`), or one screen per ruleset with
:func:`add_per_ruleset` (the rulesets registered when the tour runs, those registered at run
time too); a step that cannot reach its screen raises :class:`Unreachable`.  The names of
issue 11 are never dropped.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from dataclasses import dataclass
from typing import Callable

import pygame

from ...ai.worker import AIWorker
from ...engine import new_game
from ...engine.cards import parse
from ...engine.registry import DEFAULT_RULESET, DURAK, GURKA, ruleset_ids, rulesets
from ...notices import Notice
from ...stats import db_path, pending, record_game
from ...storage import history
from ...storage import saves
from ...storage.user_files import data_dir
from .. import replay_open
from .. import savegame
from ..names import ai_name, human_name
from ..replays import open_in_viewer
from ..table.undo import DECISIONS, deal_start
from ..tutorial.build import tutorial_shots
from ..tutorial.scripts import TUTORIAL_IDS, tutorial


class Unreachable(RuntimeError):
    """The step could not bring the app to its screen."""


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable


@dataclass(frozen=True)
class PerRuleset:
    """A screen for every ruleset: ``prefix-<ruleset id>``, shown by ``run(rules, t)``."""

    prefix: str
    run: Callable


#: every screen of the tour, in order (a :class:`PerRuleset` stands for one per ruleset)
STEPS: list[Step | PerRuleset] = []


def add_step(name: str, fn: Callable) -> None:
    if any(isinstance(s, Step) and s.name == name for s in STEPS):
        raise ValueError(f"tour step {name!r} exists already")
    STEPS.append(Step(name, fn))


def add_per_ruleset(prefix: str, fn: Callable) -> None:
    """A step ``prefix-<id>`` for every ruleset registered when the tour runs: ``fn(rules, t)``."""
    STEPS.append(PerRuleset(prefix, fn))


def steps() -> list[Step]:
    """The tour's screens in order, one per ruleset where a step is per ruleset."""
    out: list[Step] = []
    for s in STEPS:
        if isinstance(s, PerRuleset):
            out.extend(Step(f"{s.prefix}-{r}", lambda t, r=r, run=s.run: run(r, t))
                       for r in ruleset_ids())
        else:
            out.append(s)
    return out


def step(name: str):
    def deco(fn):
        add_step(name, fn)
        return fn
    return deco


def names() -> list[str]:
    return [s.name for s in steps()]


def durak_id() -> str:
    """The first ruleset of the Durak family (for the screens only Durak has)."""
    return rulesets(DURAK)[0].id


def opens(t, rules: str, stop, key: int, what: str) -> None:
    """A table of ``rules`` at ``stop``; ``key`` must open an overlay (``what``) over it."""
    table = t.table(rules, stop)
    t.key(key)
    if t.top is table:
        raise Unreachable(f"{what} did not open")


# -- moments of a game (predicates on the engine state) ------------------------------------
def _since_deal(state) -> list[dict]:
    evs = state.events
    last = max((i for i, e in enumerate(evs) if e["type"] == "deal"), default=-1)
    return evs[last + 1:]


def human_to_act(state, seat: int = 0) -> bool:
    return state.to_act() == seat


def mid_deal(state, seat: int = 0) -> bool:
    """``seat`` to play a card with a choice, after cards were played in this deal."""
    if state.to_act() != seat:
        return False
    legal = state.legal_actions()
    kinds = {a["type"] for a in legal}
    if len(legal) < 2 or not kinds & {"play", "attack", "defend"}:
        return False
    recent = _since_deal(state)
    if any(e["type"] == "bout_end" for e in recent):
        return True
    return sum(e["type"] == "play" for e in recent) >= 2 and any(e["type"] == "trick" for e in recent)


def defending(state, seat: int = 0) -> bool:
    if state.to_act() != seat:
        return False
    kinds = {a["type"] for a in state.legal_actions()}
    return "defend" in kinds and "take" in kinds


def leads_a_pair(state, seat: int = 0) -> bool:
    return state.to_act() == seat and any(
        a["type"] == "play" and len(a["cards"]) == 2 for a in state.legal_actions())


def buyback_offer(state, seat: int = 0) -> bool:
    return state.to_act() == seat and any(a["type"] == "buyback" for a in state.legal_actions())


def finished(state) -> bool:
    return state.is_over()


def last_scoring(state) -> int:
    """Events up to the last deal's scoring or the last bout's end (the table shows the rest)."""
    evs = state.events
    ends = [i for i, e in enumerate(evs) if e["type"] in ("score", "bout_end")]
    return ends[-1] if ends else len(evs)


# -- the steps ---------------------------------------------------------------------------
@step("menu")
def _menu(t) -> None:
    t.push("menu")


@step("learn")
def _learn(t) -> None:
    t.push("learn", first=True)


def _tutorial_shot(name: str, t) -> None:
    """A tutorial at the callout of one of its lessons (the tutorials' own tour hook)."""
    prepare = dict(tutorial_shots(t.app))[name]
    try:
        prepare()
    except RuntimeError as e:
        raise Unreachable(str(e)) from None
    t.settle()


def _tutorial_names() -> list[str]:
    return [tutorial(r).tour for r in TUTORIAL_IDS]


for _name in _tutorial_names():
    add_step(_name, lambda t, n=_name: _tutorial_shot(n, t))


def _setup(rules: str, t) -> None:
    t.push("setup", rules=rules)


def _rules(rules: str, t) -> None:
    t.push("rules", rules=rules)


add_per_ruleset("setup", _setup)
add_per_ruleset("rules", _rules)


@step("settings")
def _settings(t) -> None:
    t.push("settings")


@step("settings-look")
def _settings_look(t) -> None:
    """The page of the table and the cards, with its preview."""
    scene = t.push("settings")
    t.click(scene.w_tab_look.rect.center)
    if scene.page != "look":
        raise Unreachable("the page of the table and the cards did not open")


@step("settings-look-wood")
def _settings_look_wood(t) -> None:
    """The page of the table and the cards with a wooden table, the Nordic back, large print."""
    t.look(felt="wood", card_back="nordic", card_size="large-print")
    _settings_look(t)


@step("settings-restore")
def _settings_restore(t) -> None:
    """Restore defaults asks first, naming what it would change (the tour's instant speed, a
    wooden table)."""
    t.look(felt="wood")
    scene = t.push("settings")
    scene.restore_defaults()
    t.settle()
    if t.top is scene:
        raise Unreachable("Restore defaults did not ask")


@step("settings-access")
def _settings_access(t) -> None:
    """The accessibility page, reached with the keys: its first setting in the focus ring."""
    scene = t.push("settings")
    t.click(scene.w_tab_access.rect.center)
    t.key(pygame.K_TAB)
    if scene.page != "access" or scene.widgets.focused is not scene.w_reader:
        raise Unreachable("the accessibility page did not open")


@step("menu-focus")
def _menu_focus(t) -> None:
    """The main menu after Tab: the focus ring on the second button."""
    t.push("menu")
    t.key(pygame.K_TAB)


@step("setup-focus")
def _setup_focus(t) -> None:
    """The setup after Tab through the game list and its options: the ring on the players."""
    scene = t.push("setup")
    for _ in range(12):
        if scene.widgets.focused is scene.count_choice:
            break
        t.key(pygame.K_TAB)
    else:
        raise Unreachable("Tab did not reach the number of players")


@step("table-focus")
def _table_focus(t) -> None:
    """A table after Tab: the ring on the first of its buttons, a card picked with the arrows."""
    table = t.table(DEFAULT_RULESET, mid_deal)
    t.key(pygame.K_RIGHT)
    t.key(pygame.K_TAB)
    if table.widgets.focused is None:
        raise Unreachable("Tab found no button at the table")


@step("table-contrast")
def _table_contrast(t) -> None:
    """The high-contrast table (its own setting): black, white and yellow."""
    t.look(high_contrast=True)
    t.table(DEFAULT_RULESET, mid_deal)


def _table(rules: str, t) -> None:
    t.table(rules, mid_deal)


add_per_ruleset("table", _table)


def _gurka_most_players() -> str:
    """The first ruleset of the Gurka family that seats eight."""
    return next(r.id for r in rulesets(GURKA) if r.players[1] >= 8)


def _gurka_pairs() -> str:
    """The first ruleset where a pair may be led and nothing is exchanged (score piles)."""
    return next(r.id for r in rulesets() if r.options.get("multi_lead")
                and not r.options.get("exchange"))


def _another_gurka() -> str:
    """A ruleset of the Gurka family other than the one offered first."""
    return next(r.id for r in rulesets(GURKA) if r.id != DEFAULT_RULESET)


#: tables in each look: the felts, the backs and the card sizes (every other screen shows
#: the green felt, the red back, 100 % and two-colour suits): (look, ruleset, players, options)
#: a look: its settings, the ruleset, the number of players, the options (None: the rules')
LOOKS: dict[str, tuple[dict[str, object], Callable[[], str], int, dict | None]] = {
    "look-blue-125": (dict(felt="blue", card_back="blue", card_size="125", four_colour=True),
                      lambda: DEFAULT_RULESET, 4, None),
    "look-wood-150": (dict(felt="wood", card_back="nordic", card_size="150"), durak_id, 4, None),
    "look-wood-150-crowded": (dict(felt="wood", card_back="red", card_size="150"), _gurka_most_players, 8,
                              {"hand_size": 6}),
    "look-large-print": (dict(card_back="nordic", card_size="large-print"), _gurka_pairs, 3, None),
    "look-large-print-crowded": (dict(felt="blue", card_size="large-print", four_colour=True),
                                 _gurka_most_players, 8, {"hand_size": 6}),
}


def _look_table(name: str, t) -> None:
    look, rules, players, options = LOOKS[name]
    t.look(**look)
    t.table(rules(), mid_deal, players=players, options=options)


for _name in LOOKS:
    add_step(_name, lambda t, n=_name: _look_table(n, t))


@step("table-durak-defend")
def _durak_defend(t) -> None:
    durak = durak_id()
    t.table(durak, defending)


@step("table-durak-keys")
def _durak_keys(t) -> None:
    """The line under the hand in its keyboard wording (shown once a key is pressed)."""
    t.table(durak_id(), defending)
    t.key(pygame.K_RIGHT)
    t.settle()


def transfer_id() -> str:
    """The first ruleset of the Durak family that passes attacks on (transfer Durak)."""
    return next(r.id for r in rulesets(DURAK) if r.options.get("transfer"))


def _bout_so_far(state) -> list[dict]:
    evs = state.events
    last = max((i for i, e in enumerate(evs) if e["type"] in ("deal", "bout_end")), default=-1)
    return evs[last + 1:]


def may_pass_on(state, seat: int = 0) -> bool:
    """``seat`` defends and may pass the attack on by laying a card."""
    return state.to_act() == seat and any(a["type"] == "transfer" and not a["shown"]
                                          for a in state.legal_actions())


def trump_shown(state, seat: int = 0) -> bool:
    """``seat`` to act in a bout that another seat passed on by showing a trump it still holds."""
    return (state.to_act() == seat and getattr(state, "phase", "") == "bout"
            and any(e["type"] == "transfer" and e["shown"] and e["player"] != seat
                    and parse(e["card"]) in state.hands[e["player"]] for e in _bout_so_far(state)))


@step("table-durak-pass-on")
def _durak_pass_on(t) -> None:
    """Transfer Durak: the defender may pass the attack on; the line under the hand says with
    what and what the next player then faces, beside the Pass on button."""
    table = t.table(transfer_id(), may_pass_on)
    if not any(b.name == "transfer" for b in table.action_buttons):
        raise Unreachable("no Pass on button")


@step("table-durak-pass-on-keys")
def _durak_pass_on_keys(t) -> None:
    """The same in its keyboard wording (P passes it on)."""
    t.table(transfer_id(), may_pass_on)
    t.key(pygame.K_RIGHT)
    t.settle()


@step("table-durak-shown-trump")
def _durak_shown_trump(t) -> None:
    """Transfer Durak with a trump shown: it lies beside its holder's panel for the bout."""
    table = t.table(transfer_id(), trump_shown, options={"transfer_show": True}, players=4)
    if not table.model.shown_trumps():
        raise Unreachable("no trump shown")


@step("table-durak-teams")
def _durak_teams(t) -> None:
    t.table(durak_id(), mid_deal, players=6, options={"teams": "3v3"})


@step("table-durak-teams-pointer")
def _durak_teams_pointer(t) -> None:
    """The pointer resting on a seat's box: its name, team and level in whole words."""
    table = t.table(durak_id(), mid_deal, players=6, options={"teams": "3v3"})
    pos = table.lay.seat_rect(2).center
    t.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    t.settle()
    if table.hover_seat != 2:
        raise Unreachable("the pointer found no seat")


@step("table-gurka-is-pair")
def _pair(t) -> None:
    rules = next(r.id for r in rulesets() if r.options.get("multi_lead")
                 and not r.options.get("exchange"))
    table = t.table(rules, leads_a_pair)
    pair = next(a["cards"] for a in table.stream.legal_actions()
                if a["type"] == "play" and len(a["cards"]) == 2)
    for card in pair:
        rects = dict(table.hand_layout())
        t.click(rects[card].center)
    if sorted(table.selected) != sorted(pair):
        raise Unreachable("the pair could not be selected")


def follows_a_set(state, seat: int = 0) -> bool:
    """``seat`` to follow a lead of several cards, with more than one way to do it."""
    plays = [a for a in state.legal_actions() if a["type"] == "play"] if state.to_act() == seat else []
    return len(plays) > 2 and len(plays[0]["cards"]) > 1


@step("table-gurka-is7-match")
def _match(t) -> None:
    """Following a set in seven-round Gúrka: the set to match marked on the table, the
    first card chosen shown against its partner in the set."""
    rules = next(r.id for r in rulesets() if r.options.get("multi_lead") and r.options.get("exchange"))
    table = t.table(rules, follows_a_set)
    for _k in range(2):             # the highest cards that may go, each against its partner
        card = next((c for c in reversed(table.visible_hand())
                     if c in table.legal_cards() and c not in table.selected), None)
        if card is not None:
            t.click(dict(table.hand_layout())[card].center)
    if len(table.selected) != 2:
        raise Unreachable("no set could be chosen")


def deals_scored(k: int):
    """``k`` deals scored, and the player at the screen to play a card with a choice."""
    def stop(state) -> bool:
        return sum(e["type"] == "score" for e in state.events) >= k and mid_deal(state)
    return stop


@step("scoresheet")
def _scoresheet(t) -> None:
    opens(t, DEFAULT_RULESET, deals_scored(4), pygame.K_s, "the score sheet")


@step("scoresheet-durak")
def _scoresheet_durak(t) -> None:
    durak = durak_id()
    state = t.game(durak, mid_deal, players=4)
    table = t.app.nav.push("table", state=state,
                           session={"game": 4, "durak_log": [[1], [0], [1]]})
    table.fast_forward()
    t.settle()
    t.click(table.toolbar.scores.rect.center)
    if t.top is table:
        raise Unreachable("the score sheet did not open")


def decided(k: int):
    """The player at the screen has decided ``k`` times in this deal and is to play again."""
    def stop(state) -> bool:
        evs = state.events
        start = deal_start(evs)
        mine = [e for e in evs[start + 1:] if e["type"] in DECISIONS and e.get("player") == 0]
        return len(mine) >= k and mid_deal(state)
    return stop


def _hint(t, rules: str, stop, **table_args) -> None:
    table = t.table(rules, stop, **table_args)
    table.ai.worker = AIWorker(use_process=False)   # the tour stays in one process
    t.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)])
    t.wait_for(lambda: table.hints.current() is not None, seconds=20)
    t.settle()


@step("hint")
def _hint_gurka(t) -> None:
    _hint(t, DEFAULT_RULESET, mid_deal)


@step("hint-durak")
def _hint_durak(t) -> None:
    _hint(t, durak_id(), defending)


@step("hint-durak-teams")
def _hint_durak_teams(t) -> None:
    _hint(t, durak_id(), defending, players=4, options={"teams": "2v2"})


@step("hint-durak-pass-on")
def _hint_durak_pass_on(t) -> None:
    """Transfer Durak: the hint weighs passing the attack on against beating and taking."""
    _hint(t, transfer_id(), may_pass_on)


@step("undo")
def _undo(t) -> None:
    table = t.table(DEFAULT_RULESET, decided(2))
    n = len(table.stream.events)
    t.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0)])
    t.frames(2)
    if len(table.stream.events) >= n:
        raise Unreachable("nothing was taken back")


@step("handoff")
def _handoff(t) -> None:
    t.table(DEFAULT_RULESET, lambda s: mid_deal(s, 1), humans=(0, 1))
    if type(t.top).__name__ != "HandoffScene":
        raise Unreachable("no hand-off screen")


# -- play you can follow (issue 10): the held last trick, the look back, the move log -----
def tricks_in_deal(k: int):
    """The player at the screen to play, ``k`` tricks (Durak: bouts) done in this deal."""
    def stop(state) -> bool:
        return sum(e["type"] in ("trick", "bout_end") for e in _since_deal(state)) >= k and mid_deal(state)
    return stop


def _deal_scored(state) -> bool:
    return bool(state.events) and state.events[-1]["type"] == "score"


def _before_last_trick(state) -> int:
    """Events up to the start of the deal's last trick (the table plays that trick itself)."""
    tricks = [i for i, e in enumerate(state.events) if e["type"] == "trick"]
    return tricks[-2] + 1 if len(tricks) >= 2 else len(state.events)


@step("last-trick")
def _last_trick_held(t) -> None:
    table = t.table(DEFAULT_RULESET, _deal_scored, upto=_before_last_trick)
    if table.timeline.held is None:
        raise Unreachable("the last trick was not held")


def _last_card(state) -> bool:
    """The player's last card of a deal, the only move left."""
    legal = state.legal_actions() if state.to_act() == 0 else []
    return len(legal) == 1 and legal[0]["type"] == "play" and len(state.hands[0]) == 1


@step("table-last-card")
def _table_last_card(t) -> None:
    """The prompt over the last card of a deal: it is played, there is no rule to follow."""
    t.table(DEFAULT_RULESET, _last_card)


@step("table-crowded")
def _crowded(t) -> None:
    """The most seats a Gurka ruleset allows, with hands small enough for them."""
    entry = max(rulesets(GURKA), key=lambda e: e.players[1])
    n = entry.players[1]
    t.table(entry.id, tricks_in_deal(1), players=n, options={"hand_size": 52 // n})


def _bout_pairs(state) -> int:
    """Durak: the attack cards of the bout on the table."""
    pairs = 0
    for e in reversed(state.events):
        if e["type"] == "attack":
            pairs += len(e["cards"])
        elif e["type"] in ("bout_end", "deal"):
            break
    return pairs


@step("table-durak-crowded")
def _durak_crowded(t) -> None:
    """A crowded bout: six attacks on the table in two rows, a card thrown in on the lower row,
    the player to defend (every pair in view)."""
    seats = [{"name": human_name(1), "seat": "human"}, {"name": ai_name(1), "seat": "ai:normal"}]
    for seed in range(1, 200):
        state, rng = new_game(durak_id(), seats, seed=seed), random.Random(seed)
        while not state.is_over() and not (_bout_pairs(state) >= 6 and state.to_act() == 0):
            legal = state.legal_actions()
            keen = [a for a in legal if a["type"] in ("attack", "defend")]     # long bouts
            state.apply(max(keen, key=lambda a: len(a.get("cards", [a.get("card")])))
                        if keen else rng.choice(legal))
        if not state.is_over():
            t.app.nav.push("table", state=state)
            t.top.fast_forward()
            t.settle()
            return
    raise Unreachable("no bout of six pairs")


@step("lookback")
def _lookback(t) -> None:
    opens(t, DEFAULT_RULESET, tricks_in_deal(2), pygame.K_l, "the look back")


@step("lookback-durak")
def _lookback_durak(t) -> None:
    opens(t, durak_id(), tricks_in_deal(2), pygame.K_l, "the look back")


@step("log")
def _movelog(t) -> None:
    opens(t, durak_id(), tricks_in_deal(3), pygame.K_m, "the move log")


# -- statistics (issue 12) -----------------------------------------------------------------
def _stats_read(t):
    """The statistics screen once its figures are read (on a thread of their own)."""
    scene = t.app.nav.push("stats")
    t.wait_for(lambda: not scene.busy)
    t.settle()
    return scene


@step("stats-empty")
def _stats_empty(t) -> None:
    _stats_read(t)


def _some_stats(t) -> None:
    """Some finished games of every ruleset in the tour's own statistics file."""
    when = {"started": "2026-11-20T19:00:00", "finished": "2026-11-20T19:25:00", "duration_s": 1500.0,
            "undo_used": False, "hints": 0, "human_seat": 0, "demo": False}
    for k, rules in enumerate(ruleset_ids() * 2):
        state = t.game(rules, finished)
        notice = record_game(state.record(), dict(when, hints=k % 3, undo_used=k % 4 == 0))
        if notice:
            raise Unreachable(str(notice))


@step("stats")
def _stats(t) -> None:
    _some_stats(t)
    _stats_read(t)


@step("stats-reading")
def _stats_reading(t) -> None:
    """The panel while the figures are read (a large file, or one another program holds):
    a read that takes a few seconds, shot while it goes on."""
    scene = _stats_read(t)

    def slow_read() -> tuple[None, None, object]:
        time.sleep(3)
        return None, None, scene.figures
    scene.start(slow_read, "loading")
    t.frames(3)


@step("stats-waiting")
def _stats_waiting(t) -> None:
    """A finished game kept while another program holds the statistics file (here a write
    transaction of the tour's own, left open until the shot): the foot counts it."""
    _some_stats(t)
    state = t.game(DEFAULT_RULESET, finished)
    when = {"started": "2026-11-21T19:00:00", "finished": "2026-11-21T19:25:00", "duration_s": 1500.0,
            "undo_used": False, "hints": 0, "human_seat": 0, "demo": False}
    if not pending.keep(state.record(), when):
        raise Unreachable("no waiting game")
    other = sqlite3.connect(db_path(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    t.keep_until_shot(other)
    _stats_read(t)


@step("stats-behind")
def _stats_behind(t) -> None:
    """The games still in the file's -wal could not be read with it (a read-only folder, and
    more of them than are read in memory): the foot says why the newest are missing."""
    _some_stats(t)
    scene = _stats_read(t)
    figures = scene.figures
    figures.notice = Notice("stats-behind", db_path(), None, "read-only")
    scene.start(lambda: (None, None, figures), "loading")
    t.wait_for(lambda: not scene.busy)
    t.settle()


@step("stats-later")
def _stats_later(t) -> None:
    """The end of a game while another program holds the statistics file: the line that
    says the game will be added later, over the result."""
    _result(DEFAULT_RULESET, t)
    t.push("message", text=str(Notice("stats-pending", db_path(), None, "in-use")))


@step("menu-unsaved")
def _menu_unsaved(t) -> None:
    """The single save of older versions, offered in a folder the game cannot write in
    (read-only: made so here by saying it, the folder itself is the tour's own)."""
    for slot in saves.list_saves()[0]:          # the saves of earlier steps: this one alone
        saves.delete_save(slot.path)
    state = t.game(DEFAULT_RULESET, lambda s: _deals(s) >= 2)
    if saves.save_game(state.record(), {"game": 2}, path=saves.save_path()) is not None:
        raise Unreachable("no save")
    menu = t.push("menu")
    menu.unsaved = "read-only"
    menu.invalidate()
    t.settle()


@step("pause")
def _pause(t) -> None:
    t.table(DEFAULT_RULESET, mid_deal)
    t.key(pygame.K_ESCAPE)


@step("buyback")
def _buyback(t) -> None:
    rules = next(r.id for r in rulesets() if r.options.get("buyback") == "stake")
    t.table(rules, buyback_offer)


@step("buyback-keys")
def _buyback_keys(t) -> None:
    """The buy-back's question as the keys answer it (after a key): Enter, Tab to Pass."""
    rules = next(r.id for r in rulesets() if r.options.get("buyback") == "stake")
    t.table(rules, buyback_offer)
    t.key(pygame.K_DOWN)                # a key that does nothing here: the keys' wording
    t.settle()


def _result(rules: str, t) -> None:
    table = t.table(rules, finished, upto=last_scoring)

    def there() -> bool:
        if t.top is table and table.timeline.held is not None:
            table.flow.go_on()          # the last trick waits for the player: go on
        return type(t.top).__name__ == "ResultScene"
    t.wait_for(there)
    t.settle()


add_per_ruleset("result", _result)


def ended(won: bool):
    """The game is over and the player at the screen (seat 0) won it, or lost it."""
    def stop(state) -> bool:
        if not state.is_over():
            return False
        ev: dict = next((e for e in reversed(state.events) if e["type"] == "game_over"), {})
        if "winners" in ev:
            return (0 in ev["winners"]) == won
        losers = ev.get("losing_team") or ([] if ev.get("loser") is None else [ev["loser"]])
        return bool(losers) and (0 not in losers) == won
    return stop


def _result_moment(t, rules: str, won: bool, at: float | None, players: int | None = None,
                   options: dict | None = None) -> None:
    """The result screen of a game the player won or lost; ``at``: the moment (ms) of the
    celebration to show (the falling cards), None: once everything stands still."""
    table = t.table(rules, ended(won), upto=last_scoring, players=players, options=options)

    def there() -> bool:
        if t.top is table and table.timeline.held is not None:
            table.flow.go_on()
        return type(t.top).__name__ == "ResultScene"
    t.wait_for(there)
    result = t.top
    if at is None:
        t.settle()
        return
    t.frames(2)
    result.elapsed = at
    t.frames(1)


@step("result-won")
def _result_won(t) -> None:
    _result_moment(t, DEFAULT_RULESET, True, 1400.0)


@step("result-won-durak")
def _result_won_durak(t) -> None:
    _result_moment(t, durak_id(), True, 2200.0)


@step("result-won-durak-teams")
def _result_won_durak_teams(t) -> None:
    """Two against two, won by the player's team: said from their side ("You and … win!")."""
    _result_moment(t, durak_id(), True, 2200.0, players=4, options={"teams": "2v2"})


@step("result-lost")
def _result_lost(t) -> None:
    _result_moment(t, DEFAULT_RULESET, False, None)


def _last_game(t, rules: str | None = None, mine=(0,), when: str | None = None, players: int | None = None,
               options: dict | None = None) -> dict:
    """A finished game kept among the finished games (the table keeps it when a game ends)."""
    record = t.game(rules or DEFAULT_RULESET, finished, humans=mine or (0,), players=players,
                    options=options).record()
    if mine == ():
        for p in record["players"]:
            p["seat"] = "ai:normal"
    notice = history.add_game(record, list(mine), when)
    if notice is not None:
        raise Unreachable(str(notice))
    return record


@step("replays")
def _replays(t) -> None:
    _last_game(t)
    t.push("replays")


@step("replay-history")
def _replay_history(t) -> None:
    """The finished games: the player's own of every ruleset (won, lost, durak), and games
    without the player (every seat a computer's), each finished at a time of its own: the
    games the earlier steps finished (now) are taken out, so the screen is the same every run."""
    for game in history.list_games()[0]:
        history.delete_game(game)
    for k, rules in enumerate(ruleset_ids()):
        _last_game(t, rules, when=f"2026-11-{20 + k:02d}T19:{10 + k:02d}:00")
    _last_game(t, durak_id(), mine=(), when="2026-11-27T20:00:00")
    _last_game(t, _another_gurka(), mine=(), when="2026-11-28T21:30:00")
    t.push("replays")
    t.top.widgets.by_name("last").activate()
    t.settle()
    if type(t.top).__name__ != "HistoryScene":
        raise Unreachable("no list of finished games")


@step("saves")
def _saves(t) -> None:
    """Continue with a saved game of several rulesets: the list of them, newest first."""
    for rules, stop in ((durak_id(), mid_deal), (_another_gurka(), lambda s: _deals(s) >= 3),
                        (DEFAULT_RULESET, lambda s: _deals(s) >= 2)):
        state = t.game(rules, stop)
        if savegame.save(state.record(), {"game": 2}) is not None:
            raise Unreachable("no save")
    menu = t.push("menu")
    menu.widgets.by_name("continue").activate()
    t.settle()
    if type(t.top).__name__ != "SavesScene":
        raise Unreachable("no list of saved games")


@step("new-game-replaces")
def _new_game_replaces(t) -> None:
    """Start in the setup when that ruleset has a saved game: the question, naming the
    ruleset and the deal Continue would open."""
    rules = _another_gurka()
    state = t.game(rules, lambda s: _deals(s) >= 3)
    if savegame.save(state.record(), {"game": 1}) is not None:
        raise Unreachable("no save")
    setup = t.push("setup", rules=rules)
    setup.start()
    t.settle()
    if type(t.top).__name__ != "ConfirmScene":
        raise Unreachable("no question")


def _deals(state) -> int:
    return sum(1 for e in state.events if e["type"] == "deal")


@step("replay-file")
def _replay_file(t) -> None:
    folder = data_dir()
    (folder / "records").mkdir(parents=True, exist_ok=True)
    record = _last_game(t)
    for name in ("evening.jsonl", "durak-night.json"):
        (folder / name).write_text(json.dumps(record) + "\n", encoding="utf-8")
    t.push("replays")
    t.top.widgets.by_name("file").activate()
    t.settle()
    t.top.go(folder)
    t.settle()
    if type(t.top).__name__ != "FilePicker":
        raise Unreachable("no file picker")


def _replay_at(t, rules: str, players: int | None = None, options: dict | None = None) -> None:
    record = _last_game(t, rules, players=players, options=options)
    t.push("replays")
    t.top.widgets.by_name("last").activate()
    t.settle()
    names = tuple(p["name"] for p in record["players"])     # this game, not an earlier one of the rules
    kept = next((g for g in history.list_games()[0] if g.rules == rules and g.players == names), None)
    if kept is None:
        raise Unreachable("the game was not kept")
    t.top.open(kept.file)
    t.settle()
    viewer = t.top
    if type(viewer).__name__ != "ReplayTable":
        raise Unreachable("no replay viewer")
    evs = record["events"]
    mid = next((i for i in range(len(evs) // 2, len(evs) - 1)
                if evs[i]["type"] in ("play", "attack") and evs[i + 1]["type"] in ("play", "defend")),
               len(evs) // 2)
    viewer.goto(mid + 2)
    t.settle()


@step("replay-viewer")
def _replay_viewer(t) -> None:
    _replay_at(t, DEFAULT_RULESET)


@step("replay-viewer-durak")
def _replay_viewer_durak(t) -> None:
    _replay_at(t, durak_id())


@step("replay-viewer-durak-teams")
def _replay_viewer_durak_teams(t) -> None:
    """Two against two with every hand face up: the team badges beside the open hands."""
    _replay_at(t, durak_id(), players=4, options={"teams": "2v2"})


@step("replay-opening")
def _replay_opening(t) -> None:
    """The replay menu while a file of many records is read and checked: each record waits
    a moment while the menu is on the screen (the shot comes meanwhile); once it is gone,
    the records replay at once and the engine's own replay is put back."""
    record = _last_game(t)
    path = data_dir() / "evening.jsonl"
    path.write_text((json.dumps(record) + "\n") * 40, encoding="utf-8")
    menu = t.push("replays")
    real = replay_open.replay

    def slowly(rec):
        if menu in t.app.manager.stack:
            time.sleep(0.2)
        else:
            replay_open.replay = real
        return real(rec)
    replay_open.replay = slowly
    menu.open_path(path)
    t.wait_for(lambda: menu.opening is None or menu.opening.checked >= 12)
    t.frames(2)


@step("open-file-not-a-file")
def _open_file_not_a_file(t) -> None:
    """The file picker saying what a typed path is, when it is no file it can open."""
    folder = data_dir()
    (folder / "records").mkdir(parents=True, exist_ok=True)
    _last_game(t)
    t.push("replays")
    t.top.widgets.by_name("file").activate()
    t.settle()
    picker = t.top
    if type(picker).__name__ != "FilePicker":
        raise Unreachable("no file picker")
    picker.go(folder)
    picker.path_box.value = str(folder / "last evening.jsonl")      # no such file
    picker.open_selected()
    t.settle()


@step("replay-refused")
def _replay_refused(t) -> None:
    bad = data_dir() / "broken.jsonl"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "gurka-record/1", "rules": "%s", "events": []}\n' % DEFAULT_RULESET,
                   encoding="utf-8")
    t.push("replays")
    open_in_viewer(t.app, bad)
    t.settle()
    if type(t.top).__name__ != "MessageScene":
        raise Unreachable("no refusal")


@step("notice-corrupt-save")
def _corrupt_save(t) -> None:
    for slot in saves.list_saves()[0]:          # the saves of earlier steps: this one alone
        saves.delete_save(slot.path)
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text('{"format": "gurka-save/1", "record": {"events": 7}}',
                                 encoding="utf-8")
    menu = t.push("menu")
    button = menu.widgets.by_name("continue")
    if button is not None:      # else the menu refused the save's header and said so itself
        button.activate()
    t.settle()
    if type(t.top).__name__ != "MessageScene":
        raise Unreachable("no notice")
