"""Every game the app offers. Each game package exposes ``INFO`` (a GameInfo)."""

from __future__ import annotations

from importlib import import_module

from game.engine.game import GameInfo

GAME_PACKAGES = ("kaluki", "laugh_and_lie_down", "kalooki", "indian_rummy")

GAMES: dict[str, GameInfo] = {
    info.id: info for info in (import_module(f"game.games.{name}").INFO for name in GAME_PACKAGES)
}


def get_game(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; choose one of: {known}") from None
