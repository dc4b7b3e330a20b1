"""The app's scenes by name: the one module that knows them all (scenes import none).

Each factory imports its scene's module when the scene is first asked for, so the
start-up imports only the menu.
"""

from __future__ import annotations

from .menu import ConfirmScene, MainMenu, MessageScene


def make_table(app, state=None, record=None, session=None, scene=None, save=True, coach=None,
               stream=None, **new):
    """A table: ``scene`` made already (the next game), ``stream`` (a network table joined),
    ``state`` (``save`` it or not, a tutorial's ``coach``), a saved ``record`` (resumed), or a
    new game from ``rules``, ``players``, ``options``, ``seed``.  A network table whose port
    cannot be had says so in one line instead."""
    from .table.scene import TableScene  # start-up: the table (the families, the AI worker) loads when a game opens
    if scene is not None:
        return scene
    if stream is not None:
        return TableScene(app, stream, session, save=False)
    try:
        return _hosted_table(app, TableScene, state, record, session, save, coach, new)
    except OSError as e:           # a network table: no port to listen on
        return MessageScene(app, str(e))


def _hosted_table(app, TableScene, state, record, session, save, coach, new):
    if state is not None:
        return TableScene.hosted(app, state, session, save=save, coach=coach)
    if record is not None:
        return TableScene.from_record(app, record, session)
    return TableScene.new(app, session=session, **new)


def _menu(app):
    return MainMenu(app)


def _message(app, **kw):
    return MessageScene(app, **kw)


def _confirm(app, **kw):
    return ConfirmScene(app, **kw)


def _saves(app):
    from .saves_scene import SavesScene  # start-up: loads when the list of saves opens
    return SavesScene(app)


def _history(app):
    from .replay_history import HistoryScene  # start-up: loads when the finished games open
    return HistoryScene(app)


def _setup(app, **kw):
    from .setup import SetupScene  # start-up: the setup (and the AI's levels) loads when it opens
    return SetupScene(app, **kw)


def _rules(app, **kw):
    from .rules_scene import RulesScene  # start-up: loads when the rules open
    return RulesScene(app, **kw)


def _settings(app):
    from .settings_scene import SettingsScene  # start-up: loads when Settings opens
    return SettingsScene(app)


def _stats(app):
    from .stats_scene import StatsScene  # start-up: loads when the statistics open
    return StatsScene(app)


def _lookback(app, table):
    from .table.lookback import LookbackScene  # start-up: a game's screen (imported ahead in a game)
    return LookbackScene(app, table)


def _movelog(app, table):
    from .table.movelog import MoveLogScene  # start-up: a game's screen (imported ahead in a game)
    return MoveLogScene(app, table)


def _tutorial(app, rules: str):
    """A tutorial: the real table with a coach, never saved (the player's save stays)."""
    from .tutorial.build import tutorial_parts  # start-up: the tutorial's table loads when one starts
    state, coach = tutorial_parts(rules)
    return make_table(app, state=state, save=False, coach=coach)


def _learn(app, **kw):
    # start-up: loads when the tutorials are offered (first start) or chosen
    from .tutorial.learn import LearnScene
    return LearnScene(app, **kw)


def _overlay(name: str):
    def make(app, **kw):
        from . import overlays  # start-up: a game's overlays (imported ahead in a game)
        return getattr(overlays, name)(app, **kw)
    return make


def _lobby(name: str):
    def make(app, **kw):
        from . import lobby  # start-up: loads when a network table opens
        return getattr(lobby, name)(app, **kw)
    return make


def _phrases(app, **kw):
    from .phrases import PhrasesScene  # start-up: loads at a network table
    return PhrasesScene(app, **kw)


def _join(app):
    from .join import JoinScene  # start-up: loads when Join opens
    return JoinScene(app)


def _scoresheet(app, **kw):
    from .scoresheet import ScoreSheetScene  # start-up: a game's screen (imported ahead in a game)
    return ScoreSheetScene(app, **kw)


def _replays(app):
    from .replays import ReplayMenu  # start-up: loads when the replays open
    return ReplayMenu(app)


def _file_picker(app, **kw):
    from .file_picker import FilePicker  # start-up: loads when a file is to be opened
    return FilePicker(app, **kw)


def _replay(app, **kw):
    from .table.replay import ReplayTable  # start-up: the replay viewer loads when it opens
    return ReplayTable(app, **kw)


#: what a game may open (between deals, at its end, from its toolbar): imported ahead
AHEAD = ("game.ui.scoresheet", "game.ui.overlays", "game.ui.table.lookback", "game.ui.table.movelog")


def register(app) -> None:
    nav = app.nav
    nav.ahead = AHEAD
    nav.register("menu", lambda: _menu(app))
    nav.register("message", lambda **kw: _message(app, **kw))
    nav.register("confirm", lambda **kw: _confirm(app, **kw))
    nav.register("saves", lambda: _saves(app))
    nav.register("setup", lambda **kw: _setup(app, **kw))
    nav.register("rules", lambda **kw: _rules(app, **kw))
    nav.register("settings", lambda: _settings(app))
    nav.register("stats", lambda: _stats(app))
    nav.register("table", lambda **kw: make_table(app, **kw))
    nav.register("tutorial", lambda **kw: _tutorial(app, **kw))
    nav.register("learn", lambda **kw: _learn(app, **kw))
    nav.register("handoff", lambda **kw: _overlay("HandoffScene")(app, **kw))
    nav.register("scoreboard", lambda **kw: _scoresheet(app, between=True, **kw))
    nav.register("scoresheet", lambda **kw: _scoresheet(app, **kw))
    nav.register("replays", lambda: _replays(app))
    nav.register("history", lambda: _history(app))
    nav.register("open-file", lambda **kw: _file_picker(app, **kw))
    nav.register("replay", lambda **kw: _replay(app, **kw))
    nav.register("result", lambda **kw: _overlay("ResultScene")(app, **kw))
    nav.register("pause", lambda **kw: _overlay("PauseScene")(app, **kw))
    nav.register("lookback", lambda **kw: _lookback(app, **kw))
    nav.register("movelog", lambda **kw: _movelog(app, **kw))
    nav.register("lobby", lambda **kw: _lobby("LobbyScene")(app, **kw))
    nav.register("seat-lost", lambda **kw: _lobby("SeatLostScene")(app, **kw))
    nav.register("reconnecting", lambda **kw: _lobby("ReconnectScene")(app, **kw))
    nav.register("phrases", lambda **kw: _phrases(app, **kw))
    nav.register("join", lambda: _join(app))
