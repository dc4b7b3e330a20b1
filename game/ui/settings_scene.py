"""The Settings scene, on four pages chosen by the tabs at the top: *Game* (language,
animation speed, after a trick, sound, music, fullscreen, the hand's order, forced cards played by
themselves, undo, reduced motion) and *Table and cards* (the table, the card backs, the card
size, the card letters, four-colour suits) with a live preview: the table and a hand of
cards as the game will show them at this window size, and the card art's credit; *Network*
(the relay that opens a hosted table to friends in other homes); and *Accessibility* (screen
reader, how much the announcements say, the game's own speech, the high-contrast table).

Every change is applied and saved at once through ``app.apply_settings()``
(language switches immediately, without a restart; the labels here are
callables, so they follow).  Sound settings go to :mod:`game.ui.sound`, the music's to
:mod:`game.ui.music`.
"""

from __future__ import annotations

import pygame

from .. import i18n
from ..i18n import LANGUAGE_NAMES, LANGUAGES, _, pgettext
from ..notices import setting_label
from ..storage.settings import (AI_PACES, CARD_BACKS, CARD_SIZES, DEFAULT_VOLUME, FELTS, SCREEN_READER, SPEEDS,
                        TRICK_PAUSES, VERBOSITY, Settings)
from . import cards
from . import music, sound
from . import theme
from .scene import Scene
from .table.layout import Layout
from .widget_base import Widget, text_of
from .widgets import Button, Choice, TextInput, Toggle, WidgetGroup

ROW_H = 44
ROW_GAP = 6
PANEL_W = 984
#: rows in the left column (the rest go right)
LEFT_ROWS = 7
#: the pages, in the order of their tabs
PAGES = ("game", "look", "network", "access")
#: the preview's hand: an ace, the court cards, a ten, one of each suit
SAMPLE = ("AS", "KH", "QD", "JC", "TS")
VOLUMES = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

#: the values *Restore defaults* gives back (every setting's default)
DEFAULTS = Settings()


def _speed_label(speed: str):
    return {
        # TRANSLATORS: animation speeds
        "slow": lambda: pgettext("speed", "Slow"),
        "normal": lambda: pgettext("speed", "Normal"),
        "fast": lambda: pgettext("speed", "Fast"),
        "instant": lambda: pgettext("speed", "Instant"),
    }[speed]


def _ai_pace_label(pace: str):
    return {
        # TRANSLATORS: the setting "Computer's pace": the computer players play soon
        "quick": lambda: pgettext("ai pace", "Quick"),
        # TRANSLATORS: the setting "Computer's pace"
        "normal": lambda: pgettext("ai pace", "Normal"),
        # TRANSLATORS: the setting "Computer's pace": the computer players take their time
        "calm": lambda: pgettext("ai pace", "Calm"),
    }[pace]


def _pause_label(pause: str):
    return {
        # TRANSLATORS: the setting "After a trick": the table waits for a click only after the
        # last trick of a deal (and goes on by itself after the others)
        "last": lambda: _("Wait after the last trick"),
        # TRANSLATORS: the setting "After a trick": the table waits for a click after every trick
        "every": lambda: _("Wait after every trick"),
        # TRANSLATORS: the setting "After a trick": the table never waits for a click
        "never": lambda: _("Go on by itself"),
    }[pause]


def _felt_label(felt: str):
    return {
        # TRANSLATORS: the setting "Table": the look of the table under the cards
        "green": lambda: _("Green felt"),
        "blue": lambda: _("Blue felt"),
        "wood": lambda: _("Wood"),
    }[felt]


def _back_label(back: str):
    return {
        # TRANSLATORS: the setting "Card backs": a red lattice pattern
        "red": lambda: _("Red lattice"),
        "blue": lambda: _("Blue lattice"),
        # TRANSLATORS: the setting "Card backs": a knitted pattern with an eight-petal star, as on
        # Nordic sweaters and mittens (Selbu rose, Norwegian star)
        "nordic": lambda: _("Nordic star"),
    }[back]


def _size_label(size: str):
    if size == "large-print":
        # TRANSLATORS: the setting "Card size": the largest cards, with a big index and suit and no
        # pictures, for players with poor sight
        return lambda: _("Large print")
    # TRANSLATORS: a card size; {percent} is 100, 125 or 150
    return lambda: _("{percent} %").format(percent=size)


