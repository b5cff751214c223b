"""Every scene of the shell with a way to make it: for the self-test and snapshots."""

from __future__ import annotations

from collections.abc import Callable

from game.app.i18n import tr_or
from game.app.scenes.base import Scene
from game.app.ui.widgets import Control, segment_widths, segmented
from game.games.registry import GAMES


def game_ids() -> list[str]:
    """Registered games in the order the menus show them (their manifests' order)."""
    return list(GAMES)


def game_tabs(manager, left: int, current: str) -> Control:
    """The row of game tabs at the top of a page (Rules, Statistics), ``current`` chosen."""
    ids = game_ids()
    labels = [tr_or(f"games.{gid}.name", GAMES[gid].title) for gid in ids]
    return segmented(
        manager,
        "game",
        (left, 96),
        list(zip(ids, labels)),
        current,
        widths=segment_widths(labels, minimum=120, padding=30),
        height=38,
        plain=True,
    )


def every_scene(app) -> list[tuple[str, Callable[[], Scene]]]:
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
        scenes.append((f"new_game_{game_id}", lambda g=game_id: NewGameScene(app, g)))
    scenes.append(("settings", lambda: SettingsScene(app)))
    for game_id in game_ids():
        scenes.append((f"rules_{game_id}", lambda g=game_id: RulesScene(app, g)))
    scenes.append(("statistics", lambda: StatisticsScene(app)))
    scenes.append(("load", lambda: LoadScene(app)))
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
    """The card table (a late Kaluki deal), the hand-off, the deal summary and results."""
    from game.app.scenes.deal_summary import DealSummaryScene
    from game.app.scenes.game_over import GameOverScene
    from game.app.table.handoff import HandoffScene
    from game.app.table.indian_rummy.showcase import catalogue_scenes as indian_rummy_scenes
    from game.app.table.kalooki.showcase import catalogue as kalooki_scenes
    from game.app.table.kaluki import KalukiTable
    from game.app.table.laugh_and_lie_down.showcase import catalogue as laugh_scenes
    from game.app.table.showcase import late_kaluki_session, sample_result, sample_summary

    def table(players: int) -> Scene:
        scene = KalukiTable(app, late_kaluki_session(players))
        scene.ai_pause = 1e9  # a still picture: the AI seats wait
        return scene

    return [
        ("table_kaluki_2", lambda: table(2)),
        ("table_kaluki_6", lambda: table(6)),
        ("handoff", lambda: HandoffScene(app, "Priya", lambda: None)),
        ("deal_summary", lambda: DealSummaryScene(app, sample_summary(), lambda: None)),
        ("game_over", lambda: GameOverScene(app, sample_result(), lambda: None, lambda: None)),
        *laugh_scenes(app),
        *kalooki_scenes(app),
        *indian_rummy_scenes(app),
    ]
