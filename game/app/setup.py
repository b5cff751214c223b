"""What the new-game screen hands to the table: a plain description of a game to start.

No pygame here, so saves, tools and tests can build and read it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from game.engine import codec

SEAT_KINDS = ("human", "easy", "normal", "hard")
AI_LEVELS = ("easy", "normal", "hard")
MAX_NAME = 16


class Seat(NamedTuple):
    name: str
    kind: str  # "human" | "easy" | "normal" | "hard"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class GameSetup:
    """A game to start: which game, its rule options, the seed and who sits where.

    ``options`` is the game's own frozen ``Options`` (its ``players`` equals the number
    of seats). ``seed`` is always a concrete number so the game can be replayed."""

    game_id: str
    options: Any
    seed: int
    seats: tuple[Seat, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(Seat(*seat) for seat in self.seats))
        if len(self.seats) != self.options.players:
            raise ValueError(
                f"{len(self.seats)} seats for a game of {self.options.players} players"
            )
        for seat in self.seats:
            if seat.kind not in SEAT_KINDS:
                raise ValueError(f"seat kind {seat.kind!r} is not one of {', '.join(SEAT_KINDS)}")
            if not seat.name.strip():
                raise ValueError("every seat needs a name")

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def stats_level(self) -> str:
        """The statistics bucket: the AI level when every AI plays at one level,
        "mixed" for mixed levels, "humans" when nobody is an AI."""
        from game.persist.stats import level_of

        return level_of(seat.kind for seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "options": codec.encode(self.options),
            "seed": self.seed,
            "seats": [[seat.name, seat.kind] for seat in self.seats],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSetup:
        """Rebuild from :meth:`to_json`; a bad value raises ValueError naming it."""
        from game.games.registry import get_game

        if not isinstance(data, dict):
            raise ValueError("setup: expected an object")
        info = get_game(str(data.get("game_id")))
        options = codec.decode(info.options_type, data.get("options"), "setup.options")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("setup.seed: expected a whole number")
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(
            isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
            for s in seats
        ):
            raise ValueError("setup.seats: expected a list of [name, kind] pairs")
        return cls(info.id, options, seed, tuple(Seat(name, kind) for name, kind in seats))
