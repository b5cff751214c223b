"""The card tables: one framework (``table_scene.TableScene`` and its helpers) and a thin
table per game. ``App.start_game`` and ``App.resume_game`` call :func:`start_table` and
:func:`resume_table` here.

To add a game's table, subclass ``GameHooks`` (``hooks.py``) in
``game/app/table/<game id>/hooks.py`` and name it in the game's manifest
(``GameInfo.table``, e.g. ``"game.app.table.kaluki:KalukiHooks"``; see docs/TABLE.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from game.app.session import GameSession
from game.app.session_like import SessionLike
from game.app.setup import GameSetup
from game.games.registry import get_game, import_named

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.net_session import NetSession
    from game.app.table.hooks import GameHooks
    from game.app.table.table_scene import TableScene
    from game.persist.savedgame import SavedGame


def table_class(game_id: str) -> type[GameHooks]:
    """The game's hooks the manifest names."""
    return cast("type[GameHooks]", import_named(get_game(game_id).table))


def make_table(app: App, session: SessionLike) -> TableScene:
    """The table scene for ``session``'s game, with the hooks its manifest names (not yet
    on screen)."""
    from game.app.table.table_scene import TableScene

    return TableScene(app, session, table_class(session.setup.game_id))


def open_table(app: App, session: SessionLike, autosave: Path | None = None) -> TableScene:
    """Put the table on screen over the title (Quit to title and Menu come back to it).
    ``autosave``: the game's autosave file when it is a game in progress continued
    (it goes on writing there); otherwise the table starts a file of its own."""
    table = make_table(app, session)
    if autosave is not None:
        table.autosaver.path = autosave
    app.to_title()
    app.stack.push(table)
    return table


def start_table(app: App, setup: GameSetup) -> TableScene:
    """Sit down at a new game."""
    return open_table(app, GameSession(setup))


def resume_table(app: App, saved: SavedGame, autosave: Path | None = None) -> TableScene:
    """Continue a saved game exactly where it was, the hands as their players left them.
    A game in progress (``autosave``, its file) goes on in its file; a named save or a
    sample goes on in a new one, so the slot and any other game stay as they were."""
    session = GameSession.resume(saved)
    table = open_table(app, session, autosave)
    table.restore_hands(saved.hand_groups)
    if session.free_undo and saved.undo_hands:  # undo puts the cards back exactly
        table.restore_undo_arrangements(saved.setup.humans[0], saved.undo_hands)
    return table


def open_net_table(app: App, session: NetSession) -> TableScene:
    """Sit down at a networked table (the Join / Host screens call this once the game has
    begun: a ``Synced`` is in the client's inbox or already taken by ``session``). The
    game's ordinary table, for this seat's view only: the server plays the AI seats and
    keeps the game; the table keeps the seat's rejoin record beside the saves."""
    table = open_table(app, session)
    from game.app.table.rejoin import remember

    remember(app.paths, session)
    return table
