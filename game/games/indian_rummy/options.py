"""Indian Rummy's settings: the player count, the session, the format (points, pool or
deals) and the options of the rules page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.options import check_range, option

MAX_SEATS = 10
POINTS = "points"
POOL_101, POOL_201 = "pool_101", "pool_201"
DEALS_2, DEALS_3, DEALS_6 = "deals_2", "deals_3", "deals_6"
FORMATS = (POINTS, POOL_101, POOL_201, DEALS_2, DEALS_3, DEALS_6)
AUTO, MODERN, PAGAT = "auto", "modern", "pagat"
JOKERS, ACES = "jokers", "aces"


@dataclass(frozen=True)
class IndianRummyOptions:
    # the statistics keep each format apart: balances, pool scores and chips differ
    STATS_VARIANTS: ClassVar[tuple[str, ...]] = FORMATS

    players: int = option(
        4,
        "Players",
        "2 to 10 players: two decks up to 6 players, three decks from 7.",
        minimum=2,
        maximum=MAX_SEATS,
    )
    # quiet: left out of saves at their defaults, so today's games keep their files
    format: str = option(
        POINTS,
        "Format",
        "Points: one running balance. Pool 101 or 201: points add up and 101 (201) is out, "
        "the last player left wins. Deals: 2, 3 or 6 deals for chips.",
        choices=FORMATS,
        quiet=True,
    )
    scoring: str = option(
        AUTO,
        "Scoring",
        "A loser's hand. Modern: every card counts unless two runs, one pure, are shown. "
        "Pagat: a pure run alone frees the runs. Auto: modern in Pool and Deals, pagat in Points.",
        choices=(AUTO, MODERN, PAGAT),
        quiet=True,
    )
    joker_indicator: str = option(
        JOKERS,
        "Joker turned up",
        "When the indicator is a printed joker: only the jokers are wild, or the aces too.",
        choices=(JOKERS, ACES),
        quiet=True,
    )

    rounds: int = option(
        1,
        "Rounds",
        "Points: a session lasts this many rounds; in a round every player deals once.",
        minimum=1,
        maximum=20,
    )
    reseat_every: int = option(
        1,  # the seed re-seats after every 1 or 2 rounds (it matters from two rounds on)
        "Re-seat every",
        "Draw for seats again after every 1 or 2 rounds (0: never re-seat).",
        choices=(0, 1, 2),
    )
    wrong_declaration_penalty: bool = option(
        False,
        "Wrong declaration penalty",
        "An invalid declaration costs 80 points and the player drops out of the deal "
        "(always so in Pool and Deals).",
    )
    modern_drop_values: bool = option(
        False,
        "Modern drop values",
        "Dropping costs 20 on your first turn and 40 later (Points; Pool and Deals have "
        "their own: 20/40, Pool 201 25/50).",
    )
    first_life_four: bool = option(
        False, "First life of 4 cards", "The pure run (first life) needs 4 or more cards."
    )

    def __post_init__(self) -> None:
        check_range(self)

    @property
    def stats_variant(self) -> str:
        return "" if self.format == POINTS else self.format

    @property
    def pool(self) -> bool:
        return self.format in (POOL_101, POOL_201)

    @property
    def deals(self) -> bool:
        return self.format in (DEALS_2, DEALS_3, DEALS_6)

    @property
    def pool_limit(self) -> int:
        """The pool score that eliminates a player."""
        return 201 if self.format == POOL_201 else 101

    @property
    def rejoin_ceiling(self) -> int:
        """An eliminated player may rejoin while the highest score left is at most this."""
        return 174 if self.format == POOL_201 else 79

    @property
    def deal_count(self) -> int:
        """Deals in a Deals game (0 in the other formats)."""
        return int(self.format.removeprefix("deals_")) if self.deals else 0

    @property
    def modern_scoring(self) -> bool:
        if self.scoring == AUTO:
            return self.format != POINTS
        return self.scoring == MODERN

    @property
    def penalises_wrong_declaration(self) -> bool:
        """Pool and Deals always charge 80 for a wrong declaration."""
        return self.wrong_declaration_penalty or self.format != POINTS

    @property
    def first_drop(self) -> int:
        """What a player packing on their first turn pays the winner."""
        if self.format == POOL_201:
            return 25
        return 20 if self.modern_drop_values or self.format != POINTS else 10

    @property
    def middle_drop(self) -> int:
        return 50 if self.format == POOL_201 else 40

    @property
    def pure_run_minimum(self) -> int:
        return 4 if self.first_life_four else 3
