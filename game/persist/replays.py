"""The last games played here, kept to be replayed: each finished game's save (setup
and log; the format and checks of every save) in ``replays/`` in the data folder,
``<game>-<date>-<time>-<random>.json``. Only the newest ``KEEP`` are kept; an older one
goes when a new one is written. A damaged one is moved aside like any save."""

from __future__ import annotations

import contextlib
import logging
import secrets
from datetime import datetime
from pathlib import Path

from game.persist.paths import Paths
from game.persist.savedgame import SavedGame, SaveSummary
from game.persist.saves import SAVE_SUFFIX, list_folder, write_save

log = logging.getLogger(__name__)
REPLAY_FOLDER = "replays"
REPLAY = "replay"  # the Load list's kind for a kept replay
KEEP = 50


def replay_folder(paths: Paths) -> Path:
    return paths.data / REPLAY_FOLDER


def keep_replay(paths: Paths, saved: SavedGame, now: datetime | None = None) -> Path:
    """Keep a finished game for replay (the oldest beyond ``KEEP`` go). Returns its
    file; OSError when the disk refuses (the game itself is not affected)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = replay_folder(paths)
    path = folder / f"{saved.game_id}-{stamp}-{secrets.token_hex(3)}{SAVE_SUFFIX}"
    write_save(path, saved)
    prune(paths)
    return path


def keep_for_replay(paths: Paths, saved: SavedGame) -> Path | None:
    """:func:`keep_replay`, or None when the disk refuses (only the replay is lost)."""
    try:
        return keep_replay(paths, saved)
    except (OSError, ValueError) as error:
        log.warning("the finished game was not kept for replay: %s", error)
        return None


def prune(paths: Paths, keep: int = KEEP) -> None:
    """Remove all but the ``keep`` newest replays (by the time in their names)."""
    try:
        files = sorted(
            (p for p in replay_folder(paths).iterdir() if p.suffix == SAVE_SUFFIX),
            key=lambda p: (p.name.split("-")[1:3], p.name),
        )
    except OSError:
        return
    for old in files[: max(0, len(files) - keep)]:
        with contextlib.suppress(OSError):
            old.unlink()


def list_replays(paths: Paths, messages: list[str] | None = None) -> list[SaveSummary]:
    """The kept replays, newest first (a damaged one moved aside, with a message)."""
    return list_folder(replay_folder(paths), REPLAY, messages)
