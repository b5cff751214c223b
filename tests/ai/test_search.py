"""The Hard search loop (game/ai/search.py) with a made-up game: its time budget holds
even when one world drags on, and a fixed number of worlds ignores the clock. The clock
is a made-up one too, so a busy machine cannot change what the tests see."""

from __future__ import annotations

import pytest

from game.ai import search
from game.ai.base import BotSettings, Decision, only_move
from game.ai.search import SearchBot, check_deadline
from game.engine.actions import Pass

NORMAL, OTHER = Pass(), "other"


class FakeClock:
    """Stands in for the ``time`` module in game/ai/search.py: time moves only when a
    made-up rollout says it does."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(search, "time", fake)
    return fake


class DraggingWorlds:
    """Two options; the third world's rollouts take a second, checking the clock as real
    rollouts do at every step (of a millisecond). The other option is always better by a
    wide margin."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.sampled = 0

    def normal(self, view, legal, knowledge) -> Decision:
        return only_move(NORMAL)

    def candidates(self, view, legal, knowledge, normal) -> list:
        return [NORMAL, OTHER]

    def sample(self, view, knowledge, rng) -> int:
        self.sampled += 1
        return self.sampled

    def outcome(self, world, action, seat, rng) -> float:
        for _step in range(1000 if world == 3 else 2):
            self.clock.now += 0.001
            check_deadline()
        return 10.0 + rng.random() if action == OTHER else rng.random()


def test_a_long_world_is_dropped_so_the_budget_holds(clock):
    bot = SearchBot(DraggingWorlds(clock), seed=1, seat=0, settings=BotSettings(budget_ms=100))
    move = bot.choose(None, [NORMAL, OTHER], [])
    assert clock.now < 0.11  # the budget was 0.1 s; the third world alone takes 1 s
    assert bot.last_worlds == 2 and move == OTHER  # two whole worlds, the third dropped


def test_a_fixed_number_of_worlds_ignores_the_clock(clock):
    bot = SearchBot(DraggingWorlds(clock), seed=1, seat=0, settings=BotSettings(rollouts=3))
    assert bot.choose(None, [NORMAL, OTHER], []) == OTHER and bot.last_worlds == 3
