"""The card tables: one framework (``table_scene.TableScene`` and its helpers) and a thin
table per game. ``App.start_game`` and ``App.resume_game`` call :func:`start_table` and
:func:`resume_table` here; a game without a table yet gets the "coming soon" message.

To add a game's table, subclass ``TableScene`` in ``game/app/table/<game id>.py`` and
list it in ``TABLES`` (see docs/TABLE.md).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.i18n import tr
from game.app.session import GameSession
from game.app.setup import GameSetup

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.table_scene import TableScene
    from game.persist.savedgame import SavedGame

TABLES = {
    "kaluki": "game.app.table.kaluki:KalukiTable",
    "kalooki": "game.app.table.kalooki:KalookiTable",
    "laugh_and_lie_down": "game.app.table.laugh_and_lie_down:LaughTable",
    "indian_rummy": "game.app.table.indian_rummy:IndianRummyTable",
}


def table_class(game_id: str) -> type[TableScene] | None:
    path = TABLES.get(game_id)
    if path is None:
        return None
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def open_table(app: App, session: GameSession, autosave: Path | None = None) -> TableScene | None:
    """Put the table on screen over the title (Quit to title and Menu come back to it).
    ``autosave``: the game's autosave file when it is a game in progress continued
    (it goes on writing there); otherwise the table starts a file of its own."""
    from game.app.scenes.title import TitleScene

    cls = table_class(session.setup.game_id)
    if cls is None:
        app.notify([tr("table.coming_body")], title=tr("table.coming_title"))
        return None
    table = cls(app, session)
    if autosave is not None:
        table.autosaver.path = autosave
    app.stack.reset(TitleScene(app))
    app.stack.push(table)
    return table


def start_table(app: App, setup: GameSetup) -> TableScene | None:
    """Sit down at a new game."""
    if table_class(setup.game_id) is None:
        app.notify([tr("table.coming_body")], title=tr("table.coming_title"))
        return None
    return open_table(app, GameSession(setup))


def resume_table(app: App, saved: SavedGame, autosave: Path | None = None) -> TableScene | None:
    """Continue a saved game exactly where it was, the hands as their players left them.
    A game in progress (``autosave``, its file) goes on in its file; a named save or a
    sample goes on in a new one, so the slot and any other game stay as they were."""
    if table_class(saved.game_id) is None:
        app.notify([tr("table.coming_body")], title=tr("table.coming_title"))
        return None
    table = open_table(app, GameSession.resume(saved), autosave)
    if table is not None:
        table.restore_hands(saved.hand_groups)
    return table
