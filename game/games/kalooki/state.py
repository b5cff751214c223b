"""Kalooki's state and what one seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.codec import QUIET
from game.engine.melds import Meld
from game.games.kalooki.options import KalookiOptions

DRAW = "draw"  # the active player chooses: the discard, or the stock
CALL = "call"  # the active player asked for the stock: others may call the discard
ANSWER = "answer"  # a seat called: the active player allows or denies
PLAY = "play"  # the active player has drawn: lay down, add, tack, discard
DEAL_OVER = "deal_over"
GAME_OVER = "game_over"


@dataclass(frozen=True)
class Turn:
    """What has happened so far in the active player's turn."""

    laid_down_now: bool = False  # the contract went down this turn (down and out doubles)


@dataclass(frozen=True)
class DealRecord:
    deal: int
    dealer: int
    out: int | None  # who went out; None when the cards ran out
    penalties: tuple[int, ...]
    doubled: bool
    leftovers: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class KalookiState:
    options: KalookiOptions
    seed: int
    rng_counter: int
    deal: int  # 1..9
    dealer: int
    phase: str
    seat: int  # the active player (whose turn it is)
    asking: int | None  # CALL: the seat being asked; ANSWER: the seat that called
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the top is the last card
    discard: tuple[Card, ...]  # the top is the last card
    discarded_by: int | None  # who put the top discard there (None: up-card or reshuffle)
    melds: tuple[Meld, ...]
    laid_down: tuple[bool, ...]
    calls_left: tuple[int, ...]
    turn: Turn
    totals: tuple[int, ...]
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...] = ()
    # stocks rebuilt since a card last went onto the table (quiet: left out of saves at 0)
    idle_rebuilds: int = field(default=0, metadata={QUIET: True})

    @property
    def to_act(self) -> int | None:
        if self.phase == GAME_OVER:
            return None
        if self.phase == CALL:
            return self.asking
        return self.seat

    @property
    def finished(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def players(self) -> int:
        return self.options.players


@dataclass(frozen=True)
class KalookiView:
    """One seat's view: its own hand, counts of the other hands and the stock, and
    everything on the table (discards, melds, who has laid down, calls left, scores)."""

    seat: int
    options: KalookiOptions
    deal: int
    dealer: int
    phase: str
    to_act: int | None
    active: int  # whose turn it is
    asking: int | None
    contract: str  # "3 threes", "2 threes and 1 four", ...
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[Meld, ...]
    laid_down: tuple[bool, ...]
    calls_left: tuple[int, ...]
    totals: tuple[int, ...]
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...]
