"""Kaluki's settings: player count, the seven options of the rules page, and the house
rules the well-known rule sets change (cards dealt, points to come down, game end)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.options import check_range, option
from game.games.kaluki.scoring import OPENING_MINIMUM

DECK = 108  # two decks and four jokers
BY_PLAYERS = 0  # deal_size: the seed's 15, 13 or 11 by the player count
FEWEST_DEALT = 7  # a smaller hand could hardly ever come down, and the game never ends


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
    deal_size: int = option(
        BY_PLAYERS,
        "Cards dealt",
        "Cards each. Auto (0): 15 for 2 to 4 players, 13 for 5, 11 for 6.",
        minimum=BY_PLAYERS,
        maximum=20,
        step=1,
        quiet=True,
    )
    come_down: int = option(
        OPENING_MINIMUM,
        "Points to come down",
        "Your first meld must total at least this many points.",
        minimum=10,
        maximum=100,
        step=1,
        quiet=True,
    )

    def __post_init__(self) -> None:
        check_range(self)
        if BY_PLAYERS < self.deal_size < FEWEST_DEALT:
            raise ValueError(
                f"Cards dealt: {self.deal_size} is too few; deal at least {FEWEST_DEALT}"
                f" (or {BY_PLAYERS}: by the number of players)"
            )
        dealt = self.players * self.hand_size
        if dealt + 1 + self.players > DECK:
            raise ValueError(
                f"Cards dealt: {self.players} players x {self.hand_size} cards leave"
                f" {DECK - dealt - 1} of {DECK} for the stock; it needs one a player"
            )

    @property
    def ace_value(self) -> int:
        return 11 if self.ace_eleven else 15

    @property
    def hand_size(self) -> int:
        if self.deal_size != BY_PLAYERS:
            return self.deal_size
        return {5: 13, 6: 11}.get(self.players, 15)