def _reader_label(mode: str):
    return {
        # TRANSLATORS: the setting "Screen reader": on when the system says a screen reader runs
        "auto": lambda: pgettext("screen reader", "Automatic"),
        "on": lambda: pgettext("screen reader", "On"),
        "off": lambda: pgettext("screen reader", "Off"),
    }[mode]


def _verbosity_label(kind: str):
    return {
        # TRANSLATORS: the setting "Announcements": every move said in a whole sentence
        "full": lambda: _("Full sentences"),
        # TRANSLATORS: the setting "Announcements": every move said in a few words ("K♥ Björn")
        "short": lambda: _("Short"),
    }[kind]


def _auto_language() -> str:
    # TRANSLATORS: the language setting's first choice; {language} is the system's language
    return _("Automatic ({language})").format(language=LANGUAGE_NAMES[i18n.detect_language()])


def _native_letters() -> str:
    letters = " ".join(cards.rank_label(r, Settings(card_indices="native")) for r in "AKQJ")
    # TRANSLATORS: {letters} are the card letters of your country's cards, e.g. "E K D Kn"
    return _("In my language ({letters})").format(letters=letters)


def _column_need(rows, u: float) -> int:
    """How wide a column of settings must be for every label at full size beside its value,
    the values of its choices one width (:func:`_align`), its switches at their size."""
    choices = [w for w in rows if isinstance(w, Choice)]
    need = 0
    if choices:
        need = max(w.label_need(u) for w in choices) + max(w.value_need(u) for w in choices)
    for w in rows:
        if isinstance(w, Toggle):
            need = max(need, theme.font(w.px * u).size(w.text)[0] + int(70 * u))
    return need


