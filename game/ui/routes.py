"""The app's scenes by name: the one module that imports them all (scenes import none)."""

from __future__ import annotations

from . import menu, overlays, rules_scene, settings_scene, setup, stats_scene
from .table import TableScene
from .table.lookback import LookbackScene
from .table.movelog import MoveLogScene


def make_table(app, state=None, record=None, session=None, scene=None, **new):
    """A table: ``scene`` made already (the next game), ``state``, a saved ``record``
    (resumed), or a new game from ``rules``, ``players``, ``options``, ``seed``."""
    if scene is not None:
        return scene
    if state is not None:
        return TableScene(app, state, session)
    if record is not None:
        return TableScene.from_record(app, record, session)
    return TableScene.new(app, session=session, **new)


def register(app) -> None:
    nav = app.nav
    nav.register("menu", lambda: menu.MainMenu(app))
    nav.register("message", lambda **kw: menu.MessageScene(app, **kw))
    nav.register("setup", lambda **kw: setup.SetupScene(app, **kw))
    nav.register("rules", lambda **kw: rules_scene.RulesScene(app, **kw))
    nav.register("settings", lambda: settings_scene.SettingsScene(app))
    nav.register("stats", lambda: stats_scene.StatsScene(app))
    nav.register("table", lambda **kw: make_table(app, **kw))
    nav.register("handoff", lambda table, seat: overlays.HandoffScene(app, table, seat))
    nav.register("scoreboard", lambda table, delay=0.0, auto=False:
                 overlays.ScoreboardScene(app, table, delay=delay, auto=auto))
    nav.register("result", lambda table: overlays.ResultScene(app, table))
    nav.register("pause", lambda table: overlays.PauseScene(app, table))
    nav.register("lookback", lambda table: LookbackScene(app, table))
    nav.register("movelog", lambda table: MoveLogScene(app, table))
