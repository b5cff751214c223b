"""The last games played here, kept to be replayed: each finished game's save (setup
and log; the format and checks of every save) in ``replays/`` in the data folder,
``<game>-<date>-<time>-<random>.json``. Only the newest ``KEEP`` are kept; an older one
goes when a new one is written. A damaged one is moved aside like any save. An online
game's record (kept under its table's code) also says ``"online": true``, so the Load list
names it so (a field the save format ignores: older files read as before)."""

from __future__ import annotations

import contextlib
import logging
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from game.persist.paths import Paths
from game.persist.savedgame import SavedGame, SaveSummary
from game.persist.saveformat import save_to_dict
from game.persist.saves import SAVE_SUFFIX, list_folder, write_save
from game.persist.store import copy_aside, dumps, write_json

log = logging.getLogger(__name__)
REPLAY_FOLDER = "replays"
REPLAY = "replay"  # the Load list's kind for a kept replay
KEEP = 50
ONLINE = "online"  # the file's field: the game was played at an online table


def replay_folder(paths: Paths) -> Path:
    return paths.data / REPLAY_FOLDER


def keep_replay(
    paths: Paths,
    saved: SavedGame,
    now: datetime | None = None,
    key: str | None = None,
    online: bool = False,
) -> Path:
    """Keep a finished game for replay (the oldest beyond ``KEEP`` go). Returns its
    file; OSError when the disk refuses (the game itself is not affected). ``key`` names
    a game that may arrive more than once (an online table's code: its record comes at
    the end and again on a rejoin): a game of that key already kept is not kept twice;
    ``online`` marks the file as an online table's game (the Load list says so)."""
    folder = replay_folder(paths)
    key = _file_key(key)
    if key is not None:
        kept = next(iter(sorted(folder.glob(f"*-{key}{SAVE_SUFFIX}"))), None)
        if kept is not None:
            return kept
    path = folder / f"{saved.game_id}-{_stamp(now)}-{key or secrets.token_hex(3)}{SAVE_SUFFIX}"
    if online:  # the save with one field more (every reader of saves ignores it)
        write_json(path, save_to_dict(saved, datetime.now().astimezone()) | {ONLINE: True})
    else:
        write_save(path, saved)
    prune(paths)
    return path


def _file_key(key: str | None) -> str | None:
    """``key`` if it may stand in a file name (letters and digits, as a table code)."""
    ok = key is not None and key.isascii() and key.isalnum() and len(key) <= 20
    return key if ok else None


def _stamp(now: datetime | None) -> str:
    return (now or datetime.now()).strftime("%Y%m%d-%H%M%S")


def keep_damaged_record(paths: Paths, game_id: str, key: str, raw: Any) -> Path | None:
    """An online game's record that does not replay, kept aside in ``replays/damaged/``
    (never lost, never offered); its place, or None when the disk refuses."""
    folder = replay_folder(paths)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        content = dumps(raw)
    except (OSError, ValueError, TypeError):
        return None
    game = game_id if game_id.isascii() and game_id.isidentifier() else "game"
    name = f"{game}-{_stamp(None)}-{_file_key(key) or secrets.token_hex(3)}{SAVE_SUFFIX}"
    return copy_aside(folder / name, content)


def keep_for_replay(
    paths: Paths, saved: SavedGame, key: str | None = None, online: bool = False
) -> Path | None:
    """:func:`keep_replay`, or None when the disk refuses (only the replay is lost)."""
    try:
        return keep_replay(paths, saved, key=key, online=online)
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
