"""A seeded play-out bot for tests and simulations: random among the legal actions, but
it prefers moves that put cards on the table so that games finish, and when it discards
it usually throws the first discard listed (games list their most sensible one first)."""

from __future__ import annotations

import random

from game.engine.actions import Action

# Moves that make progress towards the end of a deal, by class name (each game has its own).
PROGRESS = frozenset({"LayDown", "LayOff", "Declare", "Tack", "Capture", "DeclareDead"})


class PlayoutBot:
    def __init__(self, seed: int, eagerness: float = 0.9) -> None:
        self.rng = random.Random(seed)
        self.eagerness = eagerness

    def choose(self, actions: list[Action]) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        progress = [a for a in actions if type(a).__name__ in PROGRESS]
        if progress and self.rng.random() < self.eagerness:
            return self.rng.choice(progress)
        pick = self.rng.choice(actions)
        if type(pick).__name__ == "Discard" and self.rng.random() < self.eagerness:
            return next(a for a in actions if type(a).__name__ == "Discard")
        return pick
