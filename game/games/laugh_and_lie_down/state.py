"""Laugh and Lie Down's state, its actions, and what one seat may see."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.cards import Card
from game.games.laugh_and_lie_down.options import LaughOptions

PLAY = "play"  # the seat to act makes its turn: capture or lie down (declaring first)
CLAIMS = "claims"  # after a turn: each asked seat may declare its own dead cards or claim
DEAL_OVER = "deal_over"
GAME_OVER = "game_over"

NEVER = -1  # ``chance`` of a seat that has not yet had a chance to declare this deal


@dataclass(frozen=True)
class Capture(Action):
    """Play ``card`` from hand onto the layout card ``target`` of the same rank. With two
    of that rank in the layout only ``target`` is taken; with three, all three."""

    card: Card
    target: Card


@dataclass(frozen=True)
class LieDown(Action):
    """Lay the whole hand face up into the layout (only when no card matches)."""


@dataclass(frozen=True)
class DeclareDead(Action):
    """Move dead cards of one rank from your hand to your captured cards: all four of a
    rank; both of a pair whose other two are captured; two of three."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ClaimDead(Action):
    """Claim the undeclared dead cards of ``rank`` in ``seat``'s hand (only in a claim
    window, with auto-declare off). The engine checks the hand."""

    seat: int
    rank: int


@dataclass(frozen=True)
class DealRecord:
    deal: int
    dealer: int
    last_player: int
    captured: tuple[int, ...]  # card counts, the dealer's share included
    dealer_share: tuple[Card, ...]  # the layout and the last player's hand
    antes: tuple[int, ...]
    changes: tuple[int, ...]  # chips taken from the pot (negative: paid in)
    pot: int  # the balance carried into the next deal


@dataclass(frozen=True)
class LaughState:
    options: LaughOptions
    seed: int
    rng_counter: int
    deal: int
    dealer: int
    phase: str
    seat: int  # the seat the engine waits for
    mover: int  # whose turn it is (or was, during the claim window after it)
    hands: tuple[tuple[Card, ...], ...]
    layout: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], ...]
    lain_down: tuple[bool, ...]
    chips: tuple[int, ...]
    pot: int
    asking: tuple[int, ...]  # seats still to ask in this claim window, in order
    # Public timing for claims: ``moment`` counts captures this deal; ``rank_moment[r-1]``
    # is the moment rank r was last captured; ``chance[s]`` the latest moment at which
    # seat s could have declared. A claim on s's rank r is in time only once
    # chance[s] >= rank_moment[r-1]: the holder always gets the first chance.
    moment: int
    rank_moment: tuple[int, ...]
    chance: tuple[int, ...]
    last_player: int | None  # set once only one player is still playing
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...] = ()

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
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    def active(self) -> list[int]:
        """Seats still playing: not lain down, cards left in hand."""
        return [s for s in range(self.players) if not self.lain_down[s] and self.hands[s]]


@dataclass(frozen=True)
class LaughView:
    """One seat's view: its own hand and only the sizes of the others; everything else in
    this game (layout, captured cards, chips, pot) lies face up."""

    seat: int
    options: LaughOptions
    deal: int
    dealer: int
    phase: str
    to_act: int | None
    mover: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    layout: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], ...]
    lain_down: tuple[bool, ...]
    chips: tuple[int, ...]
    pot: int
    moment: int
    rank_moment: tuple[int, ...]
    chance: tuple[int, ...]
    last_player: int | None
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...]
