"""Laugh and Lie Down's settings: players, dead-card declarations, game length, chips."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.options import check_range, option


@dataclass(frozen=True)
class LaughOptions:
    players: int = option(
        5, "Players", "5 is the standard game; 4 plays with 10 cards each.", minimum=4, maximum=5
    )
    auto_declare: bool = option(
        True,
        "Auto-declare for humans",
        "Dead cards in a human's hand are declared at once. Off: press Declare yourself, "
        "and the other players may claim what you miss.",
    )
    rounds: int = option(
        2,
        "Rounds",
        "The game lasts this many full rotations of the deal: 2 rounds is 10 deals with "
        "5 players, 8 with 4.",
        minimum=1,
        maximum=20,
    )
    starting_chips: int = option(
        50, "Starting chips", "Chips each player starts with.", minimum=0, maximum=10_000
    )
    # Set by the table from its seats, not shown as a setting: which seats people play.
    # Auto-declare acts for these seats only; bots declare for themselves.
    humans: tuple[int, ...] = option(
        (), "Human seats", "The seats played by people (filled in from the seating)."
    )

    def __post_init__(self) -> None:
        check_range(self)
        if any(not 0 <= seat < self.players for seat in self.humans):
            raise ValueError(f"Human seats must be between 0 and {self.players - 1}.")
        if list(self.humans) != sorted(set(self.humans)):
            raise ValueError("Human seats must be listed once each, in order.")

    @property
    def hand_size(self) -> int:
        return 8 if self.players == 5 else 10

    @property
    def deal_count(self) -> int:
        return self.rounds * self.players

    def is_human(self, seat: int) -> bool:
        return seat in self.humans
