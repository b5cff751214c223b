"""Indian Rummy bots: Easy and Normal (policy.py), Hard (hard.py)."""

from __future__ import annotations

from typing import Any

from game.ai.base import EASY, NORMAL, Bot, BotSettings, Decision
from game.ai.indian_rummy.policy import IndianEasy, IndianNormal
from game.ai.registry import BotKit


def _make(level: str, seed: int, seat: int, settings: BotSettings) -> Bot:
    if level == EASY:
        return IndianEasy(seed, seat, settings)
    if level == NORMAL:
        return IndianNormal(seed, seat, settings)
    from game.ai.indian_rummy.hard import IndianHard

    return IndianHard(seed, seat, settings)


def _explain(view: Any, legal: list, history: list) -> Decision:
    return IndianNormal(0, view.seat).explain(view, legal, history)


KIT = BotKit("indian_rummy", _make, _explain)
