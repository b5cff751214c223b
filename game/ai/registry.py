"""Which bots each game has. Every game package under ``game/ai/<game id>`` exposes
``KIT`` (a :class:`BotKit`); games without one yet fall back to :mod:`game.ai.generic`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from game.ai.base import LEVELS, Bot, BotSettings, Decision

KIT_MODULES = {
    "kaluki": "game.ai.kaluki",
    "laugh_and_lie_down": "game.ai.laugh_and_lie_down",
    "kalooki": "game.ai.kalooki",
    "indian_rummy": "game.ai.indian_rummy",
}


@dataclass(frozen=True)
class BotKit:
    """One game's bots: ``make(level, seed, seat, settings)`` builds a bot; ``explain``
    returns what Normal would do in a position, with the reason."""

    game_id: str
    make: Callable[[str, int, int, BotSettings], Bot]
    explain: Callable[[Any, list, list], Decision]


def has_kit(game_id: str) -> bool:
    return game_id in KIT_MODULES


def kit_for(game_id: str) -> BotKit:
    module = KIT_MODULES.get(game_id)
    if module is None:
        from game.ai.generic import generic_kit

        generic: BotKit = generic_kit(game_id)
        return generic
    kit: BotKit = import_module(module).KIT
    return kit


def make_bot(
    game_id: str, level: str, seed: int, seat: int, settings: BotSettings | None = None
) -> Bot:
    """A bot for ``seat`` of a game seeded with ``seed`` (the same game replays the same)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    return kit_for(game_id).make(level, seed, seat, settings or BotSettings())
