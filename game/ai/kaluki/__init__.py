"""Kaluki bots: Easy (easy.py), Normal (normal.py) and Hard (hard.py: Normal's reading
plus determinised search)."""

from __future__ import annotations

from typing import Any

from game.ai.base import EASY, NORMAL, Bot, BotSettings, Decision
from game.ai.kaluki.easy import KalukiEasy
from game.ai.kaluki.normal import KalukiNormal
from game.ai.registry import BotKit


def _make(level: str, seed: int, seat: int, settings: BotSettings) -> Bot:
    if level == EASY:
        return KalukiEasy(seed, seat, settings)
    if level == NORMAL:
        return KalukiNormal(seed, seat, settings)
    from game.ai.kaluki.hard import KalukiHard

    return KalukiHard(seed, seat, settings)


def _explain(view: Any, legal: list, history: list) -> Decision:
    return KalukiNormal(0, view.seat).explain(view, legal, history)


KIT = BotKit("kaluki", _make, _explain)
