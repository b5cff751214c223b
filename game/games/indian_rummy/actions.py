"""Indian Rummy's own moves (besides ``Draw``, ``Discard`` and ``NextDeal``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.cards import Card


@dataclass(frozen=True)
class Declare(Action):
    """Discard ``discard`` and show the other 13 cards as runs and sets; the engine finds
    the arrangement, so a valid hand is never refused for being laid out badly."""

    discard: Card


@dataclass(frozen=True)
class Pack(Action):
    """Drop out of the deal before drawing (10 or 20 on a first turn, 40 later)."""


@dataclass(frozen=True)
class JoinTable(Action):
    """Between rounds: seat a player. A name that left earlier in the session comes back
    with its seat number and balance; a new name gets a new seat."""

    name: str


@dataclass(frozen=True)
class LeaveTable(Action):
    """Between rounds: ``seat`` leaves the table, keeping their balance on the sheet."""

    seat: int


def leaving_seat(action: Action) -> int | None:
    """The seat ``action`` takes away from the table, if it is a LeaveTable."""
    return action.seat if isinstance(action, LeaveTable) else None


@dataclass(frozen=True)
class Rejoin(Action):
    """Pool, between deals: the eliminated player asked comes back, at the highest score
    left plus one."""


@dataclass(frozen=True)
class StayOut(Action):
    """Pool, between deals: the eliminated player asked declines to rejoin."""


@dataclass(frozen=True)
class AgreeSplit(Action):
    """Pool, with 2 or 3 players left: the player asked agrees to split the pool."""


@dataclass(frozen=True)
class DeclineSplit(Action):
    """Pool: the player asked wants to play on (one No and the pool goes on)."""
