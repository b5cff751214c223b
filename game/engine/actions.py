"""Typed actions shared by the games. Each game adds its own in its package.

An action is a small frozen dataclass; it never names the seat: the engine applies it
for the seat whose turn it is (``state.to_act``). Every subclass is registered by name
so saves can store the action log as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.cards import Card
from game.engine.melds import Meld

STOCK = "stock"
DISCARD = "discard"


@dataclass(frozen=True)
class Action:
    registry: ClassVar[dict[str, type[Action]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        Action.registry[cls.__name__] = cls


@dataclass(frozen=True)
class Draw(Action):
    source: str = STOCK  # STOCK or DISCARD


@dataclass(frozen=True)
class Discard(Action):
    card: Card


@dataclass(frozen=True)
class LayDown(Action):
    """Put melds from hand on the table, all at once (a first meld or a contract)."""

    melds: tuple[Meld, ...]


@dataclass(frozen=True)
class LayOff(Action):
    """Add cards from hand to meld number ``target`` on the table; ``result`` is the
    meld afterwards (None lets the engine pick when only one reading exists)."""

    target: int
    cards: tuple[Card, ...]
    result: Meld | None = None


@dataclass(frozen=True)
class SwapJoker(Action):
    """Put ``card`` from hand in place of the joker standing for it in meld ``target``."""

    target: int
    card: Card


@dataclass(frozen=True)
class Pass(Action):
    pass


@dataclass(frozen=True)
class NextDeal(Action):
    """Leave the end-of-deal summary and deal the next hand."""
