"""Kalooki bots: Easy and Normal (policy.py, steering by plan.py), Hard (hard.py)."""

from __future__ import annotations

from typing import Any

from game.ai.base import EASY, NORMAL, Bot, BotSettings, Decision
from game.ai.kalooki.policy import KalookiEasy, KalookiNormal
from game.ai.registry import BotKit


def _make(level: str, seed: int, seat: int, settings: BotSettings) -> Bot:
    if level == EASY:
        return KalookiEasy(seed, seat, settings)
    if level == NORMAL:
        return KalookiNormal(seed, seat, settings)
    from game.ai.kalooki.hard import KalookiHard

    return KalookiHard(seed, seat, settings)


def _explain(view: Any, legal: list, history: list) -> Decision:
    return KalookiNormal(0, view.seat).explain(view, legal, history)


KIT = BotKit("kalooki", _make, _explain)
