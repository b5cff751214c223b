"""Laugh and Lie Down bots: Easy and Normal (policy.py), Hard (hard.py)."""

from __future__ import annotations

from typing import Any

from game.ai.base import EASY, NORMAL, Bot, BotSettings, Decision
from game.ai.laugh_and_lie_down.policy import LaughEasy, LaughNormal
from game.ai.registry import BotKit


def _make(level: str, seed: int, seat: int, settings: BotSettings) -> Bot:
    if level == EASY:
        return LaughEasy(seed, seat, settings)
    if level == NORMAL:
        return LaughNormal(seed, seat, settings)
    from game.ai.laugh_and_lie_down.hard import LaughHard

    return LaughHard(seed, seat, settings)


def _explain(view: Any, legal: list, history: list) -> Decision:
    return LaughNormal(0, view.seat).explain(view, legal, history)


KIT = BotKit("laugh_and_lie_down", _make, _explain)
