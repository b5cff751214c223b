"""A stand-in for games whose own bots are not written yet: it prefers moves that put
cards on the table, otherwise picks a seeded random legal move. Every level plays alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.base import Bot, BotSettings, Decision, StopCheck, decision_rng
from game.ai.playout import PROGRESS
from game.engine.actions import Action
from game.engine.events import Event


class GenericBot:
    def __init__(self, level: str, seed: int, seat: int) -> None:
        self.level, self.seed, self.seat = level, seed, seat

    def explain(
        self, view: Any, legal_actions: Sequence[Action], public_history: Sequence[Event]
    ) -> Decision:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        rng = decision_rng(self.seed, self.seat, len(public_history), len(legal_actions))
        progress = [a for a in legal_actions if type(a).__name__ in PROGRESS]
        if progress:
            return Decision(rng.choice(progress), "hint.generic.progress", "Put cards down.")
        return Decision(rng.choice(list(legal_actions)), "hint.generic.any", "Any move will do.")

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        return self.explain(view, legal_actions, public_history).action


def generic_kit(game_id: str):
    from game.ai.registry import BotKit

    def make(level: str, seed: int, seat: int, _settings: BotSettings) -> Bot:
        return GenericBot(level, seed, seat)

    def explain(view: Any, legal: list, history: list) -> Decision:
        return GenericBot("normal", 0, getattr(view, "seat", 0)).explain(view, legal, history)

    return BotKit(game_id, make, explain)
