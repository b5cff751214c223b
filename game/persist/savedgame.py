"""What a save holds, as the app's session sees it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.engine.actions import Action

HUMAN = "human"
AI_LEVELS = ("easy", "normal", "hard")
SEAT_KINDS = (HUMAN, *AI_LEVELS)
MAX_NAME = 40  # characters in a player's name


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or an AI level: "easy" | "normal" | "hard"

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")
        if not isinstance(self.name, str) or not 0 < len(self.name) <= MAX_NAME:
            raise ValueError(f"a player's name has 1 to {MAX_NAME} characters")


@dataclass(frozen=True)
class SavedGame:
    """A game in progress: enough to rebuild it exactly (``state`` is what replaying
    ``log`` from ``new_game(options, seed)`` gives; the loader checks that it does)."""

    game_id: str
    options: Any  # the game's Options dataclass
    seed: int  # 0 .. 10**12 (the codec's bound for numbers)
    seats: tuple[Seat, ...]
    log: tuple[Action, ...]
    state: Any  # the game's State after the log
    thumbnail: bytes | None = None  # a small PNG of the table, made by the app
    name: str | None = None  # the slot's name as the player typed it


@dataclass(frozen=True)
class SaveSummary:
    """One line of the Load scene, read without replaying the game."""

    path: Path
    name: str  # the slot's name as typed, or the file name without .json
    game_id: str
    game_title: str
    players: tuple[str, ...]
    deal: int | None
    to_act: str | None  # whose turn (None once the game is over)
    saved_at: datetime
    thumbnail: bytes | None
    is_autosave: bool

    @property
    def has_thumbnail(self) -> bool:
        return self.thumbnail is not None
