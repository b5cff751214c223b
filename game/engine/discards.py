"""The discards seen this deal, per player (what rummy apps call the discard history),
read from the deal's events: every card a player threw face up on the discard pile,
in order, and who took it back up if anyone did. Pure: the table and tests feed it the
events of the moves played."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.events import CardMoved, DealStarted, Event
from game.engine.zone_names import seat_in

PILE = "discard"


@dataclass(frozen=True)
class Thrown:
    card: Card
    seat: int  # who threw it
    taken_by: int | None = None  # who took it from the pile afterwards


def _seat_of(zone: str) -> int | None:
    return seat_in(zone, "hand")


def discards_this_deal(moves: Sequence[Iterable[Event]]) -> list[Thrown]:
    """Every card thrown since the last deal began (``moves``: each move's events, in
    order), oldest first."""
    thrown: list[Thrown] = []
    for events in moves:
        for event in events:
            if isinstance(event, DealStarted):
                thrown = []
            elif isinstance(event, CardMoved) and event.card is not None:
                source, target = _seat_of(event.src), _seat_of(event.dst)
                if event.dst == PILE and source is not None and event.face_up:
                    thrown.append(Thrown(event.card, source))
                elif event.src == PILE and target is not None:
                    for index in range(len(thrown) - 1, -1, -1):
                        if thrown[index].card == event.card and thrown[index].taken_by is None:
                            thrown[index] = Thrown(event.card, thrown[index].seat, target)
                            break
    return thrown


def by_seat(thrown: Sequence[Thrown], seats: int) -> list[list[Thrown]]:
    """The thrown cards grouped by who threw them, each player's in order."""
    rows: list[list[Thrown]] = [[] for _ in range(seats)]
    for item in thrown:
        if 0 <= item.seat < seats:
            rows[item.seat].append(item)
    return rows
