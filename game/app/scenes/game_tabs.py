"""The games in menu order and the row of game tabs (Rules, Statistics)."""

from __future__ import annotations

from game.app.i18n import tr_or
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
