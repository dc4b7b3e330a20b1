"""New game: ruleset, its variants, the number of players and every seat.

Validation is the engine's (:func:`game.engine.rulesets.effective_options`):
the setup screen shows its reason and will not start an invalid game.
Defaults start a game against AI seats with one click.  A new game replaces the saved game
of its ruleset (one save per ruleset, :mod:`game.ui.savegame`): when there is one, Start
asks first, naming the ruleset and the deal Continue would open (the other rulesets' saves
are kept, and it says so).
"""

from __future__ import annotations

import pygame

from ..ai.seats import menu_levels
from ..engine import OptionError
from ..engine.records import clean_name, name_problem
from ..engine.registry import DEFAULT_RULESET, find_ruleset, ruleset_ids
from ..engine.rulesets import effective_options, for_players
from .. import i18n
from ..i18n import _
from ..storage import settings as store
from . import game_labels
from . import messages
from . import option_words
from . import rules_text
from . import savegame
from . import theme
from .names import ai_name, human_name, is_default_ai_name, name_in_language
from .refusals import option_reason
from .scene import Scene
from .widget_base import Widget
from .widgets import Button, Choice, ChoiceList, TextInput, Toggle, WidgetGroup

#: the seats people play: at this screen (``human``) or from their own computer (``net``, a
#: network table: a joiner's own name replaces the one given here)
PEOPLE = ("human", "net")


def _value_text(key: str, value):
    return lambda: option_words.option_value_label(key, value)


def option_specs(rules: str, players: int) -> list[dict]:
    """The variants offered for ``rules`` (:func:`game.ui.rules_text.option_keys`) with
    ``players`` players: key, label, values (value, text) or None for a toggle, explanation.
    The values are the option's declaration's (:mod:`game.engine.options`), those that fit
    the number of players; an option with one value left is not offered."""
    specs: list[dict] = []
    entry = find_ruleset(rules)
    for key in rules_text.option_keys(rules):
        option = entry.family.options[key]
        to_opts = from_opts = None
        if key in entry.toggles:
            values = None
            on, off = entry.toggles[key]
            to_opts = (lambda v, on=on, off=off: on if v else off)
            from_opts = (lambda o, k=key, on=on: o.get(k) == on)
        elif option.kind == "bool":
            values = None
        else:
            raw = list(entry.variant_values.get(key, option.values_for(players)))
            if len(raw) < 2:
                continue              # nothing to choose with this many players (teams with 5)
            if entry.options[key] not in raw:
                raw = [entry.options[key], *raw]     # a preset's own value is always offered
            if all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
                raw = sorted(raw)        # numbers in order: ◀ lowers, ▶ raises, no wrapping round
            values = [(v, _value_text(key, v)) for v in raw]
        specs.append({"key": key, "label": (lambda k=key: option_words.option_label(k)), "values": values,
                      "explain": (lambda k=key: rules_text.option_help(rules, k)), "to": to_opts,
                      "from": from_opts})
    return specs


def option_error_text(err: OptionError) -> str:
    """The engine's refusal of a setup, in the interface language (by its code)."""
    if err.code in ("hand_too_big", "team_players", "players", "needs"):
        return option_reason(err)
    return _("These variants cannot be played together.")   # what the screen's choices can combine


def replace_question(saved: savegame.SaveInfo, others: bool) -> str:
    """The question before a new game replaces the saved game of its ruleset: the ruleset as
    the interface names it, then on a line of its own the deal Continue would open and the
    players (each part kept whole when the text wraps), and that the other rulesets' saves
    stay when there are any."""
    # TRANSLATORS: asked before a new game replaces the saved game of the same game; {game} is
    # e.g. "Agurk (Danish)"; the saved game's deal and players follow on the next line
    text = _("A new game of {game} replaces your saved one:").format(game=game_labels.together(game_labels.ruleset_label(saved.rules)))
    text += "\n" + game_labels.SEP.join(x for x in (game_labels.together(saved.where), saved.players) if x)
    if others:
        # TRANSLATORS: said under the question above when games of other rulesets are saved too
        text += "\n" + _("Your other saved games stay as they are.")
    return text


