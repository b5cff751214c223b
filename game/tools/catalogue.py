"""Every scene of the app with a way to make it, for the self-test and the snapshots:
the shell's screens, then each game's own (its showcase module's ``catalogue``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module

from game.app.scenes.base import Scene
from game.app.scenes.game_tabs import game_ids
from game.games.registry import GAMES
from game.tools.online_showcase import online_scenes


def every_scene(app) -> list[tuple[str, Callable[[], Scene]]]:
    """Every scene of the app, in both languages' self-test and snapshots."""
    from game.app.i18n import tr
    from game.app.scenes.dialog import ConfirmDialog, MessageDialog
    from game.app.scenes.load import LoadScene
    from game.app.scenes.new_game import NewGameScene
    from game.app.scenes.rules import RulesScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.statistics import StatisticsScene
    from game.app.scenes.title import TitleScene

    scenes: list[tuple[str, Callable[[], Scene]]] = [("title", lambda: TitleScene(app))]
    for game_id in game_ids():
        scenes.append((f"new_game_{game_id}", partial(NewGameScene, app, game_id)))
    scenes.append(("settings", lambda: SettingsScene(app)))
    for game_id in game_ids():
        scenes.append((f"rules_{game_id}", partial(RulesScene, app, game_id)))
    scenes.append(("statistics", lambda: StatisticsScene(app)))
    scenes.append(("load", lambda: LoadScene(app)))
    scenes.extend(online_scenes(app))
    scenes.append(
        (
            "dialog",
            lambda: MessageDialog(app, tr("new_game.cannot_start"), [tr("new_game.impossible")]),
        )
    )
    scenes.append(
        (
            "confirm",
            lambda: ConfirmDialog(app, tr("title.quit_title"), [tr("title.quit_body")], app.quit),
        )
    )
    scenes.extend(table_scenes(app))
    return scenes


def table_scenes(app) -> list[tuple[str, Callable[[], Scene]]]:
    """The hand-off, then every game's tables and end screens, in the menus' order."""
    from game.app.table.handoff import HandoffScene

    scenes: list[tuple[str, Callable[[], Scene]]] = [
        ("handoff", lambda: HandoffScene(app, "Priya", lambda: None))
    ]
    for info in GAMES.values():
        scenes.extend(import_module(info.showcase).catalogue(app))
    return scenes
