"""Which bots each game has: the module its manifest names (``GameInfo.bots``) exposes
``KIT`` (a :class:`BotKit`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from game.ai.base import LEVELS, Bot, BotSettings, Decision
from game.ai.throwback import KeepsTaken
from game.games.registry import get_game


@dataclass(frozen=True)
class BotKit:
    """One game's bots: ``make(level, seed, seat, settings)`` builds a bot; ``explain``
    returns what Normal would do in a position, with the reason."""

    game_id: str
    make: Callable[[str, int, int, BotSettings], Bot]
    explain: Callable[[Any, list, list], Decision]


def kit_for(game_id: str) -> BotKit:
    kit: BotKit = import_module(get_game(game_id).bots).KIT
    return kit


def make_bot(
    game_id: str, level: str, seed: int, seat: int, settings: BotSettings | None = None
) -> Bot:
    """A bot for ``seat`` of a game seeded with ``seed`` (the same game replays the same)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    bot = kit_for(game_id).make(level, seed, seat, settings or BotSettings())
    return KeepsTaken(bot)  # no level throws back the discard it took (throwback.py)
