"""What a save holds, as the app's session sees it, and the one description of a game
at a table that the new-game screen, the table, the saves and the tools share:
:class:`Seat` (who sits there) and :class:`GameSetup` (which game, options, seed, seats).

No pygame here, so saves, tools and tests can build and read these too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.engine import codec
from game.engine.actions import Action
from game.engine.cards import Card
from game.persist.texts import is_shown_text

HUMAN = "human"
AI_LEVELS = ("easy", "normal", "hard")
SEAT_KINDS = (HUMAN, *AI_LEVELS)
MAX_NAME = 40  # characters in a player's name

# One seat's hand as its player arranged it at the table: groups left to right (a game
# without groups keeps its flat order as one group). Display-only: never sent to the rules.
HandGroups = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class DefaultName:
    """A name nobody typed: the player at this screen ("You", ``number`` None) or one of
    several humans at a hot-seat or online table ("Player 2"). A seat keeps its name by
    kind, so every screen words it in its own language (``game.app.messages``), and "You"
    gets the second-person verbs ("You draw")."""

    number: int | None = None

    @property
    def text(self) -> str:
        """The name as a file, a record or the table server holds it: the English words,
        which :func:`read_default` reads back (and an older Card Parlour reads too)."""
        return "You" if self.number is None else f"Player {self.number}"


YOU = DefaultName()

# How Card Parlour wrote a default name before seats kept it by kind: in the language of
# the screen the game began on ("You", あなた, "Player 2", プレイヤー2), the table server
# in English. Kept as they were written (not read from today's translations: a file keeps
# the words of the version that wrote it).
_WRITTEN_YOU = frozenset({"You", "あなた"})
_WRITTEN_NUMBERED = re.compile(r"(?:Player |プレイヤー)(\d{1,2})")


@lru_cache(maxsize=512)
def read_default(text: str) -> DefaultName | None:
    """The default name ``text`` was written as, or None for a name the player typed
    ("Priya", "Player Two"). The one reading of a name's words: a seat does it once, when
    it is made from a save, a setup, an online record or a server's lobby; the Load list
    for the names a save's summary keeps. Nothing reads a shown name back."""
    if text in _WRITTEN_YOU:
        return YOU
    found = _WRITTEN_NUMBERED.fullmatch(text)
    return DefaultName(int(found.group(1))) if found else None


@dataclass(frozen=True)
class Seat:
    """A place at the table: the player's name and "human" or an AI level.

    ``default`` says what kind of name it is: a default name (``DefaultName``: "You",
    "Player 2") or None for one the player typed. It is read from the name's words once,
    when the seat is made (:func:`read_default`: how every file, record and server wrote
    them); a new seat with a default name is made by kind, ``Seat.called(YOU)``."""

    name: str
    kind: str = HUMAN  # "human" or an AI level: "easy" | "normal" | "hard"
    default: DefaultName | None = field(init=False, repr=False, compare=False)

    @classmethod
    def called(cls, default: DefaultName, kind: str = HUMAN) -> Seat:
        """A seat with a default name, in the words files keep it by."""
        return cls(default.text, kind)

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"seat kind {self.kind!r} is not one of {', '.join(SEAT_KINDS)}")
        if not isinstance(self.name, str) or not 0 < len(self.name) <= MAX_NAME:
            raise ValueError(f"a player's name has 1 to {MAX_NAME} characters")
        if not self.name.strip():
            raise ValueError("every seat needs a name")
        if not is_shown_text(self.name, MAX_NAME):  # a NUL or a lone surrogate cannot be drawn
            raise ValueError("a player's name may hold only printable characters")
        object.__setattr__(self, "default", read_default(self.name))

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


def _as_seat(seat: Any) -> Seat:
    return seat if isinstance(seat, Seat) else Seat(*seat)


@dataclass(frozen=True)
class GameSetup:
    """A game to start: which game, its rule options, the seed and who sits where.

    ``options`` is the game's own frozen ``Options`` (its ``players`` equals the number
    of seats the game began with; a game where players join between rounds, Indian
    Rummy, lists the newcomers after them). ``seed`` is always a concrete number so the
    game can be replayed."""

    game_id: str
    options: Any
    seed: int
    seats: tuple[Seat, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(_as_seat(seat) for seat in self.seats))
        if len(self.seats) < self.options.players:
            raise ValueError(
                f"{len(self.seats)} seats for a game of {self.options.players} players"
            )

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
    hand_groups: tuple[HandGroups, ...] = ()  # per seat; () where nothing was arranged
    # Undo across quit and resume (see game.persist.undo_history): the moves taken back,
    # newest last, and the player's hand as arranged before each of their moves.
    redo: tuple[tuple[Action, ...], ...] = ()
    undo_hands: tuple[tuple[int, HandGroups], ...] = ()

    @property
    def setup(self) -> GameSetup:
        """The game as it was set up (to sit down at it again)."""
        return GameSetup(self.game_id, self.options, self.seed, self.seats)


def sort_time(when: datetime) -> float:
    """Seconds since the epoch for ordering, 0.0 for a time outside the clock's range."""
    try:
        return when.timestamp()
    except (OverflowError, OSError, ValueError):
        return 0.0


AUTOSAVE = "autosave"  # a game in progress, saved after every move
NAMED = "named"  # a slot the player saved to by name
SAMPLE = "sample"  # a sample game shipped with the program (read-only)


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
    kind: str = NAMED  # AUTOSAVE, NAMED or SAMPLE
    deals: int | None = None  # how many deals the game lasts, when that is known
    finished: bool | None = None  # None: an older file that does not say
    options: Any = None  # the game's options as the file holds them (to name its variant)
    online: bool = False  # a replay of a game played at an online table (its file says so)

    @property
    def is_autosave(self) -> bool:
        return self.kind == AUTOSAVE

    @property
    def sort_time(self) -> float:
        """``saved_at`` as seconds for ordering the list; 0 for a time the clock cannot
        express (display-only: it never decides whether a game loads)."""
        return sort_time(self.saved_at)

    @property
    def has_thumbnail(self) -> bool:
        return self.thumbnail is not None
