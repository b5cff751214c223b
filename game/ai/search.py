"""Hard bots: determinised search on top of Normal's reading.

For a decision with more than one sensible option (Normal's short list), sample worlds
consistent with everything the seat has seen (the others' hands and the stock order
drawn from the unseen cards), play each option in each world and finish the deal with a
fast policy for every seat, and keep the option with the best average outcome. Every
option is tried in the same worlds with the same random draws afterwards (common random
numbers), so the comparison measures the options, not the luck; and Normal's choice
stands unless another option beats it by more than the sampling error.

Budget: a wall-clock time per decision (the table; the loop stops before the next world
would overrun it) or a fixed number of worlds (tournaments: then the decision depends
only on the seed, so games replay exactly).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, Protocol

from game.ai.base import HARD, BotSettings, Decision, StopCheck, decision, decision_rng
from game.ai.knowledge import DealKnowledge, HistoryReader
from game.engine.actions import Action
from game.engine.events import Event

SEARCH_SALT = 7
CONFIDENCE = 1.0  # standard errors by which an option must beat Normal's choice
# When a timed decision must end (per thread: each bot thinks on its own worker).
_DEADLINE: ContextVar[float | None] = ContextVar("search_deadline", default=None)


class OutOfTime(Exception):
    """A rollout ran past the decision's deadline: its world is dropped."""


def check_deadline() -> None:
    """Called by rollouts at every step: one rare, long world (a deal that drags on)
    must not overrun the thinking time, so it is abandoned instead."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.perf_counter() > deadline:
        raise OutOfTime


class WorldModel(Protocol):
    """What the search needs from a game."""

    def normal(self, view: Any, legal: Sequence[Action], knowledge: DealKnowledge) -> Decision:
        """Normal's decision (the fallback, and the first candidate)."""

    def candidates(
        self, view: Any, legal: Sequence[Action], knowledge: DealKnowledge, normal: Decision
    ) -> list[Action]:
        """The options worth searching, Normal's choice first ([] or one: answer at once)."""

    def sample(self, view: Any, knowledge: DealKnowledge, rng: random.Random) -> Any:
        """A full state consistent with the view and the public history."""

    def outcome(self, world: Any, action: Action, seat: int, rng: random.Random) -> float:
        """Play ``action`` in ``world``, finish (or look far enough ahead) with the fast
        policy, and score the result for ``seat`` (higher is better)."""


class SearchBot:
    """A Hard bot for any game with a :class:`WorldModel`."""

    level = HARD

    def __init__(
        self, model: WorldModel, seed: int, seat: int, settings: BotSettings | None = None
    ) -> None:
        self.model = model
        self.seed, self.seat = seed, seat
        self.settings = settings or BotSettings()
        self.reader = HistoryReader()
        self.last_worlds = 0  # worlds searched for the last decision (for tests and tuning)
        self.confidence = CONFIDENCE

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        return self.decide(view, legal_actions, public_history, stop).action

    def decide(
        self,
        view: Any,
        legal: Sequence[Action],
        history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Decision:
        start = time.perf_counter()
        knowledge = self.reader.update(history)
        normal = self.model.normal(view, legal, knowledge)
        self.last_worlds = 0
        options = self.model.candidates(view, legal, knowledge, normal)
        if len(options) <= 1:
            return normal
        rng = decision_rng(self.seed, self.seat, len(history), SEARCH_SALT)
        values: list[list[float]] = [[] for _ in options]
        worlds, slowest = 0, 0.0
        budget = self.settings.budget_ms / 1000
        fixed = self.settings.rollouts
        token = _DEADLINE.set(None if fixed else start + budget)
        try:
            while True:
                if fixed and worlds >= fixed:
                    break
                now = time.perf_counter()
                if not fixed and now + slowest > start + budget:
                    break
                if stop is not None and stop():
                    break
                world = self.model.sample(view, knowledge, rng)
                follow = rng.getrandbits(64)
                # all options' outcomes first: a world cut short by the deadline adds none
                outcomes = [
                    self.model.outcome(world, option, self.seat, random.Random(follow))
                    for option in options
                ]
                for index, outcome in enumerate(outcomes):
                    values[index].append(outcome)
                worlds += 1
                slowest = max(slowest, time.perf_counter() - now)
        except OutOfTime:
            pass  # the unfinished world is dropped: every option keeps the same worlds
        finally:
            _DEADLINE.reset(token)
        self.last_worlds = worlds
        best = choose_option(values, self.confidence)
        if best == 0:
            return normal
        return decision(options[best], "hint.search", worlds=worlds)


def choose_option(values: list[list[float]], confidence: float) -> int:
    """The option with the best mean outcome, but Normal's (index 0) unless the best
    beats it clearly: the mean of the paired differences (same worlds) must exceed
    ``confidence`` standard errors, so sampling noise alone seldom overrules Normal."""
    worlds = len(values[0])
    if worlds < 2:
        return 0
    means = [sum(v) / worlds for v in values]
    best = max(range(len(values)), key=lambda i: (means[i], -i))
    if best == 0:
        return 0
    diffs = [b - a for a, b in zip(values[0], values[best], strict=True)]
    mean = sum(diffs) / worlds
    spread = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
    error = (spread / worlds) ** 0.5
    return best if mean > confidence * error else 0
