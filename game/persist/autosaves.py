"""One autosave per game in progress, so that starting another game never costs one.

Each table writes its own file in the ``autosaves/`` folder beside the named slots,
``<game id>-<date>-<time>-<random>.json``, after every move; the file goes when its game
ends (the table records the statistics first). A finished game's autosave that is still
there (the app closed at the last move) is retired at the next scan: recorded in the
statistics by the app, then deleted, never offered as Continue.

The single ``autosave.json`` of earlier versions is moved into the folder under a name
of its own on the first scan, so an old game in progress becomes one like any other.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game.persist.paths import Paths, resolved
from game.persist.savedgame import AUTOSAVE, SavedGame, SaveSummary
from game.persist.saveformat import file_time
from game.persist.saves import AUTOSAVE_FOLDER, UNKNOWN_TIME, list_folder, open_save
from game.persist.store import DAMAGED_FOLDER, remove_stale_temps_in

LEGACY_AUTOSAVE = "autosave.json"  # the one autosave of versions before 0.2


def autosave_folder(paths: Paths) -> Path:
    return paths.saves / AUTOSAVE_FOLDER


def new_autosave_path(paths: Paths, game_id: str, now: datetime | None = None) -> Path:
    """A file name no other game uses (nothing is written until the first move)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = autosave_folder(paths)
    while True:
        path = folder / f"{game_id}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


def migrate_legacy_autosave(paths: Paths) -> Path | None:
    """Move the old single ``autosave.json`` into the autosaves folder (never over
    another file); returns its new place, or None when there was none to move."""
    old = paths.saves / LEGACY_AUTOSAVE
    if not old.is_file():
        return None
    try:
        new = _migrated_path(paths, old)
        new.parent.mkdir(parents=True, exist_ok=True)
        if not _same_file(old, new):  # else a kill came between linking and unlinking
            os.link(old, new)  # fails rather than overwrite
        old.unlink()
    except OSError:
        return None  # a read-only folder: the old file stays and is listed where it is
    return new


def _migrated_path(paths: Paths, old: Path) -> Path:
    """The old autosave's one new name, the same at every try, so that a migration
    killed halfway is finished by the next one rather than done twice."""
    info = old.stat()
    stamp = (file_time(info.st_mtime) or UNKNOWN_TIME).strftime("%Y%m%d-%H%M%S")
    return autosave_folder(paths) / f"earlier-{stamp}-{info.st_ino % 16**6:06x}.json"


def _same_file(old: Path, new: Path) -> bool:
    try:
        return os.path.samefile(old, new)
    except OSError:
        return False


def has_autosave(paths: Paths) -> bool:
    """Whether any game in progress is kept (cheap: no file is read)."""
    if (paths.saves / LEGACY_AUTOSAVE).is_file():
        return True
    try:
        return any(p.suffix == ".json" and p.is_file() for p in autosave_folder(paths).iterdir())
    except OSError:
        return False


def signature(paths: Paths) -> tuple:
    """What the folder holds, by name, size and time (a few stat calls): equal
    signatures mean a scan would find the same, so the title need not read every file
    again each time it is shown."""
    entries = []
    for folder in (autosave_folder(paths), paths.saves):
        try:
            for entry in os.scandir(folder):
                if entry.name.endswith(".json") and (
                    folder != paths.saves or entry.name == LEGACY_AUTOSAVE
                ):
                    info = entry.stat()
                    entries.append((folder.name, entry.name, info.st_size, info.st_mtime_ns))
        except OSError:
            continue
    return tuple(sorted(entries))


@dataclass(frozen=True)
class FinishedGame:
    """A finished game's autosave left behind: to count, then to delete."""

    path: Path
    saved: SavedGame

    @property
    def name(self) -> str:
        """The game's own name in the statistics (which count a name only once)."""
        return self.path.name


@dataclass
class Scan:
    """What :func:`scan_autosaves` found."""

    unfinished: list[SaveSummary] = field(default_factory=list)  # newest first
    finished: list[FinishedGame] = field(default_factory=list)  # for the statistics
    messages: list[str] = field(default_factory=list)  # damaged files moved aside


def scan_autosaves(paths: Paths) -> Scan:
    """Every game in progress, newest first. A damaged autosave is moved aside (with a
    message); a finished one is returned in ``finished`` and left on disk: the app
    counts it in the statistics (by its name, so only once) and, once the statistics are
    written, removes it with :func:`retire_finished`. In that order a kill at any point
    neither loses the game's result nor counts it twice. Temporary files left by
    interrupted writes are removed on the way."""
    scan = Scan()
    migrate_legacy_autosave(paths)
    folders = [autosave_folder(paths)]
    if (paths.saves / LEGACY_AUTOSAVE).is_file():  # could not be migrated (read-only)
        folders.append(paths.saves)
    for folder in (autosave_folder(paths), paths.saves):
        remove_stale_temps_in(folder)
    for folder in folders:
        only = None if folder == folders[0] else {LEGACY_AUTOSAVE}
        for summary in list_folder(folder, AUTOSAVE, scan.messages, only=only):
            if summary.finished is False:
                scan.unfinished.append(summary)
                continue
            saved, messages = open_save(paths, summary.path)
            scan.messages += messages
            if saved is None:
                continue
            if not saved.state.finished:
                scan.unfinished.append(summary)  # an older file without the flag
            else:
                scan.finished.append(FinishedGame(summary.path, saved))
    scan.unfinished.sort(key=lambda s: (s.sort_time, s.path.name), reverse=True)
    return scan


def retire_finished(finished: list[FinishedGame]) -> None:
    """Delete the finished games' files (their results are in the statistics on disk)."""
    for game in finished:
        clear_autosave(game.path)


def clear_autosave(path: Path) -> None:
    """Forget one game's autosave (its game has ended and the statistics are kept)."""
    with contextlib.suppress(OSError):
        path.unlink()


def in_autosaves(paths: Paths, path: Path) -> bool:
    """Whether ``path`` is one of the games in progress (Continue keeps writing to it)."""
    where = resolved(path)
    if where is None:
        return False
    parent = where.parent
    if path.name == LEGACY_AUTOSAVE and parent == resolved(paths.saves):
        return True
    return parent == resolved(autosave_folder(paths)) and parent.name != DAMAGED_FOLDER
