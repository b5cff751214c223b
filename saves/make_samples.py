"""Write the sample saves: one mid-deal position per registered game.

    python saves/make_samples.py            # every registered game
    python saves/make_samples.py kalooki    # just these

Each sample is a seeded game played by the play-out bot into a deal and stopped there
with the human seat to play, so ``card-parlour --load saves/sample-<game>.json`` opens
a real table. The tests load every sample; rerun this after a rules change that alters
how a seeded game unfolds.
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

from game.ai.playout import PlayoutBot
from game.engine.actions import NextDeal
from game.games.registry import GAMES, get_game
from game.persist.savedgame import SavedGame, Seat
from game.persist.saveformat import save_to_dict
from game.persist.store import write_json

FOLDER = Path(__file__).resolve().parent
SEED = 2024
NAMES = ("You", "Ada", "花子", "Bram", "Cleo", "Dev", "Eun", "Femi", "Gus", "Hiro", "Ines", "Jo")
LEVELS = ("easy", "normal", "hard")
MIN_MOVES = 24  # far enough in for melds on the table in most games
STAMP = datetime(2025, 1, 1, 12, 0, tzinfo=timezone.utc)  # fixed: reruns change nothing


def sample_path(game_id: str) -> Path:
    return FOLDER / f"sample-{game_id}.json"


def play_to_mid_deal(game_id: str, seed: int = SEED) -> SavedGame:
    """A seeded game at least MIN_MOVES in, stopped during a deal with seat 0 to play
    (in the first deal that lasts that long: a quick deal is played through)."""
    info = get_game(game_id)
    options = info.options()
    rules = info.rules
    state = rules.new_game(options, seed)
    bot = PlayoutBot(seed)
    log = []
    for _ in range(10_000):
        actions = rules.legal_actions(state)
        ending = any(isinstance(a, NextDeal) for a in actions)
        if len(log) >= MIN_MOVES and state.to_act == 0 and not ending:
            break
        if state.finished:
            raise RuntimeError(f"{game_id}: the game ended before a mid-deal point")
        action = bot.choose(actions)
        state, _events = rules.apply(state, action)
        log.append(action)
    seats = tuple(
        Seat(NAMES[i], "human" if i == 0 else LEVELS[i % len(LEVELS)])
        for i in range(options.players)
    )
    return SavedGame(game_id, options, seed, seats, tuple(log), state, name=f"{info.title} sample")


def write_sample(game_id: str) -> Path:
    path = sample_path(game_id)
    write_json(path, save_to_dict(play_to_mid_deal(game_id), STAMP))
    return path


def main(argv: list[str]) -> int:
    for game_id in argv or list(GAMES):
        print(f"wrote {write_sample(game_id)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
