"""Kalooki's settings: player count and the options of the rules page."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.options import check_range, option

CALLS_ALLOWED = 3  # calls per seat, per game or (option) per deal


@dataclass(frozen=True)
class KalookiOptions:
    players: int = option(
        4,
        "Players",
        "3 to 6 players (2 with the option below); 4 is the tournament size.",
        minimum=2,
        maximum=6,
    )
    two_players: bool = option(
        False, "Allow 2 players", "Kalooki is a game for 3 to 6; this allows a game for two."
    )
    calls_per_deal: bool = option(
        False,
        "3 calls per deal",
        "Each player may call 3 times in every deal (tournament rule) instead of 3 times a game.",
    )
    down_and_out_doubles: bool = option(
        False,
        "Down and out doubles",
        "A player who lays down and goes out in the same turn makes the others score double.",
    )

    def __post_init__(self) -> None:
        check_range(self)
        if self.players == 2 and not self.two_players:
            raise ValueError(
                "Kalooki is played by 3 to 6 players; turn on 'Allow 2 players' to play with 2."
            )
