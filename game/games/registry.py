"""Every game the app offers, one line each. Each game package exposes ``INFO``, its
manifest (a GameInfo); the rest of the app finds the game's bots, table and tools there."""

from __future__ import annotations

from importlib import import_module

from game.engine.game import GameInfo

GAME_PACKAGES = ("kaluki", "laugh_and_lie_down", "kalooki", "indian_rummy")

# In the manifests' order (the menus, the title's tiles, the tools all show this one).
GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in sorted(
        (import_module(f"game.games.{name}").INFO for name in GAME_PACKAGES),
        key=lambda info: info.order,
    )
}


def get_game(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; choose one of: {known}") from None


def import_named(path: str) -> object:
    """The object a manifest names: ``"package.module"`` or ``"package.module:Name"``."""
    module, _, name = path.partition(":")
    loaded = import_module(module)
    return getattr(loaded, name) if name else loaded
