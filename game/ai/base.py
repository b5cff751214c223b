"""What every bot shares: levels, settings, the bot protocol, decisions with reasons, and
the per-decision random generator that makes bots replay identically.

A bot is a pure function of what its seat may know: ``choose(view, legal_actions,
public_history)``. It keeps no hidden memory between calls (caches only), so a saved game
reloaded in the middle continues with the same decisions, and the no-peeking test can call
it on any position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.ai.knowledge import HistoryReader
from game.engine.actions import Action
from game.engine.events import Event

EASY = "easy"
NORMAL = "normal"
HARD = "hard"
LEVELS = (EASY, NORMAL, HARD)

DEFAULT_BUDGET_MS = 400.0

StopCheck = Callable[[], bool]
"""Asked between units of work; True means "answer now" (the table cancelled or the
budget ran out)."""


@dataclass(frozen=True)
class BotSettings:
    """How hard a Hard bot thinks. ``rollouts`` > 0 fixes the number of sampled worlds per
    decision (reproducible tournaments); 0 uses the wall-clock ``budget_ms`` (the table)."""

    budget_ms: float = DEFAULT_BUDGET_MS
    rollouts: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.budget_ms < float("inf"):  # nan and inf would never answer
            raise ValueError("the thinking budget must be a positive number of milliseconds")
        if self.rollouts < 0:
            raise ValueError("the rollout count cannot be negative")


@dataclass(frozen=True)
class Decision:
    """An action with the reason behind it: a translation key, its parameters, and the
    English sentence (the table translates the key later)."""

    action: Action
    key: str = "hint.only_move"
    text: str = "It is the only sensible move."
    params: tuple[tuple[str, str], ...] = field(default=())


def decision(action: Action, key: str, text: str, **params: Any) -> Decision:
    """A Decision whose English ``text`` is filled from ``params`` (``{card}`` etc.)."""
    values = {name: str(value) for name, value in params.items()}
    return Decision(action, key, text.format(**values), tuple(sorted(values.items())))


class Bot(Protocol):
    level: str

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action: ...


_MIX = 0x9E3779B97F4A7C15


def decision_rng(seed: int, seat: int, moment: int, salt: int = 0) -> random.Random:
    """The generator for one decision: a function of the game's seed, the seat and how far
    the game has gone (the length of the public history), never of hidden cards."""
    value = seed
    for part in (seat, moment, salt):
        value = (value * _MIX + part + 1) & ((1 << 96) - 1)
    return random.Random(value)


class SeededBot:
    """What every level's bot starts from: the game's seed and its seat (its decisions'
    randomness comes from both, see :func:`decision_rng`)."""

    level = EASY

    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        self.seed, self.seat = seed, seat


class ExplainingBot(SeededBot):
    """A bot whose every move comes with its reason (the Normal bots): ``choose`` is the
    action of ``explain``, which subclasses write. ``reader`` keeps the public history
    read so far, so each decision reads only what is new."""

    level = NORMAL

    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        super().__init__(seed, seat, settings)
        self.reader = HistoryReader()

    def explain(
        self, view: Any, legal_actions: Sequence[Action], public_history: Sequence[Event]
    ) -> Decision:
        raise NotImplementedError

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        return self.explain(view, legal_actions, public_history).action
