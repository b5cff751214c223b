"""Statistics per game and opponent level, kept in ``statistics.json`` in the data folder.

A record counts the human player's games: played, won, the best score and the sum of
scores (for the average). "Best" follows the game's scoring: the lowest penalty for the
rummies, the highest chips or balance otherwise. Loading never fails: a bad record is
dropped with a message and the others are kept; a damaged file is moved aside.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.persist.paths import Paths
from game.persist.store import write_json
from game.persist.validated import WrongShape, load_validated

ONLINE = "online"  # a networked game, counted on each player's own computer apart
LEVELS = ("easy", "normal", "hard", "mixed", "humans", ONLINE)


def online_game_name(code: str, seat: int, moves: int) -> str:
    """The name an online game is counted under: its table, this seat and its last move
    number, the same however often the finished table is opened again (a rejoin, a
    Continue), and another for a later game at the same code."""
    return f"online-{code}-{seat}-{moves}"


def stats_key(game_id: str, variant: str = "") -> str:
    """Where a game's records are kept: a variant whose scores mean something else (an
    Indian Rummy format: pool scores, chips) has records of its own, ``<game>_<variant>``."""
    return f"{game_id}_{variant}" if variant else game_id


def variant_of(options: Any) -> str:
    """The statistics variant a game's options name (``stats_variant``), "" for none."""
    variant = getattr(options, "stats_variant", "")
    return variant if isinstance(variant, str) else ""


STATS_FORMAT = 1
MAX_STATS_BYTES = 2 * 1024 * 1024
MAX_COUNT = 10**9  # more games than anyone plays
MAX_SCORE = 10**12
MAX_GAME_ID = 40
MAX_COUNTED = 200  # names of counted games kept: far more than are ever left unretired
COUNTED_NAME = re.compile(r"[A-Za-z0-9_.-]{1,120}")
GAME_ID = re.compile(rf"[a-z0-9_]{{1,{MAX_GAME_ID}}}")


@dataclass(frozen=True)
class Record:
    played: int = 0
    won: int = 0
    best: int | None = None  # best score (lowest penalty for rummies, highest chips/balance)
    total: int = 0  # sum of scores, for the average

    @property
    def win_rate(self) -> float:
        """Fraction of games won, 0.0 when none was played (check ``played`` to show "-")."""
        return self.won / self.played if self.played else 0.0

    @property
    def average(self) -> float:
        """Mean score, 0.0 when none was played."""
        return self.total / self.played if self.played else 0.0


@dataclass(frozen=True)
class Statistics:
    # (game_id, level) -> Record; treat as read-only: ``recorded`` returns a new object.
    records: Mapping[tuple[str, str], Record] = field(default_factory=dict)
    # The games already counted, by their own name (the autosave's file name), newest
    # last: counting the same game again (a kill between writing these and removing the
    # finished game's file) changes nothing.
    counted: tuple[str, ...] = ()

    def get(self, game_id: str, level: str) -> Record:
        return self.records.get((game_id, level), Record())

    def has_counted(self, game: str) -> bool:
        return bool(game) and game in self.counted

    def recorded(
        self,
        game_id: str,
        level: str,
        won: bool,
        score: int,
        lower_is_better: bool,
        game: str = "",
    ) -> Statistics:
        """These statistics with one more finished game; unchanged when ``game`` (its
        own name) was counted already."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
        if self.has_counted(game):
            return self
        old = self.get(game_id, level)
        if old.best is None:
            best = score
        else:
            best = min(old.best, score) if lower_is_better else max(old.best, score)
        new = Record(old.played + 1, old.won + int(won), best, old.total + score)
        counted = (*self.counted, game)[-MAX_COUNTED:] if game else self.counted
        return Statistics({**self.records, (game_id, level): new}, counted)


def level_of(opponents: Iterable[str]) -> str:
    """The statistics level of a game from its other seats' kinds ("human" or an AI
    level): the AI level when all AIs share one, "mixed" for several, "humans" for none."""
    levels = {kind for kind in opponents if kind != "human"}
    if not levels:
        return "humans"
    if len(levels) == 1:
        (level,) = levels
        return level if level in LEVELS else "mixed"
    return "mixed"


def _whole(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError
    return value


def _record_from(item: Any) -> tuple[tuple[str, str], Record]:
    """One record from the file; ValueError when anything about it is wrong."""
    if not isinstance(item, dict):
        raise ValueError
    game_id, level = item.get("game"), item.get("level")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ValueError  # game ids are ours: a lone surrogate here once broke every write
    if level not in LEVELS:
        raise ValueError
    played = _whole(item.get("played", 0), 0, MAX_COUNT)
    won = _whole(item.get("won", 0), 0, played)
    best = item.get("best")
    if best is not None:
        best = _whole(best, -MAX_SCORE, MAX_SCORE)
    total = _whole(item.get("total", 0), -MAX_SCORE * MAX_COUNT, MAX_SCORE * MAX_COUNT)
    if played == 0 and (best is not None or total != 0):
        raise ValueError
    return (game_id, level), Record(played, won, best, total)


def stats_from_dict(data: Any) -> tuple[Statistics, list[str]]:
    """Statistics from a parsed file: a bad record is left out with a message. Raises
    WrongShape when ``data`` holds no records at all."""
    records = data.get("records") if isinstance(data, dict) else None
    if not isinstance(records, list):
        raise WrongShape("it holds no records")
    kept: dict[tuple[str, str], Record] = {}
    dropped = 0
    for item in records:
        try:
            key, record = _record_from(item)
        except ValueError:
            dropped += 1
            continue
        kept[key] = record
    names = data.get("counted", [])
    counted = tuple(
        name
        for name in (names if isinstance(names, list) else [])[-MAX_COUNTED:]
        if isinstance(name, str) and COUNTED_NAME.fullmatch(name)
    )
    messages = []
    if dropped:
        plural = "record was" if dropped == 1 else "records were"
        messages.append(f"{dropped} statistics {plural} damaged and left out; the others are kept.")
    return Statistics(kept, counted), messages


def stats_to_dict(stats: Statistics) -> dict[str, Any]:
    records = [
        {"game": game_id, "level": level, **dataclasses.asdict(record)}
        for (game_id, level), record in sorted(stats.records.items())
    ]
    return {"format": STATS_FORMAT, "records": records, "counted": list(stats.counted)}


def load_stats(paths: Paths) -> tuple[Statistics, list[str]]:
    """The saved statistics and messages for the player (empty when all was well)."""
    return load_validated(
        paths.statistics_file,
        "statistics",
        MAX_STATS_BYTES,
        Statistics(),
        stats_from_dict,
        stats_to_dict,
    )


def save_stats(paths: Paths, stats: Statistics) -> None:
    """Write atomically; raises OSError when the disk refuses (the old file is intact)."""
    write_json(paths.statistics_file, stats_to_dict(stats), indent=1)
