"""Running a game without a table: used by the simulator, benchmarks and tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action
from game.engine.game import AnyRules


@dataclass
class PlayedGame:
    state: Any
    actions: list[Action] = field(default_factory=list)
    steps: int = 0


def play_out(
    rules: AnyRules,
    state: Any,
    choose: Callable[[Any, list[Action]], Action],
    max_steps: int = 200_000,
    on_step: Callable[[Any, Action, Any], None] | None = None,
) -> PlayedGame:
    """Apply ``choose(state, legal_actions)`` until the game ends or ``max_steps``."""
    record = PlayedGame(state)
    while not rules.finished(state) and record.steps < max_steps:
        action = choose(state, rules.legal_actions(state))
        new_state, _events = rules.apply(state, action)
        if on_step is not None:
            on_step(state, action, new_state)
        state = new_state
        record.actions.append(action)
        record.steps += 1
    record.state = state
    return record
