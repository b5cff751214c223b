"""Kaluki's settings: player count and the seven options of the rules page."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.options import check_range, option


@dataclass(frozen=True)
class KalukiOptions:
    players: int = option(4, "Players", "2 to 6 players; 4 is best.", minimum=2, maximum=6)
    ace_eleven: bool = option(
        False, "Ace counts 11", "Aces are worth 11 instead of 15, in melds and in penalties."
    )
    first_turn_discard_round: bool = option(
        False,
        "First-turn discard round",
        "Before the first draw, each player in turn may take the face-up card or pass.",
    )
    open_discard: bool = option(
        False, "Open discard", "Anyone may take the discard at any time, melded or not."
    )
    last_discard_before_reshuffle: bool = option(
        False,
        "Last discard before reshuffle",
        "When the stock is empty the next player may take the last discard before the reshuffle.",
    )
    kaluki_bonus: bool = option(
        False,
        "Kaluki doubles",
        "Going out with everything melded in one turn doubles that hand's score.",
    )
    go_out_by_discard: bool = option(
        False, "Go out by discarding", "You must keep one card to discard to go out."
    )
    swap_needs_own_meld: bool = option(
        False, "Swap needs own meld", "Only a player who has melded may swap a joker."
    )
    chips: bool = option(
        False,
        "Chips tally",
        "Also keep chips: each player pays the winner 1 chip a card left, 2 a joker.",
    )
    target: int = option(
        150,
        "Game ends at",
        "The game ends when a player's penalty total reaches this.",
        minimum=50,
        maximum=1000,
    )

    def __post_init__(self) -> None:
        check_range(self)

    @property
    def ace_value(self) -> int:
        return 11 if self.ace_eleven else 15

    @property
    def hand_size(self) -> int:
        return {5: 13, 6: 11}.get(self.players, 15)