class SetupScene(Scene):
    widgets: WidgetGroup

    def __init__(self, app, rules: str | None = None):
        super().__init__(app)
        self.rules = rules or DEFAULT_RULESET
        self.overrides: dict[str, dict] = {r: {} for r in ruleset_ids()}
        self.count: dict[str, int] = {r: find_ruleset(r).default_players for r in ruleset_ids()}
        levels = menu_levels()
        self.default_level = "normal" if "normal" in levels else levels[0]
        self.seats: list[dict] = [{"kind": "human", "name": human_name(1)}] + [
            {"kind": f"ai:{self.default_level}", "name": ai_name(i)} for i in range(1, 8)]
        self.recall(app.settings.last_setup, keep_rules=rules is not None)
        self.follow_language()
        self.error = ""
        self.checked: dict | None = None
        self.explain = ""
        self.build()

    # -- state ----------------------------------------------------------------------
    def recall(self, last: object, keep_rules: bool = False) -> None:
        """Offer the last game's setup again (the settings file's ``last_setup``): each part
        only if it is still good here (a known ruleset, its player count, seats of the
        levels on offer, names a record accepts, options the ruleset accepts together)."""
        if not isinstance(last, dict) or last.get("rules") not in ruleset_ids():
            return
        rules = last["rules"]
        if not keep_rules:
            self.rules = rules
        lo, hi = find_ruleset(rules).players
        if last.get("players") in range(lo, hi + 1):
            self.count[rules] = last["players"]
        try:
            effective_options(rules, last.get("options") or {}, self.count[rules])
            self.overrides[rules] = dict(last.get("options") or {})
        except (OptionError, TypeError, ValueError):
            pass
        kinds = {"human", "net"} | {f"ai:{lv}" for lv in menu_levels()}
        for i, seat in enumerate((last.get("seats") or [])[:len(self.seats)]):
            if seat.get("kind") in kinds and name_problem(seat.get("name")) is None:
                self.seats[i] = {"kind": seat["kind"], "name": seat["name"]}

    def follow_language(self) -> None:
        """Default names in the interface language: a seat still named by default in any
        language ("Player 1" from an English evening, an AI's "Alice") gets this language's
        default ("Spelare 1", "Astrid"); a name the player typed stays."""
        self.lang = i18n.current_language()
        for i, seat in enumerate(self.seats):
            seat["name"] = name_in_language(seat["name"], i, seat["kind"] in PEOPLE)
        for i, (_kind, name) in enumerate(getattr(self, "seat_widgets", [])):
            name.value = self.seats[i]["name"]

    def resume(self) -> None:
        super().resume()
        if self.lang != i18n.current_language():
            self.follow_language()
            self.invalidate()

    def remember(self) -> None:
        """Keep this setup for the next time the screen opens (in the settings file)."""
        self.app.settings.last_setup = {
            "rules": self.rules, "players": self.players(), "options": dict(self.overrides[self.rules]),
            "seats": [{"kind": s["kind"], "name": s["name"]} for s in self.seats[:self.players()]]}
        store.save(self.app.settings)

    def players(self) -> int:
        return self.count[self.rules]

    def overrides_for(self) -> dict:
        """The options chosen, made to fit the number of players (the engine's one place for
        it: :func:`game.engine.rulesets.for_players`)."""
        return for_players(self.rules, self.overrides[self.rules], self.players())

    def validate(self) -> str:
        """Check the game set up, once (the checked options start it): "" or why it cannot be
        played."""
        self.checked = None
        try:
            self.checked = effective_options(self.rules, self.overrides_for(), self.players())
        except OptionError as e:
            return option_error_text(e)
        return ""

    def current(self, spec: dict):
        opts = {**find_ruleset(self.rules).options, **self.overrides_for()}
        if spec["from"]:
            return spec["from"](opts)
        return opts.get(spec["key"])

    def set_option(self, spec: dict, value) -> None:
        v = spec["to"](value) if spec["to"] else value
        self.overrides[self.rules][spec["key"]] = v
        self.refresh()

    # -- widgets ----------------------------------------------------------------------
    def build(self) -> None:
        self.rule_list = ChoiceList([(r, rules_text.ruleset_name(r)) for r in ruleset_ids()], self.rules,
                                    on_change=self.set_rules, name="rules", px=19, row_h=44,
                                    sublabels=rules_text.ruleset_country)
        self.option_widgets: list[Widget] = []
        for spec in option_specs(self.rules, self.players()):
            w: Widget
            if spec["values"] is None:
                w = Toggle(spec["label"], bool(self.current(spec)),
                           on_change=lambda v, s=spec: self.set_option(s, v), name=f"opt:{spec['key']}",
                           tooltip=spec["explain"], px=16)
            else:
                numeric = all(isinstance(v, int) and not isinstance(v, bool) for v, _t in spec["values"])
                w = Choice(spec["label"], spec["values"], self.current(spec),
                           on_change=lambda v, s=spec: self.set_option(s, v), name=f"opt:{spec['key']}",
                           tooltip=spec["explain"], px=16, wrap=not numeric)
            self.option_widgets.append(w)
        lo, hi = find_ruleset(self.rules).players
        self.count_choice = Choice(lambda: _("Players"), [(k, str(k)) for k in range(lo, hi + 1)],
                                   self.players(), on_change=self.set_count, name="players", px=17, wrap=False)
        kinds = [("human", lambda: _("Human"))] + [
            # TRANSLATORS: a seat played by the computer; {level} is Easy, Normal, ...
            (f"ai:{lv}", (lambda lv=lv: _("AI: {level}").format(level=messages.level_name(lv))))
            for lv in menu_levels()] + [
            # TRANSLATORS: a seat taken by a player who joins from their own computer (a network table)
            ("net", lambda: _("On the network"))]
        self.seat_widgets: list[tuple[Choice, TextInput]] = []
        for i in range(self.players()):
            seat = self.seats[i]
            kind = Choice("", kinds, seat["kind"], on_change=lambda v, i=i: self.set_kind(i, v),
                          name=f"seat{i}:kind", px=15)
            name = TextInput(seat["name"], on_change=lambda v, i=i: self.set_name(i, v), name=f"seat{i}:name",
                             px=15, max_len=14)
            # the seat's controls named for screen readers ("Player 2": its kind, its name)
            kind.access_name = name.access_name = (lambda i=i: _("Player {n}").format(n=i + 1))
            self.seat_widgets.append((kind, name))
        self.rule_list.access_name = lambda: _("Game")
        self.back_btn = Button(lambda: _("Back"), self.back, name="back")
        self.rules_btn = Button(lambda: _("Rules"), lambda: self.app.nav.push("rules", rules=self.rules),
                                name="rules_btn")
        self.start_btn = Button(lambda: _("Start game"), self.start, primary=True, name="start")
        ws: list[Widget] = [self.rule_list, *self.option_widgets, self.count_choice]
        for k, n in self.seat_widgets:
            ws += [k, n]
        ws += [self.back_btn, self.rules_btn, self.start_btn]
        focus = self.widgets.focused if hasattr(self, "widgets") else None
        self.widgets = WidgetGroup(ws)
        if focus is not None:
            for i, w in enumerate(ws):
                if w.name == focus.name:
                    self.widgets.focus = i
        else:
            self.widgets.focus = len(ws) - 1
        self.refresh(rebuild=False)
        self.size = (0, 0)

    def refresh(self, rebuild: bool = False) -> None:
        self.error = self.validate()
        self.start_btn.enabled = not self.error
        self.invalidate()

    def set_rules(self, rules: str) -> None:
        keep = self.widgets.keyboard
        self.rules = rules
        self.build()
        self.widgets.keyboard = keep

    def set_count(self, n: int) -> None:
        self.count[self.rules] = n
        keep = self.widgets.keyboard
        self.build()
        self.widgets.keyboard = keep

    def set_kind(self, i: int, kind: str) -> None:
        old = self.seats[i]
        if kind in PEOPLE and old["kind"] not in PEOPLE and is_default_ai_name(old["name"]):
            humans = sum(1 for s in self.seats[: self.players()] if s["kind"] in PEOPLE)
            old["name"] = human_name(humans + 1)
        elif kind not in PEOPLE and old["kind"] in PEOPLE:
            old["name"] = ai_name(i)
        old["kind"] = kind
        self.seat_widgets[i][1].value = old["name"]
        self.invalidate()

    def set_name(self, i: int, name: str) -> None:
        self.seats[i]["name"] = clean_name(name)   # no control characters, at most 40

    def player_list(self) -> list[dict]:
        out = []
        used = set()
        for i in range(self.players()):
            s = self.seats[i]
            name = s["name"].strip() or (ai_name(i) if s["kind"] not in PEOPLE else human_name(i + 1))
            base, k = name, 2
            while name in used:
                name = f"{base} {k}"
                k += 1
            used.add(name)
            out.append({"name": name, "seat": s["kind"]})
        return out

    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            self.invalidate()
            return
        notices: list = []
        saves = savegame.saved_games(notices) if savegame.has_save() else []
        if notices:                  # a bad save was set aside: say so first, Start again goes on
            for notice in notices:
                self.app.nav.push("message", text=str(notice))
            return
        mine = next((s for s in saves if s.rules == self.rules), None)
        if mine is not None:
            self.app.nav.push("confirm", text=replace_question(mine, len(saves) > 1),
                              yes=lambda: _("Start a new game"), no=lambda: _("Keep the saved game"),
                              on_yes=self.start_now)
            return
        self.start_now()

    def start_now(self) -> None:
        """Start the game set up (a saved game of its ruleset is replaced by it)."""
        if self.checked is None:         # (checked whenever the setup changes)
            return
        self.remember()
        self.app.nav.replace("table", rules=self.rules, players=self.player_list(),
                             options=self.checked)

    def back(self) -> None:
        self.pop_top()

    # -- layout and drawing --------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = theme.unit(size)
        m = int(24 * u)
        top = int(76 * u)
        col1 = pygame.Rect(m, top, int(w * 0.22), h - top - int(90 * u))
        col3w = int(w * 0.33)
        col3 = pygame.Rect(w - m - col3w, top, col3w, col1.height)
        col2 = pygame.Rect(col1.right + m, top, col3.left - col1.right - 2 * m, col1.height)
        self.cols = (col1, col2, col3)
        self.rule_list.rect = pygame.Rect(col1.left, col1.top + int(34 * u), col1.width,
                                          int(44 * u) * len(self.rule_list.items))
        self.blurb_rect = pygame.Rect(col1.left, self.rule_list.rect.bottom + int(14 * u), col1.width,
                                      col1.bottom - self.rule_list.rect.bottom - int(14 * u))
        y = col2.top + int(34 * u)
        row = int(38 * u)
        # a label beside its value where every one fits at full size, else each on its own line
        choices = [wdg for wdg in self.option_widgets if isinstance(wdg, Choice)]
        stacked = any(c.side_by_side_width(u) + int(8 * u) > col2.width for c in choices)
        for wdg in self.option_widgets:
            tall = row + (wdg.label_height(u) if stacked and wdg in choices else 0)
            if wdg in choices:
                wdg.stacked = stacked
            wdg.rect = pygame.Rect(col2.left, y, col2.width, tall - int(4 * u))
            y += tall
        self.explain_rect = pygame.Rect(col2.left, y + int(10 * u), col2.width, col2.bottom - y - int(10 * u))
        y = col3.top + int(34 * u)
        self.count_choice.rect = pygame.Rect(col3.left, y, col3.width, int(36 * u))
        y += int(46 * u)
        rh = min(int(38 * u), (col3.bottom - y) // max(1, len(self.seat_widgets)))
        # the seat's kind as wide as its longest name needs, the player's name the rest
        need = max((kind.value_need(u) for kind, _n in self.seat_widgets), default=0)
        kw = max(int(col3.width * 0.62), min(need, col3.width - int(104 * u)))
        for kind, name in self.seat_widgets:
            kind.rect = pygame.Rect(col3.left, y, kw, rh - int(4 * u))
            name.rect = pygame.Rect(col3.left + kw + int(8 * u), y + int(3 * u), col3.width - kw - int(8 * u),
                                    rh - int(10 * u))
            y += rh
        bw, bh = int(180 * u), int(48 * u)
        by = h - bh - int(22 * u)
        self.back_btn.rect = pygame.Rect(m, by, bw, bh)
        self.rules_btn.rect = pygame.Rect(m + bw + int(14 * u), by, bw, bh)
        self.start_btn.rect = pygame.Rect(w - m - int(220 * u), by, int(220 * u), bh)
        self.error_rect = pygame.Rect(self.rules_btn.rect.right + int(16 * u), by,
                                      self.start_btn.rect.left - self.rules_btn.rect.right - int(32 * u), bh)

    def handle_event(self, e) -> None:
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.back()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def draw(self, surface) -> None:
        size = surface.get_size()
        u = theme.unit(size)
        surface.blit(theme.felt(size), (0, 0))
        theme.blit_text(surface, _("New game"), 32 * u, (int(24 * u), int(18 * u)), theme.ACCENT, bold=True)
        for col in self.cols:
            theme.panel(surface, col.inflate(int(16 * u), int(16 * u)), u, alpha=150, border=None)
        c1, c2, c3 = self.cols
        theme.blit_text(surface, _("Game"), 16 * u, (c1.left, c1.top), theme.TEXT_DIM, bold=True)
        theme.blit_text(surface, _("Variants"), 16 * u, (c2.left, c2.top), theme.TEXT_DIM, bold=True)
        theme.blit_text(surface, _("Players"), 16 * u, (c3.left, c3.top), theme.TEXT_DIM, bold=True)
        theme.blit_wrapped(surface, rules_text.ruleset_blurb(self.rules, self.overrides_for()), 14 * u,
                       self.blurb_rect, theme.TEXT)
        if not self.option_widgets:
            theme.blit_text(surface, _("This game has no variants."), 15 * u, (c2.left, c2.top + int(40 * u)),
                        theme.TEXT_DIM)
        # the explanation of the option under the mouse or the keyboard focus
        pos = pygame.mouse.get_pos()
        hovered = self.widgets.widget_at(pos) if pygame.mouse.get_focused() else None
        focused = self.widgets.focused if self.widgets.keyboard else None
        target = hovered if hovered in self.option_widgets else (
            focused if focused in self.option_widgets else None)
        if target is not None:
            theme.blit_wrapped(surface, target.tip, 15 * u, self.explain_rect, theme.TEXT)
        elif self.option_widgets:
            theme.blit_wrapped(surface, _("Point at a variant, or reach it with Tab, to read what it does."), 14 * u, self.explain_rect,
                           theme.TEXT_DIM)
        self.widgets.draw(surface, u)
        if self.error:
            theme.blit_wrapped(surface, self.error, 14 * u, self.error_rect.inflate(0, -int(4 * u)), theme.ERROR)
