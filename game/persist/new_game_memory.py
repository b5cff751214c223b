"""The new-game screen's last choices, kept between runs for every game alike in
``new_game.json`` in the config folder: players, seats (typed names and kinds) and
rule options. The seed is not kept (it would deal the same cards again).

Reading never fails: a missing, unreadable or damaged file gives nothing, and a game's
entry that does not fit the game any more (an option renamed, a value out of range, a
combination the rules refuse) is ignored, so the screen shows the defaults instead.
"""

from __future__ import annotations

import logging
from typing import Any

from game.persist.paths import Paths
from game.persist.store import StoreError, read_json, write_json
from game.persist.texts import is_shown_text

log = logging.getLogger(__name__)

FILE = "new_game.json"
MAX_BYTES = 64 * 1024
MAX_TEXT = 40  # a typed name longer than this is not one the screen wrote


def load_all(paths: Paths) -> dict[str, Any]:
    try:
        data = read_json(paths.config / FILE, MAX_BYTES)
    except (FileNotFoundError, StoreError, OSError):
        return {}
    return data if isinstance(data, dict) else {}


def save_one(paths: Paths, game_id: str, entry: dict[str, Any]) -> None:
    data = load_all(paths)
    data[game_id] = entry
    try:
        write_json(paths.config / FILE, data)
    except OSError as error:  # the game starts all the same; only the memory is lost
        log.warning("new-game choices not kept: %s", error)


def clean_name(value: Any) -> str | None:
    """A typed seat name as read back, or None when it is not one the screen could have
    written (so nothing odd from a file ever reaches the screen)."""
    return value if value == "" or is_shown_text(value, MAX_TEXT) else None
