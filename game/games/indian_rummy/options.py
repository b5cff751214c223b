"""Indian Rummy's settings: the player count, the session and the options of the rules page."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.options import check_range, option

MAX_SEATS = 10


@dataclass(frozen=True)
class IndianRummyOptions:
    players: int = option(
        4,
        "Players",
        "2 to 10 players: two decks up to 6 players, three decks from 7.",
        minimum=2,
        maximum=MAX_SEATS,
    )
    rounds: int = option(
        1,
        "Rounds",
        "A session lasts this many rounds; in a round every player deals once.",
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
        "An invalid declaration costs 80 points and the player drops out of the deal.",
    )
    modern_drop_values: bool = option(
        False, "Modern drop values", "Dropping costs 20 on your first turn and 40 later."
    )
    first_life_four: bool = option(
        False, "First life of 4 cards", "The pure run (first life) needs 4 or more cards."
    )

    def __post_init__(self) -> None:
        check_range(self)

    @property
    def first_drop(self) -> int:
        """What a player packing on their first turn pays the winner."""
        return 20 if self.modern_drop_values else 10

    @property
    def middle_drop(self) -> int:
        return 40

    @property
    def pure_run_minimum(self) -> int:
        return 4 if self.first_life_four else 3
