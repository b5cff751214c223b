"""A card zone as a typed value: the engine names where a card lies in its events
(``CardMoved.src``/``dst``: ``"stock"``, ``"hand:2"``, ``"captured:1"``) and the picture's
tokens carry the same names, so that a flight finds where a card comes from and goes to.
The table reads such a name once, here, instead of splitting the text where it needs it.
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


def hand_zone(seat: int) -> str:
    """The name of ``seat``'s hand."""
    return Zone("hand", seat).name
