"""The player's settings, kept in ``settings.json`` in the config folder.

Loading never fails: a missing file gives the defaults silently; a damaged file is moved
aside and gives the defaults with a message; a single bad value falls back to its
default with a message naming it, and every other value is kept. Unknown keys (from a
newer version) are ignored so the newer version's file still opens here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import locale
import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.game import TableSetting
from game.games.registry import GAMES
from game.persist.paths import Paths
from game.persist.store import write_json
from game.persist.texts import is_shown_text
from game.persist.validated import WrongShape, load_validated

log = logging.getLogger(__name__)

LANGUAGES = ("en", "ja")
CARD_BACKS = ("red", "blue", "green")
SETTINGS_FORMAT = 1
MAX_SETTINGS_BYTES = 64 * 1024
WINDOW_MIN = (640, 400)  # the smallest window the table lays out in
WINDOW_MAX = 16384
POSITION_LIMIT = 100_000  # monitors left of or above the main one give negative positions
MAX_ONLINE_NAME = 40  # the table server accepts names up to this long


@dataclass(frozen=True)
class Settings:
    language: str = "en"  # "en" | "ja"; default from the system locale
    sound: bool = True
    volume: float = 0.8  # 0..1
    animation_speed: float = 1.0  # 0.25..3
    reduce_motion: bool = False
    card_back: str = "red"  # "red" | "blue" | "green"
    four_colour: bool = False
    confirm_end_turn: bool = False
    hard_think_ms: int = 400  # 100..3000, the Hard AI's time budget per decision
    computer_pace: str = "follow"  # "follow" | "fast" | "instant": how computer seats play
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    window_pos: tuple[int, int] | None = None
    online_name: str = ""  # the name friends see at a networked table ("" until typed)
    # the games' own table settings (their manifests declare them) that differ from
    # their defaults: (name, choice) pairs, sorted by name
    tables: tuple[tuple[str, str], ...] = ()

    def table_setting(self, name: str) -> str:
        """The choice of one game's table setting (``TableSetting.name``)."""
        return dict(self.tables).get(name, TABLE_SETTINGS[name].default)

    def with_changes(self, **changes: Any) -> Settings:
        """These settings with some changed by name, a game's table setting too."""
        tables = dict(changes.pop("tables", self.tables))
        for name in [name for name in changes if name in TABLE_SETTINGS]:
            tables[name] = _choice(TABLE_SETTINGS[name].choices)(changes.pop(name))
        return dataclasses.replace(self, **changes, tables=_kept_choices(tables))


COMPUTER_PACES = ("follow", "fast", "instant")


def _table_settings() -> dict[str, TableSetting]:
    return {s.name: s for info in GAMES.values() for s in info.settings}


# Every game's table settings, by name (each game's manifest declares its own).
TABLE_SETTINGS = _table_settings()


