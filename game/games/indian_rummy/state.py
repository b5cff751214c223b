"""Indian Rummy's state, what one seat may see of it, and the record of a finished deal.

Seats and the table: a *seat* number is a person's identity for the whole session (their
name, balance, hand). Who sits where is the separate clockwise ``order`` of the seats
present, set by the seating draw. A player who leaves keeps their seat number and balance
(marked away); one who returns gets them back; a newcomer gets the next seat number, so
``options.players`` always equals the number of seat numbers in use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.codec import QUIET
from game.engine.melds import Meld
from game.games.indian_rummy.options import IndianRummyOptions

DRAW = "draw"  # before drawing: take a card (or pack)
PLAY = "play"  # after drawing: discard or declare
DEAL_OVER = "deal_over"  # the summary of a deal inside a round: NextDeal
ROUND_OVER = "round_over"  # between rounds: NextDeal, or players leave / join / return
GAME_OVER = "game_over"
REJOIN = "rejoin"  # Pool: an eliminated player is offered to come back (Rejoin / StayOut)
SPLIT = "split"  # Pool: each player left is asked to split the pool (AgreeSplit / ...)

# a seat's part in the current deal
IN_PLAY = "in"
FIRST_DROP = "first_drop"  # packed before their first draw: hand shuffled into the stock
MIDDLE_DROP = "middle_drop"  # packed later: hand set aside face down
WRONG_SHOW = "wrong_declaration"  # option: an invalid declaration drops the player out
AWAY = "away"  # not in this deal: not at the table, or seated after it ended


@dataclass(frozen=True)
class Shown:
    """A hand laid out at the end of a deal: its melds and the cards that count."""

    melds: tuple[Meld, ...] = ()
    counted: tuple[Card, ...] = ()


@dataclass(frozen=True)
class DealRecord:
    """A finished deal, for the summary and the score sheet."""

    deal: int
    round: int
    dealer: int
    indicator: Card | None  # None only before the first deal is dealt
    wild_rank: int | None
    winner: int | None  # None for a void deal
    void: bool
    statuses: tuple[str, ...]  # per seat, as the deal ended
    payments: tuple[int, ...]  # per seat: the winner's gain, the losers' payments (< 0)
    shown: tuple[Shown, ...]  # per seat: declaration or counted hand (empty if not shown)
    note: str = ""
    # Pool: each seat's pool score after the deal, and who it eliminated (quiet: absent
    # from the records of Points and Deals, so their saves and fingerprints stay as they were)
    scores: tuple[int, ...] = field(default=(), metadata={QUIET: True})
    eliminated: tuple[int, ...] = field(default=(), metadata={QUIET: True})


@dataclass(frozen=True)
class SeatDraw:
    """One round of the seating draw: the cards drawn, as text (``"QH"``), per seat."""

    draws: tuple[tuple[int, str], ...]


def wild_rank_of(indicator: Card | None, options: IndianRummyOptions) -> int | None:
    """The wild rank a turned-up card makes: its own rank; a printed joker makes only
    the jokers wild, or the aces too (``joker_indicator``: by the format under auto)."""
    if indicator is None:
        return None
    if indicator.is_joker:
        return 1 if options.aces_wild_under_joker else None
    return indicator.rank


@dataclass(frozen=True)
class IndianRummyState:
    options: IndianRummyOptions
    seed: int
    rng_counter: int
    names: tuple[str, ...]  # per seat
    order: tuple[int, ...]  # seats at the table, clockwise (play passes to the left)
    seating: tuple[SeatDraw, ...]  # the latest seating draw, ties drawn again
    deal: int  # deals started so far
    round: int  # the current round, from 1
    deals_in_round: int  # deals started in the current round
    round_size: int  # deals in the current round (players at the table when it began)
    dealer: int
    next_dealer: int  # who deals next (kept up to date when players leave or join)
    phase: str
    seat: int  # whose turn it is
    statuses: tuple[str, ...]  # per seat, see IN_PLAY ...
    has_played: tuple[bool, ...]  # per seat: has drawn at least once this deal
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the top is the last card; stock[0] is the face-up indicator
    discard: tuple[Card, ...]  # the top is the last card; only the top may be seen
    set_aside: tuple[tuple[Card, ...], ...]  # per seat: packed hands, face down
    box: tuple[Card, ...]  # the pack not used this deal (the third deck up to 6 players)
    indicator: Card | None
    taken: Card | None  # the discard taken this turn: it may not be discarded again
    balances: tuple[int, ...]  # per seat: running balance, always summing to zero
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...] = ()
    # Pool and Deals (quiet: a Points game's JSON has none of them)
    scores: tuple[int, ...] = field(default=(), metadata={QUIET: True})  # pool, per seat
    rejoins: tuple[int, ...] = field(default=(), metadata={QUIET: True})  # per seat
    pending: tuple[int, ...] = field(default=(), metadata={QUIET: True})  # still to answer
    split: bool = field(default=False, metadata={QUIET: True})  # the pool ended in a split

    @property
    def to_act(self) -> int | None:
        return None if self.phase == GAME_OVER else self.seat

    @property
    def finished(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def players(self) -> int:
        """Seat numbers in use this session (present or away)."""
        return self.options.players

    @property
    def wild_rank(self) -> int | None:
        return wild_rank_of(self.indicator, self.options)

    @property
    def present(self) -> tuple[bool, ...]:
        return tuple(seat in self.order for seat in range(self.players))


@dataclass(frozen=True)
class IndianRummyView:
    """One seat's view: its own hand, the top discard, the indicator, counts of the rest."""

    seat: int
    options: IndianRummyOptions
    names: tuple[str, ...]
    order: tuple[int, ...]
    seating: tuple[SeatDraw, ...]
    deal: int
    round: int
    dealer: int
    next_dealer: int
    phase: str
    to_act: int | None
    statuses: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int  # the indicator included
    indicator: Card | None
    wild_rank: int | None
    discard_top: Card | None
    discard_size: int
    taken: Card | None  # this seat's own discard taken this turn
    balances: tuple[int, ...]
    history: tuple[DealRecord, ...]
    winners: tuple[int, ...]
    has_played: tuple[bool, ...] = ()  # per seat: has drawn this deal (packing costs more)
    scores: tuple[int, ...] = ()  # Pool: the pool scores, per seat
    rejoins: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    split: bool = False