def _align(rows, u: float) -> None:
    """The value boxes of a column's choices beside their labels: one width, one left edge
    (a box as wide as the longest value needs, as wide as the labels leave room for)."""
    side = [w for w in rows if isinstance(w, Choice) and not w.stacked]
    for w in side:
        w.value_w = None
    if len(side) < 2:
        return
    width = side[0].rect.width
    label = max(w.label_need(u) for w in side)
    need = max(w.value_need(u) for w in side)
    value_w = max(need, min(int(width * 0.55), int(300 * u), width - label))
    for w in side:
        w.value_w = value_w


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        s = self.settings
        self.w_language = Choice(lambda: setting_label("language"),
                                 [(None, _auto_language)] + [(code, LANGUAGE_NAMES[code])
                                                             for code in LANGUAGES],
                                 s.language, lambda v: self.change("language", v),
                                 name="language",
                                 tooltip=lambda: _("The language of the whole game. It changes at "
                                                   "once."))
        self.w_speed = Choice(lambda: setting_label("speed"), [(k, _speed_label(k)) for k in SPEEDS],
                              s.speed, lambda v: self.change("speed", v),
                              name="speed",
                              tooltip=lambda: _("How fast the cards move. Instant shows every move "
                                                "at once."))
        self.w_ai_pace = Choice(lambda: setting_label("ai_pace"), [(k, _ai_pace_label(k)) for k in AI_PACES],
                                s.ai_pace, lambda v: self.change("ai_pace", v),
                                name="ai_pace",
                                tooltip=lambda: _("How long each computer player waits before it "
                                                  "plays, whatever the animation speed."))
        self.w_pause = Choice(lambda: setting_label("trick_pause"), [(k, _pause_label(k)) for k in TRICK_PAUSES],
                              s.trick_pause, lambda v: self.change("trick_pause", v),
                              name="trick_pause",
                              tooltip=lambda: _("Whether the table waits for your click after a finished "
                                                "trick before it goes on: the last trick of each deal, "
                                                "or every trick. Durak waits only after every bout."))
        self.w_sound = Toggle(lambda: setting_label("sound"), s.sound,
                              lambda v: self.change("sound", v), name="sound",
                              tooltip=lambda: _("Short sounds for shuffling, dealing and playing "
                                                "cards."))
        vol = min(VOLUMES, key=lambda v: abs(v - s.volume))
        self.w_volume = Choice(lambda: setting_label("volume"),
                               # TRANSLATORS: a volume; {percent} is a number from 10 to 100
                               [(v, (lambda v=v: _("{percent} %").format(percent=int(round(v * 100)))))
                                for v in VOLUMES],
                               vol, lambda v: self.change("volume", v), name="volume",
                               enabled=s.sound,
                               tooltip=lambda: _("How loud the sound effects are."))
        tune = min((0.0,) + VOLUMES, key=lambda v: abs(v - s.music))
        self.w_music = Choice(lambda: setting_label("music"),
                              # TRANSLATORS: the setting "Music": no music
                              [(0.0, lambda: pgettext("music", "Off"))]
                              + [(v, (lambda v=v: _("{percent} %").format(percent=int(round(v * 100)))))
                                 for v in VOLUMES],
                              tune, lambda v: self.change("music", v), name="music",
                              tooltip=lambda: _("A quiet Nordic tune that plays round while you play, "
                                                "as loud as set here (the sound effects have their "
                                                "own volume)."))
        self.w_fullscreen = Toggle(lambda: setting_label("fullscreen"), s.fullscreen,
                                   lambda v: self.change("fullscreen", v), name="fullscreen",
                                   tooltip=lambda: _("Fill the whole screen. F11 switches too."))
        self.w_indices = Choice(lambda: setting_label("card_indices"),
                                [("native", _native_letters),
                                 ("international", lambda: _("International (A K Q J)"))],
                                s.card_indices, lambda v: self.change("card_indices", v),
                                name="card_indices",
                                tooltip=lambda: _("The letters in the corners of the court cards "
                                                  "and aces."))
        self.w_four = Toggle(lambda: setting_label("four_colour"), s.four_colour,
                             lambda v: self.change("four_colour", v), name="four_colour",
                             tooltip=lambda: _("Diamonds blue and clubs green, so every suit has "
                                               "a colour of its own."))
        self.w_sort = Choice(lambda: setting_label("hand_sort"),
                             # TRANSLATORS: how the cards in the hand are sorted
                             [("rank", lambda: _("By rank")), ("suit", lambda: _("By suit"))],
                             s.hand_sort, lambda v: self.change("hand_sort", v),
                             name="hand_sort",
                             tooltip=lambda: _("By rank: low cards left, high cards right. By suit: "
                                               "each suit together, low to high. In Durak the trumps "
                                               "always come last."))
        self.w_auto = Toggle(lambda: setting_label("auto_play"), s.auto_play,
                             lambda v: self.change("auto_play", v), name="auto_play",
                             tooltip=lambda: _("When only one card may be played, it is played for "
                                               "you after a moment."))
        self.w_undo = Toggle(lambda: setting_label("undo"), s.undo,
                             lambda v: self.change("undo", v), name="undo",
                             tooltip=lambda: _("Take back your moves in a game against the computer, "
                                               "back to the start of the deal. Such games are marked "
                                               "in the statistics."))
        self.w_motion = Toggle(lambda: setting_label("reduced_motion"), s.reduced_motion,
                               lambda v: self.change("reduced_motion", v), name="reduced_motion",
                               tooltip=lambda: _("Cards appear where they land instead of flying there, "
                                                 "and nothing fades or falls: the game keeps its pace."))
        self.w_felt = Choice(lambda: setting_label("felt"), [(k, _felt_label(k)) for k in FELTS],
                             s.felt, lambda v: self.change("felt", v), name="felt",
                             tooltip=lambda: _("What the cards lie on: green or blue felt, or a wooden "
                                               "table."))
        self.w_back_style = Choice(lambda: setting_label("card_back"),
                                   [(k, _back_label(k)) for k in CARD_BACKS],
                                   s.card_back, lambda v: self.change("card_back", v),
                                   name="card_back",
                                   tooltip=lambda: _("The pattern on the back of the cards."))
        self.w_size = Choice(lambda: setting_label("card_size"), [(k, _size_label(k)) for k in CARD_SIZES],
                             s.card_size, lambda v: self.change("card_size", v),
                             name="card_size", wrap=False,
                             tooltip=lambda: _("Larger cards on the table. Large print: the largest "
                                               "cards, with a big letter and suit and no pictures."))
        self.w_reader = Choice(lambda: setting_label("screen_reader"),
                               [(k, _reader_label(k)) for k in SCREEN_READER],
                               s.screen_reader, lambda v: self.change("screen_reader", v),
                               name="screen_reader",
                               tooltip=lambda: _("The game tells your screen reader what is on the screen "
                                                 "and announces every move. Automatic: when the system "
                                                 "says a screen reader is running."))
        self.w_verbosity = Choice(lambda: setting_label("verbosity"),
                                  [(k, _verbosity_label(k)) for k in VERBOSITY],
                                  s.verbosity, lambda v: self.change("verbosity", v),
                                  name="verbosity",
                                  tooltip=lambda: _("How much each announcement says: whole sentences, "
                                                    "or only the cards and the name."))
        self.w_speech = Toggle(lambda: setting_label("speech"), s.speech,
                               lambda v: self.change("speech", v), name="speech",
                               tooltip=lambda: _("The game reads the moves aloud with the computer's own "
                                                 "voice, for players without a screen reader."))
        self.w_contrast = Toggle(lambda: setting_label("high_contrast"), s.high_contrast,
                                 lambda v: self.change("high_contrast", v), name="high_contrast",
                                 tooltip=lambda: _("A black table with white and yellow texts and strong "
                                                   "borders: every text easy to tell from what lies "
                                                   "under it."))
        self.w_defaults = Button(lambda: _("Restore defaults"), self.restore_defaults, name="defaults")
        self.w_back = Button(lambda: _("Back"), self.close, primary=True, name="back")
        # TRANSLATORS: a tab of the Settings screen (the settings of play)
        self.w_tab_game = Button(lambda: _("Game"), lambda: self.show_page("game"), name="tab-game")
        # TRANSLATORS: a tab of the Settings screen (the look of the table and the cards)
        self.w_tab_look = Button(lambda: _("Table and cards"), lambda: self.show_page("look"),
                                 name="tab-look")
        # TRANSLATORS: a tab of the Settings screen (screen readers, speech, high contrast)
        self.w_tab_access = Button(lambda: _("Accessibility"), lambda: self.show_page("access"),
                                   name="tab-access")
        # TRANSLATORS: a tab of the Settings screen (playing with others over the internet)
        self.w_tab_net = Button(lambda: _("Network"), lambda: self.show_page("network"), name="tab-network")
        self.w_relay = TextInput(s.relay or "", on_change=self._relay_changed, name="relay", px=18,
                                 max_len=200, placeholder=lambda: "relay.example.org:47400")
        self.w_relay.tooltip = lambda: _("The relay's address, such as relay.example.org:47400: friends in "
                                         "other homes join your table through it.")
        self.w_relay.access_name = lambda: _("Relay for internet tables")
        self._relay_dirty = False
        self.tabs = {"game": self.w_tab_game, "look": self.w_tab_look, "network": self.w_tab_net,
                     "access": self.w_tab_access}
        chosen: dict[str, list[Choice | Toggle]] = {
            "game": [self.w_language, self.w_speed, self.w_ai_pace, self.w_pause, self.w_sound, self.w_volume,
                     self.w_music, self.w_fullscreen, self.w_sort, self.w_auto, self.w_undo, self.w_motion],
            "look": [self.w_felt, self.w_back_style, self.w_size, self.w_indices, self.w_four],
            "access": [self.w_reader, self.w_verbosity, self.w_speech, self.w_contrast],
        }
        self.pages: dict[str, list[Widget]] = {"game": list(chosen["game"]), "look": list(chosen["look"]),
                                               "access": list(chosen["access"]), "network": [self.w_relay]}
        #: the settings chosen from values (the network page's one field is apart)
        self.rows = [w for page in ("game", "look", "access") for w in chosen[page]]
        self.widgets = WidgetGroup(list(self.tabs.values()) + self.rows + [self.w_relay, self.w_defaults, self.w_back])
        self.page = "game"
        self.show_page("game")
        self.widgets.set_focus(self.w_language)

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # -- changes --------------------------------------------------------------------
    def _relay_changed(self, value: str) -> None:
        """The relay's address: kept as it is typed, saved when the page or the screen is left."""
        self.settings.relay = value.strip()
        self._relay_dirty = True

    def _save_relay(self) -> None:
        if self._relay_dirty:
            self._relay_dirty = False
            apply = getattr(self.app, "apply_settings", None)
            if apply is not None:
                apply()

    def change(self, key: str, value) -> None:
        """A setting of the screen (``key``: a field of :class:`Settings`) has a new value."""
        setattr(self.settings, key, value)
        if key == "music":
            music.configure(self.settings)
        if key in ("sound", "volume"):
            sound.configure(self.settings)
            self.w_volume.enabled = self.settings.sound
            if key == "sound" and value or key == "volume":
                sound.play("play")
        apply = getattr(self.app, "apply_settings", None)
        if apply is not None:
            apply()
        elif key == "language":
            i18n.set_language(value or i18n.detect_language())
        self.invalidate()

    def default_changes(self) -> list[str]:
        """What *Restore defaults* would change, a line per setting in the order of the pages:
        "Language: Íslenska → Automatic (English)"."""
        out = []
        for w in self.rows:
            default = getattr(DEFAULTS, w.name)
            if isinstance(w, Toggle):
                if w.value == default:
                    continue
                words = {True: pgettext("option", "On"), False: pgettext("option", "Off")}
                now, then = words[w.value], words[bool(default)]
            else:
                if w.value == default:
                    continue
                now = w.value_text
                then = next((text_of(t) for v, t in w.options if v == default), str(default))
            # TRANSLATORS: a line of the question before the settings are restored: a setting,
            # its value now and the value it gets, e.g. "Language: Íslenska → Automatic (English)"
            out.append(_("{setting}: {now} → {default}").format(setting=w.text, now=now, default=then))
        return out

    def restore_defaults(self) -> None:
        """Ask first, saying every setting that would change (the language too); nothing
        changes until the player says yes."""
        changes = self.default_changes()
        if not changes:
            # TRANSLATORS: Restore defaults pressed when every setting already has its default value
            self.app.nav.push("message", text=_("Every setting already has its default value."))
            return
        # TRANSLATORS: asked before the settings are restored; a line per setting that changes follows
        text = _("Restore the default settings? This changes:") + "\n" + "\n".join(changes)
        self.app.nav.push("confirm", text=text, yes=lambda: _("Restore"), no=lambda: _("Keep my settings"),
                          on_yes=self.apply_defaults)

    def apply_defaults(self) -> None:
        """Every setting back to its default (the language to the system's)."""
        for w in self.rows:
            setattr(self.settings, w.name, getattr(DEFAULTS, w.name))
        self.w_language.index = 0
        self.w_speed.index = list(SPEEDS).index("normal")
        self.w_ai_pace.index = list(AI_PACES).index("normal")
        self.w_pause.index = list(TRICK_PAUSES).index("last")
        self.w_sound.value = True
        self.w_volume.index = VOLUMES.index(DEFAULT_VOLUME)
        self.w_volume.enabled = True
        self.w_music.index = 0
        self.w_fullscreen.value = False
        self.w_indices.index = 0
        self.w_four.value = False
        self.w_sort.index = 0
        self.w_auto.value = False
        self.w_undo.value = True
        self.w_motion.value = False
        self.w_felt.index = 0
        self.w_back_style.index = 0
        self.w_size.index = 0
        self.w_reader.index = 0
        self.w_verbosity.index = 0
        self.w_speech.value = False
        self.w_contrast.value = False
        sound.configure(self.settings)
        music.configure(self.settings)
        apply = getattr(self.app, "apply_settings", None)
        if apply is not None:
            apply()
        else:
            i18n.set_language(i18n.detect_language())
        self.invalidate()

    def show_page(self, page: str) -> None:
        """Show the rows of ``page`` (the others are hidden: not drawn, not focused)."""
        self._save_relay()
        self.page = page
        for name, rows in self.pages.items():
            for w in rows:
                w.visible = name == page
        for name, tab in self.tabs.items():
            tab.primary = name == page
        focused = self.widgets.focused
        if focused is not None and not focused.visible:
            self.widgets.set_focus(self.tabs[page])
        self.invalidate()

    def close(self) -> None:
        self._save_relay()
        if self.manager is not None:
            self.manager.pop()

    # -- layout ---------------------------------------------------------------------
    def layout(self, size):
        w, h = size
        u = self.u = theme.unit(size)
        pw = min(int(PANEL_W * u), w - int(40 * u))
        row_h, gap = int(ROW_H * u), int(ROW_GAP * u)
        tab_h = int(40 * u)
        hint_h = int(46 * u)
        btn_h = int(46 * u)
        per_column = max(LEFT_ROWS, len(self.pages["game"]) - LEFT_ROWS, len(self.pages["look"]))
        inner = tab_h + int(12 * u) + per_column * (row_h + gap) + hint_h + btn_h + int(40 * u)
        top = max(int(70 * u), (h - inner) // 2 + int(20 * u))
        self.panel = pygame.Rect(0, top, pw, min(inner, h - top - int(12 * u)))
        self.panel.centerx = w // 2
        self.title_pos = (w // 2, self.panel.top - int(12 * u))
        x, y = self.panel.left + int(20 * u), self.panel.top + int(16 * u)
        rw = pw - int(40 * u)
        tw = min((rw - int(12 * u) * (len(PAGES) - 1)) // len(PAGES), int(260 * u))
        for i, page in enumerate(PAGES):
            self.tabs[page].rect = pygame.Rect(x + i * (tw + int(12 * u)), y, tw, tab_h)
        y0 = y + tab_h + int(12 * u)
        col_gap = int(24 * u)
        cw = (rw - col_gap) // 2
        columns = {"game": (self.pages["game"][:LEFT_ROWS], self.pages["game"][LEFT_ROWS:]),
                   "look": (self.pages["look"], []),
                   "access": (self.pages["access"], [])}
        # the network page: the relay's label, its field across the panel, what a relay is
        label_h = theme.line_step(17 * u, True)
        self.w_relay.rect = pygame.Rect(x, y0 + label_h + int(6 * u), min(rw, int(620 * u)), row_h)
        self.relay_label_pos = (x, y0)
        self.relay_text_rect = pygame.Rect(x, self.w_relay.rect.bottom + int(14 * u), rw,
                                           per_column * (row_h + gap) - (self.w_relay.rect.bottom + int(14 * u) - y0))
        # the Game page's columns as wide as their rows need (labels and values side by side,
        # the values of a column aligned), what is left shared: a long label and a long value
        # in one column both keep their full size where the other column has room to spare
        need = [_column_need(rows, u) for rows in columns["game"]]
        spare = rw - col_gap - sum(need)
        widths = {"game": ((need[0] + spare // 2, rw - col_gap - need[0] - spare // 2) if spare >= 0 else (cw, cw)),
                  "look": (cw, cw), "access": (cw, cw)}
        # a choice too wide for its label and value side by side at full size takes two lines
        # (label above the value) where its column has the room, else its label shrinks
        for page, cols in columns.items():
            left = x
            for col, rows in enumerate(cols):
                width = widths[page][col]
                spare = (per_column - len(rows)) * (row_h + gap)
                y = y0
                for wdg in rows:
                    rh = row_h
                    if isinstance(wdg, Choice):
                        extra = wdg.label_height(u)
                        wdg.stacked = wdg.side_by_side_width(u) > width and extra <= spare
                        if wdg.stacked:
                            rh, spare = row_h + extra, spare - extra
                    wdg.rect = pygame.Rect(left, y, width, rh)
                    y += rh + gap
                _align(rows, u)
                left += width + col_gap
        body_h = per_column * (row_h + gap) - gap
        # the live preview: the table and a hand as the game shows them at this window size
        credit_h = theme.line_step(13 * u) + int(4 * u)
        self.preview_rect = pygame.Rect(x + cw + col_gap, y0, cw, body_h - credit_h)
        self.credit_rect = pygame.Rect(self.preview_rect.left, self.preview_rect.bottom + int(4 * u), cw,
                                       credit_h - int(4 * u))
        y = y0 + per_column * (row_h + gap)
        self.hint_rect = pygame.Rect(x, y + int(4 * u), rw, hint_h)
        by = self.panel.bottom - btn_h - int(14 * u)
        bw = min((rw - int(16 * u)) // 2, int(300 * u))
        self.w_defaults.rect = pygame.Rect(x, by, bw, btn_h)
        self.w_back.rect = pygame.Rect(x + rw - bw, by, bw, btn_h)

    # -- events -------------------------------------------------------------------------
    def handle_event(self, e):
        if self.widgets.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface):
        size = surface.get_size()
        u = self.u
        surface.blit(theme.felt(size), (0, 0))
        theme.blit_text(surface, _("Settings"), 30 * u, self.title_pos, theme.ACCENT, bold=True,
                    anchor="midbottom", max_width=size[0] - 40 * u)
        theme.panel(surface, self.panel, u)
        self.widgets.draw(surface, u)
        if self.page == "look":
            self._draw_preview(surface, u)
        elif self.page == "network":
            self._draw_network(surface, u)
        elif self.page == "access":
            self._draw_reading_keys(surface, u)
        hint = ""
        focused = self.widgets.focused if self.widgets.keyboard else None
        if focused is not None and focused.tip:
            hint = focused.tip
        else:
            hint = self.widgets.tooltip_at(pygame.mouse.get_pos())
        if hint:
            px = 15 * u
            while px > 9 and len(theme.wrap(hint, px, self.hint_rect.width)) > 2:
                px -= 1
            theme.blit_wrapped(surface, hint, px, self.hint_rect, theme.TEXT_DIM, align="center")

    def _draw_network(self, surface, u):
        """The relay's label and what a relay is, around its field."""
        # TRANSLATORS: the Settings screen's Network page: the field for the relay's address
        theme.blit_text(surface, _("Relay for internet tables"), 17 * u, self.relay_label_pos, theme.TEXT, bold=True,
                        max_width=self.relay_text_rect.width)
        # TRANSLATORS: the Settings screen's Network page; "Run a relay" is a section of the README
        theme.blit_wrapped(surface, _("A relay is a small server that passes a game between homes, so friends "
                                      "can join your table from anywhere. Only the host needs one: the "
                                      "invitation carries its address to the others, and the relay cannot "
                                      "read the game. Anyone can run one (the README's “Run a relay”). "
                                      "A table on your own network needs no relay."),
                           16 * u, self.relay_text_rect, theme.TEXT_DIM)

    def _draw_reading_keys(self, surface, u):
        """Beside the accessibility settings: the table's reading keys (what each reads aloud)."""
        # lazy: the keys' words bring the table's families (~45 ms): loaded with this page, not the screen
        from .shortcuts import section_title
        from .table.access_table import key_list
        r = self.preview_rect
        theme.blit_text(surface, section_title(), 17 * u, (r.left, r.top), theme.ACCENT, bold=True,
                        max_width=r.width)
        y = r.top + theme.line_step(17 * u, True) + int(6 * u)
        kw = int(34 * u)
        for k, what in key_list():
            theme.blit_text(surface, k, 15 * u, (r.left, y), theme.ACCENT, bold=True)
            used = theme.blit_wrapped(surface, what, 15 * u, pygame.Rect(r.left + kw, y, r.width - kw,
                                                                         r.bottom - y), theme.TEXT)
            y += max(used, theme.line_step(15 * u)) + int(4 * u)

    def _draw_preview(self, surface, u):
        """The chosen table with a hand of cards and a card's back, at the size the table will
        draw them in this window (the card size setting included)."""
        r = self.preview_rect
        lay = Layout(surface.get_size(), 4, 0)
        felt = theme.felt(surface.get_size())
        window = r.inflate(-int(8 * u), -int(8 * u))
        surface.blit(felt, window, window)
        pygame.draw.rect(surface, theme.PANEL_BORDER, window, max(1, int(2 * u)), border_radius=int(6 * u))
        theme.note_box(surface, "panel", window, opaque=False)
        # the hand fanned half a card apart, the back a little beyond it
        cw = min(lay.hand_w, int(window.width / (0.5 * (len(SAMPLE) - 1) + 2.25)),
                 int((window.height - 12 * u) / cards.RATIO))
        ch = cards.height_for(cw)
        step = int(cw * 0.5)
        total = step * (len(SAMPLE) - 1) + int(cw * 2.15)
        x = window.centerx - total // 2
        y = window.centery - ch // 2
        for i, c in enumerate(SAMPLE):
            img = cards.face(c, cw, self.settings)
            rect = img.get_rect(topleft=(x + i * step, y))
            cards.cast_shadow(surface, rect, u)
            surface.blit(img, rect)
            theme.note_box(surface, "card", rect)
        back = cards.back(cw)
        rect = back.get_rect(topleft=(x + step * (len(SAMPLE) - 1) + int(cw * 1.15), y))
        rect.right = min(rect.right, window.right - int(6 * u))
        surface.blit(back, rect)
        theme.note_box(surface, "card", rect)
        # TRANSLATORS: the credit for the card pictures, under the preview on the Settings screen
        theme.blit_text(surface, _("Card pictures: Adrian Kennard, CC0 (www.me.uk/cards)"), 13 * u,
                    self.credit_rect.midtop, theme.TEXT_DIM, anchor="midtop", max_width=self.credit_rect.width)