def _kept_choices(tables: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The choices that differ from their setting's default, in a stable order."""
    return tuple(sorted((n, c) for n, c in tables.items() if c != TABLE_SETTINGS[n].default))


def system_language(
    environ: Mapping[str, str] | None = None,
    getlocale: Callable[[], tuple[str | None, str | None]] = locale.getlocale,
) -> str:
    """ "ja" when the system speaks Japanese, else "en" (the only two we ship)."""
    environ = os.environ if environ is None else environ
    # gettext's order: LANGUAGE (its first choice), LC_ALL, LC_MESSAGES, LANG; then the
    # locale Python found at start-up (how Windows and macOS apps learn the language).
    candidates = environ.get("LANGUAGE", "").split(":")[:1]
    candidates += [environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError, TypeError):
        candidates.append(getlocale()[0] or "")
    for name in candidates:
        lowered = name.lower()
        if not lowered or lowered in ("c", "posix") or lowered.startswith("c."):
            continue
        return "ja" if lowered.startswith(("ja", "japanese")) else "en"
    return "en"


def default_settings() -> Settings:
    """The defaults, with the language taken from the system locale."""
    return Settings(language=system_language())


# --- validation: one checker per field, each returning the clean value or raising ValueError


def _choice(allowed: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        return str(value)

    return check


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def _number(low: float, high: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("must be a number")
        if not math.isfinite(value) or not low <= value <= high:
            raise ValueError(f"must lie between {low:g} and {high:g}")
        return float(value)

    return check


def _whole(low: int, high: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("must be a whole number")
        if not low <= value <= high:
            raise ValueError(f"must lie between {low} and {high}")
        return value

    return check


def _pair(low: tuple[int, int], high: int) -> Callable[[Any], tuple[int, int]]:
    def check(value: Any) -> tuple[int, int]:
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            raise ValueError("must be two whole numbers")
        if not all(lo <= v <= high for lo, v in zip(low, value)):
            raise ValueError(f"must lie between {low[0]}x{low[1]} and {high}x{high}")
        return (value[0], value[1])

    return check


def _name(value: Any) -> str:
    if value == "" or is_shown_text(value, MAX_ONLINE_NAME):  # a Japanese space is fine
        return str(value)
    raise ValueError(f"must be a printable name of at most {MAX_ONLINE_NAME} characters")


def _position(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    return _pair((-POSITION_LIMIT, -POSITION_LIMIT), POSITION_LIMIT)(value)


CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _choice(LANGUAGES),
    "sound": _flag,
    "volume": _number(0.0, 1.0),
    "animation_speed": _number(0.25, 3.0),
    "reduce_motion": _flag,
    "card_back": _choice(CARD_BACKS),
    "four_colour": _flag,
    "confirm_end_turn": _flag,
    "hard_think_ms": _whole(100, 3000),
    "computer_pace": _choice(COMPUTER_PACES),
    "fullscreen": _flag,
    "window_size": _pair(WINDOW_MIN, WINDOW_MAX),
    "window_pos": _position,
    "online_name": _name,
}
assert set(CHECKS) == {f.name for f in dataclasses.fields(Settings)} - {"tables"}


def settings_from_dict(data: Any, defaults: Settings) -> tuple[Settings, list[str]]:
    """Settings from a parsed file: each bad value falls back to its default with a
    message; missing values take the default silently (a file from an older version).
    Raises WrongShape when ``data`` is not a settings object at all."""
    if not isinstance(data, dict):
        raise WrongShape("it does not hold settings")
    values: dict[str, Any] = {}
    messages = []
    checks = {**CHECKS, **{n: _choice(s.choices) for n, s in TABLE_SETTINGS.items()}}
    for name, check in checks.items():
        if name not in data:
            continue
        try:
            values[name] = check(data[name])
        except ValueError as problem:
            default = getattr(defaults, name) if name in CHECKS else defaults.table_setting(name)
            messages.append(
                f"The setting {name!r} {problem}; it was reset to its default ({default!r})."
            )
    return defaults.with_changes(**values), messages


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = {"format": SETTINGS_FORMAT}
    for name in CHECKS:
        value = getattr(settings, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    for name in TABLE_SETTINGS:  # each at the top level, as the file always kept them
        data[name] = settings.table_setting(name)
    return data


def load_settings(paths: Paths) -> tuple[Settings, list[str]]:
    """The saved settings and messages for the player (empty when all was well)."""
    defaults = default_settings()
    return load_validated(
        paths.settings_file,
        "settings",
        MAX_SETTINGS_BYTES,
        defaults,
        lambda data: settings_from_dict(data, defaults),
        settings_to_dict,
    )


def save_settings(paths: Paths, settings: Settings) -> None:
    """Write the settings atomically. A value no file should hold (a bug in the caller)
    is written as its default, with a warning in the log, so that the other settings are
    still kept. Raises OSError when the disk refuses (the previous file is then intact)."""
    clean, problems = settings_from_dict(settings_to_dict(settings), Settings())
    for problem in problems:
        log.warning("saving settings: %s", problem)
    write_json(paths.settings_file, settings_to_dict(clean), indent=2)
