"""``python -m game.tools.showcase FOLDER [GAME ...]``: every game's screenshots (or the
games named) into FOLDER, each through the showcase module its manifest names."""

from __future__ import annotations

import sys
from importlib import import_module

from game.games.registry import GAMES, get_game


def main(arguments: list[str]) -> int:
    folder = arguments[0] if arguments else "screenshots"
    for game_id in arguments[1:] or list(GAMES):
        for written in import_module(get_game(game_id).showcase).render_screenshots(folder):
            print(written)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
