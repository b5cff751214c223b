"""Kalooki's own moves: calling the discard out of turn, and tacking a joker."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.cards import Card


@dataclass(frozen=True)
class Call(Action):
    """The seat asked calls the top discard (it has not laid down and has calls left)."""


@dataclass(frozen=True)
class DeclineCall(Action):
    """The seat asked lets the top discard go."""


@dataclass(frozen=True)
class AllowCall(Action):
    """The active player lets the caller have the discard (plus a penalty card)."""


@dataclass(frozen=True)
class DenyCall(Action):
    """The active player, not yet laid down, takes the called discard as their draw."""


@dataclass(frozen=True)
class Tack(Action):
    """Put ``card`` from hand in place of the joker standing for it in four ``target``;
    the joker moves to the top end of that four (the bottom end once it reaches the ace)."""

    target: int
    card: Card
