"""Kaluki's settings: player count, the seven options of the rules page, and the house
rules the well-known rule sets change (cards dealt, points to come down, game end)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.options import check_range, option
from game.games.kaluki.scoring import OPENING_MINIMUM, CardValues

JOKERS = (4, 2)  # the seed's 108 cards, or 106 as some Kalooki sources deal
JOKER_PENALTIES = (25, 15)  # the seed's 25; most Kalooki 40 sources charge 15
ALL = "all"  # reshuffle: the whole discard pile becomes the stock (the seed)
KEEP_TOP = "keep_top"  # the top discard stays face up, the rest is shuffled
LOWEST_TOTAL = "lowest_total"  # ending: the game ends at the target, lowest total wins
LAST_STANDING = "last_standing"  # a player above the target is out; the last one left wins
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
    low_ace_one: bool = option(
        False,
        "Low ace counts 1",
        "An ace in a low run (A-2-3) counts 1 towards the first meld.",
        quiet=True,
    )
    joker_penalty: int = option(
        25,
        "Joker in hand costs",
        "Penalty points for a joker left in hand: 25, or 15 as in Kalooki 40.",
        choices=JOKER_PENALTIES,
        quiet=True,
    )
    reshuffle: str = option(
        ALL,
        "Reshuffle",
        "When the stock runs out: shuffle the whole discard pile, or keep its top card.",
        choices=(ALL, KEEP_TOP),
        quiet=True,
    )
    ending: str = option(
        LOWEST_TOTAL,
        "Game end",
        "At the limit: the game ends and the lowest total wins, or the player above it"
        " is out and the last one left wins.",
        choices=(LOWEST_TOTAL, LAST_STANDING),
        quiet=True,
    )
    jokers: int = option(
        4,
        "Jokers",
        "Jokers in the pack: 4 (108 cards) or 2 (106 cards).",
        choices=JOKERS,
        quiet=True,
    )

    def __post_init__(self) -> None:
        check_range(self)
        if BY_PLAYERS < self.deal_size < FEWEST_DEALT:
            raise ValueError(
                f"Cards dealt: {self.deal_size} is too few; deal at least {FEWEST_DEALT}"
                f" (or {BY_PLAYERS}: by the number of players)"
            )
        room = self.hand_size + 1 - (1 if self.go_out_by_discard else 0)
        most = room * max(self.ace_value, 10)  # every card a hand can meld at its dearest
        if most < self.come_down:
            raise ValueError(
                f"Points to come down: {self.come_down} can never be reached with"
                f" {self.hand_size} cards dealt; a first meld of {room} cards makes at most"
                f" {most}"
            )
        dealt = self.players * self.hand_size
        if dealt + 1 + self.players > self.deck_size:
            raise ValueError(
                f"Cards dealt: {self.players} players x {self.hand_size} cards leave"
                f" {self.deck_size - dealt - 1} of {self.deck_size} for the stock;"
                " it needs one a player"
            )

    @property
    def deck_size(self) -> int:
        return 104 + self.jokers

    @property
    def ace_value(self) -> int:
        return 11 if self.ace_eleven else 15

    @property
    def values(self) -> CardValues:
        ace = self.ace_value
        return CardValues(ace, 1 if self.low_ace_one else ace, self.joker_penalty)

    @property
    def hand_size(self) -> int:
        if self.deal_size != BY_PLAYERS:
            return self.deal_size
        return {5: 13, 6: 11}.get(self.players, 15)
