"""Gestures: what the player picks up (:class:`Source`), where it is let go
(:class:`Target`), and what that would do (:class:`Move`).

The table scene owns the mouse: a press on a card starts a :class:`Press`; moving past a
few pixels turns it into a :class:`Drag`; letting go asks the game table's
``move_for(source, target)`` for a :class:`Move`, which the scene plays through the
session (the engine decides; the UI never judges a move itself). When a drag starts the
scene asks for the move of every drop zone at once and lights up those the engine
accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from game.app.cards import card_size
from game.app.table.sprites import Place
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.melds import Meld
from game.engine.messages import Message

DRAG_THRESHOLD = 6  # pixels the mouse moves before a press becomes a drag
DOUBLE_CLICK_S = 0.4


@dataclass(frozen=True)
class Source:
    """What is picked up: ``kind`` is "stock", "discard", "hand", "stage" or a game's
    own; ``cards`` the cards (empty for the unseen stock card); ``index`` e.g. a staged
    meld's number."""

    kind: str
    cards: tuple[Card, ...] = ()
    index: int = -1


@dataclass(frozen=True)
class Target:
    """Where something is let go: "hand" (``index`` = position to insert at), "discard",
    "stock", "meld" (``index`` = the meld's number on the table), "joker" (a joker in
    meld ``index`` at slot ``slot``), "table" (a new meld), "stage" (a staged meld) or a
    game's own kind."""

    kind: str
    index: int = -1
    slot: int = -1


@dataclass(frozen=True)
class Choice:
    """One way to read an ambiguous move (a joker standing for one card or another):
    ``label`` in words and ``cards`` as the meld would lie (card, joker label)."""

    label: str
    action: Action | None
    cards: tuple[tuple[Card, str], ...] = ()
    local: Callable[[], None] | None = None


@dataclass
class Move:
    """What a gesture would do. Exactly one of: ``action`` (an engine action to apply),
    ``choices`` (several readings: a chooser asks), ``local`` (a table-only change such
    as reordering the hand or staging a meld), ``problem`` (why nothing can happen)."""

    action: Action | None = None
    choices: tuple[Choice, ...] = ()
    local: Callable[[], None] | None = None
    problem: str | Message | None = None
    sound: str = "place"

    @classmethod
    def refused(cls, reason: str | Message) -> Move:
        return cls(problem=reason)

    @classmethod
    def one_of(cls, choices: Sequence[Choice]) -> Move:
        """The move of the only reading, or a chooser between several."""
        if len(choices) == 1:
            return cls(choices[0].action, local=choices[0].local)
        return cls(choices=tuple(choices))


def meld_faces(meld: Meld) -> tuple[tuple[Card, str], ...]:
    """A meld's cards as they lie, each with its joker's label ("" for a natural card)."""
    return tuple((slot.card, "" if slot.is_natural else slot.label()) for slot in meld.slots)


@dataclass
class DropZone:
    target: Target
    rect: pygame.Rect
    priority: int = 0  # the highest priority under the mouse wins (a joker over its meld)


def zone_at(zones: list[DropZone], pos: tuple[int, int]) -> DropZone | None:
    best = None
    for zone in zones:
        if zone.rect.collidepoint(pos) and (best is None or zone.priority > best.priority):
            best = zone
    return best


@dataclass
class Press:
    """The mouse went down on something that may be dragged or clicked."""

    source: Source
    keys: list[Hashable]  # the picture's tokens that would move
    pos: tuple[int, int]
    token_key: Hashable | None  # the token under the mouse


@dataclass
class Drag:
    source: Source
    keys: list[Hashable]
    origins: dict[Hashable, Place]  # where each card was (to snap back)
    cards: dict[Hashable, Card | None]
    grab: tuple[int, int]  # mouse offset from the first card's top-left
    pos: tuple[int, int]
    width: int
    moves: dict[Target, Move] = field(default_factory=dict)  # the engine's answers
    legal: set[Target] = field(default_factory=set)
    hover: Target | None = None

    def places(self) -> dict[Hashable, Place]:
        """Where the held cards are drawn: fanned from the mouse."""
        cw, _ = card_size(self.width)
        step = max(14, round(cw * 0.32))
        x0, y0 = self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]
        return {key: Place(x0 + i * step, y0, self.width) for i, key in enumerate(self.keys)}

    def bounds(self) -> pygame.Rect:
        rects = [place.rect for place in self.places().values()]
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(self.pos, (1, 1))
