"""Indian Rummy's settings: the player count, the session, the format (points, pool or
deals) and the options of the rules page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.options import check_range, option

MAX_SEATS = 10
POINTS = "points"
POOL_61, POOL_101, POOL_201 = "pool_61", "pool_101", "pool_201"
POOLS = (POOL_61, POOL_101, POOL_201)
DEALS_2, DEALS_3, DEALS_6 = "deals_2", "deals_3", "deals_6"
FORMATS = (POINTS, POOL_61, POOL_101, POOL_201, DEALS_2, DEALS_3, DEALS_6)
AUTO, MODERN, PAGAT = "auto", "modern", "pagat"
JOKERS, ACES = "jokers", "aces"
DROPS_LEFT, POINTS_LEFT = "drops", "points"  # how a pool is split
A_DEAL, A_PLAYER = "a_deal", "a_player"  # Deals' stack: 80 chips a deal, or a player


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
        "Points: one running balance. Pool 61, 101 or 201: points add up and the limit is "
        "out, the last player left wins. Deals: 2, 3 or 6 deals for chips.",
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
        AUTO,
        "Joker turned up",
        "When the indicator is a printed joker: only the jokers are wild, or the aces too. "
        "Auto: the aces in Pool and Deals (as the sites play), only the jokers in Points.",
        choices=(AUTO, JOKERS, ACES),
        quiet=True,
    )
    deals_drop: bool = option(
        True,
        "Drops in 2-player Deals",
        "Deals with two players: a player may drop (on) or must play every deal out (off, "
        "as some sites play).",
        quiet=True,
    )
    # Legacy: the rules of saves written before issue 27 (persist/migrations.py sets them
    # in older Pool and Deals saves, so those replay exactly as they were played).
    pool_split: str = option(
        DROPS_LEFT,
        "Pool split",
        "A split pool is shared by drops left (as the sites split), or, in games saved "
        "before that rule, by points left before the limit.",
        choices=(DROPS_LEFT, POINTS_LEFT),
        quiet=True,
        legacy=True,
    )
    deals_chips: str = option(
        A_DEAL,
        "Deals chips",
        "Each player starts with 80 chips a deal, or, in games saved before that rule, "
        "80 chips a player.",
        choices=(A_DEAL, A_PLAYER),
        quiet=True,
        legacy=True,
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
        return self.format in POOLS

    @property
    def deals(self) -> bool:
        return self.format in (DEALS_2, DEALS_3, DEALS_6)

    @property
    def pool_limit(self) -> int:
        """The pool score that eliminates a player."""
        return {POOL_61: 61, POOL_201: 201}.get(self.format, 101)

    @property
    def rejoin_ceiling(self) -> int:
        """An eliminated player may rejoin while the highest score left is at most this."""
        return {POOL_61: 44, POOL_201: 174}.get(self.format, 79)

    @property
    def aces_wild_under_joker(self) -> bool:
        """Whether a printed joker turned up makes the aces wild too."""
        if self.joker_indicator == AUTO:
            return self.format != POINTS
        return self.joker_indicator == ACES

    @property
    def may_drop(self) -> bool:
        """Whether a player may drop (pack) at all: not in 2-player Deals with drops off.
        The player count is the session's (Deals keeps its players)."""
        return self.deals_drop or not self.deals or self.players != 2

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
        """Pool and Deals always charge for a wrong declaration."""
        return self.wrong_declaration_penalty or self.format != POINTS

    @property
    def wrong_declaration(self) -> int:
        """What a wrong declaration costs: 80, and 60 in Pool 61."""
        return 60 if self.format == POOL_61 else 80

    @property
    def first_drop(self) -> int:
        """What a player packing on their first turn pays the winner."""
        if self.format in (POOL_61, POOL_201):
            return 15 if self.format == POOL_61 else 25
        return 20 if self.modern_drop_values or self.format != POINTS else 10

    @property
    def middle_drop(self) -> int:
        return {POOL_61: 30, POOL_201: 50}.get(self.format, 40)

    @property
    def unused_options(self) -> tuple[str, ...]:
        """Options that change nothing with the others as they are (New game greys them):
        Pool and Deals have their own length, drops and wrong-declaration cost; the
        drop rule of Deals is for two players."""
        unused = [] if self.deals and self.players == 2 else ["deals_drop"]
        if self.format != POINTS:
            unused += ["rounds", "reseat_every", "wrong_declaration_penalty", "modern_drop_values"]
        return tuple(unused)

    @property
    def pure_run_minimum(self) -> int:
        return 4 if self.first_life_four else 3
