"""What happened, described for the table (animations) and the log.

Zones are short strings: ``"stock"``, ``"discard"``, ``"hand:2"``, ``"meld:5"``,
``"layout"``, ``"captured:1"``, ``"set_aside:3"``. A card moved face down between hidden
zones is hidden from other seats by :func:`events_for`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.engine.cards import Card
from game.engine.messages import Message
from game.engine.zone_names import seat_in


@dataclass(frozen=True)
class Event:
    pass


@dataclass(frozen=True)
class CardMoved(Event):
    card: Card | None
    src: str
    dst: str
    face_up: bool = True


@dataclass(frozen=True)
class Shuffled(Event):
    zone: str
    count: int


@dataclass(frozen=True)
class DealStarted(Event):
    deal: int
    dealer: int


@dataclass(frozen=True)
class TurnStarted(Event):
    seat: int


@dataclass(frozen=True)
class Said(Event):
    """A log line: ``seat`` and what it did, as a message whose English template is the
    predicate ("draws from the stock"); the log shows it after the player's name. With
    ``about_seat`` False the table itself speaks ("The stock is reshuffled."), and
    ``seat`` is only who caused it."""

    seat: int
    message: Message
    about_seat: bool = True

    @property
    def text(self) -> str:
        """The line in English (tests, the simulator)."""
        return str(self.message)


@dataclass(frozen=True)
class DealScored(Event):
    deal: int
    changes: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None = None
    note: Message | None = None  # why a deal was drawn, doubled or void


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[int, ...]
    totals: tuple[int, ...] = field(default_factory=tuple)


def _owner(zone: str) -> int | None:
    return seat_in(zone, "hand", "set_aside")


PUBLIC = None  # the audience of no seat (a spectator): every hand's cards are hidden


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them: hidden cards of other seats become ``None``.
    ``PUBLIC`` (no seat: a spectator) sees no card moved face down at all."""
    seen: list[Event] = []
    for event in events:
        if isinstance(event, CardMoved) and not event.face_up and event.card is not None:
            owners = {_owner(event.src), _owner(event.dst)}
            if seat is None or seat not in owners:
                event = replace(event, card=None)
        seen.append(event)
    return seen
