"""The command line's save flags: ``--check-save PATH`` and ``--load PATH``.

``--check-save`` answers one question for support and packagers: does this file load?
Exit 0 when it loads cleanly, 2 when it does not (damaged, unreadable or missing), with
the reason. Neither flag ever moves or changes the file: it is the player's own file,
wherever they keep it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from game.games.registry import GAMES
from game.persist.savedgame import SavedGame
from game.persist.saveformat import current_deal
from game.persist.saves import load_save
from game.persist.store import StoreError

EXIT_OK = 0
EXIT_DAMAGED = 2


def describe(saved: SavedGame) -> str:
    """One line about a loaded game: "Kaluki, 4 players (Ann, Bob, ...), deal 3, ..."."""
    info = GAMES[saved.game_id]
    players = ", ".join(seat.name for seat in saved.seats)
    deal = current_deal(info, saved.state)
    where = "finished" if saved.state.finished else f"deal {deal}" if deal else "in progress"
    to_act = saved.state.to_act
    turn = f", {saved.seats[to_act].name} to play" if to_act is not None else ""
    moves = len(saved.log)
    return f"{info.title}, {len(saved.seats)} players ({players}), {where}{turn}, {moves} moves"


def say(text: str, stream: TextIO | None) -> None:
    """Print even where the console cannot show every character (names in Japanese on a
    Windows code page), and do nothing where there is no console (a windowed build)."""
    if stream is None:
        return
    try:
        print(text, file=stream)
    except UnicodeEncodeError:
        print(text.encode("ascii", "backslashreplace").decode("ascii"), file=stream)


def check_save_command(path: Path, out: TextIO | None = None, err: TextIO | None = None) -> int:
    try:
        saved = load_save(path)
    except StoreError as error:
        say(f"{path}: damaged: {error.reason}", err or sys.stderr)
        return EXIT_DAMAGED
    say(f"{path}: loads cleanly: {describe(saved)}", out or sys.stdout)
    return EXIT_OK


def load_for_play(path: Path, err: TextIO | None = None) -> SavedGame | None:
    """The game ``--load`` asks for, or None after printing why it cannot be opened."""
    try:
        return load_save(path)
    except StoreError as error:
        say(f"card-parlour: cannot open {path}: {error.reason}", err or sys.stderr)
        return None
