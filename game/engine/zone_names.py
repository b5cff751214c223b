"""A card zone as a typed value: the engine names where a card lies in its events
(``CardMoved.src``/``dst``: ``"stock"``, ``"hand:2"``, ``"captured:1"``) and the table's
picture tokens carry the same names, so that a flight finds where a card comes from and
goes to. Such a name is read once, here (by the engine's privacy filter, the bots'
knowledge and the table alike), instead of splitting the text where it is needed.
"""

from __future__ import annotations

from typing import NamedTuple


class Zone(NamedTuple):
    kind: str  # "stock", "discard", "hand", "meld", "stage", a game's own ("layout") ...
    number: int | None = None  # the seat, meld or pile number, when the zone has one

    @classmethod
    def of(cls, name: str) -> Zone:
        """The zone an engine or token name (``"hand:2"``) stands for."""
        kind, _, rest = name.partition(":")
        return cls(kind, int(rest) if rest.isdigit() else None)

    @property
    def name(self) -> str:
        """The name the engine and the tokens use."""
        return self.kind if self.number is None else f"{self.kind}:{self.number}"


def seat_in(name: str, *kinds: str) -> int | None:
    """The seat a zone of one of ``kinds`` belongs to (``"hand:2"`` -> 2), else None."""
    zone = Zone.of(name)
    return zone.number if zone.kind in kinds else None


def hand_zone(seat: int) -> str:
    """The name of ``seat``'s hand."""
    return Zone("hand", seat).name
