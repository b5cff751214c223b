"""A finished (or unfinished) game replayed from its seed and log, to look back over:
every position in order, stepped forward and back, a jump to the start of any deal.

Pure like the rest of the engine: the rules deal the game again from its options and
seed and apply each logged action; nothing is stored that the log does not say. A log
the rules refuse raises ``IllegalAction`` (a save's log was checked when it loaded).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.events import DealStarted, Event
from game.engine.game import AnyRules


@dataclass(frozen=True)
class Step:
    """One position: the state after ``action`` (None for the deal of the first hand),
    played by ``seat``, with the events it caused."""

    state: Any
    action: Action | None
    seat: int | None
    events: tuple[Event, ...]
    deal: int  # the deal this position belongs to (1 for the first)


class Replay:
    """Every position of one game; ``at`` is the position shown."""

    def __init__(self, rules: AnyRules, options: Any, seed: int, log: tuple[Action, ...]) -> None:
        state, events = rules.start(options, seed)
        self.rules = rules
        self.steps: list[Step] = [Step(state, None, None, tuple(events), _deal_of(state, 1))]
        for action in log:
            seat = rules.to_act(state)
            state, caused = rules.apply(state, action)
            deal = _deal_of(state, self.steps[-1].deal)
            self.steps.append(Step(state, action, seat, tuple(caused), deal))
        self.at = 0

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def step(self) -> Step:
        return self.steps[self.at]

    @property
    def state(self) -> Any:
        return self.step.state

    @property
    def deals(self) -> list[int]:
        """The deals of the game, in order."""
        return sorted({step.deal for step in self.steps})

    def go(self, at: int) -> int:
        """Show position ``at`` (kept within the game); returns the position shown."""
        self.at = max(0, min(len(self.steps) - 1, at))
        return self.at

    def forward(self, moves: int = 1) -> int:
        return self.go(self.at + moves)

    def back(self, moves: int = 1) -> int:
        return self.go(self.at - moves)

    def deal_start(self, deal: int) -> int:
        """The first position of ``deal`` (its cards just dealt)."""
        for number, step in enumerate(self.steps):
            if step.deal >= deal:
                return number
        return len(self.steps) - 1

    def jump_to_deal(self, deal: int) -> int:
        return self.go(self.deal_start(deal))

    def next_deal(self) -> int:
        later = [deal for deal in self.deals if deal > self.step.deal]
        return self.jump_to_deal(later[0]) if later else self.go(len(self.steps) - 1)

    def previous_deal(self) -> int:
        """The start of this deal, or of the one before when already at its start."""
        start = self.deal_start(self.step.deal)
        if self.at > start:
            return self.go(start)
        earlier = [deal for deal in self.deals if deal < self.step.deal]
        return self.jump_to_deal(earlier[-1]) if earlier else self.go(0)


def _deal_of(state: Any, fallback: int) -> int:
    deal = getattr(state, "deal", None)
    return deal if isinstance(deal, int) and deal > 0 else fallback


def deal_started(events: tuple[Event, ...]) -> bool:
    return any(isinstance(event, DealStarted) for event in events)
