"""The Hard search loop (game/ai/search.py) with a made-up game: its time budget holds
even when one world drags on, and a fixed number of worlds ignores the clock."""

from __future__ import annotations

import time

from game.ai.base import BotSettings, Decision
from game.ai.search import SearchBot, check_deadline
from game.engine.actions import Pass

NORMAL, OTHER = Pass(), "other"


class DraggingWorlds:
    """Two options; the third world's rollouts take a second, checking the clock as real
    rollouts do at every step. The other option is always better by a wide margin."""

    def __init__(self) -> None:
        self.sampled = 0

    def normal(self, view, legal, knowledge) -> Decision:
        return Decision(NORMAL)

    def candidates(self, view, legal, knowledge, normal) -> list:
        return [NORMAL, OTHER]

    def sample(self, view, knowledge, rng) -> int:
        self.sampled += 1
        return self.sampled

    def outcome(self, world, action, seat, rng) -> float:
        ends = time.perf_counter() + (1.0 if world == 3 else 0.002)
        while time.perf_counter() < ends:
            check_deadline()
        return 10.0 + rng.random() if action == OTHER else rng.random()


def test_a_long_world_is_dropped_so_the_budget_holds():
    bot = SearchBot(DraggingWorlds(), seed=1, seat=0, settings=BotSettings(budget_ms=100))
    began = time.perf_counter()
    move = bot.choose(None, [NORMAL, OTHER], [])
    took = time.perf_counter() - began
    assert took < 0.2  # the third world alone would take a second
    assert bot.last_worlds == 2 and move == OTHER  # two whole worlds, the third dropped


def test_a_fixed_number_of_worlds_ignores_the_clock():
    bot = SearchBot(DraggingWorlds(), seed=1, seat=0, settings=BotSettings(rollouts=3))
    assert bot.choose(None, [NORMAL, OTHER], []) == OTHER and bot.last_worlds == 3
