"""Kaluki's state and what one seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.codec import QUIET
from game.engine.melds import Meld
from game.games.kaluki.options import KalukiOptions

FIRST_ROUND = "first_round"  # option: take the up-card or pass, before the first draw
DRAW = "draw"
PLAY = "play"
DEAL_OVER = "deal_over"
GAME_OVER = "game_over"


@dataclass(frozen=True)
class Turn:
    """What the player to act has done so far this turn."""

    taken_discard: Card | None = None  # must go into this turn's first meld
    melded_at_start: bool = False  # for the Kaluki bonus


@dataclass(frozen=True)
class DealRecord:
    deal: int
    dealer: int
    out: int | None  # who went out; None for a drawn deal
    penalties: tuple[int, ...]
    chips: tuple[int, ...]
    doubled: bool
    leftovers: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class KalukiState:
    options: KalukiOptions
    seed: int
    rng_counter: int
    deal: int
    dealer: int
    phase: str
    seat: int  # whose turn it is
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the top is the last card
    discard: tuple[Card, ...]  # the top is the last card
    melds: tuple[Meld, ...]
    melded: tuple[bool, ...]
    turn: Turn
    passes: int  # passes so far in the first-turn discard round
    totals: tuple[int, ...]
    chips: tuple[int, ...]
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...] = ()
    # seats out of the game (ending=last_standing); quiet: () while nobody is, as always
    # in the seed's game, so its saves and states are unchanged
    eliminated: tuple[int, ...] = field(default=(), metadata={QUIET: True})
    # stocks rebuilt since a card last went onto the table (dealing.IDLE_REBUILDS); quiet
    idle_rebuilds: int = field(default=0, metadata={QUIET: True})

    @property
    def to_act(self) -> int | None:
        return None if self.phase == GAME_OVER else self.seat

    @property
    def finished(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order."""
        return tuple(s for s in range(self.players) if s not in self.eliminated)

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` to the left, passing over those out of the game."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate not in self.eliminated:
                return candidate
        return seat


@dataclass(frozen=True)
class KalukiView:
    """One seat's view: its own hand, and only counts of the other hidden cards."""

    seat: int
    options: KalukiOptions
    deal: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[Meld, ...]
    melded: tuple[bool, ...]
    taken_discard: Card | None
    totals: tuple[int, ...]
    chips: tuple[int, ...]
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...]
    eliminated: tuple[int, ...] = field(default=(), metadata={QUIET: True})
