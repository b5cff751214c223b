"""Upgrading saves written by older versions, one explicit step per format version.

``MIGRATIONS[n]`` turns a format-``n`` save into a format-``n + 1`` save; ``upgrade``
applies the steps in order, so a save from any older version reaches the current format.
A step works on the parsed JSON (plain dicts and lists), checks what it reads, and raises
ValueError with a reason a player can read. A save from a newer version is refused with a
message saying so: guessing at a newer format could misread the game.

Format 0 is the pre-release layout (never shipped; kept to exercise this mechanism and
as the model for future steps):
``{"version": 0, "game_id", "options", "seed", "players": [names], "ai": [level or
null per seat], "moves": [actions], "state": snapshot, "saved": ISO time}``.

Format 2 (issue 27's rule changes) reads Indian Rummy's Pool and Deals games as they were
played: the rules changed under the same format 1 (a printed joker turned up made only
the jokers wild; Deals gave 80 chips a player; a pool split by points left), so a
format-1 Pool or Deals save gets those readings written into its options
(``joker_indicator=jokers``, the legacy ``pool_split=points`` / ``deals_chips=a_player``).
Format-1 files written in the few hours between those rule changes and format 2 hold
games played by the new rules: their options as written are kept as the second reading
(``OTHER_READINGS``), tried when the moves do not replay to the saved position under the
first. Every reading must still replay through the rules to the saved position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CURRENT_FORMAT = 2
# Options to try, in order, when the moves do not replay to the position under the
# upgraded options: set only by a step here, never taken from a file.
OTHER_READINGS = "other_option_readings"
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def format_of(data: dict[str, Any]) -> int:
    """The format version a parsed save declares; ValueError when it declares none."""
    if "format" in data:
        version = data["format"]
    elif data.get("version") == 0:  # format 0 called its version "version"
        version = 0
    else:
        raise ValueError("it does not say which save format it uses")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ValueError("its save format version is not a valid number")
    return version


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    names, levels = data.get("players"), data.get("ai")
    if not isinstance(names, list) or not isinstance(levels, list) or len(names) != len(levels):
        raise ValueError("its players and AI levels (format 0) do not match up")
    seats = [
        {"name": name, "kind": "human" if level is None else level}
        for name, level in zip(names, levels)
    ]
    state = data.get("state")
    deal = state.get("deal") if isinstance(state, dict) else None
    return {
        "format": 1,
        "app_version": "0 (format 0, upgraded)",
        "game": data.get("game_id"),
        "options": data.get("options"),
        "seed": data.get("seed"),
        "seats": seats,
        "log": data.get("moves"),
        "snapshot": state,
        "saved_at": data.get("saved"),
        "summary": {"players": names, "deal": deal, "to_act": None},
    }


def _legacy_indian_rummy(options: dict[str, Any]) -> dict[str, Any]:
    """A format-1 Pool or Deals game's options with the rules it was played by before
    issue 27 (options left out of a file hold their defaults, so only what is missing is
    filled in: a choice written in the file stays)."""
    fmt = options.get("format")
    legacy = dict(options)
    if not isinstance(fmt, str) or not fmt.startswith(("pool_", "deals_")):
        return legacy  # Points played as it still plays
    legacy.setdefault("joker_indicator", "jokers")  # the old default: aces never wild
    if fmt.startswith("pool_"):
        legacy.setdefault("pool_split", "points")
    else:
        legacy.setdefault("deals_chips", "a_player")
    return legacy


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    options, snapshot = data.get("options"), data.get("snapshot")
    upgraded = {**data, "format": 2}
    if data.get("game") != "indian_rummy" or not isinstance(options, dict):
        return upgraded
    legacy = _legacy_indian_rummy(options)
    if legacy == options:
        return upgraded
    upgraded["options"] = legacy
    if isinstance(snapshot, dict) and isinstance(snapshot.get("options"), dict):
        # the state holds its options: the replayed state holds the readings too
        upgraded["snapshot"] = {**snapshot, "options": _legacy_indian_rummy(snapshot["options"])}
    upgraded[OTHER_READINGS] = [{"options": options, "snapshot": snapshot}]
    return upgraded


MIGRATIONS: dict[int, Migration] = {0: _v0_to_v1, 1: _v1_to_v2}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` brought to CURRENT_FORMAT, step by step; ValueError for a newer format or
    one that cannot be upgraded."""
    version = format_of(data)
    if version >= CURRENT_FORMAT and OTHER_READINGS in data:  # a file cannot choose them
        data = {key: value for key, value in data.items() if key != OTHER_READINGS}
    if version > CURRENT_FORMAT:
        app = data.get("app_version")
        made_by = f" {app}" if isinstance(app, str) and len(app) <= 40 else ""
        raise ValueError(
            f"it was saved by a newer version of Card Parlour{made_by} (save format "
            f"{version}); this version reads formats up to {CURRENT_FORMAT}, so update "
            "Card Parlour to open it"
        )
    while version < CURRENT_FORMAT:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ValueError(f"save format {version} is too old to upgrade")
        data = step(data)
        if format_of(data) <= version:
            raise ValueError(f"upgrading save format {version} went wrong")
        version = format_of(data)
    return data
